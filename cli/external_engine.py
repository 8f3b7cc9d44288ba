"""Drive an external engine program over UCI or UCCI: start it, set its game and options, send
positions and ``go`` commands, and read its best move with the time it took, its move and score
at a fixed depth, or every move's score (MultiPV); restart it after a failure, and quit it.

The two protocols differ only in what the `Dialect` holds: the greeting, how options are set,
the move notation (UCI: the variant's ``uci`` coordinates, which for xiangqi are
Fairy-Stockfish's ranks 1-10; UCCI: ICCS), how a new game is announced, how a time budget is
asked for and how a score is written. A reader thread queues the engine's lines, so every wait
has a timeout and a hung or dead engine is reported as an `EngineFailure` naming the engine
rather than blocking its caller.

`xqchess match` plays two such engines against each other; `xqchess chessmaps data` has
Fairy-Stockfish (`default_engine`) play itself.
"""

from __future__ import annotations

import queue
import re
import shlex
import shutil
import subprocess
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from xqchess.cli.records import MATE_SCORE
from xqchess.core.errors import XQChessError
from xqchess.core.variant import Variant
from xqchess.variants import NAMES, get_variant

#: seconds an engine has to answer the greeting and ``isready``, unless the engine is given
#: another timeout
HANDSHAKE_TIMEOUT = 10.0
#: seconds an engine has to exit after ``quit`` before it is killed
QUIT_TIMEOUT = 1.0
#: the UCI option that selects the game (Fairy-Stockfish and this engine offer it)
VARIANT_OPTION = "UCI_Variant"
#: the UCI option that asks for the best N lines, each with its score
MULTIPV_OPTION = "MultiPV"
#: Fairy-Stockfish's program name, and where Debian's package installs it (outside most
#: users' PATH)
FAIRY_STOCKFISH = "fairy-stockfish"
DEBIAN_FAIRY_STOCKFISH = "/usr/games/fairy-stockfish"
#: an engine's name until its ``id name`` line says otherwise
UNKNOWN_NAME = "unknown engine"
ID_NAME = "id name "
#: the first word of the line that ends a ``go perft`` answer: Stockfish's and Fairy-Stockfish's
#: "Nodes searched: N", or "Total: N"
PERFT_TOTALS = ("Nodes", "Total", "total")
#: a ``go perft`` line for one move: "e2e4: 20"
PERFT_MOVE = re.compile(r"(\S+):\s*(\d+)")
#: program names of interpreters, whose script names the engine instead
INTERPRETER = re.compile(r"(python|pypy)[\d.]*(\.exe)?")


def default_engine() -> str:
    """The Fairy-Stockfish binary: `fairy-stockfish` on PATH, else Debian's /usr/games one."""
    return shutil.which(FAIRY_STOCKFISH) or DEBIAN_FAIRY_STOCKFISH


def engine_command(text: str) -> list[str]:
    """A command line split as a shell would; XQChessError when it is empty or unbalanced."""
    try:
        words = shlex.split(text)
    except ValueError as error:
        raise XQChessError(f"engine command {text!r}: {error}") from None
    if not words:
        raise XQChessError("engine command is empty")
    return words


def program_name(words: list[str]) -> str:
    """The name of the program a command runs: its file name, or for an interpreter
    ('python3 engine.py') the script's name without its extension."""
    name = Path(words[0]).name
    scripts = [word for word in words[1:] if not word.startswith("-")]
    if INTERPRETER.fullmatch(name) and scripts:
        return Path(scripts[0]).stem
    return name


def parse_options(pairs: list[str]) -> dict[str, str]:
    """``NAME=VALUE`` texts (``--option``) as a dict; XQChessError naming one without ``=``."""
    options = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise XQChessError(f"engine option {pair!r} is not NAME=VALUE")
        options[name] = value
    return options


class EngineFailure(XQChessError):
    """The engine did not answer as the protocol requires: it died, hung, or said nonsense."""


class EngineRefused(EngineFailure):
    """The engine does not declare the game it is asked to play."""


@dataclass(frozen=True)
class Clock:
    """What a ``go`` command tells the engine about time, in milliseconds: a fixed time for
    this move (``movetime``), or both sides' clocks and increments (``own`` is the mover's),
    with the mover's moves to the next time control when the clock has periods."""

    movetime: int | None = None
    own: int = 0
    own_increment: int = 0
    opponent: int = 0
    opponent_increment: int = 0
    own_is_first: bool = True
    moves_to_go: int | None = None


class Dialect:
    """UCI: what is sent and what is expected."""

    name = "uci"
    greeting, greeting_done = "uci", "uciok"
    #: whether an engine may offer ``UCI_Variant`` to play games other than its protocol's
    selects_variant = True
    move_notation = "uci"
    #: the first words of the answer to ``go``, and the move texts that mean "no move"
    answers = ("bestmove",)
    no_move = ("(none)", "0000")

    def option_name(self, line: str) -> str | None:
        """The option an ``option ...`` line of the greeting declares."""
        words = line.split()
        if words[:2] != ["option", "name"] or "type" not in words:
            return None
        return " ".join(words[2 : words.index("type")])

    def option_values(self, line: str) -> list[str]:
        """The ``var`` values of a combo option's line."""
        words = line.split()
        return [words[i + 1] for i, word in enumerate(words[:-1]) if word == "var"]

    def set_option(self, name: str, value: str) -> str:
        return f"setoption name {name} value {value}"

    def setup(self, options: set[str]) -> list[str]:
        """Commands sent once after the greeting."""
        return []

    def new_game(self, options: set[str]) -> list[str]:
        return ["ucinewgame"]

    def go(self, clock: Clock, milliseconds: bool) -> str:
        if clock.movetime is not None:
            return f"go movetime {clock.movetime}"
        first, second = (
            (clock.own, clock.own_increment),
            (clock.opponent, clock.opponent_increment),
        )
        if not clock.own_is_first:
            first, second = second, first
        text = f"go wtime {first[0]} btime {second[0]} winc {first[1]} binc {second[1]}"
        return text + (f" movestogo {clock.moves_to_go}" if clock.moves_to_go else "")

    def go_depth(self, depth: int) -> str:
        """A search to ``depth`` plies (the same in both protocols)."""
        return f"go depth {depth}"

    def score(self, words: list[str]) -> int:
        """The score after the word ``score`` of an ``info`` line's ``words``, for the side to
        move in centipawns: ``cp N``, or ``mate N`` as +-`MATE_SCORE` (mated: negative)."""
        at = words.index("score")
        kind, value = words[at + 1], int(words[at + 2])
        return value if kind == "cp" else (MATE_SCORE if value > 0 else -MATE_SCORE)


class UcciDialect(Dialect):
    """UCCI (xiangqi GUIs): ``ucci``, ICCS moves, ``setoption NAME VALUE``, times in seconds
    unless the engine offers ``usemillisec``, scores as bare centipawns. A fixed move time is
    sent as the whole clock for one move (``time T movestogo 1``), UCCI having no
    ``movetime``."""

    name = "ucci"
    greeting, greeting_done = "ucci", "ucciok"
    selects_variant = False
    move_notation = "iccs"
    answers = ("bestmove", "nobestmove")
    MILLISECONDS_OPTION = "usemillisec"
    NEW_GAME_OPTION = "newgame"

    def option_name(self, line: str) -> str | None:
        words = line.split()
        return words[1] if len(words) >= 2 and words[0] == "option" else None

    def set_option(self, name: str, value: str) -> str:
        return f"setoption {name} {value}"

    def setup(self, options: set[str]) -> list[str]:
        if self.MILLISECONDS_OPTION in options:
            return [f"setoption {self.MILLISECONDS_OPTION} true"]
        return []

    def new_game(self, options: set[str]) -> list[str]:
        return [f"setoption {self.NEW_GAME_OPTION}"] if self.NEW_GAME_OPTION in options else []

    def go(self, clock: Clock, milliseconds: bool) -> str:
        def unit(ms: int) -> int:
            return ms if milliseconds else max(ms // 1000, 1 if ms else 0)

        if clock.movetime is not None:
            return f"go time {unit(clock.movetime)} movestogo 1"
        own = (
            f"movestogo {clock.moves_to_go}"
            if clock.moves_to_go
            else f"increment {unit(clock.own_increment)}"
        )
        return (
            f"go time {unit(clock.own)} {own} opptime {unit(clock.opponent)} "
            f"oppincrement {unit(clock.opponent_increment)}"
        )

    def score(self, words: list[str]) -> int:
        return int(words[words.index("score") + 1])


UCI, UCCI = Dialect(), UcciDialect()
DIALECTS = {dialect.name: dialect for dialect in (UCI, UCCI)}


class ExternalEngine:
    """An engine program: `start` it for a game, then `new_game` and `best_move` (under a
    clock), `analyse` (to a depth) or `scored_moves` (every move's score); `restart` it after
    a failure, and `quit` it (leaving a ``with`` block quits it too). Every wait lasts at most
    ``timeout`` seconds unless the call gives its own."""

    def __init__(
        self,
        command: list[str],
        dialect: Dialect,
        label: str,
        timeout: float = HANDSHAKE_TIMEOUT,
    ) -> None:
        self.command = command
        self.dialect = dialect
        self.label = label
        self.timeout = timeout
        self.process: subprocess.Popen | None = None
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.name = UNKNOWN_NAME  # what its ``id name`` line says
        self.options: set[str] = set()  # the options it declares
        self.variants: list[str] = []  # the values its UCI_Variant option offers
        #: the game and option values of the last `start`, for `restart`
        self.game: Variant | None = None
        self.settings: dict[str, str] = {}

    def __enter__(self) -> ExternalEngine:
        return self

    def __exit__(self, *exc) -> None:
        self.quit()

    # -- the process -------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        """Whether the program was started and not quit since."""
        return self.process is not None

    def start(self, variant: Variant, options: dict[str, str] | None = None) -> None:
        """Start the program, greet it, check that it plays ``variant`` (`require_game`),
        select the game and set ``options`` (each must be one the engine declares). On
        failure the program is quit and EngineFailure raised."""
        self.game, self.settings = variant, dict(options or {})
        try:
            self.process = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                bufsize=1,
            )
        except OSError as error:
            raise EngineFailure(f"cannot start engine {self.label!r}: {error}") from None
        self.lines = queue.Queue()
        threading.Thread(target=self._read, args=(self.process, self.lines), daemon=True).start()
        try:
            self._handshake(variant, self.settings)
        except EngineFailure:
            self.quit()
            raise

    def restart(self) -> None:
        """Quit the program if it runs and start it again for the game and options of its
        last `start` (after it died or hung)."""
        self.quit()
        self.start(self.game, self.settings)

    def _handshake(self, variant: Variant, options: dict[str, str]) -> None:
        self.name, self.options, self.variants = UNKNOWN_NAME, set(), []
        for line in self.ask(self.dialect.greeting, (self.dialect.greeting_done,)):
            if line.startswith(ID_NAME):
                self.name = line[len(ID_NAME) :].strip()
            name = self.dialect.option_name(line)
            if name is not None:
                self.options.add(name)
                if name == VARIANT_OPTION:
                    self.variants = self.dialect.option_values(line)
        self.require_game(variant)
        for command in self.dialect.setup(self.options):
            self.send(command)
        if VARIANT_OPTION in self.options:
            self.send(self.dialect.set_option(VARIANT_OPTION, variant.name))
        for name, value in options.items():
            self.send(self.dialect.set_option(self._declared(name), value))
        self.ready()

    def _declared(self, option: str) -> str:
        """The engine's spelling of ``option`` (option names are not case-sensitive);
        EngineFailure when it declares no such option."""
        offered = {name.lower(): name for name in self.options}
        if option.lower() not in offered:
            raise EngineFailure(f"engine {self.label!r} has no option {option!r}")
        return offered[option.lower()]

    def require_game(self, variant: Variant) -> None:
        """EngineRefused unless the engine declares ``variant``'s game: its ``UCI_Variant``
        option offers it (an option listing no values is taken at its word), or it has no such
        option and speaks a protocol made for the game (`Variant.native_protocols`: a UCI
        engine without the option plays chess, a UCCI engine xiangqi)."""
        if VARIANT_OPTION in self.options:
            if not self.variants or variant.name in self.variants:
                return
            declared = f"its {VARIANT_OPTION} option offers {', '.join(self.variants)}"
        elif self.dialect.name in variant.native_protocols:
            return
        else:
            protocol = self.dialect.name.upper()
            natives = (
                " or ".join(
                    name
                    for name in NAMES
                    if self.dialect.name in get_variant(name).native_protocols
                )
                or "no game"
            )
            declared = (
                f"it has no {VARIANT_OPTION} option, and a {protocol} engine without "
                f"one plays {natives}"
                if self.dialect.selects_variant
                else f"a {protocol} engine plays {natives}"
            )
        raise EngineRefused(f"engine {self.label!r} does not play {variant.name} ({declared})")

    @staticmethod
    def _read(process: subprocess.Popen, lines: queue.Queue) -> None:
        for line in process.stdout:
            lines.put(line.strip())
        lines.put(None)  # end of output: the engine has exited

    def send(self, command: str) -> None:
        try:
            self.process.stdin.write(command + "\n")
            self.process.stdin.flush()
        except (OSError, ValueError):
            raise EngineFailure(f"engine {self.label!r} has exited") from None

    def ask(
        self, command: str, first_words: tuple[str, ...], timeout: float | None = None
    ) -> list[str]:
        """Send ``command``; the lines the engine writes up to one starting with one of
        ``first_words`` (that one last). EngineFailure when it exits first or says nothing
        of the kind within ``timeout`` seconds (default: the engine's timeout)."""
        self.send(command)
        return self._lines_until(first_words, timeout)

    def _lines_until(
        self,
        first_words: tuple[str, ...],
        timeout: float | None,
        on_line: Callable[[str], None] | None = None,
    ) -> list[str]:
        """The lines read up to one starting with one of ``first_words`` (that one last),
        each handed to ``on_line`` as it arrives."""
        timeout = self.timeout if timeout is None else timeout
        deadline = time.perf_counter() + timeout
        seen = []
        while True:
            try:
                line = self.lines.get(timeout=max(deadline - time.perf_counter(), 0))
            except queue.Empty:
                raise EngineFailure(
                    f"engine {self.label!r} did not answer {first_words[0]!r} within {timeout:g} s"
                ) from None
            if line is None:
                raise EngineFailure(f"engine {self.label!r} exited")
            seen.append(line)
            if on_line is not None:
                on_line(line)
            if line.split(" ", 1)[0] in first_words:
                return seen

    def ready(self) -> None:
        self.ask("isready", ("readyok",))

    def quit(self) -> None:
        """Ask the program to quit; kill it if it does not."""
        if self.process is None:
            return
        try:
            self.send("quit")
            self.process.stdin.close()
        except (EngineFailure, OSError):
            pass
        try:
            self.process.wait(QUIT_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None

    # -- games -------------------------------------------------------------------------------

    def new_game(self) -> None:
        for command in self.dialect.new_game(self.options):
            self.send(command)
        self.ready()

    def _search(
        self,
        fen: str | None,
        moves: list[str],
        go: str,
        timeout: float | None,
        on_line: Callable[[str], None] | None = None,
    ) -> tuple[list[str], float]:
        """Send the position ``fen`` (None: the start position) after ``moves`` and the ``go``
        command; the engine's lines up to its answer (each handed to ``on_line`` as it
        arrives), and the seconds it took."""
        start = "startpos" if fen is None else f"fen {fen}"
        self.send(f"position {start}" + (" moves " + " ".join(moves) if moves else ""))
        self.send(go)
        began = time.perf_counter()
        lines = self._lines_until(self.dialect.answers, timeout, on_line)
        return lines, time.perf_counter() - began

    def _move(self, answer: str) -> str | None:
        """The move of the answer to ``go`` in the engine's notation (None: it has none)."""
        words = answer.split()
        if words[0] != "bestmove":
            return None
        if len(words) < 2:
            raise EngineFailure(f"engine {self.label!r} sent {answer!r}")
        return None if words[1] in self.dialect.no_move else words[1]

    def _score(self, words: list[str]) -> int:
        try:
            return self.dialect.score(words)
        except (IndexError, ValueError):
            raise EngineFailure(f"engine {self.label!r} sent {' '.join(words)!r}") from None

    def best_move(
        self,
        fen: str | None,
        moves: list[str],
        clock: Clock,
        timeout: float,
        on_line: Callable[[str], None] | None = None,
    ) -> tuple[str | None, float]:
        """The engine's move (None: it says it has none) in its notation for the position
        ``fen`` (None: the start position) after ``moves``, and the seconds it took; each line
        the engine writes meanwhile (its ``info`` lines) goes to ``on_line``. EngineFailure
        when it answers nothing within ``timeout`` seconds."""
        milliseconds = UcciDialect.MILLISECONDS_OPTION in self.options
        lines, took = self._search(
            fen, moves, self.dialect.go(clock, milliseconds), timeout, on_line
        )
        return self._move(lines[-1]), took

    def perft_divide(
        self, fen: str | None, moves: list[str], depth: int, timeout: float
    ) -> dict[str, int]:
        """The engine's ``go perft`` answer for the position ``fen`` (None: the start
        position) after ``moves``: each legal move in its notation with the leaf count of its
        subtree at ``depth``. EngineFailure when it answers nothing within ``timeout``
        seconds, or lines that are neither ``move: count`` nor a total that is their sum."""
        start = "startpos" if fen is None else f"fen {fen}"
        self.send(f"position {start}" + (" moves " + " ".join(moves) if moves else ""))
        self.send(f"go perft {depth}")
        lines = self._lines_until(PERFT_TOTALS, timeout)
        counts: dict[str, int] = {}
        for line in lines[:-1]:
            match = PERFT_MOVE.fullmatch(line.strip())
            if match:
                counts[match[1]] = int(match[2])
            elif line.strip() and not line.startswith("info"):
                raise EngineFailure(f"engine {self.label!r} answered go perft with {line!r}")
        total = re.findall(r"\d+", lines[-1])
        if not total or int(total[-1]) != sum(counts.values()):
            raise EngineFailure(
                f"engine {self.label!r} ended go perft with {lines[-1]!r}, not the sum of its "
                f"moves' counts ({sum(counts.values())})"
            )
        return counts

    def analyse(
        self, fen: str | None, moves: list[str], depth: int, timeout: float | None = None
    ) -> tuple[str | None, int | None]:
        """The engine's move at ``depth`` plies after ``moves`` from ``fen`` (None: it has
        none), and the score of its last ``info`` line that gives one, for the side to move
        in centipawns (a mate as +-`MATE_SCORE`; None when no line gives one)."""
        lines, _ = self._search(fen, moves, self.dialect.go_depth(depth), timeout)
        score = None
        for line in lines:
            words = line.split()
            if words[:1] == ["info"] and "score" in words:
                score = self._score(words)
        return self._move(lines[-1]), score

    def scored_moves(
        self,
        fen: str | None,
        moves: list[str],
        depth: int,
        count: int,
        timeout: float | None = None,
    ) -> dict[str, int]:
        """The ``count`` best moves' scores at ``depth`` plies (``MultiPV`` lines; as many as
        there are legal moves scores every move), for the side to move in centipawns (mates
        as +-`MATE_SCORE`). ``MultiPV`` is set back to 1 afterwards."""
        multipv = self._declared(MULTIPV_OPTION)
        self.send(self.dialect.set_option(multipv, str(count)))
        lines, _ = self._search(fen, moves, self.dialect.go_depth(depth), timeout)
        self.send(self.dialect.set_option(multipv, "1"))
        scores: dict[int, tuple[str, int]] = {}
        for line in lines:
            words = line.split()
            if (
                words[:1] != ["info"]
                or "multipv" not in words
                or "pv" not in words
                or words[words.index("depth") + 1] != str(depth)
            ):
                continue
            line_number = int(words[words.index("multipv") + 1])
            scores[line_number] = (words[words.index("pv") + 1], self._score(words))
        return dict(scores.values())
