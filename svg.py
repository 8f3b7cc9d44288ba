"""Boards as SVG pictures, for notebooks and documents, in the manner of python-chess's
``chess.svg``: `board` draws any game's position from its `BoardStyle`, the data the terminal
UI draws with, so that no game is named here. Squares games get shaded squares with their
pieces' symbols; ruled games get the ruled board with its river and palaces and round pieces
with their characters on the crossings, Chinese characters drawn as paths from the outlines
the package ships (`OUTLINES`), so that a picture needs no CJK font. The last move and a royal
piece in check are highlighted in the terminal UI's colors; `Arrow`\\ s and marked squares go
on top. Every element carries classes saying what it is (``square light e4``,
``piece white K e1``, ``lastmove e2``, ``arrow e2-e4``), so that a picture can be read back
or restyled.

>>> import xqchess
>>> picture = board(xqchess.Board("xiangqi"), size=300)
>>> picture.startswith("<svg") and 'class="piece red K e1"' in picture
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from functools import cache
from importlib.resources import files
from typing import TYPE_CHECKING, Any, NamedTuple
from xml.sax.saxutils import escape, quoteattr

from xqchess.board_view import CHECK, LAST_MOVE, RIVER
from xqchess.core.errors import MoveError, XQChessError
from xqchess.core.pieces import COLOR_SHIFT
from xqchess.core.position import Position
from xqchess.core.variant import Variant
from xqchess.move import Move, expect, parse_square
from xqchess.variants import board_style
from xqchess.variants.style import POINTS, BoardStyle

if TYPE_CHECKING:
    from xqchess import Board
    from xqchess.core.geometry import Geometry

__all__ = ["Arrow", "board"]

#: a square, by its index (``rank * files + file``) or its name (``"e4"``)
Square = int | str

#: the largest ``size`` `board` draws, in pixels
MAX_SIZE = 100_000
CELL = 45  # a square's side, or the distance between two crossings
MARGIN = 20  # the band around the board that holds the coordinates
FRAME = "#262421"  # the band's fill
COORDINATE = "#e0d8c8"  # file letters and rank numbers on the band
#: the padding of a ruled board around its outer lines, in cells: room for the round pieces of
#: the edge crossings and, outside them, for each side's file numbers
POINTS_PADDING = 1.0
DISC_FILL = "#f8ecd0"  # a round piece's face
MARK = "#0a4fa0"  # the cross on a marked square
DEFAULT_ARROW = "#1d7f3a"
ARROW_OPACITY = 0.8
#: the outlines of the Chinese characters the games' board styles hold, in the package: a text
#: whose characters all have one is drawn as paths, so that no machine needs a CJK font (made
#: from a free CJK font by tests/tools/gen_glyph_outlines.py, which the file names)
OUTLINES = "data/glyph_outlines.json"
#: the fonts of other text (Latin text and chess symbols, and Chinese characters without an
#: outline), the most common first; a browser takes the first it has that holds a glyph,
#: cairosvg the first alone
FONT = "'DejaVu Sans', 'Segoe UI Symbol', 'Noto Sans Symbols 2', sans-serif"
CJK_FONT = "'WenQuanYi Micro Hei', 'Noto Sans CJK SC', 'Microsoft YaHei', 'PingFang SC', sans-serif"
#: where Unicode's East Asian scripts begin (CJK radicals); the chess symbols lie below
CJK_START = 0x2E80
#: a text's baseline below its middle, as a share of its font size (SVG's dominant-baseline
#: is not drawn alike everywhere)
BASELINE = 0.36


class Arrow(NamedTuple):
    """An arrow from ``tail`` to ``head`` (the same square: a circle around it) in ``color``."""

    tail: Square
    head: Square
    color: str = DEFAULT_ARROW


def _number(value: float) -> str:
    """A coordinate as SVG writes it: at most two decimals, no trailing zeros."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _element(name: str, attributes: Mapping[str, object], text: str | None = None) -> str:
    """An SVG element (underscores in attribute names written as hyphens); a text element
    gets the font family its characters need."""
    if text is not None and name == "text":
        cjk = any(ord(char) >= CJK_START for char in text)
        attributes = {**attributes, "font_family": CJK_FONT if cjk else FONT}
    opening = " ".join(
        [name]
        + [
            f"{key.replace('_', '-')}={quoteattr(_number(v) if isinstance(v, float) else str(v))}"
            for key, v in attributes.items()
        ]
    )
    if text is None:
        return f"<{opening}/>"
    return f"<{opening}>{escape(text)}</{name}>"


def _container(name: str, attributes: Mapping[str, object], children: Iterable[str]) -> str:
    """An SVG element holding ``children`` (elements written already)."""
    return _element(name, attributes)[: -len("/>")] + ">" + "".join(children) + f"</{name}>"


class _Outline(NamedTuple):
    """A character's outline: its advance and its SVG path data, in the em box of `_outlines`."""

    advance: int
    path: str


@cache
def _outlines() -> tuple[int, dict[str, _Outline]]:
    """The shipped outlines (`OUTLINES`), read on first use: the em box's side and, by
    character, its outline (x from the character's origin, y down from the em box's top)."""
    data = json.loads(files("xqchess").joinpath(OUTLINES).read_text(encoding="utf-8"))
    glyphs = data["glyphs"]
    return data["em"], {char: _Outline(g["advance"], g["d"]) for char, g in glyphs.items()}


def _label(
    attributes: Mapping[str, object],
    text: str,
    x: float,
    y: float,
    size: float,
    paint: Mapping[str, object],
) -> str:
    """``text`` in ``size`` centred on (``x``, ``y``) in ``paint`` (`_text_style`'s
    attributes): where every character has an outline, a group of their paths (its em boxes
    side by side, the group's title the text), else a text element."""
    em, outlines = _outlines()
    if not text or any(char not in outlines for char in text):
        position = {"x": x} if x else {}  # 0, SVG's default, left out
        attributes = {**attributes, **position, "y": y + size * BASELINE, "font_size": size}
        return _element("text", {**attributes, "text_anchor": "middle", **paint}, text)
    scale = size / em
    left, top = x - sum(outlines[char].advance for char in text) * scale / 2, y - size / 2
    parts = [_element("title", {}, text)]
    for char in text:
        if outlines[char].path:
            transform = f"translate({_number(left)} {_number(top)}) scale({scale:.6g})"
            parts.append(_element("path", {"d": outlines[char].path, "transform": transform}))
        left += outlines[char].advance * scale
    return _container("g", {**attributes, "fill": paint["fill"]}, parts)


def _text_style(style: str) -> dict[str, object]:
    """A rich style (``"bold #b00000"``) as SVG text attributes."""
    words = style.split()
    attributes: dict[str, object] = {
        "fill": next((w for w in words if w.startswith("#")), "#000000")
    }
    if "bold" in words:
        attributes["font_weight"] = "bold"
    if "italic" in words:
        attributes["font_style"] = "italic"
    return attributes


class _Layout:
    """Where the squares of one game's board lie in the picture, the board seen from one side:
    the centre of a square, or of a crossing, in picture units."""

    def __init__(self, geometry: Geometry, style: BoardStyle, flipped: bool) -> None:
        self.geometry, self.flipped = geometry, flipped
        self.points = style.layout == POINTS
        # the first square's top left corner, or the first crossing
        self.origin = MARGIN + (POINTS_PADDING * CELL if self.points else 0)
        span_files = geometry.files - 1 if self.points else geometry.files
        span_ranks = geometry.ranks - 1 if self.points else geometry.ranks
        board_padding = 2 * POINTS_PADDING * CELL if self.points else 0
        self.width = 2 * MARGIN + span_files * CELL + board_padding
        self.height = 2 * MARGIN + span_ranks * CELL + board_padding

    def column(self, file: int) -> int:
        return self.geometry.files - 1 - file if self.flipped else file

    def row(self, rank: int) -> int:
        return rank if self.flipped else self.geometry.ranks - 1 - rank

    def x(self, file: int) -> float:
        return self.origin + CELL * self.column(file) + (0 if self.points else CELL / 2)

    def y(self, rank: int) -> float:
        return self.origin + CELL * self.row(rank) + (0 if self.points else CELL / 2)

    def centre(self, sq: int) -> tuple[float, float]:
        return self.x(self.geometry.file_of(sq)), self.y(self.geometry.rank_of(sq))


def board(
    board: Board,
    lastmove: Move | None = None,
    check: Square | None = None,
    arrows: Iterable[Arrow | tuple[Square, Square]] = (),
    squares: Iterable[Square] | None = None,
    flipped: bool = False,
    size: int | None = None,
) -> str:
    """``board``'s position as an SVG picture (a string), the way its game is drawn in the
    terminal UI: ``lastmove``'s squares and the ``check`` square highlighted, ``arrows``
    (`Arrow`\\ s or (tail, head) pairs) and a cross on each of ``squares`` drawn on top, the
    second player at the bottom when ``flipped``. Squares are indices or names (``"e4"``).
    ``size`` sets the picture's longer side in pixels, 1 to `MAX_SIZE` (None: no width or
    height, the picture fills the space it is given).

    Raises: TypeError for an argument of the wrong type (``board`` not a `Board`,
    ``lastmove`` not a `Move`, ``arrows`` not an iterable of arrows or pairs, ``squares`` not
    an iterable of squares, ``size`` not an int); SquareError for a square the board lacks,
    MoveError for another game's move, and XQChessError for a ``size`` out of its range.

    >>> import xqchess
    >>> chess = xqchess.Board()
    >>> move = chess.push_san("e4")
    >>> picture = board(chess, lastmove=move, arrows=[("e7", "e5")], size=400)
    >>> 'width="400"' in picture and 'class="lastmove e4"' in picture
    True
    """
    position = getattr(board, "position", None)
    if not isinstance(position, Position):
        raise TypeError(f"expected an xqchess.Board, got {type(board).__name__}")
    if size is not None:
        expect(size, int, "size in pixels (int) or None")
        if not 1 <= size <= MAX_SIZE:
            raise XQChessError(f"size must be between 1 and {MAX_SIZE} pixels, got {size}")
    variant = board.variant
    geometry, style = variant.geometry, board_style(variant.name)
    layout = _Layout(geometry, style, flipped)
    frame = {"class": "frame", "fill": FRAME, "width": layout.width, "height": layout.height}
    parts = [_element("rect", frame)]
    if layout.points:
        parts += _ruled_board(layout, style)
    else:
        parts += _shaded_squares(layout, style)
    parts += _coordinates(layout)
    highlights = []
    if lastmove is not None:
        expect(lastmove, Move, "a Move")
        if lastmove.variant != variant.name:
            raise MoveError(f"a {lastmove.variant} move cannot be drawn on a {variant.name} board")
        highlights += [
            ("lastmove", sq, LAST_MOVE) for sq in (lastmove.from_square, lastmove.to_square)
        ]
    if check is not None:
        highlights.append(("check", parse_square(variant, check), CHECK))
    for kind, sq, color in highlights:
        parts.append(_highlight(layout, kind, sq, color))
    if layout.points:
        parts += _lines(layout, style)
    for sq, piece in enumerate(position.board):
        if piece:
            parts.append(_piece(layout, style, variant, sq, piece))
    marks = () if squares is None else _iterable(squares, "squares: an iterable of squares")
    for marked in marks:
        parts.append(_mark(layout, parse_square(variant, marked)))
    for arrow in _iterable(arrows, "arrows: an iterable of Arrows or (tail, head) pairs"):
        parts.append(_arrow(layout, variant, _as_arrow(arrow)))
    scale = 1.0 if size is None else size / max(layout.width, layout.height)
    dimensions = (
        {} if size is None else {"width": layout.width * scale, "height": layout.height * scale}
    )
    root = {
        "xmlns": "http://www.w3.org/2000/svg",
        "version": "1.1",
        "viewBox": f"0 0 {_number(layout.width)} {_number(layout.height)}",
        **dimensions,
    }
    return _container("svg", root, parts)


def _iterable(values: object, what: str) -> Iterable[Any]:
    """``values``, TypeError naming ``what`` was expected unless an iterable (text is not)."""
    if not isinstance(values, Iterable) or isinstance(values, (str, bytes)):
        raise TypeError(f"expected {what}, got {type(values).__name__} {values!r}")
    return values


def _as_arrow(arrow: object) -> Arrow:
    """An `Arrow`, or a (tail, head) or (tail, head, color) sequence as one; TypeError for
    anything else."""
    if not isinstance(arrow, (tuple, list)) or len(arrow) not in (2, 3):
        raise TypeError(f"expected arrows as Arrows or (tail, head) pairs, got {arrow!r}")
    made = Arrow(*arrow)
    expect(made.color, str, "an arrow's color (str)")
    return made


def _shaded_squares(layout: _Layout, style: BoardStyle) -> list[str]:
    """Every square in its shade: ``fills`` (light, dark), a1 dark as in chess."""
    geometry, parts = layout.geometry, []
    for sq in range(geometry.size):
        file, rank = geometry.file_of(sq), geometry.rank_of(sq)
        shade = (file + rank + 1) % 2
        x, y = layout.centre(sq)
        attributes = {
            "class": f"square {('light', 'dark')[shade]} {geometry.square_name(sq)}",
            "x": x - CELL / 2,
            "y": y - CELL / 2,
            "width": CELL,
            "height": CELL,
            "fill": style.fills[shade],
        }
        parts.append(_element("rect", attributes))
    return parts


def _ruled_board(layout: _Layout, style: BoardStyle) -> list[str]:
    """The ruled board's fill, its river's inscriptions and each side's file numbers along
    its edge (the top side's numbers above the board, the bottom side's below)."""
    geometry = layout.geometry
    padding = POINTS_PADDING * CELL
    parts = [
        _element(
            "rect",
            {
                "class": "board",
                "x": MARGIN,
                "y": MARGIN,
                "width": layout.width - 2 * MARGIN,
                "height": layout.height - 2 * MARGIN,
                "fill": style.fills[0],
            },
        )
    ]
    if style.river is not None:
        y = (layout.y(style.river) + layout.y(style.river + 1)) / 2
        left, right = layout.x(0), layout.x(geometry.files - 1)
        left, right = min(left, right), max(left, right)
        size = CELL * 0.5
        for half, text in enumerate(style.river_text):
            x = left + (right - left) * (1 + 2 * half) / 4
            parts.append(_label({"class": "river"}, text, x, y, size, _text_style(RIVER)))
    top, bottom = (0, 1) if layout.flipped else (1, 0)
    size = CELL * 0.3
    for color, y in (
        (top, layout.origin - padding * 0.72),
        (bottom, layout.height - MARGIN - padding * 0.28),
    ):
        for file, number in enumerate(style.file_numbers[color] if style.file_numbers else ()):
            paint = {"fill": style.line_color}
            parts.append(_label({"class": "file-number"}, number, layout.x(file), y, size, paint))
    return parts


def _lines(layout: _Layout, style: BoardStyle) -> list[str]:
    """The ruling: a line along each rank, one along each file (the river cuts all but the
    edge files), and the diagonals of each palace."""
    geometry, parts = layout.geometry, []
    stroke = {"stroke": style.line_color, "stroke_width": 1.5, "stroke_linecap": "square"}
    last_file, last_rank = geometry.files - 1, geometry.ranks - 1

    def line(kind: str, a: tuple[int, int], b: tuple[int, int]) -> str:
        (file_a, rank_a), (file_b, rank_b) = a, b
        ends = {"x1": layout.x(file_a), "y1": layout.y(rank_a)}
        ends |= {"x2": layout.x(file_b), "y2": layout.y(rank_b)}
        return _element("line", {"class": f"line {kind}", **ends, **stroke})

    for rank in range(geometry.ranks):
        parts.append(line("rank", (0, rank), (last_file, rank)))
    for file in range(geometry.files):
        if style.river is None or file in (0, last_file):
            parts.append(line("file", (file, 0), (file, last_rank)))
        else:
            parts.append(line("file", (file, 0), (file, style.river)))
            parts.append(line("file", (file, style.river + 1), (file, last_rank)))
    for palace in style.palaces:
        files = sorted({geometry.file_of(sq) for sq in palace})
        ranks = sorted({geometry.rank_of(sq) for sq in palace})
        parts.append(line("palace", (files[0], ranks[0]), (files[-1], ranks[-1])))
        parts.append(line("palace", (files[0], ranks[-1]), (files[-1], ranks[0])))
    return parts


def _coordinates(layout: _Layout) -> list[str]:
    """File letters above and below the board, rank numbers left and right of it."""
    geometry, parts = layout.geometry, []
    size = MARGIN * 0.6
    common = {"font_size": size, "text_anchor": "middle", "fill": COORDINATE}
    for file in range(geometry.files):
        letter = geometry.square_name(file)[0]
        for y in (MARGIN / 2, layout.height - MARGIN / 2):
            attributes = {"class": "coordinate file", "x": layout.x(file), "y": y + size * BASELINE}
            parts.append(_element("text", {**attributes, **common}, letter))
    for rank in range(geometry.ranks):
        label = str(rank + geometry.rank_base)
        for x in (MARGIN / 2, layout.width - MARGIN / 2):
            attributes = {"class": "coordinate rank", "x": x, "y": layout.y(rank) + size * BASELINE}
            parts.append(_element("text", {**attributes, **common}, label))
    return parts


def _highlight(layout: _Layout, kind: str, sq: int, color: str) -> str:
    """A square, or the cell around a crossing, in a highlight's color."""
    x, y = layout.centre(sq)
    side = CELL
    attributes = {
        "class": f"{kind} {layout.geometry.square_name(sq)}",
        "x": x - side / 2,
        "y": y - side / 2,
        "width": side,
        "height": side,
        "fill": color,
    }
    if layout.points:
        attributes["rx"] = side * 0.12
    return _element("rect", attributes)


def _piece(layout: _Layout, style: BoardStyle, variant: Variant, sq: int, piece: int) -> str:
    """A piece: its symbol in its side's color, on a round face on a ruled board; a piece
    that Unicode has no symbol for is its letter, outlined for the first player as the
    symbols of the first player's pieces are."""
    color = piece >> COLOR_SHIFT
    x, y = layout.centre(sq)
    name = layout.geometry.square_name(sq)
    letter = variant.piece_letters[piece]
    text_style = _text_style(style.piece_styles[color])
    glyph = style.glyphs[piece]
    parts = []
    if layout.points:
        ring = {"fill": DISC_FILL, "stroke": text_style["fill"], "stroke_width": 2}
        parts.append(_element("circle", {"r": CELL * 0.43, **ring}))
        inner = {"fill": "none", "stroke": text_style["fill"], "stroke_width": 0.8}
        parts.append(_element("circle", {"r": CELL * 0.36, **inner}))
        size = CELL * 0.48
    elif glyph.isascii():  # a letter: outlined for the first player, as the symbols are
        size = CELL * 0.62
        text_style["font_weight"] = "bold"
        if color == 0:
            outline = text_style["fill"]
            text_style |= {"fill": "#ffffff", "stroke": outline, "stroke_width": 1.5}
    else:
        size = CELL * 0.8
    parts.append(_label({}, glyph, 0, 0, size, text_style))
    group = {
        "class": f"piece {variant.color_names[color]} {letter} {name}",
        "transform": f"translate({_number(x)} {_number(y)})",
    }
    return _container("g", group, parts)


def _mark(layout: _Layout, sq: int) -> str:
    """A cross over a square or crossing."""
    x, y = layout.centre(sq)
    arm = CELL * 0.3
    stroke = {"stroke": MARK, "stroke_width": CELL * 0.07, "stroke_linecap": "round"}
    lines = [
        _element("line", {"x1": x - arm, "y1": y - arm, "x2": x + arm, "y2": y + arm, **stroke}),
        _element("line", {"x1": x - arm, "y1": y + arm, "x2": x + arm, "y2": y - arm, **stroke}),
    ]
    return _container("g", {"class": f"mark {layout.geometry.square_name(sq)}"}, lines)


def _arrow(layout: _Layout, variant: Variant, arrow: Arrow) -> str:
    """An arrow from the centre of its tail to the edge of its head's square, or a circle
    when both are one square."""
    geometry = layout.geometry
    tail, head = parse_square(variant, arrow.tail), parse_square(variant, arrow.head)
    names = f"{geometry.square_name(tail)}-{geometry.square_name(head)}"
    paint = {"fill": arrow.color, "fill_opacity": ARROW_OPACITY}
    (x1, y1), (x2, y2) = layout.centre(tail), layout.centre(head)
    if tail == head:
        ring = {"fill": "none", "stroke": arrow.color, "stroke_opacity": ARROW_OPACITY}
        circle = {"cx": x1, "cy": y1, "r": CELL * 0.45, "stroke_width": CELL * 0.08, **ring}
        return _container("g", {"class": f"arrow {names}"}, [_element("circle", circle)])
    length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
    ux, uy = (x2 - x1) / length, (y2 - y1) / length  # along the arrow
    nx, ny = -uy, ux  # across it
    tip_x, tip_y = x2 - ux * CELL * 0.2, y2 - uy * CELL * 0.2
    head_length, head_half, shaft_half = CELL * 0.45, CELL * 0.3, CELL * 0.1
    base_x, base_y = tip_x - ux * head_length, tip_y - uy * head_length
    corners = [
        (x1 + nx * shaft_half, y1 + ny * shaft_half),
        (base_x + nx * shaft_half, base_y + ny * shaft_half),
        (base_x + nx * head_half, base_y + ny * head_half),
        (tip_x, tip_y),
        (base_x - nx * head_half, base_y - ny * head_half),
        (base_x - nx * shaft_half, base_y - ny * shaft_half),
        (x1 - nx * shaft_half, y1 - ny * shaft_half),
    ]
    points = " ".join(f"{_number(x)},{_number(y)}" for x, y in corners)
    polygon = _element("polygon", {"points": points, **paint})
    return _container("g", {"class": f"arrow {names}"}, [polygon])
