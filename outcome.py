"""How a game ended, as python-chess's ``chess.Outcome`` says it: the `Termination` and the
winner as a colour (`WHITE` ``True``, `BLACK` ``False``, None for a draw), so that
``if outcome.winner:`` and ``outcome.winner == xqchess.WHITE`` mean what they mean in
python-chess. The kernel's `xqchess.core.outcome.Outcome` numbers the winner 0 or 1 (the
command line reads that one); `Outcome.from_kernel` translates.

>>> from xqchess.core import outcome as kernel
>>> Outcome.from_kernel(kernel.Outcome(Termination.CHECKMATE, 1))
Outcome(termination=<Termination.CHECKMATE: 'checkmate'>, winner=False)
>>> _.result()
'0-1'
"""

from __future__ import annotations

from dataclasses import dataclass

from xqchess.core import outcome as kernel
from xqchess.core.outcome import Termination
from xqchess.move import Color, color_of

__all__ = ["Outcome", "Termination"]


@dataclass(frozen=True)
class Outcome:
    """The end of a game: ``termination`` (python-chess's names, and those the other games add:
    ``PERPETUAL_CHECK``, ``PERPETUAL_CHASE``, ``MOVE_LIMIT``, ``GENERAL_CAPTURED``,
    ``BARE_KING``) and ``winner``: `WHITE`/`RED` (``True``), `BLACK` (``False``) or None."""

    termination: Termination
    winner: Color | None

    @classmethod
    def from_kernel(cls, outcome: kernel.Outcome) -> Outcome:
        """The kernel's outcome (winner 0 or 1), with the winner as a colour."""
        winner = None if outcome.winner is None else color_of(outcome.winner)
        return cls(outcome.termination, winner)

    def result(self) -> str:
        """The PGN result: ``1-0``, ``0-1`` or ``1/2-1/2``."""
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner else "0-1"
