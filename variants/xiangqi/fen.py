"""Xiangqi FEN rules: the placement checks a position reachable in a game passes."""

from xqchess.core.errors import FenError
from xqchess.core.fen import require_waiting_side_safe
from xqchess.core.pieces import COLOR_SHIFT, KIND_MASK, piece_code
from xqchess.variants.xiangqi.attacks import ADVISOR_STEPS, ELEPHANT_MOVES, generals_facing
from xqchess.variants.xiangqi.pieces import (
    ADVISOR, ELEPHANT, GENERAL, GEOMETRY, KINDS, NAMES, PALACE, SOLDIER, START_COUNTS,
)


def _reachable(starts, steps) -> frozenset[int]:
    """The squares a piece reaches from ``starts`` by repeated ``steps`` (a per-square table)."""
    seen, frontier = set(starts), list(starts)
    while frontier:
        for step in steps[frontier.pop()]:
            target = step[0] if isinstance(step, tuple) else step
            if target not in seen:
                seen.add(target)
                frontier.append(target)
    return frozenset(seen)


#: Per color, the squares advisors and elephants can ever stand on (from their start squares).
ADVISOR_SQUARES = tuple(_reachable([GEOMETRY.parse_square(n) for n in names], ADVISOR_STEPS[c])
                        for c, names in enumerate((("d1", "f1"), ("d10", "f10"))))
ELEPHANT_SQUARES = tuple(_reachable([GEOMETRY.parse_square(n) for n in names], ELEPHANT_MOVES[c])
                         for c, names in enumerate((("c1", "g1"), ("c10", "g10"))))
SOLDIER_START_RANK = (3, 6)
FORWARD = (1, -1)


def _square_allowed(kind: int, color: int, sq: int) -> bool:
    if kind == GENERAL:
        return sq in PALACE[color]
    if kind == ADVISOR:
        return sq in ADVISOR_SQUARES[color]
    if kind == ELEPHANT:
        return sq in ELEPHANT_SQUARES[color]
    if kind == SOLDIER:
        return (GEOMETRY.rank_of(sq) - SOLDIER_START_RANK[color]) * FORWARD[color] >= 0
    return True


def validate(pos, strict: bool = True) -> None:
    """Raise FenError for a side without exactly one general; when ``strict``, also for a piece
    on a square it can never reach (general or advisor outside its palace, elephant off its
    seven points, soldier behind its start rank), for more pieces of a kind than a side starts
    with, for the generals facing on an open file (the side that moved last exposed its
    general, whichever side is to move) and for the side not to move in check.

    Leniently, checks of the side not to move are accepted, as Fairy-Stockfish accepts them
    (its perft suite has such positions): the side to move may then capture the general, which
    ends the game (`rules.outcome`)."""
    names = pos.variant.color_names
    board = pos.board
    counts = {}
    for sq, piece in enumerate(board):
        if not piece:
            continue
        kind, color = piece & KIND_MASK, piece >> COLOR_SHIFT
        counts[piece] = counts.get(piece, 0) + 1
        if strict and not _square_allowed(kind, color, sq):
            where = {GENERAL: "outside its palace", ADVISOR: "off its palace diagonals",
                     ELEPHANT: "on a square an elephant cannot reach",
                     SOLDIER: "behind its start rank"}[kind]
            raise FenError(f"FEN has a {names[color]} {NAMES[kind]} on "
                           f"{GEOMETRY.square_name(sq)}, {where}")
    for color in (0, 1):
        for kind in KINDS:
            count = counts.get(piece_code(kind, color), 0)
            if kind == GENERAL and count != 1:
                raise FenError(f"FEN has {count} {names[color]} generals, expected 1")
            if strict and count > START_COUNTS[kind]:
                raise FenError(f"FEN has {count} {names[color]} {NAMES[kind]}s, "
                               f"at most {START_COUNTS[kind]} are possible")
    if not strict:
        return
    if generals_facing(board, pos.kings):
        raise FenError(f"FEN has the generals facing on an open file with "
                       f"{names[pos.side]} to move")
    require_waiting_side_safe(pos)
