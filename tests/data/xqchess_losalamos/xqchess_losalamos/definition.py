"""Los Alamos chess, as Fairy-Stockfish's ``losalamos`` plays it, on the chess family's builder.

Rules: chess on 6x6 without bishops (RNQKNR). A pawn steps one square forward only (no double
step, so no en passant) and promotes to a queen, rook or knight. There is no castling. The
game ends as Fairy-Stockfish's do: mate wins, stalemate draws, 50 moves and threefold
repetition draw; a rook or queen (or a pawn) can always mate.

Tables: chess's values and capture strengths; a knight earns 4 per target beyond its board
average, a pawn 8 per rank it has advanced; the other square tables are flat.
"""

from xqchess.core.geometry import Geometry
from xqchess.core.variant import BY_FILE, ChessmapsValues
from xqchess.variants.families.chess_family.definition import (
    DIAGONAL,
    KING,
    KNIGHT,
    KNIGHT_JUMPS,
    ORTHOGONAL,
    PAWN,
    QUEEN,
    ROOK,
    STANDARD_PIECES,
    ChessGame,
    PieceKind,
)

GEOMETRY = Geometry(6, 6)
KINDS = (
    PieceKind(
        PAWN,
        "P",
        "pawn",
        rule="a pawn moves one square straight ahead and captures one square diagonally forward",
    ),
    STANDARD_PIECES[KNIGHT],
    STANDARD_PIECES[ROOK],
    STANDARD_PIECES[QUEEN],
    STANDARD_PIECES[KING],
)
PAWN_TABLE = [8 * max(GEOMETRY.rank_of(sq) - 1, 0) for sq in range(GEOMETRY.size)]
KNIGHT_TARGETS = [len(targets) for targets in GEOMETRY.leaps(KNIGHT_JUMPS)]
KNIGHT_TABLE = [round(4 * (n - sum(KNIGHT_TARGETS) / GEOMETRY.size)) for n in KNIGHT_TARGETS]
FLAT = [0] * GEOMETRY.size

LOS_ALAMOS = ChessGame(
    name="losalamos",
    package=__package__,
    geometry=GEOMETRY,
    start_fen="rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1",
    kinds=KINDS,
    promotion_kinds=(QUEEN, ROOK, KNIGHT),
    pawn_start_rank=(1, 4),
    castlings=(),
    double_step=False,
    game_end="fairy-stockfish",
    mating_kinds=frozenset((ROOK, QUEEN)),
    piece_values={PAWN: 100, KNIGHT: 320, ROOK: 500, QUEEN: 900, KING: 0},
    square_tables={PAWN: PAWN_TABLE, KNIGHT: KNIGHT_TABLE, ROOK: FLAT, QUEEN: FLAT, KING: FLAT},
    capture_strength={KING: 1, QUEEN: 1, ROOK: 2, KNIGHT: 6, PAWN: 9},
    chessmaps_values=ChessmapsValues(
        values={PAWN: (10,), KNIGHT: (29,), ROOK: (50, 49), QUEEN: (90,), KING: (40,)},
        pair_order={ROOK: BY_FILE},
        royal_exchange_value=200,
        slider_directions={ROOK: ORTHOGONAL, QUEEN: ORTHOGONAL + DIAGONAL},
    ),
    royal_zone_files=((0, 1), (2, 3), (4, 5)),
)
