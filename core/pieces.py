"""Piece codes: ``kind | color << COLOR_SHIFT``, 0 an empty square.

Kinds are small positive ints each variant defines (chess 1..6, Capablanca chess 1..8); four
bits leave room for fifteen. Code that takes a piece apart uses the named constants here, never
the numbers, so widening the field is a one-line change.
"""

WHITE = 0
BLACK = 1
COLOR_SHIFT = 4
KIND_MASK = (1 << COLOR_SHIFT) - 1  # piece & KIND_MASK is the piece's kind
#: how many piece codes there are (both colors, 0 included): the length of per-code tables
PIECE_CODES = 2 << COLOR_SHIFT


def piece_code(kind: int, color: int) -> int:
    return kind | color << COLOR_SHIFT


def piece_kind(piece: int) -> int:
    return piece & KIND_MASK


def piece_color(piece: int) -> int:
    return piece >> COLOR_SHIFT
