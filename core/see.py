"""Static exchange evaluation: the material outcome of the capture sequence a move starts on its
target square, each side recapturing with its least valuable piece and free to stop.

Generic: attackers come from the variant's attackers probe (`core.probe`), listed once per side
for the exchange (when that side is first to capture) and listed again only when a piece leaves
a square on one of the eight lines through the target (`exchange_lines`), where it may uncover
an x-ray attacker behind it, a cannon's screen, or a horse's leg. The exchange is played on the
position's own board, which is restored before returning (no copy).
"""

from __future__ import annotations

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


def see(pos: Position, move: int) -> int:
    """Material won (positive) or lost by ``move`` and the best exchange that follows on its
    target square. Pins are not considered. The capture of a royal piece ends the exchange."""
    value = pos._exchange_values  # the variant's tables, as the position holds them
    probe = pos._attack_probe
    board = pos.board
    cells = board  # C chars, compiled (`core.position.BOARD`)
    frm, to = move & SQUARE_MASK, move >> SQUARE_BITS & SQUARE_MASK
    lines = pos._exchange_lines[to]
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
    side = (mover >> COLOR_SHIFT) ^ 1
    answers = probe.attackers(board, to, side)
    # (no answer: nothing recaptures, and the move wins what it takes)
    result = _exchange(probe, value, board, to, lines, side, answers, first) if answers else first
    # the board as it was: the move taken back
    cells[to] = original_target
    cells[frm] = mover
    if victim_sq >= 0:
        cells[victim_sq] = victim
    return result


def _exchange(
    probe, value: list[int], board, to: int, lines: bytes, side: int, answers: list, first: int
) -> int:
    """The exchange on ``to`` after a capture that won ``first``: ``side`` answers first, with
    ``answers``, its attackers; each side recaptures with its cheapest attacker. The
    recapturers are lifted off ``board`` as they capture and put back before returning."""
    cells = board  # C chars, compiled (`core.position.BOARD`)
    on_target = cells[to]
    taken = []  # each recapturer's square, then its piece: put back when the exchange ends
    gain = [first]
    listed: list[list[int] | None] = [None, None]  # each side's attackers, when needed
    listed[side] = answers
    last = first
    while True:
        candidates = listed[side]
        if candidates is None:
            candidates = listed[side] = probe.attackers(board, to, side)
        if not candidates:
            break
        attacker_sq = candidates[0]
        cheapest = value[cells[attacker_sq]]
        for sq in candidates:
            if value[cells[sq]] < cheapest:
                attacker_sq, cheapest = sq, value[cells[sq]]
        captured = value[on_target]
        last = captured - last
        gain.append(last)
        if captured >= ROYAL_VALUE:
            break  # the royal piece is taken: nothing after it counts
        on_target = cells[attacker_sq]
        cells[attacker_sq] = 0
        cells[to] = on_target
        taken.append(attacker_sq)
        taken.append(on_target)
        if lines[attacker_sq]:
            listed[0] = listed[1] = None
        else:
            candidates.remove(attacker_sq)
        side ^= 1
    # the recapturers back on their squares (an index loop, a C loop in the compiled kernel)
    for i in range(0, len(taken), 2):
        cells[taken[i]] = taken[i + 1]
    # each capturer may stop instead: from the last capture back, the gain is the lesser of
    # stopping and being answered (no min() call: a builtin call costs Python more than the
    # comparison)
    result = gain[len(gain) - 1]
    for i in range(len(gain) - 2, -1, -1):
        stop = gain[i]
        result = stop if stop < -result else -result
    return result
