"""`xqchess.svg`: every game's board as SVG, read back with xml.etree (squares or the ruled
board's lines, each piece where its square is, highlights, arrows, marks, flipping, size),
Chinese characters drawn from the shipped outlines (one for every character a game uses, as
their command makes them), rendered to PNG with cairosvg (skipped where it is not installed),
and the pictures of docs/api.md as their command makes them."""

import doctest
import importlib.util
import io
import json
import os
import re
import shlex
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import xqchess
import xqchess.svg
from xqchess.board_view import LAST_MOVE
from xqchess.core.errors import XQChessError
from xqchess.variants import NAMES, board_style

ROOT = Path(__file__).resolve().parent.parent
NS = "{http://www.w3.org/2000/svg}"
try:  # cairosvg needs the cairo library besides the Python package
    import cairosvg
    from PIL import Image
except (ImportError, OSError):
    cairosvg = None


def parse(picture: str) -> ET.Element:
    return ET.fromstring(picture)


def with_class(root: ET.Element, *names: str) -> list[ET.Element]:
    """The elements whose class attribute holds every one of ``names``."""
    return [e for e in root.iter() if set(names) <= set(e.get("class", "").split())]


def centre(element: ET.Element) -> tuple[float, float]:
    """A piece's centre, from its transform."""
    x, y = re.fullmatch(r"translate\(([-\d.]+) ([-\d.]+)\)", element.get("transform")).groups()
    return float(x), float(y)


def pieces(root: ET.Element) -> dict[str, tuple[str, str, tuple[float, float]]]:
    """Square name -> (color, FEN letter, centre) of each piece drawn."""
    found = {}
    for element in with_class(root, "piece"):
        _, color, letter, square = element.get("class").split()
        found[square] = (color, letter, centre(element))
    return found


def fen_pieces(board: xqchess.Board) -> dict[str, str]:
    """Square name -> FEN letter, read from the board's FEN by hand."""
    placement = board.fen().split()[0].split("/")
    found = {}
    for row, text in enumerate(placement):
        rank = len(placement) - row
        file = 0
        for count, letter in re.findall(r"(\d+)|([A-Za-z])", text):
            if count:
                file += int(count)
            else:
                found[f"{'abcdefghijklmnopqrstuvwxyz'[file]}{rank}"] = letter
                file += 1
    return found


def test_docstring_examples_run():
    result = doctest.testmod(xqchess.svg, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("name, squares", [("chess", 64), ("capablanca", 80), ("shatranj", 64)])
def test_a_squares_board_has_every_square_shaded(name, squares):
    root = parse(xqchess.svg.board(xqchess.Board(name)))
    drawn = with_class(root, "square")
    assert len(drawn) == squares
    fills = board_style(name).fills
    (a1,) = with_class(root, "square", "a1")
    (b1,) = with_class(root, "square", "b1")
    assert "dark" in a1.get("class") and a1.get("fill") == fills[1]
    assert "light" in b1.get("class") and b1.get("fill") == fills[0]


@pytest.mark.parametrize(
    "name, ranks, file_segments, palace_lines",
    # xiangqi: 9 files, the 7 inner ones cut by the river; two palaces of two diagonals each
    [("xiangqi", 10, 2 + 7 * 2, 4), ("minixiangqi", 7, 7, 4)],
)
def test_a_ruled_board_has_its_lines_river_and_palaces(name, ranks, file_segments, palace_lines):
    root = parse(xqchess.svg.board(xqchess.Board(name)))
    assert len(with_class(root, "line", "rank")) == ranks
    assert len(with_class(root, "line", "file")) == file_segments
    assert len(with_class(root, "line", "palace")) == palace_lines
    assert len(with_class(root, "line")) == ranks + file_segments + palace_lines
    assert not with_class(root, "square")
    river = [e.find(f"{NS}title").text for e in with_class(root, "river")]
    assert river == (["楚  河", "漢  界"] if name == "xiangqi" else [])


@pytest.mark.parametrize("name", NAMES)
def test_every_piece_is_drawn_on_its_square(name):
    board = xqchess.Board(name)
    for _ in range(6):
        board.push(list(board.legal_moves)[board.legal_moves.count() // 2])
    drawn = pieces(parse(xqchess.svg.board(board)))
    assert {square: letter for square, (_, letter, _) in drawn.items()} == fen_pieces(board)
    colors = set(board.variant.color_names)
    assert {color for color, _, _ in drawn.values()} == colors


def test_pieces_stand_where_the_hand_worked_coordinates_say():
    # chess: 20-unit margin, 45-unit squares, a1 at the bottom left
    chess = pieces(parse(xqchess.svg.board(xqchess.Board("chess"))))
    assert chess["e1"] == ("white", "K", (20 + 4 * 45 + 22.5, 20 + 7 * 45 + 22.5))
    assert chess["d8"] == ("black", "q", (20 + 3 * 45 + 22.5, 20 + 22.5))
    flipped = pieces(parse(xqchess.svg.board(xqchess.Board("chess"), flipped=True)))
    assert flipped["e1"][2] == (20 + 3 * 45 + 22.5, 20 + 22.5)
    # xiangqi: the first crossing one cell (45) inside the 20-unit margin
    xiangqi = pieces(parse(xqchess.svg.board(xqchess.Board("xiangqi"))))
    assert xiangqi["h1"] == ("red", "N", (65 + 7 * 45, 65 + 9 * 45))
    assert xiangqi["b8"] == ("black", "c", (65 + 45, 65 + 2 * 45))


@pytest.mark.parametrize("name", NAMES)
def test_flipping_mirrors_every_coordinate(name):
    board = xqchess.Board(name)
    upright = parse(xqchess.svg.board(board))
    flipped = parse(xqchess.svg.board(board, flipped=True))
    width, height = (float(v) for v in upright.get("viewBox").split()[2:])
    for square, (color, letter, (x, y)) in pieces(upright).items():
        assert pieces(flipped)[square] == (color, letter, (width - x, height - y))


@pytest.mark.parametrize("name", NAMES)
def test_last_move_check_arrows_and_marks_are_drawn(name):
    board = xqchess.Board(name)
    move = board.push(next(iter(board.legal_moves)))
    frm, to = re.match(r"([a-z]\d+)([a-z]\d+)", move.uci()).groups()
    root = parse(
        xqchess.svg.board(
            board,
            lastmove=move,
            check="e1",
            arrows=[("a1", "b2"), xqchess.svg.Arrow("c3", "c3", "#ff0000")],
            squares=["d2", 0],
        )
    )
    assert {e.get("class") for e in with_class(root, "lastmove")} == {
        f"lastmove {frm}",
        f"lastmove {to}",
    }
    assert [e.get("fill") for e in with_class(root, "lastmove")] == [LAST_MOVE] * 2
    assert [e.get("class") for e in with_class(root, "check")] == ["check e1"]
    arrows = with_class(root, "arrow")
    assert [a.get("class") for a in arrows] == ["arrow a1-b2", "arrow c3-c3"]
    assert arrows[0].find(f"{NS}polygon") is not None
    assert arrows[1].find(f"{NS}circle").get("stroke") == "#ff0000"
    assert [m.get("class") for m in with_class(root, "mark")] == ["mark d2", "mark a1"]


def test_nothing_is_highlighted_unless_asked():
    board = xqchess.Board("chess")
    board.push_san("e4")
    root = parse(xqchess.svg.board(board))
    assert not with_class(root, "lastmove") + with_class(root, "check") + with_class(root, "arrow")


@pytest.mark.parametrize(
    "name, size, width, height",
    # chess: 400 x 400 units; xiangqi: 490 wide, 535 high (8 and 9 cells, a cell's padding
    # on each side, the margins)
    [("chess", 300, "300", "300"), ("xiangqi", 535, "490", "535"), ("xiangqi", 107, "98", "107")],
)
def test_size_sets_the_longer_side(name, size, width, height):
    root = parse(xqchess.svg.board(xqchess.Board(name), size=size))
    assert (root.get("width"), root.get("height")) == (width, height)
    assert parse(xqchess.svg.board(xqchess.Board(name))).get("width") is None


def test_bad_squares_are_refused():
    board = xqchess.Board("chess")
    with pytest.raises(XQChessError, match="bad square 'z9'"):
        xqchess.svg.board(board, squares=["z9"])
    with pytest.raises(XQChessError, match="bad square 64: chess's squares are 0 to 63"):
        xqchess.svg.board(board, check=64)
    with pytest.raises(TypeError, match="a square: an index"):
        xqchess.svg.board(board, arrows=[(1.5, "e4")])


def test_a_move_of_another_game_or_a_board_of_another_library_is_refused():
    """Another game's move would be drawn off the board (xiangqi's i10 is square 98 of 90);
    a python-chess board is not ours."""
    board = xqchess.Board("chess")
    with pytest.raises(xqchess.MoveError, match="a xiangqi move cannot be drawn on a chess"):
        xqchess.svg.board(board, lastmove=xqchess.Move.from_uci("i10i9", "xiangqi"))
    with pytest.raises(TypeError, match="expected a Move"):
        xqchess.svg.board(board, lastmove="e2e4")  # type: ignore[arg-type]
    chess = pytest.importorskip("chess", reason="python-chess is not installed")
    with pytest.raises(TypeError, match="expected an xqchess.Board, got Board"):
        xqchess.svg.board(chess.Board())  # type: ignore[arg-type]


def test_jupyter_shows_the_board_with_its_last_move_and_check():
    board = xqchess.Board("xiangqi", "4k4/9/9/9/9/9/9/9/9/3K1R3 w - - 0 1")
    board.push_notation("R4=5")  # the chariot checks the general along the e-file
    root = parse(board._repr_svg_())
    assert [e.get("class") for e in with_class(root, "check")] == ["check e10"]
    assert len(with_class(root, "lastmove")) == 2 and root.get("height") == "390"


# -- rendered --------------------------------------------------------------------------------


@pytest.mark.skipif(cairosvg is None, reason="cairosvg or the cairo library is not installed")
@pytest.mark.parametrize("name", NAMES)
def test_every_game_renders_to_png(name):
    board = xqchess.Board(name)
    move = board.push(next(iter(board.legal_moves)))
    picture = xqchess.svg.board(board, lastmove=move)
    image = Image.open(io.BytesIO(cairosvg.svg2png(bytestring=picture.encode()))).convert("RGB")
    root = parse(picture)
    assert image.size == tuple(int(float(v)) for v in root.get("viewBox").split()[2:])
    # the square the move left is painted in the last move's color (beside a ruled board's
    # crossing, off its lines)
    (left,) = with_class(root, "lastmove", re.match(r"[a-z]\d+", move.uci()).group())
    x = float(left.get("x")) + float(left.get("width")) * 0.25
    y = float(left.get("y")) + float(left.get("height")) * 0.25
    assert "#%02x%02x%02x" % image.getpixel((int(x), int(y))) == LAST_MOVE


@pytest.mark.skipif(cairosvg is None, reason="cairosvg or the cairo library is not installed")
def test_a_chinese_piece_shows_its_character_without_a_cjk_font():
    """The picture holds no CJK text, so the red general's ink inside its disc (the face's
    fill at its centre, painted over) comes from the outline, centred on the crossing."""
    picture = xqchess.svg.board(xqchess.Board("xiangqi"))
    image = Image.open(io.BytesIO(cairosvg.svg2png(bytestring=picture.encode()))).convert("RGB")
    (general,) = with_class(parse(picture), "piece", "red", "K", "e1")
    x, y = (round(v) for v in centre(general))
    reach = round(xqchess.svg.CELL * 0.3)
    ink = [
        (dx, dy)
        for dx in range(-reach, reach + 1)
        for dy in range(-reach, reach + 1)
        if image.getpixel((x + dx, y + dy))[1] < 100  # red or dark, not the face's cream
    ]
    assert len(ink) > (2 * reach + 1) ** 2 // 5
    assert abs(sum(dx for dx, _ in ink) / len(ink)) < 2
    assert abs(sum(dy for _, dy in ink) / len(ink)) < 2


def test_chinese_characters_are_drawn_as_paths_not_text():
    board = xqchess.Board("xiangqi")
    root = parse(xqchess.svg.board(board))
    glyphs = board_style("xiangqi").glyphs
    for element in with_class(root, "piece"):
        assert element.find(f".//{NS}text") is None
        assert element.find(f".//{NS}path").get("d").startswith("M")
        code = board.position.board[board.parse_square(element.get("class").split()[3])]
        assert element.find(f".//{NS}title").text == glyphs[code]
    texts = "".join(e.text for e in root.iter(f"{NS}text"))
    assert texts and not [c for c in texts if ord(c) >= xqchess.svg.CJK_START]
    numbers = with_class(root, "file-number")
    assert [e.find(f"{NS}title").text for e in numbers[-9:]] == list("九八七六五四三二一")


def test_a_character_without_an_outline_falls_back_to_text(monkeypatch):
    chess = parse(xqchess.svg.board(xqchess.Board("chess")))
    symbols = [e.find(f"{NS}text") for e in with_class(chess, "piece")]
    assert {e.get("font-family") for e in symbols} == {xqchess.svg.FONT}
    monkeypatch.setattr(xqchess.svg, "_outlines", lambda: (1000, {}))
    root = parse(xqchess.svg.board(xqchess.Board("xiangqi")))
    (general,) = with_class(root, "piece", "red", "K", "e1")
    assert general.find(f"{NS}text").text == "帥"
    assert general.find(f"{NS}text").get("font-family") == xqchess.svg.CJK_FONT


def shipped_outlines() -> dict:
    return json.loads((ROOT / "data" / "glyph_outlines.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", NAMES)
def test_every_chinese_character_a_game_shows_has_an_outline(name):
    style = board_style(name)
    texts = [*style.glyphs.values(), *style.river_text]
    texts += [number for numbers in style.file_numbers for number in numbers]
    chinese = [t for t in texts if any(ord(c) >= xqchess.svg.CJK_START for c in t)]
    outlines = shipped_outlines()
    assert set("".join(chinese)) <= set(outlines["glyphs"])
    assert "Open Font License" in outlines["licence"]
    assert outlines["font"] in outlines["command"] and outlines["version"]


def test_a_picture_is_the_same_in_every_run():
    """Byte for byte, here and in a fresh interpreter with another hash seed."""
    code = "import xqchess, xqchess.svg; print(xqchess.svg.board(xqchess.Board('xiangqi')))"
    environment = {**os.environ, "PYTHONHASHSEED": "12345"}
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=environment, timeout=120
    )
    here = xqchess.svg.board(xqchess.Board("xiangqi"))
    assert run.returncode == 0, run.stderr
    assert run.stdout == here + "\n" == xqchess.svg.board(xqchess.Board("xiangqi")) + "\n"


#: the command the shipped outlines name, as arguments (python, the tool, the font, its face)
OUTLINES_COMMAND = shlex.split(shipped_outlines()["command"])


@pytest.mark.skipif(
    importlib.util.find_spec("fontTools") is None or not Path(OUTLINES_COMMAND[2]).exists(),
    reason=f"fontTools or {OUTLINES_COMMAND[2]} (Debian's fonts-noto-cjk) is not installed",
)
def test_the_outlines_are_their_commands_output(tmp_path):
    out = tmp_path / "outlines.json"
    run = subprocess.run(
        [sys.executable, *OUTLINES_COMMAND[1:], str(out)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stderr
    shipped = (ROOT / "data" / "glyph_outlines.json").read_text(encoding="utf-8")
    assert out.read_text(encoding="utf-8") == shipped


def test_the_pictures_in_the_docs_are_the_commands_output(tmp_path):
    run = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "tools" / "api_pictures.py"), str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    for name in NAMES:
        made = (tmp_path / f"{name}.svg").read_text(encoding="utf-8")
        assert made == (ROOT / "docs" / "images" / f"{name}.svg").read_text(encoding="utf-8")
        assert f"images/{name}.svg" in (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
