"""Opening files for `xqchess match`: the positions games start from.

A file holds one opening per line: a FEN or EPD line (EPD operations after the position are
ignored), or a move list from the initial position in any of the game's notations (``e2e4 e7e5
g1f3``, ``1. e4 e5 2. Nf3``, ``h2e2 h9g7``; move numbers are skipped). Blank lines and text from
``#`` on are ignored. Each opening is played twice, once with each engine moving first.

Shipped sets, one per game (``openings.txt`` in the game's data folder, `Variant.data_file`; the
default of `xqchess match`, which starts every game from the initial position where a game
ships none). Chess and xiangqi ship
20 named main lines of opening theory per game, 6 to 10 plies deep, hand-written from the named
openings (the ECO lines in chess; the common xiangqi openings: central cannon against screen
horses, elephant and horse openings, and so on), each reaching a different position and each
kept only where Fairy-Stockfish at depth 14 scores it within 150 centipawns
(tests/test_openings.py re-checks both).
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from xqchess.core.errors import XQChessError
from xqchess.core.pgn import MOVE_NUMBER
from xqchess.core.variant import Variant

COMMENT = "#"
OPENINGS_FILE = "openings.txt"


class OpeningError(XQChessError):
    """An openings file is missing, empty, or has a line that is neither a position nor moves."""


class Opening(NamedTuple):
    """Where a game starts: a FEN (None: the initial position) and moves played from it."""

    fen: str | None
    moves: tuple[int, ...]
    text: str  # the line it was read from, for messages and PGN

    def position(self, variant: Variant):
        """The position after the opening's moves, with its history."""
        pos = variant.position(self.fen, strict=False)
        for move in self.moves:
            pos.make(move)
        return pos


def shipped_openings(variant: Variant) -> list[Opening]:
    """The game's shipped opening set."""
    source = variant.data_file(OPENINGS_FILE)
    if not source.is_file():
        return [Opening(None, (), "initial position")]
    return read_openings(source.read_text(encoding="utf-8"), variant, source.name)


def load_openings(path: str, variant: Variant) -> list[Opening]:
    """The openings of the file at ``path``; OpeningError names the file and the bad line."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise OpeningError(f"cannot read openings file {path!r}: {error}") from None
    return read_openings(text, variant, path)


def read_openings(text: str, variant: Variant, source: str) -> list[Opening]:
    openings = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split(COMMENT, 1)[0].strip()
        if line:
            openings.append(read_opening(line, variant, f"{source} line {number}"))
    if not openings:
        raise OpeningError(f"{source} holds no opening")
    return openings


def read_opening(line: str, variant: Variant, where: str) -> Opening:
    """One line: a position (its first fields, the longest prefix that reads as a FEN, so EPD
    operations after it are ignored) or, failing that, moves from the initial position."""
    words = line.split()
    for count in range(len(words), 0, -1):
        fen = " ".join(words[:count])
        try:
            variant.position(fen, strict=False)
        except XQChessError:
            continue
        return _playable(Opening(fen, (), line), variant, where)
    pos = variant.position()
    moves = []
    for word in words:
        word = MOVE_NUMBER.sub("", word)
        if not word:
            continue
        try:
            move = variant.parse_move(pos, word)
        except XQChessError as error:
            raise OpeningError(f"{where}: {error}") from None
        pos.make(move)
        moves.append(move)
    return _playable(Opening(None, tuple(moves), line), variant, where)


def _playable(opening: Opening, variant: Variant, where: str) -> Opening:
    """``opening``, unless its game is already over."""
    if variant.outcome(opening.position(variant), claim_draw=True) is not None:
        raise OpeningError(f"{where}: the game is already over in {opening.text!r}")
    return opening
