"""Chess piece kinds and codes, and the board description the chess rules are built from."""

from xqchess.core.geometry import Geometry
from xqchess.core.pieces import BLACK, WHITE, piece_code
from xqchess.variants.chess.board import (
    DIAGONAL, KING_STEPS, KNIGHT_JUMPS, ORTHOGONAL, BoardDescription, PieceKind,
    standard_castlings,
)

PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = range(1, 7)
KINDS = (PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING)
LETTERS = {PAWN: "P", KNIGHT: "N", BISHOP: "B", ROOK: "R", QUEEN: "Q", KING: "K"}
NAMES = {PAWN: "pawn", KNIGHT: "knight", BISHOP: "bishop", ROOK: "rook", QUEEN: "queen",
         KING: "king"}
PROMOTION_KINDS = (QUEEN, ROOK, BISHOP, KNIGHT)

GEOMETRY = Geometry(8, 8)

W_PAWN, W_KNIGHT, W_BISHOP, W_ROOK, W_QUEEN, W_KING = (piece_code(k, WHITE) for k in KINDS)
B_PAWN, B_KNIGHT, B_BISHOP, B_ROOK, B_QUEEN, B_KING = (piece_code(k, BLACK) for k in KINDS)

#: How each piece moves, in data and in words (said when a move breaks the rule).
PIECE_KINDS = (
    PieceKind(PAWN, "P", "pawn", rule="a pawn moves one square straight ahead (two from its "
              "starting square) and captures one square diagonally forward"),
    PieceKind(KNIGHT, "N", "knight", leaps=KNIGHT_JUMPS,
              rule="a knight jumps two squares along a rank or file and one square across"),
    PieceKind(BISHOP, "B", "bishop", slides=DIAGONAL, rule="a bishop moves along diagonals"),
    PieceKind(ROOK, "R", "rook", slides=ORTHOGONAL, rule="a rook moves along ranks and files"),
    PieceKind(QUEEN, "Q", "queen", slides=ORTHOGONAL + DIAGONAL,
              rule="a queen moves along ranks, files and diagonals"),
    PieceKind(KING, "K", "king", leaps=KING_STEPS,
              rule="a king steps one square in any direction, or castles"),
)

#: FIDE chess: the king on e1 castles to g1 (rook h1-f1) or c1 (rook a1-d1).
DESCRIPTION = BoardDescription(
    geometry=GEOMETRY,
    kinds=PIECE_KINDS,
    pawn=PAWN,
    king=KING,
    rook=ROOK,
    promotion_kinds=PROMOTION_KINDS,
    pawn_start_rank=(1, 6),
    castlings=standard_castlings(GEOMETRY, king_file=4, rook_files=(7, 0),
                                 king_targets=(6, 2), rook_targets=(5, 3)),
)
