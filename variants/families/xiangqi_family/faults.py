"""Why a xiangqi move is refused, read from the move generator's tables: where each piece could
go were nothing in its way, and what is in its way (a piece on a chariot's or cannon's line, a
horse's leg, an elephant's eye, a cannon's missing or extra screens), or the generals facing.

`make_faults(tables, attacks)` builds these for one board; xiangqi's own are bound below.
"""

from __future__ import annotations

from types import SimpleNamespace

from xqchess.core.legality import piece_on, royal_exposure, square_name
from xqchess.core.pieces import COLOR_SHIFT, KIND_MASK
from xqchess.variants.families.xiangqi_family.definition import (
    ADVISOR,
    CANNON,
    CHARIOT,
    ELEPHANT,
    GENERAL,
    HORSE,
    SOLDIER,
)

#: How each piece moves, said when a move breaks the rule.
MOVE_RULES = {
    GENERAL: "a general steps one point along a file or rank, inside its palace",
    ADVISOR: "an advisor steps one point diagonally, inside its palace",
    ELEPHANT: "an elephant moves two points diagonally and never crosses the river",
    HORSE: "a horse moves one point along a file or rank, then one diagonally outwards",
    CHARIOT: "a chariot moves along a file or rank",
    CANNON: "a cannon moves along a file or rank",
    SOLDIER: "a soldier steps one point forward, or sideways once it has crossed the river",
}
#: The rules that read otherwise on a board without a river.
MOVE_RULES_NO_RIVER = {
    ELEPHANT: "an elephant moves two points diagonally",
    SOLDIER: "a soldier steps one point forward or sideways",
}


def make_faults(tables, attacks) -> SimpleNamespace:
    """The fault finders of the board of ``tables`` (``attacks``: its `attacks.make_attacks`
    probes): ``reach``, ``movement_fault`` and ``exposure_fault``."""
    geometry = tables.geometry
    ROOK_RAYS = tables.rook_rays
    HORSE_MOVES = tables.horse_moves
    ELEPHANT_MOVES = tables.elephant_moves
    generals_facing = attacks.generals_facing
    #: The step tables of the pieces that move one point, per color and square.
    STEPS = {
        GENERAL: tables.general_steps,
        ADVISOR: tables.advisor_steps,
        SOLDIER: tables.soldier_steps,
    }
    rules = dict(MOVE_RULES)
    if tables.board.own_halves is None:
        rules.update(MOVE_RULES_NO_RIVER)

    def reach(pos, frm: int) -> list[int]:
        """The points the piece on ``frm`` could move to were nothing in its way: whole lines
        for chariots and cannons, horse and elephant jumps whatever their leg or eye, and
        steps."""
        piece = pos.board[frm]
        kind, color = piece & KIND_MASK, piece >> COLOR_SHIFT
        if kind in (CHARIOT, CANNON):
            return [sq for ray in ROOK_RAYS[frm] for sq in ray]
        if kind == HORSE:
            return [target for target, _ in HORSE_MOVES[frm]]
        if kind == ELEPHANT:
            return [target for target, _ in ELEPHANT_MOVES[color][frm]]
        return STEPS[kind][color][frm]

    def movement_fault(pos, frm: int, to: int, rank_base: int | None = None) -> str:
        """Why no pseudo-legal move takes the side to move's piece on ``frm`` to ``to``: a move
        the piece never makes, a blocked leg or eye, a cannon capturing over no screen or
        several, or a piece on the line."""
        board = pos.board
        piece = board[frm]
        kind, color = piece & KIND_MASK, piece >> COLOR_SHIFT
        mover, target = piece_on(pos, frm, rank_base), square_name(pos, to, rank_base)
        if to not in reach(pos, frm):
            return f"{mover} cannot move to {target}: {rules[kind]}"
        if kind == HORSE:
            leg = next(leg for jump, leg in HORSE_MOVES[frm] if jump == to)
            return f"{mover} is hobbled: {piece_on(pos, leg, rank_base)} blocks its leg"
        if kind == ELEPHANT:
            eye = next(eye for jump, eye in ELEPHANT_MOVES[color][frm] if jump == to)
            return f"{mover} is blocked: {piece_on(pos, eye, rank_base)} stands on its eye"
        between = [sq for sq in geometry.between(frm, to) if board[sq]]
        if kind == CANNON and board[to]:
            if not between:
                return f"{mover} captures only over a screen, and none stands before {target}"
            return (
                f"{mover} captures over exactly one screen, and {len(between)} pieces "
                f"stand between it and {target}"
            )
        return f"{mover} is blocked by {piece_on(pos, between[0], rank_base)}"

    def exposure_fault(pos, move: int, rank_base: int | None = None) -> str:
        """Why the pseudo-legal ``move`` is illegal: it leaves the generals facing on an open
        file, or the mover's general in check."""
        probe = pos.copy()
        probe.make(move)
        if generals_facing(probe.board, probe.kings):
            file = geometry.square_name(probe.kings[0])[0]
            return f"the generals would face each other on the {file}-file"
        return royal_exposure(pos, move, rank_base)

    return SimpleNamespace(
        reach=reach, movement_fault=movement_fault, exposure_fault=exposure_fault
    )
