"""Which of the playing search's switches makes xqchess repeat its first losses: the first
losses `first_losses.py` finds in the PGN files given, each searched again by the playing
search (`xqchess.search`, ``--nodes`` nodes) with one switch changed at a time, the move it
plays judged by Fairy-Stockfish at depth DEPTH as `first_losses.py` judges. Prints per
change how many of those positions it loses 150 centipawns or more in, and the mean loss.

    python docs/runs/ladder/switches_off.py docs/runs/ladder/chess-skill7.pgn \\
        docs/runs/ladder/chess-skill8.pgn --nodes 80000

Each change is a `SearchConfig` field and its value (``--change futility=false``, repeatable;
by default `DEFAULT_CHANGES`: futility, reverse futility, razoring, late-move reductions,
null move, IIR and history reductions each turned off, quiescence of every capture,
quiescence checks, the terms evaluation). Needs python-chess and /usr/games/fairy-stockfish.
"""

import argparse
import statistics

import chess
import chess.engine
import xqchess
from first_losses import LOSS, first_losses, move_loss

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
    field, equals, value = text.partition("=")
    if not equals or not field or not value:
        raise argparse.ArgumentTypeError(f"expected FIELD=VALUE, got {text!r}")
    words = {"true": True, "false": False}
    return field, words.get(value, int(value) if value.lstrip("-").isdigit() else value)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pgn", nargs="+")
    parser.add_argument("--nodes", type=int, default=80000)
    parser.add_argument("--depth", type=int, default=11)
    parser.add_argument("--change", action="append", type=option, metavar="FIELD=VALUE")
    args = parser.parse_args()
    engine = chess.engine.SimpleEngine.popen_uci("/usr/games/fairy-stockfish")
    judged = {}  # (FEN, move): what the move loses there

    def loss(fen, before, uci):
        if (fen, uci) not in judged:
            judged[fen, uci] = move_loss(engine, fen, before, uci, args.depth)
        return judged[fen, uci]

    try:
        # each first loss's FEN and Fairy-Stockfish's score of it
        found = [
            (row[3], row[6]) for path in args.pgn for row in first_losses(path, engine, args.depth)
        ]
        print(f"{len(found)} first losses; {LOSS}+ centipawns lost again at {args.nodes} nodes:")
        changes = args.change or [option(text) for text in DEFAULT_CHANGES]
        for change in [None, *changes]:
            options = dict([change]) if change else {}
            losses = [
                loss(
                    fen,
                    before,
                    xqchess.search(xqchess.Board("chess", fen), nodes=args.nodes, **options)
                    .pv[0]
                    .uci(),
                )
                for fen, before in found
            ]
            repeated = sum(value >= LOSS for value in losses)
            name = "=".join(map(str, change)).lower() if change else "none"
            print(f"{name:26s} {repeated}/{len(found)}, mean loss {statistics.mean(losses):.1f}")
    finally:
        engine.quit()


if __name__ == "__main__":
    main()
