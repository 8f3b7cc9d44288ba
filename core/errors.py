"""Errors raised by the kernel and the variants; each message names the fault in one line."""


class XQChessError(ValueError):
    """Base class of every input error the project raises."""


class FenError(XQChessError):
    """A FEN or EPD string is malformed or describes an impossible position."""


class MoveError(XQChessError):
    """Move text cannot be parsed, names no legal move, or is ambiguous."""


class IllegalMoveError(MoveError):
    """The move is well formed but not legal in the position."""


class AmbiguousMoveError(MoveError):
    """The move text matches more than one legal move."""


class UnknownVariantError(XQChessError):
    """No variant is registered under the given name."""


class SquareError(XQChessError):
    """A square name or index names no square of the game's board."""


class PieceError(XQChessError):
    """A piece symbol, kind or color names no piece of the game."""
