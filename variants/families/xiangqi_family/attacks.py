# cython: boundscheck=False, wraparound=False
"""Xiangqi attack detection, the reverse attack probes built from a board's tables.

`make_attacks(tables)` returns the probes of one board (`board_tables.Tables`): whether a
square is attacked, by whom, by whom directly or indirectly (`XiangqiClosure`), whether the
generals face each other. The tables are closed over, so the
probes index lists exactly as module constants would. Below, xiangqi's own board and probes.
"""

from __future__ import annotations

from array import array
from functools import partial
from types import SimpleNamespace

from xqchess.core.geometry import bytes_rays, bytes_table
from xqchess.core.pieces import COLOR_SHIFT, KIND_MASK
from xqchess.core.probe import LOW_MASK, LOW_SQUARES, AttackProbe, ClosureProbe, noted, ray_reads
from xqchess.variants.families.xiangqi_family.board_tables import Tables
from xqchess.variants.families.xiangqi_family.definition import (
    ADVISOR,
    CANNON,
    CHARIOT,
    ELEPHANT,
    GENERAL,
    HORSE,
    SOLDIER,
)

#: one, as wide as a read mask's word (compiled, a 64-bit C integer)
ONE = 1


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
    come first, so that `make_attacks` binds them (a module function over flat lists and bytes,
    the horses' as (square, leg) pairs: the compiled kernel types it, kernel.py)."""
    cells = board  # C chars, compiled (`core.position.BOARD`)
    base = by_color << COLOR_SHIFT
    chariot = CHARIOT | base
    cannon = CANNON | base
    general = GENERAL | base if facing else -1
    for ray in rook_rays[sq]:
        screened = False
        for s in ray:
            p = cells[s]
            if p:
                if screened:
                    if p == cannon:
                        return True
                    break
                if p == chariot or p == general:
                    return True
                screened = True
    horse = HORSE | base
    row = horse_attackers[sq]
    pairs = row  # (square, leg) pairs, C chars compiled
    for index in range(0, len(row), 2):
        if cells[pairs[index]] == horse and not cells[pairs[index + 1]]:
            return True
    soldier = SOLDIER | base
    soldiers = soldier_attackers[by_color][sq]
    for s in soldiers:
        if cells[s] == soldier:
            return True
    return False


class XiangqiAttackers(AttackProbe):
    """The attackers probe (`core.probe`) over one board's tables (`make_attacks`)."""

    __slots__ = (
        "rook_rays",
        "horse_attackers",
        "elephant_moves",
        "soldier_attackers",
        "advisor_steps",
        "general_steps",
    )

    def __init__(
        self,
        rook_rays: list,
        horse_attackers: list,
        elephant_moves: tuple,
        soldier_attackers: tuple,
        advisor_steps: tuple,
        general_steps: tuple,
    ) -> None:
        self.rook_rays = rook_rays
        self.horse_attackers = horse_attackers
        self.elephant_moves = elephant_moves
        self.soldier_attackers = soldier_attackers
        self.advisor_steps = advisor_steps
        self.general_steps = general_steps

    def royal_attacked(self, board: list[int], sq: int, by_color: int) -> bool:
        """Whether the general on ``sq`` is attacked by ``by_color`` (`attacked_by_movers`,
        the facing general included)."""
        return attacked_by_movers(
            self.rook_rays, self.horse_attackers, self.soldier_attackers, True, board, sq, by_color
        )

    def walk_attackers(
        self, board: list[int], sq: int, by_color: int, found: bytearray, listing: list | None
    ) -> int:
        """`AttackProbe.walk_attackers`: the squares of the pieces of ``by_color`` that could
        capture on ``sq`` now: chariots, cannons over exactly one screen, horses and elephants
        with a free leg or eye, soldiers, and the general and advisors inside their palace (the
        facing-general rule is not a capture). The horse and elephant tables are flat bytes per
        square, (square, leg) and (square, eye) pairs, read through C pointers compiled."""
        cells = board  # C chars, compiled (`core.position.BOARD`); likewise the rows below
        base = by_color << COLOR_SHIFT
        chariot, cannon = CHARIOT | base, CANNON | base
        count = 0
        for ray in self.rook_rays[sq]:
            screened = False
            for s in ray:
                p = cells[s]
                if p:
                    if screened:
                        if p == cannon:
                            count = noted(found, listing, count, s)
                        break
                    if p == chariot:
                        count = noted(found, listing, count, s)
                    screened = True
        horse, elephant = HORSE | base, ELEPHANT | base
        row = self.horse_attackers[sq]
        pairs = row
        for index in range(0, len(row), 2):
            s = pairs[index]
            if cells[s] == horse and not cells[pairs[index + 1]]:
                count = noted(found, listing, count, s)
        row = self.elephant_moves[by_color][sq]
        pairs = row
        for index in range(0, len(row), 2):
            s = pairs[index]
            if cells[s] == elephant and not cells[pairs[index + 1]]:
                count = noted(found, listing, count, s)
        soldier, advisor, general = SOLDIER | base, ADVISOR | base, GENERAL | base
        steps = self.soldier_attackers[by_color][sq]
        for s in steps:
            if cells[s] == soldier:
                count = noted(found, listing, count, s)
        steps = self.advisor_steps[by_color][sq]
        for s in steps:
            if cells[s] == advisor:
                count = noted(found, listing, count, s)
        steps = self.general_steps[by_color][sq]
        for s in steps:
            if cells[s] == general:
                count = noted(found, listing, count, s)
        return count


class XiangqiClosure(ClosureProbe):
    """`Variant.attack_closure` in one pass, as a closure probe (`core.probe`) over the tables
    `make_attacks` gives it: the squares of the pieces of both colors that attack ``sq``
    directly or indirectly, and the mask of the squares the definition (`core.closure`) reads.
    The definition lifts the attackers found in rounds; here each line is played out alone,
    since a piece lifted from one of the four lines never opens another: along a line, each
    round a chariot first or a cannon second among the pieces left is found and lifted, and a
    soldier found by its step leaves after the first round (the general stays); a horse (an
    elephant) is found when its leg (eye), a diagonal neighbour of ``sq``, is empty or holds a
    piece found and lifted (an advisor). The definition reads every step, horse and elephant
    square, a leg or eye where its horse or elephant stands, and each line up to the second
    piece left on it. The step, horse and elephant tables are flat bytes per square: (square,
    piece) pairs, (square, leg) pairs and (square, eye, piece) triples."""

    __slots__ = (
        "rook_rays",
        "step_attackers",
        "horse_attackers",
        "elephant_attackers",
        "fixed_low",
        "fixed_high",
        "ray_starts",
        "ray_low",
        "ray_high",
        "lifted",
        "live",
    )

    def __init__(
        self,
        rook_rays: list,
        step_attackers: list,
        horse_attackers: list,
        elephant_attackers: list,
        fixed_reads: list[int],
    ) -> None:
        super().__init__()
        self.rook_rays = rook_rays
        self.step_attackers = step_attackers
        self.horse_attackers = horse_attackers
        self.elephant_attackers = elephant_attackers
        self.fixed_low = array("Q", [mask & LOW_MASK for mask in fixed_reads])
        self.fixed_high = array("Q", [mask >> LOW_SQUARES for mask in fixed_reads])
        #: per square, the reads of its lines (in `rook_rays`' order) up to each square
        self.ray_starts, self.ray_low, self.ray_high = ray_reads(rook_rays)
        #: per square, 1 while the closure being found has lifted the piece there
        self.lifted = bytearray(len(fixed_reads))
        #: the indices along one line of the pieces left on it
        self.live = bytearray(len(fixed_reads))

    def closure(self, board: list[int], sq: int, found: bytearray) -> int:
        cells = board  # C chars, compiled (`core.position.BOARD`); likewise the rows below
        out = found
        lifted = self.lifted
        live = self.live
        count = 0
        row = self.step_attackers[sq]
        steps = row
        for index in range(0, len(row), 2):
            s = steps[index]
            if cells[s] == steps[index + 1]:
                out[count] = s
                count += 1
                if cells[s] & KIND_MASK != GENERAL:
                    lifted[s] = 1  # leaves after the first round
        low = self.fixed_low[sq]
        high = self.fixed_high[sq]
        base = self.ray_starts[sq]
        for row in self.rook_rays[sq]:
            ray = row
            length = len(row)
            left = 0
            for index in range(length):  # no branch: written always, kept where a piece is
                live[left] = index
                left += cells[ray[index]] != 0
            while True:
                leaving = 0
                for index in range(left):
                    leaving |= lifted[ray[live[index]]]
                if left:
                    s = ray[live[0]]
                    if cells[s] & KIND_MASK == CHARIOT:
                        out[count] = s
                        count += 1
                        lifted[s] = leaving = 1
                    if left > 1:
                        s = ray[live[1]]
                        if cells[s] & KIND_MASK == CANNON:
                            out[count] = s
                            count += 1
                            lifted[s] = leaving = 1
                if not leaving:
                    break
                kept = 0
                for index in range(left):
                    live[kept] = live[index]
                    kept += not lifted[ray[live[index]]]
                left = kept
            last = base + (live[1] if left > 1 else length - 1)
            low |= self.ray_low[last]
            high |= self.ray_high[last]
            base += length
        row = self.horse_attackers[sq]
        steps = row
        for index in range(0, len(row), 2):
            s = steps[index]
            if cells[s] & KIND_MASK == HORSE:
                eye = steps[index + 1]
                if eye < LOW_SQUARES:
                    low |= ONE << eye
                else:
                    high |= ONE << eye - LOW_SQUARES
                if not cells[eye] or lifted[eye]:
                    out[count] = s
                    count += 1
        row = self.elephant_attackers[sq]
        steps = row
        for index in range(0, len(row), 3):
            s = steps[index]
            if cells[s] == steps[index + 2]:
                eye = steps[index + 1]
                if eye < LOW_SQUARES:
                    low |= ONE << eye
                else:
                    high |= ONE << eye - LOW_SQUARES
                if not cells[eye] or lifted[eye]:
                    out[count] = s
                    count += 1
        for index in range(count):
            lifted[out[index]] = 0
        self.low = low
        self.high = high
        return count


def make_attacks(tables: Tables) -> SimpleNamespace:
    """The attack probes of the board of ``tables``: ``general_attacked``, ``attacked``,
    ``attackers`` (and its ``probe`` object), ``all_attackers``, ``closure_probe`` and
    ``generals_facing``, and the tables ``general_attacked`` binds (``movers``, for the move
    generator's direct calls)."""
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
    #: the rays and the soldier, advisor and general squares as bytes (squares are below
    #: 128), which the compiled kernel walks as C chars
    rook_rays = bytes_rays(ROOK_RAYS)
    soldier_squares = tuple(bytes_table(table) for table in SOLDIER_ATTACKERS)
    advisor_squares = tuple(bytes_table(table) for table in ADVISOR_STEPS)
    general_squares = tuple(bytes_table(table) for table in GENERAL_STEPS)
    #: the horses' attacks as flat (square, leg) pairs per square, and `attacked_by_movers'`
    #: tables
    horse_pairs = [bytes(value for pair in pairs for value in pair) for pairs in HORSE_ATTACKERS]
    movers = (rook_rays, horse_pairs, soldier_squares)
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

    fixed_reads = [0] * geometry.size
    for sq in range(geometry.size):
        for s in [s for s, _ in STEP_ATTACKERS[sq]] + [s for s, _ in HORSE_ATTACKERS[sq]]:
            fixed_reads[sq] |= 1 << s
        for s, _, _ in ELEPHANT_ATTACKERS[sq]:
            fixed_reads[sq] |= 1 << s
    closure_probe = XiangqiClosure(
        rook_rays,
        [bytes(value for entry in entries for value in entry) for entries in STEP_ATTACKERS],
        [bytes(value for entry in entries for value in entry) for entries in HORSE_ATTACKERS],
        [bytes(value for entry in entries for value in entry) for entries in ELEPHANT_ATTACKERS],
        fixed_reads,
    )

    probe = XiangqiAttackers(
        rook_rays,
        horse_pairs,
        tuple(
            [bytes(value for pair in pairs for value in pair) for pairs in table]
            for table in ELEPHANT_MOVES
        ),
        soldier_squares,
        advisor_squares,
        general_squares,
    )
    return SimpleNamespace(
        closure_probe=closure_probe,
        general_attacked=general_attacked,
        movers=movers,
        attacked=attacked,
        probe=probe,
        attackers=probe.attackers,
        all_attackers=all_attackers,
        generals_facing=generals_facing,
    )
