"""The lab's Elo rows (`xqchess lab --elo`): what one switch of the playing engine is worth in
games, per game.

A switch is a pair of UCI option sets for this engine, the same but for one change
(`SWITCHES`): guard pruning on against off, each ordering heuristic of the playing pipeline
against the pipeline without it, chessmaps in history's place. A row plays the engine with
the switch (the first engine) against the engine without it, in one game, from the game's
shipped balanced openings, each opening twice with the colours swapped (a pair), at a fixed
time per move, with this project's rules as the arbiter (`cli.match.runner`); an engine that
dies or hangs loses that game and is restarted. It reports the first engine's Elo with its 95%
interval from the pentanomial counts of the pairs (`cli.match.stats`), and, with an SPRT, the
log-likelihood ratio after each pair and its verdict, which ends the row early.

Rows run one after another; ``jobs`` pairs of one row are played at once, each on its own two
engine processes (a game keeps one core busy: the engine to move thinks, the other waits).
Each pair's two games are appended to the row's journal, ``<game>-<switch>.pgn`` in the
output folder, as soon as both are over; a later run with that folder reads the journal
back, drops a pair left incomplete and plays only the pairs still missing, so a long run
resumes in another session. A journal whose games are of other engines or another time per
move is refused, not mixed in.
"""

from __future__ import annotations

import argparse
import io
import json
import math
import queue
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text
from xqchess.cli.arguments import package_version
from xqchess.cli.external_engine import DIALECTS, ExternalEngine
from xqchess.cli.match.openings import shipped_openings
from xqchess.cli.match.runner import (
    MatchSettings,
    Player,
    TimeControl,
    default_engine_command,
    engine_names,
    match_game,
    parse_sprt,
    play_game,
)
from xqchess.cli.match.stats import Z95, Sprt, Tally, elo_interval
from xqchess.core.errors import XQChessError
from xqchess.core.pgn import game_text, read_tags, write_pgn
from xqchess.ordering.spec import DEFAULT_SPEC
from xqchess.variants import get_variant

#: the time per move a row is played at unless told otherwise, in milliseconds
DEFAULT_MOVETIME = 40
#: the games a row plays unless told otherwise (fewer when an SPRT decides first)
DEFAULT_GAMES = 400
#: the elo row's file in the output folder (every row's figures, for reports and pictures)
ELO_FILE = "elo.json"
#: White's score in a game, by its PGN result
WHITE_SCORES = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


class NoGamesError(XQChessError):
    """A report of Elo rows found no game of them in the output folder."""


class EloJournalError(XQChessError):
    """A row's journal holds games that are not that row's, or cannot be read."""


@dataclass(frozen=True)
class Switch:
    """One change to the playing engine: the first engine's options (with it) and the
    reference's (without it), as UCI option names and values in the order they are sent."""

    name: str
    description: str
    options: tuple[tuple[str, str], ...]
    reference: tuple[tuple[str, str], ...]


def _ordering(spec: str) -> tuple[tuple[str, str], ...]:
    return (("Ordering", spec),)


def _without(heuristic: str) -> str:
    """The playing pipeline without ``heuristic``."""
    return ",".join(item for item in DEFAULT_SPEC.split(",") if item != heuristic)


#: the guard heuristic as the playing pipeline's last tie-breaker: the pipeline guard pruning
#: needs, ordering almost as the playing one does
GUARD_ORDERING = f"{DEFAULT_SPEC},guard"

SWITCHES = {
    switch.name: switch
    for switch in (
        Switch(
            "guard-prune",
            "guard pruning at frontier 1, margin 0 (Ke and Parng 1993), against none",
            (("Ordering", GUARD_ORDERING), ("GuardPrune", "1")),
            _ordering(GUARD_ORDERING),
        ),
        *(
            Switch(
                heuristic,
                f"the playing pipeline against it without {heuristic}",
                _ordering(DEFAULT_SPEC),
                _ordering(_without(heuristic)),
            )
            for heuristic in DEFAULT_SPEC.split(",")
        ),
        Switch(
            "chessmaps",
            "chessmaps (Greer 2000) in history's place in the playing pipeline, against history",
            _ordering(DEFAULT_SPEC.replace("history", "chessmaps")),
            _ordering(DEFAULT_SPEC),
        ),
    )
}
#: the switches an `xqchess lab --elo --preset` plays, by preset, those an SPRT tends to decide
#: soonest first (a run cut short has the decided rows)
PRESET_SWITCHES = {
    "guard": ("guard-prune",),
    "ordering": ("hash", "history", "see", "killer", "chessmaps", "countermove"),
    "greer-table3": ("chessmaps",),
    "greer-table4": ("chessmaps",),
}


@dataclass(frozen=True)
class Row:
    """One row: a switch in one game, and where its games are journalled."""

    variant: str
    switch: Switch
    journal: Path

    def names(self) -> tuple[str, str]:
        """The two engines' names, as the journal's White and Black tags give them."""
        first, second = engine_names(
            [None, None], [None, None], [dict(self.switch.options), dict(self.switch.reference)]
        )
        return first, second


@dataclass
class RowResult:
    """What a row's journal says: the tally of its complete pairs and the SPRT's verdict."""

    row: Row
    tally: Tally
    verdict: str | None = None
    llr: float | None = None

    def as_dict(self) -> dict:
        """The row as `ELO_FILE` and the pictures take it."""
        estimate, low, high = elo_interval(self.tally) if self.tally.games else (None,) * 3
        return {
            "variant": self.row.variant,
            "switch": self.row.switch.name,
            "description": self.row.switch.description,
            "games": self.tally.games,
            "wins": self.tally.wins,
            "draws": self.tally.draws,
            "losses": self.tally.losses,
            "pairs": list(self.tally.pairs),
            "score_pct": 100 * self.tally.score() if self.tally.games else None,
            "elo": _finite(estimate),
            "elo_low": _finite(low),
            "elo_high": _finite(high),
            "llr": self.llr,
            "verdict": self.verdict,
        }


def _finite(value: float | None) -> float | None:
    """``value``, or None for an unbounded end (JSON has no infinity)."""
    return None if value is None or value in (float("inf"), float("-inf")) else value


def select_switches(names: list[str] | None, preset: str | None) -> list[Switch]:
    """The switches named, else the preset's, else every one; an unknown name is an error."""
    wanted = names or list(PRESET_SWITCHES.get(preset or "", SWITCHES))
    for name in wanted:
        if name not in SWITCHES:
            raise XQChessError(f"unknown --switch {name!r}; expected one of {', '.join(SWITCHES)}")
    return [SWITCHES[name] for name in dict.fromkeys(wanted)]


def read_journal(row: Row, control: TimeControl) -> dict[int, list[str]]:
    """The row's complete pairs in its journal: pair index -> the two games' PGN texts, in
    game order. Games of other engines or another time control are an `EloJournalError`; a
    pair with one game only (a run stopped inside it), or a last game cut short without its
    result (a run killed while writing it), is left out, and the file rewritten without it."""
    if not row.journal.exists():
        return {}
    try:
        text = row.journal.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise EloJournalError(f"cannot read {row.journal}: {error}") from None
    stream = io.StringIO(text)
    games: dict[int, str] = {}
    names = set(row.names())
    cut_short = False
    while (game := game_text(stream.readline)) is not None:
        tags = read_tags(game)
        if tags.get("Result") not in WHITE_SCORES and not text[stream.tell() :].strip():
            cut_short = True
            break
        number = tags.get("Round", "")
        where = f"{row.journal}, game {number or '?'}"
        if not number.isdigit() or int(number) < 1 or int(number) in games:
            raise EloJournalError(f"{where}: the Round tag is missing or repeated")
        if {tags.get("White"), tags.get("Black")} != names:
            raise EloJournalError(
                f"{where}: played by {tags.get('White')} and {tags.get('Black')}, not this "
                f"row's engines; use another --out"
            )
        if tags.get("TimeControl") != control.describe():
            raise EloJournalError(
                f"{where}: played at {tags.get('TimeControl')}, not {control.describe()}; use "
                f"another --out"
            )
        if tags.get("Result") not in WHITE_SCORES:
            raise EloJournalError(f"{where}: no result")
        games[int(number)] = game
    pairs = {
        (number - 1) // 2: [games[number], games[number + 1]]
        for number in games
        if number % 2 == 1 and number + 1 in games
    }
    if cut_short or 2 * len(pairs) != len(games):
        _write_journal(row.journal, pairs)
    return pairs


def _write_journal(path: Path, pairs: dict[int, list[str]]) -> None:
    text = "".join(game.rstrip("\n") + "\n\n" for index in sorted(pairs) for game in pairs[index])
    path.write_text(text, encoding="utf-8")


def game_score(game: str, first: str) -> float:
    """The score of the engine named ``first`` in a journalled game."""
    tags = read_tags(game)
    white_score = WHITE_SCORES[tags["Result"]]
    return white_score if tags["White"] == first else 1 - white_score


def summarise(row: Row, pairs: dict[int, list[str]], sprt: Sprt | None) -> RowResult:
    """The row's tally over its complete pairs (in pair order) and the SPRT on them."""
    result = RowResult(row, Tally(paired=True))
    first = row.names()[0]
    for index in sorted(pairs):
        for game in pairs[index]:
            result.tally.add(game_score(game, first))
    if sprt is not None and result.tally.games:
        result.llr = sprt.llr(result.tally)
        result.verdict = sprt.verdict(result.tally)
    return result


def run_row(
    row: Row,
    games: int,
    control: TimeControl,
    sprt: Sprt | None,
    jobs: int,
    progress: Callable[[RowResult], None],
) -> RowResult:
    """Play the row's missing pairs, ``jobs`` at a time, until it has ``games`` games or the
    SPRT decides; each pair is journalled as soon as it is over, and ``progress`` is told the
    row's state after each. Returns the row's final state."""
    variant = get_variant(row.variant)
    openings = shipped_openings(variant)
    pairs = read_journal(row, control)
    state = summarise(row, pairs, sprt)
    missing: queue.SimpleQueue[int] = queue.SimpleQueue()
    for index in range(games // 2):
        if index not in pairs:
            missing.put(index)
    if state.verdict or missing.empty():
        return state
    lock = threading.Lock()
    stop = threading.Event()
    failures: list[BaseException] = []
    settings = MatchSettings(variant, control, None, None)

    def worker() -> None:
        names = row.names()
        players = [
            Player(name, ExternalEngine(default_engine_command(), DIALECTS["uci"], name), dict(o))
            for name, o in zip(names, (row.switch.options, row.switch.reference))
        ]
        try:
            for player in players:
                player.engine.start(variant, player.options)
            while not stop.is_set():
                try:
                    index = missing.get_nowait()
                except queue.Empty:
                    return
                texts = []
                for number in (2 * index + 1, 2 * index + 2):
                    opening = openings[index % len(openings)]
                    record = match_game(settings, players, number, (number - 1) % 2, opening)
                    play_game(settings, players, record)
                    texts.append(write_pgn(record))
                with lock:
                    if stop.is_set():  # stopped while the pair was played (its engines too)
                        return
                    pairs[index] = texts
                    with open(row.journal, "a", encoding="utf-8") as handle:
                        handle.write("".join(text.rstrip("\n") + "\n\n" for text in texts))
                    current = summarise(row, pairs, sprt)
                    progress(current)
                    if current.verdict:
                        stop.set()
        except BaseException as error:  # reported by the caller, after the other workers
            failures.append(error)
            stop.set()
        finally:
            for player in players:
                player.engine.quit()

    threads = [threading.Thread(target=worker, daemon=True) for _ in range(jobs)]
    for thread in threads:
        thread.start()
    try:
        for thread in threads:
            thread.join()
    except KeyboardInterrupt:
        stop.set()
        raise
    if failures:
        raise failures[0]
    return summarise(row, pairs, sprt)


def rows_for(variants: list[str], switches: list[Switch], out: Path) -> list[Row]:
    """A row per switch and game (the games of a switch together), journalled in ``out``."""
    return [
        Row(variant, switch, out / f"{variant}-{switch.name}.pgn")
        for switch in switches
        for variant in variants
    ]


def write_elo_file(out: Path, results: list[RowResult], meta: dict) -> None:
    """`ELO_FILE`: the run's settings and every row's figures."""
    data = {"meta": meta, "rows": [result.as_dict() for result in results]}
    try:
        (out / ELO_FILE).write_text(json.dumps(data, indent=1), encoding="utf-8")
    except OSError as error:
        raise XQChessError(
            f"--out {str(out)!r}: cannot write {ELO_FILE}: {error.strerror}"
        ) from None


def progress_line(result: RowResult) -> str:
    """One line after a pair: the row, its games, score and Elo so far."""
    figures = result.as_dict()
    text = (
        f"{figures['variant']} {figures['switch']}: {figures['games']} games, "
        f"+{figures['wins']} ={figures['draws']} -{figures['losses']}, elo "
        f"{format_signed(figures['elo'])} ({_interval_text(figures)})"
    )
    if result.llr is not None:
        text += f", llr {result.llr:.2f}"
    return text


def format_signed(value: float | None, unbounded: str = "-") -> str:
    """Elo as '+12' or '-3'; ``unbounded`` for None."""
    return unbounded if value is None else f"{round(value):+d}"


def _interval_text(figures: dict) -> str:
    low = format_signed(figures["elo_low"], "-inf")
    return f"{low} to {format_signed(figures['elo_high'], '+inf')}"


def _pairs_text(figures: dict) -> str:
    return "-".join(str(count) for count in figures["pairs"])


#: the Elo table's columns: header, and the row's text for it
ELO_COLUMNS: tuple[tuple[str, Callable[[dict], str]], ...] = (
    ("game", lambda f: f["variant"]),
    ("switch", lambda f: f["switch"]),
    ("games", lambda f: str(f["games"])),
    ("W-D-L", lambda f: f"{f['wins']}-{f['draws']}-{f['losses']}"),
    ("pairs", _pairs_text),
    ("score %", lambda f: "-" if f["score_pct"] is None else f"{f['score_pct']:.1f}"),
    ("Elo", lambda f: format_signed(f["elo"])),
    ("95% interval", _interval_text),
    ("LLR", lambda f: "-" if f["llr"] is None else f"{f['llr']:.2f}"),
    ("SPRT", lambda f: f["verdict"] or "-"),
)


def table_cells(results: list[dict], sprt: bool) -> tuple[list[str], list[list[str]]]:
    """The Elo table's header and rows, the SPRT's columns only when one ran."""
    columns = [c for c in ELO_COLUMNS if sprt or c[0] not in ("LLR", "SPRT")]
    return [c[0] for c in columns], [[text(f) for _, text in columns] for f in results]


def across_games(results: list[dict]) -> list[dict]:
    """Each switch played in two games compared: the first game's Elo minus the second's,
    with a 95% interval from the normal approximation (each row's standard error read off its
    own interval, the two matches independent), and whether it holds (excludes 0)."""
    compared = []
    for index, first in enumerate(results):
        for second in results[index + 1 :]:
            if second["switch"] != first["switch"] or second["variant"] == first["variant"]:
                continue
            rows = (first, second)
            if any(row[key] is None for row in rows for key in ("elo", "elo_low", "elo_high")):
                continue
            error = math.hypot(*((row["elo_high"] - row["elo_low"]) / (2 * Z95) for row in rows))
            difference = first["elo"] - second["elo"]
            low, high = difference - Z95 * error, difference + Z95 * error
            compared.append(
                {
                    "switch": first["switch"],
                    "games": [first["variant"], second["variant"]],
                    "difference": difference,
                    "low": low,
                    "high": high,
                    "holds": low > 0 or high < 0,
                }
            )
    return compared


def across_games_cells(compared: list[dict]) -> tuple[list[str], list[list[str]]]:
    """The across-games table's header and rows."""
    header = ["switch", "games", "Elo difference", "95% interval"]
    rows = [
        [
            row["switch"],
            " - ".join(row["games"]),
            format_signed(row["difference"]) + ("*" if row["holds"] else ""),
            f"{format_signed(row['low'])} to {format_signed(row['high'])}",
        ]
        for row in compared
    ]
    return header, rows


def markdown(header: list[str], rows: list[list[str]]) -> str:
    """A Markdown table of ``header`` and ``rows`` (cells as text), the lab's tables' form."""
    return "".join(
        "| " + " | ".join(row) + " |\n" for row in [header, ["---"] * len(header), *rows]
    )


def markdown_table(results: list[dict], sprt: bool) -> str:
    """The Elo rows as a Markdown table (what docs/lab.md holds), then, when a switch was
    played in two games, their difference as a second table."""
    text = markdown(*table_cells(results, sprt))
    compared = across_games(results)
    if compared:
        text += "\n" + markdown(*across_games_cells(compared))
    return text


#: the terminal chart's half-width in characters, and the Elo its edge stands for at least
CHART_HALF = 20
CHART_MIN_SCALE = 50


def chart_lines(results: list[dict]) -> list[Text]:
    """Each row's Elo as a point on a line with its interval drawn around it: ``─`` the
    interval, ``●`` the estimate, ``│`` zero; an unbounded end runs to the edge as ``◀``/``▶``."""
    keys = ("elo", "elo_low", "elo_high")
    ends = [abs(f[key]) for f in results for key in keys if f[key] is not None]
    scale = max([CHART_MIN_SCALE, *ends])
    labels = [f"{f['variant']} {f['switch']}" for f in results]
    width = max(map(len, labels), default=0)

    def column(value: float) -> int:
        return round(CHART_HALF + CHART_HALF * max(-1.0, min(1.0, value / scale)))

    lines = []
    for label, f in zip(labels, results):
        cells = [" "] * (2 * CHART_HALF + 1)
        cells[CHART_HALF] = "│"
        if f["elo"] is not None:
            low = 0 if f["elo_low"] is None else column(f["elo_low"])
            high = 2 * CHART_HALF if f["elo_high"] is None else column(f["elo_high"])
            for at in range(low, high + 1):
                cells[at] = "┼" if at == CHART_HALF else "─"
            if f["elo_low"] is None:
                cells[0] = "◀"
            if f["elo_high"] is None:
                cells[-1] = "▶"
            cells[column(f["elo"])] = "●"
        holds = (
            f["elo_low"] is not None
            and f["elo_low"] > 0
            or (f["elo_high"] is not None and f["elo_high"] < 0)
        )
        lines.append(
            Text(f"  {label:<{width}} ")
            + Text("".join(cells), style="bold" if holds else "")
            + Text(f" {format_signed(f['elo'])}")
        )
    lines.append(Text(f"  {'':<{width}} {-scale:<+{CHART_HALF}.0f}0{scale:>+{CHART_HALF}.0f}"))
    return lines


def print_report(console: Console, results: list[dict], sprt: bool) -> None:
    """The Elo rows as a table, then as a chart of the estimates and their intervals."""
    header, rows = table_cells(results, sprt)
    table = Table(
        title="xqchess lab --elo",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        padding=(0, 1, 0, 0),
    )
    for index, name in enumerate(header):
        table.add_column(name, justify="left" if index < 2 else "right", no_wrap=True)
    for row in rows:
        table.add_row(*row)
    console.print(table)
    console.print(
        "Elo of the engine with the switch against it without; pairs: the game pairs (one "
        "opening, colours swapped) by the first engine's points, 0, ½, 1, 1½ and 2; the 95% "
        "interval from their counts (pentanomial). Bold in the chart: the interval excludes 0."
    )
    for line in chart_lines(results):
        console.print(line)
    compared = across_games(results)
    if compared:
        header, rows = across_games_cells(compared)
        across = Table(title="across games", title_justify="left", box=box.SIMPLE_HEAD)
        for name in header:
            across.add_column(name, no_wrap=True)
        for row in rows:
            across.add_row(*row)
        console.print(across)
        console.print(
            "the first game's Elo minus the second's; 95% interval by the normal "
            "approximation from the two rows' intervals; *: the games differ at 95%"
        )


def elo_figures(args: argparse.Namespace, variants: list[str]) -> tuple[list[dict], bool]:
    """Play (or, with ``--report``, only read) the games of each row of ``variants`` and the
    switches asked for, writing `ELO_FILE` after play: the rows' figures (those with games) and
    whether an SPRT was given. `NoGamesError` when no row has a game."""
    if args.games < 2 or args.games % 2:
        raise XQChessError(f"--games must be even and at least 2 (pairs), got {args.games}")
    control = TimeControl(args.movetime)
    sprt = parse_sprt(args.sprt) if args.sprt else None
    out = Path(args.out)
    rows = rows_for(variants, select_switches(args.switch, args.preset), out)
    results = []
    for row in rows:
        if args.report:
            result = summarise(row, read_journal(row, control), sprt)
        else:
            result = run_row(row, args.games, control, sprt, args.jobs, report_stderr)
        results.append(result)
    if not args.report:
        meta = {
            "command": " ".join(["xqchess"] + sys.argv[1:]),
            "movetime_ms": args.movetime,
            "games": args.games,
            "sprt": None if sprt is None else [sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta],
            "xqchess": package_version(),
        }
        write_elo_file(out, results, meta)
    figures = [result.as_dict() for result in results if result.tally.games]
    if not figures:
        raise NoGamesError(f"{out} holds no games of these rows")
    return figures, sprt is not None


def collect_elo(args: argparse.Namespace, variants: list[str]) -> list[dict]:
    """`xqchess lab --elo` in ``variants``: `elo_figures`, then the table and chart (with
    ``--markdown``, the table in Markdown); returns the figures."""
    figures, sprt = elo_figures(args, variants)
    if args.markdown:
        sys.stdout.write(markdown_table(figures, sprt))
    else:
        console = Console(highlight=False, width=None if sys.stdout.isatty() else 200)
        print_report(console, figures, sprt)
    return figures


def report_stderr(result: RowResult) -> None:
    print(progress_line(result), file=sys.stderr, flush=True)
