"""`xqchess lab`: the heuristics lab. Runs a matrix of suites x searcher configs x depths x
ordering specs x guard-pruning settings, one fresh search per position, and reports per cell:
average nodes and quiescence nodes, time, fail-high on the first move, mean cutoff index,
effective branching factor, nodes relative to a baseline spec, the main-search nodes as a
multiple of the minimal tree, and best-move agreement with the unpruned search and with the
suite's best move. Each measure has its 95% interval (`intervals`: a bootstrap over positions,
a comparison paired with its reference cell over the positions both have) and, for a
comparison, whether the difference holds at 95%; `across_games` sets each setting's node ratio
in one game against another's. Prints a table, the comparisons across games and a bar chart of
the node ratios with their intervals; writes CSV and JSON (with the exact configuration,
versions and command line) to an output folder. Presets run the seeds' experiments (see
docs/lab.md).

Runs resume: every finished search is appended to ``searches.jsonl`` in the output folder, and
a later run with that folder searches only what is not there yet (a search is known by its
suite, position, spec, depth, config and pruning), so a long preset can be stopped at any time
and continued in another session. ``--report`` runs nothing and summarises what the folder
holds, each cell over the positions it has; with ``--markdown`` it prints the tables as
Markdown (docs/lab.md's) and writes nothing. ``--plot`` draws the rows (`plots`); ``--elo``
plays the switches' games instead of searching (`elo`).
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import platform
import sys
import tempfile
import time
from dataclasses import asdict, replace
from datetime import datetime, timezone
from pathlib import Path

from rich import box
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text
from xqchess.cli.arguments import package_version
from xqchess.cli.lab.elo import (
    PRESET_SWITCHES,
    NoGamesError,
    collect_elo,
    elo_figures,
    markdown,
)
from xqchess.cli.lab.intervals import (
    Ratio,
    mean_interval,
    paired_difference,
    ratio_interval,
    unpaired_difference,
)
from xqchess.cli.lab.plots import write_plots
from xqchess.cli.lab.runners import ClusterRunner, LocalRunner, open_runner
from xqchess.cli.suites import Suite, default_suite_name, load_suite
from xqchess.core.errors import XQChessError
from xqchess.core.search import MAX_PLY, PRESETS, Limits, Searcher
from xqchess.ordering.spec import DEFAULT_SPEC, build_pipeline
from xqchess.variants import NAMES, get_variant

#: searcher configurations by name: every preset of the search (`core.search.PRESETS`), with
#: the statistic of which heuristic placed each cutoff's move first kept (the lab reports it)
CONFIGS = {name: replace(config, order_statistics=True) for name, config in PRESETS.items()}
#: the configuration a lab run uses when none is named
DEFAULT_CONFIG = "baseline"

#: Greer 2000, Table 4's strategies, as ordering specs
GREER_STRATEGIES = (
    "chessmaps",
    "chessmaps:cutoff",
    "chessmaps:experience",
    "difference,history:seed",
)
#: strategy 4 as the lab first built it, captures by MVV-LVA, kept in the preset beside it
MVVLVA_STRATEGY4 = "mvvlva,history:seed"
#: Table 4's average nodes, per strategy, at depths 3, 4, 5 and 6
GREER_TABLE4 = {
    "chessmaps": (3549, 22383, 142320, 748494),
    "chessmaps:cutoff": (3233, 19049, 112953, 593250),
    "chessmaps:experience": (3395, 19683, 120615, 640000),
    "difference,history:seed": (4278, 25779, 155554, 948161),
}

#: the output folder's journal of finished searches (one JSON object per line)
JOURNAL = "searches.jsonl"

#: the ordering table of docs/search.md (cumulative pipelines, then the default)
STANDARD_SPECS = (
    "none",
    "mvvlva",
    "mvvlva,killer",
    "mvvlva,killer,history",
    "mvvlva,killer,countermove,history",
    "guard,mvvlva,killer,countermove,history",
    DEFAULT_SPEC,
)

#: the guard preset's pipeline: guard first (its pruning needs it), then the captures and quiet
#: moves' heuristics
GUARD_SPEC = "guard,mvvlva,killer,countermove,history"
#: the suites of the guard and ordering presets: 200 Fairy-Stockfish middlegames per game
MIDDLEGAME_SUITES = ("chess-middlegames-200", "xiangqi-middlegames-200")

#: name -> (description, option overrides, paper figures printed beside the results: per
#: suite, (spec, depth) -> the figure)
PRESETS = {
    "greer-table3": (
        "Greer 2000, Table 3: brute-force negamax to depth 5 plus a quiescence search of safe "
        "captures by material difference; 24 Bratko-Kopec positions and 24 xiangqi "
        "middlegames; random, chessmaps and the history seed's rule, each with the moves "
        "split safe and unsafe first",
        {
            "suite": ["bratko-kopec", "xiangqi-middlegames"],
            "config": ["greer"],
            "depth": [5],
            "spec": ["safe,random", "chessmaps:split", "safe,history:seed"],
            "baseline": "safe,random",
        },
        {
            "bratko-kopec": {
                ("safe,random", 5): 2_173_388,
                ("chessmaps:split", 5): 472_375,
                ("safe,history:seed", 5): 441_240,
            }
        },
    ),
    "greer-table4": (
        "Greer 2000, Table 4: iterative deepening plus the same quiescence, depths 3-6, on 54 "
        "positions per game (chess: Bratko-Kopec and 30 middlegames); strategies 1-3 "
        "(chessmaps with network, cutoff and experience sectors) against 4 (captures first "
        "by material difference, then history), and 4 with its captures by MVV-LVA",
        {
            "suite": [
                "bratko-kopec+chess-middlegames-30",
                "xiangqi-middlegames+xiangqi-middlegames-30",
            ],
            "config": ["greer-id"],
            "depth": [3, 4, 5, 6],
            "spec": [*GREER_STRATEGIES, MVVLVA_STRATEGY4],
            "baseline": GREER_STRATEGIES[-1],
        },
        {
            "bratko-kopec+chess-middlegames-30": {
                (spec, depth): figure
                for spec, figures in GREER_TABLE4.items()
                for depth, figure in zip((3, 4, 5, 6), figures)
            }
        },
    ),
    "guard": (
        "Guard heuristic across games: pruning frontier 1 and 2 with margins 0 and 3 at depths "
        "4-6 on 200 middlegames per game, nodes saved against best-move changes",
        {
            "suite": list(MIDDLEGAME_SUITES),
            "config": [DEFAULT_CONFIG],
            "depth": [4, 5, 6],
            "spec": [GUARD_SPEC],
            "prune": ["0", "1:0", "1:3", "2:0", "2:3"],
            "baseline": GUARD_SPEC,
        },
        {},
    ),
    "ordering": (
        "Ordering across games: generation order, MVV-LVA, killers, history, countermove, "
        "guard and the default pipeline, cumulatively, at depth 3 on 200 middlegames per game",
        {
            "suite": list(MIDDLEGAME_SUITES),
            "config": [DEFAULT_CONFIG],
            "depth": [3],
            "spec": list(STANDARD_SPECS),
            "baseline": STANDARD_SPECS[0],
        },
        {},
    ),
}

COLUMNS = (
    "suite",
    "variant",
    "config",
    "depth",
    "spec",
    "prune",
    "margin",
    "positions",
    "of_positions",
    "avg_nodes",
    "avg_nodes_low",
    "avg_nodes_high",
    "avg_qnodes",
    "avg_time_ms",
    "us_per_node",
    "fail_high_first_pct",
    "fail_high_first_pct_low",
    "fail_high_first_pct_high",
    "fail_high_first_holds",
    "mean_cutoff_index",
    "ebf",
    "vs_baseline",
    "vs_baseline_low",
    "vs_baseline_high",
    "vs_baseline_holds",
    "minimal_tree",
    "x_minimal",
    "agree_unpruned_pct",
    "agree_unpruned_pct_low",
    "agree_unpruned_pct_high",
    "agree_unpruned_holds",
    "agree_bm_pct",
    "agree_bm_pct_low",
    "agree_bm_pct_high",
    "agree_bm_holds",
    "guard_prunes",
)
#: the columns of 95% intervals (`intervals`): a measure's bounds, MEASURE_low and
#: MEASURE_high, and whether its comparison holds at 95%, NAME_holds
INTERVAL_COLUMNS = tuple(key for key in COLUMNS if key.endswith(("_low", "_high", "_holds")))


#: the terminal table's measures: header, row key, decimals, and the legend's words for it
TABLE_MEASURES = (
    ("nodes", "avg_nodes", 0, "average nodes, quiescence included"),
    ("qnodes", "avg_qnodes", 0, "average quiescence nodes"),
    ("ms", "avg_time_ms", 0, "average milliseconds"),
    ("µs/n", "us_per_node", 0, "microseconds per node"),
    ("FHF%", "fail_high_first_pct", 1, "cutoffs by the first move"),
    ("idx", "mean_cutoff_index", 2, "mean index of the cutoff move"),
    ("EBF", "ebf", 2, "effective branching factor"),
    ("base", "vs_baseline", 3, "nodes / the baseline's"),
    ("xmin", "x_minimal", 2, "main-search nodes / the minimal tree"),
    ("=unpr%", "agree_unpruned_pct", 0, "best move as unpruned"),
    ("=bm%", "agree_bm_pct", 0, "best move among the suite's"),
)
#: the measures with a 95% interval, each with its "holds" column (None: compared with nothing)
INTERVAL_HOLDS = {
    "avg_nodes": None,
    "fail_high_first_pct": "fail_high_first_holds",
    "vs_baseline": "vs_baseline_holds",
    "agree_unpruned_pct": "agree_unpruned_holds",
    "agree_bm_pct": "agree_bm_holds",
}
#: the mark of a difference that holds at 95%
HOLDS_MARK = "*"
#: the table's measures printed with their interval, and the legend's words for what their
#: difference that holds at 95% is taken from
TABLE_INTERVALS = {
    "fail_high_first_pct": "the baseline's",
    "vs_baseline": "1",
    "agree_unpruned_pct": "100",
    "agree_bm_pct": "the unpruned row's, else the baseline's",
}
#: the longest section heading of the terminal table kept on one line
HEADING_WIDTH = 40
#: measures the terminal table leaves out, in this order, when it is too wide even so
TABLE_DROPPABLE = (
    "ebf",
    "mean_cutoff_index",
    "avg_qnodes",
    "us_per_node",
    "avg_time_ms",
    "x_minimal",
)
#: spaces between the table's columns, widest first: the first whose table fits is used
TABLE_GAPS = (2, 1)
#: the bar chart: indent of a bar's line, longest bar, and the shortest a narrow console gets
CHART_INDENT = "  "
CHART_BAR = 40
CHART_MIN_BAR = 10
#: a bar's characters: to the interval's low end, from there to the estimate, on to the high end
CHART_SHADES = ("█", "▓", "░")
#: the words under the chart
CHART_LEGEND = (
    f"bars: {CHART_SHADES[0]} to the low end of the 95% interval, {CHART_SHADES[1]} to the "
    f"estimate, {CHART_SHADES[2]} to the high end; {HOLDS_MARK}: differs from the baseline at 95%"
)


def minimal_tree(branching: float, depth: int) -> float:
    """Knuth and Moore's minimal alpha-beta tree: b^ceil(d/2) + b^floor(d/2) - 1 leaves."""
    return branching ** math.ceil(depth / 2) + branching ** (depth // 2) - 1


def parse_prune(text: str) -> tuple[int, int]:
    """'DEPTH' or 'DEPTH:MARGIN' -> (frontier depth, margin); 0 means no pruning."""
    depth, _, margin = text.partition(":")
    if not depth.isdigit() or (margin and not margin.isdigit()):
        raise XQChessError(f"--prune {text!r} is not DEPTH or DEPTH:MARGIN (whole numbers)")
    return int(depth), int(margin or 0)


def run_task(task: dict) -> dict:
    """One search of one position (a separate process may run it): its statistics."""
    variant = get_variant(task["variant"])
    config = replace(CONFIGS[task["config"]], guard_prune_depth=task["prune"])
    searcher = Searcher(build_pipeline(task["spec"], variant, task["margin"]), config)
    pos = variant.position(task["fen"])
    result = searcher.search(pos, Limits(depth=task["depth"]))
    stats = result.stats
    last = result.iterations[-1] if result.iterations else None
    ebf = last.ebf if last and last.ebf else stats.nodes ** (1 / task["depth"])
    return {
        "nodes": stats.nodes,
        "qnodes": stats.qnodes,
        "time_ms": result.time_ms,
        "cutoffs": stats.beta_cutoffs,
        "first": stats.first_move_cutoffs,
        "index_sum": stats.cutoff_index_sum,
        "ebf": ebf,
        "guard_prunes": stats.guard_prunes,
        "branching": stats.mean_branching,
        "best_move": variant.format_move(pos, result.best_move) if result.best_move else "",
    }


class Lab:
    """A matrix of cells, its tasks, and what the results say."""

    def __init__(
        self,
        suites: list[Suite],
        configs: list[str],
        depths: list[int],
        specs: list[str],
        prunes: list[tuple[int, int]],
        baseline: str,
        positions: int | None,
    ) -> None:
        self.suites = suites
        self.cells = []
        for suite in suites:
            for config in configs:
                for depth in depths:
                    wanted = list(dict.fromkeys(specs + [baseline]))
                    for spec in wanted:
                        settings = prunes if spec in specs else [(0, 0)]
                        if any(p for p, _ in settings) and (0, 0) not in settings:
                            settings = [(0, 0)] + settings  # the unpruned reference
                        for prune, margin in dict.fromkeys(settings):
                            self.cells.append(
                                {
                                    "suite": suite,
                                    "config": config,
                                    "depth": depth,
                                    "spec": spec,
                                    "prune": prune,
                                    "margin": margin,
                                }
                            )
        self.baseline = baseline
        self.positions = positions

    def tasks(self) -> list[dict]:
        tasks = []
        for cell in self.cells:
            suite = cell["suite"]
            for position in suite.positions[: self.positions]:
                tasks.append(
                    {
                        "suite": suite.name,
                        "variant": suite.variant.name,
                        "fen": position.fen,
                        "id": position.id,
                        "best_moves": list(position.best_moves),
                        "spec": cell["spec"],
                        "depth": cell["depth"],
                        "config": cell["config"],
                        "prune": cell["prune"],
                        "margin": cell["margin"],
                    }
                )
        return tasks

    def summarise(self, tasks: list[dict], results: list[dict]) -> list[dict]:
        """A row per cell that has searches (`COLUMNS`), each over the positions it has; a
        comparison with another cell (nodes relative to the baseline's, agreement with the
        unpruned search) over the positions both have, with its 95% interval."""
        searches = searches_by_cell(tasks, results)
        rows = []
        for cell in self.cells:
            runs = searches.get(cell_key(cell | {"suite": cell["suite"].name}), {})
            n = len(runs)
            if not n:  # a report of a run that has not reached this cell yet
                continue
            total = {
                key: sum(r[key] for _, r in runs.values())
                for key in (
                    "nodes",
                    "qnodes",
                    "time_ms",
                    "cutoffs",
                    "first",
                    "index_sum",
                    "guard_prunes",
                )
            }
            minimal = sum(minimal_tree(r["branching"], cell["depth"]) for _, r in runs.values()) / n
            with_bm = [(t, r) for t, r in runs.values() if t["best_moves"]]
            rows.append(
                {
                    "suite": cell["suite"].name,
                    "variant": cell["suite"].variant.name,
                    "config": cell["config"],
                    "depth": cell["depth"],
                    "spec": cell["spec"],
                    "prune": cell["prune"],
                    "margin": cell["margin"],
                    "positions": n,
                    "of_positions": len(cell["suite"].positions[: self.positions]),
                    "avg_nodes": total["nodes"] / n,
                    "avg_qnodes": total["qnodes"] / n,
                    "avg_time_ms": total["time_ms"] / n,
                    "us_per_node": 1000 * total["time_ms"] / max(total["nodes"], 1),
                    "fail_high_first_pct": 100 * total["first"] / max(total["cutoffs"], 1),
                    "mean_cutoff_index": total["index_sum"] / max(total["cutoffs"], 1),
                    "ebf": sum(r["ebf"] for _, r in runs.values()) / n,
                    "minimal_tree": minimal,
                    "x_minimal": (total["nodes"] - total["qnodes"]) / n / minimal
                    if minimal
                    else None,
                    "agree_bm_pct": 100
                    * sum(r["best_move"] in t["best_moves"] for t, r in with_bm)
                    / len(with_bm)
                    if with_bm
                    else None,
                    "guard_prunes": total["guard_prunes"],
                }
            )
        for row in rows:
            runs = searches[cell_key(row)]
            baseline = searches.get(
                cell_key(row | {"spec": self.baseline, "prune": 0, "margin": 0})
            )
            unpruned = searches.get(cell_key(row | {"prune": 0, "margin": 0}))
            cell_nodes, reference_nodes = node_ratio(runs, baseline) if baseline else ([], [])
            row["vs_baseline"] = sum(cell_nodes) / sum(reference_nodes) if cell_nodes else None
            agreeing = agreement(runs, unpruned) if unpruned and row["prune"] else []
            row["agree_unpruned_pct"] = sum(agreeing) / len(agreeing) if agreeing else None
            row |= interval_columns(row, runs, baseline, unpruned if row["prune"] else baseline)
        return [{key: row[key] for key in COLUMNS} for row in rows]


#: what names a cell, in a row and in a task: its place in the matrix
CELL_KEY = ("suite", "config", "depth", "spec", "prune", "margin")
#: a cell's searches, each a task and its result, by position (`position_key`)
Searches = dict[tuple[str, str], tuple[dict, dict]]


def cell_key(cell: dict) -> tuple:
    """A row's or a task's `CELL_KEY` values (the suite by its name)."""
    return tuple(cell[key] for key in CELL_KEY)


def position_key(task: dict) -> tuple[str, str]:
    """What names a position within a suite: its id and its FEN."""
    return task["id"], task["fen"]


def searches_by_cell(tasks: list[dict], results: list[dict]) -> dict[tuple, Searches]:
    """Each cell's searches by position, the cells by `cell_key`, both in task order."""
    searches: dict[tuple, Searches] = {}
    for task, result in zip(tasks, results):
        searches.setdefault(cell_key(task), {})[position_key(task)] = (task, result)
    return searches


def common_positions(runs: Searches, reference: Searches) -> list[tuple[str, str]]:
    """The positions both cells have searched, in the first one's order."""
    return [position for position in runs if position in reference]


def node_ratio(runs: Searches, reference: Searches) -> Ratio:
    """A cell's nodes over its reference's, position by position, over the positions both
    have (empty lists when they share none)."""
    common = common_positions(runs, reference)
    return [runs[p][1]["nodes"] for p in common], [reference[p][1]["nodes"] for p in common]


def agreement(runs: Searches, reference: Searches) -> list[int]:
    """Per position both cells have: 100 where their best moves are equal, else 0."""
    return [
        100 * (runs[p][1]["best_move"] == reference[p][1]["best_move"])
        for p in common_positions(runs, reference)
    ]


def fail_high_first(runs: Searches, positions: list[tuple[str, str]]) -> Ratio:
    """Fail-high-first as a ratio: 100 x first-move cutoffs over cutoffs, per position."""
    return [100 * runs[p][1]["first"] for p in positions], [
        runs[p][1]["cutoffs"] for p in positions
    ]


def best_move_hits(runs: Searches, positions: list[tuple[str, str]]) -> list[int]:
    """Per position: 100 where the best move is among the suite's, else 0."""
    return [100 * (runs[p][1]["best_move"] in runs[p][0]["best_moves"]) for p in positions]


def interval_columns(
    row: dict, runs: Searches, baseline: Searches | None, reference: Searches | None
) -> dict:
    """A row's `INTERVAL_COLUMNS`: the 95% interval of each measure, and whether it differs
    from its reference at 95% (`intervals`): the node ratio from 1, fail-high-first from the
    ``baseline`` cell's, agreement with the unpruned search from 100, agreement with the
    suite's best moves from the ``reference`` cell's (the unpruned cell of a pruned row, else
    the baseline's). None where the measure or its reference is missing."""
    columns: dict = dict.fromkeys(INTERVAL_COLUMNS)
    positions = list(runs)
    nodes = mean_interval([runs[p][1]["nodes"] for p in positions])
    columns["avg_nodes_low"], columns["avg_nodes_high"] = nodes.low, nodes.high
    first = ratio_interval(fail_high_first(runs, positions))
    columns["fail_high_first_pct_low"], columns["fail_high_first_pct_high"] = first.low, first.high
    if baseline and common_positions(runs, baseline):
        ratio = ratio_interval(node_ratio(runs, baseline))
        columns["vs_baseline_low"], columns["vs_baseline_high"] = ratio.low, ratio.high
        columns["vs_baseline_holds"] = ratio.excludes(1)
        common = common_positions(runs, baseline)
        difference = paired_difference(
            fail_high_first(runs, common), fail_high_first(baseline, common)
        )
        columns["fail_high_first_holds"] = difference.excludes(0)
    if row["agree_unpruned_pct"] is not None:
        agreeing = mean_interval(agreement(runs, reference))
        columns["agree_unpruned_pct_low"] = agreeing.low
        columns["agree_unpruned_pct_high"] = agreeing.high
        columns["agree_unpruned_holds"] = agreeing.excludes(100)
    with_bm = [p for p in positions if runs[p][0]["best_moves"]]
    if with_bm:
        hits = mean_interval(best_move_hits(runs, with_bm))
        columns["agree_bm_pct_low"], columns["agree_bm_pct_high"] = hits.low, hits.high
        common = [p for p in with_bm if p in reference] if reference else []
        if common:
            difference = paired_difference(
                _ones(best_move_hits(runs, common)), _ones(best_move_hits(reference, common))
            )
            columns["agree_bm_holds"] = difference.excludes(0)
    return columns


def _ones(values: list[int]) -> Ratio:
    """A mean as a ratio: the values over ones."""
    return values, [1] * len(values)


#: what a cell is apart from its suite: the setting compared across games
SETTING_KEY = ("config", "depth", "spec", "prune", "margin")


def across_games(
    rows: list[dict], tasks: list[dict], results: list[dict], baseline: str
) -> list[dict]:
    """Each setting (`SETTING_KEY`) that cells of two suites of different games share, but
    the ``baseline`` spec's unpruned cell, compared: the difference of their node ratios to
    their own suite's baseline cell (first suite's minus second's, in row order), with the
    95% interval of an unpaired bootstrap (each suite's positions redrawn on their own) and
    whether it holds (excludes 0)."""
    searches = searches_by_cell(tasks, results)

    def ratio(row: dict) -> Ratio:
        reference = row | {"spec": baseline, "prune": 0, "margin": 0}
        return node_ratio(searches[cell_key(row)], searches[cell_key(reference)])

    compared = []
    for index, first in enumerate(rows):
        if first["vs_baseline"] is None or (first["spec"] == baseline and not first["prune"]):
            continue
        for second in rows[index + 1 :]:
            if (
                second["vs_baseline"] is not None
                and second["variant"] != first["variant"]
                and all(second[key] == first[key] for key in SETTING_KEY)
            ):
                interval = unpaired_difference(ratio(first), ratio(second))
                compared.append(
                    {key: first[key] for key in SETTING_KEY}
                    | {
                        "suites": [first["suite"], second["suite"]],
                        "vs_baseline": [first["vs_baseline"], second["vs_baseline"]],
                        "difference": first["vs_baseline"] - second["vs_baseline"],
                        "difference_low": interval.low,
                        "difference_high": interval.high,
                        "difference_holds": interval.excludes(0),
                    }
                )
    return compared


#: config settings a journal key leaves out: staged move picking (which only the `play` preset
#: sets, always; it came after journals were written, which must still resume)
KEYLESS_SETTINGS = ("staged",)
#: settings added after journals were written, with the value every lab config has: left out
#: of a key while they hold it, so that those journals still resume
LATER_SETTINGS = {
    "check_extension": False,
    "futility": False,
    "reverse_futility": False,
    "late_move_pruning": False,
    "quiescence_checks": False,
    "quiescence_tt": False,
    "iir": False,
    "razoring": False,
    "see_pruning": False,
    "improving": False,
    "singular_extension": False,
    "null_move_verification": False,
    "adaptive_null_move": False,
    "history_reductions": False,
    "history_pruning": False,
    "cut_node_reductions": False,
    "aspiration": False,
    "evaluation": "squares",
    "eval_terms": None,
    "quiescence_evasions": True,
    "quiescence_promotions": True,
    "order_statistics": True,
    "tempo": 0,
    "futility_depth": 2,
    "futility_base": 0,
    "futility_margin": 200,
    "reverse_futility_depth": 3,
    "reverse_futility_margin": 120,
    "late_move_pruning_depth": 3,
    "lmr_base": 75,
    "lmr_divisor": 225,
}


def task_key(task: dict) -> str:
    """What identifies a search in the journal: suite, position, spec, depth, the config's
    settings (not only its name, but for `KEYLESS_SETTINGS`) and the pruning."""
    settings = {
        name: value
        for name, value in asdict(CONFIGS[task["config"]]).items()
        if name not in KEYLESS_SETTINGS
        and not (name in LATER_SETTINGS and value == LATER_SETTINGS[name])
    }
    return json.dumps(
        [
            task["suite"],
            task["id"],
            task["fen"],
            task["spec"],
            task["depth"],
            settings,
            task["prune"],
            task["margin"],
        ]
    )


def load_journal(out: Path) -> dict[str, dict]:
    """The searches the output folder's journal holds, by `task_key`. A last line cut short
    (a run killed while writing it) is dropped from the file; any other bad line is an error
    naming it."""
    path = out / JOURNAL
    if not path.exists():
        return {}
    try:
        lines = path.read_text(encoding="utf-8").split("\n")
    except (OSError, UnicodeDecodeError) as error:
        raise XQChessError(f"cannot read {path}: {error}") from None
    done = {}
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            done[record["key"]] = record["result"]
        except (ValueError, KeyError, TypeError):
            if number == len(lines):  # no newline after it: an unfinished write
                path.write_text(
                    "".join(f"{kept}\n" for kept in lines[:-1] if kept), encoding="utf-8"
                )
                break
            raise XQChessError(
                f"{path}:{number}: not a search record (delete that line, or "
                f"the file to search everything again)"
            ) from None
    return done


def run_tasks(
    tasks: list[dict],
    runner: LocalRunner | ClusterRunner,
    console: Console,
    journal: Path | None = None,
    done: dict[str, dict] | None = None,
) -> list[dict]:
    """Every task's result, in task order, with a progress bar (tasks done, ETA, workers) on
    a terminal; ``runner`` runs them. Results in ``done`` (by `task_key`) are taken as they
    are; each new one is appended to ``journal`` as soon as it is found."""
    done = done or {}
    keys = [task_key(task) for task in tasks]
    pending = [i for i, key in enumerate(keys) if key not in done]
    results = {i: done[key] for i, key in enumerate(keys) if key in done}
    columns = (
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        TextColumn("{task.fields[workers]} workers"),
    )
    with Progress(*columns, console=console, disable=not console.is_terminal) as progress:
        bar = progress.add_task("searching", total=len(pending), workers=runner.workers())
        for index, result in runner.run(run_task, tasks, pending):
            results[index] = result
            if journal is not None:
                with open(journal, "a", encoding="utf-8") as handle:
                    handle.write(json.dumps({"key": keys[index], "result": result}) + "\n")
            progress.update(bar, advance=1, workers=runner.workers())
    return [results[i] for i in range(len(tasks))]


def _format(value, digits: int = 1) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:,.{digits}f}"
    return f"{value:,}" if isinstance(value, int) else str(value)


def _with_interval(row: dict, key: str, digits: int, bounds: bool = True) -> str:
    """A measure with its 95% interval's bounds (unless ``bounds`` is false or the interval
    has no width), to a digit less, and `HOLDS_MARK` when its comparison holds at 95% (a space
    when it does not, so that the estimates stay aligned): ``0.938 (0.91-0.97)*``."""
    text = _format(row[key], digits)
    low, high = row.get(f"{key}_low"), row.get(f"{key}_high")
    if low is None:
        return text
    holds = INTERVAL_HOLDS[key]
    mark = "" if holds is None else HOLDS_MARK if row[holds] else " "
    bound = max(digits - 1, 0)
    interval = f" ({low:,.{bound}f}-{high:,.{bound}f})" if bounds and low != high else ""
    return f"{text}{interval}{mark}"


def _prune_text(row: dict) -> str:
    """A cell's guard pruning as 'prune DEPTH:MARGIN'; empty when it does not prune."""
    return f"prune {row['prune']}:{row['margin']}" if row["prune"] else ""


def _groups(rows: list[dict]) -> dict[tuple, list[dict]]:
    """The rows by (suite, config, depth), in order: the table's and the chart's sections."""
    groups: dict[tuple, list[dict]] = {}
    for row in rows:
        groups.setdefault((row["suite"], row["config"], row["depth"]), []).append(row)
    return groups


def _table(
    columns: list[tuple[str, str, int, str]],
    groups: dict[tuple, list[dict]],
    paper: dict,
    gap: int,
    bounds: bool,
) -> Table:
    """The lab table: a heading per (suite, config, depth), then a row per spec and guard
    setting; a pruned row follows its spec's unpruned row and names only the setting."""
    table = Table(
        title="xqchess lab",
        title_justify="left",
        header_style="bold",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        padding=(0, gap - 1, 0, 0),
    )
    table.add_column("spec", overflow="fold")
    for header, *_ in columns:
        table.add_column(header, justify="right", no_wrap=True)
    if paper:
        table.add_column("paper", justify="right", no_wrap=True)
    for (suite, config, depth), members in groups.items():
        if table.row_count:
            table.add_section()
        # a long heading on two lines, unless the specs make the column that wide anyway
        widest = max(HEADING_WIDTH, *(len(row["spec"]) for row in members))
        heading = f"{suite}, {config}, depth {depth}"
        for line in (
            [heading] if len(heading) <= widest else [f"{suite},", f"{config}, depth {depth}"]
        ):
            table.add_row(Text(line, style="bold"))
        previous = None
        for row in members:
            label = (
                f"  {_prune_text(row)}"
                if row["prune"] and row["spec"] == previous
                else f"{row['spec']} {_prune_text(row)}".rstrip()
            )
            if row["positions"] < row["of_positions"]:  # a report of a run part way
                label += f" ({row['positions']} of {row['of_positions']})"
            previous = row["spec"]
            cells = [label] + [
                _with_interval(row, key, digits, bounds)
                if key in TABLE_INTERVALS
                else _format(row[key], digits)
                for _, key, digits, _ in columns
            ]
            if paper:
                cells.append(_format(paper_figure(paper, row)))
            table.add_row(*cells)
    return table


def paper_figure(paper: dict, row: dict) -> int | None:
    """The seed paper's figure for a row's suite, spec and depth, if it reports one."""
    return paper.get(row["suite"], {}).get((row["spec"], row["depth"]))


def print_table(console: Console, rows: list[dict], paper: dict) -> None:
    """The results as a table that fits the console: the measures no row has are left out,
    the columns drawn as far apart as room allows, then the `TABLE_DROPPABLE` measures left
    out in turn, then the intervals' bounds (their marks stay), until it fits (lab.csv has
    them all), and a legend explains the headers."""
    columns = [
        column for column in TABLE_MEASURES if any(row[column[1]] is not None for row in rows)
    ]
    groups = _groups(rows)
    unbounded = console.options.update_width(sys.maxsize)  # measure the table's natural width
    dropped: list[str] = []
    droppable = [key for key in TABLE_DROPPABLE if key in {column[1] for column in columns}]
    bounds = True
    while True:
        for gap in TABLE_GAPS:
            table = _table(columns, groups, paper, gap, bounds)
            if console.measure(table, options=unbounded).maximum <= console.width:
                break
        else:
            if droppable:
                key = droppable.pop(0)
                dropped += [column[0] for column in columns if column[1] == key]
                columns = [column for column in columns if column[1] != key]
                continue
            if bounds:
                bounds = False
                dropped.append("the intervals' bounds")
                continue
        break
    console.print(table)
    legend = [f"{header}: {meaning}" for header, _, _, meaning in columns]
    against = [
        f"{header} from {TABLE_INTERVALS[key]}"
        for header, key, *_ in columns
        if key in TABLE_INTERVALS
    ]
    if against:
        legend.append(
            "(low-high): 95% interval, a bootstrap over positions paired with the reference row's; "
            f"{HOLDS_MARK}: the difference holds at 95% ({', '.join(against)})"
        )
    if paper:
        legend.append("paper: the figure the seed paper reports")
    if dropped:
        legend.append(f"left out for width (in lab.csv): {', '.join(dropped)}")
    console.print(Text("; ".join(legend), style="dim"))


def print_chart(console: Console, rows: list[dict]) -> None:
    """Each cell's nodes relative to the baseline's (average nodes in a group without the
    baseline) as a horizontal bar with its 95% interval, one group per suite, config and
    depth: solid to the interval's low end, shaded to the estimate, light to the high end
    (`CHART_SHADES`); the bars shrink (to CHART_MIN_BAR) and then the labels are cut to fit."""
    for (suite, config, depth), members in _groups(rows).items():
        ratios = all(row["vs_baseline"] is not None for row in members)
        key, digits, title = (
            ("vs_baseline", 3, "nodes vs baseline") if ratios else ("avg_nodes", 0, "average nodes")
        )
        console.print(Text(f"{suite}, {config}, depth {depth}: {title}", style="bold"))
        largest = max(max(row[key], row[f"{key}_high"] or 0) for row in members) or 1
        labels = [f"{row['spec']} {_prune_text(row)}".rstrip() for row in members]
        values = [_with_interval(row, key, digits) for row in members]
        label_width = max(map(len, labels))
        room = console.width - len(CHART_INDENT) - max(map(len, values)) - 2  # 2 spaces
        bar_width = max(CHART_MIN_BAR, min(CHART_BAR, room - label_width))
        label_width = max(1, min(label_width, room - bar_width))
        for row, label, value in zip(members, labels, values):
            if len(label) > label_width:
                label = label[: label_width - 1] + "…"
            console.print(
                Text(f"{CHART_INDENT}{label:<{label_width}} ")
                + _bar(row, key, bar_width / largest, bar_width)
                + Text(f" {value}")
            )
    console.print(Text(CHART_LEGEND, style="dim"))


def _bar(row: dict, key: str, scale: float, width: int) -> Text:
    """A row's bar for measure ``key``, ``scale`` characters per unit, padded to ``width``."""
    estimate = max(1, round(row[key] * scale))
    low, high = row[f"{key}_low"], row[f"{key}_high"]
    low = estimate if low is None else min(round(low * scale), estimate)
    high = estimate if high is None else max(round(high * scale), estimate)
    solid, to_estimate, to_high = CHART_SHADES
    return (
        Text(solid * low + to_estimate * (estimate - low), style="cyan")
        + Text(to_high * (high - estimate), style="dim cyan")
        + " " * (width - high)
    )


def print_across_games(console: Console, compared: list[dict]) -> None:
    """The `across_games` comparisons under a heading, two lines each; nothing without any."""
    if not compared:
        return
    console.print(
        Text("across games: nodes / the baseline's, first suite minus second", style="bold")
    )
    for row in compared:
        setting = f"{row['spec']} {_prune_text(row)}".rstrip()
        (first, second), (first_ratio, second_ratio) = row["suites"], row["vs_baseline"]
        mark = HOLDS_MARK if row["difference_holds"] else ""
        console.print(f"{CHART_INDENT}{row['config']}, depth {row['depth']}, {setting}")
        console.print(
            f"{CHART_INDENT * 2}{first} {first_ratio:.3f} - {second} {second_ratio:.3f} = "
            f"{row['difference']:+.3f} ({row['difference_low']:+.3f} to "
            f"{row['difference_high']:+.3f}){mark}"
        )
    console.print(
        Text(
            "95% interval: each suite's positions redrawn on their own (an unpaired bootstrap); "
            f"{HOLDS_MARK}: the games differ at 95%",
            style="dim",
        )
    )


#: the measures a Markdown table may show (`--columns`), by name: header, row key, decimals
MARKDOWN_MEASURES = {
    "nodes": ("avg nodes", "avg_nodes", 0),
    "qnodes": ("avg qnodes", "avg_qnodes", 0),
    "ms": ("ms per search", "avg_time_ms", 0),
    "us": ("µs per node", "us_per_node", 0),
    "fhf": ("FHF %", "fail_high_first_pct", 1),
    "idx": ("mean idx", "mean_cutoff_index", 2),
    "ebf": ("EBF", "ebf", 2),
    "base": ("vs baseline", "vs_baseline", 3),
    "xmin": ("x minimal", "x_minimal", 2),
    "unpruned": ("= unpruned %", "agree_unpruned_pct", 0),
    "bm": ("= bm %", "agree_bm_pct", 0),
    "prunes": ("prunes", "guard_prunes", 0),
}
#: the Markdown table's measures when none are named
MARKDOWN_DEFAULT = ("nodes", "fhf", "base", "unpruned", "bm")
#: the cell's settings a Markdown table names, header and text, when they differ between rows
MARKDOWN_SETTINGS = (
    ("suite", lambda row: row["suite"]),
    ("config", lambda row: row["config"]),
    ("depth", lambda row: str(row["depth"])),
    ("spec", lambda row: f"`{row['spec']}`"),
    ("prune d:m", lambda row: f"{row['prune']}:{row['margin']}" if row["prune"] else "-"),
)


def parse_columns(text: str | None) -> list[str]:
    """``--columns nodes,base,...`` as measure names of `MARKDOWN_MEASURES`."""
    if text is None:
        return list(MARKDOWN_DEFAULT)
    names = [name.strip() for name in text.split(",")]
    for name in names:
        if name not in MARKDOWN_MEASURES:
            known = ", ".join(MARKDOWN_MEASURES)
            raise XQChessError(f"--columns: unknown measure {name!r}; expected some of {known}")
    return names


def _varying(settings: tuple, rows: list[dict]) -> list:
    """The ``settings`` whose text differs between ``rows``; the spec alone when none does."""
    varying = [(header, text) for header, text in settings if len({text(r) for r in rows}) > 1]
    return varying or [setting for setting in settings if setting[0] == "spec"]


def markdown_tables(
    rows: list[dict], compared: list[dict], measures: list[str], paper: dict
) -> str:
    """The rows as a Markdown table (docs/lab.md's tables are this, from their journals): the
    settings that differ between rows, the ``measures`` any row has, each compared measure with
    its 95% interval and `HOLDS_MARK` where its difference holds, the paper's figure when it
    gives one; then the `across_games` comparisons, when there are any, as a second table."""
    settings = _varying(MARKDOWN_SETTINGS, rows)
    shown = [
        MARKDOWN_MEASURES[name]
        for name in measures
        if any(row[MARKDOWN_MEASURES[name][1]] is not None for row in rows)
    ]
    partial = any(row["positions"] < row["of_positions"] for row in rows)
    header = [name for name, _ in settings] + ["positions"] * partial
    header += [name for name, _, _ in shown]
    with_paper = any(paper_figure(paper, row) is not None for row in rows)
    if with_paper:
        header.append("paper")
    lines = []
    for row in rows:
        cells = [text(row) for _, text in settings]
        if partial:  # a run stopped part way: the positions each cell has so far
            cells.append(f"{row['positions']} of {row['of_positions']}")
        for _, key, digits in shown:
            cells.append(
                _with_interval(row, key, digits).rstrip()
                if key in INTERVAL_HOLDS
                else _format(row[key], digits)
            )
        if with_paper:
            cells.append(_format(paper_figure(paper, row)))
        lines.append(cells)
    text = markdown(header, lines)
    if compared:
        first, second = compared[0]["suites"]
        named = any(row["suites"] != [first, second] for row in compared)
        settings = _varying(MARKDOWN_SETTINGS[1:], compared)
        lines = [
            [
                *([" - ".join(row["suites"])] if named else []),
                *(text(row) for _, text in settings),
                f"{row['vs_baseline'][0]:.3f}",
                f"{row['vs_baseline'][1]:.3f}",
                f"{row['difference']:+.3f} ({row['difference_low']:+.3f} to "
                f"{row['difference_high']:+.3f}){HOLDS_MARK if row['difference_holds'] else ''}",
            ]
            for row in compared
        ]
        header = [
            *(["suites"] if named else []),
            *(name for name, _ in settings),
            *(["first", "second"] if named else [first, second]),
            "difference (95%)",
        ]
        text += "\n" + markdown(header, lines)
    return text


def prepare_output(out: Path) -> None:
    """Create the output folder and make sure files can be written in it, before any search;
    XQChessError names the path and the fault."""
    for path in (*reversed(out.parents), out):
        if path.exists() and not path.is_dir():
            where = "" if path == out else f": {str(path)!r}"
            raise XQChessError(f"--out {str(out)!r}{where} is a file, not a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise XQChessError(
            f"--out {str(out)!r}: cannot create the folder: {error.strerror}"
        ) from None
    try:
        with tempfile.TemporaryFile(dir=out):
            pass
    except OSError as error:
        raise XQChessError(
            f"--out {str(out)!r}: cannot write files there: {error.strerror}"
        ) from None


def write_outputs(
    out: Path,
    rows: list[dict],
    tasks: list[dict],
    results: list[dict],
    meta: dict,
    compared: list[dict] | None = None,
) -> None:
    """lab.csv (one line per cell) and lab.json (meta, cells, per-position results and the
    `across_games` comparisons)."""
    positions = [{**task, **result} for task, result in zip(tasks, results)]
    try:
        with open(out / "lab.csv", "w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=COLUMNS)
            writer.writeheader()
            for row in rows:
                writer.writerow({k: row[k] for k in COLUMNS})
        (out / "lab.json").write_text(
            json.dumps(
                {
                    "meta": meta,
                    "cells": rows,
                    "positions": positions,
                    "across_games": compared or [],
                },
                indent=1,
                ensure_ascii=False,
            ),
            encoding="utf-8",
        )
    except OSError as error:
        raise XQChessError(
            f"--out {str(out)!r}: cannot write {error.filename}: {error.strerror}"
        ) from None


def resolve(args: argparse.Namespace) -> tuple[Lab, dict, str]:
    """The matrix the arguments (and a preset) describe, the paper figures and the preset text."""
    paper, description = {}, ""
    if args.preset:
        description, overrides, paper = PRESETS[args.preset]
        for key, value in overrides.items():
            if not getattr(args, key):
                setattr(args, key, value)
    for name in args.variant:
        get_variant(name)  # names the unknown variant
    suite_names = args.suite or [default_suite_name(name) for name in (args.variant or NAMES)]
    suites = [load_suite(name) for name in suite_names]
    for suite in suites:
        if args.variant and suite.variant.name not in args.variant:
            raise XQChessError(
                f"suite {suite.name} is {suite.variant.name}, not {', '.join(args.variant)}"
            )
    specs = list(args.spec or STANDARD_SPECS)
    baseline = args.baseline or specs[0]
    prunes = [parse_prune(text) for text in args.prune or ["0"]]
    pruning = any(depth for depth, _ in prunes)
    for spec in specs + [baseline]:
        for variant in {suite.variant for suite in suites}:
            pipeline = build_pipeline(spec, variant)  # reject a bad spec before any search
            has_guard = any(h.name == "guard" for h in pipeline.heuristics)
            if pruning and spec in specs and not has_guard:
                raise XQChessError(f"--prune needs guard in every --spec ({spec!r} has none)")
    for config in args.config or [DEFAULT_CONFIG]:
        if config not in CONFIGS:
            raise XQChessError(f"unknown --config {config!r}; expected one of {', '.join(CONFIGS)}")
    lab = Lab(
        suites,
        args.config or [DEFAULT_CONFIG],
        args.depth or [3],
        specs,
        prunes,
        baseline,
        args.positions,
    )
    return lab, paper, description


def run(
    variants: list[str] | tuple = (),
    *,
    suites: list[str] | None = None,
    configs: list[str] | None = None,
    depths: list[int] | None = None,
    specs: list[str] | None = None,
    prunes: list[str] | None = None,
    baseline: str | None = None,
    positions: int | None = None,
    preset: str | None = None,
    jobs: int = 1,
    cluster: str | None = None,
) -> list[dict]:
    """The lab from Python (``xqchess.cli.lab.run``): the matrix rows `xqchess lab` prints and
    writes to lab.csv, as dicts with the CSV's keys, the same numbers. The arguments are the
    command's options (``prunes`` as 'DEPTH' or 'DEPTH:MARGIN', ``cluster`` a Dask scheduler's
    address); None takes the command's default or the preset's value.

    >>> rows = run(["xiangqi"], depths=[1], specs=["none", "mvvlva"], positions=2)
    >>> [(row["spec"], row["positions"], row["avg_nodes"] > 0) for row in rows]
    [('none', 2, True), ('mvvlva', 2, True)]
    """
    if positions is not None and positions < 1:
        raise XQChessError(f"positions must be at least 1, got {positions}")
    if jobs < 1:
        raise XQChessError(f"jobs must be at least 1, got {jobs}")
    if preset is not None and preset not in PRESETS:
        raise XQChessError(f"unknown preset {preset!r}; expected one of {', '.join(PRESETS)}")
    for depth in depths or []:
        if not 1 <= depth <= MAX_PLY:
            raise XQChessError(f"depth must be between 1 and {MAX_PLY}, got {depth}")
    args = argparse.Namespace(
        variant=list(variants),
        suite=suites,
        config=configs,
        depth=depths,
        spec=specs,
        prune=prunes,
        baseline=baseline,
        positions=positions,
        preset=preset,
    )
    lab, _, _ = resolve(args)
    tasks = lab.tasks()
    runner = open_runner(jobs, cluster)
    try:
        results = run_tasks(tasks, runner, Console(stderr=True, quiet=True))
    finally:
        runner.close()
    return lab.summarise(tasks, results)


def lab_variants(lab: Lab) -> list[str]:
    """The games of the matrix's suites, in order: the games an Elo run plays."""
    return list(dict.fromkeys(suite.variant.name for suite in lab.suites))


def elo_rows_of(args: argparse.Namespace, lab: Lab) -> list[dict]:
    """The Elo rows the output folder journals for the preset's switches (none without a
    preset or journals): what the guard trade-off's picture shows beside it."""
    if not args.preset or args.preset not in PRESET_SWITCHES:
        return []
    report = argparse.Namespace(**{**vars(args), "report": True, "switch": None})
    try:
        return elo_figures(report, lab_variants(lab))[0]
    except NoGamesError:
        return []


def write_pictures(folder: str, rows: list[dict], elo_rows: list[dict], console: Console) -> None:
    """``--plot``: the pictures into ``folder``, and a line naming them."""
    written = write_plots(rows, folder, elo_rows)
    if written:
        console.print(f"wrote {len(written)} pictures to {folder}")
    else:
        console.print(f"--plot: these rows make no picture; nothing written to {folder}")


def run_lab(args: argparse.Namespace) -> None:
    lab, paper, description = resolve(args)
    if args.elo:
        run_elo_rows(args, lab)
        return
    out = Path(args.out)
    measures = parse_columns(args.columns)
    if args.markdown and not args.report:
        raise XQChessError("--markdown prints a report: give --report too")
    if not args.markdown:  # a Markdown report only prints
        prepare_output(out)
    console = Console(highlight=False, width=None if sys.stdout.isatty() else 200)
    progress_console = Console(stderr=True)
    tasks = lab.tasks()
    done = load_journal(out)
    if description and not args.markdown:
        console.print(description)
    start = time.perf_counter()
    if args.report:
        tasks = [task for task in tasks if task_key(task) in done]
        if not tasks:
            raise XQChessError(f"--report: {out / JOURNAL} holds none of these searches")
        results = [done[task_key(task)] for task in tasks]
    else:
        resumed = sum(task_key(task) in done for task in tasks)
        if resumed:
            progress_console.print(
                f"resuming: {resumed} of {len(tasks)} searches are in {out / JOURNAL} already"
            )
        runner = open_runner(args.jobs, args.cluster)
        try:
            results = run_tasks(tasks, runner, progress_console, out / JOURNAL, done)
        finally:
            runner.close()
    rows = lab.summarise(tasks, results)
    compared = across_games(rows, tasks, results, lab.baseline)
    if args.markdown:
        sys.stdout.write(markdown_tables(rows, compared, measures, paper))
    else:
        print_table(console, rows, paper)
        print_across_games(console, compared)
        if not args.no_chart:
            print_chart(console, rows)
    if args.plot:
        write_pictures(args.plot, rows, elo_rows_of(args, lab), console)
    if args.markdown:
        return
    meta = {
        "command": " ".join(["xqchess"] + sys.argv[1:]),
        "preset": args.preset,
        "date": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "xqchess": package_version(),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "jobs": args.jobs,
        "cluster": args.cluster,
        "configs": {name: asdict(CONFIGS[name]) for name in args.config or [DEFAULT_CONFIG]},
        "wall_seconds": round(time.perf_counter() - start, 1),
        "search_seconds": round(sum(r["time_ms"] for r in results) / 1000, 1),
    }
    write_outputs(out, rows, tasks, results, meta, compared)
    console.print(f"wrote {out / 'lab.csv'} and {out / 'lab.json'}")


def run_elo_rows(args: argparse.Namespace, lab: Lab) -> None:
    """``--elo``: play (or report) the Elo rows of the matrix's games, and their picture."""
    if args.markdown and not args.report:
        raise XQChessError("--markdown prints a report: give --report too")
    if not args.report:
        prepare_output(Path(args.out))
    figures = collect_elo(args, lab_variants(lab))
    if args.plot:
        console = Console(highlight=False, width=None if sys.stdout.isatty() else 200)
        write_pictures(args.plot, [], figures, console)
