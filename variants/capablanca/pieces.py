"""Capablanca chess's pieces and board description: chess's six kinds plus the archbishop
(bishop + knight, letter A) and the chancellor (rook + knight, letter C) on a 10x8 board,
started as Fairy-Stockfish's ``capablanca`` (RNABQKBCNR).

Castling, checked against Fairy-Stockfish: the king on f1 goes three files, to i1 with the
j1 rook to h1 (O-O, FEN right K) or to c1 with the a1 rook to d1 (O-O-O, right Q); every
square between king and rook must be empty and the squares the king crosses and lands on
(g1, h1, i1; e1, d1, c1) unattacked. UCI writes the king's move (f1i1, f1c1).
"""

from xqchess.core.geometry import Geometry
from xqchess.core.pieces import BLACK, WHITE, piece_code
from xqchess.variants.chess.board import (
    DIAGONAL, KNIGHT_JUMPS, ORTHOGONAL, BoardDescription, PieceKind, standard_castlings,
)
from xqchess.variants.chess.pieces import (
    BISHOP, KING, KNIGHT, PAWN, PIECE_KINDS as CHESS_PIECE_KINDS, QUEEN, ROOK,
)

ARCHBISHOP, CHANCELLOR = 7, 8
KINDS = (PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, ARCHBISHOP, CHANCELLOR)
#: Fairy-Stockfish promotes to these (its order: c a q r b n)
PROMOTION_KINDS = (QUEEN, CHANCELLOR, ARCHBISHOP, ROOK, BISHOP, KNIGHT)

GEOMETRY = Geometry(10, 8)

PIECE_KINDS = CHESS_PIECE_KINDS + (
    PieceKind(ARCHBISHOP, "A", "archbishop", leaps=KNIGHT_JUMPS, slides=DIAGONAL,
              rule="an archbishop moves along diagonals or jumps as a knight"),
    PieceKind(CHANCELLOR, "C", "chancellor", leaps=KNIGHT_JUMPS, slides=ORTHOGONAL,
              rule="a chancellor moves along ranks and files or jumps as a knight"),
)
LETTERS = {piece.kind: piece.letter for piece in PIECE_KINDS}
NAMES = {piece.kind: piece.name for piece in PIECE_KINDS}

DESCRIPTION = BoardDescription(
    geometry=GEOMETRY,
    kinds=PIECE_KINDS,
    pawn=PAWN,
    king=KING,
    rook=ROOK,
    promotion_kinds=PROMOTION_KINDS,
    pawn_start_rank=(1, 6),
    castlings=standard_castlings(GEOMETRY, king_file=5, rook_files=(9, 0),
                                 king_targets=(8, 2), rook_targets=(7, 3)),
    # Fairy-Stockfish records an en-passant square wherever an enemy pawn attacks it, even
    # when that pawn is pinned (its FEN and its repetition key both carry it)
    ep_needs_legal_capture=False,
)

W_PAWN, W_KNIGHT, W_BISHOP, W_ROOK, W_QUEEN, W_KING, W_ARCHBISHOP, W_CHANCELLOR = (
    piece_code(k, WHITE) for k in KINDS)
B_PAWN, B_KNIGHT, B_BISHOP, B_ROOK, B_QUEEN, B_KING, B_ARCHBISHOP, B_CHANCELLOR = (
    piece_code(k, BLACK) for k in KINDS)
