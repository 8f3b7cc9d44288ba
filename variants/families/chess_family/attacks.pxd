# C types for attacks.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the .py
# stays the source; this file only declares types.
cimport cython
from xqchess.core.probe cimport AttackProbe, ClosureProbe, noted

cdef int PIECE_CODES

@cython.locals(cells=cython.p_uchar, targets=list, hit=tuple, squares=bytes, s=int, p=int,
               rays=list, ray=bytes)
cpdef bint attacked_on(tuple leaps_by_color, tuple slides_by_color, bytearray board, int sq,
                       int by_color)

cdef class ChessAttackers(AttackProbe):
    cdef public int size
    cdef public list leap_squares, leap_owners, ray_squares, ray_ends, ray_owners
    cdef public bytes leap_hits, slide_hits

    @cython.locals(cells=cython.p_uchar, at=int, leap_row=bytes, owner_row=bytes, hit_row=bytes,
                   ray_row=bytes, end_row=bytes, squares=cython.p_uchar, owners=cython.p_uchar,
                   hits=cython.p_uchar, ends=cython.p_uchar, index=int, p=int, start=int, ray=int)
    cpdef bint royal_attacked(self, bytearray board, int sq, int by_color)

    @cython.locals(cells=cython.p_uchar, count=int, at=int, leap_row=bytes, owner_row=bytes,
                   hit_row=bytes, ray_row=bytes, end_row=bytes, squares=cython.p_uchar,
                   owners=cython.p_uchar, hits=cython.p_uchar, ends=cython.p_uchar, index=int,
                   s=int, p=int, start=int, ray=int)
    cpdef int walk_attackers(self, bytearray board, int sq, int by_color, bytearray found,
                             list listing)

cdef class ChessClosure(ClosureProbe):
    cdef public list leap_squares, leap_owners, ray_squares, ray_ends, ray_owners
    cdef public bytes leap_hits, slide_hits
    cdef public unsigned long long[::1] leap_low, leap_high, ray_low, ray_high
    cdef public int[::1] ray_starts
    cdef public int first_royal, second_royal
    cdef public bytearray leapt

    @cython.locals(cells=cython.p_uchar, out=cython.p_uchar, leapt=cython.p_uchar, count=int,
                   leap_row=bytes, owner_row=bytes, hit_row=bytes, ray_row=bytes, end_row=bytes,
                   squares=cython.p_uchar, owners=cython.p_uchar, hits=cython.p_uchar,
                   ends=cython.p_uchar, index=int, s=int, p=int, leapers=int, first_royal=int,
                   second_royal=int, low=cython.ulonglong, high=cython.ulonglong, start=int,
                   ray=int, last=int, hit=int, base=int)
    cpdef int closure(self, bytearray board, int sq, bytearray found)
