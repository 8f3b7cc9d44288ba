"""PGN game records for any variant: tags, then the moves in the variant's notation.

The variant says which notation its PGN uses (``pgn_notation``) and whether games carry a
``[Variant "..."]`` tag (``pgn_variant_tag``; standard chess PGN has none), with a ``[Format]``
tag naming the notation, the convention of xiangqi PGN files. A game that does not start from
the variant's initial position carries ``[SetUp "1"]`` and ``[FEN "..."]`` tags. Reading skips
comments, variations, NAGs, move numbers and the result, and names the first bad move in its
error. `game_text` cuts the next game out of a file of many, so that `read_pgn` never mixes the
tags of one game with the moves of another.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date

from xqchess.core.errors import XQChessError
from xqchess.core.position import Position
from xqchess.core.variant import Variant

TAG = re.compile(r'\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
MOVE_NUMBER = re.compile(r"^\d+\.+")  # "12." or "12..." before (or instead of) a move
#: the Variant tag that names the game written without one (lichess writes it for chess)
STANDARD_TAG = "standard"


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
    lines = [f'[{name} "{escape(value)}"]' for name, value in tags.items()]
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


def escape(value: str) -> str:
    """A tag value as PGN quotes it: backslash and double quote escaped by a backslash."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


def unescape(value: str) -> str:
    """A quoted tag value as it was before `escape`."""
    return re.sub(r"\\(.)", r"\1", value)


def read_tags(text: str) -> dict[str, str]:
    """The tags of a PGN text, name -> value, in their order."""
    return {name: unescape(value) for name, value in TAG.findall(text)}


def _outside_comments(line: str, in_comment: bool) -> tuple[str, bool]:
    """The text of a PGN line outside its ``{...}`` and ``;`` comments, and whether a brace
    comment is still open at its end (``in_comment``: one was open at its start)."""
    outside = []
    for char in line:
        if in_comment:
            in_comment = char != "}"
        elif char == "{":
            in_comment = True
        elif char == ";":
            break
        else:
            outside.append(char)
    return "".join(outside), in_comment


def game_text(readline: Callable[[], str]) -> str | None:
    """The text of the next game on a stream read by ``readline`` (None when no game is
    left): its tags, then its movetext up to the result that ends it, or the blank line
    after it, or the end of the stream. Blank lines before the movetext and inside comments
    do not end a game; ``%`` escape lines and a byte order mark are skipped."""
    lines: list[str] = []
    moves_begun = in_comment = False
    while line := readline():
        if not lines:  # a file may begin with a byte order mark
            line = line.lstrip("\ufeff")
        if not in_comment and not line.strip():
            if moves_begun:
                break
            continue
        if not in_comment and line.startswith("%"):
            continue
        lines.append(line)
        outside, in_comment = _outside_comments(line, in_comment)
        words = TAG.sub(" ", outside).split()
        moves_begun = moves_begun or bool(words)
        if any(word in RESULTS for word in words):
            break
    return "".join(lines) if lines else None


def pgn_variant(tags: dict[str, str], variants: list[Variant]) -> Variant:
    """The game a PGN's ``[Variant]`` tag names among ``variants``, by the tag the game
    writes or by its name, case and spaces ignored; no tag (or ``Standard``) names the game
    written without one."""

    def folded(name: str) -> str:
        return name.replace(" ", "").lower()

    wanted = folded(tags.get("Variant", ""))
    for variant in variants:
        tag = variant.pgn_variant_tag
        known = {folded(variant.name)} | ({folded(tag)} if tag else {"", STANDARD_TAG})
        if wanted in known:
            return variant
    names = ", ".join(v.pgn_variant_tag or "(none)" for v in variants)
    raise PgnError(f"PGN variant {tags.get('Variant', '')!r} is not one of {names}")


def _strip_movetext(text: str) -> str:
    text = re.sub(r"\{[^}]*\}", " ", text)
    if "{" in text:
        raise PgnError("PGN has a comment { that is never closed")
    text = re.sub(r";[^\n]*", " ", text)
    while "(" in text:
        stripped = re.sub(r"\([^()]*\)", " ", text)
        if stripped == text:
            raise PgnError("PGN has an unbalanced variation parenthesis")
        text = stripped
    return re.sub(r"\$\d+", " ", text)


def read_pgn(text: str, variants: list[Variant]) -> tuple[Game, str]:
    """The first game in ``text`` and its result. Its ``[Variant]`` tag picks one of
    ``variants`` (`pgn_variant`). The result is the one that ends the movetext, else the
    ``[Result]`` tag's; the two must agree."""
    text = game_text(io.StringIO(text).readline) or ""
    tags = read_tags(text)
    body = TAG.sub(" ", text)
    if not tags and not body.strip():
        raise PgnError("PGN is empty")
    variant = pgn_variant(tags, variants)
    start_fen = tags.get("FEN", variant.start_fen)
    try:
        pos = variant.position(start_fen, strict=False)
    except XQChessError as error:
        raise PgnError(f"PGN FEN tag: {error}") from None
    declared = tags.get("Format", "").lower()
    notation = declared if declared in variant.notations else None
    game = Game(variant, start_fen, [], tags)
    result = tags.get("Result", "*")
    if result not in RESULTS:
        raise PgnError(f"PGN Result tag {result!r} is not one of {', '.join(RESULTS)}")
    for token in _strip_movetext(body).split():
        token = MOVE_NUMBER.sub("", token, count=1)
        if not token:
            continue
        if token in RESULTS:
            if "Result" in tags and token != result:
                raise PgnError(f"PGN result {token} after the moves contradicts its Result tag")
            result = token
            break
        try:
            move = variant.parse_move(pos, token, notation)
        except XQChessError as error:
            raise PgnError(f"PGN move {pos.fullmove} {token!r}: {error}") from None
        pos.make(move)
        game.moves.append(move)
    return game, result
