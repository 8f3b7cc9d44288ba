"""How the xiangqi family's games are drawn: `board_style` makes a `XiangqiGame`'s
`BoardStyle` (front-end data, read through the registry, never the kernel's): the pieces'
characters, the ruled board with its palaces and river, and the files' numbers as Chinese
boards print them."""

from __future__ import annotations

from collections.abc import Callable

from xqchess.core.geometry import Geometry
from xqchess.core.pieces import BLACK, piece_code
from xqchess.variants.families.xiangqi_family.board_tables import XiangqiBoard
from xqchess.variants.families.xiangqi_family.chinese import NUMBERS
from xqchess.variants.families.xiangqi_family.definition import KINDS, NAMES, RED, XiangqiGame
from xqchess.variants.families.xiangqi_family.wxf import make_wxf
from xqchess.variants.style import POINTS, BoardStyle

#: The pieces' characters in kind order (general to soldier), for Red and for Black.
SYMBOLS = ("帥仕相傌俥炮兵", "將士象馬車砲卒")


def file_numbers(
    numerals: tuple[str, str], geometry: Geometry, file_number: Callable[[int, int], int]
) -> tuple[tuple[str, ...], ...]:
    """Per color, each file's WXF number (files a, b, ...) in that color's ``numerals`` (indexed
    by value), as Chinese boards print them along that side's edge; ``file_number`` is the
    game's WXF file numbering."""
    return tuple(
        tuple(
            numerals[color][file_number(geometry.square(file, 0), color)]
            for file in range(geometry.files)
        )
        for color in (RED, BLACK)
    )


def board_style(game: XiangqiGame) -> BoardStyle:
    """Red and black pieces on a light wooden board ruled in brown, the palaces ruled with
    their diagonals, the river (if any) inscribed; Red's files 九 ... 一, Black's １ ... ９."""
    board = XiangqiBoard(game.geometry, game.palaces, game.own_halves, frozenset(game.kinds))
    file_number = make_wxf(board, NAMES).file_number
    return BoardStyle(
        POINTS,
        glyphs={
            piece_code(kind, color): SYMBOLS[color][KINDS.index(kind)]
            for color in (RED, BLACK)
            for kind in game.kinds
        },
        piece_styles=("bold #b00000", "bold #101010"),
        fills=("#ecd3a0", "#ecd3a0"),
        line_color="#6a4a20",
        river=board.river,
        river_text=game.river_text,
        ascii_river_text=game.ascii_river_text,
        palaces=game.palaces,
        file_numbers=file_numbers(NUMBERS, game.geometry, file_number),
        ascii_file_numbers=file_numbers(("0123456789", "0123456789"), game.geometry, file_number),
    )
