"""How a front end draws a game's board (`BoardStyle`): front-end data, beside the rules and
never part of the kernel's `Variant`. Each family's builder package makes the style of its
games from their definitions (`families.board_style`); the front ends read it through the
registry (`xqchess.variants.board_style`), so that none asks which game it is.
"""

from __future__ import annotations

from dataclasses import dataclass

#: `BoardStyle.layout` values: pieces inside shaded squares, or on the crossings of ruled lines.
SQUARES, POINTS = "squares", "points"


@dataclass(frozen=True)
class BoardStyle:
    """How a front end draws a game's board: data, so that no front end asks which game it is.

    Colors are hex strings (``"#b00000"``) chosen to read on the board's own fills, so a board
    looks the same on dark and light terminals. Each text field has an ASCII twin for
    ``--ascii``, which draws pieces by their FEN letters.
    """

    #: `SQUARES` (chess) or `POINTS` (xiangqi, with ``river`` and ``palaces`` below).
    layout: str
    #: piece code -> its symbol (one or two terminal cells wide).
    glyphs: dict[int, str]
    #: per color, the rich style its pieces are drawn in (``"bold #b00000"``).
    piece_styles: tuple[str, str]
    #: the board's background: (light squares, dark squares), or (board, board) for points.
    fills: tuple[str, str]
    #: the color of a points board's lines and of the file numbers printed on it.
    line_color: str = ""
    #: the last rank (0-based) before the river (None: no river) and, per bank, its inscription.
    river: int | None = None
    river_text: tuple[str, str] = ("", "")
    ascii_river_text: tuple[str, str] = ("", "")
    #: the regions whose diagonals are ruled through their centres (the xiangqi palaces).
    palaces: tuple[frozenset[int], ...] = ()
    #: per color, each file's number counted from that color's side (by file, a first), drawn
    #: along that color's edge; empty when the game's notation names files by letter only.
    file_numbers: tuple[tuple[str, ...], ...] = ()
    ascii_file_numbers: tuple[tuple[str, ...], ...] = ()
