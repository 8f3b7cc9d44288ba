"""The full-screen app of `xqchess play` (cli/tui/app.py), driven headlessly by Textual's pilot:
whole games by clicks and by keys in every game, refused moves, promotion, castling, undo and
redo, PGN save and load, clocks and a flag fall, the engine's moves (the search's own), keys
answered while the engine thinks, the lab's views, and snapshots of the screens."""

from __future__ import annotations

import asyncio
import shlex
import shutil
import statistics
import sys
import time

import pytest
from rich.console import Console
from rich.style import Style
from test_play import MIN_CONTRAST, MIN_LINE_CONTRAST, contrast
from textual.widgets import Input
from xqchess import Board
from xqchess import search as library_search
from xqchess.board_view import CURSOR, HINT, SELECTED, TARGET, THEMES, BoardView
from xqchess.cli.main import build_parser
from xqchess.cli.tui.app import KEYS, ChoiceScreen, HelpScreen, PlayApp, key_name
from xqchess.cli.tui.game import Clocks, TimeControlError
from xqchess.core.moves import move_from, move_to
from xqchess.variants import NAMES, get_variant

pytestmark = pytest.mark.timeout(120)

#: per game, a position and three moves (UCI) that end it in checkmate: a helpmate found by
#: searching three plies from positions of seeded random games
SHORT_GAMES = {
    "chess": ("1k3r2/r2b3p/p2p1p2/2pN4/p2P1pPP/8/5P2/1n1KQB1R w - - 2 35", "e1a5 a7a8 a5c7"),
    "xiangqi": (
        "rnbakabn1/6r2/4c2c1/C3p4/p5p1p/8P/P1P1P1P2/3C4B/4A4/RNBK1A1NR w - - 11 11",
        "d3c3 e8e9 c3c10",
    ),
    "capablanca": (
        "rn1bqkbc1r/pp1ppnpppp/2p7/2P2P4/10/NP8/P1BAPP1PPP/R3QKBCNR w KQkq - 1 9",
        "d2c4 d7d6 c4e6",
    ),
    "minixiangqi": ("1rn2Cr/ppnkp1p/P2p3/7/R6/1PPcP1P/2NKNR1 w - - 14 11", "f1f5 d2g2 f5d5"),
    "shatranj": ("r3q1r1/p4pp1/3bkp1p/2ppN3/5P2/2P2K1B/PnNQP2P/R6R w - - 0 29", "e5g6 e8d7 f4f5"),
}
#: the board widget's border and padding: the drawing's cell (0, 0) is the widget's (2, 1)
BOARD_LEFT, BOARD_TOP = 2, 1


def make_app(*argv: str) -> PlayApp:
    return PlayApp(build_parser().parse_args(["play", *argv]))


async def settle(pilot, app: PlayApp, condition, timeout: float = 30.0) -> None:
    """Let the app run until ``condition()`` holds (an engine answered, a clock fell)."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the app did not get there in time"
        await pilot.pause(0.05)


async def click_square(pilot, app: PlayApp, sq: int) -> None:
    line, first, width = app.view.places[sq]
    await pilot.click("#board", offset=(BOARD_LEFT + first + width // 2, BOARD_TOP + line))
    await pilot.pause()


async def cursor_to(pilot, app: PlayApp, sq: int) -> None:
    """Move the board's cursor to ``sq`` by arrow keys and hjkl, as seen on the screen."""
    geometry = app.variant.geometry
    files = geometry.file_of(sq) - geometry.file_of(app.cursor)
    ranks = geometry.rank_of(sq) - geometry.rank_of(app.cursor)
    if app.flipped:
        files, ranks = -files, -ranks
    keys = ["right" if files > 0 else "h"] * abs(files) + ["k" if ranks > 0 else "down"] * abs(
        ranks
    )
    await pilot.press(*keys)
    assert app.cursor == sq


async def type_line(pilot, app: PlayApp, text: str) -> None:
    """Enter ``text`` in the move box (set at once: typing key by key is tested apart)."""
    box = app.query_one("#move")
    box.focus()
    box.value = text
    await pilot.press("enter")
    await pilot.pause()


def uci_moves(variant_name: str, fen: str, texts: str) -> list[int]:
    variant = get_variant(variant_name)
    pos = variant.position(fen)
    moves = []
    for text in texts.split():
        moves.append(variant.parse_move(pos, text, "uci"))
        pos.make(moves[-1])
    return moves


# -- whole games --------------------------------------------------------------------------------


@pytest.mark.asyncio
@pytest.mark.parametrize("name", NAMES)
async def test_a_whole_game_by_clicks_ends_in_checkmate(name):
    fen, texts = SHORT_GAMES[name]
    moves = uci_moves(name, fen, texts)
    app = make_app(name, "--side", "both", "--fen", fen)
    async with app.run_test(size=(100, 36)) as pilot:
        for move in moves:
            assert not app.game.over
            await click_square(pilot, app, move_from(move))
            assert app.selected == move_from(move)
            assert TARGET in app.marks().values()
            await click_square(pilot, app, move_to(move))
        assert app.game.moves == moves
        assert app.game.over and app.game.result.startswith("Checkmate"), app.game.result
        assert "Game over" in str(app.query_one("#status").render())


@pytest.mark.asyncio
@pytest.mark.parametrize("name", NAMES)
async def test_a_whole_game_by_keys_ends_in_checkmate(name):
    fen, texts = SHORT_GAMES[name]
    moves = uci_moves(name, fen, texts)
    app = make_app(name, "--side", "both", "--fen", fen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("escape")  # from the move box to the board
        assert app.query_one("#board").has_focus
        for move in moves:
            await cursor_to(pilot, app, move_from(move))
            await pilot.press("enter")
            await cursor_to(pilot, app, move_to(move))
            await pilot.press("enter")
        assert app.game.moves == moves and app.game.result.startswith("Checkmate")


@pytest.mark.asyncio
async def test_the_move_box_has_the_focus_and_plays_typed_moves():
    app = make_app("chess", "--side", "both")
    async with app.run_test() as pilot:
        await pilot.press("e", "4", "enter", "N", "f", "6", "enter")
        assert app.game.move_texts("san") == ["e4", "Nf6"]
        await pilot.press("K", "e", "3", "enter")  # not a legal move: red, with the reason
        box = app.query_one("#move")
        assert box.has_class("refused") and box.value == "Ke3"
        assert "Ke3" in app.message and len(app.game.moves) == 2


# -- refused moves, promotion, castling ---------------------------------------------------------


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "name,fen,frm,to",
    [
        # the horse leaves the file: the generals would face each other
        ("xiangqi", "4k4/9/9/9/9/9/9/9/4N4/4K4 w - - 0 1", "e2", "d4"),
        # the bishop is pinned to its king by the rook
        ("chess", "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1", "e2", "d3"),
    ],
)
async def test_a_refused_click_leaves_the_game_unchanged(name, fen, frm, to):
    app = make_app(name, "--side", "both", "--fen", fen)
    geometry = app.variant.geometry
    async with app.run_test(size=(100, 36)) as pilot:
        before = app.game.pos.fen()
        await click_square(pilot, app, geometry.parse_square(frm))
        await click_square(pilot, app, geometry.parse_square(to))
        assert app.game.pos.fen() == before and not app.game.moves
        assert app.selected is None and "illegal" in app.message.lower(), app.message


@pytest.mark.asyncio
async def test_promotion_asks_which_piece():
    app = make_app("chess", "--side", "both", "--fen", "8/4P3/8/8/8/8/k7/4K3 w - - 0 1")
    geometry = app.variant.geometry
    async with app.run_test(size=(100, 36)) as pilot:
        await click_square(pilot, app, geometry.parse_square("e7"))
        await click_square(pilot, app, geometry.parse_square("e8"))
        dialog = app.screen
        assert isinstance(dialog, ChoiceScreen)
        labels = [label for label, _ in dialog.answers]
        assert sorted(labels) == ["e8=B", "e8=N", "e8=Q", "e8=R"]
        await pilot.click(f"#answer-{labels.index('e8=N')}")
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceScreen)
        assert app.game.move_texts("san") == ["e8=N"]


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "target,san", [("g1", "O-O"), ("h1", "O-O"), ("c1", "O-O-O"), ("a1", "O-O-O")]
)
async def test_castling_by_the_kings_move_or_king_then_rook(target, san):
    app = make_app("chess", "--side", "both", "--fen", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    geometry = app.variant.geometry
    async with app.run_test(size=(100, 36)) as pilot:
        await click_square(pilot, app, geometry.parse_square("e1"))
        await click_square(pilot, app, geometry.parse_square(target))
        assert app.game.move_texts("san") == [san]


# -- undo, redo, saving and loading --------------------------------------------------------------


@pytest.mark.asyncio
async def test_undo_and_redo():
    app = make_app("xiangqi", "--side", "both")
    async with app.run_test() as pilot:
        await type_line(pilot, app, "C2=5")
        await type_line(pilot, app, "h8+7")
        await pilot.press("escape", "u")
        assert app.game.move_texts("wxf") == ["C2=5"]
        await pilot.press("u")
        assert app.game.moves == []
        await pilot.press("y", "y")
        assert app.game.move_texts("wxf") == ["C2=5", "H8+7"]
        await pilot.press("y")
        assert "nothing to play again" in app.message


@pytest.mark.asyncio
async def test_undo_against_the_engine_goes_back_to_your_turn():
    app = make_app("chess", "--level", "1")
    async with app.run_test() as pilot:
        await type_line(pilot, app, "e4")
        await settle(pilot, app, lambda: len(app.game.moves) == 2)
        await pilot.press("escape", "u")
        assert app.game.moves == [] and app.game.pos.side == 0


@pytest.mark.asyncio
async def test_pgn_save_and_load_give_back_the_same_game(tmp_path):
    path = tmp_path / "game.pgn"
    app = make_app("chess", "--side", "both")
    async with app.run_test() as pilot:
        for move in ("e4", "e5", "Nf3", "Nc6", "Bb5"):
            await type_line(pilot, app, move)
        await type_line(pilot, app, f"save {path}")
        saved = (app.game.start_fen, app.game.moves)
    assert "1. e4 e5 2. Nf3 Nc6 3. Bb5" in path.read_text()
    other = make_app("chess", "--side", "both")
    async with other.run_test() as pilot:
        await type_line(pilot, other, f"load {path}")
        assert (other.game.start_fen, other.game.moves) == saved
        assert other.paused  # a loaded game is reviewed first
        await pilot.press("escape", "left_square_bracket")
        assert len(other.game.moves) == 4
        await pilot.press("right_square_bracket")
        assert other.game.moves == saved[1]


@pytest.mark.asyncio
async def test_a_fen_typed_or_pasted_loads_and_a_bad_one_is_refused():
    fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
    app = make_app("chess", "--side", "both")
    async with app.run_test() as pilot:
        await type_line(pilot, app, fen)
        assert app.game.pos.fen() == fen
        await type_line(pilot, app, "4k3/8/8/8/8/8/8/4K2X w - - 0 1")
        assert app.game.pos.fen() == fen and app.query_one("#move").has_class("refused")


# -- clocks ------------------------------------------------------------------------------------


def test_clocks_count_down_add_the_increment_and_fall():
    clocks = Clocks.parse("1+2")
    clocks.start(0, now=0.0)
    assert clocks.left(0, now=10.0) == 50.0 and clocks.left(1, now=10.0) == 60.0
    clocks.press(now=10.0)
    assert clocks.remaining[0] == 52.0 and clocks.running == 1
    assert clocks.fallen(now=69.0) is None and clocks.fallen(now=70.0) == 1
    assert Clocks.text(52.0) == "0:52" and Clocks.text(9.34) == "0:09.3"
    for bad in ("x", "0+1", "5+-1", "5+x"):
        with pytest.raises(TimeControlError, match="time control"):
            Clocks.parse(bad)


@pytest.mark.asyncio
async def test_a_flag_fall_ends_the_game():
    app = make_app("chess", "--side", "both", "--time", "0.01+0")  # 0.6 s a side
    async with app.run_test() as pilot:
        shown = str(app.query_one("#clocks").render())
        assert "White 0:00" in shown, shown
        await settle(pilot, app, lambda: app.game.over, timeout=10)
        assert app.game.result == "White lost on time: Black wins (0-1)"
        assert app.game.result_code == "0-1"


@pytest.mark.asyncio
async def test_the_engine_under_a_clock_moves_in_time():
    app = make_app("chess", "--side", "black", "--time", "0.2+0")
    async with app.run_test() as pilot:
        await settle(pilot, app, lambda: len(app.game.moves) == 1)
        assert app.clocks.running == 1 and 0 < app.clocks.left(0) < 12


# -- the engine ---------------------------------------------------------------------------------


@pytest.mark.asyncio
@pytest.mark.parametrize("name,first", [("chess", "e4"), ("xiangqi", "C2=5")])
async def test_the_engines_move_is_the_searchs_move(name, first):
    """At a fixed depth the app plays exactly what `xqchess.search` gives: the app draws what
    the kernel decided."""
    app = make_app(name, "--level", "3")
    async with app.run_test() as pilot:
        await type_line(pilot, app, first)
        await settle(pilot, app, lambda: len(app.game.moves) == 2)
        board = Board(name)
        board.push(first)
        report = library_search(board, depth=3)
        pos = app.variant.position()
        pos.make(app.game.moves[0])
        assert app.variant.format_move(pos, app.game.moves[1], "uci") == report.best_move.uci()


@pytest.mark.asyncio
async def test_keys_are_answered_while_the_engine_thinks():
    """While the engine searches (8 s a move), a key changes the screen within 100 ms: the
    time from the key to the board's next drawing, the median of five."""
    app = make_app("chess", "--level", "8", "--side", "black")
    async with app.run_test() as pilot:
        await settle(pilot, app, lambda: app.thinking is not None and app.thinking.nodes > 0)
        await pilot.press("escape")
        board = app.query_one("#board")
        drawn: list[float] = []
        render = board.render

        def timed_render():
            drawn.append(time.perf_counter())
            return render()

        board.render = timed_render
        delays = []
        for _ in range(5):
            flipped = app.flipped
            pressed = time.perf_counter()
            app.simulate_key("f")
            while not (app.flipped != flipped and drawn and drawn[-1] > pressed):
                await asyncio.sleep(0.001)
            delays.append(drawn[-1] - pressed)
            await asyncio.sleep(0.1)
        assert app.thinker is not None, "the engine stopped thinking before the keys ended"
        assert statistics.median(delays) < 0.1, delays
        app.shutdown()  # the engine's search stops now, not at its 8 s


@pytest.mark.asyncio
async def test_engine_against_engine_pauses_and_steps():
    app = make_app("chess", "--side", "none", "--level", "4")
    async with app.run_test() as pilot:
        await settle(pilot, app, lambda: len(app.game.moves) >= 2)
        await pilot.press("escape", "p")
        await settle(pilot, app, lambda: app.thinker is None)
        paused_at = len(app.game.moves)
        await pilot.pause(0.3)
        assert len(app.game.moves) == paused_at
        await pilot.press("full_stop")
        await settle(pilot, app, lambda: len(app.game.moves) == paused_at + 1)
        await pilot.pause(0.3)
        assert len(app.game.moves) == paused_at + 1


@pytest.mark.asyncio
async def test_hint_and_analysis():
    app = make_app("xiangqi", "--side", "both")
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.press("escape", "t")
        await settle(pilot, app, lambda: app.hint_move != 0)
        assert HINT in app.marks().values() and app.message.startswith("hint: ")
        await pilot.press("a")
        await settle(pilot, app, lambda: len(app.thinking.lines) == 3, timeout=20)
        panel = str(app.engine_text())
        assert panel.count("\n") >= 4  # depth, nodes and three lines
        await pilot.press("a")
        assert not app.analysing and app.thinker is None


@pytest.mark.skipif(
    shutil.which("fairy-stockfish") is None and shutil.which("/usr/games/fairy-stockfish") is None,
    reason="Debian's fairy-stockfish is not installed",
)
@pytest.mark.asyncio
async def test_an_external_engine_plays_a_side():
    from xqchess.cli.external_engine import default_engine

    app = make_app(
        "xiangqi", "--engine", default_engine(), "--option", "Skill Level=0", "--level", "4"
    )
    async with app.run_test() as pilot:
        assert app.players[1].name.lower().startswith("fairy-stockfish")
        await type_line(pilot, app, "C2=5")
        await settle(pilot, app, lambda: len(app.game.moves) == 2)
        assert app.thinking.depth > 0 and app.thinking.pv
        await pilot.press("escape")
    app.shutdown()


@pytest.mark.asyncio
async def test_any_uci_engine_plays_a_side_through_the_engine_client():
    """The external-engine path with this package's own UCI engine as the program."""
    command = shlex.join([sys.executable, "-m", "xqchess.cli.main", "uci"])
    app = make_app("chess", "--engine", command, "--option", "Ordering=mvvlva", "--level", "2")
    async with app.run_test() as pilot:
        assert app.players[1].name.startswith("xqchess")
        await type_line(pilot, app, "d4")
        await settle(pilot, app, lambda: len(app.game.moves) == 2)
        assert app.thinking.depth > 0 and app.thinking.pv and app.thinking.nodes > 0
        assert "n/s" in str(app.engine_text())
    app.shutdown()


def test_bad_engine_options_are_refused_before_the_app_starts():
    from xqchess.core.errors import XQChessError

    with pytest.raises(XQChessError, match="is not NAME=VALUE"):
        make_app("chess", "--engine", "whatever", "--option", "Skill Level")
    with pytest.raises(XQChessError, match="2 --engine given for 1 engine sides"):
        make_app("chess", "--engine", "a", "--engine", "b")
    with pytest.raises(XQChessError, match="time control 'x' is not MINUTES"):
        make_app("chess", "--time", "x")  # an XQChessError: one line and exit 2


# -- the lab's views, looks and keys ------------------------------------------------------------


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("name", ["chess", "xiangqi"])
def test_every_theme_and_highlight_keeps_ink_readable(theme, name):
    """Pieces and lines on every square colour a theme has, highlights included, keep the
    contrast of the light board's (4.5:1 for pieces, 3:1 for lines)."""
    variant = get_variant(name)
    pos = variant.position()
    marks = {}
    occupied = [sq for sq in range(variant.geometry.size) if pos.board[sq]]
    for kind, sq in zip((SELECTED, TARGET, CURSOR, HINT), occupied[::7]):
        marks[sq] = kind
    view = BoardView(theme=THEMES[theme])
    console = Console(width=120, color_system="truecolor", force_terminal=True)
    grid = set("┼┬┴├┤┌┐└┘─│╱╲")
    for segment in console.render(view.render(pos, marks=marks)):
        style, text = segment.style or Style(), segment.text.strip()
        if not text or style.bgcolor is None:
            continue
        least = MIN_LINE_CONTRAST if set(text) <= grid else MIN_CONTRAST
        assert contrast(style.color, style.bgcolor) >= least, (text, style)


@pytest.mark.asyncio
async def test_the_side_panels_fold_under_a_narrow_board_and_follow_resizes():
    app = make_app("xiangqi")
    async with app.run_test(size=(80, 24)) as pilot:
        assert not app.has_class("narrow")
        assert app.board.region.height >= 15 and app.board.region.right <= app.panel.region.x
        await pilot.resize_terminal(60, 40)
        await pilot.pause()
        assert app.has_class("narrow") and app.panel.region.y >= app.board.region.bottom


@pytest.mark.asyncio
async def test_the_lab_views_toggle_and_a_selected_piece_shows_its_guard_values():
    app = make_app("chess", "--side", "both")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("escape", "g")
        assert app.overlay == "guard" and "+" in app.board_text().plain
        await pilot.press("o")
        assert app.has_class("ordering")
        order = str(app.query_one("#order").render())
        assert "move" in order and "history" in order
        await pilot.press("m")
        assert app.overlay == "chessmap" and "valueboard" in app.board_text().plain.lower()
        await pilot.press("m", "o")
        await click_square(pilot, app, app.variant.geometry.parse_square("g1"))
        assert app.message.startswith("guard: ") and "Nf3" in app.message


@pytest.mark.asyncio
async def test_themes_letters_notation_help_and_quit():
    app = make_app("xiangqi", "--side", "both")
    async with app.run_test() as pilot:
        await pilot.press("escape", "T")
        assert app.view.theme.name == "dark"
        await pilot.press("T")
        assert app.view.theme.name == "mono"
        assert not any(span.style and "#" in str(span.style) for span in app.board_text().spans)
        await pilot.press("L")
        assert "R" in app.board_text().plain and "俥" not in app.board_text().plain
        before = app.notation
        await pilot.press("N")
        assert app.notation != before
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await type_line(pilot, app, "C2=5")
        await pilot.press("escape", "q")
        assert isinstance(app.screen, ChoiceScreen)  # a game is being played: asked first
        await pilot.click("#answer-1")  # play on
        assert app.is_running and len(app.game.moves) == 1


def test_no_color_selects_the_mono_theme(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    assert make_app("chess").view.theme.name == "mono"
    assert make_app("chess", "--theme", "dark").view.theme.name == "dark"


def test_every_key_has_help_and_no_key_is_bound_twice():
    keys = [k for key in KEYS for k in key.keys.split(",")]
    assert len(keys) == len(set(keys))
    assert all(key.help for key in KEYS) and all(key_name(key.keys) for key in KEYS)


# -- snapshots ----------------------------------------------------------------------------------


def steady_cursor(pilot) -> None:
    """Stop the inputs' cursors blinking: a picture taken late (on a loaded machine) would
    otherwise catch a cursor in its hidden half."""
    for field in pilot.app.query(Input):
        field.cursor_blink = False


@pytest.mark.parametrize("name", NAMES)
def test_start_screen(name, snap_compare):
    assert snap_compare(make_app(name), terminal_size=(80, 24), run_before=steady_cursor)


@pytest.mark.parametrize("keys", [("escape", "g"), ("escape", "o"), ("escape", "m")])
def test_overlay_screen(keys, snap_compare):
    app = make_app("chess")
    assert snap_compare(app, press=keys, terminal_size=(120, 40), run_before=steady_cursor)


# -- the game model both front ends share -------------------------------------------------------


def test_the_game_model_reads_the_options_and_refuses_bad_ones():
    from xqchess.cli.tui.game import Game, human_sides
    from xqchess.core.errors import XQChessError

    chess = get_variant("chess")
    game = Game.from_options(chess, None, "black")
    assert game.pos.side == 1 and game.standard_fen == game.start_fen
    with pytest.raises(XQChessError, match="--first applies to the initial position"):
        Game.from_options(chess, chess.start_fen, "black")
    assert [human_sides(side) for side in ("white", "red", "black", "both", "none")] == [
        {0},
        {0},
        {1},
        {0, 1},
        set(),
    ]
    game = Game.from_options(chess, None, None)
    assert not game.undo() and not game.redo()
    with pytest.raises(XQChessError):
        game.load('[Variant "xiangqi"]\n1. C2=5 *', "a.pgn")  # another game's PGN
    assert game.moves == [] and game.result is None
