"""Static evaluation from the variant's material values and piece-square tables, in two forms:
the middlegame tables alone (``squares``, the lab's evaluation, unchanged since the tables were
written) and a *tapered* one that blends middlegame and endgame tables by the game's phase
(``tapered``, the playing search's), as PeSTO and Fruit do.

`Position` keeps one sum per position incrementally in ``pos.score``: each table entry packs a
piece's middlegame value (low bits), its endgame value (shifted by `ENDGAME_SHIFT`) and its
weight in the game phase (shifted by `PHASE_SHIFT`), so one addition per piece moved updates
all three. Middlegame and endgame values are signed for their owner (first player positive);
phase weights count for both colors. The phase is the sum of the weights of the pieces on the
board, at most the variant's ``phase_total`` (the start position's sum): the full total is the
middlegame, 0 the bare endgame.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xqchess.core.pieces import COLOR_SHIFT

if TYPE_CHECKING:
    from xqchess.core.position import Position
    from xqchess.core.variant import Variant

#: where the endgame value and the phase weight sit in a packed score; each field below holds
#: any sum a board can reach (|value| < 2**19)
ENDGAME_SHIFT = 20
PHASE_SHIFT = 40
_ENDGAME_HALF = 1 << (ENDGAME_SHIFT - 1)
_PHASE_HALF = 1 << (PHASE_SHIFT - 1)
#: the evaluations a search can use (`SearchConfig.evaluation`)
EVALUATIONS = ("squares", "tapered")


def pack(middlegame: int, endgame: int, phase: int) -> int:
    """One packed score: middlegame and endgame values and a phase weight."""
    return middlegame + (endgame << ENDGAME_SHIFT) + (phase << PHASE_SHIFT)


def unpack(packed: int) -> tuple[int, int, int]:
    """(middlegame, endgame, phase) of a packed score (the fields may be negative)."""
    phase = (packed + _PHASE_HALF) >> PHASE_SHIFT
    rest = packed - (phase << PHASE_SHIFT)
    endgame = (rest + _ENDGAME_HALF) >> ENDGAME_SHIFT
    return rest - (endgame << ENDGAME_SHIFT), endgame, phase


def piece_square_table(variant: Variant) -> list[list[int]]:
    """Per piece code and square: the packed middlegame and endgame values (material plus
    square bonus) and the piece's phase weight, values signed for the owner. The second
    player reads its kind's tables rank-mirrored (square tables are from the first player's
    side)."""
    geometry = variant.geometry
    table = [[0] * geometry.size for _ in range(2 << COLOR_SHIFT)]
    for kind, value in variant.piece_values.items():
        squares = variant.square_tables[kind]
        endgame_value = variant.endgame_piece_values.get(kind, value)
        endgame_squares = variant.endgame_square_tables.get(kind, squares)
        weight = variant.phase_weights.get(kind, 0)
        for sq in range(geometry.size):
            mirrored = geometry.square(geometry.file_of(sq),
                                       geometry.ranks - 1 - geometry.rank_of(sq))
            table[kind][sq] = pack(value + squares[sq], endgame_value + endgame_squares[sq],
                                   weight)
            table[kind | 1 << COLOR_SHIFT][sq] = pack(
                -(value + squares[mirrored]), -(endgame_value + endgame_squares[mirrored]),
                weight)
    return table


def evaluate(pos: Position) -> int:
    """The middlegame tables' score for the side to move, in centipawns (``squares``)."""
    packed = pos.score
    rest = packed - (((packed + _PHASE_HALF) >> PHASE_SHIFT) << PHASE_SHIFT)
    score = rest - (((rest + _ENDGAME_HALF) >> ENDGAME_SHIFT) << ENDGAME_SHIFT)
    return -score if pos.side else score


def evaluate_tapered(pos: Position) -> int:
    """The middlegame and endgame scores blended by the phase, for the side to move
    (``tapered``)."""
    middlegame, endgame, phase = unpack(pos.score)
    total = pos.variant.phase_total
    phase = min(phase, total)
    score = (middlegame * phase + endgame * (total - phase)) // total
    return -score if pos.side else score


EVALUATORS = {"squares": evaluate, "tapered": evaluate_tapered}
