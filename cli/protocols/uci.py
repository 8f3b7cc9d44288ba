"""`xqchess uci`: the UCI protocol, for chess GUIs, match runners and, with UCI_Variant xiangqi,
tools built for Fairy-Stockfish (same FEN, ranks 1-10 coordinates).

Everything written to stdout is protocol; a bad command, FEN, move or option value is answered
with ``info string error: ...`` and leaves the engine as it was. The search runs in a background
thread, so ``isready`` and ``stop`` are answered at once while it thinks.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable

from xqchess.cli.arguments import package_version
from xqchess.cli.engine import Engine, EngineOptionError
from xqchess.core.errors import XQChessError
from xqchess.core.evaluation import EVALUATIONS
from xqchess.core.search import (
    INT_RANGES,
    LIMIT_RANGES,
    MAX_HASH_MB,
    MAX_MULTIPV,
    QUIESCENCE_MODES,
    Iteration,
    Limits,
    Searcher,
    SearchResult,
    playing_config,
    pv_text,
    score_text,
)
from xqchess.ordering.spec import DEFAULT_SPEC
from xqchess.variants import DEFAULT_VARIANT, NAMES

AUTHOR = "the xqchess developers"
MAX_GUARD_PRUNE = 8
MAX_GUARD_MARGIN = 100
#: ``go`` parameters that take a whole number, with the range each accepts
GO_INT_PARAMETERS = LIMIT_RANGES
GO_FLAGS = ("infinite", "ponder")
#: check options -> the playing search's switch each sets (`core.search.PLAY_SWITCHES`)
CHECK_OPTIONS = {
    "NullMove": "null_move",
    "LMR": "lmr",
    "CheckExtension": "check_extension",
    "Futility": "futility",
    "ReverseFutility": "reverse_futility",
    "LateMovePruning": "late_move_pruning",
    "QuiescenceChecks": "quiescence_checks",
    "QuiescenceTT": "quiescence_tt",
    "IIR": "iir",
    "Razoring": "razoring",
    "SeePruning": "see_pruning",
    "Improving": "improving",
    "SingularExtension": "singular_extension",
    "NullMoveVerification": "null_move_verification",
    "AdaptiveNullMove": "adaptive_null_move",
    "HistoryReductions": "history_reductions",
    "HistoryPruning": "history_pruning",
    "CutNodeReductions": "cut_node_reductions",
    "Aspiration": "aspiration",
}
CHECK_KEYS = {option.lower(): switch for option, switch in CHECK_OPTIONS.items()}
#: spin options -> the playing search's whole-number setting each sets (`core.search.INT_RANGES`
#: gives its range)
SPIN_OPTIONS = {
    "Tempo": "tempo",
    "FutilityDepth": "futility_depth",
    "FutilityBase": "futility_base",
    "FutilityMargin": "futility_margin",
    "ReverseFutilityDepth": "reverse_futility_depth",
    "ReverseFutilityMargin": "reverse_futility_margin",
    "LateMovePruningDepth": "late_move_pruning_depth",
    "LMRBase": "lmr_base",
    "LMRDivisor": "lmr_divisor",
}
SPIN_KEYS = {option.lower(): option for option in SPIN_OPTIONS}


class ProtocolError(XQChessError):
    """A command the engine cannot carry out, reported as an info string."""


def int_value(text: str, name: str, minimum: int, maximum: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise ProtocolError(f"{name} needs a whole number, got {text!r}") from None
    if not minimum <= value <= maximum:
        raise ProtocolError(f"{name} must be between {minimum} and {maximum}, got {value}")
    return value


def parse_go(tokens: list[str], read_move: Callable[[str], int]) -> Limits:
    """A UCI ``go`` command's limits, with ``searchmoves`` read by ``read_move``; ProtocolError
    names a bad, unknown or repeated parameter or an out-of-range value."""
    limits = Limits()
    given = set()  # the parameters read so far: each may be given once
    i = 0
    while i < len(tokens):
        name = tokens[i]
        if name in given:
            raise ProtocolError(f"go {name} is given twice; give each parameter once")
        given.add(name)
        if name in GO_FLAGS:
            limits.infinite = limits.infinite or name == "infinite"
            i += 1
            continue
        if name == "searchmoves":  # every following token that is not a parameter is a move
            i += 1
            moves = []
            while (
                i < len(tokens) and tokens[i] not in GO_INT_PARAMETERS and tokens[i] not in GO_FLAGS
            ):
                moves.append(read_move(tokens[i]))
                i += 1
            if not moves:
                raise ProtocolError("go searchmoves needs at least one move")
            limits.searchmoves = moves
            continue
        if name not in GO_INT_PARAMETERS:
            raise ProtocolError(f"unknown go parameter {name!r}")
        if i + 1 >= len(tokens):
            raise ProtocolError(f"go {name} needs a value")
        value = int_value(tokens[i + 1], f"go {name}", *GO_INT_PARAMETERS[name])
        setattr(limits, name, max(value, 1) if name in ("wtime", "btime") else value)
        i += 2
    return limits


def split_position(tokens: list[str]) -> tuple[str | None, list[str]]:
    """(FEN or None for startpos, move texts) of a ``position`` command's arguments."""
    if not tokens:
        raise ProtocolError("position needs startpos or fen")
    if "moves" in tokens:
        at = tokens.index("moves")
        head, moves = tokens[:at], tokens[at + 1 :]
    else:
        head, moves = tokens, []
    if head == ["startpos"]:
        return None, moves
    if head and head[0] == "fen" and len(head) > 1:
        return " ".join(head[1:]), moves
    raise ProtocolError(f"position needs startpos or fen FEN, got {' '.join(head) or 'nothing'}")


class UciProtocol:
    """Reads UCI commands line by line and answers through ``write`` (one line per call)."""

    move_notation = "uci"  # how moves are read in ``position`` and written in reports
    no_move = "bestmove (none)"  # the answer when the side to move has no legal move

    def __init__(self, write: Callable[[str], None]) -> None:
        self.engine = Engine(DEFAULT_VARIANT)
        self._write = write
        self.output_lock = threading.Lock()
        self.quit = False

    def send(self, line: str) -> None:
        with self.output_lock:
            self._write(line)

    def handle(self, line: str) -> None:
        """Carry out one command line; errors become ``info string error:`` lines."""
        tokens = line.split()
        if not tokens:
            return
        command, args = tokens[0], tokens[1:]
        handler = getattr(self, "cmd_" + command, None) if command.isidentifier() else None
        try:
            if handler is None:
                raise ProtocolError(f"unknown command {command!r}")
            handler(args)
        except XQChessError as error:
            self.send(f"info string error: {error}")
        except Exception as error:  # a bug must not end the engine a GUI is talking to
            self.send(f"info string error: internal error {type(error).__name__}: {error}")

    # -- commands ----------------------------------------------------------------------------

    def cmd_uci(self, args: list[str]) -> None:
        self.send(f"id name xqchess {package_version()}")
        self.send(f"id author {AUTHOR}")
        self.send(f"option name Hash type spin default 16 min 1 max {MAX_HASH_MB}")
        self.send("option name Clear Hash type button")
        variants = " ".join(f"var {name}" for name in NAMES)
        self.send(f"option name UCI_Variant type combo default {DEFAULT_VARIANT} {variants}")
        self.send(f"option name Ordering type string default {DEFAULT_SPEC}")
        self.send(f"option name GuardPrune type spin default 0 min 0 max {MAX_GUARD_PRUNE}")
        self.send(f"option name GuardMargin type spin default 0 min 0 max {MAX_GUARD_MARGIN}")
        self.send(f"option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}")
        # the defaults of the game the engine starts with (the game's playing switches)
        play = playing_config(self.engine.variant)
        modes = " ".join(f"var {mode}" for mode in QUIESCENCE_MODES)
        self.send(f"option name Quiescence type combo default {play.quiescence} {modes}")
        evaluations = " ".join(f"var {name}" for name in EVALUATIONS)
        self.send(f"option name Evaluation type combo default {play.evaluation} {evaluations}")
        self.send("option name EvalTerms type string default all")
        for option, setting in SPIN_OPTIONS.items():
            low, high = INT_RANGES[setting]
            default = getattr(play, setting)
            self.send(f"option name {option} type spin default {default} min {low} max {high}")
        for option, switch in CHECK_OPTIONS.items():
            default = "true" if getattr(play, switch) else "false"
            self.send(f"option name {option} type check default {default}")
        self.send("uciok")

    def cmd_isready(self, args: list[str]) -> None:
        self.send("readyok")

    def cmd_ucinewgame(self, args: list[str]) -> None:
        self.engine.new_game()

    def cmd_setoption(self, args: list[str]) -> None:
        if not args or args[0] != "name":
            raise ProtocolError("setoption needs: name NAME [value VALUE]")
        rest = args[1:]
        at = rest.index("value") if "value" in rest else len(rest)
        name, value = " ".join(rest[:at]), " ".join(rest[at + 1 :])
        key = name.lower()
        engine = self.engine
        if key == "hash":
            engine.set_hash(int_value(value, "Hash", 1, MAX_HASH_MB))
        elif key == "clear hash":
            engine.clear_hash()
        elif key == "uci_variant":
            if value not in NAMES:
                raise EngineOptionError(f"UCI_Variant {value!r} is not one of {', '.join(NAMES)}")
            engine.set_variant(value)
        elif key == "ordering":
            engine.set_ordering(value)
        elif key == "guardprune":
            engine.set_ordering(
                engine.ordering, guard_prune=int_value(value, "GuardPrune", 0, MAX_GUARD_PRUNE)
            )
        elif key == "guardmargin":
            engine.set_ordering(
                engine.ordering, guard_margin=int_value(value, "GuardMargin", 0, MAX_GUARD_MARGIN)
            )
        elif key == "multipv":
            engine.set_multipv(int_value(value, "MultiPV", 1, MAX_MULTIPV))
        elif key in ("quiescence", "evaluation"):
            engine.set_switch(key, value)
        elif key == "evalterms":
            engine.set_eval_terms(value)
        elif key in SPIN_KEYS:
            option = SPIN_KEYS[key]
            setting = SPIN_OPTIONS[option]
            engine.set_switch(setting, int_value(value, option, *INT_RANGES[setting]))
        elif key in CHECK_KEYS:
            if value not in ("true", "false"):
                raise EngineOptionError(f"{name} must be true or false, got {value!r}")
            engine.set_switch(CHECK_KEYS[key], value == "true")
        else:
            raise EngineOptionError(f"unknown option {name!r}")

    def cmd_position(self, args: list[str]) -> None:
        fen, moves = split_position(args)
        self.engine.set_position(
            fen, moves, lambda variant, pos, text: variant.parse_move(pos, text, self.move_notation)
        )

    def cmd_go(self, args: list[str]) -> None:
        engine = self.engine
        limits = parse_go(
            args, lambda text: engine.variant.parse_move(engine.pos, text, self.move_notation)
        )
        self.engine.go(limits, self._report_iteration, self._report_best)

    def cmd_stop(self, args: list[str]) -> None:
        self.engine.stop()

    def cmd_ponderhit(self, args: list[str]) -> None:
        """Pondering is not supported; a ponderhit changes nothing."""

    def cmd_debug(self, args: list[str]) -> None:
        """Debug mode has no effect (accepted because GUIs send it)."""

    def cmd_quit(self, args: list[str]) -> None:
        self.engine.stop()
        self.quit = True

    # -- search reports ----------------------------------------------------------------------

    def _report_iteration(self, iteration: Iteration, searcher: Searcher) -> None:
        multipv = len(iteration.lines) > 1 or self.engine.multipv > 1
        for number, (score, pv) in enumerate(
            iteration.lines or [(iteration.score, iteration.pv)], 1
        ):
            self._send_info(
                searcher,
                iteration.depth,
                iteration.seldepth,
                score,
                pv,
                iteration.time_ms,
                f" multipv {number}" if multipv else "",
            )

    def _send_info(
        self,
        searcher: Searcher,
        depth: int,
        seldepth: int,
        score: int,
        pv: list[int],
        time_ms: int,
        multipv: str = "",
    ) -> None:
        nodes = searcher.stats.nodes
        moves = " ".join(pv_text(self.engine.variant, searcher.pos, pv, self.move_notation))
        hashfull = f" hashfull {searcher.tt.hashfull()}" if searcher.tt else ""
        self.send(
            f"info depth {depth} seldepth {seldepth}{multipv} score {score_text(score)} "
            f"nodes {nodes} nps {nodes * 1000 // max(time_ms, 1)} time {time_ms}"
            f"{hashfull}{' pv ' + moves if moves else ''}"
        )

    def _report_best(self, result: SearchResult, searcher: Searcher) -> None:
        """Send ``bestmove``, after an ``info`` line with the result's score whenever no
        iteration reported it: no legal move (``score mate 0`` or ``cp 0``, as Stockfish
        does) or a search that a limit cut short before it finished an iteration with this
        move."""
        last = result.iterations[-1] if result.iterations else None
        if last is None or last.pv != result.pv:
            self._send_info(
                searcher,
                result.depth,
                result.stats.seldepth,
                result.score,
                result.pv,
                result.time_ms,
            )
        if not result.best_move:
            self.send(self.no_move)
            return
        move = self.engine.variant.format_move(searcher.pos, result.best_move, self.move_notation)
        self.send(f"bestmove {move}")


def serve(make_protocol) -> None:
    """Run the protocol ``make_protocol(write)`` builds on standard input and output until
    ``quit`` (which stops a search) or the end of input (which lets a bounded search finish)."""

    def write(line: str) -> None:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    protocol = make_protocol(write)
    for line in sys.stdin:
        protocol.handle(line)
        if protocol.quit:
            break
    else:  # end of input: let a bounded search finish (scripts pipe "go depth N"), then quit
        protocol.engine.finish()


def run_uci(args) -> None:
    serve(UciProtocol)
