"""Chess legal move generation: pseudo-legal moves filtered by checks and pins found up front.

Before generating, one walk of the eight rays and the knight and pawn squares around the king
finds the checkers and the pinned pieces (with the line each may still move along). Then moves
of unpinned pieces need no test when not in check, evasions must capture or block the single
checker, the king may only step to unattacked squares (probed with the king lifted off the
board) and en passant, whose two vanishing pawns defeat the pin logic, is tried with make/unmake.
The same walk with every safety test left out gives the pseudo-legal moves; with the quiet
moves left out, the captures and promotions quiescence and staged move picking search first;
from one origin square, one piece's moves (to validate a transposition table's move).
"""

from xqchess.core.moves import COMPANION, DOUBLE_STEP, PROMOTION_SHIFT, SIDE_CAPTURE, SPECIAL_SHIFT
from xqchess.core.pieces import COLOR_SHIFT, KIND_MASK
from xqchess.variants.chess.attacks import (
    DIAGONAL_RAYS, KING_TARGETS, KNIGHT_TARGETS, ORTHOGONAL_RAYS, PAWN_ATTACKERS, PAWN_CAPTURES,
    QUEEN_RAYS, attacked,
)
from xqchess.variants.chess.pieces import BISHOP, KING, KNIGHT, PAWN, PROMOTION_KINDS, QUEEN, ROOK

DOUBLE_STEP_FLAG = DOUBLE_STEP << SPECIAL_SHIFT
SIDE_CAPTURE_FLAG = SIDE_CAPTURE << SPECIAL_SHIFT
CASTLE_FLAG = COMPANION << SPECIAL_SHIFT
PROMOTION_FLAGS = tuple(kind << PROMOTION_SHIFT for kind in PROMOTION_KINDS)

PAWN_STEP = (8, -8)
PAWN_START_RANK = (1, 6)
PAWN_LAST_RANK = (7, 0)
SLIDER_RAYS = {BISHOP: DIAGONAL_RAYS, ROOK: ORTHOGONAL_RAYS, QUEEN: QUEEN_RAYS}

# Castling: (rights bit, king from, king to, squares that must be empty, squares not attacked)
CASTLINGS = (
    ((1, 4, 6, (5, 6), (5, 6)), (2, 4, 2, (1, 2, 3), (3, 2))),
    ((4, 60, 62, (61, 62), (61, 62)), (8, 60, 58, (57, 58, 59), (59, 58))),
)


def find_checks_and_pins(board: list[int], ksq: int, us: int) -> tuple[int, set | None, dict]:
    """The number of checkers, the squares that answer a single check (capture or block; None
    when not in check) and, per pinned piece, the squares it may still move to."""
    them = us ^ 1
    base = them << COLOR_SHIFT
    queen = QUEEN | base
    checkers = 0
    evasion = None
    pins = {}
    for rays, slider in ((ORTHOGONAL_RAYS[ksq], ROOK | base), (DIAGONAL_RAYS[ksq], BISHOP | base)):
        for ray in rays:
            blocker = -1
            i = 0
            for s in ray:
                i += 1
                p = board[s]
                if p:
                    if p >> COLOR_SHIFT == us:
                        if blocker >= 0:
                            break
                        blocker = s
                        continue
                    if p == slider or p == queen:
                        if blocker < 0:
                            checkers += 1
                            evasion = set(ray[:i])
                        else:
                            pins[blocker] = set(ray[:i])
                    break
    knight = KNIGHT | base
    for s in KNIGHT_TARGETS[ksq]:
        if board[s] == knight:
            checkers += 1
            evasion = {s}
    pawn = PAWN | base
    for s in PAWN_ATTACKERS[them][ksq]:
        if board[s] == pawn:
            checkers += 1
            evasion = {s}
    return checkers, evasion, pins


def generate(pos, pseudo: bool = False, quiets: bool = True,
             origin: int | None = None) -> list[int]:
    """The legal moves of the side to move in ``pos`` (with ``pseudo``, the pseudo-legal ones:
    the king's safety ignored, pins, checks, attacked squares and castling through check
    included); without ``quiets`` only captures and promotions, in the order the full list has
    them; with ``origin`` only the moves of the piece on that square."""
    board = pos.board
    us = pos.side
    them = us ^ 1
    ksq = pos.kings[us]
    checkers, evasion, pins = (0, None, {}) if pseudo else find_checks_and_pins(board, ksq, us)
    moves = []
    append = moves.append
    side_captures = []
    if checkers < 2:
        step = PAWN_STEP[us]
        start_rank = PAWN_START_RANK[us]
        last_rank = PAWN_LAST_RANK[us]
        captures = PAWN_CAPTURES[us]
        ep = pos.ep
        # origin squares in ascending order
        origins = sorted(pos.occupied[us]) if origin is None else (origin,)
        for frm in origins:
            kind = board[frm] & KIND_MASK
            start = len(moves)
            if kind == PAWN:
                to = frm + step
                if not board[to]:
                    if to >> 3 == last_rank:
                        for flag in PROMOTION_FLAGS:
                            append(frm | to << 7 | flag)
                    elif quiets:
                        append(frm | to << 7)
                        if frm >> 3 == start_rank and not board[to + step]:
                            append(frm | (to + step) << 7 | DOUBLE_STEP_FLAG)
                for to in captures[frm]:
                    p = board[to]
                    if p and p >> COLOR_SHIFT == them:
                        if to >> 3 == last_rank:
                            for flag in PROMOTION_FLAGS:
                                append(frm | to << 7 | flag)
                        else:
                            append(frm | to << 7)
                    elif to == ep:
                        side_captures.append(frm | to << 7 | SIDE_CAPTURE_FLAG)
            elif kind == KNIGHT:
                for to in KNIGHT_TARGETS[frm]:
                    p = board[to]
                    if p:
                        if p >> COLOR_SHIFT == them:
                            append(frm | to << 7)
                    elif quiets:
                        append(frm | to << 7)
            elif kind == KING:
                continue
            else:
                for ray in SLIDER_RAYS[kind][frm]:
                    for to in ray:
                        p = board[to]
                        if p:
                            if p >> COLOR_SHIFT == them:
                                append(frm | to << 7)
                            break
                        if quiets:
                            append(frm | to << 7)
            if evasion is not None or frm in pins:
                allowed = pins.get(frm)
                if evasion is not None:
                    allowed = evasion if allowed is None else allowed & evasion
                moves[start:] = [m for m in moves[start:] if m >> 7 & 127 in allowed]
    if origin is not None and origin != ksq:
        return moves + [m for m in side_captures if pseudo or side_capture_is_legal(pos, m)]
    king = board[ksq]
    board[ksq] = 0
    for to in KING_TARGETS[ksq]:
        p = board[to]
        if ((not p and quiets) or (p and p >> COLOR_SHIFT == them)) and (
                pseudo or not attacked(board, to, them)):
            append(ksq | to << 7)
    board[ksq] = king
    if pos.rights and not checkers and quiets:
        for bit, frm, to, empty, safe in CASTLINGS[us]:
            if (pos.rights & bit and not any(board[s] for s in empty)
                    and (pseudo or not any(attacked(board, s, them) for s in safe))):
                append(frm | to << 7 | CASTLE_FLAG)
    for move in side_captures:
        if pseudo or side_capture_is_legal(pos, move):
            append(move)
    return moves


def legal_moves(pos) -> list[int]:
    """All legal moves of the side to move in ``pos``."""
    return generate(pos)


def legal_captures(pos) -> list[int]:
    """The legal captures and promotions of the side to move, in `legal_moves`'s order."""
    return generate(pos, quiets=False)


def origin_legal_moves(pos, frm: int) -> list[int]:
    """The legal moves of the side to move's piece on ``frm``, in `legal_moves`'s order."""
    return generate(pos, origin=frm)


def pseudo_legal_moves(pos) -> list[int]:
    """All pseudo-legal moves of the side to move in ``pos``."""
    return generate(pos, pseudo=True)


def side_capture_is_legal(pos, move: int) -> bool:
    """Whether an en-passant capture leaves the mover's king safe (tried with make/unmake)."""
    us = pos.side
    pos.make(move)
    safe = not attacked(pos.board, pos.kings[us], us ^ 1)
    pos.unmake()
    return safe


def ep_capture_possible(pos, sq: int) -> bool:
    """Whether the side to move can legally capture en passant onto ``sq``."""
    us = pos.side
    pawn = PAWN | us << COLOR_SHIFT
    return any(pos.board[frm] == pawn
               and side_capture_is_legal(pos, frm | sq << 7 | SIDE_CAPTURE_FLAG)
               for frm in PAWN_ATTACKERS[us][sq])
