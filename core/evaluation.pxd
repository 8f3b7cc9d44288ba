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

cdef class Evaluation:
    cpdef long long score(self, Position pos) except? -1
    cpdef long long score_within(self, Position pos, long long alpha, long long beta) except? -1

cdef class SquaresEvaluation(Evaluation):
    pass

cdef class TaperedEvaluation(Evaluation):
    pass

cdef class TermsEvaluation(Evaluation):
    cdef public object names, variant
    cdef public list counted_terms, other_terms
    cdef public unsigned long long[::1] cache_keys
    cdef public long long[::1] cache_values
    cdef public bytearray cache_filled

    cdef _choose(self, variant)

    @cython.locals(key=cython.ulonglong, slot=cython.Py_ssize_t, extra=cython.longlong,
                   term=Term, filled=cython.p_uchar)
    cpdef long long terms(self, Position pos) except? -1

    @cython.locals(score=cython.longlong)
    cpdef long long score_within(self, Position pos, long long alpha, long long beta) except? -1
