"""Greer's safe/unsafe split: moves that lose no material on their target square first, the
rest after; nothing else is ordered (later heuristics in the spec order within each group).

Seed: Kieran Greer 2000, "Computer chess move-ordering schemes using move influence", section 4:
"a safe move does not result in loss of material on the square that the piece is moved to and an
unsafe move does"; in section 5 (Table 3) "the moves are only divided into safe and unsafe and
then ordered by" each strategy's own ordering. Safety is the kernel's static exchange evaluation
of the move (captures and quiet moves alike: the exchange that may follow on the target square),
safe when it does not lose material. The `greer-table3` lab preset puts it before history.

What it is worth, measured: docs/lab.md (each heuristic alone; Greer's Table 3).
"""

from __future__ import annotations

from xqchess.core.see import see
from xqchess.ordering.heuristic import Heuristic

SAFE, UNSAFE = 1, 0


class SafeFirst(Heuristic):
    name = "safe"

    def score(self, node, moves):
        pos = node.pos
        return [SAFE if see(pos, move) >= 0 else UNSAFE for move in moves]
