"""A match's score as Elo: the estimate, its 95% interval and a sequential probability ratio test.

Elo is the logistic one, ``Elo = -400 * log10(1 / score - 1)``. The interval and the SPRT use
the trinomial model of the games (win, draw, loss, with the sample variance of a game's score),
as fishtest and fastchess's trinomial mode do; games are treated as independent even though a
match plays each opening twice. The SPRT is Michel Van den Bergh's generalised SPRT as fishtest
computes it (``LLR_logistic``): with ``s0`` and ``s1`` the expected scores at ``elo0`` and
``elo1``, the log-likelihood ratio of the maximum-likelihood outcome distributions whose mean
is ``s1`` and ``s0`` (near the normal approximation ``N * (s1 - s0) * (2 * score - s0 - s1) /
(2 * var)`` in mid-range, and sound at lopsided scores, where that one is not). It accepts H1 (the first engine is ``elo1`` stronger) when LLR reaches ``log((1 - beta) /
alpha)`` and H0 when it falls to ``log(beta / (1 - alpha))``. As in fishtest, the LLR counts
an outcome that has not occurred as `REGULARIZATION` games, so that it is defined (the variance
not 0) when every game so far has had the same result.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: the two-sided 95% quantile of the normal distribution
Z95 = 1.959963984540054
#: how many games an outcome not yet seen counts as in the SPRT (fishtest's regularisation)
REGULARIZATION = 1e-3


def mean_and_variance(wins: float, draws: float, losses: float) -> tuple[float, float]:
    """A game's mean score and the variance of its score, from the outcomes' counts."""
    games = wins + draws + losses
    mean = (wins + draws / 2) / games
    variance = (wins * (1 - mean) ** 2 + draws * (0.5 - mean) ** 2 + losses * mean ** 2) / games
    return mean, variance


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
        return mean_and_variance(self.wins, self.draws, self.losses)[1]


#: a game's scores for the first engine, in `Tally` order (win, draw, loss)
OUTCOME_SCORES = (1.0, 0.5, 0.0)


def most_likely(observed: list[float], mean: float) -> list[float]:
    """The outcome distribution with mean score ``mean`` under which the ``observed``
    frequencies are most likely: ``observed[i] / (1 + lam * (x[i] - mean))``, with the
    Lagrange multiplier ``lam`` found by bisection (the constraint decreases in ``lam``)."""
    offsets = [score - mean for score in OUTCOME_SCORES]

    def constraint(lam: float) -> float:
        return sum(p * x / (1 + lam * x) for p, x in zip(observed, offsets))

    # 1 + lam * x must stay positive for every outcome: lam in (-1 / max x, -1 / min x)
    low, high = -1 / max(offsets), -1 / min(offsets)
    low, high = low + 1e-12 * abs(low), high - 1e-12 * abs(high)
    for _ in range(200):
        middle = (low + high) / 2
        if constraint(middle) > 0:
            low = middle
        else:
            high = middle
    lam = (low + high) / 2
    return [p / (1 + lam * x) for p, x in zip(observed, offsets)]


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
        counts = [count or REGULARIZATION for count in (tally.wins, tally.draws, tally.losses)]
        games = sum(counts)
        observed = [count / games for count in counts]
        under_h0 = most_likely(observed, expected_score(self.elo0))
        under_h1 = most_likely(observed, expected_score(self.elo1))
        return games * sum(p * math.log(p1 / p0)
                           for p, p0, p1 in zip(observed, under_h0, under_h1))

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
