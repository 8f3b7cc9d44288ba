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
  every move since the first occurrence, that side loses (perpetual check); if both did, it is
  a draw. Otherwise, if one side chased the same piece with every move (`chase`: Fairy-
  Stockfish's AXF chasing rule), that side loses (perpetual chase); if both did, or neither,
  it is a draw.

The move limit is checked before repetition, and no legal move before both, so mate on the move
that repeats still wins.

Fairy-Stockfish reports all but mate and stalemate as "optional" game ends; since the verdicts
are the arbiter's, not a player's claim, `outcome` reports them whether or not draws are claimed.

`make_rules(chase)` builds these verdicts for one game: with its chase rule (`chase.make_chase`),
or, with None, without one (Fairy-Stockfish's minixiangqi: a repetition is a draw unless one
side checked throughout, and the move limit is not extended for checks, which Fairy-Stockfish
ties to its AXF chasing rule). Xiangqi's own are bound below.
"""

from __future__ import annotations

from types import SimpleNamespace

from xqchess.core.outcome import Outcome, Termination
from xqchess.variants.families.xiangqi_family.chase import perpetual_chase

MOVE_LIMIT_PLIES = 100
CHECKS_ALLOWED = 10
REPETITIONS_TO_END = 3
#: What decides a repeated cycle (`judge_cycle`): a side checking throughout, a side chasing
#: throughout (either may be both sides: a draw), or neither (a draw).
BY_CHECK, BY_CHASE, BY_NEITHER = "perpetual check", "perpetual chase", "neither"


def rule_draw(pos) -> bool:
    """The search's draw test (`Variant.rule_draw`): the move limit at 100 plies without a
    capture. (The search ignores the extension for excessive checks that the outcome
    applies.)"""
    return pos.halfmove >= MOVE_LIMIT_PLIES


def make_rules(chase: SimpleNamespace | None) -> SimpleNamespace:
    """The game-end verdicts of a game whose chase rule is ``chase`` (`chase.make_chase`; None:
    no chase rule): ``outcome``, ``repetition_verdict`` and ``judge_cycle``."""
    cycle_chases = None if chase is None else chase.cycle_chases

    def _move_limit_reached(pos, checks: list[bool]) -> bool:
        plies = pos.plies
        offset = 0
        if cycle_chases is not None and plies >= 20:
            end = min(pos.halfmove, plies)
            checks_them = sum(checks[0:end:2])  # checks given to the side to move
            checks_us = sum(checks[1 : end + 1 : 2])  # checks the side to move gave
            offset = 2 * max(max(checks_them, checks_us) - CHECKS_ALLOWED, 0)
        return pos.halfmove - offset >= MOVE_LIMIT_PLIES

    def judge_cycle(pos, checks: list[bool]) -> tuple[int, str]:
        """The verdict on a repetition of the position ``len(checks) - 1`` plies before ``pos``,
        for the side to move, and what decided it: BY_CHECK, BY_CHASE or BY_NEITHER.
        ``checks[i]``: the side to move ``i`` plies back was in check. Chases are worked out only
        when no perpetual check decides."""
        back = len(checks) - 1
        checked_us, checked_them = all(checks[0::2]), all(checks[1:back:2])
        if checked_us or checked_them:
            return (checked_us > checked_them) - (checked_them > checked_us), BY_CHECK
        if cycle_chases is None:
            return 0, BY_NEITHER
        chase = perpetual_chase(back, *cycle_chases(pos, back))
        if chase is None:
            return 0, BY_NEITHER
        return chase, BY_CHASE

    def repetition_verdict(pos, checks: list[bool], occurrences: int) -> int | None:
        """The search's verdict on a repetition (`Variant.repetition_result`): perpetual check and
        plain repetition are judged at once; a cycle with a chase in it only at the third
        occurrence, as Fairy-Stockfish judges it (None before)."""
        verdict, decided_by = judge_cycle(pos, checks)
        if decided_by == BY_CHASE and occurrences < REPETITIONS_TO_END:
            return None
        return verdict

    def _repetition(pos, checks: list[bool]) -> Outcome | None:
        end = min(pos.halfmove, pos.plies)
        current = pos.hash
        occurrences = 1
        for back in range(4, end + 1, 2):
            if pos.hash_back(back) == current:
                occurrences += 1
                if occurrences == REPETITIONS_TO_END:
                    verdict, decided_by = judge_cycle(pos, checks[: back + 1])
                    if verdict:
                        winner = pos.side if verdict > 0 else pos.side ^ 1
                        termination = (
                            Termination.PERPETUAL_CHECK
                            if decided_by == BY_CHECK
                            else Termination.PERPETUAL_CHASE
                        )
                        return Outcome.won_by(termination, winner)
                    return Outcome(Termination.THREEFOLD_REPETITION, None)
        return None

    def outcome(pos, claim_draw: bool = False) -> Outcome | None:
        """How the game has ended, or None; ``claim_draw`` changes nothing (see module
        docstring)."""
        if pos.kings[pos.side] < 0:
            return Outcome.won_by(Termination.GENERAL_CAPTURED, pos.side ^ 1)
        if not pos.legal_moves():
            termination = Termination.CHECKMATE if pos.is_check() else Termination.STALEMATE
            return Outcome.won_by(termination, pos.side ^ 1)
        end = min(pos.halfmove, pos.plies)
        if pos.halfmove < MOVE_LIMIT_PLIES and end < 4:
            return None
        checks = pos.checks_back(end)
        if pos.halfmove >= MOVE_LIMIT_PLIES and _move_limit_reached(pos, checks):
            return Outcome(Termination.MOVE_LIMIT, None)
        if end >= 4:
            return _repetition(pos, checks)
        return None

    return SimpleNamespace(
        outcome=outcome, repetition_verdict=repetition_verdict, judge_cycle=judge_cycle
    )
