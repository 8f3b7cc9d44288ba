# C types for evaluation.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the
# .py stays the source; this file only declares types. The packed-score shifts become C ints,
# and the node's evaluation works on C long longs (a packed score fits in 60 bits).
cimport cython
from xqchess.core.position cimport Position

cdef long long ENDGAME_SHIFT, PHASE_SHIFT, _ENDGAME_HALF, _PHASE_HALF

@cython.locals(packed=cython.longlong, rest=cython.longlong, score=cython.longlong)
cpdef long long evaluate(Position pos) except? -1

@cython.locals(phase=cython.longlong, rest=cython.longlong, endgame=cython.longlong,
               middlegame=cython.longlong, total=cython.longlong, score=cython.longlong)
cpdef long long _blend(long long packed, Position pos) except? -1

cpdef long long evaluate_tapered(Position pos) except? -1

cdef class Term:
    cdef public tuple features, counted
    cdef public object count
    cdef public dict start, weights
    cdef public list packed, indices

    @cython.locals(counts=list, packed=list, score=cython.longlong, index=int,
                   count=cython.longlong, weight=cython.longlong)
    cpdef long long score(self, Position pos) except? -1
