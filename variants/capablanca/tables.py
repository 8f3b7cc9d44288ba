"""Capablanca chess tables: material values, 10x8 square tables, the guard heuristic's capture
strengths and the tapered evaluation's phase weights.

Values. Chess's pieces keep chess's values (`variants.chess.tables`: P 100, N 320, B 330,
R 500, Q 900). The archbishop (bishop + knight) is 850 and the chancellor (rook + knight) 875:
H. G. Muller's computer self-play measurements (2008, the ones Fairy-Stockfish's and most
engines' Capablanca values follow) put both compounds close to the queen, the chancellor a
little above the archbishop and both well above a rook and a minor piece, not the rook + minor
sum (820, 830) older estimates took; 850 and 875 against our queen of 900 keep that order and
gap.

Square tables. Chess's tables (Michniewski's Simplified Evaluation Function, and chess's
endgame king and pawn tables), widened from 8 to 10 files by repeating the two centre files
(a b c d d e e f g h), so the centre stays in the centre and each table stays mirror-symmetric;
the king's castled squares, i1 and c1, land on chess's g1 and c1 values. The archbishop's table
is the mean of the knight's and the bishop's, the chancellor's the mean of the rook's and the
knight's: each compound is drawn to the squares where both its parts are strong.

Capture strengths (Ke and Parng 1993, ../shared/seeds/guard-heuristic.wiki): "roughly inverse
proportional to its point value", as chess's K 1, Q 1, R 2, B 5, N 6, P 9 are. The archbishop
and chancellor are worth about a queen (850 and 875 against 900), so by the same rule they
get the queen's strength, 1: a square guarded only by one of them is as weakly guarded as one
guarded by the queen.

Phase weights (Fruit's and PeSTO's chess weights: minor 1, rook 2, queen 4, roughly a piece's
value over 225): the archbishop and chancellor, near a queen in value, weigh 4 like the queen.
The start position sums to 40 (chess's 24 plus two compounds of 4 each per side).
"""

from xqchess.variants.chess.tables import (
    CAPTURE_STRENGTH as CHESS_CAPTURE_STRENGTH, ENDGAME_SQUARE_TABLES as CHESS_ENDGAME_TABLES,
    PHASE_WEIGHTS as CHESS_PHASE_WEIGHTS, PIECE_VALUES as CHESS_VALUES,
    SQUARE_TABLES as CHESS_TABLES,
)
from xqchess.variants.capablanca.pieces import (
    ARCHBISHOP, BISHOP, CHANCELLOR, GEOMETRY, KNIGHT, QUEEN, ROOK,
)

PIECE_VALUES = {**CHESS_VALUES, ARCHBISHOP: 850, CHANCELLOR: 875}

CAPTURE_STRENGTH = {**CHESS_CAPTURE_STRENGTH, ARCHBISHOP: 1, CHANCELLOR: 1}

PHASE_WEIGHTS = {**CHESS_PHASE_WEIGHTS, ARCHBISHOP: CHESS_PHASE_WEIGHTS[QUEEN],
                 CHANCELLOR: CHESS_PHASE_WEIGHTS[QUEEN]}

#: for each of the 10 files, the chess file whose values it takes
WIDENED_FILES = (0, 1, 2, 3, 3, 4, 4, 5, 6, 7)


def widen(table: list[int]) -> list[int]:
    """A chess square table (64 squares, White's view) on the 10x8 board."""
    return [table[rank * 8 + WIDENED_FILES[file]]
            for rank in range(GEOMETRY.ranks) for file in range(GEOMETRY.files)]


def mean(a: list[int], b: list[int]) -> list[int]:
    return [(x + y) // 2 for x, y in zip(a, b)]


SQUARE_TABLES = {kind: widen(table) for kind, table in CHESS_TABLES.items()}
SQUARE_TABLES[ARCHBISHOP] = mean(SQUARE_TABLES[KNIGHT], SQUARE_TABLES[BISHOP])
SQUARE_TABLES[CHANCELLOR] = mean(SQUARE_TABLES[ROOK], SQUARE_TABLES[KNIGHT])

ENDGAME_SQUARE_TABLES = {kind: widen(table) for kind, table in CHESS_ENDGAME_TABLES.items()}
