"""Xiangqi game end, as Fairy-Stockfish adjudicates it.

* General captured: in a position accepted only leniently (the side not to move in check, as
  Fairy-Stockfish accepts for composed positions) the side to move may capture the general;
  the capturer wins. Fairy-Stockfish names no such ending: it plays on, the general-less side
  moving its other pieces, and reports a loss for it only once it has no move left.
* No legal move: the side to move loses, whether checkmated or stalemated.
* Move limit: 100 plies without a capture (soldier moves do not reset the count) is a draw,
  unless the side to move is checkmated. When at least 20 plies were played since the start
  position, each check beyond 10 by the side that checked more extends the limit by 2 plies.
* Repetition: the third occurrence of a position (same side to move; positions are compared
  back to the last capture or the start position) ends the game. If one side gave check with
  every move since the first occurrence, that side loses (perpetual check); if both did, or
  neither, it is a draw.

Fairy-Stockfish also rules a perpetual chase a loss for the chaser (its AXF chasing rule). That
is not adjudicated here: a repetition without perpetual check is a draw. The move limit is
checked before repetition, and no legal move before both, so mate on the move that repeats
still wins.

Fairy-Stockfish reports all but mate and stalemate as "optional" game ends; since the verdicts
are the arbiter's, not a player's claim, `outcome` reports them whether or not draws are claimed.
"""

from __future__ import annotations

from xqchess.core.outcome import Outcome, Termination

MOVE_LIMIT_PLIES = 100
CHECKS_ALLOWED = 10
REPETITIONS_TO_END = 3


def _move_limit_reached(pos, checks: list[bool]) -> bool:
    plies = len(pos.undo)
    offset = 0
    if plies >= 20:
        end = min(pos.halfmove, plies)
        checks_them = sum(checks[0:end:2])  # checks given to the side to move
        checks_us = sum(checks[1:end + 1:2])  # checks the side to move gave
        offset = 2 * max(max(checks_them, checks_us) - CHECKS_ALLOWED, 0)
    return pos.halfmove - offset >= MOVE_LIMIT_PLIES


def perpetual_verdict(checks: list[bool]) -> int:
    """For the side to move after a repetition: +1 if the opponent checked with every move of
    the cycle and the side to move did not, -1 the other way round, 0 (a draw) otherwise.
    ``checks[i]``: the side to move ``i`` plies back was in check, up to the earlier occurrence."""
    checked_us, checked_them = all(checks[0::2]), all(checks[1::2])
    return (checked_us > checked_them) - (checked_them > checked_us)


def _repetition(pos, checks: list[bool]) -> Outcome | None:
    end = min(pos.halfmove, len(pos.undo))
    hashes = pos.hashes
    current = hashes[-1]
    occurrences = 1
    for back in range(4, end + 1, 2):
        if hashes[-1 - back] == current:
            occurrences += 1
            if occurrences == REPETITIONS_TO_END:
                verdict = perpetual_verdict(checks[:back + 1])
                if verdict:
                    winner = pos.side if verdict > 0 else pos.side ^ 1
                    return Outcome(Termination.PERPETUAL_CHECK, winner)
                return Outcome(Termination.THREEFOLD_REPETITION, None)
    return None


def outcome(pos, claim_draw: bool = False) -> Outcome | None:
    """How the game has ended, or None; ``claim_draw`` changes nothing (see module docstring)."""
    if pos.kings[pos.side] < 0:
        return Outcome(Termination.GENERAL_CAPTURED, pos.side ^ 1)
    if not pos.legal_moves():
        termination = Termination.CHECKMATE if pos.is_check() else Termination.STALEMATE
        return Outcome(termination, pos.side ^ 1)
    end = min(pos.halfmove, len(pos.undo))
    if pos.halfmove < MOVE_LIMIT_PLIES and end < 4:
        return None
    checks = pos.checks_back(end)
    if pos.halfmove >= MOVE_LIMIT_PLIES and _move_limit_reached(pos, checks):
        return Outcome(Termination.MOVE_LIMIT, None)
    if end >= 4:
        return _repetition(pos, checks)
    return None
