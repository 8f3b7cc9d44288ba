"""xqchess: chess and xiangqi on one variant-agnostic engine kernel, as a Python library.

The public API, in the manner of python-chess and for both games: `Board` (a game: legal moves,
moves read and written in every notation the game has, undo, FEN, check, game end), `Move`,
`search`, `perft` and `guard_values`; errors are the `ValueError` subclasses of
`xqchess.core.errors`. The library's layers are importable as ``xqchess.core``,
``xqchess.variants`` and ``xqchess.ordering``; the command line's research tools (the lab:
``xqchess.cli.lab.run``) stand on it, and it imports nothing from them.

>>> import xqchess
>>> board = xqchess.Board("chess")
>>> len(board.legal_moves)
20
>>> board.push_san("e4")
Move('e4')
>>> board.fen()
'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
>>> xiangqi = xqchess.Board("xiangqi")
>>> len(xiangqi.legal_moves)
44
>>> xiangqi.push_notation("C2=5")
Move('C2=5')
>>> xiangqi.push_notation("马８进７")
Move('H8+7')
>>> xiangqi.peek().uci()
'h10g8'
>>> xqchess.search(xqchess.Board("xiangqi", "4k4/9/9/9/9/9/9/9/9/3K1R3 w - - 0 1"), depth=2).mate
1
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from xqchess.board import Board, Move
from xqchess.core.errors import (
    AmbiguousMoveError,
    FenError,
    IllegalMoveError,
    MoveError,
    UnknownVariantError,
    XQChessError,
)
from xqchess.core.outcome import Outcome, Termination
from xqchess.core.perft import perft as _perft
from xqchess.core.report import result_dict
from xqchess.core.search import Limits, SearchConfig, Searcher, mate_in
from xqchess.ordering.guard import Guard
from xqchess.ordering.spec import DEFAULT_SPEC, build_pipeline
from xqchess.variants import NAMES as VARIANTS

__all__ = [
    "VARIANTS",
    "DEFAULT_SPEC",
    "Board",
    "Move",
    "SearchReport",
    "search",
    "perft",
    "guard_values",
    "Outcome",
    "Termination",
    "XQChessError",
    "FenError",
    "MoveError",
    "IllegalMoveError",
    "AmbiguousMoveError",
    "UnknownVariantError",
]
#: Search options `search` takes besides the limits and the ordering: `SearchConfig`'s fields.
SEARCH_OPTIONS = tuple(f.name for f in fields(SearchConfig))


@dataclass
class SearchReport:
    """What `search` found: the best move (None with no legal move), the score from the side
    to move's view in centipawns (mates beyond ±29,000), the moves to mate if any (negative
    when being mated), the principal variation, the depth behind the move, and the statistics
    `xqchess search --json` prints (moves in the game's own notation)."""

    best_move: Move | None
    score: int
    mate: int | None
    pv: list[Move]
    depth: int
    statistics: dict


def search(
    board: Board,
    depth: int | None = None,
    movetime: int | None = None,
    nodes: int | None = None,
    ordering: str = DEFAULT_SPEC,
    guard_margin: int = 0,
    **options,
) -> SearchReport:
    """Search ``board``'s position within the limits given (at least one: ``depth`` in plies,
    ``movetime`` in ms, ``nodes``; the first reached ends it) with the ordering pipeline
    ``ordering`` (a spec string, see docs/search.md) and the `SearchConfig` ``options`` (``tt``,
    ``pvs``, ``iterative``, ``quiescence``, ``null_move``, ``lmr``, ``guard_prune_depth``,
    ``hash_mb``, ``multipv``). The board is left as it was.

    >>> report = search(Board("chess", "k7/8/2K5/8/8/8/8/7R w - - 0 1"), depth=4)
    >>> report.mate, [str(m) for m in report.pv]
    (2, ['Kb6', 'Kb8', 'Rh8#'])
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
    pv, probe = [], position.copy()
    for code in result.pv:
        pv.append(Move(variant, code, probe.copy()))
        probe.make(code)
    best = Move(variant, result.best_move, position) if result.best_move else None
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
