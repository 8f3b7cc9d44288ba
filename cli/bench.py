"""`xqchess bench`: the search signature (total nodes over the suites at a fixed depth, as
Stockfish's bench) and `xqchess bench perft`: perft speed with make/unmake at every node,
beside python-chess.

Absolute speeds on shared machines are noise; the ratio to python-chess, run on the same
positions in the same process, is the figure to quote. python-chess is a test dependency: when
it is missing the peer columns say so and the rest still runs. Xiangqi has no Python peer
(pyffish has no make/unmake), so its rows show our speed only; the xiangqi positions come from
the project's middlegame suite (../shared/data/suites/xiangqi-middlegames.epd).
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

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
XIANGQI_11_01 = "2bak1b1r/4a4/6nc1/1rp1p2Cp/p5n2/P1PC4P/4P4/4BNN2/1c7/R2AKAB1R w - - 0 1"
XIANGQI_11_02 = "2bakar2/9/2n1b1n2/p3p3p/7c1/3N4P/P3P4/4C1N2/7C1/2BAKAB2 w - - 0 1"
PERFT_BENCH = (
    ("chess", "startpos", None, 4),
    ("chess", "kiwipete", KIWIPETE, 3),
    ("xiangqi", "startpos", None, 3),
    ("xiangqi", "xiangqi.11.01", XIANGQI_11_01, 3),
    ("xiangqi", "xiangqi.11.02", XIANGQI_11_02, 3),
)


def best_time(run, repeat: int) -> tuple[int, float]:
    """The result of ``run()`` and the fastest of ``repeat`` timings."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - start)
    return result, best


def python_chess_perft(fen: str, depth: int) -> int:
    """The same workload in python-chess: push and pop every legal move at every node."""
    import chess

    board = chess.Board(fen)

    def walk(depth: int) -> int:
        nodes = 0
        for move in board.legal_moves:
            board.push(move)
            nodes += 1 if depth == 1 else walk(depth - 1)
            board.pop()
        return nodes

    return walk(depth)


def run_perft_bench(args: argparse.Namespace) -> None:
    try:
        import chess  # noqa: F401  (only probing for the peer)
        have_peer = True
    except ImportError:
        have_peer = False
    print(f"{'position':<22}{'depth':>6}{'nodes':>10}{'xqchess n/s':>14}"
          f"{'python-chess n/s':>18}{'ratio':>8}")
    for variant_name, name, fen, depth in PERFT_BENCH:
        variant = get_variant(variant_name)
        fen = fen or variant.start_fen
        pos = variant.position(fen)
        nodes, seconds = best_time(lambda: perft(pos, depth, bulk=False), args.repeat)
        ours = nodes / seconds
        peer_text, ratio_text = ("not installed" if variant_name == "chess" else "-"), "-"
        if have_peer and variant_name == "chess":
            peer_nodes, peer_seconds = best_time(lambda: python_chess_perft(fen, depth),
                                                 args.repeat)
            if peer_nodes != nodes:
                raise AssertionError(f"python-chess counts {peer_nodes} nodes, xqchess {nodes}")
            peer = peer_nodes / peer_seconds
            peer_text, ratio_text = f"{peer:,.0f}", f"{ours / peer:.2f}"
        print(f"{variant_name + ' ' + name:<22}{depth:>6}{nodes:>10}{ours:>14,.0f}"
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
