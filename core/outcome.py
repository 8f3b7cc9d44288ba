"""How a game ended: the termination reason and the winning color (None for a draw)."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Termination(enum.Enum):
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


@dataclass(frozen=True)
class Outcome:
    termination: Termination
    winner: int | None

    def result(self) -> str:
        """The PGN result string: 1-0, 0-1 or 1/2-1/2."""
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner == 0 else "0-1"
