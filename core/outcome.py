"""How a game ended, as python-chess's ``chess.Outcome`` says it: the `Termination` and the
winner as a colour (``True`` for White, Red in xiangqi; ``False`` for Black; None for a draw),
so that ``if outcome.winner:`` and ``outcome.winner == xqchess.WHITE`` mean what they mean in
python-chess. The game's rules build it (`Outcome.won_by` takes the kernel's side numbers);
the public API, the command line and the arbiter read the same class.

>>> Outcome.won_by(Termination.CHECKMATE, 1)
Outcome(termination=<Termination.CHECKMATE: 'checkmate'>, winner=False)
>>> _.result()
'0-1'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from xqchess.core.errors import XQChessError


class Termination(enum.Enum):
    """How a game ended, by python-chess's names and those the other games add;
    ``Termination(value)`` looks one up by its value (``"checkmate"``) and raises
    `XQChessError` naming the value when there is none."""

    CHECKMATE = "checkmate"
    STALEMATE = "stalemate"
    INSUFFICIENT_MATERIAL = "insufficient material"
    SEVENTYFIVE_MOVES = "75-move rule"
    FIVEFOLD_REPETITION = "fivefold repetition"
    FIFTY_MOVES = "50-move rule"
    THREEFOLD_REPETITION = "threefold repetition"
    PERPETUAL_CHECK = "perpetual check"
    PERPETUAL_CHASE = "perpetual chase"
    MOVE_LIMIT = "move limit"
    #: The side to move has no general left: a position accepted leniently (as Fairy-Stockfish
    #: accepts composed ones) let the other side capture it, which ends the game.
    GENERAL_CAPTURED = "capture of the general"
    #: A side is left with its king alone (shatranj's bare king).
    BARE_KING = "bare king"

    @classmethod
    def _missing_(cls, value: object) -> Termination:
        """Refuse a value that names no termination (Python's enum lookup calls this)."""
        raise XQChessError(
            f"bad termination {value!r}: expected one of {', '.join(t.value for t in cls)}"
        )


@dataclass(frozen=True)
class Outcome:
    """The end of a game: ``termination`` (python-chess's names, and those the other games add:
    ``PERPETUAL_CHECK``, ``PERPETUAL_CHASE``, ``MOVE_LIMIT``, ``GENERAL_CAPTURED``,
    ``BARE_KING``) and ``winner``: ``True`` (White, Red), ``False`` (Black) or None."""

    termination: Termination
    winner: bool | None

    def __post_init__(self) -> None:
        """TypeError unless ``termination`` is a `Termination` and ``winner`` a colour or
        None."""
        if not isinstance(self.termination, Termination):
            raise TypeError(
                f"expected a Termination, got {type(self.termination).__name__} "
                f"{self.termination!r}"
            )
        if self.winner is not None and not isinstance(self.winner, bool):
            raise TypeError(
                f"expected the winner as a colour (bool) or None, got "
                f"{type(self.winner).__name__} {self.winner!r}"
            )

    @classmethod
    def won_by(cls, termination: Termination, side: int) -> Outcome:
        """The game won by ``side``, numbered as the kernel numbers the sides (0 White or Red,
        1 Black)."""
        return cls(termination, side == 0)

    def result(self) -> str:
        """The PGN result: ``1-0``, ``0-1`` or ``1/2-1/2``."""
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner else "0-1"
