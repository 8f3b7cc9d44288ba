"""Chess under the FIDE Laws, as data for the chess family's builder: FIDE's six pieces on
8x8, the king on e1 castling to g1 (rook h1-f1) or c1 (rook a1-d1), promotion to Q R B N, and
FIDE's game end with python-chess's semantics (`families.chess_family.rules`, ``"fide"``)."""

from xqchess.variants.chess.chessmaps import CHESSMAPS_VALUES
from xqchess.variants.chess.evaluation import EVALUATION_TERMS
from xqchess.variants.chess.tables import (
    CAPTURE_STRENGTH, ENDGAME_SQUARE_TABLES, GEOMETRY, PHASE_WEIGHTS, PIECE_VALUES,
    SQUARE_TABLES, TAPERED_TABLES,
)
from xqchess.variants.families.chess_family.definition import (
    BISHOP, KNIGHT, QUEEN, ROOK, STANDARD_PIECES, ChessGame, standard_castlings,
)

#: the perft bench's middlegame: every special move within three plies
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

CHESS = ChessGame(
    name="chess",
    package=__package__,
    geometry=GEOMETRY,
    start_fen="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    kinds=tuple(STANDARD_PIECES.values()),
    promotion_kinds=(QUEEN, ROOK, BISHOP, KNIGHT),
    pawn_start_rank=(1, 6),
    castlings=standard_castlings(GEOMETRY, king_file=4, rook_files=(7, 0),
                                 king_targets=(6, 2), rook_targets=(5, 3)),
    piece_values=PIECE_VALUES,
    square_tables=SQUARE_TABLES,
    endgame_square_tables=ENDGAME_SQUARE_TABLES,
    phase_weights=PHASE_WEIGHTS,
    tapered_tables=TAPERED_TABLES,
    evaluation_terms=EVALUATION_TERMS,
    # history reductions, internal iterative reduction, razoring, the fitted terms and the
    # pruning reaching further gained in chess in self-play (docs/results.md), none of them in
    # xiangqi
    playing_switches={
        "history_reductions": True, "iir": True, "razoring": True, "evaluation": "terms",
        "late_move_pruning": True, "late_move_pruning_depth": 7,
        "reverse_futility_depth": 6, "reverse_futility_margin": 100,
        "futility_depth": 5, "futility_base": 100, "futility_margin": 100,
        "lmr_base": 50, "lmr_divisor": 160,
    },
    capture_strength=CAPTURE_STRENGTH,
    chessmaps_values=CHESSMAPS_VALUES,
    # Greer's king zones: queen side a-c, centre d-e, king side f-h
    royal_zone_files=((0, 1, 2), (3, 4), (5, 6, 7)),
    native_protocols=("uci",),
    suites={"bratko-kopec": "bratko-kopec.epd",
            "chess-middlegames": "chess-middlegames.epd",
            "chess-middlegames-30": "chess-middlegames-30.epd",
            "chess-middlegames-200": "chess-middlegames-200.epd"},
    perft_bench=(("startpos", None, 4), ("kiwipete", KIWIPETE, 3)),
)
