# cython: boundscheck=False, wraparound=False
"""Xiangqi legal move generation: pseudo-legal moves, then a general-safety test where needed.

A move can expose its own general only if it is a general move, or it leaves or enters the
general's check zone (its file and rank, where chariots, cannons, their screens and the facing
general act, and the four diagonal neighbours, the legs of attacking horses). So when not in
check, every other move is legal without a test; the rest are tried on the board in place. Not
in check, and the general not moving, such a move can open only the lines of the general it
leaves or enters and, leaving a leg, the horses that jump over it: only those are probed. In
check, or for a general move, the whole probe runs.
The same generation without quiet moves gives the captures quiescence and staged move picking
search first; from one origin square, one piece's moves (to validate a transposition table's
move).

`make_movegen(tables, attacks)` builds these generators for one board (`board_tables.Tables`
and the probes of `attacks.make_attacks`): its tables (rays and steps as bytes, each check zone
as a per-square bytes of marks, `zone_marks`) in a `MoveTables` bound to the module's functions,
which take it first (an extension type with typed fields in the compiled kernel, whose
functions call each other and the attack probe directly, kernel.py).
"""

from __future__ import annotations

from functools import partial
from types import SimpleNamespace

from xqchess.core.generator import MoveGenerator
from xqchess.core.geometry import bytes_table
from xqchess.core.moves import SQUARE_BITS, SQUARE_MASK, move_rows
from xqchess.core.pieces import COLOR_SHIFT, KIND_MASK
from xqchess.variants.families.xiangqi_family.attacks import attacked_by_movers
from xqchess.variants.families.xiangqi_family.definition import (
    ADVISOR,
    CANNON,
    CHARIOT,
    ELEPHANT,
    GENERAL,
    HORSE,
)


class MoveTables(MoveGenerator):
    """What the generators read: one board's tables (`make_movegen` fills them), and the
    game's generator (`core.generator`) over them."""

    __slots__ = (
        "plain",
        "rook_rays",
        "horse_moves",
        "elephant_moves",
        "general_steps",
        "advisor_steps",
        "soldier_steps",
        "check_zone",
        "horse_attackers",
        "soldier_attackers",
    )

    def __init__(self, **tables) -> None:
        for name in MoveTables.__slots__:
            setattr(self, name, tables[name])

    def legal_moves(self, pos) -> list[int]:
        return legal_of(self, pos, True, None)

    def legal_captures(self, pos) -> list[int]:
        return legal_of(self, pos, False, None)

    def origin_moves(self, pos, frm: int) -> list[int]:
        return legal_of(self, pos, True, frm)

    def is_check(self, pos) -> bool:
        return in_check(self, pos)


def pseudo_moves(t: MoveTables, pos, quiets: bool = True, origin: int | None = None) -> list[int]:
    """Every move the pieces' movement rules allow, ignoring the own general's safety; without
    ``quiets`` only the captures, in the order the full list has them; with ``origin`` only the
    moves of the piece on that square."""
    board = pos.board
    cells = board  # C chars, compiled (`core.position.BOARD`)
    us = pos.side
    them = us ^ 1
    rook_rays = t.rook_rays
    horse_moves = t.horse_moves
    plain = t.plain
    moves = []
    # the origins in ascending order: every square (a C loop in the compiled kernel, no list
    # of squares made) or the one asked for
    first, last = 0, len(board)
    if origin is not None:
        first, last = origin, origin + 1
    for frm in range(first, last):
        piece = cells[frm]
        if not piece or piece >> COLOR_SHIFT != us:
            continue
        kind = piece & KIND_MASK
        row = plain[frm]
        if kind == CHARIOT:
            for ray in rook_rays[frm]:
                for to in ray:
                    p = cells[to]
                    if p:
                        if p >> COLOR_SHIFT == them:
                            moves.append(row[to])
                        break
                    if quiets:
                        moves.append(row[to])
        elif kind == CANNON:
            for ray in rook_rays[frm]:
                screened = False
                for to in ray:
                    p = cells[to]
                    if screened:
                        if p:
                            if p >> COLOR_SHIFT == them:
                                moves.append(row[to])
                            break
                    elif p:
                        screened = True
                    elif quiets:
                        moves.append(row[to])
        elif kind == HORSE:
            for to, leg in horse_moves[frm]:
                if not cells[leg]:
                    p = cells[to]
                    if (p and p >> COLOR_SHIFT == them) or (not p and quiets):
                        moves.append(row[to])
        elif kind == ELEPHANT:
            for to, eye in t.elephant_moves[us][frm]:
                if not cells[eye]:
                    p = cells[to]
                    if (p and p >> COLOR_SHIFT == them) or (not p and quiets):
                        moves.append(row[to])
        else:
            steps = (
                t.general_steps
                if kind == GENERAL
                else t.advisor_steps
                if kind == ADVISOR
                else t.soldier_steps
            )[us][frm]
            for to in steps:
                p = cells[to]
                if (p and p >> COLOR_SHIFT == them) or (not p and quiets):
                    moves.append(row[to])
    return moves


#: `MoveTables.check_zone`'s mark of a horse's leg (a diagonal neighbour of the general); a
#: square on one of the general's rook rays is marked with that ray's index plus one (1 to 4), a
#: square outside the zone with 0: every mark fits a byte, so each zone is `bytes`
HORSE_LEG = 255


def line_attacked(ray: bytes, board: list[int], chariot: int, cannon: int, general: int) -> bool:
    """Whether the first piece along ``ray`` (from the general outward) is ``chariot`` or
    ``general`` (the facing generals), or the second is ``cannon``: `attacked_by_movers`' walk
    of one ray."""
    cells = board  # C chars, compiled (`core.position.BOARD`)
    screened = False
    for s in ray:
        p = cells[s]
        if p:
            if screened:
                return p == cannon
            if p == chariot or p == general:
                return True
            screened = True
    return False


def opened(t: MoveTables, board: list[int], frm: int, to: int, ksq: int, them: int) -> bool:
    """Whether the move just made from ``frm`` to ``to`` (by a piece other than the general on
    ``ksq``, which was not in check) lets ``them`` attack the general: along the rays of the
    general it left or entered (a chariot or the general uncovered, a cannon given or left one
    screen), or by a horse whose leg it left. Nothing else can change: soldiers are never
    blocked, and a piece arriving on a leg only blocks."""
    cells = board  # C chars, compiled (`core.position.BOARD`)
    zone = t.check_zone[ksq]
    base = them << COLOR_SHIFT
    chariot = CHARIOT | base
    cannon = CANNON | base
    general = GENERAL | base
    rays = t.rook_rays[ksq]
    left = zone[frm]
    if left == HORSE_LEG:
        horse = HORSE | base
        row = t.horse_attackers[ksq]
        pairs = row  # (square, leg) pairs, C chars compiled
        for index in range(0, len(row), 2):
            if pairs[index + 1] == frm and cells[pairs[index]] == horse:
                return True
    elif left and line_attacked(rays[left - 1], board, chariot, cannon, general):
        return True
    entered = zone[to]
    return (
        0 < entered < HORSE_LEG
        and entered != left
        and line_attacked(rays[entered - 1], board, chariot, cannon, general)
    )


def exposes(
    t: MoveTables, board: list[int], frm: int, to: int, ksq: int, them: int, in_check: bool
) -> bool:
    """Whether moving the piece on ``frm`` to ``to`` leaves the general (on ``ksq``, or on ``to``
    when it is the mover) attacked (``in_check``: whether it is now): tried on the board in
    place, with the whole probe in check or for a general move, else `opened`'s."""
    piece = board[frm]
    captured = board[to]
    board[to] = piece
    board[frm] = 0
    if in_check or frm == ksq:
        exposed = attacked_by_movers(
            t.rook_rays,
            t.horse_attackers,
            t.soldier_attackers,
            True,
            board,
            to if frm == ksq else ksq,
            them,
        )
    else:
        exposed = opened(t, board, frm, to, ksq, them)
    board[frm] = piece
    board[to] = captured
    return exposed


def in_check(t: MoveTables, pos) -> bool:
    """Whether the side to move's general in ``pos`` is attacked (none is, once captured): a
    module function over ``t``'s tables, so that the search's check test, at every node, runs
    compiled with a typed position (and `legal_of` asks it too)."""
    us = pos.side
    ksq = pos.kings[us]
    return ksq >= 0 and attacked_by_movers(
        t.rook_rays, t.horse_attackers, t.soldier_attackers, True, pos.board, ksq, us ^ 1
    )


def legal_of(t: MoveTables, pos, quiets: bool = True, origin: int | None = None) -> list[int]:
    """All legal moves of the side to move in ``pos`` (``quiets`` and ``origin`` as
    `pseudo_moves` takes them)."""
    board = pos.board
    us = pos.side
    them = us ^ 1
    ksq = pos.kings[us]
    if ksq < 0:  # the general was captured (from a FEN with the opponent in check)
        return pseudo_moves(t, pos, quiets, origin)
    checked = in_check(t, pos)
    zone = t.check_zone[ksq]
    legal = []
    for listed in pseudo_moves(t, pos, quiets, origin):
        # ``move`` is a C int in the compiled kernel: the list keeps the int it was given
        move = listed
        frm = move & SQUARE_MASK
        to = move >> SQUARE_BITS & SQUARE_MASK
        if (not checked and frm != ksq and not zone[frm] and not zone[to]) or not exposes(
            t, board, frm, to, ksq, them, checked
        ):
            legal.append(listed)
    return legal


def candidate_legal(t: MoveTables, pos, move: int, in_check: bool) -> bool:
    """Whether the pseudo-legal ``move`` is legal (``in_check``: the side to move is), the test
    `legal_of` makes, for one move as the search reaches it."""
    ksq = pos.kings[pos.side]
    if ksq < 0:
        return True
    frm = move & SQUARE_MASK
    to = move >> SQUARE_BITS & SQUARE_MASK
    zone = t.check_zone[ksq]
    if not in_check and frm != ksq and not zone[frm] and not zone[to]:
        return True
    return not exposes(t, pos.board, frm, to, ksq, pos.side ^ 1, in_check)


def zone_marks(tables, ksq: int) -> bytes:
    """Per square, its mark in the check zone of a general on ``ksq`` (``tables``: a
    `board_tables.Tables`): the index plus one of the general's rook ray it lies on,
    `HORSE_LEG` for a diagonal neighbour, 0 outside the zone."""
    marks = [0] * tables.geometry.size
    for index, ray in enumerate(tables.rook_rays[ksq]):
        for s in ray:
            marks[s] = index + 1
    for s in tables.check_zone[ksq]:
        if not marks[s]:
            marks[s] = HORSE_LEG
    return bytes(marks)


def make_movegen(tables, attacks) -> SimpleNamespace:
    """The move generators of the board of ``tables``: ``generator`` (`core.generator`),
    ``pseudo_legal_moves``, ``legal_moves``, ``legal_captures``, ``origin_legal_moves``,
    ``candidate_is_legal`` (one pseudo-legal move's test) and ``is_check``."""
    size = tables.geometry.size

    rook_rays, horse_attackers, soldier_attackers = attacks.movers
    t = MoveTables(
        plain=move_rows(size),
        rook_rays=rook_rays,
        horse_moves=tables.horse_moves,
        elephant_moves=tables.elephant_moves,
        general_steps=tuple(bytes_table(table) for table in tables.general_steps),
        advisor_steps=tuple(bytes_table(table) for table in tables.advisor_steps),
        soldier_steps=tuple(bytes_table(table) for table in tables.soldier_steps),
        # per general square, per square: its mark in the general's check zone (bytes:
        # indexed faster than a frozenset is searched, in Python and compiled)
        check_zone=[zone_marks(tables, ksq) for ksq in range(size)],
        horse_attackers=horse_attackers,
        soldier_attackers=soldier_attackers,
    )
    return SimpleNamespace(
        generator=t,
        pseudo_legal_moves=partial(pseudo_moves, t),
        legal_moves=t.legal_moves,
        legal_captures=t.legal_captures,
        origin_legal_moves=t.origin_moves,
        candidate_is_legal=partial(candidate_legal, t),
        is_check=t.is_check,
    )
