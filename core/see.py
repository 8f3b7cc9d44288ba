"""Static exchange evaluation: the material outcome of the capture sequence a move starts on its
target square, each side recapturing with its least valuable piece and free to stop.

Generic: attackers come from the variant's attackers probe (`core.probe`), listed once per side
for the exchange (when that side is first to capture) and listed again only when a piece leaves
a square on one of the eight lines through the target (`exchange_lines`), where it may uncover
an x-ray attacker behind it, a cannon's screen, or a horse's leg. The exchange is played on the
position's own board, which is restored before returning (no copy).
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

from xqchess.core.moves import (
    PROMOTION_MASK,
    PROMOTION_SHIFT,
    SIDE_CAPTURE,
    SPECIAL_SHIFT,
    SQUARE_BITS,
    SQUARE_MASK,
)
from xqchess.core.pieces import COLOR_SHIFT, KIND_MASK, PIECE_CODES

if TYPE_CHECKING:
    from xqchess.core.geometry import Geometry
    from xqchess.core.position import Position

#: the eight directions of a queen: every blocker, screen, leg or eye between an attacker and
#: its target lies on one of them, in chess and in xiangqi alike
LINES = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
ROYAL_VALUE = 100_000  # a royal piece may capture last only: losing it loses the game
#: the most squares a board has: every square fits a move's square field
SQUARES = 1 << SQUARE_BITS
UNLISTED = -1  # a side whose attackers are to be listed again


def exchange_values(variant) -> list[int]:
    """Per piece code, its value in exchanges: the kind's material, `ROYAL_VALUE` for the royal
    pieces (a `Variant` computes this once, as ``exchange_values``)."""
    values = [0] * PIECE_CODES
    for piece in range(len(values)):
        kind = piece & KIND_MASK
        if piece in variant.royal_pieces:
            values[piece] = ROYAL_VALUE
        elif kind in variant.piece_values:
            values[piece] = variant.piece_values[kind]
    return values


def exchange_lines(geometry: Geometry) -> list[bytes]:
    """Per target square, per square: 1 where a piece leaving that square may change who
    attacks the target (it lies on one of the `LINES` through it), else 0 (a `Variant` computes
    this once, as ``exchange_lines``)."""
    table = []
    for rays in geometry.rays(LINES):
        row = bytearray(geometry.size)
        for ray in rays:
            for sq in ray:
                row[sq] = 1
        table.append(bytes(row))
    return table


class ExchangeScratch:
    """The buffers a position's exchanges are worked out in, so that `see` allocates nothing:
    each side's listed attackers (`AttackProbe.attackers_into`), the recapturers lifted off the
    board (square, piece), and the gain after each capture. A position holds its own
    (``Position._exchange_scratch``): searches of different positions, in different threads,
    never share one."""

    __slots__ = ("white", "black", "taken", "gains")

    def __init__(self) -> None:
        self.white = bytearray(SQUARES)
        self.black = bytearray(SQUARES)
        self.taken = bytearray(2 * SQUARES)
        #: the first capture's gain, then one per recapture: at most one per piece
        self.gains = array("i", bytes(4 * (SQUARES + 1)))


def see(pos: Position, move: int) -> int:
    """Material won (positive) or lost by ``move`` and the best exchange that follows on its
    target square. Pins are not considered. The capture of a royal piece ends the exchange."""
    value = pos._exchange_values  # the variant's tables, as the position holds them
    board = pos.board
    cells = board  # C chars, compiled (`core.position.BOARD`)
    frm, to = move & SQUARE_MASK, move >> SQUARE_BITS & SQUARE_MASK
    mover = cells[frm]
    original_target = cells[to]
    victim_sq = -1
    victim = 0
    if move >> SPECIAL_SHIFT == SIDE_CAPTURE:
        files = pos.variant.geometry.files
        victim_sq = frm - frm % files + to % files
        victim = cells[victim_sq]
        first = value[victim]
        cells[victim_sq] = 0
    else:
        first = value[original_target] if original_target else 0
    on_target = mover
    promotion = move >> PROMOTION_SHIFT & PROMOTION_MASK
    if promotion:
        on_target = promotion | (mover >> COLOR_SHIFT) << COLOR_SHIFT
        first += value[on_target] - value[mover]
    cells[frm] = 0
    cells[to] = on_target
    result = _exchange(pos, value, board, to, (mover >> COLOR_SHIFT) ^ 1, first)
    # the board as it was: the move taken back
    cells[to] = original_target
    cells[frm] = mover
    if victim_sq >= 0:
        cells[victim_sq] = victim
    return result


def _exchange(pos: Position, value: list[int], board, to: int, side: int, first: int) -> int:
    """The exchange on ``to`` after a capture that won ``first``, ``side`` to answer; each side
    recaptures with its cheapest attacker, listed when it is first to capture and listed again
    only when a recapturer leaves one of the lines through ``to``. The recapturers are lifted
    off ``board`` as they capture and put back before returning."""
    probe = pos._attack_probe
    scratch = pos._exchange_scratch
    lines = pos._exchange_lines[to]
    taken = scratch.taken
    gains = scratch.gains
    cells = board  # C chars, compiled (`core.position.BOARD`)
    on_target = cells[to]
    gains[0] = first
    captures = 0
    lifted = 0  # bytes of ``taken`` in use
    white_count = black_count = UNLISTED  # each side's listed attackers
    while True:
        buffer = scratch.black if side else scratch.white
        listed = buffer  # C chars, compiled
        count = black_count if side else white_count
        if count == UNLISTED:
            count = probe.attackers_into(board, to, side, buffer)
        if not count:
            break
        at = 0
        cheapest = value[cells[listed[0]]]
        for i in range(1, count):
            price = value[cells[listed[i]]]
            if price < cheapest:
                at, cheapest = i, price
        attacker_sq = listed[at]
        captured = value[on_target]
        gains[captures + 1] = captured - gains[captures]
        captures += 1
        if captured >= ROYAL_VALUE:
            break  # the royal piece is taken: nothing after it counts
        on_target = cells[attacker_sq]
        cells[attacker_sq] = 0
        cells[to] = on_target
        taken[lifted] = attacker_sq
        taken[lifted + 1] = on_target
        lifted += 2
        if lines[attacker_sq]:
            white_count = black_count = UNLISTED
        else:
            # the recapturer leaves its side's list, which keeps its order
            count -= 1
            for i in range(at, count):
                listed[i] = listed[i + 1]
            if side:
                black_count = count
            else:
                white_count = count
        side ^= 1
    # the recapturers back on their squares
    for i in range(0, lifted, 2):
        cells[taken[i]] = taken[i + 1]
    # each capturer may stop instead: from the last capture back, the gain is the lesser of
    # stopping and being answered (no min() call: a builtin call costs Python more than the
    # comparison)
    result = gains[captures]
    for i in range(captures - 1, -1, -1):
        stop = gains[i]
        result = stop if stop < -result else -result
    return result
