"""Chess tables: material values, piece-square tables and the guard heuristic's capture strengths.

The tapered evaluation's own tables (`TAPERED_TABLES`, data/tapered-tables.json) are fitted by
``xqchess tune`` to positions Fairy-Stockfish scored; the file's ``source`` is the command that
makes them again (docs/search.md says how the data is made and what the fit measured). The
hand-written tables below stay the ``squares`` evaluation's, the lab's, and the fit's start.

Square tables are written as a board diagram from White's side (rank 8 on top) and stored by
square index from White's point of view; Black reads them rank-mirrored. Capture strengths are
the guard heuristic's (Ke and Parng 1993, the wiki's "Guard Heuristic"): roughly the
inverse of a piece's value, K 1, Q 1, R 2, B 5, N 6, P 9.
"""

from importlib import resources

from xqchess.core.evaluation import TaperedTables
from xqchess.core.geometry import Geometry
from xqchess.variants.families.chess_family.definition import (
    BISHOP,
    KING,
    KNIGHT,
    PAWN,
    QUEEN,
    ROOK,
)

GEOMETRY = Geometry(8, 8)

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

# -- the endgame side of the tapered evaluation (`core.evaluation`) ---------------------------

#: Each kind's weight in the game phase (Fruit's and PeSTO's: minor 1, rook 2, queen 4; the
#: start position sums to 24, the middlegame); pawns and kings do not count.
PHASE_WEIGHTS = {KNIGHT: 1, BISHOP: 1, ROOK: 2, QUEEN: 4}

#: Endgame tables where they differ from the middlegame's. The king's is the Simplified
#: Evaluation Function's endgame king table (Michniewski, the same source as the middlegame
#: tables): centralise. The pawns' is ours: the nearer promotion, the more a pawn is worth
#: once the pieces are off, on every file alike.
_ENDGAME_DIAGRAMS = {
    PAWN: """
         0   0   0   0   0   0   0   0
        90  90  90  90  90  90  90  90
        50  50  50  50  50  50  50  50
        30  30  30  30  30  30  30  30
        15  15  15  15  15  15  15  15
         5   5   5   5   5   5   5   5
         0   0   0   0   0   0   0   0
         0   0   0   0   0   0   0   0""",
    KING: """
       -50 -40 -30 -20 -20 -30 -40 -50
       -30 -20 -10   0   0 -10 -20 -30
       -30 -10  20  30  30  20 -10 -30
       -30 -10  30  40  40  30 -10 -30
       -30 -10  30  40  40  30 -10 -30
       -30 -10  20  30  30  20 -10 -30
       -30 -30   0   0   0   0 -30 -30
       -50 -30 -30 -30 -30 -30 -30 -50""",
}
ENDGAME_SQUARE_TABLES = {
    kind: GEOMETRY.table_from_diagram(diagram) for kind, diagram in _ENDGAME_DIAGRAMS.items()
}

TAPERED_TABLES = TaperedTables.from_json(
    (resources.files(__package__) / "data" / "tapered-tables.json").read_text(encoding="utf-8"),
    tuple(sorted(PIECE_VALUES)),
    GEOMETRY.size,
)
