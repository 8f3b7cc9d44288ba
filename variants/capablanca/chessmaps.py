"""Capablanca chess values of Greer's chessmaps heuristic.

Greer's Table A.1 (../shared/seeds/greer-2000-chessmaps-move-influence.txt) has no archbishop
or chancellor. Its values are the pieces' material in tenths of a pawn (pawn 10, knight 29,
bishops 30/31, rooks 49/50, queen 90), the pieces of a pair one apart so that the valueboard
tells them apart. By that rule the archbishop (850, `tables`) is 85 and the chancellor (875)
87; each side starts with one of each, so neither needs a pair's second value. Chess's values
and pairing rules (`variants.chess.chessmaps`) are kept for the other pieces.

Sliders for the closeness heuristic: the archbishop along diagonals, the chancellor along ranks
and files (their knight jumps are scored as a knight's are).
"""

from xqchess.core.variant import ChessmapsValues
from xqchess.variants.chess.board import DIAGONAL, ORTHOGONAL
from xqchess.variants.chess.chessmaps import CHESSMAPS_VALUES as CHESS
from xqchess.variants.capablanca.pieces import ARCHBISHOP, CHANCELLOR

CHESSMAPS_VALUES = ChessmapsValues(
    values={**CHESS.values, ARCHBISHOP: (85,), CHANCELLOR: (87,)},
    pair_order=dict(CHESS.pair_order),
    royal_exchange_value=CHESS.royal_exchange_value,
    slider_directions={**CHESS.slider_directions, ARCHBISHOP: DIAGONAL,
                       CHANCELLOR: ORTHOGONAL},
)
