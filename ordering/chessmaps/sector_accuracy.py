"""How good a sector ordering is (Greer 2000, section 3, Tables 1 and 2) and what the network
learned (its Figs. 4-6).

All arrays are in the orientation of `features` (sector ``i`` as the side to move sees it), one
row per test position. A sector ordering is given as scores, higher first; ties go to the lower
sector index (a stable sort), so a fixed ordering is just the same score row for every position.

The measures:

* **first-hit rank** of a position: the 1-based rank, in the ordering, of the highest-ranked
  sector that the move played influences *positively* (the paper considers only those); 0 when
  the move influences no sector positively (such a position counts in no rank's percentage,
  only in the total);
* **accuracy per rank** (Table 1's first row, Table 2): for ranks 1..15, the percentage of all
  test positions whose first-hit rank is that rank; their running sum is the top-k accuracy;
* **moves per sector** (Table 1's second row): for the k-th ranked sector, the number of legal
  moves that influence it positively but none of the higher-ranked sectors, averaged over the
  positions (it needs the influence of every legal move, so callers may use a sample).

The orderings compared: the network's outputs; Greer's fixed ordering from the training set
(`greer_fixed_order`: "the number of times each sector was ranked first was calculated" over
the training set; sectors in descending order of that count); a frequency ordering
(`frequency_order`, sectors by how often the training moves influence them positively: the best
any one fixed ordering can do for the top rank, reported beside Greer's); and a seeded random
ordering, a fresh permutation per position.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
from xqchess.core.position import Position
from xqchess.ordering.chessmaps.features import orient_squares, royal_zones
from xqchess.ordering.chessmaps.valueboard import influences

#: The ranks the paper's tables show.
TABLE_RANKS = 15
#: The sectors the probe of Figs. 4-6 shows, and the control values it fills the board with.
PROBE_TOP = 10
PROBE_VALUES = (1, 0, -1)
#: The rank of a position whose move influences no sector positively.
NO_HIT = 0


def orders(scores: np.ndarray) -> np.ndarray:
    """Per row of ``scores``, the sector indices from the highest score down (stable)."""
    return np.argsort(-np.asarray(scores), axis=-1, kind="stable")


def first_hit_ranks(scores: np.ndarray, positive: np.ndarray) -> np.ndarray:
    """Per position, the 1-based rank under ``scores`` of the highest-ranked sector that
    ``positive`` marks (the move influences it positively), or `NO_HIT` when none is."""
    scores = np.atleast_2d(scores)
    positive = np.atleast_2d(positive).astype(bool)
    hits = np.take_along_axis(positive, orders(scores), axis=1)
    return np.where(hits.any(axis=1), hits.argmax(axis=1) + 1, NO_HIT)


def hit_percentages(ranks: np.ndarray, top: int = TABLE_RANKS) -> np.ndarray:
    """For ranks 1..``top``, the percentage of all positions whose first hit is at that rank."""
    ranks = np.asarray(ranks)
    if len(ranks) == 0:
        return np.zeros(top)
    counts = np.bincount(ranks, minlength=top + 1)[1 : top + 1]
    return 100.0 * counts / len(ranks)


def moves_per_sector(
    scores: np.ndarray, move_positive: Sequence[np.ndarray], top: int = TABLE_RANKS
) -> np.ndarray:
    """For ranks 1..``top``, the average over positions of the number of legal moves whose
    highest-ranked positively influenced sector is at that rank. ``move_positive[i]`` holds
    one row per legal move of position ``i`` (True where the move influences it positively);
    ``scores[i]`` is the ordering of position ``i``."""
    total = np.zeros(top)
    for row, positive in zip(np.atleast_2d(scores), move_positive):
        if len(positive):
            hits = np.asarray(positive, dtype=bool)[:, orders(row)]
            ranks = np.where(hits.any(axis=1), hits.argmax(axis=1) + 1, NO_HIT)
            total += np.bincount(ranks, minlength=top + 1)[1 : top + 1]
    return total / max(len(move_positive), 1)


def scores_from_order(order: Sequence[int], positions: int) -> np.ndarray:
    """Scores that rank the sectors as ``order`` does, the same row for ``positions`` rows."""
    order = np.asarray(order)
    row = np.empty(len(order))
    row[order] = np.arange(len(order), 0, -1)
    return np.tile(row, (positions, 1))


def random_scores(positions: int, sectors: int, seed: int) -> np.ndarray:
    """A seeded random ordering: independent uniform scores, so a fresh permutation per row."""
    return np.random.default_rng(seed).random((positions, sectors))


def top_counts(scores: np.ndarray) -> np.ndarray:
    """Per sector, how many rows rank it first."""
    scores = np.atleast_2d(scores)
    return np.bincount(orders(scores)[:, 0], minlength=scores.shape[1])


def frequency_order(positive: np.ndarray) -> np.ndarray:
    """Sectors by descending count of training moves that influence them positively (ties:
    lower index first)."""
    counts = np.asarray(positive).astype(bool).sum(axis=0)
    return np.argsort(-counts, kind="stable")


def greer_fixed_order(train_scores: np.ndarray, train_positive: np.ndarray) -> np.ndarray:
    """Greer's fixed ordering (Table 2): sectors by descending number of training positions in
    which the network ranked them first; the many sectors never ranked first (and any other
    ties) follow in `frequency_order`."""
    first = top_counts(train_scores)
    frequency = np.asarray(train_positive).astype(bool).sum(axis=0)
    return np.lexsort((np.arange(len(first)), -frequency, -first))


@dataclass
class OrderingResult:
    """One ordering's row of the tables."""

    name: str
    percentages: np.ndarray  # per rank 1..15, of all positions
    moves: np.ndarray | None  # moves per sector, ranks 1..15 (None: not measured)
    positions: int  # test positions
    no_hit: int  # positions whose move influences no sector positively
    moves_positions: int = 0  # positions the moves-per-sector row averages over

    def top(self, k: int) -> float:
        """The top-``k`` accuracy in percent."""
        return float(self.percentages[:k].sum())


def evaluate_ordering(
    name: str,
    scores: np.ndarray,
    positive: np.ndarray,
    move_positive: Sequence[np.ndarray] | None = None,
    sample: np.ndarray | None = None,
) -> OrderingResult:
    """The accuracy row of an ordering on test positions, and its moves-per-sector row on the
    positions ``sample`` indexes (whose legal moves' influences ``move_positive`` holds)."""
    ranks = first_hit_ranks(scores, positive)
    result = OrderingResult(
        name, hit_percentages(ranks), None, len(ranks), int(np.sum(ranks == NO_HIT))
    )
    if move_positive is not None:
        rows = np.atleast_2d(scores)[sample if sample is not None else slice(None)]
        result.moves = moves_per_sector(rows, move_positive)
        result.moves_positions = len(move_positive)
    return result


def legal_move_positive(pos: Position) -> np.ndarray:
    """One row per legal move of ``pos`` (in the kernel's order), True where the move
    influences the sector positively, in the orientation of `features`."""
    rows = influences(pos)
    return rows[:, orient_squares(pos.variant.geometry, pos.side)] > 0


def probe(
    forward: Callable[[np.ndarray], np.ndarray], start: Position, top: int = PROBE_TOP
) -> dict[int, list[int]]:
    """Figs. 4-6: for every control value c in (+1, 0, -1), the ``top`` sectors the network
    (``forward``) ranks first when every control value is c, the royal inputs taken from
    ``start`` (the first player to move, so sector = real square)."""
    sectors = start.variant.geometry.size
    royal = royal_zones(start)
    result = {}
    for value in PROBE_VALUES:
        x = np.concatenate((np.full(sectors, float(value)), royal))
        result[value] = [int(s) for s in orders(forward(x))[:top]]
    return result
