"""`xqchess play` as a player uses it: scripted games through piped standard input in both
games (to mate, rejected moves, undo, PGN save and reload, the guard and order views), the
rendering of each board, and one session in a real terminal (tmux)."""

import io
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.style import Style
from xqchess.board_view import BoardView
from xqchess.core.pgn import GameRecord, read_pgn, write_pgn
from xqchess.variants import NAMES, board_style, get_variant

ENGINE = [sys.executable, "-m", "xqchess.cli.main"]
ROOT = Path(__file__).resolve().parent.parent
CHESS_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
XIANGQI_START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def play(variant, lines, *options):
    result = subprocess.run(
        ENGINE + ["play", variant, "--level", "1", *options],
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    return result.stdout


def fens(output):
    return re.findall(r"^\S+ [wb] \S+ \S+ \d+ \d+$", output, re.M)


def test_chess_game_to_mate_between_two_humans():
    out = play("chess", ["f3", "e7e5", "g4", "Qh4#", "fen"], "--side", "both")
    assert "Game over. Checkmate: Black wins (0-1)" in out
    assert fens(out)[-1] == "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"


def test_xiangqi_game_to_mate_in_every_notation():
    out = play("xiangqi", ["R9=6"], "--side", "both", "--fen", "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1")
    assert "Game over. Checkmate: Red wins (1-0)" in out
    for move in ("炮二平五", "h3e3", "H2-E2", "C2=5"):
        assert "plays C2=5" in play("xiangqi", [move, "quit"], "--side", "both")


def test_engine_plays_a_whole_game_against_itself():
    out = play("xiangqi", [], "--side", "none")
    assert out.count("Engine plays") > 4 and "Game over." in out


@pytest.mark.parametrize(
    "variant,moves",
    [
        ("chess", ["e4", "Ke3", "e2e5", "Nf9", "hello"]),
        ("xiangqi", ["C2=5", "C2=9", "h3h11", "炮二平九"]),
    ],
)
def test_rejected_moves_leave_the_game_unchanged(variant, moves):
    out = play(variant, ["fen", *moves, "fen", "moves"], "--side", "both")
    positions = fens(out)
    if variant == "chess":
        assert positions[-1] == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    else:
        assert (
            positions[-1] == "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
        )
    assert out.count("Type moves to list the legal moves.") == len(moves) - 1
    assert "Nf6" in out.splitlines()[-1] or "H8+7" in out.splitlines()[-1]


def test_undo_returns_to_your_own_turn():
    out = play("chess", ["e4", "undo", "fen", "d4", "undo turn", "fen"])
    assert fens(out)[-2:] == [CHESS_START, CHESS_START]


def test_save_and_reload_a_pgn(tmp_path):
    for variant, moves in (
        ("chess", ["e4", "e5", "Nf3", "Nc6", "Bb5"]),
        ("xiangqi", ["C2=5", "H8+7", "H2+3", "R9+1"]),
    ):
        path = tmp_path / f"{variant}.pgn"
        out = play(variant, [*moves, "fen", f"save {path}", "quit"], "--side", "both")
        saved = fens(out)[-1]
        assert f"Saved {len(moves)} moves" in out
        text = path.read_text(encoding="utf-8")
        if variant == "xiangqi":
            assert '[Variant "xiangqi"]' in text and "1. C2=5 H8+7 2. H2+3 R9+1" in text
        out = play(variant, [f"load {path}", "fen"], "--side", "both")
        assert fens(out)[-1] == saved


def test_load_a_fen_and_report_bad_files(tmp_path):
    out = play(
        "chess",
        ["load 4k3/8/8/8/8/8/8/4K2R w K - 0 1", "fen", "load /no/such/file.pgn"],
        "--side",
        "both",
    )
    assert fens(out)[-1] == "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
    assert "Loaded the position 4k3/8/8/8/8/8/8/4K2R w K - 0 1." in out  # what was loaded
    assert "cannot load /no/such/file.pgn" in out


@pytest.mark.parametrize(
    "variant,answer",
    [
        (
            "chess",
            "No draw can be claimed now (the draws a player may claim in chess: 50-move "
            "rule, threefold repetition).",
        ),
        (
            "xiangqi",
            "No draw can be claimed in xiangqi: its rules declare every draw themselves, "
            "as soon as it arises.",
        ),
        (
            "capablanca",
            "No draw can be claimed in capablanca: its rules declare every draw "
            "themselves, as soon as it arises.",
        ),
        (
            "minixiangqi",
            "No draw can be claimed in minixiangqi: its rules declare every draw "
            "themselves, as soon as it arises.",
        ),
    ],
)
def test_draw_answers_from_the_games_own_rules(variant, answer):
    """Chess lets a player claim the 50-move rule and threefold repetition; the others' rules
    (as Fairy-Stockfish applies them) declare their draws: none is claimed."""
    out = play(variant, ["draw", "quit"], "--side", "both")
    assert f"> draw\n{answer}\n" in out


@pytest.mark.parametrize(
    "variant,text,notations",
    [
        ("chess", "hello", "Chess reads moves in uci or san notation."),
        ("xiangqi", "hello", "Xiangqi reads moves in uci, iccs, wxf or chinese notation."),
        ("minixiangqi", "xyz", "Minixiangqi reads moves in uci or wxf notation."),
        ("minixiangqi", "z9z9", "Minixiangqi reads moves in uci or wxf notation."),
    ],
)
def test_unreadable_move_text_names_every_notation_the_game_reads(variant, text, notations):
    """Text no notation reads is refused with every notation the game reads (minixiangqi
    reads UCI coordinates too, not only WXF); an illegal move's refusal is its reason alone."""
    out = play(variant, [text, "a1a1", "quit"], "--side", "both")
    refusals = [
        line
        for line in out.splitlines()
        if line.startswith("bad move text") or "Type moves" in line
    ]
    assert len(refusals) == 2
    assert notations in refusals[0] and refusals[0].startswith(f"bad move text '{text}': ")
    assert "reads moves in" not in refusals[1]


def test_guard_and_order_views():
    out = play("chess", ["show guard", "show order"], "--side", "both", "--ascii")
    # rank 3 at the start: two pawns (9 each) and a knight (6) where they reach, by hand
    assert re.search(r"^ 3\s+\+15\s+\+18\s+\+24\s+\+18\s+\+18\s+\+24\s+\+18\s+\+15\s+3$", out, re.M)
    assert "search order (hash,see,killer,countermove,history)" in out
    assert re.search(r"^\s+1\s+[a-h][1-8][a-h][1-8]|^\s+1\s+[NBRQK]?[a-h]x?[1-8]", out, re.M)
    assert "... and 10 more" in out
    out = play("xiangqi", ["show guard"], "--side", "both")
    assert "帥" in out and re.search(r"[+-]\d", out)


def test_help_draw_resign_level_and_flip():
    out = play("chess", ["help", "draw", "level 9", "level 2", "flip", "resign"])
    assert "show guard" in out and "No draw can be claimed now" in out
    assert "level needs a number from 1 to 8" in out and "Engine level 2." in out
    assert "Game over. White resigns: Black wins (0-1)" in out
    flipped = [line for line in out.splitlines() if line.strip().startswith("h  g  f")]
    assert flipped


def test_claiming_a_threefold_repetition():
    shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"] * 2
    out = play("chess", [*shuffle, "draw"], "--side", "both")
    assert "may be claimed" in out
    assert "Draw claimed: Draw by threefold repetition (1/2-1/2)" in out


def render(variant_name, fen, flipped=False, **options):
    variant = get_variant(variant_name)
    pos = variant.position(fen, strict=False)
    console = Console(width=120, record=True, color_system=None)
    console.print(BoardView(**options).render(pos, flipped))
    return console.export_text()


def test_chess_board_rendering_puts_each_piece_on_its_square():
    text = render("chess", "r3k2r/8/8/3Q4/8/8/8/R3K2R w KQkq - 0 1")
    rows = {line.split()[0]: line for line in text.splitlines() if line[:2].strip().isdigit()}
    files = "abcdefgh"
    header = next(line for line in text.splitlines() if line.strip().startswith("a"))
    column = {f: header.index(f) for f in files}
    expect = {
        ("a", "8"): "♜",
        ("e", "8"): "♚",
        ("h", "8"): "♜",
        ("d", "5"): "♕",
        ("a", "1"): "♖",
        ("e", "1"): "♔",
        ("h", "1"): "♖",
    }
    for (file, rank), glyph in expect.items():
        assert rows[rank][column[file]] == glyph
    ascii_text = render("chess", "r3k2r/8/8/3Q4/8/8/8/R3K2R w KQkq - 0 1", ascii_pieces=True)
    assert " Q " in ascii_text and " k " in ascii_text


def test_xiangqi_board_rendering_has_river_palaces_and_pieces():
    text = render("xiangqi", XIANGQI_START)
    lines = text.splitlines()
    assert "楚  河" in text and "漢  界" in text
    assert lines[2].startswith("10  車──馬──象──士──將──士──象──馬──車  10")
    assert lines[-3].startswith(" 1  俥──傌──相──仕──帥──仕──相──傌──俥  1")
    assert "炮" in lines[16] and "砲" in lines[6]  # cannons on ranks 3 and 8
    palace_rows = [line for line in lines if "╲" in line or "╱" in line]
    assert len(palace_rows) == 4
    assert palace_rows[0].index("╲") < palace_rows[0].index("╱")  # upper half of a palace
    assert palace_rows[1].index("╱") < palace_rows[1].index("╲")  # lower half


def test_pgn_round_trip_and_errors():
    chess = get_variant("chess")
    pos = chess.position()
    moves = []
    for text in ["e4", "e5", "Nf3"]:
        moves.append(chess.parse_move(pos, text))
        pos.make(moves[-1])
    text = write_pgn(GameRecord(chess, chess.start_fen, moves))
    variants = [get_variant(name) for name in NAMES]
    game = read_pgn("{a comment} " + text.replace("2. Nf3", "2. Nf3 (2. Bc4 Bc5) $1"), variants)
    assert game.moves == moves and game.result == "*"
    xiangqi_game = read_pgn('[Variant "xiangqi"]\n1. C2.5 h8+7 2. H2+3 *', variants)
    assert len(xiangqi_game.moves) == 3
    with pytest.raises(Exception, match="PGN move 2 'Nf6'"):
        read_pgn("1. e4 e5 2. Nf6", variants)
    with pytest.raises(Exception, match="PGN variant 'shogi'"):
        read_pgn('[Variant "shogi"]\n1. P7g7f', variants)


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_real_terminal_session_in_tmux():
    session = f"xqchess-test-{int(time.time() * 1000)}"
    command = " ".join(ENGINE + ["play", "xiangqi", "--level", "1", "--side", "both", "--line"])
    subprocess.run(
        ["tmux", "new-session", "-d", "-s", session, "-x", "120", "-y", "60", command], check=True
    )
    try:
        screen = ""
        for keys in ("C2=5", "fen"):
            time.sleep(1.5)
            subprocess.run(["tmux", "send-keys", "-t", session, keys, "Enter"], check=True)
        for _ in range(20):
            time.sleep(0.5)
            screen = subprocess.run(
                ["tmux", "capture-pane", "-p", "-t", session], capture_output=True, text=True
            ).stdout
            if "1C2C4" in screen:
                break
        assert "楚  河" in screen and "1C2C4" in screen, screen
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


def test_session_object_reads_namespace_options():
    from xqchess.cli.tui.play import PlaySession

    args = SimpleNamespace(
        variant="xiangqi",
        ascii=False,
        flip=False,
        level=1,
        notation=None,
        side="black",
        fen=None,
        first=None,
    )
    session = PlaySession(args, Console(record=True), interactive=False)
    assert session.flipped and session.notation == "wxf" and session.humans == {1}


# -- boards that read on dark terminals, ASCII, file numbers, fitting views, --------
# -- new/restart, loading by content, typing while the engine thinks -------------------------

#: WCAG's AA minimum contrast for text (https://www.w3.org/TR/WCAG21/#contrast-minimum)
MIN_CONTRAST = 4.5
#: a terminal the play views must fit: board, status line and order table
SCREEN_COLUMNS, SCREEN_LINES = 120, 40
#: xiangqi positions with the black and the red general in check
BLACK_IN_CHECK = "4k4/9/9/9/9/9/9/9/9/4R1K2 b - - 0 1"
RED_IN_CHECK = "3k5/9/9/9/9/9/9/9/9/4K3r w - - 0 1"


def luminance(color):
    """WCAG relative luminance of a rich color."""
    channels = [c / 255 for c in color.get_truecolor()]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(foreground, background):
    high, low = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def segments(variant_name, fen, last_move="", guard=False, **options):
    """The styled segments of a board as a true-color terminal gets them."""
    from xqchess.ordering.guard import Guard

    variant = get_variant(variant_name)
    pos = variant.position(fen, strict=False)
    move = variant.parse_move(pos, last_move) if last_move else 0
    if move:
        pos.make(move)
    values = None
    if guard:
        values = [Guard(variant).guard_value(pos.board, sq) for sq in range(variant.geometry.size)]
    console = Console(width=SCREEN_COLUMNS, color_system="truecolor", force_terminal=True)
    return list(
        console.render(BoardView(**options).render(pos, last_move=move, guard_values=values))
    )


#: WCAG's minimum contrast for graphics such as the grid's lines (non-text contrast)
MIN_LINE_CONTRAST = 3
GRID_CHARACTERS = set("┼┬┴├┤┌┐└┘─│╱╲")
PIECE_GLYPHS = "♙♘♗♖♕♔♟♞♝♜♛♚帥仕相傌俥炮兵將士象馬車砲卒"


@pytest.mark.parametrize(
    "variant,fen,last_move,guard",
    [
        ("xiangqi", XIANGQI_START, "", False),
        ("xiangqi", XIANGQI_START, "C2=5", False),
        ("xiangqi", BLACK_IN_CHECK, "", False),
        ("xiangqi", RED_IN_CHECK, "", False),
        ("xiangqi", XIANGQI_START, "C2=5", True),
        ("chess", CHESS_START, "e4", False),
        ("chess", CHESS_START, "e4", True),
    ],
)
def test_pieces_have_a_background_they_read_on(variant, fen, last_move, guard):
    """Every piece and every line of the xiangqi grid is drawn on a background of the board's
    own, and all ink on a board (pieces, lines, file numbers, the river) has its own color with
    enough contrast, so that no terminal's colors decide whether it shows."""
    pieces = 0
    for segment in segments(variant, fen, last_move, guard):
        style, text = segment.style or Style(), segment.text.strip(" +-0123456789")
        if text and text in PIECE_GLYPHS:
            pieces += 1
            assert style.bgcolor is not None, f"{text} has no background"
        elif text and set(text) <= GRID_CHARACTERS:
            assert style.bgcolor is not None, f"grid {text!r} has no background"
        if style.bgcolor is not None and segment.text.strip():
            assert style.color is not None, f"{segment.text!r} in the terminal's own color"
            least = MIN_LINE_CONTRAST if set(text) <= GRID_CHARACTERS else MIN_CONTRAST
            assert contrast(style.color, style.bgcolor) >= least, segment.text
    assert pieces == sum(c.isalpha() for c in fen.split()[0])  # the moves capture nothing


@pytest.mark.parametrize("variant", NAMES)
def test_ascii_boards_are_all_ascii(variant):
    """--ascii: letters and ASCII lines only, on every view (the river's inscription too)."""
    start = get_variant(variant).start_fen
    for flipped in (False, True):
        text = render(variant, start, ascii_pieces=True, flipped=flipped)
        assert all(ord(c) < 128 for c in text), text
    heat = "".join(
        segment.text for segment in segments(variant, start, guard=True, ascii_pieces=True)
    )
    assert all(ord(c) < 128 for c in heat), heat
    out = play(
        variant, ["show guard", "show order", "show guard", "moves"], "--side", "both", "--ascii"
    )
    assert [c for c in out if ord(c) >= 128] == [], out


def test_xiangqi_files_are_numbered_from_each_side():
    """Besides the letters a-i, Black's file numbers (１ ... ９, from Black's right) run along
    Black's edge and Red's (九 ... 一, from Red's right) along Red's, under the pieces."""
    lines = render("xiangqi", XIANGQI_START).splitlines()
    assert lines[0].split() == list("abcdefghi") == lines[-1].split()
    assert lines[1].split() == list("１２３４５６７８９")
    assert lines[-2].split() == list("九八七六五四三二一")
    assert lines[-2].index("九") == lines[-3].index("俥")  # the numbers stand under the files
    flipped = render("xiangqi", XIANGQI_START, flipped=True).splitlines()
    assert flipped[0].split() == list("ihgfedcba")
    assert flipped[1].split() == list("一二三四五六七八九")
    assert flipped[-2].split() == list("９８７６５４３２１")
    ascii_lines = render("xiangqi", XIANGQI_START, ascii_pieces=True).splitlines()
    assert ascii_lines[1].split() == list("123456789")
    assert ascii_lines[-2].split() == list("987654321")
    chess = render("chess", CHESS_START).splitlines()
    assert chess[0].split() == list("abcdefgh") and chess[1].split()[0] == "8"


def test_board_drawing_is_variant_data_not_a_name_branch():
    for name in NAMES:
        style = board_style(name)
        assert set(style.glyphs) == set(get_variant(name).piece_letters)
    assert board_style("xiangqi").file_numbers
    assert not board_style("chess").file_numbers
    for module in ("board_view.py", "cli/tui/play.py"):
        source = (ROOT / module).read_text(encoding="utf-8")
        assert not re.search(r"\.name\s*[!=]=|[\"'](chess|xiangqi)[\"']", source), module


def test_heat_map_cells_keep_numbers_and_pieces_apart():
    """Each heat-map cell is ' P +15 ': fixed width, a space either side, so no number runs
    into the next square's piece."""
    for variant, start in (("chess", CHESS_START), ("xiangqi", XIANGQI_START)):
        text = "".join(
            segment.text for segment in segments(variant, start, guard=True, ascii_pieces=True)
        )
        rows = [line for line in text.splitlines() if re.match(r"^[ \d]\d ", line)]
        files = get_variant(variant).geometry.files
        assert len(rows) == get_variant(variant).geometry.ranks
        for row in rows:
            body = re.sub(r"^[ \d]\d ", "", row)
            body = re.sub(r" \d+$", "", body)
            width = len(body) // files
            cells = [body[i : i + width] for i in range(0, len(body), width)]
            assert len(cells) == files, row
            for cell in cells:
                assert re.fullmatch(r" [A-Za-z ] +[+-]?\d+ ", cell), (cell, row)
        unicode = "".join(segment.text for segment in segments(variant, start, guard=True))
        assert not re.search(r"\d[^\d\s]", unicode), unicode


@pytest.mark.parametrize("variant", NAMES)
def test_show_order_and_the_board_fit_a_120_by_40_terminal(variant):
    from xqchess.cli.tui.play import PlaySession

    args = SimpleNamespace(
        variant=variant,
        ascii=False,
        flip=False,
        level=1,
        notation=None,
        side="both",
        fen=None,
        first=None,
    )
    console = Console(width=SCREEN_COLUMNS, record=True, file=io.StringIO())
    session = PlaySession(args, console, interactive=False)
    session.cmd_show("order")
    lines = [line.rstrip() for line in console.export_text().splitlines()]
    assert len(lines) <= SCREEN_LINES, "\n".join(lines)
    assert max(cell_len(line) for line in lines) <= SCREEN_COLUMNS
    more = len(session.pos.legal_moves()) - 10
    assert lines[-1] == f"... and {more} more"


def test_an_empty_fen_is_an_error():
    result = subprocess.run(
        ENGINE + ["play", "chess", "--fen", ""],
        input="quit\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr == "xqchess: error: FEN is empty\n"


def test_new_starts_the_standard_position_and_restart_the_loaded_one():
    loaded = "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
    out = play(
        "chess",
        [f"load {loaded}", "Rh7", "new", "fen", f"load {loaded}", "Kd2", "restart", "fen", "help"],
        "--side",
        "both",
    )
    assert fens(out) == [CHESS_START, loaded]
    assert "New game from the standard start position." in out
    assert f"Game restarted from its first position: {loaded}" in out
    assert "restart " in out  # in help
    out = play(
        "xiangqi",
        ["C2=5", "restart", "fen", "new", "fen"],
        "--side",
        "both",
        "--fen",
        "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1",
    )
    assert fens(out) == ["3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", XIANGQI_START]


def test_load_tells_fen_from_pgn_by_content(tmp_path):
    """A PGN without tags whose result is 1/2-1/2 (a slash!) is a PGN, in either game; a FEN
    file is a FEN; anything else is one error that leaves the game as it was."""
    chess_pgn = tmp_path / "chess.pgn"
    chess_pgn.write_text("1. e4 e5 2. Nf3 1/2-1/2\n", encoding="utf-8")
    xiangqi_pgn = tmp_path / "xiangqi.pgn"
    xiangqi_pgn.write_text("1. C2=5 H8+7\n2. H2+3 1/2-1/2\n", encoding="utf-8")
    fen_file = tmp_path / "position.fen"
    fen_file.write_text("4k3/8/8/8/8/8/8/4K2R w K - 0 1\n", encoding="utf-8")
    garbage = tmp_path / "garbage.txt"
    garbage.write_text("hello world\nthis is no game\n", encoding="utf-8")
    bad_fen = tmp_path / "bad.fen"
    bad_fen.write_text("rnbqkbnr/pppppppp/8/8 w - - 0 1\n", encoding="utf-8")

    out = play(
        "chess",
        [
            f"load {chess_pgn}",
            "fen",
            f"load {fen_file}",
            "fen",
            "e4",
            f"load {garbage}",
            f"load {bad_fen}",
            "fen",
        ],
        "--side",
        "both",
    )
    assert fens(out) == [
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    ]
    assert f"Loaded the game in {chess_pgn}: 3 moves from the standard start." in out
    assert f"Loaded the position 4k3/8/8/8/8/8/8/4K2R w K - 0 1 from {fen_file}." in out
    assert re.search(rf"^cannot load {re.escape(str(garbage))}: PGN move 1 'hello'", out, re.M)
    assert f"cannot load {bad_fen}: FEN board has 4 ranks, expected 8" in out
    out = play(
        "xiangqi", [f"load {xiangqi_pgn}", "fen", f"load {chess_pgn}", "fen"], "--side", "both"
    )
    played = fens(play("xiangqi", ["C2=5", "H8+7", "H2+3", "fen"], "--side", "both"))
    assert fens(out) == played * 2
    assert f"cannot load {chess_pgn}: PGN move 1 'e4'" in out


def tmux(*arguments):
    return subprocess.run(["tmux", *arguments], capture_output=True, text=True).stdout


def wait_for(session, predicate, seconds):
    """The pane once ``predicate(pane)`` holds (or after ``seconds``)."""
    deadline = time.time() + seconds
    screen = ""
    while time.time() < deadline:
        screen = tmux("capture-pane", "-p", "-t", session)
        if predicate(screen):
            break
        time.sleep(0.1)
    return screen


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_keys_typed_while_the_engine_thinks_in_tmux():
    """A command typed while the engine thinks is shown in the panel, runs after the engine's
    move with its echo, and the panel leaves nothing behind when it closes."""
    session = f"xqchess-typeahead-{int(time.time() * 1000)}"
    command = " ".join(ENGINE + ["play", "xiangqi", "--level", "6", "--side", "red", "--line"])
    subprocess.run(
        ["tmux", "new-session", "-d", "-s", session, "-x", "120", "-y", "60", command], check=True
    )
    try:
        wait_for(session, lambda pane: "red>" in pane, 30)
        subprocess.run(["tmux", "send-keys", "-t", session, "C2=5", "Enter"], check=True)
        wait_for(session, lambda pane: "engine thinking" in pane, 30)
        subprocess.run(["tmux", "send-keys", "-t", session, "fen", "Enter", "boa"], check=True)
        thinking = wait_for(session, lambda pane: "typed: fen | boa" in pane, 5)
        assert "typed: fen | boa_" in thinking, thinking
        screen = wait_for(session, lambda pane: re.search(r"\d+ \d+\s*\nred> boa", pane), 30)
        assert "engine thinking" not in screen and "╭" not in screen, screen
        assert re.search(r"^red> fen\n\S+ w - - \d+ 2$", screen, re.M), screen
        subprocess.run(["tmux", "send-keys", "-t", session, "rd", "Enter"], check=True)
        screen = wait_for(session, lambda pane: pane.rstrip().endswith("red>"), 10)
        assert re.search(r"^red> board$", screen, re.M), screen
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
