"""Xiangqi values of Greer's chessmaps heuristic, in the spirit of his chess Table A.1 (Greer
2000, "Computer chess move-ordering schemes using move influence"): a soldier is 10, like the
chess pawn, and the other pieces are their usual material worth on that scale (the kernel's
`tables.PIECE_VALUES` divided by ten: advisor and elephant 2 soldiers, horse 4, cannon 4.5,
chariot 9), with the same two devices as the paper:

* The two pieces of every pair differ by one (advisors 20/19, elephants 22/21, horses 40/39,
  cannons 45/44, chariots 90/89), as Greer's bishops and rooks do, so that a move of one piece
  of a pair never leaves the valueboard as a move of the other would. In xiangqi every pair
  needs it: the chariots, cannons and horses trade lines and points as rooks do, the two
  advisors share the palace centre and the two elephants share the elephant point before the
  general. Pieces are told apart by file (the one nearer the a-file first; on one file, the
  one nearer its own side first); the five soldiers are alike, as the eight pawns are.
  Advisors and elephants, both worth two soldiers, get distinct values (the elephant, which
  covers more points, the higher) as Greer gives the knight 29 and the bishops 30 and 31.
* The general is small as an attacker and large in capture sequences, as the king is (40 and
  200). As an attacker it is worth what an advisor is, 20: like the advisor it steps one point
  inside the palace and attacks at most four points. In capture sequences it is 200, more than
  any exchange on one point can win, so it captures last and only where it is safe.

Sliders for the closeness heuristic (section 4): the chariot and the cannon, along ranks and
files; the other pieces score as the paper's kings and knights do.
"""

from xqchess.core.variant import BY_FILE, ChessmapsValues
from xqchess.variants.families.xiangqi_family.board_tables import ORTHOGONAL
from xqchess.variants.families.xiangqi_family.definition import (
    ADVISOR,
    CANNON,
    CHARIOT,
    ELEPHANT,
    GENERAL,
    HORSE,
    SOLDIER,
)

CHESSMAPS_VALUES = ChessmapsValues(
    values={
        SOLDIER: (10,),
        ADVISOR: (20, 19),
        ELEPHANT: (22, 21),
        HORSE: (40, 39),
        CANNON: (45, 44),
        CHARIOT: (90, 89),
        GENERAL: (20,),
    },
    pair_order={
        ADVISOR: BY_FILE,
        ELEPHANT: BY_FILE,
        HORSE: BY_FILE,
        CANNON: BY_FILE,
        CHARIOT: BY_FILE,
    },
    royal_exchange_value=200,
    slider_directions={CHARIOT: ORTHOGONAL, CANNON: ORTHOGONAL},
)
