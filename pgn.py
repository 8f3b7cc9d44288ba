"""PGN games from Python, for every game, in the manner of python-chess's ``chess.pgn``.

`read_game` reads the next game of an open PGN file into a `Game`: its ``headers``, its
mainline (`Game.mainline_moves`, or the nodes of `Game.mainline`, each with its ``move`` and
``board()``) and its result (``headers["Result"]``); `Game.from_board` makes one from a
`Board`'s moves, and ``str(game)`` writes it. Reading and writing are the command line's own
(`xqchess.core.pgn`): the game is the one the ``[Variant]`` tag names as Fairy-Stockfish and
cutechess write it (no tag: chess), moves are in the game's PGN notation (SAN, or WXF for the
xiangqi family), a game that does not start from the initial position carries ``[SetUp]`` and
``[FEN]`` tags, and bad PGN raises `PgnError` (a ``ValueError``) naming the fault. Comments,
variations and NAGs are skipped: a game keeps its mainline only.

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
from xqchess.core import pgn as core_pgn  # its Game is the writer's record of a game
from xqchess.core.pgn import (
    RESULTS,
    PgnError,
    game_text,
    pgn_variant,
    read_pgn,
    read_tags,
    write_pgn,
)
from xqchess.core.variant import Variant
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
        super().__init__(parent)
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
        super().__init__(None)
        self.headers: dict[str, str] = {**SEVEN_TAG_ROSTER, **(headers or {})}
        self.start_board()  # the headers name a game and a position

    @classmethod
    def from_board(cls, board: Board) -> Game:
        """The game ``board`` holds: its start and the moves on its stack, the result if it
        has ended (``*`` if not), and the tags PGN gives its game and start."""
        start = board.copy()
        while start.move_stack:
            start.pop()
        outcome = board.outcome()
        result = outcome.result() if outcome else "*"
        # the tags the writer gives the game (Variant, Format, SetUp, FEN: core.pgn's rules)
        start_game = core_pgn.Game(board.variant, start.fen(), [], dict(SEVEN_TAG_ROSTER))
        headers = read_tags(write_pgn(start_game, result))
        game = cls(headers)
        node: GameNode = game
        for move in board.move_stack:
            node = node.add_main_variation(move)
        return game

    def start_board(self) -> Board:
        """A new `Board` at the game's start: the game and position its headers name."""
        variant = pgn_variant(self.headers, _variants())
        try:
            return Board(variant.name, self.headers.get("FEN"), strict=False)
        except ValueError as error:
            raise PgnError(f"PGN FEN tag: {error}") from None

    def __str__(self) -> str:
        board = self.start_board()
        variant = board.variant
        position = variant.position(board.fen(), strict=False)
        codes = []
        for move in self.mainline_moves():
            codes.append(variant.parse_move(position, move.uci(), "uci"))
            position.make(codes[-1])
        tags = dict(self.headers)
        result = tags.get("Result", "*")
        if result not in RESULTS:
            raise PgnError(f"PGN Result {result!r} is not one of {', '.join(RESULTS)}")
        return write_pgn(core_pgn.Game(variant, board.fen(), codes, tags), result)

    def __repr__(self) -> str:
        players = f"{self.headers['White']!r} vs {self.headers['Black']!r}"
        return f"<Game {players}, {len(self.mainline_moves())} plies>"


def read_game(handle: TextIO) -> Game | None:
    """The next game of the PGN text open as ``handle`` (None when none is left), read on
    from where the last one ended; raises `PgnError` naming what is wrong with it."""
    text = game_text(handle.readline)
    if text is None:
        return None
    read, result = read_pgn(text, _variants())
    game = Game({**read.tags, "Result": result})
    board = game.start_board()
    node: GameNode = game
    for code in read.moves:
        move = board.push(Move.from_code(code, read.variant.name))
        node.variation = ChildNode(node, move)
        node = node.variation
    return game
