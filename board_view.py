"""Boards drawn with rich from each game's `BoardStyle`: pieces inside shaded squares (chess) or
on the crossings of a ruled board with its river and palaces (xiangqi), as symbols or, with
``--ascii``, as FEN letters on ASCII lines only. File letters and rank numbers on all sides,
each side's own file numbers along its edge where the game's notation counts files per side,
the last move and a king or general in check highlighted, either side at the bottom, and an
optional guard-value heat map (the guard heuristic's number on every square). `render_heat`
draws any per-square numbers the same way (a `HeatMap`: the chessmaps view's control values,
valueboard and move influence), in the guard map's cells or, ``compact``, in narrower ones so
that two boards stand side by side in 120 columns.

A `Theme` recolours a board for the terminal it is on (``light``, the games' own colours;
``dark``; ``mono``, which reads without colour as ``NO_COLOR`` asks: highlights by reverse
video and underline), and ``marks`` highlight chosen squares (a selected piece, its legal
targets, a cursor, a hinted move). ``dense`` leaves out a ruled board's rows between ranks,
but for the river, so that a xiangqi board fits 24 lines. After each render `square_at` tells
which square a character cell belongs to, for a front end's mouse clicks.

Every cell of a board has a background (the squares, the ruled board's fill, a highlight or a
heat color), and piece colors are chosen against those, so boards read alike on dark and
light terminals; only the coordinates around a board use the terminal's own colors.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import NamedTuple

from rich.cells import cell_len
from rich.text import Text
from xqchess.core.moves import move_from, move_to
from xqchess.core.pieces import COLOR_SHIFT
from xqchess.core.position import Position
from xqchess.variants import board_style
from xqchess.variants.style import POINTS, SQUARES, BoardStyle

LAST_MOVE = "#cdd26a"
CHECK = "#ffc0c0"
RIVER = "italic #204a90"
HEAT_NUMBER = "#000000"
#: guard values beyond this many points get no deeper heat color
HEAT_SATURATION = 20
HEAT_STEP = 5
#: the deepest heat color, reached at a heat map's saturation (the guard map's 20 points)
HEAT_DEPTH = HEAT_SATURATION * HEAT_STEP

RANK_MARGIN = 3  # "10 " before each row
SYMBOL_CELLS = 2  # a piece's place on a ruled board and in a heat-map cell (wide glyphs)
HEAT_CELL = SYMBOL_CELLS + 5  # " N +15 ": a space on each side keeps neighbours apart
HEAT_NUMBER_CELLS = 3  # the guard map's numbers: "+15"
POINT_SPACING = 4  # a crossing and the line to the next one
BOARD_PADDING = 1  # cells of fill left and right of a ruled board


#: `BoardView.render`'s ``marks``: the kinds of square a front end highlights
SELECTED, TARGET, CURSOR, HINT = "selected", "target", "cursor", "hint"


@dataclass(frozen=True)
class Theme:
    """A board's colours for one kind of terminal: how the games' own `BoardStyle` is
    recoloured per layout (``None``: kept), and the style each highlight adds to a square."""

    name: str
    #: per layout (`SQUARES`, `POINTS`), the fields of `BoardStyle` replaced
    restyle: Mapping[str, Mapping[str, object]]
    #: highlight kind (``"last"``, ``"check"``, `SELECTED`, `TARGET`, `CURSOR`, `HINT`) -> a
    #: background colour, or with ``colour`` off a rich style (reverse video, underline)
    highlights: Mapping[str, str]
    #: the river's inscription
    river: str = RIVER
    #: False: no colour at all, every mark a text attribute (``NO_COLOR``)
    colour: bool = True

    def style(self, style: BoardStyle) -> BoardStyle:
        """The game's board style in this theme's colours."""
        changes = self.restyle.get(style.layout)
        return replace(style, **changes) if changes else style


#: the light boards' highlights, each light enough for every piece colour (4.5:1)
LIGHT_HIGHLIGHTS = {
    "last": LAST_MOVE,
    "check": CHECK,
    SELECTED: "#a8ecc0",
    TARGET: "#c4e4ff",
    CURSOR: "#ffd98a",
    HINT: "#ecccff",
}
#: the dark boards' pieces: light ink, White's (Red's) first; chess's two sides are told apart
#: by their symbols' shapes as on the light board, and by colour
DARK_PIECES = ("bold #ffffff", "bold #f2b84b")
THEMES = {
    "light": Theme("light", {}, LIGHT_HIGHLIGHTS),
    "dark": Theme(
        "dark",
        {
            SQUARES: {"fills": ("#3b4252", "#2e3440"), "piece_styles": DARK_PIECES},
            POINTS: {
                "fills": ("#2e3440", "#2e3440"),
                "piece_styles": ("bold #ffa8a8", "bold #e6e6e6"),
                "line_color": "#9aa5b1",
            },
        },
        {
            "last": "#3f3d10",
            "check": "#6b2020",
            SELECTED: "#174a2e",
            TARGET: "#1f3f66",
            CURSOR: "#553b00",
            HINT: "#4f2a6b",
        },
        river="italic #8fb3e8",
    ),
    "mono": Theme(
        "mono",
        {},
        {
            "last": "underline",
            "check": "reverse bold",
            SELECTED: "reverse",
            TARGET: "underline",
            CURSOR: "reverse",
            HINT: "reverse",
        },
        colour=False,
    ),
}


class Ruling(NamedTuple):
    """The characters a ruled board is drawn with."""

    horizontal: str
    vertical: str
    rising: str
    falling: str
    #: (line up, line down, line left, line right) -> the crossing's character
    junctions: dict[tuple[bool, bool, bool, bool], str]


BOX_RULING = Ruling(
    "─",
    "│",
    "╱",
    "╲",
    {
        (True, True, True, True): "┼",
        (False, True, True, True): "┬",
        (True, False, True, True): "┴",
        (True, True, False, True): "├",
        (True, True, True, False): "┤",
        (False, True, False, True): "┌",
        (False, True, True, False): "┐",
        (True, False, False, True): "└",
        (True, False, True, False): "┘",
    },
)
ASCII_RULING = Ruling("-", "|", "/", "\\", dict.fromkeys(BOX_RULING.junctions, "+"))


def heat_fill(value: int, saturation: int = HEAT_SATURATION) -> str:
    """A light background whose hue says who controls the square (green: the first player,
    sky blue: the second) and whose depth says how much, deepest from ``saturation`` on; light
    enough for every piece color (contrast 4.5:1 at least, as the highlights and the boards'
    fills)."""
    if value == 0:
        return "#d8d8d8"
    level = min(abs(value), saturation) * HEAT_DEPTH // saturation
    if value > 0:
        return f"#{235 - level:02x}{245:02x}{235 - level:02x}"
    return f"#{235 - level:02x}{240 - level // 4:02x}{250:02x}"


def pad(text: str, cells: int, filler: str = " ") -> str:
    """``text`` followed by ``filler`` up to ``cells`` terminal cells (wide glyphs count 2)."""
    return text + filler * (cells - cell_len(text))


def center(text: str, cells: int) -> str:
    """``text`` centered in ``cells`` terminal cells."""
    left = (cells - cell_len(text)) // 2
    return pad(" " * left + text, cells)


class HeatMap(NamedTuple):
    """Numbers drawn on a board's squares, one per square in square-index order, each cell
    colored by `heat_fill`: a fixed-width cell holds the square's piece and its number."""

    values: Sequence[int]
    #: the text of a value (default: signed, "+15"); cells are as wide as the longest text
    label: Callable[[int], str] | None = None
    #: per square, the number whose sign and size choose the cell's color (positive: the
    #: first player's hue); default the values themselves
    heat: Sequence[int] | None = None
    #: the size from which the color is deepest (the guard map's 20 points)
    saturation: int = HEAT_SATURATION
    #: narrow cells, " P+15" (one space before the piece), instead of " P +15 "
    compact: bool = False
    #: the narrowest text: shorter texts are right-aligned in this many cells
    min_width: int = HEAT_NUMBER_CELLS

    def text(self, sq: int) -> str:
        value = int(self.values[sq])
        return self.label(value) if self.label is not None else f"{value:+d}"

    def width(self) -> int:
        return max([self.min_width, *(cell_len(self.text(sq)) for sq in range(len(self.values)))])

    def fill(self, sq: int) -> str:
        return heat_fill(
            int((self.values if self.heat is None else self.heat)[sq]), self.saturation
        )


class BoardView:
    """Renders positions of any variant; ``ascii_pieces`` draws letters and ASCII lines only,
    ``theme`` colours the board (`THEMES`)."""

    def __init__(self, ascii_pieces: bool = False, theme: Theme = THEMES["light"]) -> None:
        self.ascii = ascii_pieces
        self.ruling = ASCII_RULING if ascii_pieces else BOX_RULING
        self.theme = theme
        #: the last render's squares: square -> (line, first column, columns) on screen
        self.places: dict[int, tuple[int, int, int]] = {}
        self._ruled = False  # whether the last render was a ruled board

    def render(
        self,
        pos: Position,
        flipped: bool = False,
        last_move: int = 0,
        guard_values: list[int] | None = None,
        marks: Mapping[int, str] | None = None,
        dense: bool = False,
    ) -> Text:
        """``pos`` as its game draws it (``flipped``: the second player at the bottom), the
        ``last_move`` highlighted, or the ``guard_values`` heat map when given; ``marks``
        (square -> `SELECTED`, `TARGET`, `CURSOR` or `HINT`) highlight squares, and ``dense``
        draws a ruled board without the rows between its ranks (but the river's)."""
        style = board_style(pos.variant.name)
        if style.layout == POINTS and guard_values is None:
            return self._points(pos, style, flipped, last_move, marks or {}, dense)
        heat = None if guard_values is None else HeatMap(guard_values)
        return self._squares(pos, style, flipped, last_move, heat, marks or {})

    def render_heat(
        self, pos: Position, heat: HeatMap, flipped: bool = False, last_move: int = 0
    ) -> Text:
        """``pos`` with ``heat``'s number on every square, in squares of its color (any game:
        the numbers need cells, so a ruled board is drawn as squares too)."""
        return self._squares(pos, board_style(pos.variant.name), flipped, last_move, heat, {})

    def square_at(self, column: int, line: int) -> int | None:
        """The square drawn at character cell (``column``, ``line``) of the last render, or
        None (a label, a line between crossings). A ruled board's crossing also answers for
        the cell on each side of it, so that a click need not hit the glyph exactly."""
        for sq, (row, first, width) in self.places.items():
            slack = 1 if width == SYMBOL_CELLS and self._ruled else 0
            if row == line and first - slack <= column < first + width + slack:
                return sq
        return None

    # -- shared helpers ----------------------------------------------------------------------

    @staticmethod
    def _orders(pos: Position, flipped: bool) -> tuple[list[int], list[int]]:
        """Files left to right and ranks top to bottom as seen on screen."""
        geometry = pos.variant.geometry
        files = list(range(geometry.files))
        ranks = list(range(geometry.ranks - 1, -1, -1))
        if flipped:
            files.reverse()
            ranks.reverse()
        return files, ranks

    def _theme(self, heat: HeatMap | None) -> Theme:
        """The theme a board is drawn in: a heat map's fills are light whatever the theme,
        so a colour theme's heat map keeps the light board's pieces and highlights."""
        return THEMES["light"] if heat is not None and self.theme.colour else self.theme

    @staticmethod
    def _on(theme: Theme, colour: str) -> str:
        """The style part that paints a cell's background ``colour`` (none without colour)."""
        return f"on {colour}" if theme.colour and colour else ""

    @staticmethod
    def _ink(theme: Theme, style: str) -> str:
        """A piece's or line's ink, or nothing when the theme has no colour."""
        return style if theme.colour else ""

    def _highlights(
        self, theme: Theme, pos: Position, last_move: int, marks: Mapping[int, str]
    ) -> dict[int, str]:
        """Square -> the style part of its highlight: the last move's squares, a royal piece
        in check, then ``marks`` over them."""
        kinds: dict[int, str] = {}
        if last_move:
            kinds[move_from(last_move)] = kinds[move_to(last_move)] = "last"
        king = pos.kings[pos.side]
        if king >= 0 and pos.is_check():
            kinds[king] = "check"
        kinds.update(marks)
        paint = theme.highlights
        if theme.colour:
            return {sq: f"on {paint[kind]}" for sq, kind in kinds.items()}
        return {sq: paint[kind] for sq, kind in kinds.items()}

    def _symbol(self, style: BoardStyle, pos: Position, piece: int) -> str:
        """The piece's letter (``--ascii``) or glyph; empty for an empty square."""
        if not piece:
            return ""
        return pos.variant.piece_letters[piece] if self.ascii else style.glyphs[piece]

    @staticmethod
    def _file_letters(files: list[int]) -> list[str]:
        return [chr(ord("a") + file) for file in files]

    def _file_numbers(self, style: BoardStyle) -> tuple[tuple[str, ...], ...]:
        """Per color, each file's number (none when the game has no such numbers)."""
        return style.ascii_file_numbers if self.ascii else style.file_numbers

    @staticmethod
    def _edge_colors(flipped: bool) -> tuple[int, int]:
        """The colors whose edges are at the top and at the bottom of the screen."""
        return (0, 1) if flipped else (1, 0)

    @staticmethod
    def _label_row(
        labels: list[str],
        spacing: int,
        centered: bool,
        last: int | None = None,
        padding: int = 0,
        board: str = "",
    ) -> Text:
        """One row of ``labels``, one per column ``spacing`` cells apart after the rank margin
        and ``padding`` (centered in the column, or at its left); ``last`` sets the width of the
        last column. With ``board`` (a rich style), the row is printed on the board in it;
        without, in the terminal's own colors."""
        cells = [center(label, spacing) if centered else pad(label, spacing) for label in labels]
        if last is not None:
            cells[-1] = pad(labels[-1], last)
        row = Text(" " * RANK_MARGIN)
        if board:
            row.append(" " * padding + "".join(cells) + " " * padding, style=board)
        else:
            row.append((" " * padding + "".join(cells)).rstrip())
        row.append("\n")
        return row

    # -- squares (and the heat maps of either game) -------------------------------------------

    def _squares(
        self,
        pos: Position,
        style: BoardStyle,
        flipped: bool,
        last_move: int,
        heat: HeatMap | None,
        marks: Mapping[int, str],
    ) -> Text:
        """Pieces inside squares: shaded ones, or colored by ``heat`` with each square's
        number beside its piece."""
        theme = self._theme(heat)
        if heat is None:
            style = theme.style(style)
        geometry = pos.variant.geometry
        files, ranks = self._orders(pos, flipped)
        highlights = self._highlights(theme, pos, last_move, marks)
        width = 0
        if heat is None:
            glyph_cells = 1 if self.ascii else max(map(cell_len, style.glyphs.values()))
            spacing = glyph_cells + 2
        else:
            glyph_cells, width = SYMBOL_CELLS, heat.width()
            spacing = 1 + SYMBOL_CELLS + width + (0 if heat.compact else 1)
        compact = heat is not None and heat.compact

        def labels(names: list[str]) -> Text:
            if compact:  # over the piece, not the number
                return self._label_row([" " + name for name in names], spacing, False)
            return self._label_row(names, spacing, True)

        numbers = self._file_numbers(style)
        top, bottom = self._edge_colors(flipped)
        letters = labels(self._file_letters(files))
        text = letters.copy()
        if numbers:
            text.append_text(labels([numbers[top][f] for f in files]))
        self._ruled, self.places = False, {}
        for rank in ranks:
            label = rank + geometry.rank_base
            line = text.plain.count("\n")
            text.append(f"{label:>{RANK_MARGIN - 1}} ")
            for column, file in enumerate(files):
                sq = geometry.square(file, rank)
                self.places[sq] = (line, RANK_MARGIN + column * spacing, spacing)
                piece = pos.board[sq]
                symbol = pad(self._symbol(style, pos, piece), glyph_cells)
                ink = self._ink(theme, style.piece_styles[piece >> COLOR_SHIFT] if piece else "")
                if heat is None:
                    background = highlights.get(sq) or self._on(
                        theme, style.fills[(file + rank + 1) % 2]
                    )
                    text.append(f" {symbol} ", style=f"{ink} {background}".strip())
                else:
                    background = highlights.get(sq) or self._on(theme, heat.fill(sq))
                    text.append(f" {symbol}", style=f"{ink} {background}".strip())
                    number = " " * (width - cell_len(heat.text(sq))) + heat.text(sq)
                    text.append(
                        number if compact else number + " ",
                        style=f"{self._ink(theme, HEAT_NUMBER)} {background}".strip(),
                    )
            text.append(f" {label}\n")
        if numbers:
            text.append_text(labels([numbers[bottom][f] for f in files]))
        text.append_text(letters)
        text.rstrip()
        return text

    # -- a ruled board: pieces on the crossings ----------------------------------------------

    def _points(
        self,
        pos: Position,
        style: BoardStyle,
        flipped: bool,
        last_move: int,
        marks: Mapping[int, str],
        dense: bool,
    ) -> Text:
        """Pieces on the crossings of ruled lines, on the board's fill, each side's file
        numbers along its edge (``dense``: no rows between the ranks but the river's)."""
        theme = self.theme
        style = theme.style(style)
        geometry = pos.variant.geometry
        files, ranks = self._orders(pos, flipped)
        highlights = self._highlights(theme, pos, last_move, marks)
        board = self._on(theme, style.fills[0])
        lines = f"{self._ink(theme, style.line_color)} {board}".strip()
        numbers = self._file_numbers(style)
        top, bottom = self._edge_colors(flipped)
        letters = self._label_row(
            self._file_letters(files),
            POINT_SPACING,
            centered=False,
            last=SYMBOL_CELLS,
            padding=BOARD_PADDING,
        )
        text = letters.copy()
        if numbers:
            text.append_text(
                self._label_row(
                    [numbers[top][f] for f in files],
                    POINT_SPACING,
                    False,
                    SYMBOL_CELLS,
                    BOARD_PADDING,
                    lines,
                )
            )
        last_column = len(files) - 1
        self._ruled, self.places = True, {}
        for row, rank in enumerate(ranks):
            label = rank + geometry.rank_base
            line = text.plain.count("\n")
            text.append(f"{label:>{RANK_MARGIN - 1}} ")
            text.append(" " * BOARD_PADDING, style=board)
            for column, file in enumerate(files):
                sq = geometry.square(file, rank)
                first = RANK_MARGIN + BOARD_PADDING + column * POINT_SPACING
                self.places[sq] = (line, first, SYMBOL_CELLS)
                piece = pos.board[sq]
                background = highlights.get(sq, board)
                filler = self.ruling.horizontal if column < last_column else " "
                if piece:
                    symbol = pad(self._symbol(style, pos, piece), SYMBOL_CELLS, filler)
                    ink = self._ink(theme, style.piece_styles[piece >> COLOR_SHIFT])
                    text.append(symbol, style=f"{ink} {background}".strip())
                else:
                    up = row > 0 and self._joined(style, ranks[row - 1], rank, column, files)
                    down = row < len(ranks) - 1 and self._joined(
                        style, rank, ranks[row + 1], column, files
                    )
                    junction = self.ruling.junctions[up, down, column > 0, column < last_column]
                    text.append(
                        pad(junction, SYMBOL_CELLS, filler),
                        style=f"{self._ink(theme, style.line_color)} {background}".strip(),
                    )
                if column < last_column:
                    text.append(
                        self.ruling.horizontal * (POINT_SPACING - SYMBOL_CELLS), style=lines
                    )
            text.append(" " * BOARD_PADDING, style=board)
            text.append(f" {label}\n")
            if row < len(ranks) - 1 and (
                not dense or self._across_river(style, rank, ranks[row + 1])
            ):
                text.append_text(self._between(pos, style, files, rank, ranks[row + 1]))
        if numbers:
            text.append_text(
                self._label_row(
                    [numbers[bottom][f] for f in files],
                    POINT_SPACING,
                    False,
                    SYMBOL_CELLS,
                    BOARD_PADDING,
                    lines,
                )
            )
        text.append_text(letters)
        text.rstrip()
        return text

    @staticmethod
    def _across_river(style: BoardStyle, rank: int, next_rank: int) -> bool:
        return style.river is not None and min(rank, next_rank) == style.river

    def _joined(
        self, style: BoardStyle, rank: int, next_rank: int, column: int, files: list[int]
    ) -> bool:
        """Whether a line joins the crossings of ``column`` on two neighbouring ranks (the
        river cuts every file but the edges)."""
        return column in (0, len(files) - 1) or not self._across_river(style, rank, next_rank)

    def _between(
        self, pos: Position, style: BoardStyle, files: list[int], rank: int, next_rank: int
    ) -> Text:
        """The row between two ranks: the file lines with the palace diagonals, or the river."""
        board = self._on(self.theme, style.fills[0])
        lines = f"{self._ink(self.theme, style.line_color)} {board}".strip()
        row = Text(" " * RANK_MARGIN)
        row.append(" " * BOARD_PADDING, style=board)
        gap = POINT_SPACING - 1
        if self._across_river(style, rank, next_rank):
            inscriptions = style.ascii_river_text if self.ascii else style.river_text
            width = POINT_SPACING * (len(files) - 1) - 1  # between the edge files
            half = width // 2
            row.append(self.ruling.vertical, style=lines)
            row.append(
                center(inscriptions[0], half) + center(inscriptions[1], width - half),
                style=f"{self._ink(self.theme, self.theme.river)} {board}".strip(),
            )
            row.append(self.ruling.vertical + " " * (SYMBOL_CELLS - 1 + BOARD_PADDING), style=lines)
            row.append("\n")
            return row
        for column, file in enumerate(files):
            row.append(self.ruling.vertical, style=lines)
            if column < len(files) - 1:
                diagonal = self._diagonal(pos, style, file, files[column + 1], rank, next_rank)
                row.append(center(diagonal, gap), style=lines)
        row.append(" " * (SYMBOL_CELLS - 1 + BOARD_PADDING), style=board)
        row.append("\n")
        return row

    def _diagonal(
        self, pos: Position, style: BoardStyle, file: int, next_file: int, rank: int, next_rank: int
    ) -> str:
        """The palace diagonal in the gap between two files and two ranks as seen on screen
        (top-left corner at ``file``, ``rank``), or "" outside the palaces. The diagonals cross
        at the palace's centre, so the gap's diagonal runs from the corner that is the centre."""
        geometry = pos.variant.geometry
        top_left, bottom_right = geometry.square(file, rank), geometry.square(next_file, next_rank)
        corners = (
            top_left,
            geometry.square(next_file, rank),
            geometry.square(file, next_rank),
            bottom_right,
        )
        for palace in style.palaces:
            if all(sq in palace for sq in corners):
                middle = self._middle(pos, palace)
                return (
                    self.ruling.falling
                    if middle in (top_left, bottom_right)
                    else self.ruling.rising
                )
        return ""

    @staticmethod
    def _middle(pos: Position, region: frozenset[int]) -> int:
        """The middle square of a rectangular region."""
        geometry = pos.variant.geometry
        files = sorted({geometry.file_of(sq) for sq in region})
        ranks = sorted({geometry.rank_of(sq) for sq in region})
        return geometry.square(files[len(files) // 2], ranks[len(ranks) // 2])
