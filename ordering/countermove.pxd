# C types for countermove.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the
# .py stays the source; this file only declares types. The imported constants become C ints.
cimport cython
from xqchess.core.position cimport Position
from xqchess.core.search.node cimport Node
from xqchess.ordering.heuristic cimport Heuristic

cdef int SQUARE_BITS, SQUARE_MASK

cdef class Countermove(Heuristic):
    cdef public bint by_piece
    cdef public list table

    @cython.locals(to=int, first=int)
    cpdef int _key(self, Position pos, int prev_move) except? -1
    cpdef long long _counter(self, Node node) except? -1
    cpdef score(self, Node node, moves)
    cpdef leading(self, Node node)
    cpdef on_cutoff(self, Position pos, int move, int prev_move, int depth, int ply, int side)
