"""The capture keys: how quiescence, and the ordering heuristics that rank captures, score a
capture or promotion (`victim_first`, MVV-LVA; `material_difference`, Greer's order), what it
gains (`capture_gain`), and `captures_in_order`, quiescence's sort by a key."""

from __future__ import annotations

from xqchess.core.moves import (
    PROMOTION_MASK,
    PROMOTION_SHIFT,
    SIDE_CAPTURE,
    SPECIAL_SHIFT,
    SQUARE_BITS,
    SQUARE_MASK,
    move_from,
)
from xqchess.core.pieces import KIND_MASK
from xqchess.core.position import Position


def captures_in_order(pos: Position, moves: list[int], capture_key) -> list[int]:
    """``moves`` by ``capture_key`` (position, move -> score), greatest first, ties in their
    order: what ``moves.sort(key=..., reverse=True)`` gives, computed as one int per move (its
    key times the move count, plus its place counted from the end) sorted as plain ints, so
    the sort calls no key function; the default key, `victim_first`, is called directly (a C
    call in the compiled kernel)."""
    count = len(moves)
    by_victim = capture_key is victim_first
    packed = []
    for i in range(count):
        move = moves[i]
        key = victim_first(pos, move) if by_victim else capture_key(pos, move)
        packed.append(key * count + (count - 1 - i))
    packed.sort(reverse=True)
    ordered = []
    for key in packed:
        ordered.append(moves[count - 1 - key % count])
    return ordered


def victim_first(pos: Position, move: int) -> int:
    """MVV-LVA: the captured piece's value, then the capturer's cheapness; promotions count
    the promoted piece's value."""
    values = pos._kind_values
    board = pos.board
    gain = capture_gain(pos, move, values)
    return 16 * gain - values[board[move & SQUARE_MASK] & KIND_MASK] if gain else 0


def material_difference(pos: Position, move: int) -> int:
    """The material a capture or promotion gains minus its capturer's, greatest gain first,
    in the chessmaps values Greer's move ordering uses (the variant's ``chessmaps_values``,
    a kind's lowest value; the royal piece its capture-sequence value, so it captures last):
    Greer 2000 orders his quiescence's captures "in the same way as the capture moves of the
    complete move ordering method"."""
    variant = pos.variant
    table = variant.chessmaps_values
    values = table.material
    mover = pos.board[move_from(move)]
    capturer = (
        table.royal_exchange_value if mover in variant.royal_pieces else values[mover & KIND_MASK]
    )
    return capture_gain(pos, move, values) - capturer


def capture_gain(pos: Position, move: int, values) -> int:
    """What a capture or promotion gains: the victim's value plus the promoted piece's, in
    ``values`` (kind -> value). The move's fields read in place (`core.moves`' accessors
    written out, here and in quiescence: no function call per capture)."""
    victim = pos.board[move >> SQUARE_BITS & SQUARE_MASK]
    if move >> SPECIAL_SHIFT == SIDE_CAPTURE:
        victim = pos.variant.side_capture_victim[pos.side]
    promotion = move >> PROMOTION_SHIFT & PROMOTION_MASK
    return (values[victim & KIND_MASK] if victim else 0) + (values[promotion] if promotion else 0)
