"""`xqchess check GAME`: the conformance kit as a command. Runs every part (`runner`) against
the chosen oracle within a time budget, with a progress bar on a terminal; prints who answers
what, a table per part and each disagreement (its FEN, the moves to it, what each side says),
and writes the disagreements to a file that ``--replay FILE`` compares again. Exit 0 when
everything agrees, 1 when something differs, 2 on an error (an engine that dies, hangs or
answers nonsense among them: one line naming the fault)."""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from xqchess.cli.arguments import positive_seconds
from xqchess.cli.check.differential import Disagreement
from xqchess.cli.check.runner import (
    ENGINE_TIMEOUT,
    ORACLE_CHOICES,
    CheckReport,
    check_game,
    referees,
    replay,
)
from xqchess.cli.external_engine import parse_options
from xqchess.core.errors import XQChessError
from xqchess.variants import NAMES, get_variant

#: exit statuses: everything agrees; something differs (an error is 2, from `cli.main`)
AGREE, DIFFER = 0, 1
#: the default time budget per game, in seconds
DEFAULT_BUDGET = 60.0
#: the file format's version
FILE_VERSION = 1


def budget_seconds(text: str) -> float:
    """``--budget``: seconds, written ``90``, ``90s`` or ``2m``."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(s|m)?\s*", text)
    if not match or float(match[1]) <= 0:
        raise argparse.ArgumentTypeError(f"budget {text!r} is not a time like 60s or 2m")
    return float(match[1]) * (60 if match[2] == "m" else 1)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "variant",
        metavar="GAME",
        nargs="?",
        choices=NAMES,
        help=f"the game to check ({', '.join(NAMES)}; a game an installed package registers "
        "too); with --replay, the file's",
    )
    parser.add_argument(
        "--oracle",
        choices=ORACLE_CHOICES,
        default="auto",
        help="who is right: auto (each question to the oracle the game's settings name, where "
        "installed, else pyffish, else Fairy-Stockfish; perft from Fairy-Stockfish where found), "
        "python-chess, pyffish, or engine (--engine)",
    )
    parser.add_argument(
        "--engine",
        metavar="COMMAND",
        help="a UCI engine answering 'go perft' (with UCI_Variant for other games); default "
        "fairy-stockfish",
    )
    parser.add_argument(
        "--option",
        action="append",
        metavar="NAME=VALUE",
        help="an engine option (repeatable)",
    )
    parser.add_argument(
        "--timeout",
        type=positive_seconds,
        default=ENGINE_TIMEOUT,
        metavar="SECONDS",
        help=f"seconds the engine has for each answer (default {ENGINE_TIMEOUT:g})",
    )
    parser.add_argument(
        "--budget",
        type=budget_seconds,
        default=DEFAULT_BUDGET,
        metavar="TIME",
        help="about how long to check, e.g. 60s or 5m (default 60s); perft goes as deep and "
        "the random games as long as it allows",
    )
    parser.add_argument(
        "--seed", type=int, default=0, help="the random games' and positions' seed (default 0)"
    )
    parser.add_argument(
        "--out",
        type=Path,
        metavar="FILE",
        help="where disagreements are written (default check-GAME.json; nothing is written "
        "when everything agrees)",
    )
    parser.add_argument(
        "--replay",
        type=Path,
        metavar="FILE",
        help="compare again the disagreements a check wrote to FILE (after a fix, say)",
    )


def run(args: argparse.Namespace) -> int:
    console = Console(highlight=False, width=None if sys.stdout.isatty() else 120)
    options = parse_options(args.option or [])
    if args.replay is not None:
        return run_replay(args, console, options)
    if args.variant is None:
        raise XQChessError("name the game to check (or --replay FILE)")
    variant = get_variant(args.variant)
    with referees(variant, args.oracle, args.engine, options, timeout=args.timeout) as refs:
        console.print(
            f"checking {variant.name} for {args.budget:g} s: {refs.described()}", markup=False
        )
        columns = (TextColumn("{task.description}"), BarColumn(), TimeElapsedColumn())
        with Progress(
            *columns, console=console, transient=True, disable=not console.is_terminal
        ) as progress:
            bar = progress.add_task("starting", total=1.0)

            def on_progress(step: str, fraction: float) -> None:
                progress.update(bar, description=step, completed=fraction)

            report = check_game(variant, refs, args.budget, args.seed, on_progress)
    print_report(console, report)
    found = report.disagreements
    if not found:
        console.print(f"{variant.name}: everything agrees")
        return AGREE
    out = args.out or Path(f"check-{variant.name}.json")
    write_disagreements(out, variant.name, args, found)
    console.print(
        f"{variant.name}: {len(found)} disagreement{'s' * (len(found) != 1)}, written to {out} "
        f"(xqchess check --replay {out})",
        markup=False,
    )
    return DIFFER


def print_report(console: Console, report: CheckReport) -> None:
    table = Table(title=f"{report.game}: the check's parts", title_justify="left")
    for heading in ("part", "oracle", "positions", "compared", "disagreements", "seconds", "notes"):
        justify = "right" if heading in ("positions", "disagreements", "seconds") else "left"
        table.add_column(heading, justify=justify)
    for part in report.parts:
        table.add_row(
            part.name,
            part.oracle,
            f"{part.positions:,}",
            f"{part.compared:,} {part.unit}",
            str(len(part.disagreements)),
            f"{part.seconds:.1f}",
            part.note,
        )
    console.print(table)
    endings = ", ".join(
        f"{name.replace('_', ' ')} {count:,}" for name, count in sorted(report.endings.items())
    )
    console.print(f"endings reached (positions): {endings or 'none'}")
    for number, found in enumerate(report.disagreements, 1):
        print_disagreement(console, number, found)


def print_disagreement(console: Console, number: int, found: Disagreement) -> None:
    """The disagreement, each line whole (never wrapped: its moves and FEN are pasted into
    other commands)."""
    start = "the start position" if found.start is None else found.start
    lines = [
        f"{number}. {found.part}: {found.aspect}",
        f"   FEN   {found.fen}",
        f"   from  {start}",
        f"   moves {' '.join(found.moves) or '-'}",
    ]
    if found.ours.startswith("only "):  # (move sets: what each side alone has)
        lines += [f"   {found.ours}", f"   {found.theirs}"]
    else:
        lines += [f"   xqchess: {found.ours}", f"   {found.oracle}: {found.theirs}"]
    for line in lines:
        console.print(line, markup=False, soft_wrap=True)


def write_disagreements(path: Path, game: str, args: argparse.Namespace, found) -> None:
    document = {
        "version": FILE_VERSION,
        "game": game,
        "oracle": args.oracle,
        "engine": args.engine,
        "option": args.option or [],
        "seed": args.seed,
        "disagreements": [disagreement.record() for disagreement in found],
    }
    try:
        path.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    except OSError as error:
        raise XQChessError(f"cannot write {path}: {error.strerror}") from None


def read_disagreements(path: Path) -> dict:
    """A file `write_disagreements` wrote; XQChessError naming what is wrong with it."""
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise XQChessError(f"cannot read {path}: {error.strerror}") from None
    except json.JSONDecodeError as error:
        raise XQChessError(f"{path} is not a check's file: {error}") from None
    if not isinstance(document, dict) or document.get("version") != FILE_VERSION:
        raise XQChessError(f"{path} is not a check's file (version {FILE_VERSION})")
    fields = ("part", "aspect", "start", "moves")
    for record in document.get("disagreements", []):
        if not isinstance(record, dict) or any(key not in record for key in fields):
            raise XQChessError(f"{path}: a disagreement lacks one of {', '.join(fields)}")
    if document.get("game") not in NAMES:
        raise XQChessError(f"{path}: unknown game {document.get('game')!r}")
    return document


def run_replay(args: argparse.Namespace, console: Console, options: dict[str, str]) -> int:
    """Each saved disagreement compared again (with the file's oracle and engine unless the
    command names others); exit 0 when every one now agrees."""
    document = read_disagreements(args.replay)
    game = document["game"]
    if args.variant is not None and args.variant != game:
        raise XQChessError(f"{args.replay} holds {game}'s disagreements, not {args.variant}'s")
    variant = get_variant(game)
    oracle = args.oracle if args.oracle != "auto" else document.get("oracle", "auto")
    engine = args.engine or document.get("engine")
    options = options or parse_options(document.get("option", []))
    still = 0
    with referees(variant, oracle, engine, options, timeout=args.timeout) as refs:
        for number, record in enumerate(document["disagreements"], 1):
            found = replay(variant, refs, record)
            moves = " ".join(record["moves"]) or "-"
            if found is None:
                console.print(
                    f"{number}. {record['part']}: {record['aspect']} after {moves}: agrees now",
                    markup=False,
                )
            else:
                still += 1
                print_disagreement(console, number, found)
    total = len(document["disagreements"])
    console.print(f"{game}: {total - still} of {total} agree now")
    return DIFFER if still else AGREE
