"""FEN reading for any variant: the generic fields here, the game's own rules via hooks (the
writer is `Position.fen`).

Six fields (board, side, rights, ep square, half-move clock, move number); those after the side
may be left off at the end (the four-field EPD form among them) and default to ``- - 0 1``, as
Fairy-Stockfish and python-chess read them. The board and counters are parsed here; the variant
parses its rights and ep fields and validates the placement (`Variant.parse_rights`,
`parse_ep`, `validate`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xqchess.core.errors import FenError
from xqchess.core.legality import KIND_MASK
from xqchess.core.position import Position

if TYPE_CHECKING:
    from xqchess.core.variant import Variant

#: what the fields after the side to move are when left off: rights, ep square and counters
DEFAULT_FIELDS = ("-", "-", "0", "1")

#: the largest move counter a FEN may give: the compiled kernel keeps the counters as C ints
#: (31 bits), and this leaves room for a game's moves after it
COUNTER_LIMIT = 2**30


def parse_fen(variant: Variant, text: str, strict: bool = True) -> Position:
    """The position ``text`` describes; raises FenError naming the first fault found.

    ``strict=False`` skips the variant's plausibility checks (placements no game can reach,
    such as an elephant off its seven points), as Fairy-Stockfish does, for composed positions.
    """
    fields = text.split()
    if not fields:
        raise FenError("FEN is empty")
    if len(fields) == 1:
        raise FenError("FEN is missing its side-to-move field")
    if len(fields) > 6:
        raise FenError(f"FEN has {len(fields)} fields, expected at most 6")
    fields += DEFAULT_FIELDS[len(fields) - 2 :]
    board = parse_board(variant, fields[0])
    side = variant.side_letters.get(fields[1])
    if side is None:
        letters = ", ".join(variant.side_letters)
        raise FenError(f"FEN side to move {fields[1]!r} is not one of {letters}")
    pos = Position(variant, board, side)
    variant.validate(pos, strict)
    pos.rights = variant.parse_rights(fields[2], pos)
    pos.ep = variant.parse_ep(fields[3], pos)
    pos.halfmove = _parse_counter(fields[4], "halfmove clock", minimum=0)
    pos.fullmove = _parse_counter(fields[5], "fullmove number", minimum=1)
    pos.hash = pos.compute_hash()
    pos.forget_history()
    return pos


def require_waiting_side_safe(pos: Position) -> None:
    """Raise FenError when the side not to move is in check: it cannot have moved into check,
    and the side to move could capture its royal piece."""
    variant = pos.variant
    waiting = pos.side ^ 1
    if variant.attacked(pos, pos.kings[waiting], pos.side):
        names = variant.color_names
        royal = variant.kind_names[variant.royal_pieces[waiting] & KIND_MASK]
        raise FenError(
            f"FEN has the {names[waiting]} {royal} in check with {names[pos.side]} "
            f"to move: the side not to move cannot be in check"
        )


def parse_board(variant: Variant, text: str) -> list[int]:
    """The board of the FEN placement ``text`` in ``variant`` (FenError naming the fault)."""
    geometry = variant.geometry
    rows = text.split("/")
    if len(rows) != geometry.ranks:
        raise FenError(f"FEN board has {len(rows)} ranks, expected {geometry.ranks}")
    board = [0] * geometry.size
    for row_index, row in enumerate(rows):
        rank = geometry.ranks - 1 - row_index
        rank_label = rank + geometry.rank_base
        file = 0
        digits = ""
        for char in row + "/":
            if char in "0123456789":
                digits += char
                continue
            if digits:
                if digits.startswith("0"):
                    raise FenError(f"FEN rank {rank_label} has a bad empty-square count {digits!r}")
                file += int(digits)
                digits = ""
            if char == "/":
                break
            piece = variant.letter_pieces.get(char)
            if piece is None:
                raise FenError(f"FEN rank {rank_label} has a bad piece letter {char!r}")
            if file < geometry.files:
                board[geometry.square(file, rank)] = piece
            file += 1
        if file != geometry.files:
            raise FenError(f"FEN rank {rank_label} has {file} files, expected {geometry.files}")
    return board


def _parse_counter(text: str, name: str, minimum: int) -> int:
    digits = text.isascii() and text.isdigit() and len(text) <= len(str(COUNTER_LIMIT))
    if not digits or not minimum <= int(text) <= COUNTER_LIMIT:
        shown = text if len(text) <= 20 else text[:20] + "..."
        raise FenError(
            f"FEN {name} {shown!r} must be an integer from {minimum} to {COUNTER_LIMIT:,}"
        )
    return int(text)
