"""CPU microseconds per node (``time.process_time``, so that other processes on the machine
count less than in the lab's wall-clock figures) of Greer's strategies 1-4 and strategy 4's
MVV-LVA form: the first COUNT positions of each game's Table 4 suite (read from the committed
journal), DEPTH (default 3), config greer-id, each spec searched ROUNDS times (default 3,
the specs taking turns at each position) and its median kept. The chessmaps modules are taken from FOLDER (an
earlier commit's, run as Python), or as installed with ``-``:

    mkdir -p /tmp/cm_before
    for f in valueboard control move_order; do
        git show COMMIT:ordering/chessmaps/$f.py > /tmp/cm_before/$f.py; done
    python docs/runs/chessmaps-speed/cpu.py /tmp/cm_before 4
    python docs/runs/chessmaps-speed/cpu.py - 4 4

Prints one line per game and spec: nodes, CPU microseconds per node, and that figure as a
multiple of strategy 4's (``difference,history:seed``).
"""

import importlib.abc
import importlib.util
import json
import statistics
import sys
import time
from pathlib import Path

JOURNAL = Path(__file__).resolve().parents[1] / "greer-table4" / "searches.jsonl"
STRATEGY4 = "difference,history:seed"
SPECS = ("chessmaps", "chessmaps:cutoff", "chessmaps:experience", STRATEGY4, "mvvlva,history:seed")


class Replaced(importlib.abc.MetaPathFinder):
    """Finds the chessmaps modules named in ``sources`` as those files."""

    def __init__(self, sources: dict) -> None:
        self.sources = sources

    def find_spec(self, fullname, path=None, target=None):
        source = self.sources.get(fullname)
        return importlib.util.spec_from_file_location(fullname, source) if source else None


def main(folder: str, count: int, depth: int = 3, rounds: int = 3) -> None:
    if folder != "-":
        sources = {f"xqchess.ordering.chessmaps.{p.stem}": p for p in Path(folder).glob("*.py")}
        sys.meta_path.insert(0, Replaced(sources))
    from xqchess.cli.lab.matrix import CONFIGS
    from xqchess.core.search import Limits, Searcher
    from xqchess.ordering.spec import build_pipeline
    from xqchess.variants import get_variant

    fens: dict[str, list[str]] = {"chess": [], "xiangqi": []}
    for line in JOURNAL.read_text().splitlines():
        suite, _, fen = json.loads(json.loads(line)["key"])[:3]
        game = "xiangqi" if suite.startswith("xiangqi") else "chess"
        if fen not in fens[game]:
            fens[game].append(fen)
    for game, game_fens in fens.items():
        variant = get_variant(game)
        times: dict[str, list[float]] = {spec: [] for spec in SPECS}
        nodes: dict[str, int] = {}
        for _ in range(rounds):
            cpu = dict.fromkeys(SPECS, 0.0)
            total = dict.fromkeys(SPECS, 0)
            for fen in game_fens[:count]:  # the specs take turns at each position
                for spec in SPECS:
                    searcher = Searcher(build_pipeline(spec, variant), CONFIGS["greer-id"])
                    pos = variant.position(fen)
                    start = time.process_time()
                    result = searcher.search(pos, Limits(depth=depth))
                    cpu[spec] += time.process_time() - start
                    total[spec] += result.stats.nodes
            for spec in SPECS:
                nodes[spec] = total[spec]
                times[spec].append(cpu[spec] / total[spec] * 1e6)
        median = {spec: statistics.median(figures) for spec, figures in times.items()}
        for spec in SPECS:
            multiple = median[spec] / median[STRATEGY4]
            print(game, spec, nodes[spec], round(median[spec], 1), f"{multiple:.2f}x")

if __name__ == "__main__":
    main(sys.argv[1], *map(int, sys.argv[2:]))
