"""`xqchess bench`: the search signature (total nodes over the suites at a fixed depth, as
Stockfish's bench) and `xqchess bench perft`: perft speed with make/unmake at every node,
beside python-chess.

The positions are each game's ``perft_bench`` (`Variant.perft_bench`). Absolute speeds on
shared machines are noise; the ratio to python-chess, run on the same positions in the same
process, is the figure to quote. python-chess is a test dependency: when it is missing the peer
columns show '-' and the rest still runs. It is the peer wherever it reads the position's FEN
(chess); the other games have no Python peer (pyffish has no make/unmake), so their rows show
our speed only.
"""

from __future__ import annotations

import argparse
import time

from xqchess.cli import chessmaps_bench
from xqchess.cli.suites import default_suite
from xqchess.core.perft import perft
from xqchess.cli.engine import PLAY_SWITCHES
from xqchess.core.search import Limits, SearchConfig, Searcher
from xqchess.ordering.spec import DEFAULT_SPEC, build_pipeline
from xqchess.variants import NAMES, get_variant



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


def run_perft_bench(args: argparse.Namespace) -> None:
    print(f"{'position':<22}{'depth':>6}{'nodes':>10}{'xqchess n/s':>14}"
          f"{'python-chess n/s':>18}{'ratio':>8}")
    for variant_name in NAMES:
        variant = get_variant(variant_name)
        for name, fen, depth in variant.perft_bench:
            bench_position(args, variant, name, fen or variant.start_fen, depth)


def bench_position(args: argparse.Namespace, variant, name: str, fen: str, depth: int) -> None:
    """One row of the perft bench: our speed and, where python-chess plays the game, its."""
    pos = variant.position(fen)
    nodes, seconds = best_time(lambda: perft(pos, depth, bulk=False), args.repeat)
    ours = nodes / seconds
    peer_text, ratio_text = "-", "-"
    board = peer_board(fen)
    if board is not None:
        peer_nodes, peer_seconds = best_time(lambda: peer_perft(board, depth),
                                             args.repeat)
        if peer_nodes != nodes:
            raise AssertionError(f"python-chess counts {peer_nodes} nodes, xqchess {nodes}")
        peer = peer_nodes / peer_seconds
        peer_text, ratio_text = f"{peer:,.0f}", f"{ours / peer:.2f}"
    print(f"{variant.name + ' ' + name:<22}{depth:>6}{nodes:>10}{ours:>14,.0f}"
          f"{peer_text:>18}{ratio_text:>8}")


def run_search_bench(args: argparse.Namespace, variant_names: tuple[str, ...]) -> None:
    """Stockfish-style bench: each suite position searched to a fixed depth by the playing
    search (the default pipeline, picked in stages, with the play switches' defaults); the
    total node count is a deterministic signature of the search."""
    total_nodes = 0
    total_ms = 0
    for variant_name in variant_names:
        variant = get_variant(variant_name)
        for position in default_suite(variant_name).positions:
            searcher = Searcher(build_pipeline(DEFAULT_SPEC, variant),
                                SearchConfig(staged=True, **PLAY_SWITCHES))
            pos = variant.position(position.fen)
            result = searcher.search(pos, Limits(depth=args.depth))
            total_nodes += result.stats.nodes
            total_ms += result.time_ms
            print(f"{position.id:<16} depth {args.depth}  nodes {result.stats.nodes:>9}  "
                  f"bestmove {variant.format_move(pos, result.best_move)}")
    print(f"Total time (ms) : {total_ms}")
    print(f"Nodes searched  : {total_nodes}")
    print(f"Nodes/second    : {total_nodes * 1000 // max(total_ms, 1)}")


def run_bench(args: argparse.Namespace) -> None:
    if args.target == "perft":
        run_perft_bench(args)
    elif args.target == "chessmaps":
        chessmaps_bench.run_cost(args)
    else:
        run_search_bench(args, (args.target,) if args.target else NAMES)
