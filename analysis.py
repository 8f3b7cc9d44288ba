"""Searching a board, and the numbers the lab is made of: `search` (the engine's best move, score,
principal variation and statistics), `perft` and `guard_values`."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from xqchess.board import Board
from xqchess.core.errors import XQChessError
from xqchess.core.perft import perft as _perft
from xqchess.core.report import result_dict
from xqchess.core.search import Limits, SearchConfig, Searcher, mate_in
from xqchess.move import Move
from xqchess.ordering.guard import Guard
from xqchess.ordering.spec import DEFAULT_SPEC, build_pipeline

#: Search options `search` takes besides the limits and the ordering: `SearchConfig`'s fields.
SEARCH_OPTIONS = tuple(f.name for f in fields(SearchConfig))


@dataclass
class SearchReport:
    """What `search` found: the best move (None with no legal move), the score from the side
    to move's view in centipawns (mates beyond ±29,000), the moves to mate if any (negative
    when being mated), the principal variation (`Move` values), the depth behind the move,
    and the statistics `xqchess search --json` prints (moves in the game's own notation: its
    ``bestmove`` and ``pv``)."""

    best_move: Move | None
    score: int
    mate: int | None
    pv: list[Move]
    depth: int
    statistics: dict[str, Any]


def search(
    board: Board,
    depth: int | None = None,
    movetime: int | None = None,
    nodes: int | None = None,
    ordering: str = DEFAULT_SPEC,
    guard_margin: int = 0,
    **options: Any,
) -> SearchReport:
    """Search ``board``'s position within the limits given (at least one: ``depth`` in plies,
    ``movetime`` in ms, ``nodes``; the first reached ends it) with the ordering pipeline
    ``ordering`` (a spec string, see docs/search.md) and the `SearchConfig` ``options`` (``tt``,
    ``pvs``, ``iterative``, ``quiescence``, ``null_move``, ``lmr``, ``guard_prune_depth``,
    ``hash_mb``, ``multipv``). The board is left as it was.

    >>> report = search(Board("chess", "k7/8/2K5/8/8/8/8/7R w - - 0 1"), depth=4)
    >>> report.mate, report.pv[0], report.statistics["pv"]
    (2, Move.from_uci('c6b6'), ['Kb6', 'Kb8', 'Rh8#'])
    >>> report.statistics["nodes"] == report.statistics["iterations"][-1]["nodes"] + sum(
    ...     it["nodes"] for it in report.statistics["iterations"][:-1])
    True
    """
    if depth is None and movetime is None and nodes is None:
        raise XQChessError("search needs a limit: depth, movetime or nodes")
    unknown = sorted(set(options) - set(SEARCH_OPTIONS))
    if unknown:
        raise XQChessError(
            f"unknown search option {unknown[0]!r}; expected one of {', '.join(SEARCH_OPTIONS)}"
        )
    variant = board.variant
    searcher = Searcher(build_pipeline(ordering, variant, guard_margin), SearchConfig(**options))
    position = board.position.copy()
    result = searcher.search(position, Limits(depth=depth, movetime=movetime, nodes=nodes))
    statistics = result_dict(variant, position, result, variant.pgn_notation)
    pv = [Move.from_code(code, variant.name) for code in result.pv]
    best = Move.from_code(result.best_move, variant.name) if result.best_move else None
    return SearchReport(best, result.score, mate_in(result.score), pv, result.depth, statistics)


def perft(board: Board, depth: int) -> int:
    """The number of leaf nodes of the legal move tree ``depth`` plies deep.

    >>> perft(Board("chess"), 3), perft(Board("xiangqi"), 2)
    (8902, 1920)
    """
    if depth < 1:
        raise XQChessError(f"perft depth must be at least 1, got {depth}")
    return _perft(board.position.copy(), depth)


def guard_values(board: Board) -> dict[str, int]:
    """Each square's guard value by its UCI name: the guard heuristic's seed rule
    (``guardValueWPOV`` of Ke and Parng), from White's/Red's point of view; negative is
    controlled by Black.

    >>> values = guard_values(Board("chess", "4k3/8/3p4/4N3/8/2B5/8/4K3 w - - 0 1"))
    >>> values["e5"]  # the knight: bishop 5 against pawn 9, its own strength not added
    -4
    """
    values = Guard(board.variant).board_values(board.position.board)
    return {board.variant.geometry.square_name(sq): value for sq, value in enumerate(values)}
