# C types for captures.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the
# .py stays the source; this file only declares types. Quiescence and the capture heuristics
# call these as C functions.
cimport cython
from xqchess.core.position cimport Position
from xqchess.core.key_sort cimport place_bits, sort_descending

cdef int SIDE_CAPTURE, KIND_MASK
cdef int SQUARE_BITS, SQUARE_MASK, SPECIAL_SHIFT, PROMOTION_SHIFT, PROMOTION_MASK

@cython.locals(victim=int, promotion=int)
cpdef int capture_gain(Position pos, int move, values) except? -32768

@cython.locals(count=Py_ssize_t, by_victim=bint, ordered=list, i=Py_ssize_t,
               shift=int, mask=cython.longlong, move=int, key=cython.longlong,
               limit=cython.longlong)
cpdef list captures_in_order(Position pos, list moves, capture_key, long long[::1] keys=*)

@cython.locals(gain=int)
cpdef int victim_first(Position pos, int move) except? -32768
