"""The lab's pictures: each figure is written as SVG and PNG when the rows hold what it shows,
with its titles and labels; the same rows give the same SVG bytes, in one process and in
another with another hash seed and another matplotlibrc; rows without intervals and Elo rows
without bounds still plot; without matplotlib the module imports and `write_plots` says how to
install it."""

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

import pytest
from xqchess.cli.lab import run as lab_run
from xqchess.core.errors import XQChessError

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
GAMES = (("bratko-kopec", "chess"), ("xiangqi-middlegames", "xiangqi"))
GUARD_SPEC = "guard,mvvlva,killer"
#: the measures that carry a 95% interval, and their verdicts
MEASURES = ("avg_nodes", "vs_baseline", "fail_high_first_pct", "agree_unpruned_pct", "agree_bm_pct")
HOLDS = ("vs_baseline_holds", "agree_unpruned_holds", "agree_bm_holds", "fail_high_first_holds")


@pytest.fixture
def matplotlib():
    return pytest.importorskip("matplotlib")


def cell(suite, variant, depth, spec, ratio, prune=0, margin=0, agree=None):
    """A row as `Lab.summarise` gives it, with intervals around each measure."""
    nodes = 1000.0 * 5**depth * ratio
    row = {
        "suite": suite,
        "variant": variant,
        "config": "baseline",
        "depth": depth,
        "spec": spec,
        "prune": prune,
        "margin": margin,
        "positions": 24,
        "of_positions": 24,
        "avg_nodes": nodes,
        "vs_baseline": ratio,
        "fail_high_first_pct": 88.0,
        "agree_unpruned_pct": agree,
        "agree_bm_pct": 40.0,
    }
    for key in MEASURES:
        value = row[key]
        row[f"{key}_low"] = None if value is None else value * 0.9
        row[f"{key}_high"] = None if value is None else value * 1.1
    for key in HOLDS:
        row[key] = ratio < 0.9
    return row


def sample_rows():
    """Two games; three orderings at depths 2 and 3, guard pruning's settings at depth 3."""
    rows = []
    for suite, variant in GAMES:
        for depth in (2, 3):
            rows.append(cell(suite, variant, depth, "none", 1.0))
            rows.append(cell(suite, variant, depth, "mvvlva", 0.4))
        for prune, margin, ratio, agree in (
            (0, 0, 0.3, None),
            (1, 0, 0.25, 95.0),
            (2, 3, 0.2, 90.0),
        ):
            rows.append(cell(suite, variant, 3, GUARD_SPEC, ratio, prune, margin, agree))
    return rows


ELO_ROWS = [
    {
        "variant": "chess",
        "switch": "guard-prune",
        "games": 400,
        "elo": -12.3,
        "elo_low": -30.1,
        "elo_high": 5.2,
        "verdict": None,
    },
    {
        "variant": "xiangqi",
        "switch": "guard-prune",
        "games": 400,
        "elo": 21.0,
        "elo_low": 4.0,
        "elo_high": 38.2,
        "verdict": "H1",
    },
]
#: each file's words: its title (the SVG's <title>) and text its labels must hold
EXPECTED = {
    "ratios-baseline-d2": ("Nodes relative to the baseline: baseline, depth 2", ["95% interval"]),
    "ratios-baseline-d3": (
        "Nodes relative to the baseline: baseline, depth 3",
        ["prune 2:3", "the baseline (1)", "xiangqi"],
    ),
    "guard-tradeoff": (
        "Guard pruning: nodes saved against best-move agreement",
        [
            "points: pruning frontier:margin; guard,mvvlva,killer, baseline, depth 3",
            "nodes saved against the baseline",
            "Elo by self-play",
            "H1",
        ],
    ),
    "depth-trend-baseline": ("Nodes by depth: baseline", ["depth (plies)", "log scale"]),
    "elo": ("Elo of each switch by self-play", ["guard-prune", "400 games", "95% interval"]),
}


def test_each_figure_is_written_as_svg_and_png_with_its_words(matplotlib, tmp_path):
    from xqchess.cli.lab.plots import write_plots

    paths = write_plots(sample_rows(), tmp_path / "pictures", ELO_ROWS)
    assert [path.name for path in paths] == [
        f"{name}{suffix}" for name in EXPECTED for suffix in (".svg", ".png")
    ]
    for name, (title, words) in EXPECTED.items():
        svg = (tmp_path / "pictures" / f"{name}.svg").read_text(encoding="utf-8")
        root = ElementTree.fromstring(svg)
        assert root.findtext("{http://www.w3.org/2000/svg}title") == title
        assert title in svg and all(word in svg for word in words), name
        assert (tmp_path / "pictures" / f"{name}.png").read_bytes().startswith(PNG_SIGNATURE)


def test_figures_follow_what_the_rows_hold(matplotlib):
    from xqchess.cli.lab.plots import figures

    rows = sample_rows()
    one_cell = [row for row in rows if row["depth"] == 2 and row["spec"] == "none"]
    assert figures(one_cell) == []  # one spec, one depth, no pruning: nothing to compare
    unpruned = [row for row in rows if not row["prune"]]
    assert [picture.name for picture in figures(unpruned)] == [
        "ratios-baseline-d2",
        "ratios-baseline-d3",
        "depth-trend-baseline",
    ]
    one_game = [row for row in rows if row["variant"] == "chess" and row["depth"] == 3]
    assert [picture.name for picture in figures(one_game, ELO_ROWS)] == [
        "ratios-baseline-d3",
        "guard-tradeoff",
        "elo",
    ]


def test_the_same_rows_give_the_same_svg_bytes(matplotlib, tmp_path):
    """Twice in this process, and once in another with another hash seed and a matplotlibrc
    that changes the style: the lab's pictures depend on the rows alone."""
    from xqchess.cli.lab.plots import write_plots

    salt = matplotlib.rcParams["svg.hashsalt"]
    rows = sample_rows()
    first = write_plots(rows, tmp_path / "first", ELO_ROWS, formats=["svg"])
    second = write_plots(rows, tmp_path / "second", ELO_ROWS, formats=["svg"])
    assert matplotlib.rcParams["svg.hashsalt"] == salt  # the lab's style does not leak
    data = tmp_path / "rows.json"
    data.write_text(json.dumps({"rows": rows, "elo": ELO_ROWS}), encoding="utf-8")
    rc = tmp_path / "matplotlibrc"
    rc.write_text("font.size: 20\naxes.facecolor: red\nsvg.hashsalt: other\n", encoding="utf-8")
    script = (
        "import json, sys; from xqchess.cli.lab.plots import write_plots; "
        "data = json.load(open(sys.argv[1])); "
        "write_plots(data['rows'], sys.argv[2], data['elo'], ['svg'])"
    )
    environment = {**os.environ, "PYTHONHASHSEED": "4242", "MATPLOTLIBRC": str(rc)}
    subprocess.run(
        [sys.executable, "-c", script, str(data), str(tmp_path / "third")],
        check=True,
        env=environment,
        timeout=120,
    )
    assert [path.stem for path in first] == list(EXPECTED)
    for path in first:
        expected = path.read_bytes()
        assert (tmp_path / "second" / path.name).read_bytes() == expected, path.name
        assert (tmp_path / "third" / path.name).read_bytes() == expected, path.name
    assert [path.name for path in second] == [path.name for path in first]


def test_rows_without_intervals_still_plot_without_whiskers(matplotlib, tmp_path):
    from xqchess.cli.lab.plots import write_plots

    full = [row for row in sample_rows() if row["depth"] == 3]
    bare = [
        {key: value for key, value in row.items() if not key.endswith(("_low", "_high", "_holds"))}
        for row in full
    ]
    bare_paths = write_plots(bare, tmp_path / "bare", formats=["svg"])
    write_plots(full, tmp_path / "full", formats=["svg"])
    assert [path.name for path in bare_paths] == ["ratios-baseline-d3.svg", "guard-tradeoff.svg"]
    for path in bare_paths:  # no whiskers: less to draw
        assert len(path.read_bytes()) < len((tmp_path / "full" / path.name).read_bytes())


def test_elo_chart_with_missing_and_infinite_bounds(matplotlib, tmp_path):
    from xqchess.cli.lab.plots import write_plots

    elo_rows = [
        {**ELO_ROWS[0], "elo_low": None, "elo_high": None},
        {**ELO_ROWS[1], "elo_high": float("inf")},
        {**ELO_ROWS[1], "switch": "late-move pruning", "elo": None, "elo_low": None},
    ]
    paths = write_plots([], tmp_path, elo_rows)
    assert [path.name for path in paths] == ["elo.svg", "elo.png"]
    svg = paths[0].read_text(encoding="utf-8")
    assert svg.count("no interval") == 2 and "late-move pruning" not in svg


def test_real_lab_rows_plot(matplotlib, tmp_path):
    from xqchess.cli.lab.plots import write_plots

    rows = lab_run(["chess"], depths=[1, 2], specs=["none", "mvvlva"], positions=3)
    for row in rows:  # the intervals, where these rows do not carry them
        for key in MEASURES:
            if row[key] is not None:
                row.setdefault(f"{key}_low", row[key] * 0.9)
                row.setdefault(f"{key}_high", row[key] * 1.1)
    paths = write_plots(rows, tmp_path, formats=["svg"])
    assert [path.stem for path in paths] == [
        "ratios-baseline-d1",
        "ratios-baseline-d2",
        "depth-trend-baseline",
    ]
    assert "mvvlva" in paths[0].read_text(encoding="utf-8")


def test_without_matplotlib_the_module_imports_and_says_how_to_get_it(tmp_path):
    script = (
        "import sys; sys.modules['matplotlib'] = None\n"
        "from xqchess.cli.lab.plots import PlottingUnavailableError, write_plots\n"
        "try:\n"
        "    write_plots([], sys.argv[1])\n"
        "except PlottingUnavailableError as error:\n"
        "    print(type(error).__mro__[1].__name__, error)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path / "out")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == (
        "XQChessError the lab's pictures need matplotlib: pip install 'xqchess[plot]'\n"
    )
    assert not (tmp_path / "out").exists()


def test_an_unwritable_folder_and_an_unknown_format_are_named(matplotlib, tmp_path):
    from xqchess.cli.lab.plots import write_plots

    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    with pytest.raises(XQChessError, match="cannot write the lab's picture .*file"):
        write_plots(sample_rows()[:2], blocker / "pictures", formats=["svg"])
    with pytest.raises(XQChessError, match="unknown picture format 'pdf'; expected svg or png"):
        write_plots(sample_rows(), tmp_path, formats=["svg", "pdf"])
