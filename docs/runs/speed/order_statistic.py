"""What the lab's order statistic (which heuristic placed a cutoff's move first) costs the
playing search, for docs/results.md: CPU seconds of the search bench's positions searched with
`PLAY` to a depth, with the statistic kept (``on``) or not (``off``, as `PLAY` plays):

    python docs/runs/speed/order_statistic.py GAME DEPTH on|off

Prints one line: ``GAME statistics on|off nodes N cpu S nps R``. Run ``on`` and ``off``
alternately and compare the CPU seconds (the node counts are equal: the statistic changes no
tree).
"""

import sys
import time
from dataclasses import replace

from xqchess.cli.suites import default_suite
from xqchess.core.search import PLAY, Limits, Searcher
from xqchess.ordering.spec import DEFAULT_SPEC, build_pipeline
from xqchess.variants import get_variant

if __name__ == "__main__":
    game, depth, kept = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "on"
    variant = get_variant(game)
    config = replace(PLAY, order_statistics=kept)
    nodes = 0
    start = time.process_time()
    for position in default_suite(game).positions:
        searcher = Searcher(build_pipeline(DEFAULT_SPEC, variant), config)
        result = searcher.search(variant.position(position.fen), Limits(depth=depth))
        nodes += result.stats.nodes
    cpu = time.process_time() - start
    state = "on" if kept else "off"
    print(f"{game} statistics {state} nodes {nodes} cpu {cpu:.3f} nps {nodes / cpu:.0f}")
