"""Xiangqi tables: material values, piece-square tables and the guard heuristic's capture
strengths.

The tapered evaluation's own tables (`TAPERED_TABLES`, data/tapered-tables.json) are fitted by
``xqchess tune`` to positions Fairy-Stockfish scored; the file's ``source`` is the command that
makes them again (docs/search.md says how the data is made and what the fit measured). The
hand-written square tables below stay the ``squares`` evaluation's, the lab's.

Square tables are written as a board diagram from Red's side (rank 10 on top) and stored by
square index from Red's point of view; Black reads them rank-mirrored. Capture strengths are the
guard heuristic's for Chinese chess (Ke and Parng 1993, the wiki's "Guard Heuristic"):
general 1, advisor 9, elephant 9, chariot 2, horse 5, cannon 4, soldier 9.
"""

from importlib import resources

from xqchess.core.evaluation import TaperedTables
from xqchess.variants.families.xiangqi_family.definition import (
    ADVISOR,
    CANNON,
    CHARIOT,
    ELEPHANT,
    GENERAL,
    HORSE,
    KINDS,
    SOLDIER,
)
from xqchess.variants.xiangqi.board_tables import GEOMETRY

PIECE_VALUES = {
    GENERAL: 0,
    ADVISOR: 200,
    ELEPHANT: 200,
    HORSE: 400,
    CHARIOT: 900,
    CANNON: 450,
    SOLDIER: 100,
}

#: each kind's weight in the tapered evaluation's game phase: the attacking pieces, a chariot
#: counting twice (a side's full set weighs 8; the phase runs from 16 at the start to 0 with
#: no chariot, horse or cannon left)
PHASE_WEIGHTS = {CHARIOT: 2, HORSE: 1, CANNON: 1}

CAPTURE_STRENGTH = {
    GENERAL: 1,
    ADVISOR: 9,
    ELEPHANT: 9,
    CHARIOT: 2,
    HORSE: 5,
    CANNON: 4,
    SOLDIER: 9,
}

_FLAT = "\n".join(["0 0 0 0 0 0 0 0 0"] * 10)

_DIAGRAMS = {
    SOLDIER: """
         0   0   0   0   0   0   0   0   0
        20  30  50  70  80  70  50  30  20
        20  30  45  55  55  55  45  30  20
        20  27  30  40  42  40  30  27  20
        10  18  22  35  40  35  22  18  10
         3   0   4   0   7   0   4   0   3
        -2   0  -2   0   6   0  -2   0  -2
         0   0   0   0   0   0   0   0   0
         0   0   0   0   0   0   0   0   0
         0   0   0   0   0   0   0   0   0""",
    HORSE: """
         4   8  16  12   4  12  16   8   4
         4  10  28  16   8  16  28  10   4
        12  14  16  20  18  20  16  14  12
         8  24  18  24  20  24  18  24   8
         6  16  14  18  16  18  14  16   6
         4  12  16  14  12  14  16  12   4
         2   6   8   6  10   6   8   6   2
         4   2   8   8   4   8   8   2   4
         0   2   4   4  -2   4   4   2   0
         0  -4   0   0   0   0   0  -4   0""",
    CHARIOT: """
        14  14  12  18  16  18  12  14  14
        16  20  18  24  26  24  18  20  16
        12  12  12  18  18  18  12  12  12
        12  18  16  22  22  22  16  18  12
        12  14  12  18  18  18  12  14  12
        12  16  14  20  20  20  14  16  12
         6  10   8  14  14  14   8  10   6
         4   8   6  14  12  14   6   8   4
         8   4   8  16   8  16   8   4   8
        -2  10   6  14  12  14   6  10  -2""",
    CANNON: """
         6   4   0 -10 -12 -10   0   4   6
         2   2   0  -4 -14  -4   0   2   2
         2   2   0 -10  -8 -10   0   2   2
         0   0  -2   4  10   4  -2   0   0
         0   0   0   2   8   2   0   0   0
        -2   0   4   2   6   2   4   0  -2
         0   0   0   2   4   2   0   0   0
         4   0   8   6  10   6   8   0   4
         0   2   4   6   6   6   4   2   0
         0   0   2   6   6   6   2   0   0""",
    ADVISOR: _FLAT,
    ELEPHANT: _FLAT,
    GENERAL: """
         0   0   0   0   0   0   0   0   0
         0   0   0   0   0   0   0   0   0
         0   0   0   0   0   0   0   0   0
         0   0   0   0   0   0   0   0   0
         0   0   0   0   0   0   0   0   0
         0   0   0   0   0   0   0   0   0
         0   0   0   0   0   0   0   0   0
         0   0   0  -9  -9  -9   0   0   0
         0   0   0  -8  -8  -8   0   0   0
         0   0   0   1   5   1   0   0   0""",
}


SQUARE_TABLES = {kind: GEOMETRY.table_from_diagram(diagram) for kind, diagram in _DIAGRAMS.items()}

TAPERED_TABLES = TaperedTables.from_json(
    (resources.files(__package__) / "data" / "tapered-tables.json").read_text(encoding="utf-8"),
    KINDS,
    GEOMETRY.size,
)
