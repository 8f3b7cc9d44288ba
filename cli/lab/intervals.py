"""95% intervals for the lab's measures: a percentile bootstrap over the suite's positions.

Every measure the lab prints is a ratio of two sums over positions, ``sum(numerators) /
sum(denominators)``: average nodes (nodes over ones), nodes relative to a reference cell (the
cell's nodes over the reference's, position by position: the ratio of the mean nodes),
fail-high-first (first-move cutoffs over cutoffs), agreement (hits over ones). Node counts
swing several-fold from one position to the next, so what is uncertain is the choice of
positions, and the bootstrap redraws it: `BOOTSTRAP_SAMPLES` times it draws as many position
indices as there are positions, with replacement, and takes the statistic over the drawn
positions, with the estimator the table prints (a resample whose denominators sum to 0 counts
0, as 0/0 does in the table). The 95% interval is the 2.5th and 97.5th percentiles of those
statistics. The draws come from a generator seeded with `BOOTSTRAP_SEED`: the same inputs give
the same interval, every run.

A cell compared with its reference over the same positions is a paired comparison: both are
taken at the same indices in every resample, so what a position does to both cancels (a
node ratio is paired by construction; a difference of two ratios, `paired_difference`, is
the other case). Two independent samples (one game's positions and another's) are each redrawn
with their own indices (`unpaired_difference`). A difference holds at 95% when its interval
excludes the null value (`Interval.excludes`): 1 for a ratio, 0 for a difference.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from xqchess.core.errors import XQChessError

#: resamples per interval
BOOTSTRAP_SAMPLES = 2000
#: the seed of every bootstrap's generator (any fixed number: it makes intervals reproducible)
BOOTSTRAP_SEED = 20_000_607
#: the interval's coverage, and the percentiles that bound it
CONFIDENCE = 0.95
PERCENTILES = (100 * (1 - CONFIDENCE) / 2, 100 * (1 + CONFIDENCE) / 2)

#: a ratio's per-position numerators and denominators (the same length, position by position)
Ratio = tuple[Sequence[float], Sequence[float]]


@dataclass(frozen=True)
class Interval:
    """A percentile interval: its lower and upper bound."""

    low: float
    high: float

    def excludes(self, null: float) -> bool:
        """Whether ``null`` lies outside the interval: the difference from it holds."""
        return null < self.low or null > self.high


def draws(positions: int, generator: np.random.Generator) -> np.ndarray:
    """`BOOTSTRAP_SAMPLES` rows of ``positions`` position indices drawn with replacement."""
    return generator.integers(0, positions, size=(BOOTSTRAP_SAMPLES, positions))


def resampled(ratio: Ratio, indices: np.ndarray) -> np.ndarray:
    """The ratio of sums over each row of ``indices``; 0 where its denominators sum to 0."""
    numerators, denominators = _arrays(ratio)
    top = numerators[indices].sum(axis=1)
    bottom = denominators[indices].sum(axis=1)
    return np.divide(top, bottom, out=np.zeros_like(top), where=bottom != 0)


def percentile_interval(statistics: np.ndarray) -> Interval:
    """The interval between the `PERCENTILES` of the resampled statistics."""
    low, high = np.percentile(statistics, PERCENTILES)
    return Interval(float(low), float(high))


def ratio_interval(ratio: Ratio) -> Interval:
    """The interval of ``sum(numerators) / sum(denominators)`` (a node ratio of a cell over
    its reference, position by position, is paired by construction)."""
    indices = draws(_length(ratio), np.random.default_rng(BOOTSTRAP_SEED))
    return percentile_interval(resampled(ratio, indices))


def mean_interval(values: Sequence[float]) -> Interval:
    """The interval of the mean of ``values``."""
    return ratio_interval((values, [1] * len(values)))


def paired_difference(ratio: Ratio, reference: Ratio) -> Interval:
    """The interval of ``ratio`` minus ``reference``, both over the same positions (index by
    index), redrawn at the same indices in each resample."""
    positions = _length(ratio)
    if _length(reference) != positions:
        raise XQChessError(
            f"a paired difference needs the same positions: {positions} against "
            f"{_length(reference)}"
        )
    indices = draws(positions, np.random.default_rng(BOOTSTRAP_SEED))
    return percentile_interval(resampled(ratio, indices) - resampled(reference, indices))


def unpaired_difference(first: Ratio, second: Ratio) -> Interval:
    """The interval of ``first`` minus ``second``, two ratios over independent positions
    (of different suites), each redrawn with its own indices."""
    generator = np.random.default_rng(BOOTSTRAP_SEED)
    first_indices = draws(_length(first), generator)
    second_indices = draws(_length(second), generator)
    return percentile_interval(resampled(first, first_indices) - resampled(second, second_indices))


def _length(ratio: Ratio) -> int:
    numerators, denominators = ratio
    if len(numerators) != len(denominators):
        raise XQChessError(
            f"a ratio needs a denominator per numerator: {len(numerators)} numerators, "
            f"{len(denominators)} denominators"
        )
    if len(numerators) == 0:
        raise XQChessError("an interval needs at least one position")
    return len(numerators)


def _arrays(ratio: Ratio) -> tuple[np.ndarray, np.ndarray]:
    numerators, denominators = ratio
    return np.asarray(numerators, dtype=float), np.asarray(denominators, dtype=float)
