"""Coordinate move notation shared by the variants: from-square, to-square, promotion letter
(``e2e4``, ``e7e8q``, ``h3e3``), as UCI and Fairy-Stockfish's UCI_Variant write moves."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from core.errors import AmbiguousMoveError, IllegalMoveError, MoveError, XQChessError
from core.moves import move_from, move_promotion, move_to

if TYPE_CHECKING:
    from core.position import Position
    from core.variant import Variant

COORDINATES = re.compile(r"([a-z]\d+)([a-z]\d+)([a-z]?)")


def format_coordinates(variant: Variant, move: int, rank_base: int | None = None) -> str:
    geometry = variant.geometry
    text = (geometry.square_name(move_from(move), rank_base)
            + geometry.square_name(move_to(move), rank_base))
    promotion = move_promotion(move)
    if promotion:
        text += variant.piece_letters[promotion].lower()
    return text


def parse_coordinates(variant: Variant, pos: Position, text: str,
                      rank_base: int | None = None) -> int:
    """The legal move written as coordinates; MoveError names what is wrong with the text."""
    match = COORDINATES.fullmatch(text.strip())
    if not match:
        raise MoveError(f"bad move text {text!r}: expected from-square, to-square and an "
                        f"optional promotion letter, e.g. e2e4")
    try:
        frm = variant.geometry.parse_square(match.group(1), rank_base)
        to = variant.geometry.parse_square(match.group(2), rank_base)
    except XQChessError as error:
        raise MoveError(f"bad move text {text!r}: {error}") from None
    letter = match.group(3)
    if letter and letter not in variant.letter_pieces:
        raise MoveError(f"bad move text {text!r}: {letter!r} is not a piece letter")
    candidates = [m for m in pos.legal_moves() if move_from(m) == frm and move_to(m) == to]
    for move in candidates:
        promotion = move_promotion(move)
        if (variant.piece_letters[promotion].lower() if promotion else "") == letter:
            return move
    if candidates and not letter:
        raise IllegalMoveError(f"move {text} needs a promotion piece letter")
    raise IllegalMoveError(f"illegal move {text} in {pos.fen()}")


def parse_by_rendering(pos: Position, text: str, render: Callable[[Position, int], str],
                       normalize: Callable[[str], str], well_formed: Callable[[str], bool],
                       name: str, example: str) -> int:
    """The legal move whose text, as ``render`` writes it, equals ``text`` once both are
    normalized: the way to read notations defined by how they are written (WXF, Chinese).

    MoveError when ``text`` is not ``well_formed`` (after normalizing), IllegalMoveError when it
    is but names no legal move, AmbiguousMoveError when it names several."""
    wanted = normalize(text)
    if not well_formed(wanted):
        raise MoveError(f"bad move text {text!r}: not {name} notation (e.g. {example})")
    matches = [m for m in pos.legal_moves() if normalize(render(pos, m)) == wanted]
    if len(matches) > 1:
        names = ", ".join(format_coordinates(pos.variant, m) for m in matches)
        raise AmbiguousMoveError(f"ambiguous {name} move {text}: could be {names}")
    if not matches:
        raise IllegalMoveError(f"illegal move {text} in {pos.fen()}")
    return matches[0]
