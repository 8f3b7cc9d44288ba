"""The lab's 95% intervals: the bootstrap's resamples follow the exact distribution of a
three-position suite (all 27 resamples enumerated); an interval contains 1 where a cell only
adds symmetric noise to its reference and excludes it where every position's nodes are halved;
equal ratios give a zero-width interval; the same inputs give the same interval; a cell is
paired with its reference over the positions both have; an unpaired difference redraws each
sample on its own; a real lab run's rows bracket each estimate with its bounds."""

import argparse
import itertools
from collections import Counter

import numpy as np
import pytest
from xqchess.cli.lab import run as lab_run
from xqchess.cli.lab.intervals import (
    BOOTSTRAP_SAMPLES,
    BOOTSTRAP_SEED,
    Interval,
    draws,
    mean_interval,
    paired_difference,
    ratio_interval,
    resampled,
    unpaired_difference,
)
from xqchess.cli.lab.matrix import (
    INTERVAL_COLUMNS,
    across_games,
    node_ratio,
    resolve,
    run_task,
)
from xqchess.core.errors import XQChessError

#: three positions' nodes in a cell and in its reference
CELL = [10, 40, 90]
REFERENCE = [20, 50, 60]


def exact_distribution() -> Counter:
    """Each resample's node ratio, over all 27 equally likely draws of three positions."""
    return Counter(
        sum(CELL[i] for i in draw) / sum(REFERENCE[i] for i in draw)
        for draw in itertools.product(range(3), repeat=3)
    )


def exact_quantile(distribution: Counter, p: float) -> float:
    """The smallest value whose cumulative probability reaches ``p``."""
    total, seen = sum(distribution.values()), 0
    for value in sorted(distribution):
        seen += distribution[value]
        if seen / total >= p:
            return value
    raise AssertionError("p above 1")


def test_resamples_follow_the_exact_distribution_of_three_positions():
    distribution = exact_distribution()
    assert sum(distribution.values()) == 27 and len(distribution) == 10
    statistics = resampled((CELL, REFERENCE), draws(3, np.random.default_rng(BOOTSTRAP_SEED)))
    assert statistics.shape == (BOOTSTRAP_SAMPLES,)
    observed = Counter(statistics.tolist())
    # every resample is one of the exact values, each about as often as its probability
    # (1, 3 or 6 in 27; 0.025 is about 3 standard deviations of such a frequency in 2000 draws)
    assert set(observed) <= set(distribution)
    for value, count in distribution.items():
        assert observed[value] / BOOTSTRAP_SAMPLES == pytest.approx(count / 27, abs=0.025)
    interval = ratio_interval((CELL, REFERENCE))
    # the lowest and highest ratio (a position drawn thrice) have probability 1/27 > 2.5%:
    # they are the exact 2.5% and 97.5% quantiles
    assert interval.low == exact_quantile(distribution, 0.025) == min(distribution) == 10 / 20
    assert interval.high == exact_quantile(distribution, 0.975) == max(distribution) == 90 / 60
    assert np.percentile(statistics, 50) == exact_quantile(distribution, 0.5)


def test_symmetric_noise_keeps_1_inside_and_halved_nodes_leave_it_out():
    reference = [1_000, 1_000, 5_000, 5_000, 20_000, 20_000, 300, 300] * 3
    noise = [0.1, -0.1] * 12  # each position's twin has the opposite noise
    noisy = [round(nodes * (1 + e)) for nodes, e in zip(reference, noise)]
    same = ratio_interval((noisy, reference))
    assert sum(noisy) == sum(reference) and same.low < 1 < same.high
    assert not same.excludes(1)
    halved = ratio_interval(([n // 2 for n in noisy], reference))
    assert halved.high < 1 and halved.excludes(1)
    assert halved.low <= 0.5 <= halved.high


def test_equal_ratios_give_a_zero_width_interval():
    reference = [400, 1_200, 80_000, 4]
    interval = ratio_interval(([3 * n // 4 for n in reference], reference))
    assert interval == Interval(0.75, 0.75)
    assert interval.excludes(1) and not interval.excludes(0.75)
    assert mean_interval([7, 7, 7]) == Interval(7.0, 7.0)
    # a cell against itself: no difference, a zero-width interval at 0 that does not hold
    fhf = ([100 * f for f in (3, 5, 9)], [4, 8, 10])
    assert paired_difference(fhf, fhf) == Interval(0.0, 0.0)


def test_the_same_inputs_give_the_same_interval():
    values = ([5, 17, 3, 90, 41], [7, 11, 13, 60, 40])
    first = ratio_interval(values)
    np.random.seed(12345)  # the global generator plays no part
    np.random.random(100)
    assert ratio_interval(values) == first
    assert ratio_interval((list(values[0]), list(values[1]))) == first
    assert unpaired_difference(values, values) == unpaired_difference(values, values)


def test_a_zero_denominator_resample_counts_0_and_bad_input_is_named():
    # cutoffs 0 at the one drawn position: 0/0 counts 0, as the table's estimate does
    assert resampled(([0, 50], [0, 100]), np.array([[0, 0], [1, 1]])).tolist() == [0.0, 0.5]
    with pytest.raises(XQChessError, match="2 numerators, 3 denominators"):
        ratio_interval(([1, 2], [1, 2, 3]))
    with pytest.raises(XQChessError, match="at least one position"):
        mean_interval([])
    with pytest.raises(XQChessError, match="the same positions: 2 against 3"):
        paired_difference(([1, 2], [1, 1]), ([1, 2, 3], [1, 1, 1]))


def test_an_unpaired_difference_redraws_each_sample_on_its_own():
    # first: every position's ratio 0.5; second: two positions, 1/2 and 3/2, whose resamples
    # are 0.5, 1.0 and 1.5 with probabilities 1/4, 1/2, 1/4: the difference is 0, -0.5 or -1
    constant = ([1, 2, 3, 4], [2, 4, 6, 8])
    spread = ([1, 3], [2, 2])
    interval = unpaired_difference(constant, spread)
    assert interval == Interval(-1.0, 0.0) and not interval.excludes(0)
    # identical samples: paired, the difference vanishes; unpaired, it spreads around 0
    assert paired_difference(spread, spread) == Interval(0.0, 0.0)
    unpaired = unpaired_difference(spread, spread)
    assert unpaired.low == -1.0 and unpaired.high == 1.0
    # far apart: 0.5 against 0.8 everywhere holds
    apart = unpaired_difference(constant, ([4, 8], [5, 10]))
    assert (apart.low, apart.high) == pytest.approx((-0.3, -0.3)) and apart.excludes(0)


def searches(nodes: dict[str, int]) -> dict:
    return {(name, "fen"): ({"id": name}, {"nodes": count}) for name, count in nodes.items()}


def test_a_cell_is_paired_with_its_reference_over_the_positions_both_have():
    cell = searches({"a": 10, "b": 20, "c": 30})
    reference = searches({"b": 40, "c": 50, "d": 60})
    assert node_ratio(cell, reference) == ([20, 30], [40, 50])
    assert node_ratio(cell, searches({"x": 1})) == ([], [])


def test_a_part_run_report_pairs_each_cell_over_its_common_positions():
    """The `mvvlva` cell lacks its first position (a run stopped part way): its node ratio is
    taken over the two positions both cells have."""
    args = argparse.Namespace(
        variant=["chess"],
        suite=None,
        config=None,
        depth=[1],
        spec=["none", "mvvlva"],
        prune=None,
        baseline=None,
        positions=3,
        preset=None,
    )
    lab, _, _ = resolve(args)
    tasks = lab.tasks()
    assert [t["spec"] for t in tasks] == ["none"] * 3 + ["mvvlva"] * 3
    del tasks[3]
    results = [run_task(task) for task in tasks]
    baseline_row, row = lab.summarise(tasks, results)
    assert (baseline_row["positions"], row["positions"], row["of_positions"]) == (3, 2, 3)
    nodes = {(t["spec"], t["id"]): r["nodes"] for t, r in zip(tasks, results)}
    ids = [t["id"] for t in tasks if t["spec"] == "mvvlva"]
    cell = sum(nodes["mvvlva", i] for i in ids)
    reference = sum(nodes["none", i] for i in ids)
    assert row["vs_baseline"] == pytest.approx(cell / reference)
    assert row["vs_baseline_low"] <= row["vs_baseline"] <= row["vs_baseline_high"]
    assert baseline_row["vs_baseline_low"] == baseline_row["vs_baseline_high"] == 1.0
    assert baseline_row["vs_baseline_holds"] is False


def test_a_real_run_brackets_every_estimate_with_its_bounds():
    rows = lab_run(
        ["chess", "xiangqi"], depths=[2], specs=["guard,mvvlva"], prunes=["0", "2:0"], positions=5
    )
    assert len(rows) == 4
    for row in rows:
        assert set(INTERVAL_COLUMNS) <= set(row)
        for key in ("avg_nodes", "fail_high_first_pct", "vs_baseline", "agree_bm_pct"):
            assert row[f"{key}_low"] <= row[key] <= row[f"{key}_high"], (key, row)
        assert isinstance(row["vs_baseline_holds"], bool)
        if row["prune"]:
            assert row["agree_unpruned_pct_low"] <= row["agree_unpruned_pct"]
            assert row["agree_unpruned_pct"] <= row["agree_unpruned_pct_high"] <= 100
            assert row["vs_baseline_high"] < 1 and row["vs_baseline_holds"]
        else:
            assert row["agree_unpruned_pct_low"] is None and row["agree_unpruned_holds"] is None
            assert row["vs_baseline"] == row["vs_baseline_low"] == row["vs_baseline_high"] == 1
            assert row["fail_high_first_holds"] is False and row["agree_bm_holds"] is False


def test_across_games_compares_each_setting_of_two_games_unpaired():
    """Suites s1 and s3 of game g1, s2 of game g2, each with the baseline spec and spec x:
    x's node ratio is 0.5 at every position of s1, 1/2 and 3/2 at s2's two (resamples 0.5,
    1.0, 1.5 with probabilities 1/4, 1/2, 1/4), 0.25 at s3's; s1 and s3, one game, are not
    compared, nor is the baseline cell."""
    nodes = {
        ("s1", "base"): [2, 4, 6, 8],
        ("s1", "x"): [1, 2, 3, 4],
        ("s2", "base"): [2, 2],
        ("s2", "x"): [1, 3],
        ("s3", "base"): [4, 8],
        ("s3", "x"): [1, 2],
    }
    setting = {"config": "c", "depth": 2, "prune": 0, "margin": 0}
    tasks, results, rows = [], [], []
    for (suite, spec), counts in nodes.items():
        for index, count in enumerate(counts):
            tasks.append(setting | {"suite": suite, "spec": spec, "id": str(index), "fen": "f"})
            results.append({"nodes": count})
        ratio = sum(counts) / sum(nodes[suite, "base"])
        game = "g2" if suite == "s2" else "g1"
        rows.append(setting | {"suite": suite, "variant": game, "spec": spec, "vs_baseline": ratio})
    compared = across_games(rows, tasks, results, "base")
    assert [row["suites"] for row in compared] == [["s1", "s2"], ["s2", "s3"]]
    first, second = compared
    assert first["spec"] == "x" and first["vs_baseline"] == [0.5, 1.0]
    assert first["difference"] == -0.5
    assert (first["difference_low"], first["difference_high"]) == (-1.0, 0.0)
    assert first["difference_holds"] is False
    assert second["difference"] == 0.75 and second["difference_low"] == 0.25
    assert second["difference_high"] == 1.25 and second["difference_holds"] is True
