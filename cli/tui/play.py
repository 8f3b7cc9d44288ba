"""`xqchess play`: a game of chess or xiangqi in the terminal, drawn with rich.

Human against engine, human against human, or engine against engine (watchable). Moves are
typed in any notation the game reads; everything else is a command (``help`` lists them). While
the engine thinks, a live panel shows depth, score, principal variation, nodes, speed and time.
Three views show the lab's ideas while playing: ``show guard`` (each square's guard value as a
heat map), ``show order`` (the legal moves in the order the engine's pipeline would search
them, with each heuristic's score) and ``show chessmap`` (Greer's chessmap and valueboard side by
side in place of the board, and the sectors the chessmaps network ranks first; see
`xqchess.cli.tui.chessmaps_view`). When standard input is not a terminal, lines are read one by
one, so games can be scripted.
"""

from __future__ import annotations

import argparse
import codecs
import os
import select
import sys
import time

from rich import box
from rich.console import Console
from rich.live import Live
from rich.panel import Panel
from rich.table import Table
from xqchess.board_view import BoardView
from xqchess.cli.engine import Engine
from xqchess.cli.tui import chessmaps_view
from xqchess.cli.tui.game import Game, human_sides, termination_text
from xqchess.cli.tui.players import HINT_LIMITS, LEVELS
from xqchess.core.errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    MoveError,
    XQChessError,
)
from xqchess.core.position import Position
from xqchess.core.search import Iteration, Limits, Node, Searcher, SearchResult, pv_text, score_text
from xqchess.ordering.guard import Guard
from xqchess.variants import get_variant

try:  # POSIX terminals: keys typed while the engine thinks are kept (see `TypeAhead`)
    import readline
    import termios
except ImportError:
    readline = termios = None

#: how many moves `show order` lists (the rest are counted), so board and list fit 40 lines
ORDER_ROWS = 10
#: a table with a rule under its header and no other lines, and its ASCII twin for --ascii
ORDER_BOX = box.SIMPLE_HEAD
ORDER_ASCII_BOX = box.Box("    \n    \n -- \n    \n    \n    \n    \n    \n", ascii=True)

HELP = f"""\
Moves: type them in any notation the game reads (chess: SAN Nf3 / UCI g1f3; xiangqi: WXF C2=5,
ICCS H2-E2, UCI coordinates h3e3, Chinese 炮二平五).
Commands:
  help                 this list
  moves                the legal moves
  undo                 take back your last move (and the engine's reply)
  undo turn            take back one move of each side
  hint                 the engine's suggestion
  flip                 turn the board around
  fen                  the position's FEN
  board                draw the board again
  new                  a new game from the standard start position
  restart              start this game again from its own first position (a --fen,
                       a loaded FEN or a loaded game's start)
  resign               give up the game
  draw                 claim a draw where the rules allow it
  level N              engine strength 1-8 (1-3: depth 1-3; 4-8: 0.5-8 s a move)
  show guard           toggle the guard-value heat map
  show order           toggle the move-ordering list (the first {ORDER_ROWS} moves)
  show chessmap        toggle the chessmaps view in place of the board: who controls
                       each square, the valueboard, the sectors the network ranks first
  save FILE            save the game as PGN
  load FILE            load a PGN or FEN file (or: load FEN), told apart by content; a
                       PGN without tags is taken for a game of the game being played
  quit                 leave"""


class TypeAhead:
    """Keys typed while the engine thinks, in a real terminal.

    While the live panel is up the terminal's echo and line editing are off, so typing cannot
    move the cursor under the panel (which then left a piece of its border behind); the keys
    are collected here instead and shown in the panel. Once the engine has moved, finished
    lines run as commands, each echoed after its prompt, and an unfinished line is put back at
    the next prompt, ready to edit. Without termios (not POSIX) typing works as before.
    """

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.lines: list[str] = []  # lines finished with Enter, oldest first
        self.partial = ""  # the line being typed
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self.in_escape = False  # inside an escape sequence (arrow and function keys)
        self.saved: list | None = None

    def __enter__(self) -> TypeAhead:
        if termios is not None:
            self.saved = termios.tcgetattr(self.fd)
            quiet = termios.tcgetattr(self.fd)
            quiet[3] &= ~(termios.ECHO | termios.ICANON)
            quiet[6][termios.VMIN], quiet[6][termios.VTIME] = 0, 0
            termios.tcsetattr(self.fd, termios.TCSANOW, quiet)
        return self

    def __exit__(self, *exc_info) -> None:
        if self.saved is not None:
            self.poll()
            termios.tcsetattr(self.fd, termios.TCSANOW, self.saved)
            self.saved = None

    def poll(self) -> None:
        """Collect the keys typed since the last poll (without waiting)."""
        while self.saved is not None and select.select([self.fd], [], [], 0)[0]:
            data = os.read(self.fd, 1024)
            if not data:
                return
            for char in self.decoder.decode(data):
                self._key(char)

    def _key(self, char: str) -> None:
        if self.in_escape:  # ESC [ ... ends with a letter or ~
            self.in_escape = not (char.isalpha() or char == "~")
        elif char == "\x1b":
            self.in_escape = True
        elif char in "\r\n":
            if self.partial.strip():
                self.lines.append(self.partial)
            self.partial = ""
        elif char in "\x7f\b":
            self.partial = self.partial[:-1]
        elif char.isprintable():
            self.partial += char

    def shown(self) -> str:
        """What has been typed, for the panel: finished lines, then the one being typed."""
        return " | ".join([*self.lines, self.partial + "_"])

    def read(self, prompt: str) -> str:
        """The next line from the terminal, with an unfinished line typed ahead put back."""
        partial, self.partial = self.partial, ""
        if partial and readline is not None:
            readline.set_startup_hook(lambda: readline.insert_text(partial))
        try:
            return input(prompt)
        finally:
            if readline is not None:
                readline.set_startup_hook()


class PlaySession:
    """One player's session: the game, who plays which side, the views, and the engine."""

    def __init__(self, args: argparse.Namespace, console: Console, interactive: bool) -> None:
        self.console = console
        self.interactive = interactive
        self.variant = get_variant(args.variant)
        self.names = self.variant.color_names
        self.view = BoardView(args.ascii)
        self.flipped = args.flip
        self.level = args.level
        self.notation = self.variant.require_notation(args.notation or self.variant.pgn_notation)
        self.humans = human_sides(args.side)
        self.game = Game.from_options(self.variant, args.fen, args.first)
        self.typed = TypeAhead(sys.stdin.fileno()) if interactive else None
        self.engine = Engine(self.variant.name)
        self.show_guard = False
        self.show_order = False
        self.show_chessmap = False
        self.quit = False
        if self.humans == {1}:  # Black (or Red's opponent) sits at the bottom
            self.flipped = not self.flipped

    @property
    def pos(self) -> Position:
        return self.game.pos

    @property
    def result(self) -> str | None:
        return self.game.result

    # -- output ------------------------------------------------------------------------------

    def show(self) -> None:
        last = self.game.last_move
        guard = self._guard_values() if self.show_guard else None
        if guard is not None or not self.show_chessmap:  # the chessmaps view has the pieces
            self.console.print(self.view.render(self.pos, self.flipped, last, guard))
        if self.show_chessmap:
            self.console.print(
                chessmaps_view.render(
                    chessmaps_view.inspect(self.pos),
                    self.view,
                    self.flipped,
                    chessmaps_view.PLAY_SECTORS,
                    last,
                )
            )
        mover = self.names[self.pos.side]
        status = f"{mover.capitalize()} to move" + (" (check)" if self.pos.is_check() else "")
        self.console.print(f"{status}   level {self.level}   move {self.pos.fullmove}")
        if self.show_order and not self.result:
            self.console.print(self._order_table())

    def say(self, text: str, style: str = "") -> None:
        self.console.print(text, style=style or None, highlight=False)

    def _guard_values(self) -> list[int]:
        guard = Guard(self.variant)
        return guard.board_values(self.pos.board)

    def _order_table(self) -> Table:
        """The legal moves as the engine's pipeline would order them at this position now."""
        searcher = self.engine.ensure_searcher()
        entry = searcher.tt.probe(self.pos.hash) if searcher.tt else None
        node = Node(0).fill(
            self.pos,
            1,
            self.game.last_move,
            entry[4] if entry else 0,
            self.pos.is_check(),
        )
        pipeline = searcher.orderer
        ordered = pipeline.scored(node, self.pos.legal_moves())
        more = len(ordered) - ORDER_ROWS
        table = Table(
            title=f"search order ({pipeline.spec})",
            title_justify="left",
            caption=f"... and {more} more" if more > 0 else None,
            caption_justify="left",
            box=ORDER_ASCII_BOX if self.view.ascii else ORDER_BOX,
            show_edge=False,
        )
        table.add_column("#", justify="right")
        table.add_column("move")
        for heuristic in pipeline.heuristics:
            table.add_column(heuristic.name, justify="right")
        for rank, (move, scores) in enumerate(ordered[:ORDER_ROWS], 1):
            text = self.variant.format_move(self.pos, move, self.notation)
            table.add_row(str(rank), text, *(f"{s:g}" for s in scores))
        return table

    # -- the game ----------------------------------------------------------------------------

    def play_move(self, move: int, who: str) -> None:
        text = self.variant.format_move(self.pos, move, self.notation)
        self.game.play(move)
        self.say(f"{who} {text}", "bold")
        self.show()
        self.announce()

    def announce(self) -> None:
        """Say that the game is over, or that a draw may be claimed."""
        if self.result:
            self.say(f"Game over. {self.result}", "bold magenta")
            return
        claimable = self.game.claimable()
        if claimable is not None:
            self.say(f"A draw by {claimable.termination.value} may be claimed: type draw.")

    def finish(self, text: str, code: str) -> None:
        self.game.finish(text, code)
        self.announce()

    def engine_turn(self) -> None:
        searcher_result = self.think(LEVELS[self.level])
        claimable = self.game.claimable()
        if claimable is not None and searcher_result.score <= 0:
            self.finish(
                f"{self.names[self.pos.side].capitalize()} (engine) claims: "
                + termination_text(claimable, self.names),
                claimable.result(),
            )
            return
        self.play_move(searcher_result.best_move, "Engine plays")

    def think(self, limits: Limits) -> SearchResult:
        """Search the position in the background; show the live panel while it runs."""
        self.engine.use_position(self.pos)
        progress: dict = {}
        done: list[SearchResult] = []
        start = time.perf_counter()

        def on_iteration(iteration: Iteration, searcher: Searcher) -> None:
            progress.update(
                depth=iteration.depth,
                score=iteration.score,
                nodes=searcher.stats.nodes,
                pv=" ".join(pv_text(self.variant, searcher.pos, iteration.pv, self.notation)),
            )

        self.engine.go(limits, on_iteration, lambda result, pos: done.append(result))
        if self.interactive:
            with (
                self.typed,
                Live(
                    self._panel(progress, start),
                    console=self.console,
                    transient=True,
                    auto_refresh=False,
                ) as live,
            ):
                while self.engine.searching:  # redraw 4 times a second, on this thread only
                    progress["nodes"] = self.engine.searcher.stats.nodes
                    self.typed.poll()
                    live.update(self._panel(progress, start), refresh=True)
                    time.sleep(0.25)
        self.engine.finish()
        return done[0]

    def _panel(self, progress: dict, start: float) -> Panel:
        elapsed = time.perf_counter() - start
        nodes = progress.get("nodes", 0)
        lines = (
            f"depth {progress.get('depth', 0)}   score "
            f"{score_text(progress.get('score', 0))}   nodes {nodes}   "
            f"nps {int(nodes / elapsed) if elapsed else 0}   time {elapsed:.1f}s\n"
            f"pv {progress.get('pv', '')}"
        )
        if self.typed.lines or self.typed.partial:
            lines += f"\ntyped: {self.typed.shown()}"
        return Panel(lines, title="engine thinking", expand=False)

    # -- commands ----------------------------------------------------------------------------

    def handle(self, line: str) -> None:
        words = line.split()
        if not words:
            return
        command, rest = words[0].lower(), line.strip()[len(words[0]) :].strip()
        handler = getattr(self, f"cmd_{command}", None)
        try:
            if handler is not None:
                handler(rest)
            elif self.result:
                self.say("The game is over: new, undo, load, save or quit.")
            else:
                move = self.variant.parse_move(self.pos, line)
                who = (
                    "You play"
                    if len(self.humans) == 1
                    else f"{self.names[self.pos.side].capitalize()} plays"
                )
                self.play_move(move, who)
        except (IllegalMoveError, AmbiguousMoveError) as error:
            self.say(f"{error}. Type moves to list the legal moves.", "red")
        except MoveError as error:  # text no notation of the game reads as a move
            self.say(
                f"{error}. {self._notations_read()} Type moves to list the legal moves.", "red"
            )
        except XQChessError as error:
            self.say(str(error), "red")

    def _notations_read(self) -> str:
        """The notations the game reads moves in, as a sentence (from the variant's readers)."""
        names = list(self.variant.readers)
        listed = (
            " or ".join(names) if len(names) < 3 else ", ".join(names[:-1]) + " or " + names[-1]
        )
        return f"{self.variant.name.capitalize()} reads moves in {listed} notation."

    def cmd_help(self, rest: str) -> None:
        self.say(HELP)

    def cmd_moves(self, rest: str) -> None:
        texts = sorted(
            self.variant.format_move(self.pos, m, self.notation) for m in self.pos.legal_moves()
        )
        self.say(" ".join(texts) if texts else "(no legal moves)")

    def cmd_undo(self, rest: str) -> None:
        plies = 2 if rest == "turn" else 1
        if self.pos.plies < plies:
            self.say("Nothing to take back.")
            return
        for _ in range(plies):
            self.game.undo()
        if rest != "turn" and self.humans and self.pos.side not in self.humans and self.pos.plies:
            self.game.undo()  # back to your own turn, not the engine's
        self.show()

    def cmd_hint(self, rest: str) -> None:
        if self.result or not self.pos.legal_moves():
            self.say("No hint: the game is over.")
            return
        result = self.think(HINT_LIMITS)
        self.say(
            f"Hint: {self.variant.format_move(self.pos, result.best_move, self.notation)}"
            f" ({score_text(result.score)})"
        )

    def cmd_flip(self, rest: str) -> None:
        self.flipped = not self.flipped
        self.show()

    def cmd_fen(self, rest: str) -> None:
        self.say(self.pos.fen())

    def cmd_board(self, rest: str) -> None:
        self.show()

    def cmd_new(self, rest: str) -> None:
        self._begin(self.game.standard_fen, "New game from the standard start position.")

    def cmd_restart(self, rest: str) -> None:
        start = self.game.start_fen
        self._begin(start, f"Game restarted from its first position: {start}")

    def _begin(self, start_fen: str, message: str) -> None:
        """A new game from ``start_fen``, announced by ``message``."""
        self.game.restart(start_fen)
        self.engine.new_game()
        self.say(message)
        self.show()
        self.announce()

    def cmd_resign(self, rest: str) -> None:
        if self.result:
            self.say("The game is already over.")
            return
        loser = self.pos.side if self.pos.side in self.humans else min(self.humans, default=0)
        self.game.resign(loser)
        self.announce()

    def cmd_draw(self, rest: str) -> None:
        if self.result:
            self.say("The game is already over.")
            return
        if self.game.claim_draw() is None:
            self.say(self.game.no_draw_text())
            return
        self.announce()

    def cmd_level(self, rest: str) -> None:
        if rest not in {str(level) for level in LEVELS}:
            self.say(f"level needs a number from 1 to {len(LEVELS)}, got {rest!r}", "red")
            return
        self.level = int(rest)
        self.say(f"Engine level {self.level}.")

    def cmd_show(self, rest: str) -> None:
        if rest == "guard":
            self.show_guard = not self.show_guard
        elif rest == "order":
            self.show_order = not self.show_order
        elif rest == "chessmap":
            self.show_chessmap = not self.show_chessmap
        else:
            self.say("show guard | show order | show chessmap", "red")
            return
        self.show()

    def cmd_save(self, rest: str) -> None:
        if not rest:
            self.say("save needs a file name", "red")
            return
        try:
            self.game.save(rest, (self._player(0), self._player(1)))
        except XQChessError as error:
            self.say(str(error), "red")
            return
        self.say(f"Saved {self.pos.plies} moves to {rest}.")

    def cmd_load(self, rest: str) -> None:
        """Load a FEN typed after ``load``, or a file holding a FEN or a PGN game, judged by its
        content (`is_fen`); on any error the game stays as it was."""
        if not rest:
            self.say("load needs a file name or a FEN", "red")
            return
        try:
            loaded = self.game.load_source(rest)
        except XQChessError as error:
            self.say(str(error), "red")
            return
        self.say(f"{loaded}.")
        self.show()
        self.announce()

    def cmd_quit(self, rest: str) -> None:
        self.quit = True

    cmd_exit = cmd_quit

    def _player(self, color: int) -> str:
        return "Human" if color in self.humans else f"xqchess level {self.level}"

    # -- the loop ----------------------------------------------------------------------------

    def run(self, lines) -> None:
        mode = {0: "engine vs engine", 1: "human vs engine", 2: "human vs human"}[len(self.humans)]
        self.say(f"xqchess: {self.variant.name}, {mode}. Type help for commands.", "bold")
        self.show()
        self.announce()
        while not self.quit:
            if not self.result and self.pos.side not in self.humans:
                self.engine_turn()
                continue
            line = self._read(lines)
            if line is None:
                break
            self.handle(line)
        self.engine.stop()

    def _read(self, lines) -> str | None:
        """The next command: a line typed while the engine thought (echoed after the prompt),
        then a line from the terminal, or from piped input (echoed too)."""
        prompt = f"{self.names[self.pos.side]}> " if not self.result else "game over> "
        if self.interactive and not self.typed.lines:
            try:
                return self.typed.read(prompt)
            except (EOFError, KeyboardInterrupt):
                return None
        line = self.typed.lines.pop(0) if self.interactive else next(lines, None)
        if line is not None:
            self.say(f"{prompt}{line.rstrip()}")
        return line


def run_play(args: argparse.Namespace) -> int:
    """The full-screen app on a terminal (`xqchess.cli.tui.app`), else the line mode; the exit
    status."""
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    if interactive and not args.line:
        from xqchess.cli.tui.app import run_app

        return run_app(args)
    if args.time or args.engine:
        raise XQChessError("--time and --engine need the full-screen app (a terminal, no --line)")
    console = Console(highlight=False, soft_wrap=not interactive)
    session = PlaySession(args, console, interactive)
    session.run(iter(sys.stdin))
    return 0
