"""Boards drawn with rich: chess on shaded squares (Unicode pieces or letters), xiangqi on its
own grid with the river and the palaces (pieces as red and black Chinese characters, or
letters). Coordinates on all sides, the last move and a king or general in check highlighted,
either side at the bottom, and an optional guard-value heat map (the guard heuristic's number on
every square).
"""

from __future__ import annotations

from rich.text import Text

from core.position import Position

CHESS_GLYPHS = {1: "♙", 2: "♘", 3: "♗", 4: "♖", 5: "♕", 6: "♔",
                9: "♟", 10: "♞", 11: "♝", 12: "♜", 13: "♛", 14: "♚"}
#: xiangqi piece codes -> characters (Red: 帥仕相傌俥炮兵, Black: 將士象馬車砲卒)
XIANGQI_GLYPHS = {1: "帥", 2: "仕", 3: "相", 4: "傌", 5: "俥", 6: "炮", 7: "兵",
                  9: "將", 10: "士", 11: "象", 12: "馬", 13: "車", 14: "砲", 15: "卒"}
LIGHT, DARK = "on #f0d9b5", "on #b58863"
LAST_MOVE = "on #cdd26a"
CHECK = "on #e05050"
RED_PIECE, BLACK_PIECE = "bold #d01010", "bold #101010"
GRID = "#8a6a3a"


def heat_style(value: int) -> str:
    """A background whose hue says who controls the square and whose depth says how much."""
    if value == 0:
        return "on #d8d8d8"
    level = min(abs(value), 20) * 8
    if value > 0:
        return f"on #{235 - level:02x}{245:02x}{235 - level:02x}"
    return f"on #{245:02x}{235 - level:02x}{235 - level:02x}"


class BoardView:
    """Renders positions of one variant; ``ascii`` uses FEN letters instead of symbols."""

    def __init__(self, ascii_pieces: bool = False) -> None:
        self.ascii = ascii_pieces

    def render(self, pos: Position, flipped: bool = False, last_move: int = 0,
               guard_values: list[int] | None = None) -> Text:
        if pos.variant.name == "xiangqi" and guard_values is None:
            return self._xiangqi(pos, flipped, last_move)
        return self._squares(pos, flipped, last_move, guard_values)

    # -- shared helpers ----------------------------------------------------------------------

    def _orders(self, pos: Position, flipped: bool) -> tuple[range, range]:
        geometry = pos.variant.geometry
        files = range(geometry.files - 1, -1, -1) if flipped else range(geometry.files)
        ranks = range(geometry.ranks) if flipped else range(geometry.ranks - 1, -1, -1)
        return files, ranks

    def _highlights(self, pos: Position, last_move: int) -> dict[int, str]:
        marks = {}
        if last_move:
            marks[last_move & 127] = marks[last_move >> 7 & 127] = LAST_MOVE
        king = pos.kings[pos.side]
        if king >= 0 and pos.is_check():
            marks[king] = CHECK
        return marks

    def _file_labels(self, files: range, width: int, centered: bool = True) -> Text:
        """File letters over each column (centered on squares, or over grid points)."""
        labels = ("abcdefghi"[f].center(width) if centered else "abcdefghi"[f].ljust(width)
                  for f in files)
        return Text("   " + "".join(labels).rstrip())

    # -- chess squares (and the guard heat map of either game) -------------------------------

    def _squares(self, pos: Position, flipped: bool, last_move: int,
                 guard_values: list[int] | None) -> Text:
        geometry = pos.variant.geometry
        files, ranks = self._orders(pos, flipped)
        marks = self._highlights(pos, last_move)
        width = 5 if guard_values is not None else 3
        text = self._file_labels(files, width)
        text.append("\n")
        for rank in ranks:
            label = f"{rank + geometry.rank_base:>2} "
            text.append(label)
            for file in files:
                sq = geometry.square(file, rank)
                piece = pos.board[sq]
                if guard_values is not None:
                    style = marks.get(sq) or heat_style(guard_values[sq])
                    cell = f"{self._symbol(pos, piece, 2)}{guard_values[sq]:>+3d}"
                else:
                    style = marks.get(sq) or (LIGHT if (file + rank) % 2 else DARK)
                    cell = f" {self._symbol(pos, piece, 1)} "
                color = RED_PIECE if piece and piece >> 3 == 0 and pos.variant.name == "xiangqi" \
                    else "#000000"
                text.append(cell, style=f"{color} {style}")
            text.append(f" {rank + geometry.rank_base}\n")
        text.append_text(self._file_labels(files, width))
        return text

    def _symbol(self, pos: Position, piece: int, width: int) -> str:
        if not piece:
            return " " * width
        if self.ascii or (pos.variant.name == "chess" and width == 2):
            return pos.variant.piece_letters[piece].ljust(width)
        glyph = (CHESS_GLYPHS if pos.variant.name == "chess" else XIANGQI_GLYPHS)[piece]
        return glyph if pos.variant.name == "xiangqi" else glyph.ljust(width)

    # -- the xiangqi grid --------------------------------------------------------------------

    def _xiangqi(self, pos: Position, flipped: bool, last_move: int) -> Text:
        files, ranks = self._orders(pos, flipped)
        geometry = pos.variant.geometry
        marks = self._highlights(pos, last_move)
        text = self._file_labels(files, 4, centered=False)
        text.append("\n")
        ranks = list(ranks)
        for row, rank in enumerate(ranks):
            text.append(f"{rank + geometry.rank_base:>2} ")
            for column, file in enumerate(files):
                sq = geometry.square(file, rank)
                piece = pos.board[sq]
                if piece:
                    glyph = pos.variant.piece_letters[piece] + " " if self.ascii else \
                        XIANGQI_GLYPHS[piece]
                    color = RED_PIECE if piece >> 3 == 0 else BLACK_PIECE
                    text.append(glyph, style=f"{color} {marks.get(sq, '')}".strip())
                else:
                    text.append("┼─" if 0 < column < 8 else ("├─" if column == 0 else "┤ "),
                                style=f"{GRID} {marks.get(sq, '')}".strip())
                if column < 8:
                    text.append("──", style=GRID)
            text.append(f" {rank + geometry.rank_base}\n")
            if row < len(ranks) - 1:
                text.append(self._between(rank, ranks[row + 1]))
        text.append_text(self._file_labels(files, 4, centered=False))
        return text

    def _between(self, rank: int, next_rank: int) -> Text:
        """The connector row between two ranks: verticals, palace diagonals, or the river."""
        low = min(rank, next_rank)
        line = Text("   ")
        if low == 4:  # the river between ranks 5 and 6
            line.append("│", style=GRID)
            line.append("   楚  河" + " " * 13 + "漢  界   ", style="italic #3060a0")
            line.append("│\n", style=GRID)
            return line
        descending = rank > next_rank
        for column in range(9):
            line.append("│ ", style=GRID)
            if column < 8:
                diagonal = self._palace_diagonal(low, column, descending)
                line.append(f"{diagonal} " if diagonal else "  ", style=GRID)
        line.append("\n")
        return line

    @staticmethod
    def _palace_diagonal(low: int, column: int, descending: bool) -> str:
        """'╲' or '╱' in the gap after ``column`` between ranks ``low`` and ``low + 1`` inside
        a palace (files d-f, ranks 1-3 and 8-10), as seen on screen."""
        if low not in (0, 1, 7, 8) or column not in (3, 4):
            return ""
        lower_half = low in (0, 7)  # the palace's lower row of gaps
        first_gap = column == 3
        rising = first_gap == lower_half
        return "╱" if rising == descending else "╲"
