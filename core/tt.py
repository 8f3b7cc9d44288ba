"""Transposition table: search results keyed by the Zobrist hash, bounded by a size in MB.

A fixed number of slots (the size in MB divided by `SLOT_SIZING_BYTES`), one entry per slot,
indexed by hash modulo the slot count. Replacement: an entry is overwritten by the same
position, by a result from a newer search, or by one searched at least as deep; older deeper
results of the current search are kept (depth-preferred with aging).

The entries' fields live in one flat array each (key, depth, score, bound, move, age; an
empty slot has age -1), so storing allocates nothing and the garbage collector has no entries
to walk; the compiled kernel reads them as C arrays. `probe` hands out an entry as a tuple.
"""

from __future__ import annotations

from array import array

EXACT, LOWER, UPPER = 0, 1, 2
#: Bytes per slot that the slot count is reckoned with: what a slot of the earlier table of
#: Python tuples took. The flat arrays take less (docs/search.md); the slot count, which
#: decides which entries collide and so the search's trees, is kept.
SLOT_SIZING_BYTES = 150


class TranspositionTable:
    __slots__ = ("size", "age", "keys", "depths", "scores", "bounds", "moves", "ages")

    def __init__(self, megabytes: int) -> None:
        self.size = max(1, megabytes * 2**20 // SLOT_SIZING_BYTES)
        self.clear()

    def probe(self, key: int) -> tuple | None:
        """(key, depth, score, bound, move, age) stored for ``key``, or None."""
        index = key % self.size
        if self.ages[index] >= 0 and self.keys[index] == key:
            return (
                key,
                self.depths[index],
                self.scores[index],
                self.bounds[index],
                self.moves[index],
                self.ages[index],
            )
        return None

    def store(self, key: int, depth: int, score: int, bound: int, move: int) -> None:
        index = key % self.size
        age = self.ages[index]
        if age != self.age or self.keys[index] == key or depth >= self.depths[index]:
            self.keys[index] = key
            self.depths[index] = depth
            self.scores[index] = score
            self.bounds[index] = bound
            self.moves[index] = move
            self.ages[index] = self.age

    def new_search(self) -> None:
        self.age += 1

    def clear(self) -> None:
        size = self.size
        # repeated, not converted from zero bytes: one pass over the memory, not two
        self.keys = array("Q", [0]) * size
        self.depths = array("i", [0]) * size
        self.scores = array("i", [0]) * size
        self.bounds = array("i", [0]) * size
        self.moves = array("i", [0]) * size
        self.ages = array("i", [-1]) * size
        self.age = 0

    def hashfull(self) -> int:
        """Per mille of the first 1000 slots holding an entry of the current search (UCI)."""
        sample = self.ages[:1000]
        return sum(1 for age in sample if age == self.age) * 1000 // len(sample)
