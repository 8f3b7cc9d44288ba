# cython: boundscheck=False, wraparound=False
"""Legal move generation for a chess-like game: pseudo-legal moves filtered by checks and pins
found up front, built from a `ChessGame` (`build_movegen`).

Before generating, one walk of the slider rays and the leaper and pawn squares around the king
finds the checkers and the pinned pieces (with the line each may still move along). Then moves
of unpinned pieces need no test when not in check, evasions must capture or block the single
checker, the king may only step to unattacked squares (probed with the king lifted off the
board) and en passant, whose two vanishing pawns defeat the pin logic, is tried with make/unmake.
The same walk with every safety test left out gives the pseudo-legal moves; with the quiet
moves left out, the captures and promotions quiescence and staged move picking search first;
from one origin square, one piece's moves (to validate a transposition table's move).

A piece that both leaps and slides (Capablanca's archbishop and chancellor) generates its
leaps, then its rays; a leaper that gives check is answered like a knight (capture it).
"""

from __future__ import annotations

from functools import partial
from types import SimpleNamespace

from xqchess.core.generator import MoveGenerator
from xqchess.core.geometry import bytes_rays, bytes_table
from xqchess.core.moves import (
    COMPANION,
    DOUBLE_STEP,
    PROMOTION_SHIFT,
    SIDE_CAPTURE,
    SPECIAL_SHIFT,
    SQUARE_BITS,
    SQUARE_MASK,
    move_rows,
)
from xqchess.core.pieces import COLOR_SHIFT, KIND_MASK
from xqchess.variants.families.chess_family.attacks import attacked_on
from xqchess.variants.families.chess_family.definition import ChessGame

DOUBLE_STEP_FLAG = DOUBLE_STEP << SPECIAL_SHIFT
SIDE_CAPTURE_FLAG = SIDE_CAPTURE << SPECIAL_SHIFT
CASTLE_FLAG = COMPANION << SPECIAL_SHIFT


def find_checks_and_pins(
    slides_by_color: tuple, checking_leaps: tuple, board: list[int], ksq: int, us: int
) -> tuple[int, set | None, dict | None]:
    """The number of checkers, the squares that answer a single check (capture or block;
    None when not in check) and, per pinned piece, the squares it may still move to (None
    when nothing is pinned: no dict made for the common case); the attack groups of
    `attacks.build_attacks` first, bound by `build_movegen`."""
    cells = board  # C chars, compiled (`core.position.BOARD`)
    them = us ^ 1
    checkers = 0
    evasion = None
    pins = None
    for rays, hit in slides_by_color[them]:
        for ray in rays[ksq]:
            blocker = -1
            i = 0
            for s in ray:
                i += 1
                p = cells[s]
                if p:
                    if p >> COLOR_SHIFT == us:
                        if blocker >= 0:
                            break
                        blocker = s
                        continue
                    if hit[p]:
                        if blocker < 0:
                            checkers += 1
                            evasion = set(ray[:i])
                        else:
                            if pins is None:
                                pins = {}
                            pins[blocker] = set(ray[:i])
                    break
    for targets, hit in checking_leaps[them]:
        squares = targets[ksq]
        for s in squares:
            p = cells[s]
            if hit[p]:
                checkers += 1
                evasion = {s}
    return checkers, evasion, pins


class MoveTables(MoveGenerator):
    """What `generate_moves` reads: one game's tables and probes (`build_movegen` fills them;
    an extension type with typed fields in the compiled kernel), and the game's generator
    (`core.generator`) over them."""

    __slots__ = (
        "pawn",
        "king",
        "plain",
        "piece_leaps",
        "piece_rays",
        "promotion_flags",
        "pawn_step",
        "double_steps",
        "promotes_on",
        "pawn_captures",
        "king_targets",
        "castlings",
        "leaps_by_color",
        "slides_by_color",
        "checking_leaps",
        "side_capture_is_legal",
        "pawns",
        "ep_needs_legal_capture",
    )

    def __init__(self, **tables) -> None:
        for name in MoveTables.__slots__:
            setattr(self, name, tables[name])

    def legal_moves(self, pos) -> list[int]:
        return generate_moves(self, pos, False, True, None)

    def legal_captures(self, pos) -> list[int]:
        return generate_moves(self, pos, False, False, None)

    def origin_moves(self, pos, frm: int) -> list[int]:
        return generate_moves(self, pos, False, True, frm)

    def ep_capture_possible(self, pos, sq: int) -> bool:
        """Whether the side to move can capture en passant onto ``sq``: one of its pawns
        attacks the square (it stands where a pawn of the other side on ``sq`` would attack)
        and, where the game asks it (``ep_needs_legal_capture``), the capture leaves its king
        safe."""
        us = pos.side
        pawn = self.pawns[us]
        board = pos.board
        cells = board  # C chars, compiled (`core.position.BOARD`)
        squares = self.pawn_captures[us ^ 1][sq]
        for frm in squares:  # a loop, not any(): after every double step
            if cells[frm] == pawn and (
                not self.ep_needs_legal_capture
                or self.side_capture_is_legal(pos, frm | sq << SQUARE_BITS | SIDE_CAPTURE_FLAG)
            ):
                return True
        return False

    def is_check(self, pos) -> bool:
        return in_check(self, pos)


def in_check(t: MoveTables, pos) -> bool:
    """Whether the side to move's king is attacked (a module function, whose position the
    compiled kernel types: `MoveGenerator`'s methods take it as an object)."""
    us = pos.side
    return attacked_on(t.leaps_by_color, t.slides_by_color, pos.board, pos.kings[us], us ^ 1)


def castling_open(t: MoveTables, board: list[int], empty, safe, them: int, pseudo: bool) -> bool:
    """Whether the squares between king and rook are ``empty`` and, unless ``pseudo``, those
    the king crosses ``safe`` from attack by ``them`` (probed over ``t``'s attack tables)."""
    for s in empty:
        if board[s]:
            return False
    if not pseudo:
        for s in safe:
            if attacked_on(t.leaps_by_color, t.slides_by_color, board, s, them):
                return False
    return True


def generate_moves(
    t: MoveTables, pos, pseudo: bool = False, quiets: bool = True, origin: int | None = None
) -> list[int]:
    """The legal moves of the side to move in ``pos`` (with ``pseudo``, the pseudo-legal
    ones: the king's safety ignored, pins, checks, attacked squares and castling through
    check included); without ``quiets`` only captures and promotions, in the order the
    full list has them; with ``origin`` only the moves of the piece on that square. ``t``:
    the game's tables (`build_movegen` binds them)."""
    sb = SQUARE_BITS  # a local: the hot loop's shift
    board = pos.board
    us = pos.side
    them = us ^ 1
    ksq = pos.kings[us]
    checkers, evasion, pins = (
        (0, None, None)
        if pseudo
        else find_checks_and_pins(t.slides_by_color, t.checking_leaps, board, ksq, us)
    )
    cells = board  # C chars, compiled (`core.position.BOARD`)
    PAWN, KING = t.pawn, t.king
    plain = t.plain
    piece_leaps = t.piece_leaps
    piece_rays = t.piece_rays
    promotion_flags = t.promotion_flags
    side_capture_is_legal = t.side_capture_is_legal
    leaps_by_color = t.leaps_by_color
    slides_by_color = t.slides_by_color
    moves = []
    side_captures = []
    if checkers < 2:
        step = t.pawn_step[us]
        doubles = t.double_steps[us]
        promotes = t.promotes_on[us]
        captures = t.pawn_captures[us]
        ep = len(board) if pos.ep is None else pos.ep  # no en passant: a square off the board
        # the origins in ascending order: every square (a C loop in the compiled kernel, no
        # list of squares made) or the one asked for
        first, last = 0, len(board)
        if origin is not None:
            first, last = origin, origin + 1
        # a piece's moves are filtered only in check or when pinned: the common case skips
        # the filter's bookkeeping (no len() call per piece)
        restricted = evasion is not None or pins is not None
        start = 0  # read only when restricted; assigned first for the compiler's C int
        for frm in range(first, last):
            piece = cells[frm]
            if not piece or piece >> COLOR_SHIFT != us:
                continue
            kind = piece & KIND_MASK
            row = plain[frm]
            if restricted:
                start = len(moves)
            if kind == PAWN:
                to = frm + step
                if not cells[to]:
                    if promotes[to]:
                        for flag in promotion_flags:
                            moves.append(frm | to << sb | flag)
                    elif quiets:
                        moves.append(row[to])
                        double = doubles[frm]
                        if double and not cells[to + step]:
                            moves.append(double)
                targets = captures[frm]
                for to in targets:
                    p = cells[to]
                    if p and p >> COLOR_SHIFT == them:
                        if promotes[to]:
                            for flag in promotion_flags:
                                moves.append(frm | to << sb | flag)
                        else:
                            moves.append(row[to])
                    elif to == ep:
                        side_captures.append(frm | to << sb | SIDE_CAPTURE_FLAG)
            elif kind == KING:
                continue
            else:
                leaps = piece_leaps[kind]
                rays = piece_rays[kind]
                if leaps is not None:
                    targets = leaps[frm]
                    for to in targets:
                        p = cells[to]
                        if p:
                            if p >> COLOR_SHIFT == them:
                                moves.append(row[to])
                        elif quiets:
                            moves.append(row[to])
                if rays is not None:
                    for ray in rays[frm]:
                        for to in ray:
                            p = cells[to]
                            if p:
                                if p >> COLOR_SHIFT == them:
                                    moves.append(row[to])
                                break
                            if quiets:
                                moves.append(row[to])
            if restricted and (evasion is not None or frm in pins):
                allowed = None if pins is None else pins.get(frm)
                if evasion is not None:
                    allowed = evasion if allowed is None else allowed & evasion
                moves[start:] = [m for m in moves[start:] if m >> sb & SQUARE_MASK in allowed]
    if origin is not None and origin != ksq:
        return moves + [m for m in side_captures if pseudo or side_capture_is_legal(pos, m)]
    king = board[ksq]
    board[ksq] = 0
    targets = t.king_targets[ksq]
    row = plain[ksq]
    for to in targets:
        p = cells[to]
        if ((not p and quiets) or (p and p >> COLOR_SHIFT == them)) and (
            pseudo or not attacked_on(leaps_by_color, slides_by_color, board, to, them)
        ):
            moves.append(row[to])
    board[ksq] = king
    if pos.rights and not checkers and quiets:
        for bit, frm, to, empty, safe in t.castlings[us]:
            if pos.rights & bit and castling_open(t, board, empty, safe, them, pseudo):
                moves.append(frm | to << sb | CASTLE_FLAG)
    for move in side_captures:
        if pseudo or side_capture_is_legal(pos, move):
            moves.append(move)
    return moves


def build_movegen(desc: ChessGame, attacks: SimpleNamespace) -> SimpleNamespace:
    """The move generators of ``desc`` over its ``attacks`` (`build_attacks`): ``generate``
    and its four uses, ``side_capture_is_legal``, ``ep_capture_possible`` and the tables
    faults and SAN read (``CASTLINGS``, ``PAWN_STEP``, ``PAWN_START_RANK``)."""
    geometry = desc.geometry
    g = SimpleNamespace()
    PAWN, KING = desc.pawn, desc.king
    promotion_flags = tuple(kind << PROMOTION_SHIFT for kind in desc.promotion_kinds)
    pawn_step = desc.pawn_step
    g.PAWN_STEP = pawn_step
    g.PAWN_START_RANK = desc.pawn_start_rank
    #: per color, per square: the double step of a pawn there (0 where it has none: the move
    #: made once here, not an int built per generated double step)
    double_steps = tuple(
        [
            sq | (sq + 2 * pawn_step[color]) << SQUARE_BITS | DOUBLE_STEP_FLAG
            if desc.double_step and geometry.rank_of(sq) == desc.pawn_start_rank[color]
            else 0
            for sq in range(geometry.size)
        ]
        for color in (0, 1)
    )
    #: per color, per square: a pawn arriving there promotes
    promotes_on = tuple(
        [geometry.rank_of(sq) == desc.last_rank[color] for sq in range(geometry.size)]
        for color in (0, 1)
    )
    #: per kind other than pawn and king: (per-square leap targets or None, rays or None)
    piece_moves = {
        kind: (attacks.LEAPS[kind], attacks.RAYS[kind])
        for kind in attacks.LEAPS
        if kind not in (PAWN, KING)
    }
    slider_rays = {kind: rays for kind, (_, rays) in piece_moves.items() if rays}
    g.SLIDER_RAYS = slider_rays
    #: Castling per color: (rights bit, king from, king to, squares that must be empty,
    #: squares not attacked)
    castlings = tuple(
        tuple(
            (c.bit, c.king_from, c.king_to, c.empty, c.safe)
            for c in desc.castlings
            if c.color == color
        )
        for color in (0, 1)
    )
    g.CASTLINGS = castlings
    attacked = attacks.attacked

    def side_capture_is_legal(pos, move: int) -> bool:
        """Whether an en-passant capture leaves the mover's king safe (tried with make/unmake)."""
        us = pos.side
        pos.make(move)
        safe = not attacked(pos.board, pos.kings[us], us ^ 1)
        pos.unmake()
        return safe

    #: what `generate_moves` reads
    kinds = range(KIND_MASK + 1)
    tables = MoveTables(
        pawn=PAWN,
        king=KING,
        plain=move_rows(geometry.size),
        piece_leaps=[bytes_table(piece_moves.get(kind, (None, None))[0]) for kind in kinds],
        piece_rays=[bytes_rays(piece_moves.get(kind, (None, None))[1]) for kind in kinds],
        promotion_flags=promotion_flags,
        pawn_step=pawn_step,
        double_steps=double_steps,
        promotes_on=promotes_on,
        pawn_captures=tuple(bytes_table(table) for table in attacks.PAWN_CAPTURES),
        king_targets=bytes_table(attacks.KING_TARGETS),
        castlings=castlings,
        leaps_by_color=attacks.leaps_by_color,
        slides_by_color=attacks.slides_by_color,
        checking_leaps=attacks.checking_leaps,
        side_capture_is_legal=side_capture_is_legal,
        pawns=tuple(desc.pawns),
        ep_needs_legal_capture=desc.ep_needs_legal_capture,
    )
    g.find_checks_and_pins = partial(
        find_checks_and_pins, attacks.slides_by_color, attacks.checking_leaps
    )
    g.generator = tables
    g.legal_moves = tables.legal_moves
    g.legal_captures = tables.legal_captures
    g.origin_legal_moves = tables.origin_moves
    g.is_check = tables.is_check
    g.pseudo_legal_moves = partial(generate_moves, tables, pseudo=True)
    g.side_capture_is_legal = side_capture_is_legal
    g.ep_capture_possible = tables.ep_capture_possible
    return g
