"""Capablanca chess (10x8) as Fairy-Stockfish's ``capablanca`` plays it, as data for the chess
family's builder: chess's pieces plus the archbishop (bishop + knight, A) and the chancellor
(rook + knight, C), started RNABQKBCNR.

Rules (checked against Fairy-Stockfish). Castling: the king on f1 goes three files, to i1 with
the j1 rook to h1 (O-O, FEN right K) or to c1 with the a1 rook to d1 (O-O-O, right Q); every
square between king and rook must be empty and the squares the king crosses and lands on
unattacked; UCI writes the king's move (f1i1, f1c1). Promotion to Q C A R B N. The game ends as
Fairy-Stockfish's do (``game_end="fairy-stockfish"``): mate wins, stalemate draws, the 50-move
rule and threefold repetition draw unclaimed, dead material by its ``has_insufficient_material``
(a rook, queen, archbishop, chancellor or pawn always mates). Fairy-Stockfish records an
en-passant square wherever an enemy pawn attacks it, even a pinned one.

Values. Chess's pieces keep chess's values; the archbishop is 850 and the chancellor 875:
H. G. Muller's computer self-play measurements (2008, which Fairy-Stockfish's values follow) put
both compounds close to the queen, the chancellor a little above, not at the rook + minor sum.
Square tables: chess's, widened to 10 files by repeating the two centre files (a b c d d e e f
g h), so each stays mirror-symmetric and i1 and c1 take chess's g1 and c1 values; a compound's
table is the mean of its parts' (archbishop: knight and bishop; chancellor: rook and knight).
Capture strengths (Ke and Parng 1993, "roughly inverse proportional to its point value"): a
compound is worth about a queen, so it gets the queen's 1. Phase weight: a queen's 4 (the start
sums to 40). Chessmaps (Greer 2000, Table A.1's rule, material in tenths of a pawn): archbishop
85, chancellor 87; each slides as its slider part does.
"""

from xqchess.core.geometry import Geometry
from xqchess.core.variant import ChessmapsValues
from xqchess.variants.chess.chessmaps import CHESSMAPS_VALUES as CHESS_CHESSMAPS
from xqchess.variants.chess.tables import (
    CAPTURE_STRENGTH, ENDGAME_SQUARE_TABLES, PHASE_WEIGHTS, PIECE_VALUES, SQUARE_TABLES,
)
from xqchess.variants.families.chess_family.definition import (
    BISHOP, DIAGONAL, KNIGHT, KNIGHT_JUMPS, ORTHOGONAL, QUEEN, ROOK, STANDARD_PIECES,
    ChessGame, PieceKind, standard_castlings,
)

ARCHBISHOP, CHANCELLOR = 7, 8
GEOMETRY = Geometry(10, 8)
#: for each of the 10 files, the chess file whose square-table values it takes
WIDENED_FILES = (0, 1, 2, 3, 3, 4, 4, 5, 6, 7)


def widen(table: list[int]) -> list[int]:
    return [table[rank * 8 + WIDENED_FILES[file]]
            for rank in range(GEOMETRY.ranks) for file in range(GEOMETRY.files)]


def mean(a: list[int], b: list[int]) -> list[int]:
    return [(x + y) // 2 for x, y in zip(a, b)]


TABLES = {kind: widen(table) for kind, table in SQUARE_TABLES.items()}
TABLES[ARCHBISHOP] = mean(TABLES[KNIGHT], TABLES[BISHOP])
TABLES[CHANCELLOR] = mean(TABLES[ROOK], TABLES[KNIGHT])
#: the perft bench's middlegame (both castlings open on both sides, every piece developed)
CASTLING_FEN = "r4k3r/pppq1ppppp/2nabcbn2/4p5/4P5/2NABCBN2/PPPQ1PPPPP/R4K3R w KQkq - 0 1"

CAPABLANCA = ChessGame(
    name="capablanca",
    package=__package__,
    geometry=GEOMETRY,
    start_fen="rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
    kinds=tuple(STANDARD_PIECES.values()) + (
        PieceKind(ARCHBISHOP, "A", "archbishop", leaps=KNIGHT_JUMPS, slides=DIAGONAL,
                  rule="an archbishop moves along diagonals or jumps as a knight"),
        PieceKind(CHANCELLOR, "C", "chancellor", leaps=KNIGHT_JUMPS, slides=ORTHOGONAL,
                  rule="a chancellor moves along ranks and files or jumps as a knight")),
    promotion_kinds=(QUEEN, CHANCELLOR, ARCHBISHOP, ROOK, BISHOP, KNIGHT),
    pawn_start_rank=(1, 6),
    castlings=standard_castlings(GEOMETRY, king_file=5, rook_files=(9, 0),
                                 king_targets=(8, 2), rook_targets=(7, 3)),
    ep_needs_legal_capture=False,
    game_end="fairy-stockfish",
    mating_kinds=frozenset((ROOK, QUEEN, ARCHBISHOP, CHANCELLOR)),
    piece_values={**PIECE_VALUES, ARCHBISHOP: 850, CHANCELLOR: 875},
    square_tables=TABLES,
    endgame_square_tables={kind: widen(table) for kind, table in ENDGAME_SQUARE_TABLES.items()},
    phase_weights={**PHASE_WEIGHTS, ARCHBISHOP: PHASE_WEIGHTS[QUEEN],
                   CHANCELLOR: PHASE_WEIGHTS[QUEEN]},
    capture_strength={**CAPTURE_STRENGTH, ARCHBISHOP: 1, CHANCELLOR: 1},
    chessmaps_values=ChessmapsValues(
        values={**CHESS_CHESSMAPS.values, ARCHBISHOP: (85,), CHANCELLOR: (87,)},
        pair_order=dict(CHESS_CHESSMAPS.pair_order),
        royal_exchange_value=CHESS_CHESSMAPS.royal_exchange_value,
        slider_directions={**CHESS_CHESSMAPS.slider_directions, ARCHBISHOP: DIAGONAL,
                           CHANCELLOR: ORTHOGONAL}),
    # Greer's three king zones on ten files: queen side a-d, centre e-f, king side g-j
    royal_zone_files=((0, 1, 2, 3), (4, 5), (6, 7, 8, 9)),
    # Unicode has no archbishop or chancellor a terminal draws in one cell: their letters
    letter_glyphs={ARCHBISHOP: "A", CHANCELLOR: "C"},
    pgn_variant_tag="Capablanca",
    suites={"capablanca-middlegames": "capablanca-middlegames.epd"},
    perft_bench=(("startpos", None, 3), ("castling", CASTLING_FEN, 3)),
)
