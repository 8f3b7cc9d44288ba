"""Colours, squares, pieces and moves of the public API, as python-chess has them, for every game.

Colours are booleans: `WHITE` (``True``, also `RED`, the first player of every game) and `BLACK`
(``False``); the kernel numbers them 0 and 1, and only this module translates (`color_of`,
`side_of`). A square is an index, ``rank * files + file`` with rank 0 the first player's back
rank (chess: a1 = 0, h1 = 7, a8 = 56, h8 = 63, as python-chess; xiangqi: a1 = 0, i1 = 8,
a10 = 81, i10 = 89), or its name in the game's UCI coordinates (``"e4"``, ``"h10"``).

>>> Piece.from_symbol("N").color == WHITE, Piece.from_symbol("c", "xiangqi").unicode_symbol()
(True, '砲')
>>> move = Move.from_uci("e7e8q")
>>> move.from_square, move.to_square, move.promotion, str(move)
(52, 60, 5, 'e7e8q')
>>> Move.from_uci("h10g8", "xiangqi").from_square
88
"""

from __future__ import annotations

from typing import Final, Union

from xqchess.core.errors import MoveError, PieceError, SquareError, XQChessError
from xqchess.core.moves import (
    COMPANION,
    DOUBLE_STEP,
    SIDE_CAPTURE,
    SPECIAL_SHIFT,
    move_from,
    move_promotion,
    move_to,
)
from xqchess.core.notation import COORDINATES
from xqchess.core.pieces import KIND_MASK, piece_code, piece_color
from xqchess.core.variant import Variant
from xqchess.variants import DEFAULT_VARIANT, board_style, get_variant

#: A colour: `WHITE` (``True``) or `BLACK` (``False``), as python-chess's ``chess.Color``.
Color = bool
WHITE: Final = True
BLACK: Final = False
#: The first player of every game: White in chess, Red in xiangqi.
RED: Final = WHITE
COLORS: Final = (WHITE, BLACK)
#: A square's index (see the module's docstring), as python-chess's ``chess.Square``.
Square = int
#: What the API takes for a square: its index or its name.
SquareLike = Union[int, str]
#: A piece's kind in its game (chess: python-chess's PAWN = 1 ... KING = 6).
PieceType = int


def color_of(side: int) -> Color:
    """The API's colour of the kernel's side ``side`` (0 or 1)."""
    return side == 0


def side_of(color: Color) -> int:
    """The kernel's side (0 or 1) of the API's colour ``color``."""
    return 0 if color else 1


def expect(value: object, kind: type | tuple[type, ...], what: str) -> None:
    """TypeError naming what was expected unless ``value`` is a ``kind`` (never a bool where
    an int is expected)."""
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kind) or (isinstance(value, bool) and bool not in kinds):
        raise TypeError(f"expected {what}, got {type(value).__name__} {value!r}")


def game(variant: str) -> Variant:
    """The registered game called ``variant`` (TypeError unless a str)."""
    expect(variant, str, "a game name (str)")
    return get_variant(variant)


def parse_square(variant: Variant, square: SquareLike) -> Square:
    """The index of ``square`` (an index or a name) on ``variant``'s board; SquareError when
    it names none, TypeError when it is neither an int nor a str."""
    expect(square, (int, str), "a square: an index (int) or a name such as 'e4' (str)")
    geometry = variant.geometry
    if isinstance(square, str):
        try:
            return geometry.parse_square(square)
        except XQChessError:
            raise SquareError(f"bad square {square!r}: no such square in {variant.name}") from None
    if not 0 <= square < geometry.size:
        raise SquareError(
            f"bad square {square}: {variant.name}'s squares are 0 to {geometry.size - 1}"
        )
    return square


class Piece:
    """A piece of one game: its kind (``piece_type``) and colour, as python-chess's.

    >>> Piece.from_symbol("k", "xiangqi")
    Piece.from_symbol('k', 'xiangqi')
    >>> Piece(1, RED, "xiangqi").symbol(), Piece(1, RED, "xiangqi").unicode_symbol()
    ('K', '帥')
    """

    __slots__ = ("piece_type", "color", "variant")

    def __init__(self, piece_type: PieceType, color: Color, variant: str = DEFAULT_VARIANT) -> None:
        expect(piece_type, int, "a piece type (int)")
        expect(color, bool, "a colour (bool: WHITE or BLACK)")
        rules = game(variant)
        if piece_type not in rules.kind_names:
            raise PieceError(
                f"bad piece type {piece_type}: {variant}'s are "
                + ", ".join(f"{kind} ({name})" for kind, name in sorted(rules.kind_names.items()))
            )
        self.piece_type: PieceType = piece_type
        self.color: Color = color
        #: the game's name
        self.variant: str = variant

    @property
    def code(self) -> int:
        """The kernel's piece code."""
        return piece_code(self.piece_type, side_of(self.color))

    @classmethod
    def from_code(cls, code: int, variant: str) -> Piece:
        """The piece the kernel codes ``code``; PieceError when the code is no piece of the
        game, TypeError unless an int."""
        expect(code, int, "a piece code (int)")
        if code not in game(variant).piece_letters:
            raise PieceError(f"bad piece code {code}: not a piece of {variant}")
        return cls(code & KIND_MASK, color_of(piece_color(code)), variant)

    @classmethod
    def from_symbol(cls, symbol: str, variant: str = DEFAULT_VARIANT) -> Piece:
        """The piece with FEN letter ``symbol`` (upper case: the first player's); PieceError
        when the game has no such letter."""
        expect(symbol, str, "a piece symbol (str)")
        code = game(variant).letter_pieces.get(symbol)
        if code is None:
            raise PieceError(f"bad piece symbol {symbol!r}: not a piece of {variant}")
        return cls.from_code(code, variant)

    def symbol(self) -> str:
        """The FEN letter: upper case for the first player (White, Red)."""
        return game(self.variant).piece_letters[self.code]

    def unicode_symbol(self, *, invert_color: bool = False) -> str:
        """The symbol the terminal UI draws (chess: ♘ ♞; xiangqi: its character, 傌 馬),
        the other colour's with ``invert_color``."""
        code = self.code ^ piece_code(0, 1) if invert_color else self.code
        return board_style(self.variant).glyphs[code]

    def __str__(self) -> str:
        return self.symbol()

    def __repr__(self) -> str:
        suffix = "" if self.variant == DEFAULT_VARIANT else f", {self.variant!r}"
        return f"Piece.from_symbol({self.symbol()!r}{suffix})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Piece) and (
            (self.piece_type, self.color, self.variant)
            == (other.piece_type, other.color, other.variant)
        )

    def __hash__(self) -> int:
        return hash((self.piece_type, self.color, self.variant))


class Move:
    """A move of one game, by value, as python-chess's: its squares (indices) and promotion
    (a piece type or None), and the game it belongs to. ``str`` and `uci` write it in the
    game's UCI coordinates; `Board.san` and `Board.notation` write it in a position.

    >>> Move.from_uci("g1f3") == Move(6, 21)
    True
    >>> Move.null(), bool(Move.null())
    (Move.from_uci('0000'), False)
    """

    __slots__ = ("from_square", "to_square", "promotion", "variant")

    def __init__(
        self,
        from_square: Square,
        to_square: Square,
        promotion: PieceType | None = None,
        *,
        variant: str = DEFAULT_VARIANT,
    ) -> None:
        rules = game(variant)
        expect(from_square, int, "a square index (int)")
        expect(to_square, int, "a square index (int)")
        if promotion is not None:
            expect(promotion, int, "a piece type (int) or None")
            if promotion not in rules.kind_names:
                raise PieceError(f"bad promotion {promotion}: not a piece type of {variant}")
        if (from_square, to_square) != (0, 0):
            parse_square(rules, from_square)
            parse_square(rules, to_square)
        self.from_square: Square = from_square
        self.to_square: Square = to_square
        self.promotion: PieceType | None = promotion
        #: the game's name
        self.variant: str = variant

    @classmethod
    def from_code(cls, code: int, variant: str) -> Move:
        """The move the kernel codes ``code``; MoveError when its squares or promotion are
        none of the game's, TypeError unless an int."""
        expect(code, int, "a move code (int)")
        if not 0 <= code >> SPECIAL_SHIFT <= max(DOUBLE_STEP, SIDE_CAPTURE, COMPANION):
            raise MoveError(f"bad move code {code}: no move of the kernel's is coded so")
        try:
            return cls(
                move_from(code), move_to(code), move_promotion(code) or None, variant=variant
            )
        except (SquareError, PieceError) as error:
            raise MoveError(f"bad move code {code}: {error}") from None

    @classmethod
    def from_uci(cls, uci: str, variant: str = DEFAULT_VARIANT) -> Move:
        """The move ``uci`` writes in the game's UCI coordinates (``e7e8q``; xiangqi ``h10g8``,
        ranks 1-10), or the null move for ``0000``. Any move so written, legal or not: a
        board's `Board.parse_uci` gives the legal one. MoveError when the text is not
        coordinates of the game's squares."""
        expect(uci, str, "move text (str)")
        rules = game(variant)
        if uci == "0000":
            return cls.null(variant)
        match = COORDINATES.fullmatch(uci)
        if not match:
            raise MoveError(f"bad move text {uci!r}: expected UCI coordinates such as e2e4")
        try:
            frm, to = (parse_square(rules, name) for name in match.group(1, 2))
        except SquareError as error:
            raise MoveError(f"bad move text {uci!r}: {error}") from None
        if frm == to:
            raise MoveError(f"bad move text {uci!r}: a move leaves its square (0000: no move)")
        letter = match.group(3)
        if letter and letter not in rules.letter_pieces:
            raise MoveError(f"bad move text {uci!r}: {letter!r} is not a piece letter")
        promotion = rules.letter_pieces[letter] & KIND_MASK if letter else None
        return cls(frm, to, promotion, variant=variant)

    @classmethod
    def null(cls, variant: str = DEFAULT_VARIANT) -> Move:
        """The null move (``0000``), false in a boolean context."""
        return cls(0, 0, variant=variant)

    def uci(self) -> str:
        """The move in the game's UCI coordinates (xiangqi: Fairy-Stockfish's, ranks 1-10)."""
        if not self:
            return "0000"
        rules = get_variant(self.variant)
        geometry = rules.geometry
        text = geometry.square_name(self.from_square) + geometry.square_name(self.to_square)
        if self.promotion:
            text += rules.piece_letters[self.promotion].lower()
        return text

    def __bool__(self) -> bool:
        return bool(self.from_square or self.to_square or self.promotion)

    def __str__(self) -> str:
        return self.uci()

    def __repr__(self) -> str:
        suffix = "" if self.variant == DEFAULT_VARIANT else f", {self.variant!r}"
        return f"Move.from_uci({self.uci()!r}{suffix})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and (
            (self.from_square, self.to_square, self.promotion, self.variant)
            == (other.from_square, other.to_square, other.promotion, other.variant)
        )

    def __hash__(self) -> int:
        return hash((self.from_square, self.to_square, self.promotion, self.variant))
