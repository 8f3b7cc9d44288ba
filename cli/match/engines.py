"""One engine program driven over UCI or UCCI by `xqchess match`: start it, set its options and
game, send positions and ``go`` commands, and read its best move with the time it took.

The two protocols differ only in what the `Dialect` holds: the greeting, how options are set,
the move notation (UCI: the variant's ``uci`` coordinates, which for xiangqi are
Fairy-Stockfish's ranks 1-10; UCCI: ICCS), how a new game is announced and how a time budget is
asked for. A reader thread queues the engine's lines, so every wait has a timeout and a hung or
dead engine is reported as an `EngineFailure` rather than blocking the match.
"""

from __future__ import annotations

import queue
import subprocess
import threading
import time
from dataclasses import dataclass

from xqchess.core.errors import XQChessError
from xqchess.core.variant import Variant
from xqchess.variants import NAMES, get_variant

#: seconds an engine has to answer the greeting and ``isready``
HANDSHAKE_TIMEOUT = 10.0
#: seconds an engine has to exit after ``quit`` before it is killed
QUIT_TIMEOUT = 1.0
#: the UCI option that selects the game (Fairy-Stockfish and this engine offer it)
VARIANT_OPTION = "UCI_Variant"


class EngineFailure(XQChessError):
    """The engine did not answer as the protocol requires: it died, hung, or said nonsense."""


class EngineRefused(EngineFailure):
    """The engine does not declare the game the match plays."""


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


class UcciDialect(Dialect):
    """UCCI (xiangqi GUIs): ``ucci``, ICCS moves, ``setoption NAME VALUE``, times in seconds
    unless the engine offers ``usemillisec``. A fixed move time is sent as the whole clock
    for one move (``time T movestogo 1``), UCCI having no ``movetime``."""

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


DIALECTS = {dialect.name: dialect for dialect in (Dialect(), UcciDialect())}


class ExternalEngine:
    """A running engine program: `start` it, then `new_game`, `best_move`, and `quit`."""

    def __init__(self, command: list[str], dialect: Dialect, label: str) -> None:
        self.command = command
        self.dialect = dialect
        self.label = label
        self.process: subprocess.Popen | None = None
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.options: set[str] = set()
        self.variants: list[str] = []  # the values its UCI_Variant option offers

    # -- the process -------------------------------------------------------------------------

    def start(self, variant: Variant, options: dict[str, str]) -> None:
        """Start the program, greet it, check that it plays ``variant`` (`require_game`),
        select the game and set ``options`` (each must be one the engine declares)."""
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
        self.send(self.dialect.greeting)
        self.options, self.variants = set(), []
        for line in self._lines_until((self.dialect.greeting_done,), HANDSHAKE_TIMEOUT):
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
        offered = {option.lower(): option for option in self.options}
        for name, value in options.items():
            if name.lower() not in offered:  # option names are not case-sensitive
                raise EngineFailure(f"engine {self.label!r} has no option {name!r}")
            self.send(self.dialect.set_option(offered[name.lower()], value))
        self.ready()

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

    def _lines_until(self, first_words: tuple[str, ...], timeout: float) -> list[str]:
        """The lines read up to one starting with one of ``first_words`` (that one last)."""
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
            if line.split(" ", 1)[0] in first_words:
                return seen

    def ready(self) -> None:
        self.send("isready")
        self._lines_until(("readyok",), HANDSHAKE_TIMEOUT)

    def quit(self) -> None:
        """Ask the program to quit; kill it if it does not."""
        if self.process is None:
            return
        try:
            self.send("quit")
        except EngineFailure:
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

    def best_move(
        self, fen: str | None, moves: list[str], clock: Clock, timeout: float
    ) -> tuple[str | None, float]:
        """The engine's move (None: it says it has none) in its notation for the position
        ``fen`` (None: the start position) after ``moves``, and the seconds it took.
        EngineFailure when it answers nothing within ``timeout`` seconds."""
        start = "startpos" if fen is None else f"fen {fen}"
        self.send(f"position {start}" + (" moves " + " ".join(moves) if moves else ""))
        milliseconds = UcciDialect.MILLISECONDS_OPTION in self.options
        self.send(self.dialect.go(clock, milliseconds))
        began = time.perf_counter()
        answer = self._lines_until(self.dialect.answers, timeout)[-1]
        took = time.perf_counter() - began
        words = answer.split()
        if words[0] != "bestmove":
            return None, took
        if len(words) < 2:
            raise EngineFailure(f"engine {self.label!r} sent {answer!r}")
        return (None if words[1] in self.dialect.no_move else words[1]), took
