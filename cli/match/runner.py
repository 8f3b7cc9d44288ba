"""`xqchess match`: games between two engine programs in either game, this project's rules as
the arbiter.

Each engine speaks UCI (with ``UCI_Variant`` set to the game when it offers the option, as
Fairy-Stockfish does) or UCCI; it is only asked for moves. Before the first game each engine
must declare the game (`ExternalEngine.require_game`), or the match is refused. The arbiter
checks each move against the game's legal moves and decides every ending by the game's rules
(`Variant.outcome` with draws claimed: checkmate, stalemate, the move-count and repetition
rules, xiangqi's perpetual check and chase), so an engine with other rules, or none, can play.
An illegal move or a move claimed missing in a live position loses the game. An engine that
dies or hangs loses the game too, and, as in cutechess-cli, the match stops after it unless
``--recover`` is given (the engine is then restarted for the next game); the exit code then
tells a script that an engine failed (`ENGINE_FAILED`). Under a clock (``--tc``) an engine
whose clock runs out by more than ``--timemargin`` loses on time; under a fixed move time,
moves that take longer than the move time are counted, and lose only when ``--timemargin`` is
given and exceeded.

Openings come from a file (`cli.openings`) or the game's shipped set; each is played twice, the
engines taking turns to move first. After each game a progress line goes to stderr (and the
game to the ``--pgn`` file); at the end the score, the first engine's Elo with its 95% interval
(`cli.match.stats`), the SPRT's verdict when ``--sprt`` is given (it may end the match early),
and each engine's illegal moves, time losses, failures and longest move go to stdout.

An engine given no command is this xqchess, started by the same Python from the folder this code
is imported from, so files in the working folder (a `cli/main.py`, a `core.py`) cannot replace it.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass

from xqchess.cli.external_engine import (
    DIALECTS,
    Clock,
    EngineFailure,
    ExternalEngine,
    engine_command,
    parse_options,
    program_name,
)
from xqchess.cli.match.openings import Opening, load_openings, shipped_openings
from xqchess.cli.match.stats import PENTANOMIAL, Sprt, Tally, elo_interval, format_elo
from xqchess.core.errors import XQChessError
from xqchess.core.pgn import GameRecord, write_pgn
from xqchess.core.variant import Variant
from xqchess.variants import get_variant

#: label of this xqchess's engine (the default for both sides)
DEFAULT_ENGINE_NAME = "xqchess"
#: Python's isolated mode: neither the working folder nor PYTHONPATH nor the user's site is on
#: sys.path, so only the installed xqchess can be imported, whatever the working folder holds
ISOLATED = "-I"
#: seconds an engine may take beyond its time before it is judged hung (and killed)
HANG_GRACE = 10.0
#: PGN Termination tag values (the PGN standard's)
NORMAL, TIME_FORFEIT, RULES_INFRACTION, ABANDONED, ADJUDICATION = (
    "normal",
    "time forfeit",
    "rules infraction",
    "abandoned",
    "adjudication",
)
SPRT_KEYS = ("elo0", "elo1", "alpha", "beta")
#: exit codes: every game played (or the SPRT decided); an engine died or hung (2, from
#: `cli.main`, is a setup refused before the first game: bad options, an engine that cannot
#: start or does not play the game)
COMPLETED, ENGINE_FAILED = 0, 3


def default_engine_command() -> list[str]:
    """The command that starts this xqchess's UCI engine: the installed package run by the same
    Python, in isolated mode."""
    return [sys.executable, ISOLATED, "-m", "xqchess.cli.main", "uci"]


def engine_label(command: str | None, options: dict[str, str]) -> str:
    """How the output names an engine: its program's name ('xqchess' for the default engine,
    ``command`` None), then the options it was given: 'xqchess (Ordering=mvvlva)'."""
    name = DEFAULT_ENGINE_NAME if command is None else program_name(engine_command(command))
    settings = ", ".join(f"{option}={value}" for option, value in options.items())
    return f"{name} ({settings})" if settings else name


def engine_names(
    names: list[str | None], commands: list[str | None], options: list[dict[str, str]]
) -> list[str]:
    """The two engines' names in the output: the names given, else their labels; ' #1' and
    ' #2' are appended when the two would read the same."""
    labels = [
        name or engine_label(command, opts) for name, command, opts in zip(names, commands, options)
    ]
    if labels[0] == labels[1]:
        return [f"{label} #{number}" for number, label in enumerate(labels, 1)]
    return labels


def parse_sprt(pairs: list[str]) -> Sprt:
    """``elo0=0 elo1=10 [alpha=0.05] [beta=0.05]`` as an `Sprt`."""
    values = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep or name not in SPRT_KEYS:
            raise XQChessError(
                f"--sprt takes {', '.join(k + '=N' for k in SPRT_KEYS)}; got {pair!r}"
            )
        try:
            values[name] = float(text)
        except ValueError:
            raise XQChessError(f"--sprt {name} needs a number, got {text!r}") from None
    if "elo0" not in values or "elo1" not in values:
        raise XQChessError("--sprt needs elo0 and elo1")
    sprt = Sprt(**values)
    if sprt.elo0 >= sprt.elo1:
        raise XQChessError(f"--sprt elo0 ({sprt.elo0:g}) must be below elo1 ({sprt.elo1:g})")
    if not (0 < sprt.alpha < 1 and 0 < sprt.beta < 1 and sprt.alpha + sprt.beta < 1):
        raise XQChessError("--sprt alpha and beta must be between 0 and 1, summing below 1")
    return sprt


@dataclass(frozen=True)
class TimeControl:
    """A fixed time per move (``movetime``, ms), or a clock: ``base`` ms plus ``increment`` ms
    a move, refilled with ``base`` every ``moves`` moves when ``moves`` is set."""

    movetime: int | None = None
    base: int = 0
    increment: int = 0
    moves: int | None = None

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """``[MOVES/]BASE[+INCREMENT]`` in seconds: ``10+0.1``, ``40/60``."""
        moves, sep, rest = text.rpartition("/")
        base, _, increment = rest.partition("+")
        try:
            period = int(moves) if sep else None
            control = cls(
                None, round(float(base) * 1000), round(float(increment or 0) * 1000), period
            )
        except ValueError:
            raise XQChessError(f"--tc {text!r} is not [MOVES/]SECONDS[+INCREMENT]") from None
        if control.base <= 0 or control.increment < 0 or (period is not None and period < 1):
            raise XQChessError(
                f"--tc {text!r}: the time must be positive, the increment and moves not negative"
            )
        return control

    def describe(self) -> str:
        if self.movetime is not None:
            return f"{self.movetime} ms a move"
        text = f"{self.base / 1000:g}+{self.increment / 1000:g} s"
        return f"{self.moves} moves in {text}" if self.moves else text


@dataclass
class Player:
    """One side of the match: its engine, the options it is started with, and what it did."""

    name: str
    engine: ExternalEngine
    options: dict[str, str]
    illegal_moves: int = 0
    time_losses: int = 0
    failures: int = 0
    overruns: int = 0  # moves longer than the fixed move time
    longest_move: float = 0.0  # seconds


@dataclass(kw_only=True)
class MatchGame(GameRecord):
    """A game of the match: the kernel's record of it (its start, the opening's moves and those
    played, its result, and its PGN tags, which say how it ended: ``Termination`` in the PGN
    standard's words, ``Ending`` the reason), and what only the match needs: its number, who
    moved first (player index), its opening, and whether an engine failed in it (died or hung,
    losing the game)."""

    number: int
    first: int
    opening: Opening
    failed: bool = False

    @property
    def reason(self) -> str:
        """How the game ended, in words."""
        return self.tags["Ending"]

    def played(self) -> int:
        """The plies played after the opening."""
        return len(self.moves) - len(self.opening.moves)

    def end(self, result: str, reason: str, termination: str = NORMAL) -> MatchGame:
        """End the game with ``result``, for ``reason``, of the kind ``termination``."""
        self.result = result
        self.tags["Termination"], self.tags["Ending"] = termination, reason
        return self

    def first_player_score(self) -> float:
        """The score of player 0 (the match's first engine) in this game."""
        first_color_score = {"1-0": 1.0, "0-1": 0.0}.get(self.result, 0.5)
        return first_color_score if self.first == 0 else 1 - first_color_score


@dataclass
class MatchSettings:
    variant: Variant
    control: TimeControl
    timemargin: int | None
    max_plies: int | None


def match_game(
    settings: MatchSettings, players: list[Player], number: int, first: int, opening: Opening
) -> MatchGame:
    """Game ``number`` of the match, ``players[first]`` moving first from ``opening``, with
    the PGN tags that name the match, the players, the time control and the opening."""
    variant = settings.variant
    tags = {
        "Event": "xqchess match",
        "Round": str(number),
        "White": players[first].name,
        "Black": players[1 - first].name,
        "TimeControl": settings.control.describe(),
        "Opening": opening.text,
        "Termination": NORMAL,
        "Ending": "",
    }
    start = opening.fen or variant.start_fen
    return MatchGame(
        variant, start, list(opening.moves), tags, number=number, first=first, opening=opening
    )


def play_game(settings: MatchSettings, players: list[Player], record: MatchGame) -> MatchGame:
    """Play one game of ``record`` (its number, first mover and opening) to the end."""
    variant, control = settings.variant, settings.control
    pos = record.opening.position(variant)
    notations = {player.engine.dialect.move_notation for player in players}
    replay = variant.position(record.opening.fen, strict=False)
    texts: dict[str, list[str]] = {notation: [] for notation in notations}
    for move in record.opening.moves:
        for notation in notations:
            texts[notation].append(variant.format_move(replay, move, notation))
        replay.make(move)
    clocks = [control.base, control.base]  # per color, ms

    def lose(color: int, reason: str, termination: str) -> MatchGame:
        """End the game as lost by ``color``."""
        return record.end("0-1" if color == 0 else "1-0", reason, termination)

    def fail(player: Player, color: int, error: EngineFailure) -> MatchGame:
        """End the game as lost by ``player``'s engine, which died or hung (it is quit, and
        restarted before the next game)."""
        player.failures += 1
        player.engine.quit()
        record.failed = True
        return lose(color, str(error), ABANDONED)

    for index, player in enumerate(players):
        try:
            if not player.engine.running:
                player.engine.restart()
            player.engine.new_game()
        except EngineFailure as error:
            return fail(player, 0 if index == record.first else 1, error)

    while True:
        outcome = variant.outcome(pos, claim_draw=True)
        if outcome is not None:
            return record.end(outcome.result(), outcome.termination.value)
        if settings.max_plies is not None and record.played() >= settings.max_plies:
            reason = f"move cap ({settings.max_plies} plies)"
            return record.end("1/2-1/2", reason, ADJUDICATION)
        side = pos.side
        player = players[record.first if side == 0 else 1 - record.first]
        own_moves = record.played() // 2  # this side's moves so far (the opening's untimed)
        clock = (
            Clock(movetime=control.movetime)
            if control.movetime is not None
            else Clock(
                own=max(round(clocks[side]), 1),
                own_increment=control.increment,
                opponent=max(round(clocks[side ^ 1]), 1),
                opponent_increment=control.increment,
                own_is_first=side == 0,
                moves_to_go=control.moves - own_moves % control.moves if control.moves else None,
            )
        )
        allowed = (control.movetime if control.movetime is not None else clocks[side]) / 1000
        try:
            text, took = player.engine.best_move(
                record.opening.fen,
                texts[player.engine.dialect.move_notation],
                clock,
                allowed + (settings.timemargin or 0) / 1000 + HANG_GRACE,
            )
        except EngineFailure as error:
            return fail(player, side, error)
        player.longest_move = max(player.longest_move, took)
        spent = took * 1000
        if control.movetime is not None:
            if spent > control.movetime:
                player.overruns += 1
                if (
                    settings.timemargin is not None
                    and spent > control.movetime + settings.timemargin
                ):
                    player.time_losses += 1
                    return lose(side, f"{player.name} took {spent:.0f} ms", TIME_FORFEIT)
        else:
            clocks[side] -= spent
            if clocks[side] < -(settings.timemargin or 0):
                player.time_losses += 1
                return lose(side, f"{player.name} lost on time", TIME_FORFEIT)
            clocks[side] += control.increment
            if control.moves and (own_moves + 1) % control.moves == 0:
                clocks[side] += control.base
        if text is None:
            player.illegal_moves += 1
            return lose(side, f"{player.name} claimed to have no move", RULES_INFRACTION)
        try:
            move = variant.parse_move(pos, text, player.engine.dialect.move_notation)
        except XQChessError as error:
            player.illegal_moves += 1
            return lose(side, f"{player.name} played {text!r}: {error}", RULES_INFRACTION)
        for notation in notations:
            texts[notation].append(variant.format_move(pos, move, notation))
        pos.make(move)
        record.moves.append(move)


def summary(players: list[Player], tally: Tally) -> list[str]:
    """The final report: the score, Elo and each engine's conduct."""
    estimate, lower, upper = elo_interval(tally)
    model = tally.model()
    count, unit = (sum(tally.pairs), "game pair") if model == PENTANOMIAL else (tally.games, "game")
    over = f"over {count} {unit}" + ("s" if count != 1 else "")
    lines = [
        f"score of {players[0].name} vs {players[1].name}: +{tally.wins} "
        f"={tally.draws} -{tally.losses}, {tally.points:g}/{tally.games} "
        f"({100 * tally.score():.1f}%)",
        f"elo {format_elo(estimate)} (95% interval {format_elo(lower)} to "
        f"{format_elo(upper)}, {model} {over}) for {players[0].name}",
    ]
    for player in players:
        lines.append(
            f"{player.name}: illegal moves {player.illegal_moves}, time losses "
            f"{player.time_losses}, failures {player.failures}, moves over the move "
            f"time {player.overruns}, longest move {player.longest_move:.3f} s"
        )
    return lines


def build_players(args: argparse.Namespace) -> list[Player]:
    texts = [args.engine1, args.engine2]
    options = [parse_options(args.option1 or []), parse_options(args.option2 or [])]
    names = engine_names([args.name1, args.name2], texts, options)
    return [
        Player(
            name,
            ExternalEngine(
                default_engine_command() if text is None else engine_command(text),
                DIALECTS[protocol],
                name,
            ),
            opts,
        )
        for name, text, protocol, opts in zip(
            names, texts, [args.protocol1, args.protocol2], options
        )
    ]


def run_match(args: argparse.Namespace) -> int:
    """Play the match and print its report; the exit code: `COMPLETED`, or `ENGINE_FAILED`
    when an engine died or hung (the match then ends after that game, unless
    ``args.recover``). A setup the engines refuse is an XQChessError before any game."""
    variant = get_variant(args.variant)
    if args.tc is not None and args.movetime is not None:
        raise XQChessError("give --movetime or --tc, not both")
    control = TimeControl.parse(args.tc) if args.tc else TimeControl(args.movetime or 100)
    sprt = parse_sprt(args.sprt) if args.sprt else None
    openings = load_openings(args.openings, variant) if args.openings else shipped_openings(variant)
    players = build_players(args)
    settings = MatchSettings(variant, control, args.timemargin, args.max_plies)
    pgn = open(args.pgn, "a", encoding="utf-8") if args.pgn else None
    tally = Tally(paired=True)  # games 2k+1 and 2k+2 play one opening, colors swapped
    verdict = None
    stopped = None  # why the match ended before its last game, when an engine failed
    try:
        for player in players:
            player.engine.start(variant, player.options)
        for index in range(args.games):
            opening = openings[(index // 2) % len(openings)]
            record = match_game(settings, players, index + 1, index % 2, opening)
            play_game(settings, players, record)
            if record.failed and not args.recover and index + 1 < args.games:
                stopped = (
                    f"match stopped after game {record.number} of {args.games}: "
                    f"{record.reason} (--recover restarts a failed engine and plays on)"
                )
            tally.add(record.first_player_score())
            if pgn:
                pgn.write(write_pgn(record) + "\n")
                pgn.flush()
            white, black = players[record.first].name, players[1 - record.first].name
            estimate, lower, upper = elo_interval(tally)
            progress = (
                f"game {record.number}/{args.games}: {white} vs {black}: "
                f"{record.result} ({record.reason}, {record.played()} plies); "
                f"{players[0].name} {tally.points:g}/{tally.games}, elo "
                f"{format_elo(estimate)} ({format_elo(lower)}, {format_elo(upper)})"
            )
            if sprt:
                verdict = sprt.verdict(tally)
                progress += f", llr {sprt.llr(tally):.2f}"
            print(progress, file=sys.stderr, flush=True)
            if verdict or stopped:
                break
    finally:
        for player in players:
            player.engine.quit()
        if pgn:
            pgn.close()
    if stopped:
        print(stopped)
    for line in summary(players, tally):
        print(line)
    if sprt:
        lower, upper = sprt.bounds()
        outcome = {
            "H1": f"H1 accepted: {players[0].name} is at least {sprt.elo1:g} Elo stronger",
            "H0": f"H0 accepted: {players[0].name} is not {sprt.elo1:g} Elo stronger "
            f"(at most {sprt.elo0:g})",
            None: "no verdict yet",
        }[verdict]
        print(
            f"sprt elo0={sprt.elo0:g} elo1={sprt.elo1:g} alpha={sprt.alpha:g} "
            f"beta={sprt.beta:g}: llr {sprt.llr(tally):.2f} (bounds {lower:.2f}, "
            f"{upper:.2f}): {outcome}"
        )
    failed = any(player.failures for player in players)
    return ENGINE_FAILED if failed else COMPLETED
