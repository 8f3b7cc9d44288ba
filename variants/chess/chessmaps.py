"""Chess values of Greer's chessmaps heuristic: Table A.1 of Kieran Greer 2000,
"Computer chess move-ordering schemes using move influence", used as they stand.

    pawn 10, knight 29, bishop1 30, bishop2 31, rook1 49, rook2 50, queen 90,
    king 40 in the valueboard (as an attacker or occupant) and 200 in capture sequences.

Bishop1 is the dark-squared bishop and bishop2 the light-squared one, so a bishop's value
follows from its square. Which rook is which a FEN cannot say (the paper names them by their
starting squares); the rule here is the one that reproduces the paper's own figures: the rook
nearest the a-file is worth 50 and the other 49 (on one file, the rook nearer its own back
rank first; a third rook, from a promotion, 49 too). In the Fig. A.1 position (Korchnoi-
Kasparov) the rooks stand on a1 and f1 (a8 and f8), and Figs. A.3 and A.4 give the a1 rook 50:
after Rc1 the a-file squares it left each lose exactly 50 and c2 and c3 gain 50. The table's
caption would call the a1 rook rook1 (49); the figures' numbers, not the caption, are what the
valueboard must reproduce, so the figures decide.

Sliders for the closeness heuristic (section 4): bishops along diagonals, rooks along ranks and
files, the queen along both.
"""

from xqchess.core.variant import BY_FILE, BY_SQUARE_COLOR, ChessmapsValues
from xqchess.variants.families.chess_family.definition import (
    BISHOP,
    DIAGONAL,
    KING,
    KNIGHT,
    ORTHOGONAL,
    PAWN,
    QUEEN,
    ROOK,
)

#: Table A.1. Bishops in square-color order (dark 30, light 31); rooks in file order (50, 49).
CHESSMAPS_VALUES = ChessmapsValues(
    values={
        PAWN: (10,),
        KNIGHT: (29,),
        BISHOP: (30, 31),
        ROOK: (50, 49),
        QUEEN: (90,),
        KING: (40,),
    },
    pair_order={BISHOP: BY_SQUARE_COLOR, ROOK: BY_FILE},
    royal_exchange_value=200,
    slider_directions={BISHOP: DIAGONAL, ROOK: ORTHOGONAL, QUEEN: ORTHOGONAL + DIAGONAL},
)
