"""The `Board` of the public API: a game of any registered variant (a position and the moves that
led to it) in python-chess's vocabulary, with live views of its legal and pseudo-legal moves.

Every game is taken from the registry (`xqchess.variants`); nothing here asks which game it is:
what differs is the variant's data and methods. docs/api.md is the reference, with the table of
python-chess's names and what differs.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator

from rich.console import RenderableType
from xqchess import svg
from xqchess.board_view import BoardView
from xqchess.core.errors import FenError, IllegalMoveError, MoveError, PieceError
from xqchess.core.moves import move_from, move_promotion, move_to
from xqchess.core.outcome import Outcome, Termination
from xqchess.core.position import Position, placement
from xqchess.move import (
    Color,
    Move,
    Piece,
    Square,
    SquareLike,
    color_of,
    expect,
    game,
    parse_square,
)
from xqchess.variants import DEFAULT_VARIANT, NAMES


class _MoveView(ABC):
    """A live view of a board's moves of one kind, as python-chess's move generators: ``len``,
    ``count()``, ``bool``, ``in`` and iteration always answer for the board as it is now."""

    def __init__(self, board: Board) -> None:
        """The view of ``board``'s moves; TypeError unless ``board`` is a `Board`."""
        expect(board, Board, "a Board")
        self._board = board

    @abstractmethod
    def _codes(self) -> list[int]:
        """The kernel's codes of the moves of this kind, in generation order."""

    def count(self) -> int:
        return len(self._codes())

    def __len__(self) -> int:
        return len(self._codes())

    def __bool__(self) -> bool:
        return bool(self._codes())

    def __iter__(self) -> Iterator[Move]:
        name = self._board.variant.name
        return iter([Move.from_code(code, name) for code in self._codes()])

    def __contains__(self, move: object) -> bool:
        return isinstance(move, Move) and self._board._code(move, self._codes()) is not None

    def __repr__(self) -> str:
        """python-chess's: the moves in the game's own notation (UCI for those not legal)."""
        board = self._board
        legal = board.legal_moves
        moves = ", ".join(board.notation(move) if move in legal else move.uci() for move in self)
        return f"<{type(self).__name__} at {id(self):#x} ({moves})>"


class LegalMoveGenerator(_MoveView):
    """The legal moves of a board, in the kernel's generation order (`Board.legal_moves`)."""

    def _codes(self) -> list[int]:
        return self._board.variant.legal_moves(self._board.position)


class PseudoLegalMoveGenerator(_MoveView):
    """The moves the pieces' movement rules allow, the own king's (general's) safety aside
    (`Board.pseudo_legal_moves`)."""

    def _codes(self) -> list[int]:
        return self._board.variant.pseudo_legal_moves(self._board.position)


class Board:
    """A game of any registered variant: a position with its history of moves.

    ``Board()`` is chess's start position, ``Board(fen)`` a chess FEN, ``Board(variant,
    fen=None)`` a game of any registered variant (`xqchess.VARIANTS`) from ``fen`` (None: its
    start). ``strict=False`` accepts the placements Fairy-Stockfish accepts but no game
    reaches. Refused input raises one of the `xqchess.core.errors` classes (ValueErrors) and
    changes nothing; an argument of the wrong type raises TypeError.

    >>> board = Board()
    >>> for san in ("f3", "e5", "g4", "Qh4#"):
    ...     _ = board.push_san(san)
    >>> board.is_checkmate(), board.outcome()
    (True, Outcome(termination=<Termination.CHECKMATE: 'checkmate'>, winner=False))
    >>> board.pop()
    Move.from_uci('d8h4')
    >>> board.push_san("Ke6")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    xqchess.core.errors.IllegalMoveError: illegal move Ke6: the black king on e8 cannot move...
    """

    #: python-chess's comparison is by position; a mutable board has no hash
    __hash__ = None  # type: ignore[assignment]

    def __init__(
        self, variant_or_fen: str = DEFAULT_VARIANT, fen: str | None = None, *, strict: bool = True
    ) -> None:
        expect(variant_or_fen, str, "a game name or a FEN (str)")
        if fen is not None:
            expect(fen, str, "a FEN (str) or None")
        expect(strict, bool, "strict as a bool")
        looks_like_fen = " " in variant_or_fen.strip() or "/" in variant_or_fen
        if variant_or_fen not in NAMES and looks_like_fen and fen is None:
            variant_or_fen, fen = DEFAULT_VARIANT, variant_or_fen
        self.variant = game(variant_or_fen)
        self.position: Position = self.variant.position(fen, strict=strict)
        self._strict = strict

    # -- the position --------------------------------------------------------------------------

    @property
    def turn(self) -> Color:
        """The side to move: `WHITE` (``True``, Red in xiangqi) or `BLACK` (``False``)."""
        return color_of(self.position.side)

    @property
    def fullmove_number(self) -> int:
        """The move number: 1 at the start, one more after each move of the second player."""
        return self.position.fullmove

    @property
    def halfmove_clock(self) -> int:
        """Plies since the last capture or pawn move (the move rule's count, as the game keeps
        it: xiangqi counts soldier moves too)."""
        return self.position.halfmove

    def ply(self) -> int:
        """Plies played since the game's first position, as the move number and the side to
        move say (python-chess's ``ply``)."""
        return 2 * (self.position.fullmove - 1) + (not self.turn)

    def fen(self) -> str:
        """The position's six-field FEN (the en-passant square only where a capture there is
        legal, as python-chess's default)."""
        return self.position.fen()

    def board_fen(self) -> str:
        """The FEN's first field: the pieces, last rank first."""
        return self.fen().split()[0]

    def set_fen(self, fen: str) -> None:
        """Set the position from ``fen`` and clear the move stack; FenError (nothing changed)
        when the FEN is refused."""
        expect(fen, str, "a FEN (str)")
        self.position = self.variant.position(fen, strict=self._strict)

    def parse_square(self, square: SquareLike) -> Square:
        """The index of ``square`` (an index or a name: ``"e4"``; xiangqi ``"e10"``):
        ``rank * files + file``, rank 0 the first player's back rank (chess: python-chess's
        numbering, a1 = 0 to h8 = 63). SquareError when the board has no such square."""
        return parse_square(self.variant, square)

    def square_name(self, square: SquareLike) -> str:
        """The name of ``square`` in the game's UCI coordinates (xiangqi: ranks 1-10)."""
        return self.variant.geometry.square_name(self.parse_square(square))

    def piece_at(self, square: SquareLike) -> Piece | None:
        """The piece on ``square`` (an index or a name), or None."""
        code = self.position.board[self.parse_square(square)]
        return Piece.from_code(code, self.variant.name) if code else None

    def piece_map(self) -> dict[Square, Piece]:
        """Every piece on the board by its square's index."""
        name = self.variant.name
        return {
            sq: Piece.from_code(code, name) for sq, code in enumerate(self.position.board) if code
        }

    def set_piece_at(self, square: SquareLike, piece: Piece | None) -> None:
        """Put ``piece`` on ``square`` (None empties it) and clear the move stack, as
        python-chess does.

        Raises (nothing changed): SquareError for a square the board lacks, PieceError for
        another game's piece, TypeError for a square or piece of the wrong type, and FenError
        naming the square when the game cannot be played from the position so made (a king
        missing, a general out of its palace ...)."""
        sq = self.parse_square(square)
        if piece is not None:
            expect(piece, Piece, "a Piece or None")
            if piece.variant != self.variant.name:
                raise PieceError(
                    f"a {piece.variant} piece cannot stand on a {self.variant.name} board"
                )
        board = list(self.position.board)
        board[sq] = 0 if piece is None else piece.code
        try:
            self._set_placement(board)
        except FenError as error:
            name = self.variant.geometry.square_name(sq)
            change = f"empty {name}" if piece is None else f"put {piece.symbol()} on {name}"
            raise FenError(f"cannot {change}: {error}") from None

    def remove_piece_at(self, square: SquareLike) -> Piece | None:
        """Take the piece off ``square`` and return it (None when empty); clears the move stack
        and refuses as `set_piece_at` does (FenError: "cannot empty e1: ...")."""
        piece = self.piece_at(square)
        if piece is not None:
            self.set_piece_at(square, None)
        return piece

    def _set_placement(self, board: list[int]) -> None:
        """The position with ``board``'s pieces, the other FEN fields kept, but for the castling
        rights and the en-passant square the new placement cannot hold, dropped as python-chess
        drops them; history cleared. FenError (nothing changed) when no game can be played
        from it."""
        fields = self.fen().split()
        fields[0] = placement(self.variant, board)
        try:
            self.set_fen(" ".join(fields))
            return
        except FenError as error:
            refused = error
        for ep in dict.fromkeys((fields[3], "-")):
            rights = "".join(
                letter
                for letter in fields[2].replace("-", "")
                if self._playable(fields[:2] + [letter, ep] + fields[4:])
            )
            candidate = " ".join(fields[:2] + [rights or "-", ep] + fields[4:])
            if self._playable(candidate.split()):
                self.set_fen(candidate)
                return
        raise refused

    def _playable(self, fields: list[str]) -> bool:
        """Whether the game can be played from the FEN of ``fields``."""
        try:
            self.variant.position(" ".join(fields), strict=self._strict)
        except FenError:
            return False
        return True

    # -- moves ---------------------------------------------------------------------------------

    @property
    def legal_moves(self) -> LegalMoveGenerator:
        """The legal moves, a live view (``len``, ``count()``, ``bool``, ``in``, iteration),
        in the kernel's generation order."""
        return LegalMoveGenerator(self)

    @property
    def pseudo_legal_moves(self) -> PseudoLegalMoveGenerator:
        """The moves the pieces' movement rules allow, ignoring the own king's (general's)
        safety, a live view as `legal_moves`."""
        return PseudoLegalMoveGenerator(self)

    def _code(self, move: Move, codes: list[int]) -> int | None:
        """The kernel's code of ``move`` among ``codes``, or None (another game's move too)."""
        if move.variant != self.variant.name:
            return None
        wanted = (move.from_square, move.to_square, move.promotion or 0)
        for code in codes:
            if (move_from(code), move_to(code), move_promotion(code)) == wanted:
                return code
        return None

    def _legal_code(self, move: Move) -> int:
        """The kernel's code of the legal ``move``; IllegalMoveError saying why it is not."""
        expect(move, Move, "a Move")
        if move.variant != self.variant.name:
            raise IllegalMoveError(f"a {move.variant} move cannot be played in {self.variant.name}")
        if not move:
            raise IllegalMoveError(
                "the null move (0000) cannot be played: a board plays only the game's moves"
            )
        code = self._code(move, self.variant.legal_moves(self.position))
        if code is None:
            return self.variant.move_from_uci(self.position, move.uci())  # raises the reason
        return code

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is legal here."""
        expect(move, Move, "a Move")
        return move in self.legal_moves

    def is_pseudo_legal(self, move: Move) -> bool:
        """Whether the pieces' movement rules allow ``move`` here (the own king's safety
        aside)."""
        expect(move, Move, "a Move")
        return move in self.pseudo_legal_moves

    def push(self, move: Move | str) -> Move:
        """Play ``move``, a legal `Move` (or move text in any notation the game reads, as
        `push_notation`), and return it. IllegalMoveError (nothing changed) saying why a move
        is refused; TypeError for anything but a Move or a str."""
        if isinstance(move, str):
            return self.push_notation(move)
        code = self._legal_code(move)
        self.position.make(code)
        return Move.from_code(code, self.variant.name)

    def push_uci(self, uci: str) -> Move:
        """Play the move written in the game's UCI coordinates; returns it."""
        return self.push(self.parse_uci(uci))

    def push_san(self, san: str) -> Move:
        """Play a move written in SAN (games of the chess family; xiangqi: `push_notation`)."""
        return self.push(self.parse_san(san))

    def push_notation(self, text: str, notation: str | None = None) -> Move:
        """Play a move written in ``notation`` (None: recognised from the text), one of the
        game's (`notations`: chess ``san`` or ``uci``; xiangqi ``wxf``, ``iccs``, ``uci``,
        ``chinese``)."""
        return self.push(self.parse_notation(text, notation))

    def parse_uci(self, uci: str) -> Move:
        """The legal move written in the game's UCI coordinates (``e2e4``, ``e7e8q``; xiangqi
        ``h10g8``); MoveError for bad text, IllegalMoveError saying why the move is not legal."""
        return self.parse_notation(uci, "uci")

    def parse_san(self, san: str) -> Move:
        """The legal move written in SAN (``Nf3``, ``O-O``, ``e8=Q``). SAN is the chess family's
        notation: a game without it (xiangqi: WXF) raises MoveError naming the notations it
        has."""
        expect(san, str, "move text (str)")
        if "san" not in self.variant.notations:
            raise MoveError(
                f"{self.variant.name} has no SAN; its notations are "
                f"{', '.join(self.notations)} (parse_notation, push_notation)"
            )
        return self.parse_notation(san, "san")

    def parse_notation(self, text: str, notation: str | None = None) -> Move:
        """The legal move ``text`` names in ``notation`` (None: recognised from the text)."""
        expect(text, str, "move text (str)")
        if notation is not None:
            expect(notation, str, "a notation name (str) or None")
        code = self.variant.parse_move(self.position, text, notation)
        return Move.from_code(code, self.variant.name)

    @property
    def notations(self) -> tuple[str, ...]:
        """The notations the game writes and reads, UCI first (chess: ``uci``, ``san``;
        xiangqi: ``uci``, ``iccs``, ``wxf``, ``chinese``)."""
        return self.variant.notations

    def notation(self, move: Move, notation: str | None = None) -> str:
        """``move`` (legal here) written in ``notation`` (None: the game's own, SAN or WXF).

        >>> board = Board("xiangqi")
        >>> move = next(iter(board.legal_moves))
        >>> [board.notation(move, n) for n in ("wxf", "iccs", "uci", "chinese")]
        ['R9+1', 'a0a1', 'a1a2', '车九进一']
        """
        code = self._legal_code(move)
        if notation is not None:
            expect(notation, str, "a notation name (str) or None")
        written = self.variant.require_notation(notation or self.variant.pgn_notation)
        return self.variant.format_move(self.position, code, written)

    def san(self, move: Move) -> str:
        """``move`` (legal here) in SAN (the chess family; other games: MoveError, see
        `parse_san`)."""
        expect(move, Move, "a Move")
        if "san" not in self.variant.notations:
            raise MoveError(
                f"{self.variant.name} has no SAN; its notations are {', '.join(self.notations)}"
            )
        return self.notation(move, "san")

    def uci(self, move: Move) -> str:
        """``move`` in the game's UCI coordinates (`Move.uci`), after checking it is legal."""
        self._legal_code(move)
        return move.uci()

    def pop(self) -> Move:
        """Take back the last move and return it; IndexError when there is none."""
        if not self.position.plies:
            raise IndexError("pop from a board with no moves played")
        code = self.position.move_back(0)
        self.position.unmake()
        return Move.from_code(code, self.variant.name)

    def peek(self) -> Move:
        """The last move played; IndexError when there is none."""
        if not self.position.plies:
            raise IndexError("peek at a board with no moves played")
        return Move.from_code(self.position.move_back(0), self.variant.name)

    @property
    def move_stack(self) -> list[Move]:
        """The moves played on this board, oldest first (a copy)."""
        return [Move.from_code(code, self.variant.name) for code in self.position.moves_played()]

    # -- the game's state and end --------------------------------------------------------------

    def is_check(self) -> bool:
        """Whether the side to move's king (general) is attacked."""
        return self.position.is_check()

    def gives_check(self, move: Move) -> bool:
        """Whether the legal ``move`` would check the other side's king (general), answered
        without playing it; IllegalMoveError saying why where ``move`` is not legal here."""
        return self.position.gives_check(self._legal_code(move))

    def is_checkmate(self) -> bool:
        """In check with no legal move (in xiangqi, as in chess, a loss)."""
        return self.is_check() and not self.variant.legal_moves(self.position)

    def is_stalemate(self) -> bool:
        """Not in check, with no legal move (in xiangqi and shatranj a loss, in chess a draw:
        `outcome` says which)."""
        return not self.is_check() and not self.variant.legal_moves(self.position)

    def is_insufficient_material(self) -> bool:
        """Whether neither side has the material ever to win, as the game's rules end a game
        on it (chess: python-chess's rule). Games whose rules know no such end (xiangqi): False."""
        return self.variant.insufficient_material(self.position)

    def is_repetition(self, count: int = 3) -> bool:
        """Whether the position has occurred ``count`` times, this one included, in the moves
        played on this board (positions compared as python-chess's: pieces, side to move,
        castling rights and a legal en-passant square)."""
        expect(count, int, "a count (int)")
        return self.position.repetitions() >= count

    def _can_claim(self, termination: Termination) -> bool:
        claim = self.variant.draw_claims.get(termination)
        return claim is not None and claim(self.position)

    def can_claim_threefold_repetition(self, /) -> bool:
        """Whether the side to move may claim a draw by threefold repetition: the position
        occurred three times, or one of its legal moves makes it so. Only where the game's
        draws are claimed (chess); where the rules end a repeated game themselves (xiangqi:
        perpetual check and chase, a plain repetition drawn), False: `outcome` reports it."""
        return self._can_claim(Termination.THREEFOLD_REPETITION)

    def can_claim_fifty_moves(self, /) -> bool:
        """Whether the side to move may claim a draw by the fifty-move rule, now or after one
        of its legal moves. Games whose move rule ends the game by itself (xiangqi's move
        limit, shatranj's): False, `outcome` reports it."""
        return self._can_claim(Termination.FIFTY_MOVES)

    def can_claim_draw(self, /) -> bool:
        """Whether the side to move may claim a draw (`can_claim_fifty_moves` or
        `can_claim_threefold_repetition`)."""
        return self.can_claim_fifty_moves() or self.can_claim_threefold_repetition()

    def outcome(self, *, claim_draw: bool = False) -> Outcome | None:
        """How the game has ended (termination and winner as a colour), or None while it goes
        on; with ``claim_draw`` the draws the side to move may claim count too (chess). Every
        game's own ends are named terminations: xiangqi's perpetual check and chase
        (``PERPETUAL_CHECK``, ``PERPETUAL_CHASE``: the perpetrator loses) and its move limit
        (``MOVE_LIMIT``, 100 plies without a capture), shatranj's ``BARE_KING``."""
        expect(claim_draw, bool, "claim_draw as a bool")
        return self.position.outcome(claim_draw)

    def is_game_over(self, *, claim_draw: bool = False) -> bool:
        """Whether the game has ended (`outcome` is not None)."""
        return self.outcome(claim_draw=claim_draw) is not None

    def result(self, *, claim_draw: bool = False) -> str:
        """``1-0``, ``0-1``, ``1/2-1/2``, or ``*`` while the game goes on."""
        ended = self.outcome(claim_draw=claim_draw)
        return "*" if ended is None else ended.result()

    # -- copies and comparison -----------------------------------------------------------------

    def copy(self, *, stack: bool | int = True) -> Board:
        """An independent board with the same position, and with the moves played
        (``stack=True``), none (``False``: repetitions count from here on) or the last
        ``stack`` of them."""
        expect(stack, (bool, int), "stack as a bool or an int")
        other = Board.__new__(Board)
        other.variant, other._strict = self.variant, self._strict
        other.position = self.position.copy()
        plies = self.position.plies
        keep = min(plies if stack is True else max(0, int(stack)), plies)
        if keep < plies:
            replayed = other.position.moves_played()[plies - keep :]
            for _ in replayed:
                other.position.unmake()
            other.position.forget_history()
            for code in replayed:
                other.position.make(code)
        return other

    def mirror(self) -> Board:
        """The position seen from the other side, as python-chess's ``mirror``: ranks
        reversed, colours swapped (pieces, side to move, castling rights), the move counters
        kept and no moves played. Every registered game has one: their rules are the same for
        both sides. Raises FenError ("cannot mirror the position: ...") where a game's rules
        would refuse the mirrored position (a lenient game whose general was captured)."""
        fields = self.fen().split()
        fields[0] = "/".join(reversed(fields[0].split("/"))).swapcase()
        other_side = self.position.side ^ 1
        fields[1] = next(
            letter for letter, side in self.variant.side_letters.items() if side == other_side
        )
        fields[2] = fields[2].swapcase() if fields[2] != "-" else "-"
        if fields[3] != "-":
            geometry = self.variant.geometry
            ep = geometry.parse_square(fields[3])
            fields[3] = geometry.square_name(
                geometry.square(geometry.file_of(ep), geometry.ranks - 1 - geometry.rank_of(ep))
            )
        try:
            return Board(self.variant.name, " ".join(fields), strict=self._strict)
        except FenError as error:
            raise FenError(f"cannot mirror the position: {error}") from None

    def __eq__(self, other: object) -> bool:
        """Same game and same position (FEN: pieces, side to move, rights, a legal en-passant
        square and the counters), as python-chess compares boards; the moves that led there
        do not count."""
        return (
            isinstance(other, Board)
            and self.variant.name == other.variant.name
            and self.fen() == other.fen()
        )

    # -- pictures: text, rich, and SVG for notebooks (`_repr_svg_`, drawn by xqchess.svg) -------

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

    def _repr_svg_(self) -> str:
        """The board as an SVG picture for Jupyter (`xqchess.svg.board`), the last move and a
        royal piece in check highlighted."""
        king = self.position.kings[self.position.side]
        check = king if king >= 0 and self.is_check() else None
        lastmove = self.peek() if self.move_stack else None
        return svg.board(self, lastmove=lastmove, check=check, size=390)

    def __rich__(self) -> RenderableType:
        """The terminal UI's board (rich renderable), the last move highlighted."""
        last = self.position.move_back(0) if self.position.plies else 0
        return BoardView().render(self.position, False, last, None)
