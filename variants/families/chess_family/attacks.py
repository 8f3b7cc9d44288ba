# cython: boundscheck=False, wraparound=False
"""Attack tables and the reverse attack probe used for check and legality, built from a
`ChessGame` (`build_attacks`).

The probe groups the kinds by how they attack: every leaper offset and every slider direction
is tagged with the set of kinds that use it, and offsets (directions) with the same set form
one group with one per-square table. Chess has knight jumps {knight}, king steps {king},
orthogonal rays {rook, queen} and diagonal rays {bishop, queen}; Capablanca chess adds the
archbishop to the knight jumps and diagonals and the chancellor to the knight jumps and
orthogonals. Each group carries, per color, a per-code tuple of booleans (``hit[piece]``), so
the probe indexes tables and never tests a kind. The squares the probes walk are bytes (per
square its targets, per ray its squares), which Python iterates as it does lists and the
compiled kernel as C chars; the hit tables are tuples, which Python indexes faster than bytes
(a specialised subscript, no int to convert and test; docs/speed.md, Pure-Python mode) and
the compiled kernel about as fast.
"""

from __future__ import annotations

from array import array
from functools import partial
from types import SimpleNamespace

from xqchess.core.geometry import bytes_rays, bytes_table
from xqchess.core.pieces import BLACK, PIECE_CODES, WHITE, piece_code
from xqchess.core.probe import LOW_MASK, LOW_SQUARES, AttackProbe, ClosureProbe, noted, ray_reads
from xqchess.variants.families.chess_family.definition import ChessGame


def _groups(desc: ChessGame, attribute: str, royal: bool = True) -> list[tuple[tuple, frozenset]]:
    """(steps, kinds) groups: the steps of ``attribute`` (leaps or slides) of the non-pawn
    kinds (without the king unless ``royal``), merged where the same kinds use them, in the
    order the steps are first met."""
    users: dict[tuple[int, int], set[int]] = {}
    for piece in desc.kinds:
        if piece.kind == desc.pawn or (piece.kind == desc.king and not royal):
            continue
        for step in getattr(piece, attribute):
            users.setdefault(step, set()).add(piece.kind)
    groups: dict[frozenset, list] = {}
    for step, kinds in users.items():
        groups.setdefault(frozenset(kinds), []).append(step)
    return [(tuple(steps), kinds) for kinds, steps in groups.items()]


def _hits(kinds: frozenset, colors: tuple[int, ...]) -> tuple[bool, ...]:
    """Per piece code, True for a piece of ``kinds`` in ``colors``."""
    hit = [False] * PIECE_CODES
    for kind in kinds:
        for color in colors:
            hit[piece_code(kind, color)] = True
    return tuple(hit)


def _pawn_hit(pawn: int) -> tuple[bool, ...]:
    hit = [False] * PIECE_CODES
    hit[pawn] = True
    return tuple(hit)


def attacked_on(
    leaps_by_color: tuple, slides_by_color: tuple, board: list[int], sq: int, by_color: int
) -> bool:
    """Whether a piece of ``by_color`` attacks ``sq`` on ``board`` (the attack groups first,
    bound by `build_attacks`: a module function over flat lists, which the compiled kernel
    types, kernel.py)."""
    cells = board  # C chars, compiled (`core.position.BOARD`)
    for targets, hit in leaps_by_color[by_color]:
        squares = targets[sq]
        for s in squares:
            p = cells[s]
            if p and hit[p]:  # most leap squares are empty: no table read for them
                return True
    for rays, hit in slides_by_color[by_color]:
        for ray in rays[sq]:
            for s in ray:
                p = cells[s]
                if p:
                    if hit[p]:
                        return True
                    break
    return False


class ChessAttackers(AttackProbe):
    """The attackers probe (`core.probe`) over one game's attack groups (`build_attacks`),
    flattened per color as `ChessClosure`'s are (`flat_leaps`, `flat_rays`): per (color,
    square), at ``color * size + square``, the targets of every leaper group of that color one
    after another with each target's group, and likewise the rays of every slider group; the
    hits as bytes, ``hits[group * PIECE_CODES + piece]``, the groups of both colors numbered
    in one sequence. The compiled kernel reads them all as C chars. `attackers` finds what
    `attacked_on` asks about, in the same order."""

    __slots__ = (
        "size",
        "leap_squares",
        "leap_owners",
        "leap_hits",
        "ray_squares",
        "ray_ends",
        "ray_owners",
        "slide_hits",
    )

    def __init__(self, leaps_by_color: tuple, slides_by_color: tuple, size: int) -> None:
        self.size = size
        self.leap_squares: list[bytes] = []
        self.leap_owners: list[bytes] = []
        self.ray_squares: list[bytes] = []
        self.ray_ends: list[bytes] = []
        self.ray_owners: list[bytes] = []
        leap_hits: list[tuple] = []
        slide_hits: list[tuple] = []
        for color in (WHITE, BLACK):
            squares, owners, hits = flat_leaps(list(leaps_by_color[color]), size)
            first = len(leap_hits)
            self.leap_squares += squares
            self.leap_owners += [bytes(first + group for group in row) for row in owners]
            leap_hits += hits
            squares, ends, owners = flat_rays(slides_by_color[color], size)
            first = len(slide_hits)
            self.ray_squares += squares
            self.ray_ends += ends
            self.ray_owners += [bytes(first + group for group in row) for row in owners]
            slide_hits += [hit for _, hit in slides_by_color[color]]
        self.leap_hits = bytes(flag for hit in leap_hits for flag in hit)
        self.slide_hits = bytes(flag for hit in slide_hits for flag in hit)

    def royal_attacked(self, board: list[int], sq: int, by_color: int) -> bool:
        """Whether a piece of ``by_color`` attacks ``sq`` (`attacked_on`)."""
        cells = board  # C chars, compiled (`core.position.BOARD`); likewise the rows below
        at = by_color * self.size + sq
        leap_row, owner_row, hit_row = self.leap_squares[at], self.leap_owners[at], self.leap_hits
        squares, owners, hits = leap_row, owner_row, hit_row
        for index in range(len(leap_row)):
            p = cells[squares[index]]
            if p and hits[owners[index] * PIECE_CODES + p]:
                return True
        ray_row, end_row, owner_row = self.ray_squares[at], self.ray_ends[at], self.ray_owners[at]
        hit_row = self.slide_hits
        squares, ends, owners, hits = ray_row, end_row, owner_row, hit_row
        start = 0
        for ray in range(len(end_row)):
            for index in range(start, ends[ray]):
                p = cells[squares[index]]
                if p:
                    if hits[owners[ray] * PIECE_CODES + p]:
                        return True
                    break
            start = ends[ray]
        return False

    def walk_attackers(
        self, board: list[int], sq: int, by_color: int, found: bytearray, listing: list | None
    ) -> int:
        """`AttackProbe.walk_attackers`: the squares of the pieces of ``by_color`` that attack
        ``sq`` (direct attacks only): leapers (knights), pawns, the king, then along each
        slider group's rays."""
        cells = board  # C chars, compiled (`core.position.BOARD`); likewise the rows below
        count = 0
        at = by_color * self.size + sq
        leap_row, owner_row, hit_row = self.leap_squares[at], self.leap_owners[at], self.leap_hits
        squares, owners, hits = leap_row, owner_row, hit_row
        for index in range(len(leap_row)):
            s = squares[index]
            p = cells[s]
            if p and hits[owners[index] * PIECE_CODES + p]:
                count = noted(found, listing, count, s)
        ray_row, end_row, owner_row = self.ray_squares[at], self.ray_ends[at], self.ray_owners[at]
        hit_row = self.slide_hits
        squares, ends, owners, hits = ray_row, end_row, owner_row, hit_row
        start = 0
        for ray in range(len(end_row)):
            for index in range(start, ends[ray]):
                s = squares[index]
                p = cells[s]
                if p:
                    if hits[owners[ray] * PIECE_CODES + p]:
                        count = noted(found, listing, count, s)
                    break
            start = ends[ray]
        return count


def flat_leaps(groups: list, size: int) -> tuple[list[bytes], list[bytes], tuple]:
    """(per-square targets, hit) ``groups`` flattened for `ChessClosure`: per square, the
    targets of every group one after another and, per target, its group; and the groups' hits
    (``hits[group]``)."""
    squares = [bytes(s for targets, _ in groups for s in targets[sq]) for sq in range(size)]
    owners = [
        bytes(group for group, (targets, _) in enumerate(groups) for _ in targets[sq])
        for sq in range(size)
    ]
    return squares, owners, tuple(hit for _, hit in groups)


def flat_rays(groups: tuple, size: int) -> tuple[list[bytes], list[bytes], list[bytes]]:
    """(per-square rays, hit) ``groups`` flattened for `ChessClosure`: per square, the rays of
    every group one after another, each ray's end in that sequence and each ray's group."""
    squares, ends, owners = [], [], []
    for sq in range(size):
        row: list[int] = []
        row_ends, row_owners = [], []
        for group, (rays, _) in enumerate(groups):
            for ray in rays[sq]:
                row += ray
                row_ends.append(len(row))
                row_owners.append(group)
        squares.append(bytes(row))
        ends.append(bytes(row_ends))
        owners.append(bytes(row_owners))
    return squares, ends, owners


class ChessClosure(ClosureProbe):
    """`Variant.attack_closure` in one pass, as a closure probe (`core.probe`) over the tables
    of `build_attacks` flattened (`flat_leaps`, `flat_rays`; both colors' pieces hitting; the
    hits as bytes, ``hits[group * PIECE_CODES + piece]``, which the compiled kernel reads as C
    chars):
    the squares of the pieces of both colors that attack ``sq`` directly or indirectly, and
    the mask of the squares the definition (`core.closure`) reads. Leapers and pawns attack
    whatever stands between, and lifting a piece never makes a new one, so they are found at
    once; along a ray the pieces come off one by one, so a walk out from ``sq`` passes every
    piece found (by the ray or as a leaper or pawn) that is not royal and stops at any other
    piece. The definition reads every leaper and pawn square, and each ray up to where the
    walk stops."""

    __slots__ = (
        "leap_squares",
        "leap_owners",
        "leap_hits",
        "ray_squares",
        "ray_ends",
        "ray_owners",
        "slide_hits",
        "leap_low",
        "leap_high",
        "ray_starts",
        "ray_low",
        "ray_high",
        "first_royal",
        "second_royal",
        "leapt",
    )

    def __init__(
        self, leaps: list, slides: tuple, size: int, leap_reads: list[int], royal: tuple
    ) -> None:
        super().__init__()
        self.leap_squares, self.leap_owners, hits = flat_leaps(leaps, size)
        self.leap_hits = bytes(flag for hit in hits for flag in hit)
        self.ray_squares, self.ray_ends, self.ray_owners = flat_rays(slides, size)
        self.slide_hits = bytes(flag for _, hit in slides for flag in hit)
        self.leap_low = array("Q", [mask & LOW_MASK for mask in leap_reads])
        self.leap_high = array("Q", [mask >> LOW_SQUARES for mask in leap_reads])
        #: per square, the reads of its rays (in `ray_squares`' order) up to each square
        self.ray_starts, self.ray_low, self.ray_high = ray_reads(
            [[ray for rays, _ in slides for ray in rays[sq]] for sq in range(size)]
        )
        self.first_royal, self.second_royal = royal
        #: per square, 1 while the closure being found holds it as a leaper or pawn
        self.leapt = bytearray(size)

    def closure(self, board: list[int], sq: int, found: bytearray) -> int:
        cells = board  # C chars, compiled (`core.position.BOARD`); likewise the rows below
        out = found
        leapt = self.leapt
        count = 0
        leap_row, owner_row, hit_row = self.leap_squares[sq], self.leap_owners[sq], self.leap_hits
        squares, owners, hits = leap_row, owner_row, hit_row
        for index in range(len(leap_row)):  # no branch: most leap squares hold no attacker
            s = squares[index]
            hit = hits[owners[index] * PIECE_CODES + cells[s]]
            out[count] = s
            count += hit
            leapt[s] |= hit
        leapers = count
        first_royal, second_royal = self.first_royal, self.second_royal
        low = self.leap_low[sq]
        high = self.leap_high[sq]
        ray_row, end_row, owner_row = self.ray_squares[sq], self.ray_ends[sq], self.ray_owners[sq]
        hit_row = self.slide_hits
        squares, ends, owners, hits = ray_row, end_row, owner_row, hit_row
        base = self.ray_starts[sq]
        start = 0
        for ray in range(len(end_row)):
            last = ends[ray] - 1
            for index in range(start, ends[ray]):
                s = squares[index]
                p = cells[s]
                if p:
                    if hits[owners[ray] * PIECE_CODES + p]:
                        if not leapt[s]:
                            out[count] = s
                            count += 1
                    elif not leapt[s]:
                        last = index
                        break
                    if p == first_royal or p == second_royal:
                        last = index
                        break
            low |= self.ray_low[base + last]
            high |= self.ray_high[base + last]
            start = ends[ray]
        for index in range(leapers):
            leapt[out[index]] = 0
        self.low = low
        self.high = high
        return count


def build_attacks(desc: ChessGame) -> SimpleNamespace:
    """The attack tables of ``desc`` and its probes ``attacked``, ``attackers`` (and its
    ``probe`` object), ``all_attackers`` and ``closure_probe`` (bound over the tables)."""
    geometry = desc.geometry
    t = SimpleNamespace()
    leap_groups = _groups(desc, "leaps")
    slide_groups = _groups(desc, "slides")
    # the royal kind's group last, so attackers lists knights, pawns, the king, then rays
    leap_groups.sort(key=lambda group: desc.king in group[1])
    t.leap_groups = leap_groups
    t.slide_groups = slide_groups
    #: PAWN_ATTACKERS[color][sq]: the squares from which a pawn of ``color`` attacks ``sq``.
    t.PAWN_ATTACKERS = (geometry.leaps(((-1, -1), (1, -1))), geometry.leaps(((-1, 1), (1, 1))))
    #: PAWN_CAPTURES[color][sq]: the squares a pawn of ``color`` on ``sq`` attacks.
    t.PAWN_CAPTURES = (t.PAWN_ATTACKERS[1], t.PAWN_ATTACKERS[0])
    #: per kind, its per-square leap targets (None: it does not leap) and rays (None: it
    #: does not slide)
    t.LEAPS = {p.kind: geometry.leaps(p.leaps) if p.leaps else None for p in desc.kinds}
    t.RAYS = {p.kind: geometry.rays(p.slides) if p.slides else None for p in desc.kinds}
    king_targets = t.LEAPS[desc.king]
    t.KING_TARGETS = king_targets
    pawns = desc.pawns
    pawn_attackers = t.PAWN_ATTACKERS
    pawn_table = tuple(bytes_table(table) for table in pawn_attackers)

    # per color: (per-square targets, hit) for the leapers, the pawn among them before the
    # groups with the king, as the probes below visit them
    def leapers(color: int) -> tuple:
        groups = [
            (bytes_table(geometry.leaps(steps)), _hits(kinds, (color,)), desc.king in kinds)
            for steps, kinds in leap_groups
        ]
        result = [(targets, hit) for targets, hit, royal in groups if not royal]
        result.append((pawn_table[color], _pawn_hit(pawns[color])))
        result += [(targets, hit) for targets, hit, royal in groups if royal]
        return tuple(result)

    def sliders(color_set: tuple[int, ...]) -> tuple:
        return tuple(
            (bytes_rays(geometry.rays(steps)), _hits(kinds, color_set))
            for steps, kinds in slide_groups
        )

    leaps_by_color = (leapers(WHITE), leapers(BLACK))
    slides_by_color = (sliders((WHITE,)), sliders((BLACK,)))
    both = (WHITE, BLACK)
    all_leaps = tuple(
        (bytes_table(geometry.leaps(steps)), _hits(kinds, both)) for steps, kinds in leap_groups
    )
    all_slides = sliders(both)
    #: per color: the non-royal leaper groups and the slider groups that can give check,
    #: for the checks-and-pins walk
    t.checking_leaps = tuple(
        tuple(
            (bytes_table(geometry.leaps(steps)), _hits(kinds, (color,)))
            for steps, kinds in _groups(desc, "leaps", royal=False)
        )
        + ((pawn_table[color], _pawn_hit(pawns[color])),)
        for color in both
    )
    t.leaps_by_color = leaps_by_color
    t.slides_by_color = slides_by_color

    white_pawn, black_pawn = pawns
    white_pawn_attackers, black_pawn_attackers = pawn_attackers

    def all_attackers(board: list[int], sq: int) -> list[int]:
        """The squares of the pieces of both colors that attack ``sq``: the squares of
        ``attackers(board, sq, WHITE) + attackers(board, sq, BLACK)``, in one pass."""
        found = []
        for targets, hit in all_leaps:
            found += [s for s in targets[sq] if hit[board[s]]]
        found += [s for s in white_pawn_attackers[sq] if board[s] == white_pawn]
        found += [s for s in black_pawn_attackers[sq] if board[s] == black_pawn]
        for rays, hit in all_slides:
            for ray in rays[sq]:
                for s in ray:
                    p = board[s]
                    if p:
                        if hit[p]:
                            found.append(s)
                        break
        return found

    leap_reads = [0] * geometry.size
    for sq in range(geometry.size):
        for targets in [targets for targets, _ in all_leaps] + list(pawn_attackers):
            for s in targets[sq]:
                leap_reads[sq] |= 1 << s
    pawn_groups = [(pawn_table[color], _pawn_hit(pawns[color])) for color in both]
    t.closure_probe = ChessClosure(
        list(all_leaps) + pawn_groups, all_slides, geometry.size, leap_reads, desc.royal_pieces
    )
    t.attacked = partial(attacked_on, leaps_by_color, slides_by_color)
    t.probe = ChessAttackers(leaps_by_color, slides_by_color, geometry.size)
    t.attackers = t.probe.attackers
    t.all_attackers = all_attackers
    return t
