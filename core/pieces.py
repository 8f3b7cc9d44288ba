"""Piece codes: ``kind | color << 3`` with kinds 1..7 defined by each variant, 0 an empty square."""

WHITE = 0
BLACK = 1
COLOR_SHIFT = 3
KIND_MASK = (1 << COLOR_SHIFT) - 1  # piece & KIND_MASK is the piece's kind


def piece_code(kind: int, color: int) -> int:
    return kind | color << COLOR_SHIFT
