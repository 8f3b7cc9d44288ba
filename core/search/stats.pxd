# C types for stats.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the .py
# stays the source; this file only declares types. The tree counts into C fields.

cdef class SearchStats:
    cdef public long long nodes, qnodes, tt_hits, beta_cutoffs, first_move_cutoffs
    cdef public long long cutoff_index_sum, guard_prunes, expanded, branching_sum
    cdef public int seldepth
    cdef public object cutoff_first_by
