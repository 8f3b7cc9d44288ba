"""Shatranj, the medieval chess of Persia and the Arab world, as Fairy-Stockfish's
``shatranj`` plays it, as data for the chess family's builder.

Rules (checked against pyffish). The king stands on d1 (d8), the ferz (Q) beside it on e1. The
ferz steps one square diagonally; the alfil (B) leaps exactly two squares diagonally, over
anything between; rook, knight and king move as in chess. A pawn steps one square forward
only (no double step, so no en passant) and promotes to a ferz. There is no castling. The game
ends (Fairy-Stockfish's options): checkmate wins; stalemate loses for the side that cannot move
(``stalemate_loses``); a side left with its king alone loses (``bare_king_loses``), unless it is
to move and can take the opponent's only other piece, baring that king too (then the game goes
on, king against king); 70 moves (140 plies) without a capture or pawn move and threefold
repetition draw. No material is ever called insufficient, as Fairy-Stockfish has it.

Values: pawn, knight and rook keep chess's 100, 320 and 500; the ferz (four squares at most)
is 150 and the alfil (at most four, and only eight squares of the board) 110, short-range
pieces worth little more than a pawn. Square tables are computed from the board: a leaper
earns 4 per target it has from the square beyond its board average, a pawn 6 per rank it has
advanced plus 4 on the d- and e-files, the rook's table is flat. Capture strengths (Ke and
Parng 1993: "roughly inverse proportional to its point value"): king 1, rook 2 and knight 6 as
in chess; the ferz and alfil by the line through chess's pawn (100: 9) and knight (320: 6),
ferz 8 and alfil 9. Chessmaps (Greer 2000, Table A.1's rule, material in tenths of a pawn):
chess's pawn, knight, rook and king; ferz 15, alfils 11 and 12 told apart by file.
"""

from xqchess.core.variant import BY_FILE, ChessmapsValues
from xqchess.variants.families.chess_family.definition import (
    DIAGONAL, KING, KNIGHT, ORTHOGONAL, PAWN, ROOK, STANDARD_PIECES, ChessGame, PieceKind,
)
from xqchess.variants.chess.tables import GEOMETRY

ALFIL, FERZ = 7, 8
KINDS = (
    PieceKind(PAWN, "P", "pawn", rule="a pawn moves one square straight ahead and captures "
              "one square diagonally forward"),
    STANDARD_PIECES[KNIGHT],
    PieceKind(ALFIL, "B", "alfil", leaps=tuple((2 * f, 2 * r) for f, r in DIAGONAL),
              rule="an alfil leaps two squares diagonally"),
    STANDARD_PIECES[ROOK],
    PieceKind(FERZ, "Q", "ferz", leaps=DIAGONAL, rule="a ferz steps one square diagonally"),
    STANDARD_PIECES[KING],
)
VALUES = {PAWN: 100, ALFIL: 110, FERZ: 150, KNIGHT: 320, ROOK: 500, KING: 0}


def leaper_table(piece: PieceKind) -> list[int]:
    counts = [len(targets) for targets in GEOMETRY.leaps(piece.leaps)]
    average = sum(counts) / len(counts)
    return [round(4 * (count - average)) for count in counts]


def pawn_table() -> list[int]:
    return [6 * max(GEOMETRY.rank_of(sq) - 1, 0) + 4 * (GEOMETRY.file_of(sq) in (3, 4))
            for sq in range(GEOMETRY.size)]


SQUARE_TABLES = {piece.kind: leaper_table(piece) for piece in KINDS if piece.leaps}
SQUARE_TABLES.update({PAWN: pawn_table(), ROOK: [0] * GEOMETRY.size})
#: the perft bench's middlegame (every piece developed, captures and promotions near)
MIDDLEGAME = "r2kq2r/1pp2pp1/p1n1bn1p/3pp3/3PP3/P1N1BN1P/1PP2PP1/R2KQ2R w - - 0 1"

SHATRANJ = ChessGame(
    name="shatranj",
    package=__package__,
    geometry=GEOMETRY,
    start_fen="rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1",
    kinds=KINDS,
    promotion_kinds=(FERZ,),
    pawn_start_rank=(1, 6),
    castlings=(),
    double_step=False,
    game_end="fairy-stockfish",
    move_rule_plies=140,
    stalemate_loses=True,
    bare_king_loses=True,
    piece_values=VALUES,
    square_tables=SQUARE_TABLES,
    capture_strength={KING: 1, ROOK: 2, KNIGHT: 6, FERZ: 8, ALFIL: 9, PAWN: 9},
    chessmaps_values=ChessmapsValues(
        values={PAWN: (10,), ALFIL: (11, 12), FERZ: (15,), KNIGHT: (29,), ROOK: (50, 49),
                KING: (40,)},
        pair_order={ALFIL: BY_FILE, ROOK: BY_FILE},
        royal_exchange_value=200,
        slider_directions={ROOK: ORTHOGONAL}),
    # Greer's king zones: queen side a-c, centre d-e (the king's start), king side f-h
    royal_zone_files=((0, 1, 2), (3, 4), (5, 6, 7)),
    letter_glyphs={ALFIL: "B", FERZ: "F"},
    pgn_variant_tag="Shatranj",
    suites={"shatranj-middlegames": "shatranj-middlegames.epd"},
    perft_bench=(("startpos", None, 4), ("middlegame", MIDDLEGAME, 3)),
)
