"""The match statistics against hand-worked figures: logistic Elo, its 95% interval from the
trinomial standard error, and the generalised SPRT's log-likelihood ratio."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xqchess.cli.match_stats import (
    OUTCOME_SCORES, Sprt, Tally, elo, elo_interval, expected_score, format_elo, most_likely,
)


def test_elo_and_interval_of_22_wins_and_8_losses():
    """Worked by hand: score 22/30 = 0.7333, Elo = -400 log10(1/0.7333 - 1) = +175.7; the
    variance of a game's score is (22 (0.2667)^2 + 8 (0.7333)^2) / 30 = 0.19556, its standard
    error sqrt(0.19556 / 30) = 0.08074, so the score's interval is 0.7333 -+ 1.96 * 0.08074 =
    0.5751 to 0.8916: +52.6 to +366.0 Elo."""
    estimate, lower, upper = elo_interval(Tally(22, 0, 8))
    assert estimate == pytest.approx(175.7, abs=0.05)
    assert lower == pytest.approx(52.6, abs=0.2)
    assert upper == pytest.approx(366.0, abs=0.2)
    assert format_elo(estimate) == "+176"


def test_even_and_one_sided_scores():
    assert elo_interval(Tally(3, 4, 3))[0] == 0 and format_elo(-0.2) == "+0"
    assert elo(1.0) == math.inf and format_elo(elo(0.0)) == "-inf"
    assert Tally(2, 1, 0).points == 2.5 and Tally(2, 1, 0).games == 3


def test_sprt_bounds_and_a_mid_range_llr():
    """alpha = beta = 0.05 gives bounds -+log(19) = -+2.944. At 1000 wins, draws and losses
    each, mid-range, the LLR equals the normal approximation: s0 = 0.5, s1 = 0.514387 (10 Elo),
    variance 1/6, so 3000 * 0.014387 * (1 - 1.014387) / (2/6) = -1.863."""
    sprt = Sprt(0, 10)
    assert sprt.bounds() == pytest.approx((-math.log(19), math.log(19)))
    assert expected_score(10) == pytest.approx(0.514387, abs=1e-6)
    assert sprt.llr(Tally(1000, 1000, 1000)) == pytest.approx(-1.863, abs=0.002)
    assert sprt.verdict(Tally(1000, 1000, 1000)) is None
    assert sprt.verdict(Tally(400, 300, 300)) == "H1"
    assert sprt.verdict(Tally(300, 300, 400)) == "H0"


def test_a_short_lopsided_run_is_not_a_verdict():
    """Five wins in five games prove little about a 10-Elo hypothesis: the maximum-likelihood
    LLR is small (the normal approximation, with a variance near 0, would accept H1)."""
    sprt = Sprt(0, 10)
    assert 0 < sprt.llr(Tally(5, 0, 0)) < 0.5
    assert sprt.verdict(Tally(5, 0, 0)) is None
    assert sprt.verdict(Tally(0, 0, 30)) is None
    assert sprt.verdict(Tally(300, 0, 0)) == "H1"


@given(st.integers(0, 50), st.integers(0, 50), st.integers(0, 50),
       st.floats(0.05, 0.95))
def test_the_most_likely_distribution_has_the_mean_it_is_asked_for(wins, draws, losses, mean):
    counts = [count or 1e-3 for count in (wins, draws, losses)]
    observed = [count / sum(counts) for count in counts]
    fitted = most_likely(observed, mean)
    assert all(p > 0 for p in fitted)
    assert sum(fitted) == pytest.approx(1, abs=1e-9)
    assert sum(p * x for p, x in zip(fitted, OUTCOME_SCORES)) == pytest.approx(mean, abs=1e-9)
