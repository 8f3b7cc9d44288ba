"""The packed ranking staged move picking sorts by (ordering/ranking.py): exactly the order of
sorting score tuples, highest first, ties in their given order, for any integer scores,
including spreads too wide to pack."""

from array import array

import pytest
from hypothesis import given
from hypothesis import strategies as st
from xqchess.core.search.node import RANK_KEYS
from xqchess.ordering.ranking import PACKED_BITS, key_at, ranked


def keys(size=RANK_KEYS):
    """A ranking buffer, as a node holds one."""
    return array("q", bytes(8 * size))


def tuple_order(columns, indices):
    """The reference: the score tuples sorted, stable, highest first."""
    return sorted(indices, key=lambda i: tuple(column[i] for column in columns), reverse=True)


@st.composite
def scored_moves(draw, bound):
    """Columns of integer scores (one per heuristic) for the same moves, and a subset of the
    moves' indices in ascending order (a capture stage ranks only some)."""
    count = draw(st.integers(0, 40))
    width = draw(st.integers(0, 5))
    scores = st.integers(-bound, bound)
    # few distinct values per column, as heuristics give, so that ties are common
    columns = [
        draw(
            st.lists(
                st.sampled_from(draw(st.lists(scores, min_size=1, max_size=4))),
                min_size=count,
                max_size=count,
            )
        )
        for _ in range(width)
    ]
    indices = sorted(draw(st.sets(st.integers(0, count - 1))) if count else [])
    return columns, indices


@given(scored_moves(bound=3))
def test_small_scores_rank_as_the_tuples_sort(case):
    columns, indices = case
    assert ranked(columns, indices, keys()) == tuple_order(columns, indices)


@given(scored_moves(bound=1 << 40))
def test_wide_scores_rank_as_the_tuples_sort(case):
    """Spreads of up to 41 bits a column: a packed key or, past `PACKED_BITS`, the tuples."""
    columns, indices = case
    assert ranked(columns, indices, keys()) == tuple_order(columns, indices)


def test_a_key_too_wide_to_pack_falls_back_to_the_tuples():
    """Two columns each spread over 40 bits need 80 bits: the tuples are sorted instead, and
    the order is still theirs."""
    wide = 1 << 40
    columns = [[0, wide, 0, wide], [wide, 0, 0, wide]]
    assert 2 * 41 > PACKED_BITS
    assert ranked(columns, [0, 1, 2, 3], keys()) == [3, 1, 0, 2]


def test_ties_keep_their_order_and_constant_columns_decide_nothing():
    columns = [[5, 5, 5, 5], [1, 2, 1, 2], [0, 0, 0, 0]]
    assert ranked(columns, [0, 1, 2, 3], keys()) == [1, 3, 0, 2]
    assert ranked(columns, [2, 3], keys()) == [3, 2]
    assert ranked(columns, [2], keys()) == [2]
    assert ranked(columns, [], keys()) == []


@given(scored_moves(bound=1 << 20), st.integers(0, 8))
def test_more_moves_than_the_buffer_holds_rank_as_the_tuples_sort(case, size):
    """A buffer shorter than the moves ranked: the tuples are sorted instead."""
    columns, indices = case
    assert ranked(columns, indices, keys(size)) == tuple_order(columns, indices)


def test_the_buffer_left_over_from_a_ranking_changes_the_next_nothing():
    """A node ranks its captures, then its other moves, in the same buffer."""
    buffer = keys()
    first = [[9, 1, 5, 7, 3], [2, 2, 2, 0, 1]]
    assert ranked(first, [0, 1, 2, 3, 4], buffer) == [0, 3, 2, 4, 1]
    second = [[0, 0, 1], [4, 4, 4]]
    assert ranked(second, [0, 1, 2], buffer) == [2, 0, 1]


def test_key_at_gives_a_moves_scores_in_priority_order():
    assert key_at([[3, 4], [-1, 7]], 1) == (4, 7)


def test_a_column_shorter_than_the_moves_is_refused():
    """A heuristic that scored fewer moves than it was given: an error, not a read past the
    list (the compiled kernel reads the columns unchecked)."""
    with pytest.raises(IndexError, match="3 scores"):
        ranked([[1, 2, 3, 4], [0, 1, 2]], [0, 1, 2, 3], keys())
