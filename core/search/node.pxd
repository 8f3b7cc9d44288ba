# C types for node.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the .py
# stays the source; this file only declares types. The heuristics read a Node's fields as C.
from xqchess.core.position cimport Position

cdef class Node:
    cdef public Position pos
    cdef public int ply, depth, prev_move, hash_move, side
    cdef public bint in_check, record_order, skip_quiets
    cdef public dict cache
    cdef public list quiets_searched
    cdef public object order_keys, legal_count
    cdef public long long[::1] rank_keys

    cpdef Node fill(self, Position pos, int depth, int prev_move, int hash_move, bint in_check)
