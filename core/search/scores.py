"""The search's scores: centipawns from the side to move's view, and mates as `MATE` less the
distance in plies (`mate_in` turns one into moves, `score_text` writes it as UCI does)."""

from __future__ import annotations

MATE = 30_000
MATE_BOUND = MATE - 1_000  # scores beyond this are mates, with the distance in plies
INFINITY = 32_000


def mate_in(score: int) -> int | None:
    """Moves to mate (negative when being mated) for a mate score, else None."""
    if abs(score) < MATE_BOUND:
        return None
    plies = MATE - abs(score)
    return (plies + 1) // 2 if score > 0 else -((plies + 1) // 2)


def score_text(score: int) -> str:
    """UCI style: 'cp 25' or 'mate 3' / 'mate -2'."""
    mate = mate_in(score)
    return f"mate {mate}" if mate is not None else f"cp {score}"
