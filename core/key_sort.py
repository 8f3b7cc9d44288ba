# cython: boundscheck=False, wraparound=False
"""Packed sort keys sorted in place, greatest first: the sort that ranks a node's moves
(`ordering.ranking`) and orders quiescence's captures (`core.search.captures`), in a buffer
of 64-bit integers the caller holds; and the low bits a key gives a move's place.

The sort is chosen per kernel, as the board's type is (`core.position.BOARD`): the compiled
kernel sorts by insertion in C integers (a node's moves are few, and no object is made),
while pure Python, where each step of a loop costs more than the builtin sort, sorts a copy
with ``sorted`` and writes it back. Both give the same order: the keys are distinct.
"""

from __future__ import annotations

from array import array

from xqchess.core.position import COMPILED


def place_bits(count: int) -> int:
    """The bits that number the places 0 to ``count`` - 1 (0 for one place or none)."""
    bits = 0
    while (count - 1) >> bits > 0:
        bits += 1
    return bits


def sort_descending(keys, count: int) -> None:
    """The first ``count`` integers of the buffer ``keys`` sorted in place, greatest first."""
    if not COMPILED:
        keys[:count] = array("q", sorted(keys[:count], reverse=True))
        return
    for place in range(1, count):
        key = keys[place]
        at = place
        while at and keys[at - 1] < key:
            keys[at] = keys[at - 1]
            at -= 1
        keys[at] = key
