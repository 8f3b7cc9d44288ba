"""`xqchess bench perft`: perft speed with make/unmake at every node, beside python-chess.

Absolute speeds on shared machines are noise; the ratio to python-chess, run on the same
positions in the same process, is the figure to quote. python-chess is a test dependency: when
it is missing the peer columns say so and the rest still runs.
"""

from __future__ import annotations

import argparse
import time

from core.perft import perft
from variants import get_variant

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
PERFT_BENCH = (
    ("chess", "startpos", None, 4),
    ("chess", "kiwipete", KIWIPETE, 3),
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
        peer_text, ratio_text = "not installed", "-"
        if have_peer and variant_name == "chess":
            peer_nodes, peer_seconds = best_time(lambda: python_chess_perft(fen, depth), args.repeat)
            if peer_nodes != nodes:
                raise AssertionError(f"python-chess counts {peer_nodes} nodes, xqchess {nodes}")
            peer = peer_nodes / peer_seconds
            peer_text, ratio_text = f"{peer:,.0f}", f"{ours / peer:.2f}"
        print(f"{variant_name + ' ' + name:<22}{depth:>6}{nodes:>10}{ours:>14,.0f}"
              f"{peer_text:>18}{ratio_text:>8}")
