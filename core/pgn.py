"""The game record (`GameRecord`) of any variant, and its PGN: tags, then the moves in the
variant's notation, then the result. The command line's ``save`` and ``load``, the match's
``--pgn`` file and the public API's `xqchess.pgn` all read and write games through it.

The variant says which notation its PGN uses (``pgn_notation``) and whether games carry a
``[Variant "..."]`` tag (``pgn_variant_tag``; standard chess PGN has none), with a ``[Format]``
tag naming the notation, the convention of xiangqi PGN files. A game that does not start from
the variant's initial position carries ``[SetUp "1"]`` and ``[FEN "..."]`` tags. Reading skips
comments, variations, NAGs and move numbers, takes the result from the end of the movetext or
the ``[Result]`` tag, and names the first bad move in its error. `game_text` cuts the next
game out of a file of many, so that `read_pgn` never mixes the tags of one game with the moves
of another.
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
class GameRecord:
    """A game: its variant, the FEN it starts from, its moves (the kernel's codes), its PGN
    tags (name -> value, in their order) and its result (``1-0``, ``0-1``, ``1/2-1/2`` or
    ``*`` while it goes on; the ``Result`` tag written is this one)."""

    variant: Variant
    start_fen: str
    moves: list[int] = field(default_factory=list)
    tags: dict[str, str] = field(default_factory=dict)
    result: str = "*"

    def position(self) -> Position:
        """The position after all the moves, with its history."""
        pos = self.variant.position(self.start_fen, strict=False)
        for move in self.moves:
            pos.make(move)
        return pos

    def pgn_tags(self, notation: str | None = None) -> dict[str, str]:
        """The tags `write_pgn` writes: the Seven Tag Roster (the game's own values, else
        defaults: the event "xqchess game", today's date), the game's other tags, and those
        that say the game's variant and notation (``Variant``, ``Format``: moves in
        ``notation``, default the variant's PGN notation) and its start (``SetUp``, ``FEN``)."""
        variant = self.variant
        notation = variant.require_notation(notation or variant.pgn_notation)
        tags = {
            "Event": "xqchess game",
            "Site": "?",
            "Date": date.today().strftime("%Y.%m.%d"),
            "Round": "-",
            "White": "?",
            "Black": "?",
        }
        tags.update(self.tags)
        tags["Result"] = self.result
        if variant.pgn_variant_tag:
            tags["Variant"] = variant.pgn_variant_tag
            tags["Format"] = notation.upper()
        if self.start_fen != variant.start_fen:
            tags["SetUp"], tags["FEN"] = "1", self.start_fen
        return tags


def write_pgn(game: GameRecord, notation: str | None = None) -> str:
    """The game as PGN text, moves in ``notation`` (default: the variant's PGN notation);
    PgnError when its result is none of PGN's."""
    if game.result not in RESULTS:
        raise PgnError(f"PGN Result {game.result!r} is not one of {', '.join(RESULTS)}")
    variant = game.variant
    notation = variant.require_notation(notation or variant.pgn_notation)
    tags = game.pgn_tags(notation)
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
    words.append(game.result)
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


def tagged_record(tags: dict[str, str], variants: list[Variant]) -> GameRecord:
    """The record, without moves yet, of the game PGN ``tags`` describe: the game their
    ``Variant`` tag names among ``variants`` (`pgn_variant`), from their ``FEN`` tag's position
    (else the game's start), with these tags and their ``Result`` (else ``*``). PgnError names
    an unknown variant or a bad FEN."""
    variant = pgn_variant(tags, variants)
    record = GameRecord(
        variant, tags.get("FEN", variant.start_fen), [], dict(tags), tags.get("Result", "*")
    )
    try:
        record.position()
    except XQChessError as error:
        raise PgnError(f"PGN FEN tag: {error}") from None
    return record


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


def read_pgn(text: str, variants: list[Variant]) -> GameRecord:
    """The first game in ``text``. Its tags say which of ``variants`` it is and where it
    starts (`tagged_record`). Its result is the one that ends the movetext, else the
    ``[Result]`` tag's; the two must agree."""
    text = game_text(io.StringIO(text).readline) or ""
    tags = read_tags(text)
    body = TAG.sub(" ", text)
    if not tags and not body.strip():
        raise PgnError("PGN is empty")
    game = tagged_record(tags, variants)
    variant, pos = game.variant, game.position()
    declared = tags.get("Format", "").lower()
    notation = declared if declared in variant.notations else None
    if game.result not in RESULTS:
        raise PgnError(f"PGN Result tag {game.result!r} is not one of {', '.join(RESULTS)}")
    for token in _strip_movetext(body).split():
        token = MOVE_NUMBER.sub("", token, count=1)
        if not token:
            continue
        if token in RESULTS:
            if "Result" in tags and token != game.result:
                raise PgnError(f"PGN result {token} after the moves contradicts its Result tag")
            game.result = token
            break
        try:
            move = variant.parse_move(pos, token, notation)
        except XQChessError as error:
            raise PgnError(f"PGN move {pos.fullmove} {token!r}: {error}") from None
        pos.make(move)
        game.moves.append(move)
    return game
