"""Xiangqi attack detection, the reverse attack probes built from a board's tables.

`make_attacks(tables)` returns the probes of one board (`board.Tables`): whether a square is
attacked, by whom, whether the generals face each other. The tables are closed over, so the
probes index lists exactly as module constants would. Below, xiangqi's own board and probes.
"""

from __future__ import annotations

from functools import partial
from types import SimpleNamespace

from xqchess.core.pieces import COLOR_SHIFT, KIND_MASK
from xqchess.variants.families.xiangqi_family.board import Tables
from xqchess.variants.families.xiangqi_family.definition import (
    ADVISOR,
    CANNON,
    CHARIOT,
    ELEPHANT,
    GENERAL,
    HORSE,
    SOLDIER,
)


def attacked_by_movers(
    rook_rays: list,
    horse_attackers: list,
    soldier_attackers: tuple,
    facing: bool,
    board: list[int],
    sq: int,
    by_color: int,
) -> bool:
    """Attacks on ``sq`` by ``by_color``'s chariots, cannons over one screen, horses with a free
    leg and soldiers; with ``facing``, also by its general seen along an open line. The tables
    come first, so that `make_attacks` binds them (a module function over flat lists: the
    compiled kernel types it, kernel.py)."""
    base = by_color << COLOR_SHIFT
    chariot = CHARIOT | base
    cannon = CANNON | base
    general = GENERAL | base if facing else -1
    for ray in rook_rays[sq]:
        screened = False
        for s in ray:
            p = board[s]
            if p:
                if screened:
                    if p == cannon:
                        return True
                    break
                if p == chariot or p == general:
                    return True
                screened = True
    horse = HORSE | base
    for s, leg in horse_attackers[sq]:
        if board[s] == horse and not board[leg]:
            return True
    soldier = SOLDIER | base
    for s in soldier_attackers[by_color][sq]:
        if board[s] == soldier:
            return True
    return False


def attackers_of(
    rook_rays: list,
    horse_attackers: list,
    elephant_moves: tuple,
    soldier_attackers: tuple,
    advisor_steps: tuple,
    general_steps: tuple,
    board: list[int],
    sq: int,
    by_color: int,
) -> list[int]:
    """The squares of the pieces of ``by_color`` that could capture on ``sq`` now: chariots,
    cannons over exactly one screen, horses and elephants with a free leg or eye, soldiers,
    and the general and advisors inside their palace (the facing-general rule is not a
    capture). The tables come first, so that `make_attacks` binds them (a module function
    over flat lists, which the compiled kernel types)."""
    base = by_color << COLOR_SHIFT
    chariot, cannon = CHARIOT | base, CANNON | base
    found = []
    for ray in rook_rays[sq]:
        screened = False
        for s in ray:
            p = board[s]
            if p:
                if screened:
                    if p == cannon:
                        found.append(s)
                    break
                if p == chariot:
                    found.append(s)
                screened = True
    horse, elephant = HORSE | base, ELEPHANT | base
    found += [s for s, leg in horse_attackers[sq] if board[s] == horse and not board[leg]]
    found += [
        s for s, eye in elephant_moves[by_color][sq] if board[s] == elephant and not board[eye]
    ]
    found += [s for s in soldier_attackers[by_color][sq] if board[s] == SOLDIER | base]
    found += [s for s in advisor_steps[by_color][sq] if board[s] == ADVISOR | base]
    found += [s for s in general_steps[by_color][sq] if board[s] == GENERAL | base]
    return found


def make_attacks(tables: Tables) -> SimpleNamespace:
    """The attack probes of the board of ``tables``: ``general_attacked``, ``attacked``,
    ``attackers``, ``all_attackers`` and ``generals_facing``."""
    geometry = tables.geometry
    ROOK_RAYS = tables.rook_rays
    HORSE_ATTACKERS = tables.horse_attackers
    SOLDIER_ATTACKERS = tables.soldier_attackers
    GENERAL_STEPS = tables.general_steps
    ADVISOR_STEPS = tables.advisor_steps
    ELEPHANT_MOVES = tables.elephant_moves
    STEP_ATTACKERS = tables.step_attackers
    ELEPHANT_ATTACKERS = tables.elephant_attackers
    file_of, between = geometry.file_of, geometry.between
    movers = (ROOK_RAYS, HORSE_ATTACKERS, SOLDIER_ATTACKERS)
    #: whether the general on a square is attacked by a color: by a chariot, a cannon over one
    #: screen, a horse with a free leg, a soldier, or the other general on an open file
    general_attacked = partial(attacked_by_movers, *movers, True)

    def _attacked_by_movers(board: list[int], sq: int, by_color: int, facing: bool) -> bool:
        return attacked_by_movers(*movers, facing, board, sq, by_color)

    def generals_facing(board: list[int], kings: list[int]) -> bool:
        """Whether the generals on ``kings`` (by color) stand on one file with nothing between."""
        red, black = kings
        return file_of(red) == file_of(black) and not any(board[s] for s in between(red, black))

    def attacked(board: list[int], sq: int, by_color: int) -> bool:
        """Whether a piece of ``by_color`` could capture on ``sq``. The facing-general rule
        counts only when ``sq`` holds the other general (generals never move along the file
        otherwise)."""
        target = board[sq]
        if target & KIND_MASK == GENERAL and target >> COLOR_SHIFT != by_color:
            return _attacked_by_movers(board, sq, by_color, True)
        if _attacked_by_movers(board, sq, by_color, False):
            return True
        base = by_color << COLOR_SHIFT
        general, advisor, elephant = GENERAL | base, ADVISOR | base, ELEPHANT | base
        return (
            any(board[s] == general for s in GENERAL_STEPS[by_color][sq])
            or any(board[s] == advisor for s in ADVISOR_STEPS[by_color][sq])
            or any(
                board[s] == elephant and not board[eye] for s, eye in ELEPHANT_MOVES[by_color][sq]
            )
        )

    def all_attackers(board: list[int], sq: int) -> list[int]:
        """The squares of the pieces of both colors that could capture on ``sq``: the squares of
        ``attackers(board, sq, 0) + attackers(board, sq, 1)``, in one pass."""
        found = []
        for ray in ROOK_RAYS[sq]:
            screened = False
            for s in ray:
                p = board[s]
                if p:
                    kind = p & KIND_MASK
                    if screened:
                        if kind == CANNON:
                            found.append(s)
                        break
                    if kind == CHARIOT:
                        found.append(s)
                    screened = True
        found += [
            s for s, leg in HORSE_ATTACKERS[sq] if board[s] & KIND_MASK == HORSE and not board[leg]
        ]
        found += [s for s, piece in STEP_ATTACKERS[sq] if board[s] == piece]
        found += [
            s for s, eye, piece in ELEPHANT_ATTACKERS[sq] if board[s] == piece and not board[eye]
        ]
        return found

    return SimpleNamespace(
        general_attacked=general_attacked,
        attacked=attacked,
        attackers=partial(
            attackers_of,
            ROOK_RAYS,
            HORSE_ATTACKERS,
            ELEPHANT_MOVES,
            SOLDIER_ATTACKERS,
            ADVISOR_STEPS,
            GENERAL_STEPS,
        ),
        all_attackers=all_attackers,
        generals_facing=generals_facing,
    )
