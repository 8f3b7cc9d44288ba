"""`SearchStats`: what a search counts as it goes: nodes, quiescence nodes, table hits, beta
cutoffs and where in the move order they fell, guard prunes, selective depth, and the branching
of the nodes that generated moves. The lab's tables are made of these."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


@dataclass
class SearchStats:
    """The counts of one search. ``cutoff_first_by`` (which heuristic put the move that made
    a first-move cutoff first) is kept only by a search with
    `SearchConfig.order_statistics`; without it, it is None."""

    nodes: int = 0
    qnodes: int = 0
    tt_hits: int = 0
    beta_cutoffs: int = 0
    first_move_cutoffs: int = 0
    cutoff_index_sum: int = 0
    cutoff_first_by: Counter | None = field(default_factory=Counter)
    guard_prunes: int = 0
    seldepth: int = 0
    expanded: int = 0  # main-search nodes whose moves were all generated (staged: all picked)
    branching_sum: int = 0  # their legal moves, summed (mean branching = sum / expanded)

    @property
    def mean_branching(self) -> float:
        """Mean number of legal moves at the main-search nodes that generated moves."""
        return self.branching_sum / self.expanded if self.expanded else 0.0

    @property
    def fail_high_first(self) -> float:
        """Percentage of beta cutoffs made by the first move searched."""
        return 100.0 * self.first_move_cutoffs / self.beta_cutoffs if self.beta_cutoffs else 0.0

    @property
    def mean_cutoff_index(self) -> float:
        """Mean index, in search order, of the move that made a beta cutoff."""
        return self.cutoff_index_sum / self.beta_cutoffs if self.beta_cutoffs else 0.0
