"""Entry point of the `xqchess` command: builds the argument parser and dispatches commands.

Every input error ends the process with one line on stderr and exit code 2, never a traceback.
A command's run function may return another exit code (`xqchess match`: 3 when an engine failed).
"""

from __future__ import annotations

import argparse
import os
import sys

from xqchess.cli import bench, commands, tuning
from xqchess.cli.arguments import (
    VersionAction,
    add_notation_options,
    add_position_options,
    add_variant_argument,
    int_between,
    positive_int,
    positive_seconds,
)
from xqchess.cli.check import command as check_command
from xqchess.cli.chessmaps import cost as chessmaps_cost
from xqchess.cli.chessmaps import data as chessmaps_data
from xqchess.cli.chessmaps import train as chessmaps_train
from xqchess.cli.lab.elo import DEFAULT_GAMES, DEFAULT_MOVETIME, SWITCHES
from xqchess.cli.lab.matrix import (
    CONFIGS,
    MARKDOWN_DEFAULT,
    MARKDOWN_MEASURES,
    PRESETS,
    run_lab,
)
from xqchess.cli.match.runner import run_match
from xqchess.cli.protocols.ucci import run_ucci
from xqchess.cli.protocols.uci import run_uci
from xqchess.cli.search_command import add_searcher_options, run_search
from xqchess.cli.tui import chessmaps_view
from xqchess.cli.tui.play import run_play
from xqchess.core.errors import XQChessError
from xqchess.core.search import MAX_PLY
from xqchess.variants import DEFAULT_VARIANT, NAMES


class OneLineParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are a single line (prog: error: message), exit code 2."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog="xqchess", description="Chess and xiangqi on one engine kernel.")
    parser.add_argument("--version", action=VersionAction)
    sub = parser.add_subparsers(
        dest="command", required=True, parser_class=OneLineParser, metavar="COMMAND"
    )

    play = sub.add_parser("play", help="play any game (" + ", ".join(NAMES) + ") in the terminal")
    add_variant_argument(play)
    play.add_argument("--fen", help="start from this position")
    play.add_argument(
        "--side",
        choices=("white", "red", "black", "both", "none"),
        default="white",
        help="the side you play (red = white); both: human vs "
        "human; none: watch the engine play itself (default white)",
    )
    play.add_argument(
        "--level",
        type=int,
        choices=range(1, 9),
        default=4,
        metavar="1-8",
        help="engine strength: 1-3 search depth 1-3, 4-8 0.5-8 s a move (default 4)",
    )
    play.add_argument(
        "--first",
        choices=("white", "red", "black"),
        help="who moves first from the initial position (default white/red)",
    )
    play.add_argument(
        "--notation",
        help="how moves are shown: one the game writes (default "
        "its PGN notation; e.g. chess: san, uci; xiangqi: wxf, chinese, iccs, uci)",
    )
    play.add_argument("--ascii", action="store_true", help="letters instead of piece symbols")
    play.add_argument("--flip", action="store_true", help="turn the board around")
    play.add_argument(
        "--time",
        metavar="MINUTES+SECONDS",
        help="clocks: minutes a side plus seconds added a move, e.g. 5+3 (default: none; "
        "the engine then thinks as its level says)",
    )
    play.add_argument(
        "--engine",
        action="append",
        metavar="COMMAND",
        help="an external UCI or UCCI engine plays the engine's side (given twice with "
        "--side none: one for each side, first player first)",
    )
    play.add_argument(
        "--protocol", choices=("uci", "ucci"), default="uci", help="--engine's protocol"
    )
    play.add_argument(
        "--option",
        action="append",
        metavar="NAME=VALUE",
        help="an option for --engine, e.g. 'Skill Level=3' (repeatable)",
    )
    play.add_argument(
        "--theme",
        choices=("light", "dark", "mono"),
        help="the board's colours (default light; mono where NO_COLOR is set)",
    )
    play.add_argument(
        "--line",
        action="store_true",
        help="the line-by-line mode even on a terminal (always when input is not one)",
    )
    play.set_defaults(run=run_play)

    perft = sub.add_parser("perft", help="count leaf nodes of the legal move tree")
    add_position_options(perft, "count from")
    perft.add_argument(
        "--depth",
        type=int_between(1, commands.MAX_PERFT_DEPTH),
        required=True,
        help=f"plies to search, 1-{commands.MAX_PERFT_DEPTH}",
    )
    perft.add_argument(
        "--divide",
        action="store_true",
        help="print 'move: count' per legal move, then the total alone",
    )
    add_notation_options(perft)
    perft.add_argument(
        "--against",
        metavar="ENGINE",
        help="compare with this UCI/UCCI engine's 'go perft' (e.g. fairy-stockfish) and walk "
        "down to the position where the legal moves differ; exit 1 when they do",
    )
    perft.add_argument(
        "--moves",
        nargs="+",
        metavar="MOVE",
        help="with --against: moves played from the position first, in the engine's notation",
    )
    perft.add_argument(
        "--option", action="append", metavar="NAME=VALUE", help="with --against: an engine option"
    )
    perft.add_argument(
        "--protocol", choices=("uci", "ucci"), default="uci", help="with --against: its protocol"
    )
    perft.add_argument(
        "--reference",
        choices=("xqchess", "engine"),
        default="xqchess",
        help="with --against: whose rules are right in the report (default xqchess: the "
        "engine is under test)",
    )
    perft.add_argument(
        "--timeout",
        type=positive_seconds,
        default=60.0,
        help="with --against: seconds the engine has for each answer (default 60)",
    )
    perft.set_defaults(run=commands.run_perft)

    check = sub.add_parser(
        "check",
        help="test a game's rules against an oracle (pyffish, python-chess, Fairy-Stockfish): "
        "perft, move by move through random games, endings, notations, invariants",
        description="Check a game's rules (a shipped game, or one an installed package "
        "registers) against an oracle within a time budget: perft from the start, reference "
        "and random positions (walked down to where the move lists part); seeded random games "
        "compared move by move (FEN, legal moves, check, captures, the game's endings); every "
        "move's text in every notation, written and read back; the move generator's "
        "invariants (hypothesis). Exit 0 when everything agrees, 1 when something differs "
        "(the disagreements are written to a file --replay runs again), 2 on an error.",
    )
    check_command.add_arguments(check)
    check.set_defaults(run=check_command.run)

    moves = sub.add_parser("moves", help="list the legal moves, one per line")
    add_position_options(moves, "list")
    add_notation_options(moves)
    moves.set_defaults(run=commands.run_moves)

    search = sub.add_parser("search", help="search a position: best move, score, PV, statistics")
    add_position_options(search, "search")
    limits = search.add_argument_group(
        "limits", "at least one; the first limit reached ends the search"
    )
    limits.add_argument(
        "--depth", type=int_between(1, MAX_PLY), help=f"search to this depth, 1-{MAX_PLY}"
    )
    limits.add_argument("--movetime", type=positive_int, metavar="MS", help="search this long")
    limits.add_argument("--nodes", type=positive_int, help="stop after this many nodes")
    add_searcher_options(search)
    search.add_argument(
        "--json",
        action="store_true",
        help="print one JSON object (keys in docs/search.md) instead of text",
    )
    search.add_argument("--notation", default="uci", help="notation of the moves printed")
    search.set_defaults(run=run_search)

    bench_parser = sub.add_parser(
        "bench", help="search signature over the suites, or perft speed beside python-chess"
    )
    bench_parser.add_argument(
        "target",
        nargs="?",
        choices=NAMES + ("perft", "chessmaps"),
        metavar="TARGET",
        help="a game (default every game): search bench; perft: "
        "perft nodes/second beside python-chess; chessmaps: the "
        "chessmaps heuristic's cost against the default ordering",
    )
    bench_parser.add_argument(
        "--depth",
        type=int_between(1, MAX_PLY),
        help=f"search bench depth, 1-{MAX_PLY} (default {bench.OPTION_DEFAULTS['depth']})",
    )
    bench_parser.add_argument(
        "--repeat",
        type=positive_int,
        help="perft, chessmaps: time each run this many times, keep the "
        f"fastest (default {bench.OPTION_DEFAULTS['repeat']})",
    )
    chessmaps_cost.add_cost_arguments(bench_parser)
    bench_parser.set_defaults(run=bench.run_bench)

    uci = sub.add_parser("uci", help="speak UCI on stdin/stdout (UCI_Variant: any game)")
    uci.set_defaults(run=run_uci)
    ucci = sub.add_parser("ucci", help="speak UCCI (xiangqi, ICCS moves) on stdin/stdout")
    ucci.set_defaults(run=run_ucci)

    match = sub.add_parser(
        "match", help="play games between two UCI or UCCI engines, this project's rules the arbiter"
    )
    match.add_argument(
        "variant",
        nargs="?",
        default=DEFAULT_VARIANT,
        choices=NAMES,
        metavar="VARIANT",
        help="game: " + ", ".join(NAMES) + f" (default {DEFAULT_VARIANT})",
    )
    for number in (1, 2):
        which = "first" if number == 1 else "second"
        match.add_argument(
            f"--engine{number}",
            metavar="COMMAND",
            help=f"{which} engine's command (default: this xqchess's uci)",
        )
        match.add_argument(
            f"--protocol{number}",
            choices=("uci", "ucci"),
            default="uci",
            help=f"{which} engine's protocol (default uci)",
        )
        match.add_argument(
            f"--option{number}",
            action="append",
            metavar="NAME=VALUE",
            help=f"an option for the {which} engine (repeatable)",
        )
        match.add_argument(
            f"--name{number}",
            help=f"{which} engine's name in the output "
            "(default: the program's name and its options, e.g. "
            "'xqchess (Ordering=none)')",
        )
    match.add_argument(
        "--games", type=positive_int, default=10, help="games to play at most (default 10)"
    )
    match.add_argument(
        "--openings",
        metavar="FILE",
        help="openings, one per line: FEN/EPD or moves from the initial position "
        "(default: the game's 20 shipped openings); each is played twice",
    )
    match.add_argument(
        "--movetime",
        type=positive_int,
        metavar="MS",
        help="fixed time per move in milliseconds (the default, 100)",
    )
    match.add_argument(
        "--tc",
        metavar="[MOVES/]SECONDS[+INC]",
        help="a clock instead of a fixed move time, e.g. 10+0.1 or 40/60",
    )
    match.add_argument(
        "--timemargin",
        type=int_between(0),
        metavar="MS",
        help="time an engine may overstep before it loses on time (default: 0 "
        "under --tc; with --movetime, overruns are counted, not forfeited)",
    )
    match.add_argument(
        "--max-plies",
        type=positive_int,
        help="adjudicate a draw after this many plies (default: none; the rules end every game)",
    )
    match.add_argument(
        "--sprt",
        nargs="+",
        metavar="KEY=VALUE",
        help="stop when an SPRT decides: elo0=N elo1=N [alpha=0.05] [beta=0.05]",
    )
    match.add_argument("--pgn", metavar="FILE", help="append every game to this PGN file")
    match.add_argument(
        "--recover",
        action="store_true",
        help="restart an engine that dies or hangs and play on (default: the "
        "match stops after that game); either way the exit code is 3",
    )
    match.set_defaults(run=run_match)

    lab = sub.add_parser(
        "lab",
        help="the heuristics lab: a matrix of suites, configs, depths, "
        "ordering specs and guard pruning",
    )
    lab.add_argument(
        "variant",
        nargs="*",
        metavar="VARIANT",
        help="games whose default suite to use when no --suite is given (default every game)",
    )
    lab.add_argument(
        "--suite",
        action="append",
        metavar="SUITE",
        help="a shipped suite (each game ships its own, e.g. bratko-kopec, "
        "chess-middlegames-200, xiangqi-middlegames-30, xiangqi-middlegames-200, "
        "capablanca-middlegames), an EPD file, or several of one game joined by + "
        "(repeatable)",
    )
    lab.add_argument(
        "--spec",
        action="append",
        help="an ordering spec (repeatable; default: the pipelines of docs/search.md's table)",
    )
    lab.add_argument(
        "--depth",
        action="append",
        type=int_between(1, MAX_PLY),
        help=f"search depth, 1-{MAX_PLY} (repeatable; default 3)",
    )
    lab.add_argument(
        "--prune",
        action="append",
        metavar="DEPTH[:MARGIN]",
        help="guard pruning frontier depth and margin (repeatable; 0 = off, the "
        "default; needs guard in every spec)",
    )
    lab.add_argument(
        "--config",
        action="append",
        metavar="NAME",
        help=f"search preset: {', '.join(CONFIGS)} (repeatable; default baseline)",
    )
    lab.add_argument(
        "--baseline",
        metavar="SPEC",
        help="the spec nodes are compared with (default: the first --spec)",
    )
    lab.add_argument(
        "--positions", type=positive_int, help="use only the first N positions of each suite"
    )
    lab.add_argument(
        "--jobs",
        type=positive_int,
        default=1,
        help="parallel processes (results do not depend on it; default 1); with --elo, "
        "game pairs played at once",
    )
    lab.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="run the searches on a Dask cluster (its scheduler's address, e.g. "
        "tcp://10.0.0.5:8786; needs the cluster extra) instead of locally",
    )
    lab.add_argument(
        "--out",
        default="lab-output",
        metavar="DIR",
        help="folder for lab.csv, lab.json and searches.jsonl, the journal a "
        "later run resumes from (default lab-output)",
    )
    lab.add_argument(
        "--preset",
        choices=sorted(PRESETS),
        help="run a seed experiment (greer-table3, greer-table4, guard, ordering); "
        "explicit options override it",
    )
    lab.add_argument("--no-chart", action="store_true", help="skip the bar chart")
    lab.add_argument(
        "--markdown",
        action="store_true",
        help="with --report: print the tables as Markdown (docs/lab.md's tables are these)",
    )
    lab.add_argument(
        "--columns",
        metavar="LIST",
        help=f"the Markdown table's measures, comma-separated: {', '.join(MARKDOWN_MEASURES)} "
        f"(default {','.join(MARKDOWN_DEFAULT)})",
    )
    lab.add_argument(
        "--plot",
        metavar="DIR",
        help="draw the comparisons as SVG and PNG pictures in DIR (needs matplotlib: "
        "pip install 'xqchess[plot]')",
    )
    elo = lab.add_argument_group(
        "Elo by self-play (--elo)",
        "play this engine with one switch against it without, per game, from the shipped "
        "openings, each twice with the colours swapped; report Elo with its 95 percent interval",
    )
    elo.add_argument(
        "--elo",
        action="store_true",
        help="play the switches' games instead of searching positions (the games of the "
        "suites, or the VARIANTs); journals <game>-<switch>.pgn in --out resume",
    )
    elo.add_argument(
        "--switch",
        action="append",
        choices=list(SWITCHES),
        help="a switch to measure (repeatable; default: the preset's, else every one)",
    )
    elo.add_argument(
        "--games",
        type=positive_int,
        default=DEFAULT_GAMES,
        help=f"games per row, even (default {DEFAULT_GAMES}; fewer when --sprt decides)",
    )
    elo.add_argument(
        "--movetime",
        type=positive_int,
        default=DEFAULT_MOVETIME,
        metavar="MS",
        help=f"fixed time per move in milliseconds (default {DEFAULT_MOVETIME})",
    )
    elo.add_argument(
        "--sprt",
        nargs="+",
        metavar="KEY=VALUE",
        help="end a row when an SPRT decides: elo0=N elo1=N [alpha=0.05] [beta=0.05]",
    )
    lab.add_argument(
        "--report",
        action="store_true",
        help="search nothing: summarise the searches --out holds already (a run "
        "stopped part way, each cell over the positions it has)",
    )
    lab.set_defaults(run=run_lab)

    chessmaps = sub.add_parser(
        "chessmaps", help="Greer's chessmaps heuristic: its data, network and views"
    )
    chessmaps_sub = chessmaps.add_subparsers(
        dest="chessmaps_command", required=True, parser_class=OneLineParser, metavar="COMMAND"
    )
    data = chessmaps_sub.add_parser(
        "data",
        help="record positions and Fairy-Stockfish's moves by self-play (training and test data)",
    )
    chessmaps_data.add_arguments(data)
    data.set_defaults(run=chessmaps_data.run)
    train = chessmaps_sub.add_parser("train", help="train the sector network on recorded data")
    chessmaps_train.add_train_arguments(train)
    train.set_defaults(run=chessmaps_train.run_train)
    evaluate = chessmaps_sub.add_parser(
        "evaluate",
        help="Greer's Tables 1 and 2: the accuracy "
        "of the network's, a fixed and a random sector ordering",
    )
    chessmaps_train.add_evaluate_arguments(evaluate)
    evaluate.set_defaults(run=chessmaps_train.run_evaluate)
    for name in NAMES:  # `xqchess chessmaps GAME`: the view of a position
        view = chessmaps_sub.add_parser(
            name,
            help=f"draw the chessmap, valueboard, sectors and "
            f"a move's influence of a {name} position",
        )
        chessmaps_view.add_arguments(view)
        view.set_defaults(run=chessmaps_view.run, variant=name)

    tune = sub.add_parser(
        "tune",
        help="fit a game's tapered evaluation tables to positions Fairy-Stockfish scored",
    )
    tuning.add_arguments(tune)
    tune.set_defaults(run=tuning.run)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code = args.run(args)
    except XQChessError as error:
        print(f"xqchess: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader (e.g. `head`) went away: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return code or 0


if __name__ == "__main__":
    sys.exit(main())
