"""The search bench's signatures (`xqchess bench GAME`: total nodes of each game's suite at
depth 3, the playing search), pinned: a change to the search trees shows here, and the compiled
and the pure-Python kernel must both print them (.ci/run runs this file in both modes). A change
that alters the trees on purpose updates them here and in docs/commands.md, saying why."""

import argparse

import pytest
from xqchess.cli.bench import run_search_bench

#: 19,462 and 30,595 before reverse futility pruning and the grown late-move reductions
#: (branch strength, docs/search.md); 19,487 and 30,607 before issue 30 fixed SEE's early
#: stop (docs/testing.md); xiangqi 29,837 before its tuned tapered tables (docs/search.md)
SIGNATURES = {"chess": 18_532, "xiangqi": 26_511}


@pytest.mark.smoke
@pytest.mark.parametrize("game", sorted(SIGNATURES))
def test_bench_signature(game, capsys):
    run_search_bench(argparse.Namespace(depth=3), (game,))
    lines = capsys.readouterr().out.splitlines()
    assert f"Nodes searched  : {SIGNATURES[game]}" in lines
