"""`xqchess bench`: the search signature (total nodes over the suites at a fixed depth, as
Stockfish's bench) and `xqchess bench perft`: perft speed with make/unmake at every node,
beside python-chess.

The positions are each game's perft bench (`xqchess.variants.perft_bench`). Absolute speeds on
shared machines are noise; the ratio to python-chess, run on the same positions in the same
process, is the figure to quote. python-chess is a test dependency: when it is missing the peer
columns show '-' and the rest still runs. It is the peer wherever it reads the position's FEN
(chess); the other games have no Python peer (pyffish has no make/unmake), so their rows show
our speed only.

Each kind of bench reads its own options (`OPTIONS_READ`); one given to a kind that does not
read it is an error, not silently ignored.
"""

from __future__ import annotations

import argparse
import sys
import time

from xqchess.cli.chessmaps import cost as chessmaps_cost
from xqchess.cli.suites import default_suite
from xqchess.core.errors import XQChessError
from xqchess.core.perft import perft
from xqchess.core.search import Limits, Searcher, playing_config
from xqchess.ordering.spec import DEFAULT_SPEC, build_pipeline
from xqchess.variants import NAMES, get_variant, perft_bench

#: the bench's options (their parser defaults are None, so that a given one is seen) and the
#: value each takes when not given
OPTION_DEFAULTS = {"depth": 3, "repeat": 3, "suite": None, "positions": None}
#: which options each kind of bench reads: the search bench (a game or none), perft, chessmaps
SEARCH = "search"
OPTIONS_READ = {
    SEARCH: ("depth",),
    "perft": ("repeat",),
    "chessmaps": ("repeat", "suite", "positions"),
}


def best_time(run, repeat: int) -> tuple[int, float]:
    """The result of ``run()`` and the fastest of ``repeat`` timings."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - start)
    return result, best


def peer_board(fen: str):
    """python-chess's board of ``fen``, or None where python-chess is missing or cannot read
    the FEN (a game other than chess)."""
    try:
        import chess
    except ImportError:
        return None
    try:
        return chess.Board(fen)
    except ValueError:
        return None


def peer_perft(board, depth: int) -> int:
    """The same workload in python-chess: push and pop every legal move at every node."""

    def walk(depth: int) -> int:
        nodes = 0
        for move in board.legal_moves:
            board.push(move)
            nodes += 1 if depth == 1 else walk(depth - 1)
            board.pop()
        return nodes

    return walk(depth)


PERFT_HEADER = ("position", "depth", "nodes", "xqchess n/s", "python-chess n/s", "ratio")


def table(rows: list[tuple[str, ...]]) -> list[str]:
    """``rows`` (the first a header) as text lines, each column as wide as its widest cell,
    two spaces apart: the first column left-aligned, the others right-aligned."""
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    return [
        "  ".join(
            cell.ljust(width) if column == 0 else cell.rjust(width)
            for column, (cell, width) in enumerate(zip(row, widths))
        ).rstrip()
        for row in rows
    ]


def run_perft_bench(args: argparse.Namespace) -> None:
    """Measure every game's perft bench positions, then print the table (its columns sized
    from what was measured; a line per position on stderr meanwhile when it is a terminal)."""
    positions = [
        (variant, name, fen or variant.start_fen, depth)
        for variant in map(get_variant, NAMES)
        for name, fen, depth in perft_bench(variant.name)
    ]
    rows = [PERFT_HEADER]
    for number, (variant, name, fen, depth) in enumerate(positions, 1):
        if sys.stderr.isatty():
            print(
                f"\rmeasuring {number}/{len(positions)}: {variant.name} {name}\033[K",
                end="",
                file=sys.stderr,
                flush=True,
            )
        rows.append(bench_position(args, variant, name, fen, depth))
    if sys.stderr.isatty():
        print("\r\033[K", end="", file=sys.stderr, flush=True)
    for line in table(rows):
        print(line)


def bench_position(
    args: argparse.Namespace, variant, name: str, fen: str, depth: int
) -> tuple[str, ...]:
    """One row of the perft bench: our speed and, where python-chess plays the game, its."""
    pos = variant.position(fen)
    nodes, seconds = best_time(lambda: perft(pos, depth, bulk=False), args.repeat)
    ours = nodes / seconds
    peer_text, ratio_text = "-", "-"
    board = peer_board(fen)
    if board is not None:
        peer_nodes, peer_seconds = best_time(lambda: peer_perft(board, depth), args.repeat)
        if peer_nodes != nodes:
            raise AssertionError(f"python-chess counts {peer_nodes} nodes, xqchess {nodes}")
        peer = peer_nodes / peer_seconds
        peer_text, ratio_text = f"{peer:,.0f}", f"{ours / peer:.2f}"
    return (
        f"{variant.name} {name}",
        str(depth),
        f"{nodes:,}",
        f"{ours:,.0f}",
        peer_text,
        ratio_text,
    )


def run_search_bench(args: argparse.Namespace, variant_names: tuple[str, ...]) -> None:
    """Stockfish-style bench: each suite position searched to a fixed depth by the playing
    search (the default pipeline, picked in stages, with the play switches' defaults); the
    total node count is a deterministic signature of the search."""
    total_nodes = 0
    total_ms = 0
    for variant_name in variant_names:
        variant = get_variant(variant_name)
        for position in default_suite(variant_name).positions:
            searcher = Searcher(build_pipeline(DEFAULT_SPEC, variant), playing_config(variant))
            pos = variant.position(position.fen)
            result = searcher.search(pos, Limits(depth=args.depth))
            total_nodes += result.stats.nodes
            total_ms += result.time_ms
            print(
                f"{position.id:<16} depth {args.depth}  nodes {result.stats.nodes:>9}  "
                f"bestmove {variant.format_move(pos, result.best_move)}"
            )
    print(f"Total time (ms) : {total_ms}")
    print(f"Nodes searched  : {total_nodes}")
    print(f"Nodes/second    : {total_nodes * 1000 // max(total_ms, 1)}")


def check_options(args: argparse.Namespace) -> None:
    """XQChessError when an option is given that the bench asked for does not read; fill in
    the defaults of those it reads."""
    kind = args.target if args.target in OPTIONS_READ else SEARCH
    for option, default in OPTION_DEFAULTS.items():
        if getattr(args, option) is None:
            setattr(args, option, default)
        elif option not in OPTIONS_READ[kind]:
            readers = [
                f"bench {other}" if other != SEARCH else "the search bench (bench [GAME])"
                for other, read in OPTIONS_READ.items()
                if option in read
            ]
            bench = f"bench {args.target}" if args.target else "bench"
            raise XQChessError(
                f"{bench} takes no --{option}; it is read by {' and '.join(readers)}"
            )


def run_bench(args: argparse.Namespace) -> None:
    check_options(args)
    if args.target == "perft":
        run_perft_bench(args)
    elif args.target == "chessmaps":
        chessmaps_cost.run_cost(args)
    else:
        run_search_bench(args, (args.target,) if args.target else NAMES)
