"""Where xqchess's lost chess games against Fairy-Stockfish went wrong, as Fairy-Stockfish
judges them: in each game of PGN that xqchess lost, its first move after the opening (ply 8
on) that lowers Fairy-Stockfish's score of the position, from xqchess's side and at depth
DEPTH, by 150 centipawns or more to below +50. Prints one line per game (round, ply, the
board's non-pawn material in pawns, the move, Fairy-Stockfish's choice, the scores before and
after), then how many fell in each phase. With ``--replay FLAGS`` (repeatable), each of those
positions is searched again by ``xqchess search chess --preset play FLAGS`` and the move it
plays judged the same way: how many such losses it repeats.

    python docs/runs/ladder/first_losses.py docs/runs/ladder/chess-skill8.pgn \\
        --replay "--nodes 20000" --replay "--nodes 320000"

Needs python-chess and /usr/games/fairy-stockfish (Debian's fairy-stockfish).
"""

import argparse
import json
import statistics
import subprocess
import sys
from collections import Counter

import chess
import chess.engine
import chess.pgn

LOSS = 150
STILL_FINE = 50
FIRST_PLY = 8
PIECE_PAWNS = {chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}


def score(engine, board, side, depth):
    """Fairy-Stockfish's score of ``board`` from ``side``'s view at ``depth``, and its move;
    judged afresh (a new game each time: ``ucinewgame`` empties its hash), so that a score does
    not depend on the positions judged before it."""
    info = engine.analyse(board, chess.engine.Limit(depth=depth), game=object())
    return info["score"].pov(side).score(mate_score=3000), info["pv"][0]


def first_losses(path, engine, depth):
    """Per lost game: (round, ply, non-pawn material, FEN before, move, Fairy-Stockfish's
    move, score before, score after)."""
    found = []
    with open(path) as pgn:
        while (game := chess.pgn.read_game(pgn)) is not None:
            side = chess.WHITE if game.headers["White"].startswith("xqchess") else chess.BLACK
            if game.headers["Result"] != ("0-1" if side == chess.WHITE else "1-0"):
                continue
            board = game.board()
            for ply, move in enumerate(game.mainline_moves()):
                if board.turn == side and ply >= FIRST_PLY:
                    before, best = score(engine, board, side, depth)
                    fen, san, best_san = board.fen(), board.san(move), board.san(best)
                    board.push(move)
                    after, _ = score(engine, board, side, depth)
                    if before - after >= LOSS and after < STILL_FINE:
                        material = sum(
                            len(board.pieces(kind, color)) * pawns
                            for kind, pawns in PIECE_PAWNS.items()
                            for color in chess.COLORS
                        )
                        found.append(
                            (
                                game.headers["Round"],
                                ply,
                                material,
                                fen,
                                san,
                                best_san,
                                before,
                                after,
                            )
                        )
                        break
                else:
                    board.push(move)
    return found


def move_loss(engine, fen, before, uci, depth):
    """What the move ``uci`` loses in ``fen``, whose score (`score`) is ``before``: the drop,
    for the side that plays it, of Fairy-Stockfish's score at ``depth`` (0 where it gains)."""
    board = chess.Board(fen)
    side = board.turn
    board.push_uci(uci)
    after, _ = score(engine, board, side, depth)
    return max(0, before - after)


def replayed_losses(found, engine, depth, flags):
    """Per position of ``found``: what the move ``xqchess search`` plays with ``flags`` loses."""
    losses = []
    for _, _, _, fen, _, _, before, _ in found:
        output = subprocess.run(
            [
                sys.executable,
                "-m",
                "xqchess.cli.main",
                "search",
                "chess",
                "--preset",
                "play",
                "--fen",
                fen,
                "--json",
                *flags.split(),
            ],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        losses.append(move_loss(engine, fen, before, json.loads(output)["bestmove"], depth))
    return losses


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pgn")
    parser.add_argument("--depth", type=int, default=11)
    parser.add_argument("--replay", action="append", default=[], metavar="FLAGS")
    args = parser.parse_args()
    engine = chess.engine.SimpleEngine.popen_uci("/usr/games/fairy-stockfish")
    try:
        found = first_losses(args.pgn, engine, args.depth)
        for row in found:
            print(*row[:3], *row[4:])
        phases = Counter(
            "full (40+)" if row[2] >= 40 else "middle (20-39)" if row[2] >= 20 else "end (<20)"
            for row in found
        )
        print("non-pawn material at the first loss:", dict(phases))
        for flags in args.replay:
            losses = replayed_losses(found, engine, args.depth, flags)
            repeated = sum(loss >= LOSS for loss in losses)
            print(
                f"{flags}: loses {LOSS}+ in {repeated}/{len(losses)}, "
                f"median loss {statistics.median(losses)}"
            )
    finally:
        engine.quit()


if __name__ == "__main__":
    main()
