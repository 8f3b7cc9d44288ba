# C types for attacks.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the .py
# stays the source; this file only declares types.
cimport cython
from xqchess.core.probe cimport AttackProbe

@cython.locals(cells=cython.p_uchar, targets=list, hit=tuple, squares=bytes, s=int, p=int,
               rays=list, ray=bytes)
cpdef bint attacked_on(tuple leaps_by_color, tuple slides_by_color, bytearray board, int sq,
                       int by_color)

cdef class ChessAttackers(AttackProbe):
    cdef public tuple leaps_by_color, slides_by_color

    @cython.locals(cells=cython.p_uchar, found=list, targets=list, hit=tuple, squares=bytes, s=int,
                   p=int, rays=list, ray=bytes)
    cpdef list attackers(self, bytearray board, int sq, int by_color)

@cython.locals(found=list, leapt=list, targets=list, hit=tuple, s=int, p=int, white_pawn=int,
               black_pawn=int, first_royal=int, second_royal=int, walk=list, ray=bytes,
               prefixes=list, last=int, index=int)
cpdef tuple closure_on(tuple leaps, tuple pawn_attackers, tuple pawns, tuple walks,
                       list leap_reads, tuple royal, bytearray board, int sq)
