"""Static exchange evaluation: the material outcome of the capture sequence a move starts on its
target square, each side recapturing with its least valuable piece and free to stop.

Generic: attackers come from the variant's ``attackers(board, sq, color)`` recomputed on a
scratch board after every capture, so x-ray attackers behind a piece that has captured join in,
and cannon screens appear and vanish as pieces leave the line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xqchess.core.moves import SIDE_CAPTURE, move_from, move_promotion, move_special, move_to
from xqchess.core.pieces import COLOR_SHIFT, KIND_MASK, PIECE_CODES

if TYPE_CHECKING:
    from xqchess.core.position import Position

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


def see(pos: Position, move: int) -> int:
    """Material won (positive) or lost by ``move`` and the best exchange that follows on its
    target square. Pins are not considered."""
    variant = pos.variant
    value = variant.exchange_values
    attackers = variant.attackers
    board = pos.board[:]
    frm, to = move_from(move), move_to(move)
    mover = board[frm]
    if move_special(move) == SIDE_CAPTURE:
        files = variant.geometry.files
        victim_sq = frm - frm % files + to % files
        first = value[board[victim_sq]]
        board[victim_sq] = 0
    else:
        first = value[board[to]] if board[to] else 0
    promotion = move_promotion(move)
    if promotion:
        promoted = promotion | (mover >> COLOR_SHIFT) << COLOR_SHIFT
        first += value[promoted] - value[mover]
        mover = promoted
    board[frm] = 0
    board[to] = mover
    side = (mover >> COLOR_SHIFT) ^ 1
    gain = [first]
    last = first
    while True:
        candidates = attackers(board, to, side)
        if not candidates:
            break
        attacker_sq = candidates[0]
        cheapest = value[board[attacker_sq]]
        for sq in candidates:
            if value[board[sq]] < cheapest:
                attacker_sq, cheapest = sq, value[board[sq]]
        previous = last
        last = value[board[to]] - previous
        gain.append(last)
        if -previous < 0 and last < 0:
            break
        board[to] = board[attacker_sq]
        board[attacker_sq] = 0
        side ^= 1
    for i in range(len(gain) - 1, 0, -1):
        gain[i - 1] = -max(-gain[i - 1], gain[i])
    return gain[0]
