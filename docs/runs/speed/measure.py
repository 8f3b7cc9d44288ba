"""Speed in CPU time, in-process, for the ratios of docs/results.md (docs/speed.md says how
to alternate the programs compared):

    python docs/runs/speed/measure.py bench GAME DEPTH   # the search bench's nodes per CPU s
    python docs/runs/speed/measure.py perft GAME DEPTH   # perft leaves per CPU s
    python docs/runs/speed/measure.py pc DEPTH           # python-chess's perft, the same walk

The bench runs `xqchess bench GAME --depth DEPTH` through the command line's own entry point
(its setup included, the interpreter's start-up and imports not); perft counts from the
game's start through `xqchess.perft`. Only entry points that the commit before the compiled
kernel (d97bc49) has too are used, so the same script measures both. Prints one line:
``nodes N cpu S Nodes/second : R``.
"""

import contextlib
import io
import re
import sys
import time


def bench(game: str, depth: int) -> tuple[int, float]:
    from xqchess.cli.main import main

    output, start = io.StringIO(), time.process_time()
    with contextlib.redirect_stdout(output):
        main(["bench", game, "--depth", str(depth)])
    cpu = time.process_time() - start
    return int(re.search(r"Nodes searched\s*:\s*(\d+)", output.getvalue()).group(1)), cpu


def perft(game: str, depth: int) -> tuple[int, float]:
    import xqchess

    board = xqchess.Board(game)
    start = time.process_time()
    leaves = xqchess.perft(board, depth)
    return leaves, time.process_time() - start


def python_chess_perft(depth: int) -> tuple[int, float]:
    import chess

    def walk(board: chess.Board, depth: int) -> int:
        if depth == 1:
            return board.legal_moves.count()
        leaves = 0
        for move in board.legal_moves:
            board.push(move)
            leaves += walk(board, depth - 1)
            board.pop()
        return leaves

    start = time.process_time()
    leaves = walk(chess.Board(), depth)
    return leaves, time.process_time() - start


if __name__ == "__main__":
    mode, *rest = sys.argv[1:]
    if mode == "pc":
        nodes, cpu = python_chess_perft(int(rest[0]))
    else:
        nodes, cpu = {"bench": bench, "perft": perft}[mode](rest[0], int(rest[1]))
    print(f"nodes {nodes} cpu {cpu:.3f} Nodes/second : {int(nodes / cpu)}")
