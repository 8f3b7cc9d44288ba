# C types for continuation.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the
# .py stays the source; this file only declares types. The imported constants become C ints;
# the moves stay untyped: any sequence, as in pure Python.
cimport cython
from xqchess.core.position cimport Position
from xqchess.core.search.node cimport Node
from xqchess.ordering.history cimport History

cdef int SQUARE_BITS, SQUARE_MASK, KIND_MASK

@cython.locals(cells=cython.p_uchar, i=Py_ssize_t, move=cython.longlong, kind=int)
cpdef list continuation_scores(int[::1] rows, Py_ssize_t base, bytearray board, int squares,
                               moves, list scores)

@cython.locals(i=Py_ssize_t)
cpdef age_row(int[::1] rows, Py_ssize_t base, Py_ssize_t size, long long behind)

cdef class ContinuationHistory(History):
    cdef public int kinds, row_size
    cdef public long long searches
    cdef public int[::1] rows
    cdef public long long[::1] row_ages

    @cython.locals(to=int, row=Py_ssize_t, base=Py_ssize_t, behind=cython.longlong)
    cpdef Py_ssize_t _row(self, Position pos, int side, int prev_move) except -1
    @cython.locals(base=Py_ssize_t)
    cpdef score(self, Node node, moves)
    @cython.locals(frm=int, i=Py_ssize_t)
    cpdef on_cutoff(self, Position pos, int move, int prev_move, int depth, int ply, int side)
