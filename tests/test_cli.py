"""The command line as a user runs it: output formats, and one-line errors with exit code 2."""

import argparse
import dataclasses
import json
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest
from xqchess.cli import bench

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def xqchess(*args):
    return subprocess.run(
        [sys.executable, "-m", "xqchess.cli.main", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_perft_prints_the_count():
    result = xqchess("perft", "chess", "--depth", "3")
    assert result.returncode == 0
    assert result.stdout == "8902\n"


def test_perft_divide_lines_then_total():
    result = xqchess("perft", "chess", "--fen", KIWIPETE, "--depth", "2", "--divide")
    lines = result.stdout.splitlines()
    assert result.returncode == 0
    assert lines[-1] == "2039"
    moves = dict(line.split(": ") for line in lines[:-1])
    assert len(moves) == 48
    assert moves["e1g1"] == "43" and moves["e5f7"] == "44"
    assert sum(int(c) for c in moves.values()) == 2039


def test_moves_in_uci_and_san():
    uci = xqchess("moves", "chess").stdout.split()
    san = xqchess("moves", "chess", "--san").stdout.split()
    assert len(uci) == len(san) == 20
    assert "e2e4" in uci and "Nf3" in san and "e4" in san
    castles = xqchess("moves", "chess", "--fen", KIWIPETE, "--notation", "san").stdout.split()
    assert "O-O" in castles and "O-O-O" in castles


def test_xiangqi_perft_and_moves_in_each_notation():
    assert xqchess("perft", "xiangqi", "--depth", "2").stdout == "1920\n"
    lines = xqchess("perft", "xiangqi", "--depth", "2", "--divide", "--notation", "wxf").stdout
    assert "C2=5: 45" in lines.splitlines() and lines.splitlines()[-1] == "1920"
    for notation, move in (
        ("uci", "h3e3"),
        ("iccs", "h2e2"),
        ("wxf", "C2=5"),
        ("chinese", "炮二平五"),
    ):
        listed = xqchess("moves", "xiangqi", "--notation", notation).stdout.split()
        assert len(listed) == 44 and move in listed


def test_lenient_accepts_composed_positions():
    composed = "4k4/9/9/9/9/9/9/2B3B2/3p5/3AKA3 w - - 0 1"
    assert xqchess("perft", "xiangqi", "--fen", composed, "--depth", "3").returncode == 2
    result = xqchess("perft", "xiangqi", "--fen", composed, "--depth", "3", "--lenient")
    assert result.stdout == "119\n"


@pytest.mark.parametrize(
    "args,fault",
    [
        (["perft", "chess", "--fen", "8/8/8 w - - 0 1", "--depth", "2"], "FEN board has 3 ranks"),
        (["perft", "chess", "--depth", "0"], "must be at least 1"),
        (["perft", "chess", "--depth", "two"], "expected a whole number"),
        (["perft", "chess", "--depth", "1000"], "must be at most 64, got 1000"),
        (["perft", "chess"], "--depth"),
        (["perft", "shogi", "--depth", "1"], "invalid choice: 'shogi'"),
        (
            ["moves", "chess", "--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"],
            "side-to-move",
        ),
        (["moves", "chess", "--notation", "wxf"], "notation 'wxf' is not one of"),
        (["frobnicate"], "invalid choice"),
        (["moves", "xiangqi", "--fen", "4k4/9/9/9/9/9/9/2B6/9/4K4 w - - 0 1"], "elephant on c3"),
        (["moves", "xiangqi", "--notation", "san"], "notation 'san' is not one of"),
        (["search", "chess", "--depth", "2", "--ordering", "bogus"], "unknown heuristic 'bogus'"),
        (["search", "chess", "--depth", "2", "--guard-prune"], "needs guard in the --ordering"),
        (["search", "chess", "--depth", "2", "--quiescence", "most"], "invalid choice: 'most'"),
        (["search", "chess", "--movetime", "-5"], "must be at least 1"),
        (["lab", "chess", "--spec", "killer,killer", "--out", "/tmp"], "appears twice"),
        (["bench", "shogi"], "invalid choice: 'shogi'"),
        (["bench", "--suite", "foo"], "bench takes no --suite; it is read by bench chessmaps"),
        (
            ["bench", "chess", "--positions", "2"],
            "bench chess takes no --positions; it is read by bench chessmaps",
        ),
        (
            ["bench", "chess", "--repeat", "2"],
            "bench chess takes no --repeat; it is read by bench perft and bench chessmaps",
        ),
        (
            ["bench", "perft", "--depth", "2"],
            "bench perft takes no --depth; it is read by the search bench (bench [GAME])",
        ),
        (["bench", "chessmaps", "--depth", "2"], "bench chessmaps takes no --depth"),
        (["bench", "chessmaps", "--suite", "foo"], "suite 'foo' is neither a shipped suite"),
        (
            ["moves", "chess", "--notation", "iccs", "--san"],
            "argument --san: not allowed with argument --notation",
        ),
        (
            ["moves", "chess", "--notation", "uci", "--san"],
            "argument --san: not allowed with argument --notation",
        ),
        (
            ["perft", "chess", "--depth", "1", "--san", "--notation", "san"],
            "argument --notation: not allowed with argument --san",
        ),
    ],
)
def test_bad_input_is_one_line_with_exit_code_2(args, fault):
    result = xqchess(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1, result.stderr
    assert fault in result.stderr
    assert "Traceback" not in result.stderr


def test_moves_help_shows_notation_and_san_as_exclusive():
    usage = " ".join(xqchess("moves", "--help").stdout.split())
    assert "[--notation NOTATION | --san]" in usage


def test_a_table_sizes_its_columns_from_its_cells():
    """The first column is as wide as its longest cell (29 characters) and left-aligned, the
    second as wide as its header (5) and right-aligned, two spaces between."""
    rows = [("position", "depth"), ("minixiangqi minixiangqi.17.01", "3"), ("chess startpos", "4")]
    assert bench.table(rows) == [
        "position" + " " * 21 + "  depth",
        "minixiangqi minixiangqi.17.01" + "      3",
        "chess startpos" + " " * 15 + "      4",
    ]


def test_perft_bench_rows_stay_aligned_with_long_position_names(monkeypatch, capsys):
    """Minixiangqi's rows, whose names are the longest: every line as long as the header, and
    each value ending where its column's header ends."""
    monkeypatch.setattr(bench, "NAMES", ("minixiangqi",))
    monkeypatch.setattr(bench, "peer_board", lambda fen: None)
    bench.run_perft_bench(argparse.Namespace(repeat=1))
    header, *rows = capsys.readouterr().out.splitlines()
    assert [row.split("  ")[0] for row in rows] == [
        "minixiangqi startpos",
        "minixiangqi minixiangqi.17.01",
        "minixiangqi minixiangqi.17.02",
    ]
    assert all(len(row) == len(header) for row in rows)
    depth_end, nodes_end = header.index("depth") + 5, header.index("nodes") + 5
    assert [row[:depth_end].split()[-1] for row in rows] == ["4", "3", "3"]
    assert [row[:nodes_end].split()[-1] for row in rows] == ["127,164", "27,784", "8,685"]


def test_perft_help_states_the_depth_bound():
    result = xqchess("perft", "--help")
    assert result.returncode == 0
    assert "plies to search, 1-64" in " ".join(result.stdout.split())


def test_version_comes_from_the_package_metadata_and_names_the_kernel():
    result = xqchess("--version")
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.startswith(f"xqchess {metadata.version('xqchess')} (")
    assert "kernel" in result.stdout


def test_installed_console_script_runs():
    script = Path(sys.executable).parent / "xqchess"
    if not script.exists():
        pytest.skip(f"no console script beside {sys.executable}: project not installed here")
    result = subprocess.run(
        [str(script), "perft", "chess", "--depth", "2"], capture_output=True, text=True, timeout=60
    )
    assert (result.returncode, result.stdout) == (0, "400\n")


def test_search_prints_move_score_pv_and_statistics():
    result = xqchess("search", "chess", "--fen", "k7/8/2K5/8/8/8/8/7R w - - 0 1", "--depth", "4")
    lines = result.stdout.splitlines()
    assert result.returncode == 0
    assert lines[0] == "bestmove c6b6" and "score mate 2" in lines[1]
    assert any(line.startswith("nodes ") for line in lines)
    assert any("fail-high first" in line for line in lines)


def test_search_counts_the_order_statistic_where_its_preset_does_or_when_asked():
    """The lab's presets count which heuristic placed each first-move cutoff's move first;
    `play` does not (as the engine that plays), unless ``--order-statistics`` asks: the same
    tree either way."""
    placed = "first-move cutoffs placed by: "
    runs = {
        extra: xqchess("search", "chess", "--depth", "4", *extra).stdout.splitlines()
        for extra in ((), ("--preset", "play"), ("--preset", "play", "--order-statistics"))
    }
    counted = {
        extra: [line for line in lines if line.startswith(placed)] for extra, lines in runs.items()
    }
    assert counted[()] and "killer" in counted[()][0]
    assert counted[("--preset", "play")] == []
    assert counted[("--preset", "play", "--order-statistics")]
    nodes = {
        extra: [line for line in lines if line.startswith("nodes ")][0].split()[1]
        for extra, lines in runs.items()
    }
    assert nodes[("--preset", "play")] == nodes[("--preset", "play", "--order-statistics")]


def test_search_sets_the_pruning_reach_and_margins():
    """``--futility-depth`` and the other pruning settings change the preset's fields: the
    command's tree is the library's with the same configuration; a value out of range is
    refused in one line, naming the flag."""
    from xqchess.core.search import Limits, Searcher, playing_config
    from xqchess.ordering.spec import DEFAULT_SPEC, build_pipeline
    from xqchess.variants import get_variant

    settings = {
        "futility_depth": 3,
        "futility_base": 50,
        "futility_margin": 150,
        "reverse_futility_depth": 4,
        "reverse_futility_margin": 150,
        "late_move_pruning_depth": 4,
        "lmr_base": 60,
        "lmr_divisor": 200,
    }
    flags = [
        part
        for field, value in settings.items()
        for part in ("--" + field.replace("_", "-"), str(value))
    ]
    result = xqchess(
        "search",
        "chess",
        "--preset",
        "play",
        "--late-move-pruning",
        "--depth",
        "6",
        "--json",
        *flags,
    )
    variant = get_variant("chess")
    config = dataclasses.replace(playing_config(variant), late_move_pruning=True, **settings)
    library = Searcher(build_pipeline(DEFAULT_SPEC, variant), config).search(
        variant.position(), Limits(depth=6)
    )
    assert json.loads(result.stdout)["nodes"] == library.stats.nodes
    default = Searcher(build_pipeline(DEFAULT_SPEC, variant), playing_config(variant)).search(
        variant.position(), Limits(depth=6)
    )
    assert library.stats.nodes != default.stats.nodes
    refused = xqchess("search", "chess", "--depth", "1", "--lmr-divisor", "20")
    assert refused.returncode == 2 and len(refused.stderr.splitlines()) == 1
    assert "--lmr-divisor" in refused.stderr and "50" in refused.stderr


def test_search_json_has_the_documented_keys():
    result = xqchess(
        "search",
        "xiangqi",
        "--depth",
        "2",
        "--json",
        "--notation",
        "wxf",
        "--ordering",
        "guard,mvvlva",
        "--guard-prune",
        "--no-tt",
    )
    data = json.loads(result.stdout)
    assert set(data) == {
        "bestmove",
        "score",
        "pv",
        "depth",
        "seldepth",
        "time_ms",
        "nodes",
        "qnodes",
        "nps",
        "tt_hits",
        "beta_cutoffs",
        "fail_high_first_pct",
        "mean_cutoff_index",
        "cutoff_first_by",
        "guard_prunes",
        "iterations",
        "unfinished",
    }
    assert data["depth"] == 2 and data["tt_hits"] == 0 and data["pv"][0] == data["bestmove"]
    assert data["unfinished"] is None
    assert set(data["iterations"][0]) == {
        "depth",
        "score",
        "pv",
        "nodes",
        "time_ms",
        "ebf",
        "seldepth",
        "lines",
    }
    assert data["iterations"][-1]["lines"] == [{"score": data["score"], "pv": data["pv"]}]


KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def test_search_cut_short_reports_the_unfinished_iteration():
    """--no-id with a node limit: one depth-4 iteration, cut after a few root moves, reported as
    such, with the best of the moves it did search (formerly depth 0, an empty PV and an
    unsearched move)."""
    result = xqchess(
        "search",
        "chess",
        "--fen",
        KIWIPETE,
        "--no-id",
        "--depth",
        "4",
        "--nodes",
        "30000",
        "--json",
    )
    data = json.loads(result.stdout)
    cut = data["unfinished"]
    assert cut["depth"] == 4 and cut["root_moves"] == 48 and 1 <= cut["root_moves_searched"] < 48
    assert data["depth"] == 4 and data["nodes"] == 30000 and data["pv"][0] == data["bestmove"]
    text = xqchess(
        "search", "chess", "--fen", KIWIPETE, "--no-id", "--depth", "4", "--nodes", "30000"
    ).stdout
    assert (
        f"unfinished depth 4: {cut['root_moves_searched']} of 48 root moves searched"
        in text.splitlines()
    )


def test_search_limits_combine_and_the_first_reached_ends_it():
    data = json.loads(
        xqchess("search", "chess", "--depth", "30", "--nodes", "500", "--json").stdout
    )
    assert data["nodes"] == 500 and data["unfinished"] is not None


def test_search_multipv_lists_distinct_lines_best_first():
    data = json.loads(
        xqchess(
            "search", "xiangqi", "--depth", "2", "--multipv", "3", "--notation", "wxf", "--json"
        ).stdout
    )
    lines = data["iterations"][-1]["lines"]
    assert len(lines) == 3 and len({line["pv"][0] for line in lines}) == 3
    assert lines[0]["pv"] == data["pv"]
    scores = [int(line["score"].split()[1]) for line in lines]
    assert scores == sorted(scores, reverse=True)


def test_bench_signature_is_deterministic():
    runs = [xqchess("bench", "chess", "--depth", "1").stdout.splitlines() for _ in range(2)]
    signatures = [[line for line in run if line.startswith("Nodes searched")] for run in runs]
    assert signatures[0] and signatures[0] == signatures[1]
    assert len([line for line in runs[0] if line.startswith("BK.")]) == 24


def test_lab_prints_one_row_per_pipeline(tmp_path):
    result = xqchess(
        "lab",
        "xiangqi",
        "--depth",
        "1",
        "--positions",
        "2",
        "--out",
        str(tmp_path),
        "--spec",
        "none",
        "--spec",
        "mvvlva,killer",
    )
    bars = [
        line.split()
        for line in result.stdout.splitlines()
        if "█" in line and not line.startswith("bars:")  # the chart, not its legend
    ]
    assert result.returncode == 0
    assert [bar[0] for bar in bars] == ["none", "mvvlva,killer"]
