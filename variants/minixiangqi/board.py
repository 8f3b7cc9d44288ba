"""The minixiangqi board (Fairy-Stockfish's minixiangqi): 7x7 points, each palace on files c-e
of its side's three home ranks, no river, and the pieces chariot, horse, cannon, soldier and
general (no advisors or elephants). Its tables and rules come from xiangqi's builders."""

from xqchess.core.geometry import Geometry
from xqchess.core.pieces import BLACK, piece_code
from xqchess.variants.xiangqi.attacks import make_attacks
from xqchess.variants.xiangqi.board import XiangqiBoard, build_tables, placement_squares
from xqchess.variants.xiangqi.pieces import (
    CANNON, CHARIOT, GENERAL, HORSE, LETTERS, NAMES, RED, SOLDIER,
)

GEOMETRY = Geometry(7, 7)
FILES = range(7)
KINDS = (GENERAL, HORSE, CHARIOT, CANNON, SOLDIER)
#: Fairy-Stockfish's letters for these kinds (upper case for Red); h is read for the horse.
LETTERS = {kind: LETTERS[kind] for kind in KINDS}
NAMES = {kind: NAMES[kind] for kind in KINDS}
ALIASES = {"H": HORSE}
START_FEN = "rcnkncr/p1ppp1p/7/7/7/P1PPP1P/RCNKNCR w - - 0 1"

#: Per color, the palace: files c-e of its three home ranks.
PALACE = (GEOMETRY.region(range(2, 5), range(0, 3)), GEOMETRY.region(range(2, 5), range(4, 7)))
BOARD = XiangqiBoard(GEOMETRY, PALACE, None, frozenset(KINDS))
TABLES = build_tables(BOARD)
ATTACKS = make_attacks(TABLES)

LETTER_PIECES = {**{LETTERS[kind]: piece_code(kind, RED) for kind in KINDS},
                 **{LETTERS[kind].lower(): piece_code(kind, BLACK) for kind in KINDS}}
START_SQUARES = placement_squares(GEOMETRY, START_FEN.split()[0], LETTER_PIECES)
