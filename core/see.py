"""Static exchange evaluation: the material outcome of the capture sequence a move starts on its
target square, each side recapturing with its least valuable piece and free to stop.

Generic: attackers come from the variant's ``attackers(board, sq, color)`` recomputed on a
scratch board after every capture, so x-ray attackers behind a piece that has captured join in,
and cannon screens appear and vanish as pieces leave the line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xqchess.core.moves import SIDE_CAPTURE, move_from, move_promotion, move_special, move_to
from xqchess.core.pieces import COLOR_SHIFT

if TYPE_CHECKING:
    from xqchess.core.position import Position

ROYAL_VALUE = 100_000  # a royal piece may capture last only: losing it loses the game


def piece_value(pos: Position, piece: int) -> int:
    if piece in pos.variant.royal_pieces:
        return ROYAL_VALUE
    return pos.variant.piece_values[piece & 7]


def see(pos: Position, move: int) -> int:
    """Material won (positive) or lost by ``move`` and the best exchange that follows on its
    target square. Pins are not considered."""
    variant = pos.variant
    board = list(pos.board)
    frm, to = move_from(move), move_to(move)
    mover = board[frm]
    if move_special(move) == SIDE_CAPTURE:
        victim_sq = frm - frm % variant.geometry.files + to % variant.geometry.files
        gain = [piece_value(pos, board[victim_sq])]
        board[victim_sq] = 0
    else:
        gain = [piece_value(pos, board[to]) if board[to] else 0]
    promotion = move_promotion(move)
    if promotion:
        promoted = promotion | (mover >> COLOR_SHIFT) << COLOR_SHIFT
        gain[0] += piece_value(pos, promoted) - piece_value(pos, mover)
        mover = promoted
    board[frm] = 0
    board[to] = mover
    side = (mover >> COLOR_SHIFT) ^ 1
    while True:
        candidates = variant.attackers(board, to, side)
        if not candidates:
            break
        attacker_sq = min(candidates, key=lambda s: piece_value(pos, board[s]))
        gain.append(piece_value(pos, board[to]) - gain[-1])
        if max(-gain[-2], gain[-1]) < 0:
            break
        board[to] = board[attacker_sq]
        board[attacker_sq] = 0
        side ^= 1
    for i in range(len(gain) - 1, 0, -1):
        gain[i - 1] = -max(-gain[i - 1], gain[i])
    return gain[0]
