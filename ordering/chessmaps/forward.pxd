# C types for forward.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the .py
# stays the source; this file only declares types. SectorRanker becomes an extension type whose
# weights and sums are typed memoryviews over the `array`s the .py makes; ``math.tanh`` and
# ``math.exp`` are C's (libc.math, cimported as ``math``: the .py's other ``math`` names stay
# Python's).
cimport cython
from libc cimport math

cdef int FIRST, SOFTMAX, LOGISTIC, TANH
cdef double IN_ZONE, OUT_OF_ZONE

cdef class SectorRanker:
    cdef public int activation, size, files, ranks, zones, inputs, hidden, outputs
    cdef public list zone_masks
    cdef public double[::1] w1, b1, w2, b2, x, sums, out, scores
    cdef public int[::1] order, spare

    @cython.locals(size=int, files=int, ranks=int, hidden=int, outputs=int, x="double[::1]",
                   sums="double[::1]", out="double[::1]", w1="double[::1]", b1="double[::1]",
                   w2="double[::1]", b2="double[::1]", second=bint, i=int, slot=int, sq=int,
                   mask=int, zone=int, j=int, k=int, base=int, value=double, largest=double,
                   activation=int, total=double, scores="double[::1]", order="int[::1]",
                   spare="int[::1]", width=int, start=int, middle=int, end=int, left=int,
                   right=int, ranking=list, place=int)
    cpdef list ranking(self, pos, signed char[::1] control)
