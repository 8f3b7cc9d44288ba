"""Static evaluation from the variant's material values and piece-square tables.

The tables are folded into one ``piece_square[piece][sq]`` table, from the first player's point
of view (White/Red positive), which `Position` keeps summed incrementally in ``pos.score``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xqchess.core.pieces import COLOR_SHIFT

if TYPE_CHECKING:
    from xqchess.core.position import Position
    from xqchess.core.variant import Variant


def piece_square_table(variant: Variant) -> list[list[int]]:
    """Per piece code and square: material value plus square bonus, signed for the owner. The
    second player reads its kind's table rank-mirrored (square tables are from the first
    player's side)."""
    geometry = variant.geometry
    table = [[0] * geometry.size for _ in range(2 << COLOR_SHIFT)]
    for kind, value in variant.piece_values.items():
        squares = variant.square_tables[kind]
        for sq in range(geometry.size):
            mirrored = geometry.square(geometry.file_of(sq),
                                       geometry.ranks - 1 - geometry.rank_of(sq))
            table[kind][sq] = value + squares[sq]
            table[kind | 1 << COLOR_SHIFT][sq] = -(value + squares[mirrored])
    return table


def evaluate(pos: Position) -> int:
    """The static score for the side to move, in centipawns."""
    return -pos.score if pos.side else pos.score
