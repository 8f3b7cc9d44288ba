"""The heuristics lab: a small matrix on both games writes CSV and JSON whose numbers are those
of direct `xqchess search` calls; parallel runs give identical results; the minimal-tree
yardstick follows Knuth and Moore's formula; bad suite files are named with their line."""

import csv
import json
import subprocess
import sys

import pytest

from cli.lab import minimal_tree
from cli.suites import load_suite

ENGINE = [sys.executable, "-m", "cli.main"]
TIMING = {"time_ms", "avg_time_ms"}


def lab(tmp_path, *args):
    result = subprocess.run(ENGINE + ["lab", *args, "--out", str(tmp_path), "--no-chart"],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    rows = list(csv.DictReader(open(tmp_path / "lab.csv", encoding="utf-8")))
    data = json.loads((tmp_path / "lab.json").read_text(encoding="utf-8"))
    return result.stdout, rows, data


MATRIX = ["--suite", "bratko-kopec", "--suite", "xiangqi-middlegames", "--positions", "2",
          "--depth", "2", "--depth", "3", "--spec", "mvvlva", "--spec", "hash,see,killer"]


def test_small_matrix_matches_direct_searches(tmp_path):
    out, rows, data = lab(tmp_path, *MATRIX)
    assert len(rows) == 2 * 2 * 2 and len(data["cells"]) == 8
    assert data["meta"]["command"].startswith("xqchess lab") and data["meta"]["python"]
    assert "xqchess lab" in out and "bratko-kopec" in out
    for row in rows:
        suite = load_suite(row["suite"])
        nodes, qnodes, moves = [], [], []
        for position in suite.positions[:2]:
            search = subprocess.run(
                ENGINE + ["search", suite.variant.name, "--fen", position.fen, "--depth",
                          row["depth"], "--ordering", row["spec"], "--json"],
                capture_output=True, text=True, timeout=300)
            result = json.loads(search.stdout)
            nodes.append(result["nodes"])
            qnodes.append(result["qnodes"])
            moves.append(result["bestmove"])
        assert float(row["avg_nodes"]) == sum(nodes) / 2
        assert float(row["avg_qnodes"]) == sum(qnodes) / 2
        cell_moves = [p["best_move"] for p in data["positions"]
                      if p["spec"] == row["spec"] and str(p["depth"]) == row["depth"]
                      and p["variant"] == suite.variant.name]
        assert cell_moves == moves
        if row["spec"] == "mvvlva":
            assert float(row["vs_baseline"]) == 1.0
        assert float(row["x_minimal"]) > 0 and 0 <= float(row["fail_high_first_pct"]) <= 100


def test_parallel_jobs_give_identical_results(tmp_path):
    _, rows_one, data_one = lab(tmp_path / "one", *MATRIX[:8], "--spec", "killer", "--jobs", "1")
    _, rows_two, data_two = lab(tmp_path / "two", *MATRIX[:8], "--spec", "killer", "--jobs", "2")

    def untimed(rows):
        return [{k: v for k, v in row.items() if k not in TIMING} for row in rows]

    assert untimed(rows_one) == untimed(rows_two)
    assert untimed(data_one["positions"]) == untimed(data_two["positions"])


def test_guard_pruning_cells_report_agreement(tmp_path):
    _, rows, _ = lab(tmp_path, "--suite", "xiangqi-middlegames", "--positions", "2", "--depth",
                     "3", "--spec", "guard,mvvlva", "--prune", "1:0")
    assert [(r["prune"], r["margin"]) for r in rows] == [("0", "0"), ("1", "0")]
    assert rows[0]["agree_unpruned_pct"] == "" and float(rows[1]["agree_unpruned_pct"]) >= 0
    assert int(rows[1]["guard_prunes"]) > 0


@pytest.mark.parametrize("branching,depth,expected", [
    (2, 3, 2**2 + 2**1 - 1), (3, 4, 9 + 9 - 1), (35, 1, 35), (10, 5, 1000 + 100 - 1),
    (1.5, 2, 1.5 + 1.5 - 1),
])
def test_minimal_tree_formula(branching, depth, expected):
    assert minimal_tree(branching, depth) == pytest.approx(expected)


@pytest.mark.parametrize("content,fault", [
    (None, "is neither a shipped suite"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4;\n"
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - bm e4;\n", "bad.epd:2: FEN rank 1"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; xx 3;\n",
     "bad.epd:1: unknown EPD operation 'xx'"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e5;\n",
     "bad.epd:1: best move 'e5'"),
    ("\n", "bad.epd: no positions"),
])
def test_bad_suite_files_are_named_with_their_line(tmp_path, content, fault):
    path = tmp_path / "bad.epd"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    result = subprocess.run(ENGINE + ["lab", "--suite", str(path), "--out", str(tmp_path)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and fault in result.stderr
    assert len(result.stderr.splitlines()) == 1


@pytest.mark.parametrize("args,fault", [
    (["--prune", "x"], "is not DEPTH or DEPTH:MARGIN"),
    (["--spec", "mvvlva", "--prune", "1"], "needs guard in every --spec"),
    (["--config", "fast"], "unknown --config 'fast'"),
    (["--spec", "bogus"], "unknown heuristic 'bogus'"),
    (["--preset", "nope"], "invalid choice: 'nope'"),
])
def test_bad_lab_options(tmp_path, args, fault):
    result = subprocess.run(ENGINE + ["lab", "chess", *args, "--out", str(tmp_path)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and fault in result.stderr
