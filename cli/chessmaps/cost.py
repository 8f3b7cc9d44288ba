"""`xqchess bench chessmaps`: what Greer's chessmaps cost at one node, beside what the default
move ordering costs at the same node (the paper warns that chessmaps cost time; this measures
how much).

For every position of each game's default suite (`suites.default_suite_name`: Bratko-Kopec, the
xiangqi middlegames, or the ``--suite`` files), timed in the same process, interleaved (one run
of each measure in turn, ``--repeat`` rounds) and the fastest run of each kept:

* ``chessmap``: `ordering.chessmaps.control.chessmap`, the control of every square;
* ``influence``: `ordering.chessmaps.valueboard.influences` of every legal move, from a cold
  start (the valueboard the module keeps for the position's next move is dropped before each
  run, so the position's own valueboard is part of the cost, as at a new node of a search);
* ``network``: the network's forward pass on the position's inputs (built outside the timing:
  they are the chessmap plus six royal-zone numbers). With the game's shipped weights when they
  exist; otherwise a freshly initialised network of the same shape, which costs the same (the
  work does not depend on the weights' values); the header says which;
* ``pipeline``: ``build_pipeline(DEFAULT_SPEC, variant).order(node, legal_moves)`` with a fresh
  `core.search.Node` filled as `Searcher._node` fills it (no hash move, no previous move, a
  fresh pipeline: its killer and history tables empty), the work the search does today to order
  the same moves.

``total`` is chessmap + influence + network, the chessmaps work needed to order a node's moves
by sectors, and ``multiple`` is total / pipeline. Each game ends with a row of means (its
multiple: mean total / mean pipeline). Absolute times on shared machines are noise; the
multiple, both sides measured in the same run, is the figure to quote.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass

from xqchess.cli.arguments import positive_int
from xqchess.cli.suites import Suite, default_suite_name, load_suite
from xqchess.core.errors import XQChessError
from xqchess.core.position import Position
from xqchess.core.search import Node
from xqchess.ordering.chessmaps.control import chessmap
from xqchess.ordering.chessmaps.features import input_size, inputs
from xqchess.ordering.chessmaps.network import (
    DEFAULT_HIDDEN,
    init_network,
    shipped_network,
    shipped_path,
)
from xqchess.ordering.chessmaps.valueboard import clear_cache, influences
from xqchess.ordering.spec import DEFAULT_SPEC, build_pipeline
from xqchess.variants import NAMES

#: the depth the ordering node is given (the search bench's default depth); no heuristic of the
#: default pipeline orders differently by it at a fresh node
NODE_DEPTH = 3
MEASURES = ("chessmap", "influence", "network", "pipeline")


def add_cost_arguments(parser: argparse.ArgumentParser) -> None:
    """The options ``xqchess bench chessmaps`` adds to the bench parser (it reads the bench's
    own ``--repeat``: timed runs of each measure, the fastest kept)."""
    parser.add_argument(
        "--suite",
        action="append",
        metavar="SUITE",
        help="chessmaps: a shipped suite or an EPD file (repeatable; default: "
        "each game's default suite)",
    )
    parser.add_argument(
        "--positions",
        type=positive_int,
        metavar="N",
        help="chessmaps: only the first N positions of each suite",
    )


# -- the network, where there is one ------------------------------------------------------------


def forward_pass(pos: Position):
    """A function running the network's forward pass on ``pos``'s inputs, and its
    description: the shipped network, or untrained weights of its shape when none ships."""
    variant = pos.variant
    try:
        net = shipped_network(variant)
        description = f"the shipped weights {shipped_path(variant).name}"
    except XQChessError:
        geometry = variant.geometry
        net = init_network(input_size(geometry), DEFAULT_HIDDEN, geometry.size)
        description = (
            "untrained weights of the same shape (no shipped weights found; the "
            "forward pass costs the same whatever the weights)"
        )
    sizes = "-".join(str(size) for size in net.sizes)
    x = inputs(pos)
    return (lambda: net.forward(x)), f"{sizes} network, {description}"


# -- timing -------------------------------------------------------------------------------------


@dataclass
class Cost:
    """The fastest time of each measure at one position, in milliseconds."""

    id: str
    moves: int
    chessmap: float
    influence: float
    network: float
    pipeline: float

    @property
    def total(self) -> float:
        return self.chessmap + self.influence + self.network

    @property
    def multiple(self) -> float:
        return self.total / self.pipeline if self.pipeline else float("inf")


def _timed(run) -> float:
    start = time.perf_counter()
    run()
    return (time.perf_counter() - start) * 1000


def position_cost(pos: Position, id_: str, repeat: int) -> tuple[Cost, str]:
    """The costs at ``pos``, each the fastest of ``repeat`` interleaved runs, and the
    description of the network timed."""
    variant = pos.variant
    moves = pos.legal_moves()
    forward, description = forward_pass(pos)
    pipeline = build_pipeline(DEFAULT_SPEC, variant)
    node = Node(0).fill(pos, NODE_DEPTH, 0, 0, pos.is_check())  # the root of a fresh search

    def cold_influences():
        clear_cache()  # a new node: no valueboard kept from before
        influences(pos, moves)

    def order():
        node.cache.clear()
        pipeline.order(node, list(moves))

    runs = {
        "chessmap": lambda: chessmap(pos),
        "influence": cold_influences,
        "network": forward,
        "pipeline": order,
    }
    best = dict.fromkeys(MEASURES, float("inf"))
    for _ in range(repeat):
        for measure in MEASURES:
            best[measure] = min(best[measure], _timed(runs[measure]))
    return Cost(
        id_, len(moves), best["chessmap"], best["influence"], best["network"], best["pipeline"]
    ), description


# -- the command --------------------------------------------------------------------------------

#: the game column: the longest registered name and a space
GAME_WIDTH = max(len(name) for name in ("game", *NAMES)) + 1
HEADER = (
    f"{'game':<{GAME_WIDTH}}{'position':<18}{'moves':>6}{'chessmap':>10}{'influence':>11}"
    f"{'network':>9}{'total':>9}{'pipeline':>10}{'multiple':>10}"
)


def _row(
    game: str,
    name: str,
    moves: str,
    chessmap_ms: float,
    influence_ms: float,
    network_ms: float,
    total: float,
    pipeline_ms: float,
    multiple: float,
) -> str:
    return (
        f"{game:<{GAME_WIDTH}}{name:<18}{moves:>6}{chessmap_ms:>10.2f}{influence_ms:>11.2f}"
        f"{network_ms:>9.3f}{total:>9.2f}{pipeline_ms:>10.3f}{multiple:>9.0f}x"
    )


def suite_costs(suite: Suite, positions: int | None, repeat: int) -> list[str]:
    """The lines for one suite: a row per position, then the means."""
    variant = suite.variant
    chosen = suite.positions[:positions] if positions else suite.positions
    lines, costs, description = [], [], ""
    for entry in chosen:
        cost, description = position_cost(variant.position(entry.fen), entry.id, repeat)
        costs.append(cost)
        lines.append(
            _row(
                variant.name,
                cost.id[:17],
                str(cost.moves),
                cost.chessmap,
                cost.influence,
                cost.network,
                cost.total,
                cost.pipeline,
                cost.multiple,
            )
        )
    n = len(costs)

    def mean(values):
        return sum(values) / n

    network = mean([c.network for c in costs])
    total, pipeline = mean([c.total for c in costs]), mean([c.pipeline for c in costs])
    lines.append(
        _row(
            variant.name,
            f"mean of {n}",
            f"{mean([c.moves for c in costs]):.0f}",
            mean([c.chessmap for c in costs]),
            mean([c.influence for c in costs]),
            network,
            total,
            pipeline,
            total / pipeline if pipeline else float("inf"),
        )
    )
    lines.append(f"{'':<{GAME_WIDTH}}{suite.name}; network: {description}")
    return lines


def run_cost(args: argparse.Namespace) -> None:
    names = args.suite or [default_suite_name(name) for name in NAMES]
    suites = [load_suite(name) for name in names]  # every suite read before any timing
    repeat = args.repeat
    print(
        f"chessmaps cost at a node, ms per position (fastest of {repeat} interleaved runs); "
        f"pipeline: {DEFAULT_SPEC} ordering the same legal moves; multiple: total / pipeline"
    )
    print(HEADER)
    for suite in suites:
        for line in suite_costs(suite, args.positions, repeat):
            print(line, flush=True)
