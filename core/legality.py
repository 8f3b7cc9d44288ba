"""Why a move is not legal, in words: the reasons the move readers give when they refuse one.

A reason is found the way the move generator decides legality, through the `Variant` interface
only: is there a piece of the side to move on the origin; do its movement rules take it to the
target (the variant's pseudo-legal moves; `Variant.movement_fault` says why not: the piece never
moves so, or a blocker, a leg, an eye or a screen is in the way); and does the move then leave
the mover's royal piece safe (`Variant.exposure_fault` says why not). Nothing here changes the
position: the only move played is played on a copy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xqchess.core.moves import move_from, move_promotion, move_to
from xqchess.core.pieces import COLOR_SHIFT, KIND_MASK

if TYPE_CHECKING:
    from xqchess.core.position import Position


def square_name(pos: Position, sq: int, rank_base: int | None = None) -> str:
    """The name of ``sq`` with ranks counted from ``rank_base`` (the variant's when None)."""
    return pos.variant.geometry.square_name(sq, rank_base)


def piece_on(pos: Position, sq: int, rank_base: int | None = None) -> str:
    """The piece on ``sq`` in words: ``the white knight on g1``."""
    variant = pos.variant
    piece = pos.board[sq]
    return (
        f"the {variant.color_names[piece >> COLOR_SHIFT]} "
        f"{variant.kind_names[piece & KIND_MASK]} on {square_name(pos, sq, rank_base)}"
    )


def rejection(pos: Position, frm: int, to: int, rank_base: int | None = None) -> str:
    """Why the side to move cannot move the piece on ``frm`` to ``to`` (no legal move goes from
    ``frm`` to ``to``): the first fault found, in the order the rules apply them."""
    variant = pos.variant
    board = pos.board
    piece = board[frm]
    if not piece:
        return f"there is no piece on {square_name(pos, frm, rank_base)}"
    mover = variant.color_names[pos.side]
    if piece >> COLOR_SHIFT != pos.side:
        return f"{piece_on(pos, frm, rank_base)} is not {mover}'s, and {mover} is to move"
    if frm == to:
        return f"{piece_on(pos, frm, rank_base)} must leave its square"
    target = board[to]
    if target and target >> COLOR_SHIFT == pos.side:
        return f"{piece_on(pos, frm, rank_base)} cannot capture {piece_on(pos, to, rank_base)}"
    pseudo_legal = [
        m for m in variant.pseudo_legal_moves(pos) if move_from(m) == frm and move_to(m) == to
    ]
    if not pseudo_legal:
        return variant.movement_fault(pos, frm, to, rank_base)
    return variant.exposure_fault(pos, pseudo_legal[0], rank_base)


def royal_exposure(pos: Position, move: int, rank_base: int | None = None) -> str:
    """Why the pseudo-legal ``move`` is illegal in a game whose royal piece may not be left
    attacked: the royal piece would stand attacked, by the pieces named."""
    variant = pos.variant
    us = pos.side
    probe = pos.copy()
    probe.make(move)
    royal_sq = probe.kings[us]
    checkers = variant.attackers(probe.board, royal_sq, us ^ 1)
    by = " and ".join(piece_on(probe, sq, rank_base) for sq in checkers)
    royal = piece_on(probe, royal_sq, rank_base)
    check = f"in check from {by}" if by else "in check"
    if move_from(move) == pos.kings[us]:
        return f"{royal} would be {check}"
    return f"it would leave {royal} {check}"


def promotion_fault(pos: Position, moves: list[int], promotion: int) -> str:
    """Why none of ``moves`` (the legal moves between the two squares named) promotes to the
    piece kind asked for (0: the text names no promotion)."""
    names = pos.variant.kind_names
    offered = [names[move_promotion(m)] for m in moves if move_promotion(m)]
    if not offered:
        return "it is not a promotion"
    choices = f"{', '.join(offered[:-1])} or {offered[-1]}" if len(offered) > 1 else offered[0]
    if not promotion:
        return f"it needs a promotion piece: {choices}"
    return (
        f"{piece_on(pos, move_from(moves[0]))} cannot promote to a {names[promotion]}, "
        f"only to a {choices}"
    )
