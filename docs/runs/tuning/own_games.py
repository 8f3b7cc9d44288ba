"""Tuning records from xqchess's own chess games: the positions of PGN files (from ply 8,
one in STRIDE from a seeded offset per game, each position once), each scored by
Fairy-Stockfish at DEPTH for the side to move, written as `xqchess tune` reads them
(`xqchess.cli.records`: gzip text, ``FEN<TAB>move<TAB>score``, a mate as +-100000, under a
header line that is the command). ``--shard K/N`` scores every Nth position from the Kth, so
N processes share the work.

    python docs/runs/tuning/own_games.py --depth 8 --stride 5 --shard 0/2 \\
        --output own-0.txt.gz docs/runs/ladder/chess-*.pgn docs/runs/match-fs6/chess*.pgn

Needs python-chess and /usr/games/fairy-stockfish (Debian's fairy-stockfish).
"""

import argparse
import random
import shlex
import sys

import chess
import chess.engine
import chess.pgn
from xqchess.cli.records import HEADER_PREFIX, MATE_SCORE, write_records

FIRST_PLY = 8


def positions(paths, stride, seed=1):
    """(FEN, move played) of each sampled position, in the files' order, each FEN (less its
    move counters) once."""
    rng, seen, found = random.Random(seed), set(), []
    for path in paths:
        with open(path) as pgn:
            while (game := chess.pgn.read_game(pgn)) is not None:
                board = game.board()
                offset = rng.randrange(stride)
                for ply, move in enumerate(game.mainline_moves()):
                    key = " ".join(board.fen().split()[:4])
                    if ply >= FIRST_PLY and (ply - offset) % stride == 0 and key not in seen:
                        seen.add(key)
                        found.append((board.fen(), move.uci()))
                    board.push(move)
    return found


def shard(text):
    """``K/N`` as (K, N), with 0 <= K < N."""
    try:
        index, count = map(int, text.split("/"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not K/N") from None
    if not 0 <= index < count:
        raise argparse.ArgumentTypeError(f"{text!r}: K must be 0 to N - 1")
    return index, count


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pgn", nargs="+")
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--stride", type=int, default=5)
    parser.add_argument("--shard", type=shard, default=(0, 1))
    parser.add_argument("--output", required=True)
    args = parser.parse_args()
    index, count = args.shard
    todo = positions(args.pgn, args.stride)[index::count]
    engine = chess.engine.SimpleEngine.popen_uci("/usr/games/fairy-stockfish")
    engine.configure({"Hash": 16, "Threads": 1})
    records = []
    for number, (fen, move) in enumerate(todo):
        score = engine.analyse(chess.Board(fen), chess.engine.Limit(depth=args.depth))
        relative = score["score"].relative
        mate = relative.mate()
        cp = relative.score() if mate is None else MATE_SCORE if mate > 0 else -MATE_SCORE
        records.append((fen, move, str(cp)))
        if number % 1000 == 0:
            print(f"{number}/{len(todo)}", file=sys.stderr, flush=True)
    engine.quit()
    command = shlex.join(["python", *sys.argv])
    write_records(
        args.output, records, f"{HEADER_PREFIX}{command}; records: FEN<TAB>move_uci<TAB>score_cp"
    )


if __name__ == "__main__":
    main()
