"""Transposition table: search results keyed by the Zobrist hash, bounded by a size in MB.

A fixed number of slots (the size in MB divided by an entry's estimated Python footprint), one
entry per slot, indexed by hash modulo the slot count. Replacement: an entry is overwritten by
the same position, by a result from a newer search, or by one searched at least as deep; older
deeper results of the current search are kept (depth-preferred with aging).
"""

from __future__ import annotations

EXACT, LOWER, UPPER = 0, 1, 2
#: Estimated bytes per filled slot: list pointer, a 6-tuple, and the 64-bit key int.
ENTRY_BYTES = 150


class TranspositionTable:
    __slots__ = ("slots", "size", "age")

    def __init__(self, megabytes: int) -> None:
        self.size = max(1, megabytes * 2**20 // ENTRY_BYTES)
        self.slots: list[tuple | None] = [None] * self.size
        self.age = 0

    def probe(self, key: int) -> tuple | None:
        """(key, depth, score, bound, move, age) stored for ``key``, or None."""
        entry = self.slots[key % self.size]
        if entry is not None and entry[0] == key:
            return entry
        return None

    def store(self, key: int, depth: int, score: int, bound: int, move: int) -> None:
        index = key % self.size
        old = self.slots[index]
        if old is None or old[0] == key or old[5] != self.age or depth >= old[1]:
            self.slots[index] = (key, depth, score, bound, move, self.age)

    def new_search(self) -> None:
        self.age += 1

    def clear(self) -> None:
        self.slots = [None] * self.size
        self.age = 0

    def hashfull(self) -> int:
        """Per mille of the first 1000 slots holding an entry of the current search (UCI)."""
        sample = self.slots[:1000]
        return sum(1 for e in sample if e is not None and e[5] == self.age) * 1000 // len(sample)
