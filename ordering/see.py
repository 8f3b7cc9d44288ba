"""Static exchange evaluation ordering: captures that win material first, even trades next,
then quiet moves, losing captures last.

Seed: SEE as the guard heuristic's and Greer's "safe capture" test (a capture is safe when
the exchange it starts does not lose material); the exchange is the kernel's `core.see.see`,
with x-ray attackers and cannon screens from the variant's attacker lists.
What it is worth, measured: docs/search.md, "What the ordering is worth", and
docs/lab.md (each heuristic alone).
"""

from __future__ import annotations

from xqchess.core.moves import SIDE_CAPTURE, SPECIAL_SHIFT, SQUARE_BITS, SQUARE_MASK
from xqchess.core.position import Position
from xqchess.core.see import see
from xqchess.ordering.heuristic import Heuristic


def exchange_scores(pos: Position, moves: list[int], known: dict[int, int]) -> list[int]:
    """Per move of ``moves``: a capture's exchange score, 2 * SEE + 1 when it wins or trades
    evenly and 2 * SEE when it loses (taken from ``known`` and kept there), else 0 (a module
    function, which the compiled kernel types, kernel.py)."""
    board = pos.board
    scores = [0] * len(moves)  # made at its size: no list growth per move
    for i, move in enumerate(moves):
        # `core.moves.is_capture` written out: no call per move
        if board[move >> SQUARE_BITS & SQUARE_MASK] or move >> SPECIAL_SHIFT == SIDE_CAPTURE:
            score = known.get(move)
            if score is None:
                gain = see(pos, move)
                score = known[move] = 2 * gain + 1 if gain >= 0 else 2 * gain
            scores[i] = score
    return scores


class StaticExchange(Heuristic):
    name = "see"
    quiet_ceiling = 0  # winning captures and even trades above the quiet moves' 0

    def score(self, node, moves):
        # each capture's score kept for the node: staged picking scores the captures that
        # lose material again with the quiet moves
        known = node.cache.get(self.name)
        if known is None:
            known = node.cache[self.name] = {}
        return exchange_scores(node.pos, moves, known)
