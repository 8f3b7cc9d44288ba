"""Searching a board, and the numbers the lab is made of: `search` (the engine's best move, score,
principal variation and statistics), `perft` and `guard_values`."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from xqchess.board import Board
from xqchess.core.errors import XQChessError
from xqchess.core.evaluation import selected_terms
from xqchess.core.perft import perft as _perft
from xqchess.core.search import Limits, SearchConfig, Searcher, mate_in, preset_config, result_dict
from xqchess.move import Move
from xqchess.ordering.guard import Guard
from xqchess.ordering.spec import DEFAULT_SPEC, build_pipeline

#: Search options `search` takes besides the limits and the ordering: `SearchConfig`'s fields.
SEARCH_OPTIONS = tuple(f.name for f in fields(SearchConfig))
#: the preset `search` uses unless told otherwise: the engine that plays
DEFAULT_PRESET = "play"
#: the deepest `perft` accepts (a depth beyond any game's reach in a lifetime)
MAX_PERFT_DEPTH = 64


@dataclass
class SearchReport:
    """What `search` found: the best move (None with no legal move), the score from the side
    to move's view in centipawns (mates beyond ±29,000), the moves to mate if any (negative
    when being mated), the principal variation (`Move` values), the depth behind the move,
    the statistics `xqchess search --json` prints (moves in the game's own notation: its
    ``bestmove`` and ``pv``), and the name of the preset that ran."""

    best_move: Move | None
    score: int
    mate: int | None
    pv: list[Move]
    depth: int
    statistics: dict[str, Any]
    preset: str = DEFAULT_PRESET


def _require_board(board: object) -> Board:
    if not isinstance(board, Board):
        raise TypeError(f"board must be an xqchess.Board, got {type(board).__name__}")
    return board


def search(
    board: Board,
    depth: int | None = None,
    movetime: int | None = None,
    nodes: int | None = None,
    ordering: str = DEFAULT_SPEC,
    guard_margin: int = 0,
    preset: str = DEFAULT_PRESET,
    **options: Any,
) -> SearchReport:
    """Search ``board``'s position as the engine plays it, within the limits given (at least
    one: ``depth`` in plies, ``movetime`` in ms, ``nodes``; the first reached ends it).

    The search is the preset ``preset`` (`xqchess.core.search.PRESETS`; by default
    ``"play"``, what `xqchess uci` plays: the same move and node count for the same position
    and limits), with the ordering pipeline ``ordering`` (a spec string, see docs/search.md)
    and any `SearchConfig` field given as an option to change it (``null_move=False``,
    ``hash_mb=64``, ``multipv=3``, ...; `SEARCH_OPTIONS`). The board is left as it was.
    ``report.preset`` names the preset that ran.

    Bad arguments raise before anything is searched: `XQChessError` (a ``ValueError``) for
    a limit or option out of its range, an unknown option, preset or heuristic, and
    ``TypeError`` for an argument of the wrong type; each message names the argument.

    >>> report = search(Board("chess", "k7/8/2K5/8/8/8/8/7R w - - 0 1"), depth=6)
    >>> report.mate, report.pv[0], report.statistics["pv"], report.preset
    (2, Move.from_uci('c6b6'), ['Kb6', 'Kb8', 'Rh8#'], 'play')
    >>> report.statistics["nodes"] == report.statistics["iterations"][-1]["nodes"] + sum(
    ...     it["nodes"] for it in report.statistics["iterations"][:-1])
    True
    >>> search(Board(), depth=0)
    Traceback (most recent call last):
    ...
    xqchess.core.search.limits.LimitError: depth must be between 1 and 1000000, got 0
    """
    board = _require_board(board)
    if depth is None and movetime is None and nodes is None:
        raise XQChessError("search needs a limit: depth, movetime or nodes")
    limits = Limits(depth=depth, movetime=movetime, nodes=nodes)
    limits.check()
    unknown = sorted(set(options) - set(SEARCH_OPTIONS))
    if unknown:
        raise XQChessError(
            f"unknown search option {unknown[0]!r}; expected one of {', '.join(SEARCH_OPTIONS)}"
        )
    config = replace(preset_config(preset, board.variant), **options)
    if not isinstance(ordering, str):
        raise TypeError(f"ordering must be a spec string, got {type(ordering).__name__}")
    if isinstance(guard_margin, bool) or not isinstance(guard_margin, int):
        raise TypeError(f"guard_margin must be an int, got {type(guard_margin).__name__}")
    if guard_margin < 0:
        raise XQChessError(f"guard_margin must be at least 0, got {guard_margin}")
    variant = board.variant
    try:
        selected_terms(variant, config.eval_terms)
    except ValueError as error:
        raise XQChessError(f"eval_terms: {error}") from None
    searcher = Searcher(build_pipeline(ordering, variant, guard_margin), config)
    position = board.position.copy()
    result = searcher.search(position, limits)
    statistics = result_dict(variant, position, result, variant.pgn_notation)
    pv = [Move.from_code(code, variant.name) for code in result.pv]
    best = Move.from_code(result.best_move, variant.name) if result.best_move else None
    return SearchReport(
        best, result.score, mate_in(result.score), pv, result.depth, statistics, preset
    )


def perft(board: Board, depth: int) -> int:
    """The number of leaf nodes of the legal move tree ``depth`` plies deep.

    >>> perft(Board("chess"), 3), perft(Board("xiangqi"), 2)
    (8902, 1920)
    """
    board = _require_board(board)
    if isinstance(depth, bool) or not isinstance(depth, int):
        raise TypeError(f"perft depth must be an int, got {type(depth).__name__}")
    if not 1 <= depth <= MAX_PERFT_DEPTH:
        raise XQChessError(f"perft depth must be between 1 and {MAX_PERFT_DEPTH}, got {depth}")
    return _perft(board.position.copy(), depth)


def guard_values(board: Board) -> dict[str, int]:
    """Each square's guard value by its UCI name: the guard heuristic's seed rule
    (``guardValueWPOV`` of Ke and Parng), from White's/Red's point of view; negative is
    controlled by Black.

    >>> values = guard_values(Board("chess", "4k3/8/3p4/4N3/8/2B5/8/4K3 w - - 0 1"))
    >>> values["e5"]  # the knight: bishop 5 against pawn 9, its own strength not added
    -4
    """
    board = _require_board(board)
    values = Guard(board.variant).board_values(board.position.board)
    return {board.variant.geometry.square_name(sq): value for sq, value in enumerate(values)}
