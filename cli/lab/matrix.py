"""`xqchess lab`: the heuristics lab. Runs a matrix of suites x searcher configs x depths x
ordering specs x guard-pruning settings, one fresh search per position, and reports per cell:
average nodes and quiescence nodes, time, fail-high on the first move, mean cutoff index,
effective branching factor, nodes relative to a baseline spec, the main-search nodes as a
multiple of the minimal tree, and best-move agreement with the unpruned search and with the
suite's best move. Prints a table and a bar chart; writes CSV and JSON (with the exact
configuration, versions and command line) to an output folder. Presets run the seeds'
experiments (see docs/lab.md).

Runs resume: every finished search is appended to ``searches.jsonl`` in the output folder, and
a later run with that folder searches only what is not there yet (a search is known by its
suite, position, spec, depth, config and pruning), so a long preset can be stopped at any time
and continued in another session. ``--report`` runs nothing and summarises what the folder
holds, each cell over the positions it has.
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
        "Guard heuristic across games: pruning frontier 1 and 2 with margins 0 and 3, node "
        "reduction against best-move changes",
        {
            "suite": ["bratko-kopec", "xiangqi-middlegames"],
            "config": [DEFAULT_CONFIG],
            "depth": [4],
            "spec": ["guard,mvvlva,killer,countermove,history"],
            "prune": ["0", "1:0", "1:3", "2:0", "2:3"],
            "baseline": "guard,mvvlva,killer,countermove,history",
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
    "avg_qnodes",
    "avg_time_ms",
    "us_per_node",
    "fail_high_first_pct",
    "mean_cutoff_index",
    "ebf",
    "vs_baseline",
    "minimal_tree",
    "x_minimal",
    "agree_unpruned_pct",
    "agree_bm_pct",
    "guard_prunes",
)


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
#: the longest section heading of the terminal table kept on one line
HEADING_WIDTH = 40
#: measures the terminal table leaves out, in this order, when it is too wide even so
TABLE_DROPPABLE = ("ebf", "mean_cutoff_index", "avg_qnodes")
#: spaces between the table's columns, widest first: the first whose table fits is used
TABLE_GAPS = (2, 1)
#: the bar chart: indent of a bar's line, longest bar, and the shortest a narrow console gets
CHART_INDENT = "  "
CHART_BAR = 40
CHART_MIN_BAR = 10


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
        for index, cell in enumerate(self.cells):
            suite = cell["suite"]
            for position in suite.positions[: self.positions]:
                tasks.append(
                    {
                        "cell": index,
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
        by_cell: dict[int, list[tuple[dict, dict]]] = {}
        for task, result in zip(tasks, results):
            by_cell.setdefault(task["cell"], []).append((task, result))
        rows = []
        for index, cell in enumerate(self.cells):
            runs = by_cell.get(index, [])
            n = len(runs)
            if not n:  # a report of a run that has not reached this cell yet
                continue
            total = {
                key: sum(r[key] for _, r in runs)
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
            minimal = sum(minimal_tree(r["branching"], cell["depth"]) for _, r in runs) / n
            with_bm = [(t, r) for t, r in runs if t["best_moves"]]
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
                    "ebf": sum(r["ebf"] for _, r in runs) / n,
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
                    "_moves": [r["best_move"] for _, r in runs],
                }
            )
        for row in rows:
            reference = self._find(rows, row, spec=self.baseline, prune=0, margin=0)
            row["vs_baseline"] = row["avg_nodes"] / reference["avg_nodes"] if reference else None
            unpruned = self._find(rows, row, prune=0, margin=0)
            row["agree_unpruned_pct"] = (
                100
                * sum(a == b for a, b in zip(row["_moves"], unpruned["_moves"]))
                / len(row["_moves"])
                if unpruned and row["prune"]
                else None
            )
        for row in rows:
            del row["_moves"]
        return rows

    @staticmethod
    def _find(rows: list[dict], like: dict, **changes) -> dict | None:
        key = ("suite", "config", "depth", "spec", "prune", "margin")
        target = {k: changes.get(k, like[k]) for k in key}
        return next((r for r in rows if all(r[k] == target[k] for k in key)), None)


#: config settings a journal key leaves out: staged move picking searches the same tree (and
#: came after journals were written, which must still resume)
KEYLESS_SETTINGS = ("staged",)
#: settings added after journals were written, with the value every lab config has: left out
#: of a key while they hold it, so that those journals still resume
LATER_SETTINGS = {
    "check_extension": False,
    "futility": False,
    "reverse_futility": False,
    "late_move_pruning": False,
    "quiescence_checks": False,
    "aspiration": False,
    "evaluation": "squares",
    "eval_terms": None,
    "quiescence_evasions": True,
    "quiescence_promotions": True,
    "order_statistics": True,
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
    columns: list[tuple[str, str, int, str]], groups: dict[tuple, list[dict]], paper: dict, gap: int
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
            cells = [label] + [_format(row[key], digits) for _, key, digits, _ in columns]
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
    out in turn until it fits (lab.csv has them all), and a legend explains the headers."""
    columns = [
        column for column in TABLE_MEASURES if any(row[column[1]] is not None for row in rows)
    ]
    groups = _groups(rows)
    unbounded = console.options.update_width(sys.maxsize)  # measure the table's natural width
    dropped: list[str] = []
    droppable = [key for key in TABLE_DROPPABLE if key in {column[1] for column in columns}]
    while True:
        for gap in TABLE_GAPS:
            table = _table(columns, groups, paper, gap)
            if console.measure(table, options=unbounded).maximum <= console.width:
                break
        else:
            if droppable:
                key = droppable.pop(0)
                dropped += [column[0] for column in columns if column[1] == key]
                columns = [column for column in columns if column[1] != key]
                continue
        break
    console.print(table)
    legend = [f"{header}: {meaning}" for header, _, _, meaning in columns]
    if paper:
        legend.append("paper: the figure the seed paper reports")
    if dropped:
        legend.append(f"left out for width (in lab.csv): {', '.join(dropped)}")
    console.print(Text("; ".join(legend), style="dim"))


def print_chart(console: Console, rows: list[dict]) -> None:
    """Average nodes per cell as horizontal bars, one group per suite, config and depth;
    the bars shrink (to CHART_MIN_BAR) and then the labels are cut to fit the console."""
    for (suite, config, depth), members in _groups(rows).items():
        console.print(Text(f"{suite}, {config}, depth {depth}: average nodes", style="bold"))
        largest = max(row["avg_nodes"] for row in members) or 1
        labels = [f"{row['spec']} {_prune_text(row)}".rstrip() for row in members]
        values = [f"{row['avg_nodes']:,.0f}" for row in members]
        label_width = max(map(len, labels))
        room = console.width - len(CHART_INDENT) - max(map(len, values)) - 2  # 2 spaces
        bar_width = max(CHART_MIN_BAR, min(CHART_BAR, room - label_width))
        label_width = max(1, min(label_width, room - bar_width))
        for row, label, value in zip(members, labels, values):
            if len(label) > label_width:
                label = label[: label_width - 1] + "…"
            bar = "█" * max(1, round(bar_width * row["avg_nodes"] / largest))
            console.print(
                Text(f"{CHART_INDENT}{label:<{label_width}} ")
                + Text(bar, style="cyan")
                + Text(f" {value}")
            )


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
    out: Path, rows: list[dict], tasks: list[dict], results: list[dict], meta: dict
) -> None:
    """lab.csv (one line per cell) and lab.json (meta, cells and per-position results)."""
    positions = [
        {**{k: v for k, v in t.items() if k != "cell"}, **r} for t, r in zip(tasks, results)
    ]
    try:
        with open(out / "lab.csv", "w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=COLUMNS)
            writer.writeheader()
            for row in rows:
                writer.writerow({k: row[k] for k in COLUMNS})
        (out / "lab.json").write_text(
            json.dumps(
                {"meta": meta, "cells": rows, "positions": positions}, indent=1, ensure_ascii=False
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


def run_lab(args: argparse.Namespace) -> None:
    lab, paper, description = resolve(args)
    out = Path(args.out)
    prepare_output(out)
    console = Console(highlight=False, width=None if sys.stdout.isatty() else 200)
    progress_console = Console(stderr=True)
    tasks = lab.tasks()
    done = load_journal(out)
    if description:
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
    print_table(console, rows, paper)
    if not args.no_chart:
        print_chart(console, rows)
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
    write_outputs(out, rows, tasks, results, meta)
    console.print(f"wrote {out / 'lab.csv'} and {out / 'lab.json'}")
