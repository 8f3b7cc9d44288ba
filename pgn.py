"""PGN games from Python, for every game, in the manner of python-chess's ``chess.pgn``.

`read_game` reads the next game of an open PGN file into a `Game`: its ``headers``, its
mainline (`Game.mainline_moves`, or the nodes of `Game.mainline`, each with its ``move`` and
``board()``) and its result (``headers["Result"]``); `Game.from_board` makes one from a
`Board`'s moves, and ``str(game)`` writes it. A `Game` is a tree over the kernel's game
record (`xqchess.core.pgn.GameRecord`: `Game.record` makes one, `Game.from_record` reads one),
which reads and writes PGN as the command line does: the game is the one the ``[Variant]`` tag
names as Fairy-Stockfish and cutechess write it (no tag: chess), moves are in the game's PGN
notation (SAN, or WXF for the xiangqi family), a game that does not start from the initial
position carries ``[SetUp]`` and ``[FEN]`` tags, and bad PGN raises `PgnError` (a
``ValueError``) naming the fault. Comments, variations and NAGs are skipped: a game keeps its
mainline only.

>>> import io
>>> import xqchess.pgn
>>> game = xqchess.pgn.read_game(io.StringIO('[Variant "xiangqi"]\\n1. C2=5 H8+7 1-0\\n'))
>>> game.headers["Result"], [move.uci() for move in game.mainline_moves()]
('1-0', ['h3e3', 'h10g8'])
>>> game.end().board().fen()
'rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TextIO

from xqchess import Board, Move
from xqchess.core.pgn import GameRecord, PgnError, game_text, read_pgn, tagged_record, write_pgn
from xqchess.core.variant import Variant
from xqchess.move import expect
from xqchess.variants import NAMES, get_variant

__all__ = ["Game", "ChildNode", "GameNode", "PgnError", "read_game"]

#: the tags every game carries, in PGN's order (the Seven Tag Roster) and their unknown values
SEVEN_TAG_ROSTER = {
    "Event": "?",
    "Site": "?",
    "Date": "????.??.??",
    "Round": "?",
    "White": "?",
    "Black": "?",
    "Result": "*",
}


def _variants() -> list[Variant]:
    """Every game, for the Variant tag to choose from."""
    return [get_variant(name) for name in NAMES]


class GameNode:
    """A position of a game's mainline: the `Game` itself (the start) or a `ChildNode` (the
    position after its ``move``)."""

    def __init__(self, parent: GameNode | None) -> None:
        """A node after ``parent``; only a `Game` has none. TypeError unless ``parent`` is a
        node (or None for a `Game`)."""
        if parent is None and not isinstance(self, Game):
            raise TypeError("expected a parent GameNode, got None: only a Game starts a game")
        if parent is not None:
            expect(parent, GameNode, "a parent GameNode")
        self.parent = parent
        self.variation: ChildNode | None = None

    def game(self) -> Game:
        """The game this node belongs to."""
        node = self
        while node.parent is not None:
            node = node.parent
        assert isinstance(node, Game)
        return node

    def moves_to_here(self) -> list[Move]:
        """The moves from the game's start to this position."""
        moves = []
        node: GameNode | None = self
        while isinstance(node, ChildNode):
            moves.append(node.move)
            node = node.parent
        return moves[::-1]

    def board(self) -> Board:
        """A new `Board` at this position, with the moves that led to it on its stack."""
        board = self.game().start_board()
        for move in self.moves_to_here():
            board.push(move)
        return board

    def ply(self) -> int:
        """The number of moves from the game's start to this position."""
        return len(self.moves_to_here())

    def next(self) -> ChildNode | None:
        """The mainline's next node, None at its end."""
        return self.variation

    def end(self) -> GameNode:
        """The last node of the mainline from here (this node when no move follows)."""
        node: GameNode = self
        while node.variation is not None:
            node = node.variation
        return node

    def mainline(self) -> Iterator[ChildNode]:
        """The nodes that follow this one on the mainline, in order."""
        node = self.variation
        while node is not None:
            yield node
            node = node.variation

    def mainline_moves(self) -> list[Move]:
        """The moves of the mainline from here."""
        return [node.move for node in self.mainline()]

    def add_main_variation(self, move: Move | str) -> ChildNode:
        """Play ``move`` (a `Move`, or text in any notation the game reads) after this
        position, as the mainline's continuation; the moves that followed it are dropped (a
        game keeps its mainline only). An illegal move raises and changes nothing."""
        played = self.board().push(move)
        self.variation = ChildNode(self, played)
        return self.variation


class ChildNode(GameNode):
    """The position after ``move``, played from the ``parent`` node."""

    def __init__(self, parent: GameNode, move: Move) -> None:
        """The node after ``move`` played from ``parent``; TypeError unless they are a
        `GameNode` and a `Move` (whether the move is legal there, `board` says)."""
        super().__init__(parent)
        expect(move, Move, "a Move")
        self.move = move

    def __repr__(self) -> str:
        return f"<ChildNode {self.move} at ply {self.ply()}>"


class Game(GameNode):
    """A game: its ``headers`` (a dict of PGN tags, the Seven Tag Roster first) and its
    mainline. The headers say which game it is and where it starts: ``Variant`` (as
    Fairy-Stockfish and cutechess write it; none: chess) and ``FEN``. ``str(game)`` is its PGN.

    >>> import xqchess
    >>> board = xqchess.Board("capablanca")
    >>> for san in ("e4", "e5", "Ci3"):
    ...     _ = board.push_san(san)
    >>> game = Game.from_board(board)
    >>> game.headers["White"] = "Capablanca"
    >>> print(game)  # doctest: +ELLIPSIS
    [Event "?"]
    ...
    [White "Capablanca"]
    [Black "?"]
    [Result "*"]
    [Variant "Capablanca"]
    [Format "SAN"]
    <BLANKLINE>
    1. e4 e5 2. Ci3 *
    <BLANKLINE>
    """

    def __init__(self, headers: Mapping[str, str] | None = None) -> None:
        """A game with ``headers`` (tag -> value, both str) besides the Seven Tag Roster's
        defaults. Raises PgnError when the headers name no game or a bad FEN, TypeError
        for headers that are not a mapping of str to str."""
        super().__init__(None)
        if headers is not None:
            expect(headers, Mapping, "headers as a mapping of PGN tags to values (str)")
            for tag, value in headers.items():
                expect(tag, str, "a PGN tag name (str)")
                expect(value, str, f"the value of the PGN tag {tag} (str)")
        self.headers: dict[str, str] = {**SEVEN_TAG_ROSTER, **(headers or {})}
        self.start_board()  # the headers name a game and a position

    @classmethod
    def from_board(cls, board: Board) -> Game:
        """The game ``board`` holds: its start and the moves on its stack, the result if it
        has ended (``*`` if not), and the tags PGN gives its game and start. TypeError
        unless ``board`` is a `Board`."""
        expect(board, Board, "a Board")
        start = board.copy()
        while start.move_stack:
            start.pop()
        outcome = board.outcome()
        record = GameRecord(
            board.variant,
            start.fen(),
            board.position.moves_played(),
            dict(SEVEN_TAG_ROSTER),
            outcome.result() if outcome else "*",
        )
        record.tags = record.pgn_tags()  # with Variant, Format, SetUp and FEN, as written
        return cls.from_record(record)

    @classmethod
    def from_record(cls, record: GameRecord) -> Game:
        """The game the kernel's ``record`` holds: its tags and result as the headers, its
        moves as the mainline. TypeError unless ``record`` is a `GameRecord`."""
        expect(record, GameRecord, "a GameRecord")
        game = cls({**record.tags, "Result": record.result})
        node: GameNode = game
        for code in record.moves:
            node.variation = ChildNode(node, Move.from_code(code, record.variant.name))
            node = node.variation
        return game

    def record(self) -> GameRecord:
        """The kernel's record of the game, which ``str`` writes as PGN: the game and start its
        headers name, their tags and result, and the mainline's moves."""
        record = tagged_record(self.headers, _variants())
        record.moves = self.end().board().position.moves_played()
        return record

    def start_board(self) -> Board:
        """A new `Board` at the game's start: the game and position its headers name."""
        record = tagged_record(self.headers, _variants())
        return Board(record.variant.name, record.start_fen, strict=False)

    def __str__(self) -> str:
        return write_pgn(self.record())

    def __repr__(self) -> str:
        players = f"{self.headers['White']!r} vs {self.headers['Black']!r}"
        return f"<Game {players}, {len(self.mainline_moves())} plies>"


def read_game(handle: TextIO) -> Game | None:
    """The next game of the PGN text open as ``handle`` (None when none is left), read on
    from where the last one ended; raises `PgnError` naming what is wrong with it, and
    TypeError unless ``handle`` reads text (a file open in text mode, `io.StringIO`)."""
    readline = getattr(handle, "readline", None)
    if not callable(readline):
        raise TypeError(
            f"expected a PGN text stream (with readline), got {type(handle).__name__} {handle!r}"
        )

    def line() -> str:
        text = readline()
        if not isinstance(text, str):
            raise TypeError(
                f"expected a PGN text stream: the handle read {type(text).__name__}, not str"
                " (open the file in text mode)"
            )
        return text

    text = game_text(line)
    return None if text is None else Game.from_record(read_pgn(text, _variants()))
