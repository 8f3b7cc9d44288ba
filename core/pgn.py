"""PGN game records for any variant: tags, then the moves in the variant's notation.

The variant says which notation its PGN uses (``pgn_notation``) and whether games carry a
``[Variant "..."]`` tag (``pgn_variant_tag``; standard chess PGN has none), with a ``[Format]``
tag naming the notation, the convention of xiangqi PGN files. A game that does not start from
the variant's initial position carries ``[SetUp "1"]`` and ``[FEN "..."]`` tags. Reading skips
comments, variations, NAGs, move numbers and the result, and names the first bad move in its
error.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date

from xqchess.core.errors import XQChessError
from xqchess.core.position import Position
from xqchess.core.variant import Variant

TAG = re.compile(r'\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
MOVE_NUMBER = re.compile(r"^\d+\.+")  # "12." or "12..." before (or instead of) a move


class PgnError(XQChessError):
    """A PGN text cannot be read: no game, an unknown variant, a bad FEN or move."""


@dataclass
class Game:
    variant: Variant
    start_fen: str
    moves: list[int] = field(default_factory=list)
    tags: dict[str, str] = field(default_factory=dict)

    def position(self) -> Position:
        """The position after all the moves, with its history."""
        pos = self.variant.position(self.start_fen, strict=False)
        for move in self.moves:
            pos.make(move)
        return pos


def write_pgn(game: Game, result: str = "*", notation: str | None = None) -> str:
    """The game as PGN text, moves in ``notation`` (default: the variant's PGN notation)."""
    variant = game.variant
    notation = variant.require_notation(notation or variant.pgn_notation)
    tags = {
        "Event": "xqchess game",
        "Site": "?",
        "Date": date.today().strftime("%Y.%m.%d"),
        "Round": "-",
        "White": "?",
        "Black": "?",
    }
    tags.update(game.tags)
    tags["Result"] = result
    if variant.pgn_variant_tag:
        tags["Variant"] = variant.pgn_variant_tag
        tags["Format"] = notation.upper()
    if game.start_fen != variant.start_fen:
        tags["SetUp"], tags["FEN"] = "1", game.start_fen
    lines = [f'[{name} "{value}"]' for name, value in tags.items()]
    pos = variant.position(game.start_fen, strict=False)
    words = []
    for index, move in enumerate(game.moves):
        if pos.side == 0:
            words.append(f"{pos.fullmove}.")
        elif index == 0:
            words.append(f"{pos.fullmove}...")
        words.append(variant.format_move(pos, move, notation))
        pos.make(move)
    words.append(result)
    movetext, line = [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > 79:
            movetext.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    movetext.append(line)
    return "\n".join(lines) + "\n\n" + "\n".join(movetext) + "\n"


def _strip_movetext(text: str) -> str:
    text = re.sub(r"\{[^}]*\}", " ", text)
    text = re.sub(r";[^\n]*", " ", text)
    while "(" in text:
        stripped = re.sub(r"\([^()]*\)", " ", text)
        if stripped == text:
            raise PgnError("PGN has an unbalanced variation parenthesis")
        text = stripped
    return re.sub(r"\$\d+", " ", text)


def read_pgn(text: str, variants: list[Variant]) -> tuple[Game, str]:
    """The first game in ``text`` and its result. Its ``[Variant]`` tag picks one of
    ``variants`` (case and spaces ignored); without one, the variant that writes no tag."""
    tags = dict(TAG.findall(text))
    body = TAG.sub(" ", text)
    if not tags and not body.strip():
        raise PgnError("PGN is empty")
    wanted = tags.get("Variant", "").replace(" ", "").lower() or None
    variant = next((v for v in variants if v.pgn_variant_tag == wanted), None)
    if variant is None:
        names = ", ".join(v.pgn_variant_tag or "(none)" for v in variants)
        raise PgnError(f"PGN variant {tags.get('Variant', '')!r} is not one of {names}")
    start_fen = tags.get("FEN", variant.start_fen)
    pos = variant.position(start_fen, strict=False)
    declared = tags.get("Format", "").lower()
    notation = declared if declared in variant.notations else None
    game = Game(variant, start_fen, [], tags)
    result = tags.get("Result", "*")
    for token in _strip_movetext(body).split():
        token = MOVE_NUMBER.sub("", token, count=1)
        if not token:
            continue
        if token in RESULTS:
            result = token
            break
        try:
            move = variant.parse_move(pos, token, notation)
        except XQChessError as error:
            raise PgnError(f"PGN move {pos.fullmove} {token!r}: {error}") from None
        pos.make(move)
        game.moves.append(move)
    return game, result
