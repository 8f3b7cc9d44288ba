# C types for history.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the
# .py stays the source; this file only declares types. The imported constants become C ints;
# the moves stay untyped: any sequence, as in pure Python.
cimport cython
from xqchess.core.position cimport Position
from xqchess.core.search.node cimport Node
from xqchess.ordering.heuristic cimport Heuristic

cdef int SQUARE_BITS, SQUARE_MASK

cpdef long long credited(str rule, long long entry, int depth)
@cython.locals(bonus=cython.longlong)
cpdef long long gravity_step(long long entry, int depth, int sign)
@cython.locals(scores=list, i=Py_ssize_t, move=cython.longlong, frm=int, to=int)
cpdef list table_scores(list table, int base, int squares, moves)

cdef class History(Heuristic):
    cdef public object rule
    cdef public bint as_seed
    cdef public list table

    @cython.locals(n=int, table=list, base=int)
    cpdef score(self, Node node, moves)
    @cython.locals(i=int)
    cpdef on_cutoff(self, Position pos, int move, int prev_move, int depth, int ply, int side)
    @cython.locals(table=list, quiet=int, i=int)
    cpdef on_quiets_before_cutoff(self, Position pos, int move, list quiets, int depth, int side)
