"""Xiangqi FEN rules: the placement checks a position reachable in a game passes.

`make_validate(tables, attacks, start_squares, kind_names)` builds the check for one board from
its tables and its start position; xiangqi's own is bound below.
"""

from __future__ import annotations

from xqchess.core.errors import FenError
from xqchess.core.fen import require_waiting_side_safe
from xqchess.core.pieces import COLOR_SHIFT, KIND_MASK, piece_code
from xqchess.variants.families.xiangqi_family.board_tables import FORWARD
from xqchess.variants.families.xiangqi_family.definition import (
    ADVISOR,
    ELEPHANT,
    GENERAL,
    SOLDIER,
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


def make_validate(tables, attacks, start_squares: dict[int, list[int]], kind_names: dict[int, str]):
    """The `Variant.validate` of the board of ``tables`` (``attacks``: its probes), for a game
    starting with ``start_squares`` (piece code -> its squares in the start position, from
    `board_tables.placement_squares`): at most the start's count of each kind, advisors and
    elephants only where they can go from their start squares, soldiers not behind their start
    rank."""
    geometry = tables.geometry
    palaces = tables.board.palaces
    generals_facing = attacks.generals_facing
    kinds = sorted(tables.board.kinds)
    start_counts = {piece: len(squares) for piece, squares in start_squares.items()}
    # Per color, the squares advisors and elephants can ever stand on (from their start squares).
    advisor_squares = tuple(
        _reachable(start_squares.get(piece_code(ADVISOR, c), []), tables.advisor_steps[c])
        for c in (0, 1)
    )
    elephant_squares = tuple(
        _reachable(start_squares.get(piece_code(ELEPHANT, c), []), tables.elephant_moves[c])
        for c in (0, 1)
    )
    # Per color, the rank its soldiers start on (the one nearest its own side).
    soldier_start_rank = tuple(
        (min if color == 0 else max)(
            (geometry.rank_of(sq) for sq in start_squares.get(piece_code(SOLDIER, color), [])),
            default=0 if color == 0 else geometry.ranks - 1,
        )
        for color in (0, 1)
    )

    def square_allowed(kind: int, color: int, sq: int) -> bool:
        if kind == GENERAL:
            return sq in palaces[color]
        if kind == ADVISOR:
            return sq in advisor_squares[color]
        if kind == ELEPHANT:
            return sq in elephant_squares[color]
        if kind == SOLDIER:
            return (geometry.rank_of(sq) - soldier_start_rank[color]) * FORWARD[color] >= 0
        return True

    def validate(pos, strict: bool = True) -> None:
        """Raise FenError for a side without exactly one general; when ``strict``, also for a
        piece on a square it can never reach (general or advisor outside its palace, elephant
        off its points, soldier behind its start rank), for more pieces of a kind than a side
        starts with, for the generals facing on an open file (the side that moved last exposed
        its general, whichever side is to move) and for the side not to move in check.

        Leniently, checks of the side not to move are accepted, as Fairy-Stockfish accepts them
        (its perft suite has such positions): the side to move may then capture the general,
        which ends the game (`rules.outcome`)."""
        names = pos.variant.color_names
        board = pos.board
        counts = {}
        for sq, piece in enumerate(board):
            if not piece:
                continue
            kind, color = piece & KIND_MASK, piece >> COLOR_SHIFT
            counts[piece] = counts.get(piece, 0) + 1
            if strict and not square_allowed(kind, color, sq):
                where = {
                    GENERAL: "outside its palace",
                    ADVISOR: "off its palace diagonals",
                    ELEPHANT: "on a square an elephant cannot reach",
                    SOLDIER: "behind its start rank",
                }[kind]
                raise FenError(
                    f"FEN has a {names[color]} {kind_names[kind]} on "
                    f"{geometry.square_name(sq)}, {where}"
                )
        for color in (0, 1):
            for kind in kinds:
                piece = piece_code(kind, color)
                count = counts.get(piece, 0)
                if kind == GENERAL and count != 1:
                    raise FenError(f"FEN has {count} {names[color]} generals, expected 1")
                if strict and count > start_counts.get(piece, 0):
                    raise FenError(
                        f"FEN has {count} {names[color]} {kind_names[kind]}s, "
                        f"at most {start_counts.get(piece, 0)} are possible"
                    )
        if not strict:
            return
        if generals_facing(board, pos.kings):
            raise FenError(
                f"FEN has the generals facing on an open file with {names[pos.side]} to move"
            )
        require_waiting_side_safe(pos)

    return validate
