# C types for attacks.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the .py
# stays the source; this file only declares types.
cimport cython
from xqchess.core.probe cimport AttackProbe, ClosureProbe

cdef int LOW_SQUARES
cdef unsigned long long ONE

@cython.locals(cells=cython.p_uchar, targets=list, hit=tuple, squares=bytes, s=int, p=int,
               rays=list, ray=bytes)
cpdef bint attacked_on(tuple leaps_by_color, tuple slides_by_color, bytearray board, int sq,
                       int by_color)

cdef class ChessAttackers(AttackProbe):
    cdef public tuple leaps_by_color, slides_by_color

    @cython.locals(cells=cython.p_uchar, found=list, targets=list, hit=tuple, squares=bytes, s=int,
                   p=int, rays=list, ray=bytes)
    cpdef list attackers(self, bytearray board, int sq, int by_color)

    cpdef bint royal_attacked(self, bytearray board, int sq, int by_color)

cdef class ChessClosure(ClosureProbe):
    cdef public tuple leaps, pawn_attackers, pawns, slides, royal
    cdef public list leap_low, leap_high
    cdef public bytearray leapt

    @cython.locals(cells=cython.p_uchar, out=cython.p_uchar, leapt=cython.p_uchar, count=int,
                   targets=list, hit=tuple, squares=bytes, s=int, p=int, white_pawn=int,
                   black_pawn=int, leapers=int, index=int, first_royal=int, second_royal=int,
                   low=cython.ulonglong, high=cython.ulonglong, rays=list, ray=bytes, last=int)
    cpdef int closure(self, bytearray board, int sq, bytearray found)
