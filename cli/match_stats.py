"""A match's score as Elo: the estimate, its 95% interval and a sequential probability ratio test.

Elo is the logistic one, ``Elo = -400 * log10(1 / score - 1)``. The interval and the SPRT use
the trinomial model of the games (win, draw, loss, with the sample variance of a game's score),
as fishtest and fastchess's trinomial mode do; games are treated as independent even though a
match plays each opening twice. The SPRT is the generalised SPRT's normal approximation
(Michel Van den Bergh's, fishtest's ``LLR_logistic``): with ``s0`` and ``s1`` the expected
scores at ``elo0`` and ``elo1``, ``LLR = N * (s1 - s0) * (2 * score - s0 - s1) / (2 * var)``.
It accepts H1 (the first engine is ``elo1`` stronger) when LLR reaches ``log((1 - beta) /
alpha)`` and H0 when it falls to ``log(beta / (1 - alpha))``. While every game has the same
result the variance is 0 and the LLR is undefined; it is reported as 0 and the test goes on.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: the two-sided 95% quantile of the normal distribution
Z95 = 1.959963984540054


@dataclass
class Tally:
    """Games won, drawn and lost by the first engine."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def points(self) -> float:
        return self.wins + self.draws / 2

    def add(self, score: float) -> None:
        """Count one game the first engine scored ``score`` (1, 0.5 or 0) in."""
        if score == 1:
            self.wins += 1
        elif score == 0:
            self.losses += 1
        else:
            self.draws += 1

    def score(self) -> float:
        """The first engine's mean score per game."""
        return self.points / self.games

    def variance(self) -> float:
        """The sample variance of one game's score."""
        mean = self.score()
        return (self.wins * (1 - mean) ** 2 + self.draws * (0.5 - mean) ** 2
                + self.losses * mean ** 2) / self.games


def elo(score: float) -> float:
    """The logistic Elo difference of a mean score (infinite at 0 and 1)."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1)


def expected_score(elo_difference: float) -> float:
    return 1 / (1 + 10 ** (-elo_difference / 400))


def elo_interval(tally: Tally) -> tuple[float, float, float]:
    """(Elo, lower, upper): the estimate and its 95% interval, from the score's standard error."""
    score = tally.score()
    margin = Z95 * math.sqrt(tally.variance() / tally.games)
    return elo(score), elo(score - margin), elo(score + margin)


@dataclass(frozen=True)
class Sprt:
    """The hypotheses H0: Elo = ``elo0`` and H1: Elo = ``elo1``, with the error rates."""

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05

    def bounds(self) -> tuple[float, float]:
        """(lower, upper): H0 is accepted at or below the first, H1 at or above the second."""
        return (math.log(self.beta / (1 - self.alpha)),
                math.log((1 - self.beta) / self.alpha))

    def llr(self, tally: Tally) -> float:
        """The log-likelihood ratio of H1 to H0 after the games of ``tally``."""
        if not tally.games:
            return 0.0
        variance = tally.variance()
        if variance == 0:
            return 0.0
        s0, s1 = expected_score(self.elo0), expected_score(self.elo1)
        return tally.games * (s1 - s0) * (2 * tally.score() - s0 - s1) / (2 * variance)

    def verdict(self, tally: Tally) -> str | None:
        """'H1' or 'H0' once one is accepted, else None."""
        lower, upper = self.bounds()
        llr = self.llr(tally)
        if llr >= upper:
            return "H1"
        if llr <= lower:
            return "H0"
        return None


def format_elo(value: float) -> str:
    """Elo as text: '+176', '-12', '+inf'."""
    if math.isinf(value):
        return "+inf" if value > 0 else "-inf"
    return f"{round(value):+d}"
