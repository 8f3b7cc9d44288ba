"""Minixiangqi (Fairy-Stockfish's) as data for the xiangqi family's builder, with its tables.

Rules, as Fairy-Stockfish's minixiangqi has them (checked against it, tests/test_minixiangqi*):
7x7 points, each palace on files c-e of its side's three home ranks, no river, no advisors or
elephants. The general steps orthogonally inside its palace, the generals may not face each
other on an open file, soldiers step forward or sideways from the start, chariot, cannon and
horse move as in xiangqi. A side without a legal move loses (stalemate too). The game is drawn
after 100 plies without a capture and by the third occurrence of a position, unless one side
gave check with every move of the cycle: that side loses. There is no chase rule (Fairy-
Stockfish's AXF chasing rule, and the move limit's extension for checks, are xiangqi's only).

Material: xiangqi's values (`variants.xiangqi.tables`: chariot 900, cannon 450, horse 400), but
the soldier at 200, not 100: with no river it steps sideways from its first move, as a crossed
xiangqi soldier does (which xiangqi programs rate at about twice an uncrossed one), and on seven
ranks it reaches the enemy palace in four steps.

Square tables are computed from the 7x7 board, not copied from a 9x10 diagram (ranks counted
from each side's own back rank, ``forward`` 0-6; ``centre`` is 3 minus the file's distance from
the d-file, 0-3):

* horse: 6 points per jump it has from the square on an empty board beyond 4 (a horse in a
  corner, 2 jumps, is -12; in the middle, 8 jumps, +24), as xiangqi's horse table rewards the
  points where a horse has its most jumps;
* chariot: 4 per ``centre`` and 2 per ``forward`` rank up to the enemy palace, open lines being
  worth more than the table can tell;
* cannon: 4 per ``centre`` on its own two back ranks (a cannon behind its soldiers aims at the
  palace), 0 elsewhere;
* soldier: 10 per ``forward`` rank beyond its start rank, up to the enemy back rank (where it
  can only step sideways: 20 less than the rank before), plus 5 per ``centre`` once it stands
  on the enemy palace's ranks;
* general: as xiangqi's: +5 on its home point (d1), +1 beside it, -8 and -9 a rank or two
  higher, where it is exposed.

Capture strengths (Ke and Parng 1993, the wiki's "Guard Heuristic"): the seed's Chinese
chess values for the kinds this game has, roughly inverse to their value as the seed's rule
asks: general 1, chariot 2, cannon 4, horse 5, soldier 9.

Chessmaps values (Greer 2000 Table A.1, in the manner of `variants.xiangqi.chessmaps`): the
material above divided by ten (soldier 20, horse 40/39, cannon 45/44, chariot 90/89; pairs one
apart, told apart by file), the general 20 as an attacker and 200 in capture sequences; chariot
and cannon slide along ranks and files.
"""

from xqchess.core.geometry import Geometry
from xqchess.core.variant import BY_FILE, ChessmapsValues
from xqchess.variants.families.xiangqi_family.board_tables import (
    ORTHOGONAL, XiangqiBoard, build_tables,
)
from xqchess.variants.families.xiangqi_family.definition import (
    CANNON, CHARIOT, GENERAL, HORSE, SOLDIER, XiangqiGame,
)

GEOMETRY = Geometry(7, 7)
KINDS = (GENERAL, HORSE, CHARIOT, CANNON, SOLDIER)
#: Per color, the palace: files c-e of its three home ranks.
PALACE = (GEOMETRY.region(range(2, 5), range(0, 3)), GEOMETRY.region(range(2, 5), range(4, 7)))
#: the board's per-square tables (the horse's jumps, for its square table)
TABLES = build_tables(XiangqiBoard(GEOMETRY, PALACE, None, frozenset(KINDS)))

PIECE_VALUES = {GENERAL: 0, HORSE: 400, CHARIOT: 900, CANNON: 450, SOLDIER: 200}

CAPTURE_STRENGTH = {GENERAL: 1, CHARIOT: 2, CANNON: 4, HORSE: 5, SOLDIER: 9}

SOLDIER_START_RANK = 1  # the second rank, counted from each side's back rank
HOME_FILE = 3  # the d-file, the palace's middle


def _centre(sq: int) -> int:
    return 3 - abs(GEOMETRY.file_of(sq) - HOME_FILE)


def _forward(sq: int) -> int:
    """Ranks from the first player's back rank (the tables are stored from its side)."""
    return GEOMETRY.rank_of(sq)


def _horse(sq: int) -> int:
    return 6 * (len(TABLES.horse_moves[sq]) - 4)


def _chariot(sq: int) -> int:
    return 4 * _centre(sq) + 2 * min(_forward(sq), 4)


def _cannon(sq: int) -> int:
    return 4 * _centre(sq) if _forward(sq) <= 1 else 0


def _soldier(sq: int) -> int:
    forward = _forward(sq)
    if forward < SOLDIER_START_RANK:
        return 0
    score = 10 * (forward - SOLDIER_START_RANK)
    if forward == GEOMETRY.ranks - 1:
        score -= 20
    if forward >= GEOMETRY.ranks - 3:
        score += 5 * _centre(sq)
    return score


def _general(sq: int) -> int:
    file, rank = GEOMETRY.file_of(sq), _forward(sq)
    if rank == 0:
        return 5 if file == HOME_FILE else 1
    return -8 if rank == 1 else -9


SQUARE_TABLES = {kind: [function(sq) for sq in range(GEOMETRY.size)]
                 for kind, function in ((HORSE, _horse), (CHARIOT, _chariot), (CANNON, _cannon),
                                        (SOLDIER, _soldier), (GENERAL, _general))}

#: the perft bench's middlegames: the first two of the shipped suite
MIDDLEGAME_17_01 = "1rnk2r/p1p1pp1/c2n1c1/4p2/C2P1CP/1PPP3/1RNKN1R b - - 0 1"
MIDDLEGAME_17_02 = "r3n2/3kn2/1ppp2R/P3P2/P6/N2P3/R2KN2 b - - 0 1"

MINIXIANGQI = XiangqiGame(
    name="minixiangqi",
    package=__package__,
    geometry=GEOMETRY,
    start_fen="rcnkncr/p1ppp1p/7/7/7/P1PPP1P/RCNKNCR w - - 0 1",
    kinds=KINDS,
    palaces=PALACE,
    own_halves=None,
    piece_values=PIECE_VALUES,
    square_tables=SQUARE_TABLES,
    capture_strength=CAPTURE_STRENGTH,
    chessmaps_values=ChessmapsValues(
        values={SOLDIER: (20,), HORSE: (40, 39), CANNON: (45, 44), CHARIOT: (90, 89),
                GENERAL: (20,)},
        pair_order={HORSE: BY_FILE, CANNON: BY_FILE, CHARIOT: BY_FILE},
        royal_exchange_value=200,
        slider_directions={CHARIOT: ORTHOGONAL, CANNON: ORTHOGONAL}),
    # the general's file: the palace's c, d and e files
    royal_zone_files=((2,), (3,), (4,)),
    pgn_variant_tag="minixiangqi",
    suites={"minixiangqi-middlegames": "minixiangqi-middlegames.epd"},
    perft_bench=(("startpos", None, 4), ("minixiangqi.17.01", MIDDLEGAME_17_01, 3),
                 ("minixiangqi.17.02", MIDDLEGAME_17_02, 3)),
)
