"""Chess tables: material values, piece-square tables and the guard heuristic's capture strengths.

Square tables are written as a board diagram from White's side (rank 8 on top) and stored by
square index from White's point of view; Black reads them rank-mirrored. Capture strengths are
the guard heuristic's (Ke and Parng 1993, ../shared/seeds/guard-heuristic.wiki): roughly the
inverse of a piece's value, K 1, Q 1, R 2, B 5, N 6, P 9.
"""

from xqchess.variants.chess.pieces import BISHOP, GEOMETRY, KING, KNIGHT, PAWN, QUEEN, ROOK

PIECE_VALUES = {PAWN: 100, KNIGHT: 320, BISHOP: 330, ROOK: 500, QUEEN: 900, KING: 0}

CAPTURE_STRENGTH = {KING: 1, QUEEN: 1, ROOK: 2, BISHOP: 5, KNIGHT: 6, PAWN: 9}

_DIAGRAMS = {
    PAWN: """
         0   0   0   0   0   0   0   0
        50  50  50  50  50  50  50  50
        10  10  20  30  30  20  10  10
         5   5  10  25  25  10   5   5
         0   0   0  20  20   0   0   0
         5  -5 -10   0   0 -10  -5   5
         5  10  10 -20 -20  10  10   5
         0   0   0   0   0   0   0   0""",
    KNIGHT: """
       -50 -40 -30 -30 -30 -30 -40 -50
       -40 -20   0   0   0   0 -20 -40
       -30   0  10  15  15  10   0 -30
       -30   5  15  20  20  15   5 -30
       -30   0  15  20  20  15   0 -30
       -30   5  10  15  15  10   5 -30
       -40 -20   0   5   5   0 -20 -40
       -50 -40 -30 -30 -30 -30 -40 -50""",
    BISHOP: """
       -20 -10 -10 -10 -10 -10 -10 -20
       -10   0   0   0   0   0   0 -10
       -10   0   5  10  10   5   0 -10
       -10   5   5  10  10   5   5 -10
       -10   0  10  10  10  10   0 -10
       -10  10  10  10  10  10  10 -10
       -10   5   0   0   0   0   5 -10
       -20 -10 -10 -10 -10 -10 -10 -20""",
    ROOK: """
         0   0   0   0   0   0   0   0
         5  10  10  10  10  10  10   5
        -5   0   0   0   0   0   0  -5
        -5   0   0   0   0   0   0  -5
        -5   0   0   0   0   0   0  -5
        -5   0   0   0   0   0   0  -5
        -5   0   0   0   0   0   0  -5
         0   0   0   5   5   0   0   0""",
    QUEEN: """
       -20 -10 -10  -5  -5 -10 -10 -20
       -10   0   0   0   0   0   0 -10
       -10   0   5   5   5   5   0 -10
        -5   0   5   5   5   5   0  -5
         0   0   5   5   5   5   0  -5
       -10   5   5   5   5   5   0 -10
       -10   0   5   0   0   0   0 -10
       -20 -10 -10  -5  -5 -10 -10 -20""",
    KING: """
       -30 -40 -40 -50 -50 -40 -40 -30
       -30 -40 -40 -50 -50 -40 -40 -30
       -30 -40 -40 -50 -50 -40 -40 -30
       -30 -40 -40 -50 -50 -40 -40 -30
       -20 -30 -30 -40 -40 -30 -30 -20
       -10 -20 -20 -20 -20 -20 -20 -10
        20  20   0   0   0   0  20  20
        20  30  10   0   0  10  30  20""",
}


SQUARE_TABLES = {kind: GEOMETRY.table_from_diagram(diagram) for kind, diagram in _DIAGRAMS.items()}
