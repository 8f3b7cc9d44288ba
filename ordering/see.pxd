# C types for see.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the .py
# stays the source; this file only declares types. The imported constants become C ints;
# the moves stay untyped: any sequence, as in pure Python.
cimport cython
from xqchess.core.position cimport Position
from xqchess.core.see cimport see
from xqchess.core.search.node cimport Node
from xqchess.ordering.heuristic cimport Heuristic

cdef int SIDE_CAPTURE, SPECIAL_SHIFT, SQUARE_BITS, SQUARE_MASK

@cython.locals(board=bytearray, scores=list, i=Py_ssize_t, move=cython.longlong, gain=int)
cpdef list exchange_scores(Position pos, moves, dict known)

cdef class StaticExchange(Heuristic):
    @cython.locals(known=dict)
    cpdef score(self, Node node, moves)
