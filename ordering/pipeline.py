"""A move-ordering pipeline: heuristics in priority order, combined lexicographically.

Each heuristic scores every move; moves are sorted by the tuple of scores, so the first
heuristic decides, the next breaks its ties, and so on; moves tied throughout keep generation
order. The heuristic that separated the first move from the second is credited when that move
fails high (the search's "cutoff placed first by" statistic), under the name its ``credit``
gives (chessmaps names the category and the sector source).
"""

from __future__ import annotations

from xqchess.core.search import Node
from xqchess.ordering.heuristic import Heuristic

GENERATION_ORDER = "generation order"


class Pipeline:
    """Implements `core.search.MoveOrderer` with a list of heuristics."""

    def __init__(self, heuristics: list[Heuristic], spec: str) -> None:
        self.heuristics = heuristics
        self.spec = spec

    def order(self, node: Node, moves: list[int]) -> list[int]:
        if not self.heuristics:
            node.order_keys = None
            return moves
        columns = [h.score(node, moves) for h in self.heuristics]
        keys = list(zip(*columns))
        ranking = sorted(range(len(moves)), key=keys.__getitem__, reverse=True)
        node.order_keys = [keys[i] for i in ranking[:2]]
        return [moves[i] for i in ranking]

    def scored(self, node: Node, moves: list[int]) -> list[tuple[int, tuple]]:
        """(move, each heuristic's score) in search order: what `xqchess play`'s ``show order``
        displays."""
        ordered = self.order(node, moves)
        columns = [h.score(node, ordered) for h in self.heuristics]
        return list(zip(ordered, zip(*columns))) if columns else [(m, ()) for m in ordered]

    def first_placed_by(self, node: Node) -> str:
        keys = node.order_keys
        if keys and len(keys) == 2:
            for heuristic, first, second in zip(self.heuristics, keys[0], keys[1]):
                if first != second:
                    return heuristic.credit(node, first)
        elif keys:  # a single legal move
            return "only move"
        return GENERATION_ORDER

    def on_cutoff(self, node: Node, move: int) -> None:
        for heuristic in self.heuristics:
            heuristic.on_cutoff(node.pos, move, node.prev_move, node.depth, node.ply, node.side)

    def prunable(self, node: Node, move: int) -> bool:
        return any(h.prunable(node, move) for h in self.heuristics)

    def new_search(self) -> None:
        for heuristic in self.heuristics:
            heuristic.new_search()

    def reset(self) -> None:
        for heuristic in self.heuristics:
            heuristic.reset()
