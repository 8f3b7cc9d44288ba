# C types for hash_move.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the
# .py stays the source; this file only declares types.
from xqchess.core.search.node cimport Node
from xqchess.ordering.heuristic cimport Heuristic

cdef class HashMove(Heuristic):
    cpdef score(self, Node node, moves)
    cpdef int first_move(self, Node node) except? -1
