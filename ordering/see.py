"""Static exchange evaluation ordering: captures that win material first, even trades next,
then quiet moves, losing captures last.

Seed: SEE as the guard heuristic's and Greer's "safe capture" test (a capture is safe when
the exchange it starts does not lose material); the exchange is the kernel's `core.see.see`,
with x-ray attackers and cannon screens from the variant's attacker lists.
Measured with `xqchess lab chess|xiangqi --depth 4` (24 suite positions each): the default
pipeline, with hash and SEE in MVV-LVA's place, reaches fail-high-first 94.8% (chess) and 92.1%
(xiangqi) against 72% and searches 0.065 and 0.054 of generation order's nodes against 0.106 and
0.078, mostly because losing captures no longer go first. Alone (6 positions, depth 3) SEE
searches 27% (chess) and 40% (xiangqi) of generation order's nodes against MVV-LVA's 33% and
42%.
"""

from __future__ import annotations

from xqchess.core.moves import is_capture
from xqchess.core.see import see
from xqchess.ordering.heuristic import Heuristic


class StaticExchange(Heuristic):
    name = "see"

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
