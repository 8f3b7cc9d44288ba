"""The `Board` of the public API: a game of any registered variant, in python-chess's vocabulary,
and the `Move` it hands out."""

from __future__ import annotations

from xqchess.board_view import BoardView
from xqchess.core.errors import IllegalMoveError
from xqchess.core.outcome import Outcome
from xqchess.core.position import Position
from xqchess.variants import get_variant


class Move:
    """A move of one game. Moves compare and hash by value (the game and the move: squares,
    promotion and kind), as python-chess's do; ``str`` writes the move in the game's own
    notation (SAN in chess, WXF in xiangqi) as it reads in the position it was made from.

    >>> board = Board("chess")
    >>> move = board.push_notation("g1f3")
    >>> str(move), move.uci()
    ('Nf3', 'g1f3')
    >>> move == Board("chess").push_san("Nf3") and move in Board("chess").legal_moves
    True
    """

    __slots__ = ("variant", "code", "_before", "_text")

    def __init__(self, variant, code: int, before: Position) -> None:
        self.variant = variant
        self.code = code
        self._before = before
        self._text: str | None = None

    def uci(self) -> str:
        """The move in UCI coordinates (xiangqi: Fairy-Stockfish's, ranks 1-10)."""
        return self.variant.format_move(self._before, self.code, "uci")

    def __str__(self) -> str:
        if self._text is None:
            self._text = self.variant.format_move(
                self._before, self.code, self.variant.pgn_notation
            )
        return self._text

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Move)
            and self.code == other.code
            and self.variant.name == other.variant.name
        )

    def __hash__(self) -> int:
        return hash((self.variant.name, self.code))


class Board:
    """A game of chess or xiangqi: a position with its history of moves.

    ``variant`` is a name from `VARIANTS`; ``fen`` the start position (None: the game's initial
    one); ``strict=False`` accepts the placements Fairy-Stockfish accepts but no game reaches.
    A refused move or FEN raises one of the `xqchess.core.errors` classes and changes nothing.

    >>> board = Board("chess")
    >>> for san in ("f3", "e5", "g4", "Qh4#"):
    ...     _ = board.push_san(san)
    >>> board.is_check(), board.is_game_over()
    (True, True)
    >>> board.outcome().termination.value, board.outcome().result()
    ('checkmate', '0-1')
    >>> board.pop()
    Move('Qh4#')
    >>> board.push_san("Ke6")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    xqchess.core.errors.IllegalMoveError: illegal move Ke6: the black king on e8 cannot move...
    """

    def __init__(
        self, variant: str = "chess", fen: str | None = None, *, strict: bool = True
    ) -> None:
        self.variant = get_variant(variant)
        self.position: Position = self.variant.position(fen, strict=strict)
        self._stack: list[Move] = []

    # -- moves -------------------------------------------------------------------------------

    @property
    def legal_moves(self) -> list[Move]:
        """The legal moves, in the kernel's generation order."""
        before = self.position.copy()
        return [Move(self.variant, code, before) for code in self.position.legal_moves()]

    def push(self, move: Move | str) -> Move:
        """Play ``move`` (a `Move`, or text in any notation the game reads); returns it."""
        if isinstance(move, str):
            return self.push_notation(move)
        if move.variant.name != self.variant.name:
            raise IllegalMoveError(
                f"a {move.variant.name} move cannot be played in {self.variant.name}"
            )
        return self._play(move.code)

    def push_san(self, san: str) -> Move:
        """Play a chess move written in SAN (``Nf3``, ``O-O``, ``e8=Q``)."""
        return self.push_notation(san, "san")

    def push_notation(self, text: str, notation: str | None = None) -> Move:
        """Play a move written in ``notation`` (None: recognised from the text): chess `san`
        or `uci`; xiangqi `wxf`, `iccs`, `uci` or `chinese`."""
        return self._play(self.variant.parse_move(self.position, text, notation))

    def _play(self, code: int) -> Move:
        """Play the move ``code`` (refused with the reason unless legal) and record it."""
        before = self.position.copy()
        self.position.push(code)
        move = Move(self.variant, code, before)
        self._stack.append(move)
        return move

    def pop(self) -> Move:
        """Take back the last move and return it; IndexError when there is none."""
        if not self._stack:
            raise IndexError("pop from a board with no moves played")
        self.position.unmake()
        return self._stack.pop()

    def peek(self) -> Move:
        """The last move played; IndexError when there is none."""
        if not self._stack:
            raise IndexError("peek at a board with no moves played")
        return self._stack[-1]

    @property
    def move_stack(self) -> list[Move]:
        """The moves played on this board, oldest first (a copy)."""
        return list(self._stack)

    def notation(self, move: Move, notation: str | None = None) -> str:
        """``move`` (legal here) written in ``notation`` (None: the game's own, SAN or WXF).

        >>> board = Board("xiangqi")
        >>> move = board.legal_moves[0]
        >>> [board.notation(move, n) for n in ("wxf", "iccs", "uci", "chinese")]
        ['R9+1', 'a0a1', 'a1a2', '车九进一']
        """
        if move.code not in self.position.legal_moves():
            raise IllegalMoveError(f"{move} is not a legal move in {self.fen()}")
        written = self.variant.require_notation(notation or self.variant.pgn_notation)
        return self.variant.format_move(self.position, move.code, written)

    def san(self, move: Move) -> str:
        """``move`` (legal here) in SAN (chess)."""
        return self.notation(move, "san")

    # -- state -------------------------------------------------------------------------------

    def fen(self) -> str:
        return self.position.fen()

    def is_check(self) -> bool:
        return self.position.is_check()

    def outcome(self, claim_draw: bool = False) -> Outcome | None:
        """How the game ended (termination and winner), or None while it goes on; with
        ``claim_draw`` the draws a player may claim count too (chess)."""
        return self.position.outcome(claim_draw)

    def is_game_over(self, claim_draw: bool = False) -> bool:
        return self.outcome(claim_draw) is not None

    def copy(self) -> Board:
        """An independent board with the same position and history."""
        other = Board.__new__(Board)
        other.variant = self.variant
        other.position = self.position.copy()
        other._stack = list(self._stack)
        return other

    def __str__(self) -> str:
        """The board as text, the far side's rank first: FEN letters, ``.`` for empty.

        >>> print(Board("xiangqi", "4k4/9/9/9/9/9/9/9/9/3K1R3 w - - 0 1"))
        . . . . k . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . K . R . . .
        """
        geometry = self.variant.geometry
        letters = self.variant.piece_letters
        board = self.position.board
        return "\n".join(
            " ".join(
                letters[board[rank * geometry.files + file]]
                if board[rank * geometry.files + file]
                else "."
                for file in range(geometry.files)
            )
            for rank in reversed(range(geometry.ranks))
        )

    def __repr__(self) -> str:
        return f"Board({self.variant.name!r}, {self.fen()!r})"

    def __rich__(self):
        """The terminal UI's board (rich renderable), the last move highlighted."""
        return BoardView().render(
            self.position, False, self._stack[-1].code if self._stack else 0, None
        )
