"""The heuristics lab: a small matrix on both games writes CSV and JSON whose numbers are those
of direct `xqchess search` calls; parallel runs give identical results; the minimal-tree
yardstick follows Knuth and Moore's formula; the table and chart fit a 120-column terminal; bad
suite files are named with their line; a bad output folder is refused before any search."""

import argparse
import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import command_output
from rich.console import Console
from xqchess.cli.lab import run as lab_run
from xqchess.cli.lab.matrix import COLUMNS, CONFIGS, minimal_tree, print_chart, print_table, resolve
from xqchess.cli.suites import SuiteError, load_suite
from xqchess.core.search import Limits, Searcher
from xqchess.ordering.spec import build_pipeline

ENGINE = [sys.executable, "-m", "xqchess.cli.main"]
TIMING = {"time_ms", "avg_time_ms", "us_per_node"}


def direct_search(*args: str) -> dict:
    """``xqchess search ARGS --json``, in this process (a process per search would start the
    interpreter and import the package each time)."""
    return json.loads(command_output("search", *args, "--json"))


def lab(tmp_path, *args):
    result = subprocess.run(
        ENGINE + ["lab", *args, "--out", str(tmp_path), "--no-chart"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr
    rows = list(csv.DictReader(open(tmp_path / "lab.csv", encoding="utf-8")))
    data = json.loads((tmp_path / "lab.json").read_text(encoding="utf-8"))
    return result.stdout, rows, data


MATRIX = [
    "--suite",
    "bratko-kopec",
    "--suite",
    "xiangqi-middlegames",
    "--positions",
    "2",
    "--depth",
    "2",
    "--depth",
    "3",
    "--spec",
    "mvvlva",
    "--spec",
    "hash,see,killer",
]


def test_small_matrix_matches_direct_searches(tmp_path):
    out, rows, data = lab(tmp_path, *MATRIX)
    assert len(rows) == 2 * 2 * 2 and len(data["cells"]) == 8
    assert data["meta"]["command"].startswith("xqchess lab") and data["meta"]["python"]
    assert "xqchess lab" in out and "bratko-kopec" in out
    for row in rows:
        suite = load_suite(row["suite"])
        nodes, qnodes, moves = [], [], []
        for position in suite.positions[:2]:
            result = direct_search(
                suite.variant.name,
                "--fen",
                position.fen,
                "--depth",
                row["depth"],
                "--ordering",
                row["spec"],
            )
            nodes.append(result["nodes"])
            qnodes.append(result["qnodes"])
            moves.append(result["bestmove"])
        assert float(row["avg_nodes"]) == sum(nodes) / 2
        assert float(row["avg_qnodes"]) == sum(qnodes) / 2
        cell_moves = [
            p["best_move"]
            for p in data["positions"]
            if p["spec"] == row["spec"]
            and str(p["depth"]) == row["depth"]
            and p["variant"] == suite.variant.name
        ]
        assert cell_moves == moves
        if row["spec"] == "mvvlva":
            assert float(row["vs_baseline"]) == 1.0
        assert float(row["x_minimal"]) > 0 and 0 <= float(row["fail_high_first_pct"]) <= 100
        for key in ("avg_nodes", "fail_high_first_pct", "vs_baseline", "agree_bm_pct"):
            assert float(row[f"{key}_low"]) <= float(row[key]) <= float(row[f"{key}_high"])
        assert row["vs_baseline_holds"] in ("True", "False")
    assert list(rows[0]) == list(COLUMNS)
    assert all(list(cell) == list(COLUMNS) for cell in data["cells"])
    # each depth's hash,see,killer cell compared across the two games, unpaired
    compared = data["across_games"]
    assert [(c["spec"], c["depth"], c["suites"]) for c in compared] == [
        ("hash,see,killer", depth, ["bratko-kopec", "xiangqi-middlegames"]) for depth in (2, 3)
    ]
    for c in compared:
        assert c["difference"] == pytest.approx(c["vs_baseline"][0] - c["vs_baseline"][1])
        assert c["difference_low"] <= c["difference"] <= c["difference_high"]
    assert "across games" in out


def test_parallel_jobs_give_identical_results(tmp_path):
    _, rows_one, data_one = lab(tmp_path / "one", *MATRIX[:8], "--spec", "killer", "--jobs", "1")
    _, rows_two, data_two = lab(tmp_path / "two", *MATRIX[:8], "--spec", "killer", "--jobs", "2")

    def untimed(rows):
        return [{k: v for k, v in row.items() if k not in TIMING} for row in rows]

    assert untimed(rows_one) == untimed(rows_two)
    assert untimed(data_one["positions"]) == untimed(data_two["positions"])


def test_guard_pruning_cells_report_agreement(tmp_path):
    # at depth 2, pruning changes the best move of the sixth position (when this was written):
    # the agreement is then neither 0 nor 100
    _, rows, _ = lab(
        tmp_path,
        "--suite",
        "xiangqi-middlegames",
        "--positions",
        "6",
        "--depth",
        "2",
        "--spec",
        "guard,mvvlva",
        "--prune",
        "1:0",
    )
    assert [(r["prune"], r["margin"]) for r in rows] == [("0", "0"), ("1", "0")]
    direct = {}
    for prune in ("0", "1"):
        direct[prune] = [
            direct_search(
                "xiangqi",
                "--fen",
                position.fen,
                "--depth",
                "2",
                "--ordering",
                "guard,mvvlva",
                "--guard-prune",
                prune,
                "--guard-margin",
                "0",
            )
            for position in load_suite("xiangqi-middlegames").positions[:6]
        ]
    agreeing = sum(
        unpruned["bestmove"] == pruned["bestmove"]
        for unpruned, pruned in zip(direct["0"], direct["1"])
    )
    assert rows[0]["agree_unpruned_pct"] == rows[0]["agree_unpruned_pct_low"] == ""
    assert float(rows[1]["agree_unpruned_pct"]) == pytest.approx(100 * agreeing / 6)
    # one change in six: the interval reaches 100 (resamples without that position), so the
    # change does not hold at 95%
    assert float(rows[1]["agree_unpruned_pct_low"]) < 100 * agreeing / 6
    assert float(rows[1]["agree_unpruned_pct_high"]) == 100
    assert rows[1]["agree_unpruned_holds"] == "False"
    assert int(rows[1]["guard_prunes"]) == sum(r["guard_prunes"] for r in direct["1"]) > 0


@pytest.mark.parametrize(
    "branching,depth,expected",
    [
        (2, 3, 2**2 + 2**1 - 1),
        (3, 4, 9 + 9 - 1),
        (35, 1, 35),
        (10, 5, 1000 + 100 - 1),
        (1.5, 2, 1.5 + 1.5 - 1),
    ],
)
def test_minimal_tree_formula(branching, depth, expected):
    assert minimal_tree(branching, depth) == pytest.approx(expected)


LONG_SPEC = "guard,mvvlva,killer,countermove,history"


def wide_rows() -> list[dict]:
    """Lab rows as wide as real ones get: the longest suite names and standard spec, pruning
    cells, eight-digit node counts and every optional column filled."""
    rows = []
    specs = ((LONG_SPEC, 0), (LONG_SPEC, 2), ("hash,see,killer,countermove,history", 0))
    for suite, variant in (
        ("bratko-kopec+chess-middlegames-30", "chess"),
        ("xiangqi-middlegames+xiangqi-middlegames-30", "xiangqi"),
    ):
        for spec, prune in specs:
            rows.append(
                dict.fromkeys(COLUMNS, 0)
                | {
                    "suite": suite,
                    "variant": variant,
                    "config": "greer-id",
                    "depth": 6,
                    "spec": spec,
                    "prune": prune,
                    "margin": 3 if prune else 0,
                    "positions": 24,
                    "of_positions": 24,
                    "avg_nodes": 12_345_678.9,
                    "avg_qnodes": 9_876_543.2,
                    "avg_time_ms": 123_456.7,
                    "us_per_node": 1234.5,
                    "fail_high_first_pct": 100.0,
                    "mean_cutoff_index": 12.34,
                    "ebf": 35.21,
                    "vs_baseline": 0.123,
                    "x_minimal": 123.45,
                    "agree_unpruned_pct": 95.8 if prune else None,
                    "agree_bm_pct": 41.7,
                    "avg_nodes_low": 9_876_543.2,
                    "avg_nodes_high": 23_456_789.1,
                    "fail_high_first_pct_low": 97.3,
                    "fail_high_first_pct_high": 100.0,
                    "fail_high_first_holds": True,
                    "vs_baseline_low": 0.1034,
                    "vs_baseline_high": 0.1456,
                    "vs_baseline_holds": True,
                    "agree_unpruned_pct_low": 87.5 if prune else None,
                    "agree_unpruned_pct_high": 100.0 if prune else None,
                    "agree_unpruned_holds": False if prune else None,
                    "agree_bm_pct_low": 20.8,
                    "agree_bm_pct_high": 62.5,
                    "agree_bm_holds": False,
                }
            )
    return rows


def rendered(draw, *args, width: int = 120) -> list[str]:
    """The lines a terminal ``width`` columns wide shows for ``draw(console, *args)``."""
    console = Console(width=width, record=True, file=io.StringIO())
    draw(console, *args)
    return console.export_text().splitlines()


@pytest.mark.parametrize(
    "draw,paper",
    [
        (print_table, {}),
        (print_table, {"bratko-kopec+chess-middlegames-30": {(LONG_SPEC, 6): 472_375}}),
        (print_chart, None),
    ],
)
def test_table_and_chart_fit_a_120_column_terminal(draw, paper):
    rows = wide_rows()
    lines = rendered(draw, rows, *([] if paper is None else [paper]))
    assert max(len(line) for line in lines) <= 120
    for text in (
        "bratko-kopec+chess-middlegames-30",
        "xiangqi-middlegames+xiangqi-middlegames-30",
        LONG_SPEC,
        "hash,see,killer,countermove,history",
    ):
        assert any(text in line for line in lines), f"{text!r} is wrapped or missing"
    if draw is print_chart:
        # the node ratio's bar: solid to the interval's low end, shaded to the estimate, light
        # to the high end, then the figures and the mark of a difference that holds
        assert any(f"{LONG_SPEC} prune 2:3 " in line for line in lines)
        bar = "█" * 28 + "▓" * 6 + "░" * 6 + " 0.123 (0.10-0.15)*"
        assert sum(line.endswith(bar) for line in lines) == 6
    if draw is print_table:
        legend = " ".join(lines[-6:])
        shown = ("12,345,679", "2:3")
        bounds = ("100.0 (97-100)*", "0.123 (0.10-0.15)*", "96 (88-100)", "42 (21-62)")
        # with the paper's column the bounds no longer fit, and their marks stay
        marks = ("100.0*", "0.123*", "96", "42") if paper else bounds
        for text in shown + marks + (("472,375",) if paper else ()):
            assert any(text in line for line in lines), f"{text!r} is wrapped or missing"
        assert ("the intervals' bounds" in legend) == bool(paper)
        assert "95% interval" in legend and "base from 1" in legend
        # what did not fit is named in the legend
        for text, header in (
            ("35.21", "EBF"),
            ("12.34", "idx"),
            ("9,876,543", "qnodes"),
            ("123,457", "ms"),
            ("1,234", "µs/n"),
            ("123.45", "xmin"),
        ):
            assert any(text in line for line in lines) or header in legend


def test_chart_fits_an_80_column_terminal_and_reads_without_color():
    """On 80 columns the bars shrink to their shortest and keep their three shades, which
    carry the interval without color; a group without its baseline draws average nodes."""
    rows = wide_rows()
    rows[0]["vs_baseline"] = None  # the first group has lost its baseline cell
    lines = rendered(print_chart, rows, width=80)
    assert max(len(line) for line in lines) <= 80
    assert "depth 6: average nodes" in lines[0] and "depth 6: nodes vs baseline" in lines[4]
    # 10 characters to the largest high end: 9.9, 12.3 and 23.5 million at 4, 5 and 10;
    # the ratios 0.103, 0.123 and 0.146 at 7, 8 and 10
    assert lines[1].endswith("████▓░░░░░ 12,345,679 (9,876,543-23,456,789)")
    assert lines[5].endswith("███████▓░░ 0.123 (0.10-0.15)*")


@pytest.mark.parametrize(
    "out,fault",
    [
        ("afile", "is a file, not a folder"),
        ("afile/sub", "is a file, not a folder"),
        ("/proc/xqchess-lab", "cannot create the folder"),
    ],
)
def test_bad_output_folder_is_refused_before_any_search(tmp_path, out, fault):
    if out.startswith("/proc/") and not Path("/proc/self").exists():
        pytest.skip("no /proc here to stand for a folder nobody may create")
    (tmp_path / "afile").write_text("not a folder\n", encoding="utf-8")
    out_path = tmp_path / out
    # a search this deep takes hours: an answer within the timeout comes before any search
    result = subprocess.run(
        ENGINE + ["lab", "chess", "--depth", "9", "--out", str(out_path)],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.splitlines()) == 1, result.stderr
    assert f"--out {str(out_path)!r}" in result.stderr and fault in result.stderr
    assert (tmp_path / "afile").read_text(encoding="utf-8") == "not a folder\n"


@pytest.mark.parametrize(
    "content,fault",
    [
        (None, "is neither a shipped suite"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4;\n"
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - bm e4;\n",
            "bad.epd:2: FEN rank 1",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; xx 3;\n",
            "bad.epd:1: unknown EPD operation 'xx'",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e5;\n",
            "bad.epd:1: best move 'e5'",
        ),
        ("\n", "bad.epd: no positions"),
    ],
)
def test_bad_suite_files_are_named_with_their_line(tmp_path, content, fault):
    path = tmp_path / "bad.epd"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    result = subprocess.run(
        ENGINE + ["lab", "--suite", str(path), "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2 and fault in result.stderr
    assert len(result.stderr.splitlines()) == 1


@pytest.mark.parametrize(
    "args,fault",
    [
        (["--prune", "x"], "is not DEPTH or DEPTH:MARGIN"),
        (["--spec", "mvvlva", "--prune", "1"], "needs guard in every --spec"),
        (["--config", "fast"], "unknown --config 'fast'"),
        (["--spec", "bogus"], "unknown heuristic 'bogus'"),
        (["--preset", "nope"], "invalid choice: 'nope'"),
        (["--markdown"], "--markdown prints a report: give --report too"),
        (["--report", "--markdown", "--columns", "nodes,speed"], "unknown measure 'speed'"),
    ],
)
def test_bad_lab_options(tmp_path, args, fault):
    result = subprocess.run(
        ENGINE + ["lab", "chess", *args, "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2 and fault in result.stderr


@pytest.mark.parametrize(
    "preset, suites, specs, depths",
    [
        (
            "greer-table3",
            {"bratko-kopec": 24, "xiangqi-middlegames": 24},
            ["safe,random", "chessmaps:split", "safe,history:seed"],
            [5],
        ),
        (
            "greer-table4",
            {
                "bratko-kopec+chess-middlegames-30": 54,
                "xiangqi-middlegames+xiangqi-middlegames-30": 54,
            },
            [
                "chessmaps",
                "chessmaps:cutoff",
                "chessmaps:experience",
                "difference,history:seed",
                "mvvlva,history:seed",
            ],
            [3, 4, 5, 6],
        ),
    ],
)
def test_greer_presets_cover_both_games_in_full(preset, suites, specs, depths):
    """Every spec of the preset on both games; the paper's figures beside each of his rows
    (Table 4's strategy 4 by material difference; the MVV-LVA form has none)."""
    args = argparse.Namespace(
        variant=[],
        suite=None,
        config=None,
        depth=None,
        spec=None,
        prune=None,
        baseline=None,
        positions=None,
        preset=preset,
    )
    matrix, paper, _ = resolve(args)
    assert {suite.name: len(suite.positions) for suite in matrix.suites} == suites
    assert {suite.variant.name for suite in matrix.suites} == {"chess", "xiangqi"}
    assert [cell["spec"] for cell in matrix.cells[: len(specs)]] == specs
    assert len(matrix.cells) == len(suites) * len(specs) * len(depths)
    assert len(matrix.tasks()) == sum(suites.values()) * len(specs) * len(depths)
    (chess_suite,) = [name for name in suites if "chess" in name or "kopec" in name]
    papered = [spec for spec in specs if spec != "mvvlva,history:seed"]
    assert set(paper) == {chess_suite}
    assert set(paper[chess_suite]) == {(spec, depth) for spec in papered for depth in depths}


#: each Greer preset's cells at depth 2 on the first two positions of each suite: average
#: nodes, as the current code gives them; each is the mean of the two positions' node counts
#: in a direct `Searcher` run with the cell's config and spec (checked below), so a change to
#: a config, a spec's heuristics, the quiescence or the lab's averaging shows here
GREER_DEPTH2_NODES = {
    "greer-table3": {
        ("bratko-kopec", "safe,random"): 819.0,  # 1,239 and 399
        ("bratko-kopec", "chessmaps:split"): 505.0,
        ("bratko-kopec", "safe,history:seed"): 538.0,
        ("xiangqi-middlegames", "safe,random"): 915.0,
        ("xiangqi-middlegames", "chessmaps:split"): 974.5,
        ("xiangqi-middlegames", "safe,history:seed"): 555.5,
    },
    "greer-table4": {
        ("bratko-kopec+chess-middlegames-30", "chessmaps"): 304.0,
        ("bratko-kopec+chess-middlegames-30", "chessmaps:cutoff"): 294.0,
        ("bratko-kopec+chess-middlegames-30", "chessmaps:experience"): 324.0,
        ("bratko-kopec+chess-middlegames-30", "difference,history:seed"): 573.0,
        ("bratko-kopec+chess-middlegames-30", "mvvlva,history:seed"): 569.0,
        ("xiangqi-middlegames+xiangqi-middlegames-30", "chessmaps"): 462.0,
        ("xiangqi-middlegames+xiangqi-middlegames-30", "chessmaps:cutoff"): 435.0,
        ("xiangqi-middlegames+xiangqi-middlegames-30", "chessmaps:experience"): 361.0,
        ("xiangqi-middlegames+xiangqi-middlegames-30", "difference,history:seed"): 467.0,
        ("xiangqi-middlegames+xiangqi-middlegames-30", "mvvlva,history:seed"): 462.0,
    },
}


@pytest.mark.parametrize("preset", ["greer-table3", "greer-table4"])
def test_greer_preset_cells_at_depth_2_are_pinned_direct_searches(preset):
    """The same in one process and in two; each cell's average the pinned figure and the
    mean of direct searches."""
    first = lab_run(preset=preset, depths=[2], positions=2)
    again = lab_run(preset=preset, depths=[2], positions=2, jobs=2)

    def untimed(rows):
        return [{k: v for k, v in row.items() if k not in TIMING} for row in rows]

    assert untimed(first) == untimed(again)
    assert {(row["suite"], row["spec"]): row["avg_nodes"] for row in first} == GREER_DEPTH2_NODES[
        preset
    ]
    assert all(row["positions"] == 2 and row["depth"] == 2 for row in first)
    for row in first:
        suite = load_suite(row["suite"])
        nodes = [
            Searcher(build_pipeline(row["spec"], suite.variant), CONFIGS[row["config"]])
            .search(suite.variant.position(position.fen), Limits(depth=2))
            .stats.nodes
            for position in suite.positions[:2]
        ]
        assert row["avg_nodes"] == sum(nodes) / 2
    baseline = {"greer-table3": "safe,random", "greer-table4": "difference,history:seed"}[preset]
    assert all(row["vs_baseline"] == 1.0 for row in first if row["spec"] == baseline)


def run_lab_command(out, *args):
    return subprocess.run(
        ENGINE
        + [
            "lab",
            "--suite",
            "bratko-kopec",
            "--depth",
            "2",
            "--config",
            "greer",
            "--spec",
            "mvvlva",
            "--spec",
            "chessmaps",
            *args,
            "--out",
            str(out),
            "--no-chart",
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )


def journal_lines(out):
    return (out / "searches.jsonl").read_text(encoding="utf-8").splitlines()


def test_runs_resume_from_the_journal_and_report_what_it_holds(tmp_path):
    out = tmp_path / "run"
    assert run_lab_command(out, "--positions", "1").returncode == 0
    assert len(journal_lines(out)) == 2
    resumed = run_lab_command(out, "--positions", "2")
    assert resumed.returncode == 0 and "resuming: 2 of 4 searches" in resumed.stderr
    assert len(journal_lines(out)) == 4  # only the two new searches were run
    fresh = run_lab_command(tmp_path / "fresh", "--positions", "2")
    assert fresh.returncode == 0

    def untimed(path):
        return [
            {k: v for k, v in row.items() if k not in TIMING}
            for row in csv.DictReader(open(path / "lab.csv", encoding="utf-8"))
        ]

    assert untimed(out) == untimed(tmp_path / "fresh")
    # --report searches nothing and summarises each cell over the positions it has
    report = run_lab_command(out, "--report")
    assert report.returncode == 0 and len(journal_lines(out)) == 4
    assert {row["positions"] for row in untimed(out)} == {"2"}
    part = run_lab_command(out, "--report", "--positions", "3")
    assert part.returncode == 0 and "chessmaps (2 of 3)" in part.stdout
    assert {(row["positions"], row["of_positions"]) for row in untimed(out)} == {("2", "3")}
    # a last line cut short (a run killed while writing) is dropped; other bad lines are named
    with open(out / "searches.jsonl", "a", encoding="utf-8") as handle:
        handle.write('{"key": "[\\"bratko')
    assert run_lab_command(out, "--report").returncode == 0
    assert len(journal_lines(out)) == 4
    lines = journal_lines(out)
    (out / "searches.jsonl").write_text(
        "\n".join(lines[:1] + ["not json"] + lines[1:]) + "\n", encoding="utf-8"
    )
    bad = run_lab_command(out, "--report")
    assert bad.returncode == 2 and "searches.jsonl:2: not a search record" in bad.stderr
    assert len(bad.stderr.splitlines()) == 1
    empty = run_lab_command(tmp_path / "empty", "--report")
    assert empty.returncode == 2 and "holds none of these searches" in empty.stderr


def test_joined_suites_are_one_suite_of_one_game():
    joined = load_suite("bratko-kopec+chess-middlegames-30")
    assert len(joined.positions) == 54 and joined.variant.name == "chess"
    assert joined.positions[24].id == "chess.12.01"
    with pytest.raises(SuiteError, match="joins suites of different games"):
        load_suite("bratko-kopec+xiangqi-middlegames")


@pytest.mark.parametrize("preset", ["greer-table3", "greer-table4"])
def test_the_committed_journals_still_resume(preset, tmp_path):
    """docs/runs holds the journals of the long preset runs: every search in them is still
    known to its preset (a journal key that changed would make the next session start over)."""
    journal = Path(__file__).resolve().parent.parent / "docs" / "runs" / preset / "searches.jsonl"
    out = tmp_path / preset
    out.mkdir()
    lines = journal.read_text(encoding="utf-8").splitlines()
    (out / "searches.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    depths = ["--depth", "3", "--depth", "4", "--depth", "5", "--depth", "6"]
    depths = depths if preset == "greer-table4" else []
    report = subprocess.run(
        ENGINE + ["lab", "--preset", preset, *depths, "--out", str(out), "--report", "--no-chart"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert report.returncode == 0, report.stderr
    rows = list(csv.DictReader(open(out / "lab.csv", encoding="utf-8")))
    assert sum(int(row["positions"]) for row in rows) == len(lines)


def test_a_markdown_report_prints_the_journals_table_and_writes_nothing(tmp_path):
    out = tmp_path / "run"
    args = ["chess", "--depth", "1", "--positions", "3", "--spec", "none", "--spec", "mvvlva"]
    stdout, rows, _ = lab(out, *args)
    written = {path: path.read_bytes() for path in out.iterdir()}
    result = subprocess.run(
        ENGINE
        + ["lab", *args, "--out", str(out), "--report", "--markdown", "--columns", "nodes,base,bm"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[:2] == ["| spec | avg nodes | vs baseline | = bm % |", "| --- | --- | --- | --- |"]
    assert [line.split(" | ")[0] for line in lines[2:]] == ["| `none`", "| `mvvlva`"]
    nodes = [f"{float(row['avg_nodes']):,.0f}" for row in rows]
    assert [line.split(" | ")[1].split(" (")[0] for line in lines[2:]] == nodes
    assert f"({float(rows[1]['vs_baseline_low']):.2f}-" in lines[3]
    assert {path: path.read_bytes() for path in out.iterdir()} == written


def test_plot_writes_the_pictures_of_a_run(tmp_path):
    pytest.importorskip("matplotlib")
    stdout, _, _ = lab(
        tmp_path / "run",
        "chess",
        "xiangqi",
        "--depth",
        "1",
        "--positions",
        "3",
        "--spec",
        "none",
        "--spec",
        "mvvlva",
        "--plot",
        str(tmp_path / "pictures"),
    )
    names = sorted(path.name for path in (tmp_path / "pictures").iterdir())
    assert names == ["ratios-baseline-d1.png", "ratios-baseline-d1.svg"]
    assert f"wrote 2 pictures to {tmp_path / 'pictures'}" in stdout


def test_pictures_are_the_same_bytes_from_the_same_journal(tmp_path):
    """Two reports of one journal (a committed one) draw byte-identical SVG."""
    pytest.importorskip("matplotlib")
    journal = Path(__file__).resolve().parent.parent / "docs" / "runs" / "greer-table3"
    out = tmp_path / "run"
    out.mkdir()
    (out / "searches.jsonl").write_bytes((journal / "searches.jsonl").read_bytes())
    drawn = []
    for name in ("first", "second"):
        result = subprocess.run(
            ENGINE
            + [
                "lab",
                "--preset",
                "greer-table3",
                "--out",
                str(out),
                "--report",
                "--no-chart",
                "--plot",
                str(tmp_path / name),
            ],
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert result.returncode == 0, result.stderr
        drawn.append({p.name: p.read_bytes() for p in sorted((tmp_path / name).glob("*.svg"))})
    assert list(drawn[0]) == ["ratios-greer-d5.svg"]
    assert drawn[0] == drawn[1]
