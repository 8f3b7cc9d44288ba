# cython: boundscheck=False, wraparound=False
"""Moves ranked by integer scores: the order of sorting each move's tuple of scores, highest
first, ties kept in their order, computed by sorting one packed integer per move (no tuple per
move, no key function called per comparison). Staged move picking (`ordering.pipeline`) ranks
by its heuristics' scores with it.
"""

from __future__ import annotations

from functools import partial

#: the widest packed key `ranked` builds: a C long long holds it, its sign bit spare
PACKED_BITS = 62


def ranked(columns: list[list[int]], indices: list[int]) -> list[int]:
    """``indices`` (ascending) in descending lexicographic order of their scores (``columns``:
    one list of integer scores per heuristic, in priority order, each with a score at every
    index), ties in ``indices``' order: the order of sorting score tuples, stable, reversed.
    IndexError when a column is too short.

    Each index's scores are packed into one integer: each column takes as many bits as its
    spread needs (a constant column none) and holds the score less the column's lowest, the
    first column the highest bits; the lowest bits hold the index's place counted from the
    end, so that equal scores keep their order when the integers are sorted in descending
    order. Where the packed key would be wider than `PACKED_BITS`, the score tuples are
    sorted instead (a module function, which the compiled kernel types, kernel.py)."""
    count = len(indices)
    if count < 2:
        return list(indices)
    last = indices[count - 1]  # the highest index: they ascend
    for column in columns:
        if len(column) <= last:  # (the compiled kernel reads the columns unchecked)
            raise IndexError(f"{len(column)} scores for a move list of {last + 1} or more")
    place_bits = 0  # the bits of count - 1, the highest place
    while (count - 1) >> place_bits:
        place_bits += 1
    # the columns that tell some of the moves apart, last first: each its lowest score and
    # its bit position in the packed key
    spread = []
    lows = []
    shifts = []
    shift = place_bits
    for c in range(len(columns) - 1, -1, -1):
        column = columns[c]
        low = high = column[indices[0]]
        for i in indices:
            value = column[i]
            if value < low:
                low = value
            elif value > high:
                high = value
        if high > low:
            spread.append(column)
            lows.append(low)
            shifts.append(shift)
            span = high - low
            while span:  # the column's width: the bits of its spread
                span >>= 1
                shift += 1
    if shift > PACKED_BITS:
        return sorted(indices, key=partial(key_at, columns), reverse=True)
    packed = []
    for place in range(count):
        i = indices[place]
        key = count - 1 - place
        for c in range(len(spread)):
            column = spread[c]
            value, low, at = column[i], lows[c], shifts[c]  # C integers, compiled
            key += (value - low) << at
        packed.append(key)
    packed.sort(reverse=True)
    mask = (1 << place_bits) - 1
    return [indices[count - 1 - (key & mask)] for key in packed]


def key_at(columns: list[list[int]], index: int) -> tuple:
    """The scores of move ``index`` by every heuristic, in priority order."""
    return tuple([column[index] for column in columns])
