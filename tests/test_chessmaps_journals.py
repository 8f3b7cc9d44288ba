"""The committed lab journals of Greer's Tables 3 and 4 (docs/runs/greer-table3 and greer-table4,
searches.jsonl) stay the trees the code searches: on a sample of their rows, a few positions
per game at the journals' smallest depth, each search (the lab's own, `matrix.run_task`) counts
the journal's nodes and finds its best move, for every spec of the row's table. Table 3's
xiangqi rows (depth 5, a few hundred thousand nodes each) are in the slow set, without their
``safe,random`` search: the journal's node count of it is not the one the code searched already
before the chessmaps kernel was typed, a difference outside chessmaps."""

import json
from pathlib import Path

import pytest
from xqchess.cli.lab.matrix import run_task
from xqchess.variants import get_variant

RUNS = Path(__file__).resolve().parent.parent / "docs" / "runs"
#: (table, position id, depth, specs left out): the sample, the cheapest positions of each game
SAMPLE = [
    ("greer-table4", "BK.08", 3, ()),
    ("greer-table4", "chess.12.29", 3, ()),
    ("greer-table4", "xiangqi.12.25", 3, ()),
    ("greer-table4", "xiangqi.12.14", 3, ()),
    ("greer-table3", "BK.08", 5, ()),
    pytest.param("greer-table3", "xiangqi.11.15", 5, ("safe,random",), marks=pytest.mark.slow),
]
#: the search configuration each table's journal was made with
CONFIG = {"greer-table3": "greer", "greer-table4": "greer-id"}


def journal_rows(table: str, position: str, depth: int) -> list[tuple[dict, dict]]:
    """(task, result) of each search of ``position`` at ``depth`` in ``table``'s journal."""
    rows = []
    for line in (RUNS / table / "searches.jsonl").read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        suite, position_id, fen, spec, row_depth, _, prune, margin = json.loads(record["key"])
        if position_id == position and row_depth == depth:
            task = {
                "variant": get_variant("xiangqi" if suite.startswith("xiangqi") else "chess").name,
                "config": CONFIG[table],
                "prune": prune,
                "margin": margin,
                "spec": spec,
                "fen": fen,
                "depth": depth,
            }
            rows.append((task, record["result"]))
    return rows


@pytest.mark.parametrize("table, position, depth, left_out", SAMPLE)
def test_searches_count_the_journals_nodes_and_find_its_best_moves(
    table, position, depth, left_out
):
    rows = journal_rows(table, position, depth)
    assert len(rows) >= 3, (table, position)  # every spec of the table
    for task, expected in rows:
        if task["spec"] in left_out:
            continue
        result = run_task(task)
        assert (result["nodes"], result["best_move"]) == (
            expected["nodes"],
            expected["best_move"],
        ), task["spec"]
