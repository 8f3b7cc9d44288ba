"""`xqchess play` on a terminal: a full-screen Textual application for any game.

One screen: the board (drawn by `BoardView` from the game's style, redrawn in place), beside
it the clocks, the engine panel and the move list, under it a status line and the move box.
Moves are made three ways: a click on a piece then on its target, the cursor (arrow keys or
hjkl, Enter on the piece and Enter on the target), or text typed in the move box in any
notation the game reads (the box also takes the line mode's commands: ``undo``, ``save
FILE``, a FEN to load...). Engines think on their own threads (`cli.tui.players`), so the
interface answers at once; the engine panel streams their search about five times a second.
Keys toggle the lab's views: the guard heat map, the move-order panel and Greer's chessmap.
Every key is listed in `KEYS`, which makes the bindings and the help screen.
"""

from __future__ import annotations

import argparse
import math
import os
from dataclasses import dataclass

from rich.text import Text
from textual import events, on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Footer, Input, Label, Static
from xqchess.board_view import CURSOR, HINT, SELECTED, TARGET, THEMES, BoardView
from xqchess.cli.external_engine import parse_options
from xqchess.cli.tui import chessmaps_view
from xqchess.cli.tui.game import Clocks, Game, human_sides, is_fen
from xqchess.cli.tui.players import (
    HINT_LIMITS,
    LEVELS,
    ExternalPlayer,
    InternalPlayer,
    Thinking,
)
from xqchess.core.errors import MoveError, XQChessError
from xqchess.core.moves import move_from, move_promotion, move_to
from xqchess.core.pieces import COLOR_SHIFT
from xqchess.core.search import MATE_BOUND, Limits, Node, pv_text, score_text
from xqchess.ordering.guard import Guard
from xqchess.variants import get_variant

#: seconds between two redraws of the engine panel and the clocks (about five a second)
PANEL_INTERVAL = 0.2
#: lines the analysis mode shows (MultiPV)
ANALYSIS_LINES = 3
#: an engine accepts a draw offer when its own score is this many centipawns down or worse
DRAW_ACCEPT = -100
#: the evaluation bar's width in cells, and the score (centipawns) that fills three quarters
BAR_CELLS = 24
BAR_SCALE = 400
#: how many moves the move-order panel lists
ORDER_ROWS = 12
#: below this many lines a ruled board is drawn dense (no rows between ranks but the river)
FULL_BOARD_LINES = 34
#: the board's title while it has the focus (keys act on it)
BOARD_FOCUSED = "board: keys act"
#: below this many columns the side panels fold under the board
SIDE_BY_SIDE_COLUMNS = 76


@dataclass(frozen=True)
class Key:
    """One key of the app: what is pressed, the action it runs, and what the help says."""

    keys: str
    action: str
    help: str
    footer: str = ""  # the key's short name in the footer (none: not shown there)


KEYS = (
    Key("question_mark", "help", "this list of keys (F1 from the move box too)", "keys"),
    Key("escape", "board", "from the move box to the board (Tab: back and forth)"),
    Key("enter", "", "on the board: pick the piece under the cursor, then its target"),
    Key("arrows,h,j,k,l", "", "on the board: move the cursor"),
    Key("n", "new_game", "a new game from the standard start position"),
    Key("u", "undo", "take back your last move (with the engine's reply)", "undo"),
    Key("y", "redo", "play again a move taken back"),
    Key("left_square_bracket", "step_back", "step back one move (review: the engine waits)"),
    Key("right_square_bracket", "step_forward", "step forward one move"),
    Key("p", "pause", "pause or resume the engines (review, engine against engine)"),
    Key("full_stop", "single_step", "while paused: the engine to move plays one move"),
    Key("t", "hint", "a hint: the engine's move, highlighted", "hint"),
    Key("a", "analyse", "analysis mode: the engine analyses the board (three lines)"),
    Key("f", "flip", "turn the board around", "flip"),
    Key("plus", "level(1)", "engine level up (1-8)"),
    Key("minus", "level(-1)", "engine level down"),
    Key("d", "draw", "claim a draw the rules allow, or offer one"),
    Key("R", "resign", "resign the game"),
    Key("ctrl+s", "save", "save the game as PGN"),
    Key("ctrl+o", "load", "load a PGN or FEN file, or a FEN"),
    Key("c", "copy_fen", "copy the position's FEN (pasting a FEN or PGN loads it)"),
    Key("g", "overlay('guard')", "the guard heat map over the board", "guard"),
    Key("o", "toggle_order", "the move-order panel: the pipeline's order and scores", "order"),
    Key("m", "overlay('chessmap')", "Greer's chessmap and valueboard in place of the board"),
    Key("N", "notation", "the next notation for moves (SAN, WXF, Chinese, ...)"),
    Key("T", "theme", "the next board theme (light, dark, mono)"),
    Key("L", "letters", "letters or symbols for the pieces (for fonts without CJK)"),
    Key("q", "quit", "quit (asks first while a game is being played)", "quit"),
)


def key_bindings() -> list[Binding]:
    """The app's bindings, from `KEYS` (keys without an action are the board's own)."""
    bindings = [
        Binding(key.keys, key.action, key.footer or key.help, show=bool(key.footer))
        for key in KEYS
        if key.action
    ]
    bindings.append(Binding("ctrl+c", "quit", "quit", show=False, priority=True))
    bindings.append(Binding("f1", "help", "keys", show=False, priority=True))
    return bindings


def key_name(keys: str) -> str:
    """How the help screen writes a key."""
    names = {
        "question_mark": "?",
        "left_square_bracket": "[",
        "right_square_bracket": "]",
        "full_stop": ".",
        "plus": "+",
        "minus": "-",
    }
    return ", ".join(names.get(key, key) for key in keys.split(","))


def score_bar(score: int, side: int) -> Text:
    """An evaluation bar: the first player's share filled, from ``score`` for ``side``."""
    first = score if side == 0 else -score
    if abs(first) >= MATE_BOUND:
        share = 1.0 if first > 0 else 0.0
    else:
        share = 0.5 + 0.5 * math.tanh(first / BAR_SCALE * math.atanh(0.5))
    filled = round(share * BAR_CELLS)
    return Text("█" * filled + "░" * (BAR_CELLS - filled))


class BoardWidget(Widget, can_focus=True):
    """The board: drawn by the app, clicked and cursored here."""

    BINDINGS = [
        Binding("up,k", "cursor(0,1)", show=False),
        Binding("down,j", "cursor(0,-1)", show=False),
        Binding("left,h", "cursor(-1,0)", show=False),
        Binding("right,l", "cursor(1,0)", show=False),
        Binding("enter,space", "pick", show=False),
    ]

    def render(self) -> Text:
        return self.app.board_text()  # type: ignore[attr-defined]

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is not None:
            self.app.click_cell(offset.x, offset.y)  # type: ignore[attr-defined]

    def action_cursor(self, files: int, ranks: int) -> None:
        self.app.move_cursor(files, ranks)  # type: ignore[attr-defined]

    def action_pick(self) -> None:
        self.app.pick(self.app.cursor)  # type: ignore[attr-defined]


class ChoiceScreen(ModalScreen):
    """A small dialog: a question and a button per answer; dismissed with the answer's value
    (None on Escape)."""

    BINDINGS = [Binding("escape", "dismiss(None)", "cancel")]

    def __init__(self, question: str, answers: list[tuple[str, object]]) -> None:
        super().__init__()
        self.question = question
        self.answers = answers

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.question)
            with Horizontal(classes="buttons"):
                for number, (label, _) in enumerate(self.answers):
                    yield Button(label, id=f"answer-{number}")

    @on(Button.Pressed)
    def answered(self, event: Button.Pressed) -> None:
        number = int((event.button.id or "answer-0").split("-")[1])
        self.dismiss(self.answers[number][1])


class AskScreen(ModalScreen):
    """A dialog asking for one line of text (a file name, a FEN); dismissed with the text
    (None on Escape)."""

    BINDINGS = [Binding("escape", "dismiss(None)", "cancel")]

    def __init__(self, question: str, value: str = "") -> None:
        super().__init__()
        self.question, self.value = question, value

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.question)
            yield Input(self.value, id="answer")

    @on(Input.Submitted)
    def answered(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)


class HelpScreen(ModalScreen):
    """Every key of the app (`KEYS`), and what the move box reads."""

    BINDINGS = [Binding("escape,question_mark,q", "dismiss(None)", "close")]

    def compose(self) -> ComposeResult:
        lines = Text()
        for key in KEYS:
            lines.append(f"{key_name(key.keys):>14}  ", style="bold")
            lines.append(key.help + "\n")
        lines.append(
            "\nThe move box reads a move in any notation of the game, a FEN or PGN to load, "
            "or a command of the line mode (undo, redo, new, hint, flip, level N, save FILE, "
            "load FILE, resign, draw, quit). Escape closes this list."
        )
        with VerticalScroll(classes="dialog"):
            yield Static(lines)


class PlayApp(App):
    """The game on one screen; see the module's docstring."""

    CSS = """
    Screen { layout: vertical; }
    #main { height: 1fr; }
    #board { width: auto; height: auto; padding: 0 1; border: round $panel; }
    #board:focus { border: round $accent; }
    #side { width: 1fr; min-width: 30; }
    #clocks { height: auto; }
    #engine { height: auto; border: round $panel; padding: 0 1; }
    #moves { height: 1fr; border: round $panel; padding: 0 1; }
    #order { height: 1fr; border: round $panel; padding: 0 1; display: none; }
    #status { height: 1; padding: 0 1; background: $boost; }
    #move { height: 1; border: none; padding: 0 1; }
    #move.refused { background: $error 30%; }
    .narrow #main { layout: vertical; }
    .narrow #side { width: 100%; height: auto; }
    .narrow #moves { height: 5; }
    .ordering #order { display: block; }
    .ordering #moves { display: none; }
    .dialog { width: auto; max-width: 90%; height: auto; max-height: 90%;
              border: thick $accent; background: $surface; padding: 1 2; }
    ChoiceScreen, AskScreen, HelpScreen { align: center middle; }
    .buttons { height: auto; width: auto; }
    .buttons Button { margin: 0 1; }
    """
    BINDINGS = key_bindings()

    def __init__(self, args: argparse.Namespace) -> None:
        super().__init__()
        self.variant = get_variant(args.variant)
        self.game = Game.from_options(self.variant, args.fen, args.first)
        self.notation = self.variant.require_notation(args.notation or self.variant.pgn_notation)
        self.humans = human_sides(args.side)
        self.flipped = args.flip != (self.humans == {1})
        theme = args.theme or ("mono" if os.environ.get("NO_COLOR") else "light")
        self.view = BoardView(args.ascii, THEMES[theme])
        self.level = args.level
        self.time_control = args.time
        self.clocks = Clocks.parse(self.time_control) if self.time_control else None
        self.players: list[InternalPlayer | ExternalPlayer | None] = [None, None]
        self.thinker: InternalPlayer | ExternalPlayer | None = None
        engines = list(args.engine or [])
        options = parse_options(args.option or [])
        if len(engines) > 2 - len(self.humans):
            raise XQChessError(
                f"{len(engines)} --engine given for {2 - len(self.humans)} engine sides"
            )
        for side in (0, 1):
            if side in self.humans:
                continue
            if not engines:
                self.players[side] = InternalPlayer(self.variant, self.level)
                continue
            try:
                self.players[side] = ExternalPlayer(
                    self.variant, engines.pop(0), args.protocol, options
                )
            except XQChessError:  # the engine started before this one is quit
                self.shutdown()
                raise
        self.analyst = InternalPlayer(self.variant, self.level)  # hints, analysis, order panel
        self.cursor = self._first_cursor()
        self.selected: int | None = None
        self.hint_move = 0
        self.overlay: str | None = None
        self.paused = False
        self.analysing = False
        self.thinking: Thinking | None = None
        self.thinking_pos = self.game.pos.copy()
        self.generation = 0  # bumped whenever the position changes: late answers are dropped
        self.message = ""
        self.last_score: list[int | None] = [None, None]  # each side's engine's last score
        self.order_shown = (-1, Text())  # the order panel's text, and for which position

    # -- layout ------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        # the main screen's widgets are kept: a dialog on top hides them from `query_one`
        self.board = BoardWidget(id="board")
        self.clock_line = Static(id="clocks")
        self.panel = Static(id="engine")
        self.moves_box = VerticalScroll(id="moves")
        self.moves_box.can_focus = False
        self.move_list_text = Static(id="movelist")
        self.order = Static(id="order")
        self.status = Static(id="status")
        with Horizontal(id="main"):
            yield self.board
            with Vertical(id="side"):
                yield self.clock_line
                yield self.panel
                with self.moves_box:
                    yield self.move_list_text
                yield self.order
        yield self.status
        yield Input(
            placeholder="a move, a command or a FEN (Esc: the board and its keys)", id="move"
        )
        yield Footer()

    def on_mount(self) -> None:
        self.title = f"xqchess: {self.variant.name}"
        self.panel.border_title = "engine"
        self.moves_box.border_title = "moves"
        self.order.border_title = "search order"
        self.set_class(self.size.width < SIDE_BY_SIDE_COLUMNS, "narrow")
        self.query_one("#move", Input).focus()
        self.show_focus()
        if self.clocks is not None:
            self.clocks.start(self.game.pos.side)
        self.set_interval(PANEL_INTERVAL, self.tick)
        self.redraw()
        self.next_turn()

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(event.size.width < SIDE_BY_SIDE_COLUMNS, "narrow")
        self.board.refresh(layout=True)

    # -- drawing -----------------------------------------------------------------------------

    def board_text(self) -> Text:
        pos = self.game.pos
        if self.overlay == "chessmap":
            return chessmaps_view.render(
                chessmaps_view.inspect(pos),
                self.view,
                self.flipped,
                chessmaps_view.PLAY_SECTORS,
                self.game.last_move,
            )
        guard = Guard(self.variant).board_values(pos.board) if self.overlay == "guard" else None
        dense = self.size.height < FULL_BOARD_LINES
        return self.view.render(
            pos, self.flipped, self.game.last_move, guard, self.marks(), dense=dense
        )

    def marks(self) -> dict[int, str]:
        """The squares highlighted besides the last move and check."""
        marks: dict[int, str] = {}
        if self.hint_move:
            marks[move_from(self.hint_move)] = marks[move_to(self.hint_move)] = HINT
        if self.selected is not None:
            for move in self.game.moves_from(self.selected):
                marks[move_to(move)] = TARGET
            marks[self.selected] = SELECTED
        if self.board.has_focus:
            marks[self.cursor] = CURSOR
        return marks

    def redraw(self) -> None:
        """Draw everything again from the game (after any change)."""
        self.board.refresh(layout=True)
        self.move_list_text.update(self.move_list())
        self.moves_box.scroll_end(animate=False)
        if self.has_class("ordering"):
            self.order.update(self.order_text())
        self.status.update(self.status_text())
        self.tick()

    def move_list(self) -> Text:
        texts = self.game.move_texts(self.notation)
        start = self.variant.position(self.game.start_fen, strict=False)
        first_side, number = start.side, start.fullmove
        lines, row = Text(), ""
        if first_side == 1 and texts:
            row = f"{number:>3}. ...      "
        for index, text in enumerate(texts):
            side = (first_side + index) % 2
            if side == 0:
                row = f"{number:>3}. {text:<10}"
            else:
                lines.append(f"{row}{text}\n" if row else f"{number:>3}. ...       {text}\n")
                row = ""
                number += 1
        if row:
            lines.append(row + "\n")
        if self.game.over:
            lines.append(self.game.result_code, style="bold")
        return lines

    def status_text(self) -> Text:
        game, pos = self.game, self.game.pos
        if game.over:
            text = Text(f"Game over. {game.result}", style="bold")
        else:
            mover = game.side_name(pos.side)
            who = "engine" if self.players[pos.side] else "you" if len(self.humans) == 1 else ""
            text = Text(f"{mover} to move" + (f" ({who})" if who else ""))
            if pos.is_check():
                text.append("  check", style="bold red")
            if self.paused:
                text.append("  paused (p resumes)", style="bold")
            if self.analysing:
                text.append("  analysing (a stops)", style="bold")
            claim = game.claimable()
            if claim is not None:
                text.append(f"  a draw by {claim.termination.value} may be claimed (d)")
        text.append(f"  level {self.level}  {self.notation}")
        if self.message:
            text.append(f"  {self.message}", style="italic")
        return text

    def tick(self) -> None:
        """The clocks and the engine panel (a few times a second), and a flag fall."""
        if self.clocks is not None:
            fallen = self.clocks.fallen()
            if fallen is not None and not self.game.over:
                self.clocks.stop()
                self.game.flag(fallen)
                self.position_changed()  # the engine's search stops, its answer is dropped
                return
            names = [self.game.side_name(side) for side in (0, 1)]
            clock = Text()
            for side in (0, 1):
                style = "reverse bold" if self.clocks.running == side else ""
                clock.append(f" {names[side]} {Clocks.text(self.clocks.left(side))} ", style)
                clock.append("  ")
            self.clock_line.update(clock)
        self.panel.update(self.engine_text())

    def engine_text(self) -> Text:
        thinking = self.thinking
        if thinking is None:
            names = [p.name if p else "human" for p in self.players]
            return Text(f"{names[0]} against {names[1]}", style="dim")
        searched = self.thinking_pos
        nodes = thinking.nodes
        elapsed = thinking.elapsed()
        text = Text()
        if thinking.score is not None:
            text.append(f"depth {thinking.depth}  {score_text(thinking.score)}  ")
            text.append_text(score_bar(thinking.score, searched.side))
            text.append("\n")
        nps = int(nodes / elapsed) if elapsed > 0 else 0
        text.append(f"nodes {nodes:,}  {nps:,} n/s  {elapsed:.1f} s\n")
        lines = (
            thinking.lines
            if self.analysing and thinking.lines
            else [(thinking.score or 0, thinking.pv)]
        )
        for score, pv in lines:
            moves = " ".join(pv_text(self.variant, searched, pv, self.notation))
            prefix = f"{score_text(score)} " if len(lines) > 1 else ""
            text.append(f"{prefix}{moves}\n")
        return text

    def orderer(self) -> InternalPlayer:
        """The engine whose ordering the panel shows: the one playing (its tables have learnt
        from its searches), else the one giving hints."""
        playing = [player for player in self.players if isinstance(player, InternalPlayer)]
        return playing[0] if playing else self.analyst

    def order_text(self) -> Text:
        """The legal moves as the engine's pipeline orders them here, each heuristic's score
        (while that engine searches, its tables are not read: the order made before stays)."""
        player = self.orderer()
        if player.engine.searching:
            if self.order_shown[0] == self.generation:
                return self.order_shown[1]
            return Text("the engine is searching: its order shows after its move", "dim")
        pos = self.game.pos
        searcher = player.engine.ensure_searcher()
        entry = searcher.tt.probe(pos.hash) if searcher.tt else None
        node = Node(0).fill(pos, 1, self.game.last_move, entry[4] if entry else 0, pos.is_check())
        pipeline = searcher.orderer
        ordered = pipeline.scored(node, pos.legal_moves())
        names = [heuristic.name[:7] for heuristic in pipeline.heuristics]
        text = Text(f"{'#':>3} {'move':<8}" + "".join(f"{n:>8}" for n in names) + "\n", "bold")
        for rank, (move, scores) in enumerate(ordered[:ORDER_ROWS], 1):
            written = self.variant.format_move(pos, move, self.notation)
            text.append(f"{rank:>3} {written:<8}" + "".join(f"{s:>8g}" for s in scores) + "\n")
        if len(ordered) > ORDER_ROWS:
            text.append(f"... and {len(ordered) - ORDER_ROWS} more", style="dim")
        self.order_shown = (self.generation, text)
        return text

    def say(self, message: str) -> None:
        self.message = message
        self.status.update(self.status_text())

    # -- moves by click, cursor and text -------------------------------------------------------

    def _first_cursor(self) -> int:
        pos = self.game.pos
        king = pos.kings[pos.side]
        return king if king >= 0 else 0

    def click_cell(self, column: int, line: int) -> None:
        if self.overlay == "chessmap":
            self.say("the chessmap view takes no clicks (m: the board)")
            return
        sq = self.view.square_at(column, line)
        if sq is not None:
            self.cursor = sq
            self.pick(sq)

    def move_cursor(self, files: int, ranks: int) -> None:
        geometry = self.variant.geometry
        if self.flipped:
            files, ranks = -files, -ranks
        file = min(max(geometry.file_of(self.cursor) + files, 0), geometry.files - 1)
        rank = min(max(geometry.rank_of(self.cursor) + ranks, 0), geometry.ranks - 1)
        self.cursor = geometry.square(file, rank)
        self.board.refresh()

    def pick(self, sq: int) -> None:
        """A square chosen (clicked, or Enter on the cursor): select a piece of the side to
        move, or move the selected one there."""
        game = self.game
        if game.over or self.players[game.pos.side] is not None and not self.analysing:
            self.say("not your move" if not game.over else "the game is over (n: new game)")
            return
        piece = game.pos.board[sq]
        if self.selected is not None:
            moves = game.moves_between(self.selected, sq)
            if moves:
                self.selected = None
                self.choose(moves)
                return
            if not (piece and game.pos.side == self._color(piece)):
                self.say(self._refusal(self.selected, sq))
                self.selected = None
                self.redraw()
                return
        if piece and game.pos.side == self._color(piece):
            self.selected = sq
            self.say(self._guard_line(sq))
        else:
            self.selected = None
            self.say("pick one of your own pieces")
        self.redraw()

    @staticmethod
    def _color(piece: int) -> int:
        return piece >> COLOR_SHIFT

    def _refusal(self, frm: int, to: int) -> str:
        """Why the piece on ``frm`` cannot go to ``to``: the game's own reason."""
        geometry = self.variant.geometry
        text = geometry.square_name(frm) + geometry.square_name(to)
        try:
            self.variant.parse_move(self.game.pos, text, "uci")
        except MoveError as error:
            return str(error)
        return f"{text} is not a legal move"

    def _guard_line(self, sq: int) -> str:
        """The selected piece's moves with the guard value of each target square."""
        values = Guard(self.variant).board_values(self.game.pos.board)
        side = 1 if self.game.pos.side == 0 else -1
        pos = self.game.pos
        parts = [
            f"{self.variant.format_move(pos, m, self.notation)} {side * values[move_to(m)]:+d}"
            for m in self.game.moves_from(sq)
        ]
        return "guard: " + ", ".join(parts) if parts else "this piece has no legal move"

    def choose(self, moves: list[int]) -> None:
        """Play the move, asking which promotion when there are several."""
        if len(moves) == 1:
            self.human_move(moves[0])
            return
        pos = self.game.pos
        answers = [
            (self.variant.format_move(pos, move, self.notation), move)
            for move in sorted(moves, key=move_promotion)
        ]

        def chosen(move: object) -> None:
            if isinstance(move, int):
                self.human_move(move)

        self.push_screen(ChoiceScreen("Promote to:", answers), chosen)

    def human_move(self, move: int) -> None:
        text = self.variant.format_move(self.game.pos, move, self.notation)
        self.play(move)
        self.say(f"played {text}")

    @on(Input.Submitted, "#move")
    def typed(self, event: Input.Submitted) -> None:
        box = event.input
        text = event.value.strip()
        if not text:
            return
        try:
            self.read_line(text)
        except XQChessError as error:
            box.add_class("refused")
            self.say(str(error))
            return
        box.remove_class("refused")
        box.value = ""

    def read_line(self, text: str) -> None:
        """A line from the move box: a command, a FEN or PGN to load, or a move."""
        words = text.split()
        command, rest = words[0].lower(), text[len(words[0]) :].strip()
        commands = {
            "undo": self.action_undo,
            "redo": self.action_redo,
            "new": self.action_new_game,
            "hint": self.action_hint,
            "flip": self.action_flip,
            "resign": self.resign,
            "draw": self.action_draw,
            "help": self.action_help,
            "quit": self.action_quit,
            "fen": self.action_copy_fen,
        }
        if command in commands and not rest:
            commands[command]()
        elif command == "level":
            if rest not in {str(level) for level in LEVELS}:
                raise XQChessError(f"level needs a number from 1 to {len(LEVELS)}, got {rest!r}")
            self.set_level(int(rest))
        elif command == "save" and rest:
            self.save(rest)
        elif command == "load" and rest:
            self.load(rest)
        elif is_fen(text) or text.lstrip().startswith("["):
            self.load_text(text, "the move box")
        else:
            pos = self.game.pos
            if self.game.over:
                raise XQChessError("the game is over: n starts a new one")
            if self.players[pos.side] is not None and not self.analysing:
                raise XQChessError("not your move: the engine is thinking")
            self.human_move(self.variant.parse_move(pos, text))

    # -- the game ----------------------------------------------------------------------------

    def play(self, move: int) -> None:
        """Play ``move`` on the board, whoever chose it, and go on to the next turn."""
        self.game.play(move)
        self.selected, self.hint_move = None, 0
        if self.clocks is not None:
            if self.game.over:
                self.clocks.stop()
            else:
                self.clocks.press()
        self.position_changed()

    def position_changed(self) -> None:
        self.generation += 1
        self.stop_thinking()
        self.redraw()
        self.next_turn()

    def next_turn(self) -> None:
        """Start the engine to move, or the analysis, if there is one."""
        game = self.game
        if self.analysing and not game.over:
            self.think(self.analyst, Limits(infinite=True), ANALYSIS_LINES, "analysis")
            return
        player = self.players[game.pos.side]
        if player is None or game.over or self.paused:
            return
        self.think(player, self.engine_limits(), 1, "move")

    def engine_limits(self) -> Limits:
        if self.clocks is None:
            return LEVELS[self.level]
        times = [round(self.clocks.left(side) * 1000) or 1 for side in (0, 1)]
        increment = round(self.clocks.increment * 1000)
        return Limits(wtime=times[0], btime=times[1], winc=increment, binc=increment)

    def think(
        self,
        player: InternalPlayer | ExternalPlayer,
        limits: Limits,
        lines: int,
        purpose: str,
    ) -> None:
        """Search the position on a worker thread; the answer comes back to `answered`."""
        self.stop_thinking()
        thinking = Thinking()
        self.thinking, self.thinker = thinking, player
        self.thinking_pos = self.game.pos.copy()
        generation = self.generation
        pos, start, moves = self.game.pos.copy(), self.game.start_fen, self.game.moves

        def work() -> None:
            try:
                if purpose == "move":
                    answer = player.best_move(pos, start, moves, limits, thinking)
                    score = thinking.score
                else:
                    assert isinstance(player, InternalPlayer)
                    result = player.search(pos, limits, thinking, lines)
                    answer, score = result.best_move, result.score
            except Exception as error:  # a failing engine pauses the game, never ends the app
                self.call_from_thread(self.failed, generation, player, str(error))
                return
            self.call_from_thread(self.answered, generation, purpose, answer, score)

        self.run_worker(work, thread=True, group="engine", exit_on_error=False)

    def stop_thinking(self) -> None:
        thinker = self.thinker
        if thinker is not None:
            thinker.stop()
        self.thinker = None

    def answered(self, generation: int, purpose: str, move: int, score: int | None) -> None:
        """An engine's answer, on the app's thread; dropped if the position has changed or the
        game has ended meanwhile."""
        if generation != self.generation or self.game.over:
            return
        self.thinker = None
        side = self.game.pos.side
        if purpose == "hint":
            self.hint_move = move
            shown = self.variant.format_move(self.game.pos, move, self.notation) if move else "-"
            self.say(f"hint: {shown}" + (f" ({score_text(score)})" if score is not None else ""))
            self.redraw()
            return
        if purpose != "move":
            return
        self.last_score[side] = score
        claim = self.game.claimable()
        if claim is not None and (score or 0) <= 0:
            self.game.claim_draw()
            if self.clocks is not None:
                self.clocks.stop()
            self.position_changed()
            return
        if not move:
            return
        self.play(move)

    def failed(self, generation: int, player: object, error: str) -> None:
        if generation != self.generation:
            return
        self.thinker = None
        self.paused = True
        self.say(f"engine failure: {error} (p to try again)")

    # -- actions -----------------------------------------------------------------------------

    def action_help(self) -> None:
        self.push_screen(HelpScreen())

    def action_board(self) -> None:
        self.board.focus()
        self.redraw()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self.show_focus()

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        self.show_focus()

    def show_focus(self) -> None:
        """The board's title says where keys go: to the board, or typed in the move box."""
        self.board.border_title = BOARD_FOCUSED if self.board.has_focus else "board (Esc: its keys)"
        self.board.refresh()

    def action_new_game(self) -> None:
        self.game.restart(self.game.standard_fen)
        for player in (*self.players, self.analyst):
            if player is not None:
                player.new_game()
        if self.time_control:
            self.clocks = Clocks.parse(self.time_control)
            self.clocks.start(self.game.pos.side)
        self.paused = False
        self.say("new game")
        self.position_changed()

    def action_undo(self) -> None:
        """Take back the last move, and the engine's reply before it: back to a human's turn."""
        if not self.game.undo():
            self.say("nothing to take back")
            return
        while self.humans and self.game.pos.side not in self.humans and self.game.undo():
            pass
        self._after_step("taken back")

    def action_redo(self) -> None:
        if not self.game.redo():
            self.say("nothing to play again")
            return
        self._after_step("played again")

    def action_step_back(self) -> None:
        if not self.game.undo():
            self.say("at the first move")
            return
        self.paused = True
        self._after_step("reviewing: ] steps forward, p resumes play")

    def action_step_forward(self) -> None:
        if not self.game.redo():
            self.say("at the last move")
            return
        self.paused = True
        self._after_step("reviewing: [ steps back, p resumes play")

    def _after_step(self, message: str) -> None:
        self.selected, self.hint_move = None, 0
        if self.clocks is not None and not self.game.over:
            self.clocks.start(self.game.pos.side)
        self.say(message)
        self.position_changed()

    def action_pause(self) -> None:
        self.paused = not self.paused
        if self.clocks is not None:
            if self.paused:
                self.clocks.stop()
            elif not self.game.over:
                self.clocks.start(self.game.pos.side)
        self.say("paused" if self.paused else "play goes on")
        self.position_changed()

    def action_single_step(self) -> None:
        player = self.players[self.game.pos.side]
        if not self.paused or player is None or self.game.over:
            self.say(". plays one engine move while paused (p pauses)")
            return
        self.think(player, self.engine_limits(), 1, "move")

    def action_hint(self) -> None:
        if self.game.over:
            self.say("no hint: the game is over")
            return
        if self.players[self.game.pos.side] is not None and not (self.paused or self.analysing):
            self.say("no hint now: the engine is to move")
            return
        self.say("thinking of a hint...")
        self.think(self.analyst, HINT_LIMITS, 1, "hint")

    def action_analyse(self) -> None:
        self.analysing = not self.analysing
        if not self.analysing:
            self.stop_thinking()
            self.thinking = None
        self.say("analysis: you move both sides" if self.analysing else "analysis off")
        self.position_changed()

    def action_flip(self) -> None:
        self.flipped = not self.flipped
        self.redraw()

    def set_level(self, level: int) -> None:
        self.level = level
        for player in (*self.players, self.analyst):
            if isinstance(player, InternalPlayer):
                player.level = level
        self.say(f"engine level {level}")

    def action_level(self, change: int) -> None:
        self.set_level(min(max(self.level + change, 1), len(LEVELS)))

    def action_draw(self) -> None:
        game = self.game
        if game.over:
            self.say("the game is already over")
            return
        if game.claim_draw() is not None:
            self._ended()
            return
        opponent = self.players[game.pos.side ^ 1]
        if opponent is None:
            if len(self.humans) < 2:
                self.say(game.no_draw_text())
                return

            def agreed(answer: object) -> None:
                if answer:
                    game.finish("Draw agreed (1/2-1/2)", "1/2-1/2")
                    self._ended()

            side = game.side_name(game.pos.side)
            self.push_screen(
                ChoiceScreen(
                    f"{side} offers a draw. Accept?", [("Accept", True), ("Decline", False)]
                ),
                agreed,
            )
            return
        score = self.last_score[game.pos.side ^ 1]
        if score is not None and score <= DRAW_ACCEPT:
            game.finish("Draw agreed: the engine accepts (1/2-1/2)", "1/2-1/2")
            self._ended()
        else:
            self.say("the engine declines the draw")

    def resign(self) -> None:
        pos = self.game.pos
        loser = pos.side if pos.side in self.humans else min(self.humans, default=pos.side)
        self.game.resign(loser)
        self._ended()

    def action_resign(self) -> None:
        if self.game.over:
            self.say("the game is already over")
            return

        def confirmed(answer: object) -> None:
            if answer:
                self.resign()

        self.push_screen(
            ChoiceScreen("Resign the game?", [("Resign", True), ("Play on", False)]), confirmed
        )

    def _ended(self) -> None:
        if self.clocks is not None:
            self.clocks.stop()
        self.position_changed()

    def players_names(self) -> tuple[str, str]:
        names = [player.name if player else "Human" for player in self.players]
        return names[0], names[1]

    def save(self, path: str) -> None:
        self.game.save(path, self.players_names())
        self.say(f"saved {len(self.game.moves)} moves to {path}")

    def action_save(self) -> None:
        def named(path: object) -> None:
            if isinstance(path, str):
                try:
                    self.save(path)
                except XQChessError as error:
                    self.say(str(error))

        default = f"xqchess-{self.variant.name}.pgn"
        self.push_screen(AskScreen("Save the game as PGN to:", default), named)

    def load(self, source: str) -> None:
        """Load a file (PGN or FEN), or a FEN given as text."""
        self.loaded(self.game.load_source(source))

    def load_text(self, text: str, source: str) -> None:
        """Load the FEN or PGN ``text`` (typed or pasted: ``source`` says which)."""
        try:
            loaded = self.game.load(text, source)
        except XQChessError as error:
            raise XQChessError(f"cannot load {source}: {error}") from None
        self.loaded(loaded)

    def loaded(self, loaded: str) -> None:
        """A game or position was loaded (``loaded`` says which): review it, paused."""
        self.paused = bool(self.game.moves)  # a loaded game is reviewed until p resumes
        if self.clocks is not None:
            self.clocks.stop()
        self.say(loaded + (" (paused: [ ] step, p plays on)" if self.paused else ""))
        self.position_changed()

    def action_load(self) -> None:
        def named(source: object) -> None:
            if isinstance(source, str):
                try:
                    self.load(source)
                except XQChessError as error:
                    self.say(str(error))

        self.push_screen(AskScreen("Load a PGN or FEN file, or a FEN:"), named)

    def on_paste(self, event: events.Paste) -> None:
        """A FEN or PGN pasted on the board loads it."""
        try:
            self.load_text(event.text, "the clipboard")
        except XQChessError as error:
            self.say(str(error))

    def action_copy_fen(self) -> None:
        fen = self.game.pos.fen()
        self.copy_to_clipboard(fen)
        self.say(f"FEN copied: {fen}")

    def action_overlay(self, name: str) -> None:
        self.overlay = None if self.overlay == name else name
        self.redraw()

    def action_toggle_order(self) -> None:
        self.toggle_class("ordering")
        self.redraw()

    def action_notation(self) -> None:
        notations = self.variant.notations
        self.notation = notations[(notations.index(self.notation) + 1) % len(notations)]
        self.redraw()

    def action_theme(self) -> None:
        names = list(THEMES)
        self.view.theme = THEMES[names[(names.index(self.view.theme.name) + 1) % len(names)]]
        self.say(f"theme {self.view.theme.name}")
        self.redraw()

    def action_letters(self) -> None:
        self.view = BoardView(not self.view.ascii, self.view.theme)
        self.redraw()

    async def action_quit(self) -> None:
        if self.game.over or not self.game.moves:
            self.exit()
            return

        def confirmed(answer: object) -> None:
            if answer:
                self.exit()

        self.push_screen(
            ChoiceScreen("Quit this game?", [("Quit", True), ("Play on", False)]), confirmed
        )

    def shutdown(self) -> None:
        """Stop any search and quit the engines."""
        self.stop_thinking()
        for player in (*self.players, getattr(self, "analyst", None)):
            if player is not None:
                player.close()


def run_app(args: argparse.Namespace) -> int:
    """Run the app until the player quits; the exit status (not 0 when the app failed)."""
    app = PlayApp(args)
    try:
        app.run()
    finally:
        app.shutdown()
    return app.return_code or 0
