# cython: boundscheck=False, wraparound=False
"""Moves ranked by integer scores: the order of sorting each move's tuple of scores, highest
first, ties kept in their order, computed by sorting one packed integer per move in a buffer
the node holds (no tuple or integer object per move, no key function called per comparison).
Staged move picking (`ordering.pipeline`) ranks by its heuristics' scores with it.
"""

from __future__ import annotations

from functools import partial

from xqchess.core.key_sort import place_bits, sort_descending

#: the widest packed key `ranked` builds: a C long long holds it, its sign bit spare
PACKED_BITS = 62


def ranked(columns: list[list[int]], indices: list[int], keys) -> list[int]:
    """``indices`` (ascending) in descending lexicographic order of their scores (``columns``:
    one list of integer scores per heuristic, in priority order, each with a score at every
    index), ties in ``indices``' order: the order of sorting score tuples, stable, reversed.
    IndexError when a column is too short. ``keys``: a buffer of 64-bit integers
    (`core.search.node.Node.rank_keys`) the packed keys are built and sorted in.

    Each index's scores are packed into one integer: each column takes as many bits as its
    spread needs (a constant column none) and holds the score less the column's lowest, the
    first column the highest bits; the lowest bits hold the index's place counted from the
    end, so that the keys are distinct and equal scores keep their order when the keys are
    sorted in descending order (`core.key_sort.sort_descending`). Where the packed key
    would be wider than `PACKED_BITS`, or there are more indices than ``keys`` holds, the
    score tuples are sorted instead (a module function, which the compiled kernel types,
    kernel.py)."""
    count = len(indices)
    if count < 2:
        return list(indices)
    last = indices[count - 1]  # the highest index: they ascend
    for column in columns:
        if len(column) <= last:  # (the compiled kernel reads the columns unchecked)
            raise IndexError(f"{len(column)} scores for a move list of {last + 1} or more")
    if count > len(keys):
        return sorted(indices, key=partial(key_at, columns), reverse=True)
    shift = place_bits(count)
    mask = (1 << shift) - 1
    for place in range(count):
        keys[place] = count - 1 - place
    # the columns that tell some of the moves apart, last first, each added at its bit
    # position: its scores less its lowest
    for c in range(len(columns) - 1, -1, -1):
        column = columns[c]
        low = high = column[indices[0]]
        for place in range(1, count):
            i = indices[place]
            value = column[i]
            if value < low:
                low = value
            elif value > high:
                high = value
        span = high - low
        width = 0  # the column's width: the bits of its spread
        while span >> width:
            width += 1
        if shift + width > PACKED_BITS:
            return sorted(indices, key=partial(key_at, columns), reverse=True)
        if width:
            for place in range(count):
                i = indices[place]
                value = column[i]
                keys[place] += (value - low) << shift
            shift += width
    sort_descending(keys, count)
    ranking = [0] * count  # made at its size; an index loop, a C loop in the compiled kernel
    for place in range(count):
        ranking[place] = indices[count - 1 - (keys[place] & mask)]
    return ranking


def key_at(columns: list[list[int]], index: int) -> tuple:
    """The scores of move ``index`` by every heuristic, in priority order."""
    return tuple([column[index] for column in columns])
