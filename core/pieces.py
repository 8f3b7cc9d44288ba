"""Piece codes: ``kind | color << 3`` with kinds 1..7 defined by each variant, 0 an empty square."""

WHITE = 0
BLACK = 1
COLOR_SHIFT = 3
KIND_MASK = 7
EMPTY = 0


def piece_code(kind: int, color: int) -> int:
    return kind | color << COLOR_SHIFT


def color_of(piece: int) -> int:
    return piece >> COLOR_SHIFT


def kind_of(piece: int) -> int:
    return piece & KIND_MASK
