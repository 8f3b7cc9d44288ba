# cython: boundscheck=False, wraparound=False
"""The capture keys: how quiescence, and the ordering heuristics that rank captures, score a
capture or promotion (`victim_first`, MVV-LVA; `material_difference`, Greer's order), what it
gains (`capture_gain`), and `captures_in_order`, quiescence's sort by a key."""

from __future__ import annotations

from array import array
from functools import partial

from xqchess.core.key_sort import place_bits, sort_descending
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

#: the low bits a packed capture key gives a move's place: the most moves it sorts packed
PLACE_BITS = 16
#: the largest key magnitude `captures_in_order` packs: a C long long holds it shifted past
#: the place bits, its sign bit spare
PACKED_KEY_LIMIT = 1 << (62 - PLACE_BITS)


def captures_in_order(pos: Position, moves: list[int], capture_key, keys=None) -> list[int]:
    """``moves`` by ``capture_key`` (position, move -> score), greatest first, ties in their
    order: what ``moves.sort(key=..., reverse=True)`` gives. ``keys``: a buffer of 64-bit
    integers to sort in (quiescence passes the tree's; None: one is made for the call).

    Each move's key is packed with its place counted from the end in the low bits, so that the
    packed keys are distinct and sort as the keys with ties in order; they are sorted in the
    buffer (`core.key_sort.sort_descending`), and no key function is called per
    comparison. The default key, `victim_first`, is called directly (a C call in the compiled
    kernel). Where the buffer is too short, the moves more than `PLACE_BITS` can number, or a
    key beyond `PACKED_KEY_LIMIT`, the moves are sorted by ``sorted`` instead."""
    count = len(moves)
    if count < 2:
        return list(moves)
    if keys is None:
        keys = array("q", bytes(8 * count))
    shift = place_bits(count)
    if count > len(keys) or shift > PLACE_BITS:
        return sorted(moves, key=partial(capture_key, pos), reverse=True)
    by_victim = capture_key is victim_first
    limit = PACKED_KEY_LIMIT
    for i in range(count):
        move = moves[i]
        key = victim_first(pos, move) if by_victim else capture_key(pos, move)
        if key > limit or key < -limit:
            return sorted(moves, key=partial(capture_key, pos), reverse=True)
        keys[i] = key * (1 << shift) + (count - 1 - i)
    sort_descending(keys, count)
    mask = (1 << shift) - 1
    ordered = [0] * count  # made at its size; an index loop, a C loop in the compiled kernel
    for i in range(count):
        ordered[i] = moves[count - 1 - (keys[i] & mask)]
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
