"""Killer moves: quiet moves that failed high at the same distance from the root.

`Killers` keeps two slots per ply: a new cutoff move takes the first slot and pushes the old
first killer to the second (the classic scheme); the first slot scores 2, the second 1.

`AdvancedKillers` is the seed's variant (the text "Advanced
Killer Moves"). The seed counts every move's
cutoffs per ply and from/to square (``everyKiller[ply][fromIndex][toIndex]``, incremented on
each cutoff) and keeps a primary and a secondary killer per ply; a move whose count surpasses
that of a current killer takes one of their places. Here a move takes the place of the killer
with the lower count when its own count is higher, and the two killers are ranked by count: the
one with more cutoffs is the primary and scores 2, the other 1 (on equal counts the earlier
killer stays primary). The seed says nothing of clearing the counts; they are statistics of the
search that gathered them, so between searches every count is halved, as history's entries are,
and a killer whose count halves to zero leaves its slot.

Only quiet moves (no captures or promotions) become killers or are counted, in both schemes;
the seed counts every cutoff move (its example is the capture Ra1xa8).

What they are worth, measured: docs/search.md, "What the ordering is worth", and
docs/lab.md (each heuristic alone).
"""

from __future__ import annotations

from xqchess.core.moves import SQUARE_BITS, is_quiet
from xqchess.core.search.node import MAX_PLY
from xqchess.ordering.heuristic import Heuristic

#: a move's from and to squares (its low bits), the key of the seed's count array
FROM_TO_MASK = (1 << 2 * SQUARE_BITS) - 1


def slot_scores(moves: list[int], first: int, second: int) -> list[int]:
    """Per move of ``moves``: 2 where it is the ``first`` killer, 1 the ``second``, else 0 (a
    module function, which the compiled kernel types, kernel.py)."""
    scores = [0] * len(moves)  # made at its size: no list growth per move
    for i, move in enumerate(moves):
        if move == first:
            scores[i] = 2
        elif move == second:
            scores[i] = 1
    return scores


class Killers(Heuristic):
    name = "killer"

    def __init__(self, variant) -> None:
        super().__init__(variant)
        self.reset()

    def reset(self) -> None:
        self.slots = [[0, 0] for _ in range(MAX_PLY + 2)]

    def score(self, node, moves):
        first, second = self.slots[node.ply]
        return slot_scores(moves, first, second)

    def leading(self, node):
        return self.slots[node.ply]

    def on_cutoff(self, pos, move, prev_move, depth, ply, side):
        if not is_quiet(pos, move):
            return
        slots = self.slots[ply]
        if slots[0] != move:
            slots[1] = slots[0]
            slots[0] = move


class AdvancedKillers(Killers):
    name = "akiller"

    def reset(self) -> None:
        super().reset()
        #: per ply: cutoff count per from/to key (only moves counted since the last aging)
        self.counts: list[dict[int, int]] = [{} for _ in range(MAX_PLY + 2)]

    def _count(self, ply: int, move: int) -> int:
        return self.counts[ply].get(move & FROM_TO_MASK, 0)

    def on_cutoff(self, pos, move, prev_move, depth, ply, side):
        if not is_quiet(pos, move):
            return
        counts = self.counts[ply]
        key = move & FROM_TO_MASK
        counts[key] = count = counts.get(key, 0) + 1
        slots = self.slots[ply]  # primary first; an empty slot (0) is always the secondary
        if move not in slots:
            if slots[1] and count <= self._count(ply, slots[1]):
                return  # does not surpass the secondary killer's count
            slots[1] = move
        if slots[1] and (not slots[0] or self._count(ply, slots[1]) > self._count(ply, slots[0])):
            slots.reverse()  # the secondary now has more cutoffs: it becomes the primary

    def new_search(self) -> None:
        """Halve every count; a killer whose count reaches zero leaves its slot."""
        for ply, counts in enumerate(self.counts):
            if not counts:
                continue
            self.counts[ply] = {key: count // 2 for key, count in counts.items() if count > 1}
            slots = self.slots[ply]
            kept = [move for move in slots if move and self._count(ply, move)]
            slots[:] = kept + [0] * (len(slots) - len(kept))
