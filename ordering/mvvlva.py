"""MVV-LVA: captures first, the most valuable victim first and, among equal victims, the least
valuable attacker first; promotions count the promoted piece. Quiet moves score 0.

Seed: the classic capture ordering the guard heuristic pairs with "capture-first-if-target-safe"
(Ke and Parng 1993, the Chessprogramming wiki's "Guard Heuristic"). Values are the variant's
piece values.
What it is worth, measured: docs/search.md, "What the ordering is worth", and
docs/lab.md (each heuristic alone).
"""

from __future__ import annotations

from xqchess.core.search.captures import victim_first
from xqchess.ordering.heuristic import Heuristic


class MvvLva(Heuristic):
    name = "mvvlva"
    quiet_ceiling = 0  # quiet moves score 0, every capture above

    def score(self, node, moves):
        pos = node.pos
        return [victim_first(pos, move) for move in moves]
