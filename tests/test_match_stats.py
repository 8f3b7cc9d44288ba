"""The match statistics against hand-worked figures: logistic Elo, its 95% interval by the
trinomial (single games) and pentanomial (game pairs) models with Jeffreys' prior, and the
generalised SPRT's log-likelihood ratio.

The interval's figures below are worked from the formulas in `cli.match.stats`: the counts
plus 1/2 are ``a_i``, ``A`` their sum, ``m = sum(a_i x_i) / A``, ``var = (sum(a_i x_i^2) / A -
m^2) / (A + 1)``, the score interval ``m -+ 1.96 sqrt(var)``, each end as Elo ``-400 log10(1 /
s - 1)`` (trinomial ``x``: 1, 1/2, 0; pentanomial ``x``: 0, 1/4, 1/2, 3/4, 1 a game)."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st
from xqchess.cli.match.stats import (
    OUTCOME_SCORES,
    PENTANOMIAL,
    TRINOMIAL,
    Sprt,
    Tally,
    elo,
    elo_interval,
    expected_score,
    format_elo,
    most_likely,
)


def paired(*scores: float) -> Tally:
    """The tally of a match whose games (first engine's scores) come in opening pairs."""
    tally = Tally(paired=True)
    for score in scores:
        tally.add(score)
    return tally


def test_two_drawn_games_give_a_wide_interval():
    """Trinomial, 2 draws: a = (1/2, 5/2, 1/2), A = 7/2; m = (1/2 + 5/4) / (7/2) = 1/2;
    sum a x^2 / A = (1/2 + 5/8) / (7/2) = 9/28 = 0.321429, var = (9/28 - 1/4) / (9/2) = 1/63 =
    0.015873, 1.96 sqrt(var) = 0.246932: score 0.253068 to 0.746932, Elo -400 log10(2.951539)
    = -188.0 to +188.0.
    Pentanomial, the two as one pair (1 point of 2, a = 1/2 each but 3/2 at x = 1/2, A = 7/2):
    m = (1/8 + 3/4 + 3/8 + 1/2) / (7/2) = 1/2; sum a x^2 / A = (1/32 + 3/8 + 9/32 + 1/2) / (7/2) =
    19/56 = 0.339286, var = (19/56 - 1/4) / (9/2) = 5/252 = 0.019841, 1.96 sqrt(var) = 0.276079:
    score 0.223921 to 0.776079, Elo -400 log10(3.465865) = -215.9 to +215.9."""
    estimate, lower, upper = elo_interval(Tally(0, 2, 0))
    assert estimate == 0
    assert (lower, upper) == (pytest.approx(-188.0, abs=0.1), pytest.approx(188.0, abs=0.1))
    pair = paired(0.5, 0.5)
    assert pair.model() == PENTANOMIAL and pair.pairs == [0, 0, 1, 0, 0]
    estimate, lower, upper = elo_interval(pair)
    assert estimate == 0
    assert (lower, upper) == (pytest.approx(-215.9, abs=0.1), pytest.approx(215.9, abs=0.1))
    assert format_elo(lower) == "-216" and format_elo(upper) == "+216"


def test_a_win_and_a_loss():
    """Trinomial 1-0-1: a = (3/2, 1/2, 3/2), A = 7/2; m = (3/2 + 1/4) / (7/2) = 1/2; sum a x^2
    / A = (3/2 + 1/8) / (7/2) = 13/28, var = (13/28 - 1/4) / (9/2) = 1/21 = 0.047619, 1.96
    sqrt(var) = 0.427700: score 0.072300 to 0.927700, Elo -400 log10(12.8313) = -443.3 to
    +443.3. As one pair the two are 1 point of 2, as two draws are: -215.9 to +215.9."""
    _, lower, upper = elo_interval(Tally(1, 0, 1))
    assert (lower, upper) == (pytest.approx(-443.3, abs=0.1), pytest.approx(443.3, abs=0.1))
    _, lower, upper = elo_interval(paired(1, 0))
    assert (lower, upper) == (pytest.approx(-215.9, abs=0.1), pytest.approx(215.9, abs=0.1))


def test_one_won_game():
    """1-0-0: a = (3/2, 1/2, 1/2), A = 5/2; m = (3/2 + 1/4) / (5/2) = 7/10; sum a x^2 / A =
    (3/2 + 1/8) / (5/2) = 13/20, var = (13/20 - 49/100) / (7/2) = 0.045714, 1.96 sqrt(var) =
    0.419059: score 0.280941 to 1.119 (past 1: no upper bound), Elo -400 log10(2.559469) =
    -163.3 to +inf; the estimate from the score 1 is +inf. One game is not a pair: trinomial."""
    tally = paired(1)
    assert tally.model() == TRINOMIAL and tally.pending == 1
    estimate, lower, upper = elo_interval(tally)
    assert estimate == math.inf and upper == math.inf
    assert lower == pytest.approx(-163.3, abs=0.1)


def test_ten_games_in_five_pairs():
    """Pairs WW, WD, WL, DD, LD: 4 wins, 4 draws, 2 losses, score 6/10, Elo -400 log10(2/3) =
    +70.4. Pentanomial, pair scores a game 1, 3/4, 1/2, 1/2, 1/4: a = (1/2, 3/2, 5/2, 3/2, 3/2)
    at x = 0, 1/4, 1/2, 3/4, 1, A = 15/2; m = (3/8 + 5/4 + 9/8 + 3/2) / (15/2) = 17/30 =
    0.566667; sum a x^2 / A = (3/32 + 5/8 + 27/32 + 3/2) / (15/2) = 49/120 = 0.408333, var =
    (0.408333 - 0.321111) / (17/2) = 0.0102614, 1.96 sqrt(var) = 0.198542: score 0.368125 to
    0.765209, Elo -400 log10(1.716462) = -93.9 and -400 log10(0.306834) = +205.2.
    Trinomial, the same 4-4-2 as single games: a = (9/2, 9/2, 5/2), A = 23/2; m = (9/2 + 9/4) /
    (23/2) = 27/46 = 0.586957; sum a x^2 / A = (9/2 + 9/8) / (23/2) = 45/92 = 0.489130, var =
    (0.489130 - 0.344518) / (25/2) = 0.0115690, 1.96 sqrt(var) = 0.210812: score 0.376145 to
    0.797769, Elo -400 log10(1.658545) = -87.9 and -400 log10(0.253497) = +238.4."""
    tally = paired(1, 1, 1, 0.5, 1, 0, 0.5, 0.5, 0, 0.5)
    assert (tally.wins, tally.draws, tally.losses) == (4, 4, 2)
    assert tally.pairs == [0, 1, 2, 1, 1] and tally.model() == PENTANOMIAL
    estimate, lower, upper = elo_interval(tally)
    assert estimate == pytest.approx(70.4, abs=0.05)
    assert (lower, upper) == (pytest.approx(-93.9, abs=0.1), pytest.approx(205.2, abs=0.1))
    _, lower, upper = elo_interval(Tally(4, 4, 2))
    assert (lower, upper) == (pytest.approx(-87.9, abs=0.1), pytest.approx(238.4, abs=0.1))


def test_elo_and_interval_of_22_wins_and_8_losses():
    """Score 22/30 = 0.7333, Elo = -400 log10(1/0.7333 - 1) = +175.7. Trinomial: a = (45/2,
    1/2, 17/2), A = 63/2; m = (45/2 + 1/4) / (63/2) = 0.722222; sum a x^2 / A = (45/2 + 1/8) /
    (63/2) = 0.718254, var = (0.718254 - 0.521605) / (65/2) = 0.00605074, 1.96 sqrt(var) =
    0.152459: score 0.569763 to 0.874681, Elo -400 log10(0.755115) = +48.8 to -400
    log10(0.143274) = +337.5 (the sample-variance interval without the prior: +52.6 to +366.0)."""
    estimate, lower, upper = elo_interval(Tally(22, 0, 8))
    assert estimate == pytest.approx(175.7, abs=0.05)
    assert lower == pytest.approx(48.8, abs=0.1)
    assert upper == pytest.approx(337.5, abs=0.1)
    assert format_elo(estimate) == "+176"


def test_an_unfinished_pair_uses_the_trinomial_model():
    """Three paired games: the third waits for its pair, so all three are single games."""
    tally = paired(1, 0, 0.5)
    assert tally.model() == TRINOMIAL and tally.pairs == [0, 0, 1, 0, 0]
    assert elo_interval(tally) == elo_interval(Tally(1, 1, 1))


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


@given(st.integers(0, 50), st.integers(0, 50), st.integers(0, 50), st.floats(0.05, 0.95))
def test_the_most_likely_distribution_has_the_mean_it_is_asked_for(wins, draws, losses, mean):
    counts = [count or 1e-3 for count in (wins, draws, losses)]
    observed = [count / sum(counts) for count in counts]
    fitted = most_likely(observed, mean)
    assert all(p > 0 for p in fitted)
    assert sum(fitted) == pytest.approx(1, abs=1e-9)
    assert sum(p * x for p, x in zip(fitted, OUTCOME_SCORES)) == pytest.approx(mean, abs=1e-9)
