# C types for control.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the .py
# stays the source; this file only declares types. Exchanges becomes an extension type whose
# attributes keep their Python names (public); the imported constants become C ints.
cimport cython

cdef int COLOR_SHIFT, KIND_MASK, DOUBLE_STEP, PROMOTION_MASK, PROMOTION_SHIFT, SPECIAL_SHIFT
cdef int SQUARE_BITS, SQUARE_MASK

cdef class Exchanges:
    cdef public object variant
    cdef public object scratch
    cdef public bytearray board
    cdef public tuple royal
    cdef public object kind_material
    cdef public object royal_value
    cdef public list order
    cdef public list material
    cdef public dict _outcomes
    cdef public dict _standing

    @cython.locals(board=bytearray, candidates=list, order=list, victim=int, own_royal=int,
                   royal_sq=int, s=int, piece=int, at=int, exposed=bint)
    cpdef int capturer(self, int sq, int side)

    @cython.locals(board=bytearray, order=list, material=list, kings=list, royal=tuple, trail=list,
                   gains=list, saved_kings=list, s=int, victim=int, piece=int)
    cpdef tuple sequence(self, int sq, int side)
