"""Xiangqi as Fairy-Stockfish plays it (AXF rules, perpetual chase included), as data for the
xiangqi family's builder: 9x10 points, the palaces on files d-f, a river between ranks 5 and 6,
the seven kinds, ICCS and Chinese notation beside UCI and WXF."""

from xqchess.variants.families.xiangqi_family.definition import CHINESE, ICCS, KINDS, XiangqiGame
from xqchess.variants.xiangqi.board_tables import GEOMETRY, OWN_HALF, PALACE
from xqchess.variants.xiangqi.chessmaps import CHESSMAPS_VALUES
from xqchess.variants.xiangqi.evaluation import EVALUATION_TERMS
from xqchess.variants.xiangqi.tables import (
    CAPTURE_STRENGTH,
    PHASE_WEIGHTS,
    PIECE_VALUES,
    SQUARE_TABLES,
    TAPERED_TABLES,
)

#: the perft bench's middlegames: the first two of the xiangqi-middlegames suite
MIDDLEGAME_11_01 = "2bak1b1r/4a4/6nc1/1rp1p2Cp/p5n2/P1PC4P/4P4/4BNN2/1c7/R2AKAB1R w - - 0 1"
MIDDLEGAME_11_02 = "2bakar2/9/2n1b1n2/p3p3p/7c1/3N4P/P3P4/4C1N2/7C1/2BAKAB2 w - - 0 1"

XIANGQI = XiangqiGame(
    name="xiangqi",
    package=__package__,
    geometry=GEOMETRY,
    start_fen="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    kinds=KINDS,
    palaces=PALACE,
    own_halves=OWN_HALF,
    piece_values=PIECE_VALUES,
    square_tables=SQUARE_TABLES,
    capture_strength=CAPTURE_STRENGTH,
    phase_weights=PHASE_WEIGHTS,
    tapered_tables=TAPERED_TABLES,
    evaluation_terms=EVALUATION_TERMS,
    # null-move verification gained in xiangqi in self-play (docs/results.md), not in chess
    playing_switches={"null_move_verification": True},
    chessmaps_values=CHESSMAPS_VALUES,
    # the general's file: the palace's d, e and f files
    royal_zone_files=((3,), (4,), (5,)),
    chase_rule=True,
    notations=(ICCS, CHINESE),
    river_text=("楚  河", "漢  界"),
    ascii_river_text=("Chu He", "Han Jie"),
    pgn_variant_tag="xiangqi",
    native_protocols=("ucci",),
    suites={"xiangqi-middlegames": "xiangqi-middlegames.epd",
            "xiangqi-middlegames-30": "xiangqi-middlegames-30.epd",
            "xiangqi-middlegames-200": "xiangqi-middlegames-200.epd"},
    perft_bench=(("startpos", None, 3), ("xiangqi.11.01", MIDDLEGAME_11_01, 3),
                 ("xiangqi.11.02", MIDDLEGAME_11_02, 3)),
)
