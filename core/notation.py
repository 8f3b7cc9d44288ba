"""Coordinate move notation shared by the variants: from-square, to-square, promotion letter
(``e2e4``, ``e7e8q``, ``h3e3``), as UCI and Fairy-Stockfish's UCI_Variant write moves."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from xqchess.core.errors import AmbiguousMoveError, IllegalMoveError, MoveError, XQChessError
from xqchess.core.legality import KIND_MASK, promotion_fault, rejection
from xqchess.core.moves import SQUARE_BITS, move_from, move_promotion, move_to

if TYPE_CHECKING:
    from xqchess.core.position import Position
    from xqchess.core.variant import Variant

COORDINATES = re.compile(r"([a-z][0-9]+)([a-z][0-9]+)([a-z]?)")


def format_coordinates(variant: Variant, move: int, rank_base: int | None = None) -> str:
    geometry = variant.geometry
    text = geometry.square_name(move_from(move), rank_base) + geometry.square_name(
        move_to(move), rank_base
    )
    promotion = move_promotion(move)
    if promotion:
        text += variant.piece_letters[promotion].lower()
    return text


def parse_coordinates(
    variant: Variant, pos: Position, text: str, rank_base: int | None = None
) -> int:
    """The legal move written as coordinates; MoveError names what is wrong with the text."""
    match = COORDINATES.fullmatch(text.strip())
    if not match:
        raise MoveError(
            f"bad move text {text!r}: expected from-square, to-square and an "
            f"optional promotion letter, e.g. e2e4"
        )
    try:
        frm = variant.geometry.parse_square(match.group(1), rank_base)
        to = variant.geometry.parse_square(match.group(2), rank_base)
    except XQChessError as error:
        raise MoveError(f"bad move text {text!r}: {error}") from None
    letter = match.group(3)
    if letter and letter not in variant.letter_pieces:
        raise MoveError(f"bad move text {text!r}: {letter!r} is not a piece letter")
    candidates = [m for m in pos.legal_moves() if move_from(m) == frm and move_to(m) == to]
    promotion = variant.letter_pieces[letter] & KIND_MASK if letter else 0
    for move in candidates:
        if move_promotion(move) == promotion:
            return move
    reason = (
        promotion_fault(pos, candidates, promotion)
        if candidates
        else rejection(pos, frm, to, rank_base)
    )
    raise IllegalMoveError(f"illegal move {text}: {reason}")


def parse_by_rendering(
    pos: Position,
    text: str,
    render: Callable[[Position, int], str],
    normalize: Callable[[str], str],
    well_formed: Callable[[str], bool],
    name: str,
    example: str,
    *,
    plain: Callable[[Position, int], str] | None = None,
    unmatched: Callable[[Position, str], str] | None = None,
) -> int:
    """The legal move whose text, as ``render`` writes it, equals ``text`` once both are
    normalized: the way to read notations defined by how they are written (WXF, Chinese).
    Failing that, the legal move ``plain`` writes so: the same notation with the piece named by
    its own file, as people write it where the notation tells two pieces on a file apart.

    MoveError when ``text`` is not ``well_formed`` (after normalizing); AmbiguousMoveError when
    it names several legal moves, listing them as ``render`` writes them; IllegalMoveError when
    it names none, with the reason: each move it names were the pieces' paths clear, refused as
    `core.legality.rejection` says, or, when it names no such move, as ``unmatched`` says given
    the normalized text (by default, that no piece makes that move). Moves are named by their
    squares alone: for games whose moves carry no promotion or special flags."""
    wanted = normalize(text)
    if not well_formed(wanted):
        raise MoveError(f"bad move text {text!r}: not {name} notation (e.g. {example})")
    renders = (render,) if plain is None else (render, plain)
    legal = pos.legal_moves()
    for writer in renders:
        matches = [m for m in legal if normalize(writer(pos, m)) == wanted]
        if len(matches) > 1:
            names = [render(pos, m) for m in matches]
            if len(set(names)) < len(names):  # written alike: tell them apart by their squares
                names = [
                    f"{n} ({format_coordinates(pos.variant, m)})" for n, m in zip(names, matches)
                ]
            raise AmbiguousMoveError(
                f"ambiguous {name} move {text}: could be {', '.join(sorted(names))}"
            )
        if matches:
            return matches[0]
    variant = pos.variant
    named = [
        (frm, to)
        for frm in sorted(pos.occupied[pos.side])
        for to in variant.reach(pos, frm)
        if any(normalize(writer(pos, frm | to << SQUARE_BITS)) == wanted for writer in renders)
    ]
    reasons = [rejection(pos, frm, to) for frm, to in named] or [
        (unmatched or _no_such_move)(pos, wanted)
    ]
    raise IllegalMoveError(f"illegal move {text}: {'; '.join(dict.fromkeys(reasons))}")


def _no_such_move(pos: Position, wanted: str) -> str:
    return f"no {pos.variant.color_names[pos.side]} piece makes that move"
