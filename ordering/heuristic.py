"""The interface every move-ordering heuristic implements."""

from __future__ import annotations

from collections.abc import Iterator

from xqchess.core.position import Position
from xqchess.core.search.node import Node
from xqchess.core.variant import Variant


def marked(moves: list[int], move: int) -> list[int]:
    """Per move of ``moves``: 1 where it is ``move``, else 0 (the scores of a heuristic that
    names one move; a module function, which the compiled kernel types, kernel.py)."""
    scores = [0] * len(moves)  # made at its size: no list growth per move
    for i, candidate in enumerate(moves):
        if candidate == move:
            scores[i] = 1
    return scores


class Heuristic:
    """Scores moves at a node (higher first) and may learn from cutoffs.

    ``name`` is how the spec string and the statistics call it. Subclasses override what they
    use; the defaults learn nothing and prune nothing."""

    name = "heuristic"
    #: whether a move's score depends on the move and the node alone, not on the other moves
    #: scored with it (a shuffle's draws do): only then can the search pick moves in stages
    #: (`Pipeline.pick`), scoring captures before the other moves are generated.
    per_move = True
    #: the highest score this heuristic gives a move that neither captures nor promotes, when
    #: it ranks every such move at or below some captures (None: it may rank a quiet move
    #: first); as the first heuristic after the hash move, it makes captures scoring above
    #: this a stage of their own, searched before the quiet moves are generated.
    quiet_ceiling: int | None = None
    #: whether `on_quiets_before_cutoff` learns anything: only then does the search list a
    #: node's quiet moves searched (`Pipeline.reads_quiets_searched`) and the pipeline call it
    penalises_quiets = False

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.squares = variant.geometry.size

    def score(self, node: Node, moves: list[int]) -> list[int]:
        raise NotImplementedError

    def staged(self, node: Node, moves: list[int]) -> Iterator[int] | None:
        """The moves in order, produced as the search reaches them, the i-th scoring -i, when
        ordering them in stages saves work (a pipeline of this heuristic alone then searches
        in stages); None (the default): the pipeline scores every move."""
        return None

    def first_move(self, node: Node) -> int:
        """A move this heuristic scores above every other at ``node``, to be tried before any
        move is generated (the hash move), or 0 when it has none."""
        return 0

    def leading(self, node: Node) -> list[int] | None:
        """The few moves this heuristic scores above the one score it gives every other move
        at ``node``, highest first (the killers, the countermove; 0 for an empty slot, and
        moves that may not be legal here), so that a staged pick can try them before the
        quiet moves are generated; an empty list when it scores every move alike, None (the
        default) when it ranks many moves apart."""
        return None

    def on_cutoff(
        self, pos: Position, move: int, prev_move: int, depth: int, ply: int, side: int
    ) -> None:
        """Learn that ``move`` failed high (``prev_move`` led to the node; 0 at the root)."""

    def on_quiets_before_cutoff(
        self, pos: Position, move: int, quiets: list[int], depth: int, side: int
    ) -> None:
        """Learn that the quiet moves ``quiets``, searched at the node before ``move`` failed
        high there, did not (called after `on_cutoff`, only when there were some, and only on a
        heuristic that `penalises_quiets`)."""

    def credit(self, node: Node, score) -> str:
        """The name the "cutoff placed first by" statistic gives this heuristic when it put
        first, with ``score``, a move that then failed high at ``node``."""
        return self.name

    def prunable(self, node: Node, move: int) -> bool:
        return False

    def quiet_history(self, node: Node, move: int) -> int | None:
        """What this heuristic has learnt of a quiet ``move`` from cutoffs at nodes like
        ``node`` (a history table's entry), or None when it keeps no such table."""
        return None

    def new_search(self) -> None:
        """Age what was learnt before the next search."""

    def reset(self) -> None:
        """Forget everything before a new game."""
