"""Captures first, by material difference: the capture that gains most over what its capturer
is worth first (a pawn taking a knight before a queen taking a rook), the royal piece's
captures last; moves that capture nothing score 0, below every capture.

Seed: Greer 2000, "Chessmaps: a move-ordering heuristic" (section 4): "Capture moves are
ordered on the material difference between the capturing and the captured piece, with the
greatest material difference in favour of the capturing side being ordered first"; his
strategy 4 in Table 4 "firstly extracted capture moves, which were ordered first and then
ordered the remaining moves using the history heuristic" (spec ``difference,history:seed``).
The values are the chessmaps ones (`core.search.captures.material_difference`, the order Table 3's
quiescence gives its captures); a capture that also promotes counts the promoted piece, and a
promotion that captures nothing is not a capture here (the history orders it).
"""

from __future__ import annotations

from xqchess.core.moves import is_capture
from xqchess.core.search.captures import material_difference
from xqchess.ordering.heuristic import Heuristic


class MaterialDifference(Heuristic):
    name = "difference"
    quiet_ceiling = 0  # quiet moves score 0, every capture above

    def __init__(self, variant) -> None:
        super().__init__(variant)
        #: added to a capture's difference so that the worst (the royal piece taking the least
        #: valuable piece) still scores above 0
        self.offset = variant.chessmaps_values.royal_exchange_value

    def score(self, node, moves):
        pos, offset = node.pos, self.offset
        return [
            material_difference(pos, move) + offset if is_capture(pos, move) else 0
            for move in moves
        ]
