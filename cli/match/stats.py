"""A match's score as Elo: the estimate, its 95% interval and a sequential probability ratio test.

Elo is the logistic one, ``Elo = -400 * log10(1 / score - 1)``, of the first engine's mean score.

The interval follows fastchess's two models of a match: the pentanomial one over game pairs
(the match plays each opening twice with the colors swapped, so the two games of a pair are
not independent; a pair scores 0, 1/4, 1/2, 3/4 or 1 a game), used once the games so far are
all in complete pairs, and the trinomial one over single games (win 1, draw 1/2, loss 0)
otherwise. Fastchess takes the score's standard error from the sample variance of the
outcomes, which is 0 when every game (every pair) had the same result: two draws then give
an interval of zero width. Here each model's outcome counts get Jeffreys' prior, half a game
(half a pair) of every possible outcome added, and the interval is the posterior mean score
plus or minus 1.96 posterior standard deviations: with ``a_i`` the counts plus 1/2, ``A``
their sum and ``x_i`` the outcomes' scores, the mean ``m = sum(a_i x_i) / A`` and the variance
``(sum(a_i x_i^2) / A - m^2) / (A + 1)`` (the Dirichlet posterior's), each end turned into
Elo (a score at or beyond 0 or 1 is an unbounded end, ``-inf`` or ``+inf``). A few games give
a wide interval whatever their results; over many the prior's weight vanishes and the
interval is fastchess's.

The SPRT is Michel Van den Bergh's generalised SPRT as fishtest computes it
(``LLR_logistic``), on the trinomial model: with ``s0`` and ``s1`` the expected scores at
``elo0`` and ``elo1``, the log-likelihood ratio of the maximum-likelihood outcome
distributions whose mean is ``s1`` and ``s0`` (near the normal approximation ``N * (s1 - s0)
* (2 * score - s0 - s1) / (2 * var)`` in mid-range, and sound at lopsided scores, where that
one is not). It accepts H1 (the first engine is ``elo1`` stronger) when LLR reaches ``log((1 -
beta) / alpha)`` and H0 when it falls to ``log(beta / (1 - alpha))``. As in fishtest, the LLR
counts an outcome that has not occurred as `REGULARIZATION` games, so that it is defined (the
variance not 0) when every game so far has had the same result.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

#: the two-sided 95% quantile of the normal distribution
Z95 = 1.959963984540054
#: how many games an outcome not yet seen counts as in the SPRT (fishtest's regularisation)
REGULARIZATION = 1e-3
#: Jeffreys' prior: how many games (pairs) of each possible outcome the interval adds
PRIOR = 0.5
#: the interval's two models (`Tally.model`)
TRINOMIAL, PENTANOMIAL = "trinomial", "pentanomial"
#: a game's scores for the first engine, in `Tally` order (win, draw, loss)
OUTCOME_SCORES = (1.0, 0.5, 0.0)
#: a pair's score per game for the first engine, by its points in the pair (0 to 2 by halves)
PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)


@dataclass
class Tally:
    """Games won, drawn and lost by the first engine and, when the games come in pairs (one
    opening with the colors swapped), the pairs by its points in them."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    #: whether consecutive games (the first and second, the third and fourth ...) are pairs
    paired: bool = False
    #: complete pairs counted by the first engine's points in the pair: 0, 1/2, 1, 3/2, 2
    pairs: list[int] = field(default_factory=lambda: [0] * len(PAIR_SCORES))
    #: the first engine's score in the first game of a pair not yet complete
    pending: float | None = None

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
        if self.paired:
            if self.pending is None:
                self.pending = score
            else:
                self.pairs[round(2 * (self.pending + score))] += 1
                self.pending = None

    def score(self) -> float:
        """The first engine's mean score per game."""
        return self.points / self.games

    def model(self) -> str:
        """The interval's model: `PENTANOMIAL` when the games are paired and every one is in
        a complete pair, else `TRINOMIAL`."""
        return PENTANOMIAL if self.paired and self.games and self.pending is None else TRINOMIAL


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


def score_interval(scores: tuple[float, ...], counts: list[int]) -> tuple[float, float]:
    """The 95% interval of the mean score, from outcomes scoring ``scores`` seen ``counts``
    times with `PRIOR` added to each: the posterior mean plus or minus `Z95` posterior
    standard deviations."""
    weights = [count + PRIOR for count in counts]
    total = sum(weights)
    mean = sum(w * x for w, x in zip(weights, scores)) / total
    square = sum(w * x * x for w, x in zip(weights, scores)) / total
    margin = Z95 * math.sqrt((square - mean**2) / (total + 1))
    return mean - margin, mean + margin


def elo_interval(tally: Tally) -> tuple[float, float, float]:
    """(Elo, lower, upper): the estimate from the mean score, and its 95% interval by the
    tally's model (`Tally.model`)."""
    if tally.model() == PENTANOMIAL:
        lower, upper = score_interval(PAIR_SCORES, tally.pairs)
    else:
        lower, upper = score_interval(OUTCOME_SCORES, [tally.wins, tally.draws, tally.losses])
    return elo(tally.score()), elo(lower), elo(upper)


@dataclass(frozen=True)
class Sprt:
    """The hypotheses H0: Elo = ``elo0`` and H1: Elo = ``elo1``, with the error rates."""

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05

    def bounds(self) -> tuple[float, float]:
        """(lower, upper): H0 is accepted at or below the first, H1 at or above the second."""
        return (math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha))

    def llr(self, tally: Tally) -> float:
        """The log-likelihood ratio of H1 to H0 after the games of ``tally``."""
        if not tally.games:
            return 0.0
        counts = [count or REGULARIZATION for count in (tally.wins, tally.draws, tally.losses)]
        games = sum(counts)
        observed = [count / games for count in counts]
        under_h0 = most_likely(observed, expected_score(self.elo0))
        under_h1 = most_likely(observed, expected_score(self.elo1))
        return games * sum(p * math.log(p1 / p0) for p, p0, p1 in zip(observed, under_h0, under_h1))

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
