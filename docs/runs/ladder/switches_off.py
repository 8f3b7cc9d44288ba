"""Which of the playing search's switches makes xqchess repeat its first losses: the first
losses `first_losses.py` finds in the PGN files given, each searched again by the playing
search (`xqchess.search`, ``--nodes`` nodes) with one switch changed at a time, the move it
plays judged by Fairy-Stockfish at depth DEPTH as `first_losses.py` judges. Prints per
change how many of those positions it loses 150 centipawns or more in, and the mean loss.

    python docs/runs/ladder/switches_off.py docs/runs/ladder/chess-skill7.pgn \\
        docs/runs/ladder/chess-skill8.pgn --nodes 80000

Each change is a `SearchConfig` field and its value (``--change futility=false``, repeatable;
by default each switch the chess defaults turn on, turned off, and quiescence checks and the
terms evaluation turned on). Needs python-chess and /usr/games/fairy-stockfish.
"""

import argparse
import statistics

import chess
import chess.engine
import xqchess
from first_losses import LOSS, first_losses, score

DEFAULT_CHANGES = (
    "futility=false",
    "reverse_futility=false",
    "razoring=false",
    "lmr=false",
    "null_move=false",
    "quiescence=all",
    "quiescence_checks=true",
    "iir=false",
    "history_reductions=false",
    "evaluation=terms",
)


def option(text):
    """A ``field=value`` change as (field, value): true, false, a whole number or a word."""
    field, _, value = text.partition("=")
    words = {"true": True, "false": False}
    return field, words.get(value, int(value) if value.lstrip("-").isdigit() else value)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pgn", nargs="+")
    parser.add_argument("--nodes", type=int, default=80000)
    parser.add_argument("--depth", type=int, default=11)
    parser.add_argument("--change", action="append", metavar="FIELD=VALUE")
    args = parser.parse_args()
    engine = chess.engine.SimpleEngine.popen_uci("/usr/games/fairy-stockfish")
    judged = {}

    def loss(fen, uci):
        if (fen, uci) not in judged:
            board = chess.Board(fen)
            before, _ = score(engine, board, board.turn, args.depth)
            side = board.turn
            board.push_uci(uci)
            after, _ = score(engine, board, side, args.depth)
            judged[fen, uci] = max(0, before - after)
        return judged[fen, uci]

    try:
        fens = [row[3] for path in args.pgn for row in first_losses(path, engine, args.depth)]
        print(f"{len(fens)} first losses; {LOSS}+ centipawns lost again at {args.nodes} nodes:")
        for change in ["none", *(args.change or DEFAULT_CHANGES)]:
            options = dict([option(change)]) if change != "none" else {}
            losses = [
                loss(
                    fen,
                    xqchess.search(xqchess.Board("chess", fen), nodes=args.nodes, **options)
                    .pv[0]
                    .uci(),
                )
                for fen in fens
            ]
            repeated = sum(value >= LOSS for value in losses)
            print(f"{change:26s} {repeated}/{len(fens)}, mean loss {statistics.mean(losses):.1f}")
    finally:
        engine.quit()


if __name__ == "__main__":
    main()
