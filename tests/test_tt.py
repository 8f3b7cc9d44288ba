"""The transposition table's probe, replacement and fill figure (core/tt.py)."""

from xqchess.core.tt import EXACT, LOWER, UPPER, TranspositionTable


def table() -> TranspositionTable:
    tt = TranspositionTable(1)
    assert tt.size == 2**20 // 150  # 6990 slots: the slot count the trees depend on
    return tt


def test_an_empty_table_finds_nothing_not_even_the_zero_key():
    tt = table()
    assert tt.probe(0) is None and tt.probe(12345) is None


def test_a_stored_entry_comes_back_as_a_tuple_and_only_for_its_key():
    tt = table()
    key = 2**64 - 1  # the widest hash
    tt.store(key, 3, -250, LOWER, 1234)
    assert tt.probe(key) == (key, 3, -250, LOWER, 1234, 0)
    assert tt.probe(key - tt.size) is None  # same slot, other key


def test_replacement_is_depth_preferred_within_a_search_and_ages_between_searches():
    tt = table()
    a, b = 5, 5 + tt.size  # one slot
    tt.store(a, 4, 10, EXACT, 1)
    tt.store(b, 3, 20, EXACT, 2)  # shallower, same search: the deeper entry stays
    assert tt.probe(a)[1:5] == (4, 10, EXACT, 1) and tt.probe(b) is None
    tt.store(b, 4, 30, UPPER, 0)  # as deep: replaces
    assert tt.probe(b)[1:5] == (4, 30, UPPER, 0) and tt.probe(a) is None
    tt.store(b, 1, 40, EXACT, 3)  # the same position: always replaces
    assert tt.probe(b)[1:5] == (1, 40, EXACT, 3)
    tt.new_search()
    tt.store(a, 1, 50, EXACT, 4)  # an entry of an older search gives way to any
    assert tt.probe(a) == (a, 1, 50, EXACT, 4, 1)


def test_hashfull_counts_the_current_search_per_mille_of_the_first_thousand_slots():
    tt = table()
    for key in range(0, 100):
        tt.store(key, 1, 0, EXACT, 0)
    tt.store(tt.size + 999, 1, 0, EXACT, 0)  # slot 999
    tt.store(2000, 1, 0, EXACT, 0)  # beyond the sample
    assert tt.hashfull() == 101
    tt.new_search()
    assert tt.hashfull() == 0
    tt.clear()
    assert tt.probe(1) is None and tt.hashfull() == 0
