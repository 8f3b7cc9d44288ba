"""Xiangqi game end (being completed)."""

from core.outcome import Outcome, Termination


def outcome(pos, claim_draw: bool = False):
    if not pos.legal_moves():
        return Outcome(Termination.CHECKMATE, pos.side ^ 1)
    return None
