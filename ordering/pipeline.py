"""A move-ordering pipeline: heuristics in priority order, combined lexicographically.

Each heuristic scores every move; moves are sorted by the tuple of scores, so the first
heuristic decides, the next breaks its ties, and so on; moves tied throughout keep generation
order. The heuristic that separated the first move from the second is credited when that move
fails high (the search's "cutoff placed first by" statistic), under the name its ``credit``
gives (chessmaps names the category and the sector source). A pipeline of one heuristic that
orders in stages (`Heuristic.staged`) hands the search a `StagedOrder`: the same order, each
move worked out only when the search reaches it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from xqchess.core.search import Node
from xqchess.ordering.heuristic import Heuristic

GENERATION_ORDER = "generation order"


_EXHAUSTED = object()


class StagedOrder:
    """Moves in search order, taken from a heuristic's stages as they are first asked for
    (iterating or indexing), and kept so they can be read again."""

    __slots__ = ("stages", "moves")

    def __init__(self, stages: Iterator[int]) -> None:
        self.stages = stages
        self.moves: list[int] = []

    def _reach(self, index: int) -> bool:
        """Take moves from the stages until ``index`` is there; whether it is."""
        moves = self.moves
        while len(moves) <= index:
            move = next(self.stages, _EXHAUSTED)
            if move is _EXHAUSTED:
                return False
            moves.append(move)
        return True

    def __iter__(self) -> Iterator[int]:
        index = 0
        while self._reach(index):
            yield self.moves[index]
            index += 1

    def __getitem__(self, index: int) -> int:
        if index < 0 or not self._reach(index):
            raise IndexError(index)
        return self.moves[index]


class Pipeline:
    """Implements `core.search.MoveOrderer` with a list of heuristics."""

    def __init__(self, heuristics: list[Heuristic], spec: str) -> None:
        self.heuristics = heuristics
        self.spec = spec

    def order(self, node: Node, moves: list[int]) -> Sequence[int]:
        if not self.heuristics:
            node.order_keys = None
            return moves
        if len(self.heuristics) == 1:
            stages = self.heuristics[0].staged(node, moves)
            if stages is not None:
                node.order_keys = [(0,), (-1,)][:len(moves)]  # the first two moves' scores
                return StagedOrder(stages)
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
