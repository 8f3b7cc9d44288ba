"""`xqchess.svg`: every game's board as SVG, read back with xml.etree (squares or the ruled
board's lines, each piece where its square is, highlights, arrows, marks, flipping, size),
rendered to PNG with cairosvg (skipped where it is not installed), and the pictures of
docs/api.md as their command makes them."""

import doctest
import io
import re
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
    river = [e.text for e in with_class(root, "river")]
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
