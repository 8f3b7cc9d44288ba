"""What move ordering sees of the search: the `Node` being expanded and the `MoveOrderer`
protocol the tree calls.

The ordering heuristics (ordering/) import this module and nothing else of the search, so a
heuristic depends on the node it orders, never on how the tree is searched.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Sequence
from typing import Protocol

from xqchess.core.position import Position

#: the deepest ply the tree reaches (its per-ply tables have this many entries and two more)
MAX_PLY = 96
#: the moves a node's ranking buffer holds: more than any chess or xiangqi position has legal
#: moves (a longer list is ranked without it)
RANK_KEYS = 256


class Node:
    """What a heuristic may know about the node it orders: reused per ply, never allocated in
    the tree. ``cache`` holds per-node data a heuristic computes once (e.g. guard values).
    ``record_order`` asks the orderer to keep, in ``order_keys``, the scores that separated the
    first move from the second (the lab's "cutoff placed first by" statistic); a search that
    does not report that statistic leaves it off and the orderer skips the work.
    ``quiets_searched`` lists the quiet moves the tree has searched at the node without a
    cutoff, in order, where the orderer reads them (`MoveOrderer.reads_quiets_searched`).
    ``rank_keys`` is the orderer's buffer for ranking the node's moves (`RANK_KEYS` 64-bit
    integers, `ordering.ranking.ranked`), so that ranking them allocates nothing.
    ``skip_quiets`` is set by the search once it will search no more quiet moves at the node
    (late-move pruning): the orderer need not generate, test or yield them."""

    __slots__ = (
        "pos",
        "ply",
        "depth",
        "prev_move",
        "hash_move",
        "side",
        "in_check",
        "cache",
        "order_keys",
        "legal_count",
        "record_order",
        "quiets_searched",
        "rank_keys",
        "skip_quiets",
    )

    def __init__(self, ply: int, record_order: bool = True) -> None:
        self.ply = ply
        self.pos: Position | None = None
        self.depth = 0
        self.prev_move = 0
        self.hash_move = 0
        self.side = 0
        self.in_check = False
        self.cache: dict = {}
        self.order_keys = None
        self.legal_count: int | None = None  # set by a staged pick once all moves are known
        self.record_order = record_order
        self.quiets_searched: list[int] = []
        self.rank_keys = array("q", bytes(8 * RANK_KEYS))
        self.skip_quiets = False

    def fill(
        self, pos: Position, depth: int, prev_move: int, hash_move: int, in_check: bool
    ) -> Node:
        """This node set for expanding ``pos`` (its per-node cache and its list of quiet moves
        searched emptied, its quiet moves wanted); returns it."""
        self.pos, self.depth, self.prev_move, self.hash_move = pos, depth, prev_move, hash_move
        self.side, self.in_check = pos.side, in_check
        self.legal_count = None
        self.skip_quiets = False
        self.cache.clear()
        self.quiets_searched.clear()
        return self


class MoveOrderer(Protocol):
    """What the search needs from move ordering (ordering.pipeline.Pipeline implements it)."""

    #: whether `on_cutoff` reads ``node.quiets_searched``: the tree lists them only then
    reads_quiets_searched: bool

    def order(self, node: Node, moves: list[int]) -> Sequence[int]:
        """``moves`` in the order to search them: iterated once, and its first move may be
        read as ``[0]`` (a list, or a sequence worked out as it is read)."""

    def pick(self, node: Node) -> Iterable[int] | None:
        """The legal moves of ``node`` in ``order``'s order, generated in stages as they are
        reached, setting ``node.legal_count`` once all are generated, and none of the quiet
        moves (neither capture nor promotion) left once ``node.skip_quiets`` is set; None when
        the orderer cannot stage (the search then generates all moves and calls ``order``)."""

    def first_placed_by(self, node: Node) -> str:
        """Name of the heuristic that put the first move of the last ``order`` or ``pick``
        first (read only where ``node.record_order`` is set)."""

    def on_cutoff(self, node: Node, move: int) -> None:
        """Learn from ``move`` failing high at ``node``."""

    def prunable(self, node: Node, move: int) -> bool:
        """Whether ``move`` may be skipped near the tips (forward pruning, e.g. guard)."""

    def quiet_history(self, node: Node, move: int) -> int | None:
        """What the ordering has learnt of a quiet ``move`` from cutoffs (its history
        table's entry: 0 where no cutoff has credited it), or None when it keeps no history."""

    def new_search(self) -> None:
        """Age what was learnt, before a new search."""

    def reset(self) -> None:
        """Forget everything, before a new game."""
