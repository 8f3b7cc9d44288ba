"""Int move encoding shared by every variant.

A move is ``from | to << 7 | promotion << 14 | special << 18``:

* ``from``/``to``: squares (boards up to 128 squares);
* ``promotion``: the piece kind the moving piece becomes (0 = none), as wide as a kind
  (`core.pieces.KIND_MASK`);
* ``special``: one of the generic effects below, which the kernel's make/unmake carries out
  without knowing the game (chess uses them for the double pawn step, en passant and castling).

Plain moves are therefore ints below ``1 << 14``, which keeps the hot path's test cheap.
"""

from __future__ import annotations

from xqchess.core.pieces import COLOR_SHIFT, KIND_MASK

SQUARE_BITS = 7
SQUARE_MASK = (1 << SQUARE_BITS) - 1
TO_SHIFT = SQUARE_BITS
PROMOTION_SHIFT = 2 * SQUARE_BITS
PROMOTION_MASK = KIND_MASK
SPECIAL_SHIFT = PROMOTION_SHIFT + COLOR_SHIFT

#: The mover advances two squares and leaves an "ep square" (the square it passed) behind.
DOUBLE_STEP = 1
#: The captured piece stands elsewhere than on the target square: on the square the variant's
#: ``side_capture_squares`` table names for ``to`` (chess: en passant, beside the mover).
SIDE_CAPTURE = 2
#: A second piece moves too, as the variant's ``companion_moves`` table says (keyed by ``to``).
COMPANION = 3


def move_rows(size: int) -> list[list[int]]:
    """Per origin square, the plain move to each of a board's ``size`` squares (``row[to]``),
    made once: the move generators append these shared ints instead of computing a new one per
    generated move (an int above 256 is a new object each time it is computed, and freed with
    its list). The same values, so both ways give the same lists."""
    return [[frm | to << SQUARE_BITS for to in range(size)] for frm in range(size)]


def is_capture(pos, move: int) -> bool:
    """Whether ``move`` captures (on its target square or beside it) in ``pos``."""
    return bool(pos.board[move >> SQUARE_BITS & SQUARE_MASK]) or (
        move >> SPECIAL_SHIFT == SIDE_CAPTURE
    )


def is_quiet(pos, move: int) -> bool:
    """Neither a capture nor a promotion: the moves killers, history and countermoves learn."""
    return not is_capture(pos, move) and not move >> PROMOTION_SHIFT & PROMOTION_MASK


def move_from(move: int) -> int:
    return move & SQUARE_MASK


def move_to(move: int) -> int:
    return move >> SQUARE_BITS & SQUARE_MASK


def move_promotion(move: int) -> int:
    return move >> PROMOTION_SHIFT & PROMOTION_MASK


def move_special(move: int) -> int:
    return move >> SPECIAL_SHIFT
