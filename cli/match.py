"""`xqchess match`: a match between two UCI engine commands with python-chess's engine module
(chess only; python-chess comes with the `test` extra). Fixed time per move, colors alternate,
each opening of a small fixed set is played once with each color; a game that reaches the move
cap is scored a draw. Prints each game and the final score, naming each engine by a label: its
program's name and the UCI options it was given.

An engine given no command is this xqchess, started by the same Python from the folder this code
is imported from, so files in the working folder (a `cli/main.py`, a `core.py`) cannot replace it.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path

from xqchess.core.errors import XQChessError

OPENINGS = (
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2",
    "rnbqkb1r/pppppppp/5n2/8/2P5/8/PP1PPPPP/RNBQKBNR w KQkq - 1 2",
)
#: label of this xqchess's engine (the default for both sides)
DEFAULT_ENGINE_NAME = "xqchess"
#: Python's isolated mode: neither the working folder nor PYTHONPATH nor the user's site is on
#: sys.path, so only the installed xqchess can be imported, whatever the working folder holds
ISOLATED = "-I"


def default_engine_command() -> list[str]:
    """The command that starts this xqchess's UCI engine: the installed package run by the same
    Python, in isolated mode."""
    return [sys.executable, ISOLATED, "-m", "xqchess.cli.main", "uci"]


def engine_command(text: str) -> list[str]:
    """A command line split as a shell would; XQChessError when it is empty or unbalanced."""
    try:
        words = shlex.split(text)
    except ValueError as error:
        raise XQChessError(f"engine command {text!r}: {error}") from None
    if not words:
        raise XQChessError("engine command is empty")
    return words


def engine_label(command: str | None, options: dict[str, str]) -> str:
    """How the output names an engine: its program's file name ('xqchess' for the default
    engine, ``command`` None), then the UCI options it was given: 'xqchess (Ordering=mvvlva)'."""
    name = DEFAULT_ENGINE_NAME if command is None else Path(engine_command(command)[0]).name
    settings = ", ".join(f"{option}={value}" for option, value in options.items())
    return f"{name} ({settings})" if settings else name


def engine_names(names: list[str | None], commands: list[str | None],
                 options: list[dict[str, str]]) -> list[str]:
    """The two engines' names in the output: the names given, else their labels; ' #1' and
    ' #2' are appended when the two would read the same."""
    labels = [name or engine_label(command, opts)
              for name, command, opts in zip(names, commands, options)]
    if labels[0] == labels[1]:
        return [f"{label} #{number}" for number, label in enumerate(labels, 1)]
    return labels


def parse_options(pairs: list[str]) -> dict[str, str]:
    options = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise XQChessError(f"engine option {pair!r} is not NAME=VALUE")
        options[name] = value
    return options


def run_match(args: argparse.Namespace) -> None:
    try:
        import chess
        import chess.engine
    except ImportError:
        raise XQChessError("xqchess match needs python-chess: "
                           "pip install 'xqchess[test]'") from None
    texts = [args.engine1, args.engine2]
    commands = [default_engine_command() if text is None else engine_command(text)
                for text in texts]
    options = [parse_options(args.option1 or []), parse_options(args.option2 or [])]
    names = engine_names([args.name1, args.name2], texts, options)
    engines = []
    try:
        for text, command, opts in zip(texts, commands, options):
            described = DEFAULT_ENGINE_NAME if text is None else text
            try:
                engine = chess.engine.SimpleEngine.popen_uci(command)
            except (OSError, chess.engine.EngineError) as error:
                raise XQChessError(f"cannot start engine {described!r}: {error}") from None
            engines.append(engine)
            try:
                engine.configure(opts)
            except chess.engine.EngineError as error:
                raise XQChessError(f"engine {described!r} rejects options: {error}") from None
        points = [0.0, 0.0]
        tally = {"wins": 0, "draws": 0, "losses": 0}
        limit = chess.engine.Limit(time=args.movetime / 1000)
        for game in range(args.games):
            white = game % 2  # engine index playing White
            board = chess.Board(OPENINGS[(game // 2) % len(OPENINGS)])
            while not board.is_game_over(claim_draw=True) and board.ply() < args.max_plies:
                mover = white if board.turn == chess.WHITE else 1 - white
                try:
                    move = engines[mover].play(board, limit).move
                except chess.engine.EngineError as error:
                    raise XQChessError(f"engine {names[mover]!r} failed in game {game + 1}: "
                                       f"{error}") from None
                if move is None or move not in board.legal_moves:
                    raise XQChessError(f"engine {names[mover]!r} played no legal move in game "
                                       f"{game + 1} ({board.fen()})")
                board.push(move)
            outcome = board.outcome(claim_draw=True)
            result = outcome.result() if outcome else "1/2-1/2"
            score_white = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
            points[white] += score_white
            points[1 - white] += 1 - score_white
            first = score_white if white == 0 else 1 - score_white
            tally["wins" if first == 1 else "losses" if first == 0 else "draws"] += 1
            reason = outcome.termination.name.lower() if outcome else "move cap"
            print(f"game {game + 1}: {names[white]} (white) vs {names[1 - white]} (black): "
                  f"{result} ({reason}, {board.ply()} plies)", flush=True)
        print(f"score: {names[0]} {points[0]:g} - {points[1]:g} {names[1]} "
              f"(+{tally['wins']} ={tally['draws']} -{tally['losses']})")
    finally:
        for engine in engines:
            engine.quit()
