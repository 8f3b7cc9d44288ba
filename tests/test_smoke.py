"""The smoke set (`pytest -m smoke`): what `.ci/run` runs on each claimed Python besides the one
that runs the whole suite. It needs only the installed package and pytest: the console script
counts perft from every game's start against the oracle's figure and searches every game; the
API's doctests (marked in tests/test_api.py) run beside these. With XQCHESS_REFERENCE naming
another installation's `xqchess` command (`.ci/run` names the one of the Python that runs the
whole suite), each search must give the same tree there (best move, score, node counts), so a
Python version that changes a search shows here."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import xqchess
from xqchess.variants import get_variant

pytestmark = pytest.mark.smoke

#: the console script `pip install` put beside this interpreter
XQCHESS = str(Path(sys.executable).with_name("xqchess"))
PERFT_DEPTH = 3  # at most 80,000 leaves in every game: about a second each
SEARCH_DEPTH = 3


def run(*arguments: str, command: str = XQCHESS) -> str:
    result = subprocess.run([command, *arguments], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.mark.parametrize("variant", xqchess.VARIANTS)
def test_perft_from_the_start_matches_the_oracle(variant):
    start = xqchess.Board(variant).fen()
    reference = json.loads(get_variant(variant).data_file("perft.json").read_text())
    expected = next(
        entry["perft"][str(PERFT_DEPTH)]
        for entry in reference["positions"]
        if entry["fen"] == start
    )
    assert run("perft", variant, "--depth", str(PERFT_DEPTH)).split() == [str(expected)]


def searched(variant: str, command: str = XQCHESS) -> dict:
    """`xqchess search` of the start position, less its timings."""
    report = json.loads(
        run("search", variant, "--depth", str(SEARCH_DEPTH), "--json", command=command)
    )
    timing = ("time_ms", "nps")
    for entry in [report, *report["iterations"]]:
        for key in timing:
            entry.pop(key, None)
    return report


@pytest.mark.parametrize("variant", xqchess.VARIANTS)
def test_a_search_plays_a_legal_move_and_the_reference_pythons_tree(variant):
    report = searched(variant)
    assert report["depth"] == SEARCH_DEPTH and report["nodes"] > 0
    assert report["bestmove"] in {move.uci() for move in xqchess.Board(variant).legal_moves}
    reference = os.environ.get("XQCHESS_REFERENCE")
    if reference:
        assert report == searched(variant, reference)
