"""The engines that play a side of `xqchess play`'s full-screen app, or analyse for it: this
package's engine (`cli.engine.Engine`, the `PLAY` preset `xqchess uci` and `xqchess search
--preset play` run, searching on its own thread), or any UCI or UCCI program through the one
engine client (`cli.external_engine`). Each writes what it is thinking into a `Thinking` as it
goes, which the app's engine panel reads a few times a second, and answers with the move it
chose: the app plays that move and never one of its own.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

from xqchess.cli.engine import Engine
from xqchess.cli.external_engine import (
    DIALECTS,
    Clock,
    EngineFailure,
    ExternalEngine,
    engine_command,
    program_name,
)
from xqchess.core.errors import XQChessError
from xqchess.core.position import Position
from xqchess.core.search import MATE, Iteration, Limits, Searcher, SearchResult
from xqchess.core.variant import Variant

#: engine strength levels: fixed depth for the weakest, time per move for the rest
LEVELS = {
    1: Limits(depth=1),
    2: Limits(depth=2),
    3: Limits(depth=3),
    4: Limits(movetime=500),
    5: Limits(movetime=1000),
    6: Limits(movetime=2000),
    7: Limits(movetime=4000),
    8: Limits(movetime=8000),
}
HINT_LIMITS = Limits(movetime=1000)
#: seconds an external engine may overrun its time before it counts as hung
HANG_GRACE = 5.0


@dataclass
class Thinking:
    """What an engine has said about the position it searches: the last finished depth, its
    score (centipawns for the side to move, mates as the search's mate scores), principal
    variation (the game's move codes from the searched position) and, with MultiPV, every
    line's (score, pv); the nodes searched so far and when the search began."""

    depth: int = 0
    score: int | None = None
    pv: list[int] = field(default_factory=list)
    lines: list[tuple[int, list[int]]] = field(default_factory=list)
    nodes: int = 0
    started: float = field(default_factory=time.perf_counter)
    ended: float | None = None  # when the search answered

    def elapsed(self) -> float:
        return (self.ended or time.perf_counter()) - self.started

    def end(self) -> None:
        self.ended = time.perf_counter()


class InternalPlayer:
    """This package's engine at a `LEVELS` level, or under the game's clocks."""

    def __init__(self, variant: Variant, level: int) -> None:
        self.engine = Engine(variant.name)
        self.level = level

    @property
    def name(self) -> str:
        return f"xqchess level {self.level}"

    def new_game(self) -> None:
        self.engine.new_game()

    def search(
        self, pos: Position, limits: Limits, thinking: Thinking, lines: int = 1
    ) -> SearchResult:
        """Search ``pos`` within ``limits`` (``lines``: MultiPV) and wait for the answer,
        reporting each depth into ``thinking``; `stop` from another thread ends it early."""
        if self.engine.multipv != lines:
            self.engine.set_multipv(lines)
        self.engine.use_position(pos)
        done: list[SearchResult] = []

        def on_iteration(iteration: Iteration, searcher: Searcher) -> None:
            thinking.depth, thinking.score, thinking.pv = (
                iteration.depth,
                iteration.score,
                list(iteration.pv),
            )
            thinking.lines = [(score, list(pv)) for score, pv in iteration.lines]

        self.engine.go(limits, on_iteration, lambda result, searcher: done.append(result))
        searcher, thread = self.engine.ensure_searcher(), self.engine.thread
        while thread is not None and thread.is_alive():
            thinking.nodes = searcher.stats.nodes
            thread.join(0.05)
        thinking.nodes = done[0].stats.nodes
        thinking.end()
        return done[0]

    def best_move(
        self, pos: Position, start_fen: str, moves: list[int], limits: Limits, thinking: Thinking
    ) -> int:
        """The move the engine plays in ``pos`` (0: none)."""
        return self.search(pos, limits, thinking).best_move

    def stop(self) -> None:
        """Ask a running search to stop now (it answers with the best move so far)."""
        if self.engine.searching:
            self.engine.ensure_searcher().stop()

    def close(self) -> None:
        self.engine.stop()


class ExternalPlayer:
    """An engine program, started for the game with ``options`` (its ``UCI_Variant`` set to
    the game, or a UCCI engine for xiangqi); it is sent the start position and the moves."""

    def __init__(
        self, variant: Variant, command: str, protocol: str, options: dict[str, str]
    ) -> None:
        words = engine_command(command)
        self.variant = variant
        self.client = ExternalEngine(words, DIALECTS[protocol], program_name(words))
        self.client.start(variant, options)
        self.lock = threading.Lock()

    @property
    def name(self) -> str:
        return self.client.name

    def new_game(self) -> None:
        with self.lock:
            self.client.new_game()

    def best_move(
        self, pos: Position, start_fen: str, moves: list[int], limits: Limits, thinking: Thinking
    ) -> int:
        """The engine's move in ``pos``, reached by ``moves`` from ``start_fen``: 0 when it
        says it has none; EngineFailure when it hangs, dies or names an illegal move."""
        notation = self.client.dialect.move_notation
        texts, replay = [], self.variant.position(start_fen, strict=False)
        for move in moves:
            texts.append(self.variant.format_move(replay, move, notation))
            replay.make(move)
        if limits.movetime is not None:
            clock, allowed = Clock(movetime=limits.movetime), limits.movetime
        else:
            own, other = (
                (limits.wtime, limits.btime) if pos.side == 0 else (limits.btime, limits.wtime)
            )
            increment = limits.winc if pos.side == 0 else limits.binc
            clock = Clock(
                own=own or 1,
                own_increment=increment,
                opponent=other or 1,
                opponent_increment=increment,
                own_is_first=pos.side == 0,
            )
            allowed = own or 1
        with self.lock:
            text, _ = self.client.best_move(
                start_fen,
                texts,
                clock,
                allowed / 1000 + HANG_GRACE,
                lambda line: self._read_info(line, pos, notation, thinking),
            )
        thinking.end()
        if text is None:
            return 0
        try:
            return self.variant.parse_move(pos, text, notation)
        except XQChessError as error:
            raise EngineFailure(f"engine {self.name!r} played {text!r}: {error}") from None

    def _read_info(self, line: str, pos: Position, notation: str, thinking: Thinking) -> None:
        """Take depth, score, nodes and principal variation from an ``info`` line."""
        words = line.split()
        if words[:1] != ["info"]:
            return
        for key in ("depth", "nodes"):
            if key in words[:-1] and words[words.index(key) + 1].isdigit():
                setattr(thinking, key, int(words[words.index(key) + 1]))
        if "score" in words:
            at = words.index("score")
            try:
                if words[at + 1 : at + 2] == ["mate"]:  # in moves: as the search's mate scores
                    moves = int(words[at + 2])
                    thinking.score = MATE - 2 * moves + 1 if moves > 0 else -MATE - 2 * moves
                else:
                    thinking.score = self.client.dialect.score(words)
            except (IndexError, ValueError):
                return
        if "pv" in words:
            pv, replay = [], pos.copy()
            for text in words[words.index("pv") + 1 :]:
                try:
                    move = self.variant.parse_move(replay, text, notation)
                except XQChessError:
                    break
                pv.append(move)
                replay.make(move)
            thinking.pv = pv

    def stop(self) -> None:
        """Ask the engine to answer now."""
        try:
            self.client.send("stop")
        except EngineFailure:
            pass

    def close(self) -> None:
        self.client.quit()
