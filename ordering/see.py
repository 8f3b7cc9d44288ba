"""Static exchange evaluation ordering: captures that win material first, even trades next,
then quiet moves, losing captures last.

Seed: SEE as the guard heuristic's and Greer's "safe capture" test (a capture is safe when
the exchange it starts does not lose material); the exchange is the kernel's `core.see.see`,
with x-ray attackers and cannon screens from the variant's attacker lists.
Measured (2026-11-23) with `xqchess lab --depth 4` (24 suite positions per game): the default
pipeline, with hash and SEE in MVV-LVA's place, reaches fail-high-first 94.5% (chess) and 92.0%
(xiangqi) against 72% and searches 0.085 and 0.065 of generation order's nodes against 0.134 and
0.095, mostly because losing captures no longer go first. Alone (`--depth 3 --positions 6`) SEE
searches 36% (chess) and 35% (xiangqi) of generation order's nodes against MVV-LVA's 47% and
35%.
"""

from __future__ import annotations

from xqchess.core.moves import is_capture
from xqchess.core.see import see
from xqchess.ordering.heuristic import Heuristic


class StaticExchange(Heuristic):
    name = "see"
    quiet_ceiling = 0  # winning captures and even trades above the quiet moves' 0

    def score(self, node, moves):
        pos = node.pos
        scores = []
        for move in moves:
            if is_capture(pos, move):
                gain = see(pos, move)
                scores.append(2 * gain + 1 if gain >= 0 else 2 * gain)
            else:
                scores.append(0)
        return scores
