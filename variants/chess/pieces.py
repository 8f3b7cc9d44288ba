"""Chess piece kinds and codes, and the board the chess tables are built on."""

from xqchess.core.geometry import Geometry
from xqchess.core.pieces import BLACK, WHITE, piece_code

PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = range(1, 7)
KINDS = (PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING)
LETTERS = {PAWN: "P", KNIGHT: "N", BISHOP: "B", ROOK: "R", QUEEN: "Q", KING: "K"}
NAMES = {PAWN: "pawn", KNIGHT: "knight", BISHOP: "bishop", ROOK: "rook", QUEEN: "queen",
         KING: "king"}
PROMOTION_KINDS = (QUEEN, ROOK, BISHOP, KNIGHT)

GEOMETRY = Geometry(8, 8)

W_PAWN, W_KNIGHT, W_BISHOP, W_ROOK, W_QUEEN, W_KING = (piece_code(k, WHITE) for k in KINDS)
B_PAWN, B_KNIGHT, B_BISHOP, B_ROOK, B_QUEEN, B_KING = (piece_code(k, BLACK) for k in KINDS)
