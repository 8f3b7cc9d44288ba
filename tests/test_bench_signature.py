"""The search bench's signatures (`xqchess bench GAME`: total nodes of each game's suite at
depth 3, the playing search), pinned: a change to the search trees shows here, and the compiled
and the pure-Python kernel must both print them (.ci/run runs this file in both modes). A change
that alters the trees on purpose updates them here and in docs/results.md, and says why in its
commit and CHANGELOG.md."""

import argparse

import pytest
from xqchess.cli.bench import run_search_bench

#: the earlier signatures, and what changed them, are in CHANGELOG.md
SIGNATURES = {"chess": 25_733, "xiangqi": 26_507}


@pytest.mark.smoke
@pytest.mark.parametrize("game", sorted(SIGNATURES))
def test_bench_signature(game, capsys):
    run_search_bench(argparse.Namespace(depth=3), (game,))
    lines = capsys.readouterr().out.splitlines()
    assert f"Nodes searched  : {SIGNATURES[game]}" in lines
