# C types for killer.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the
# .py stays the source; this file only declares types. The moves stay
# untyped: any sequence, as in pure Python.
cimport cython
from xqchess.core.position cimport Position
from xqchess.core.search.node cimport Node
from xqchess.ordering.heuristic cimport Heuristic

@cython.locals(scores=list, i=Py_ssize_t, move=cython.longlong)
cpdef list slot_scores(moves, long long first, long long second)

cdef class Killers(Heuristic):
    cdef public list slots

    @cython.locals(first=cython.longlong, second=cython.longlong)
    cpdef score(self, Node node, moves)
    cpdef leading(self, Node node)
    @cython.locals(slots=list)
    cpdef on_cutoff(self, Position pos, int move, int prev_move, int depth, int ply, int side)

cdef class AdvancedKillers(Killers):
    cdef public list counts

    @cython.locals(counts=dict, key=int, count=int, slots=list)
    cpdef on_cutoff(self, Position pos, int move, int prev_move, int depth, int ply, int side)
