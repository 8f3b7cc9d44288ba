# C types for see.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the .py
# stays the source; this file only declares types. The imported constants become C ints; the
# exchange reads and writes its position's scratch buffers as C arrays.
cimport cython
from xqchess.core.position cimport Position
from xqchess.core.probe cimport AttackProbe

cdef int COLOR_SHIFT, PROMOTION_MASK, PROMOTION_SHIFT, SIDE_CAPTURE, SPECIAL_SHIFT
cdef int SQUARE_BITS, SQUARE_MASK, SQUARES, UNLISTED

cdef class ExchangeScratch:
    cdef public bytearray white, black, taken
    cdef public int[::1] gains

@cython.locals(value=list, board=bytearray, cells=cython.p_uchar, frm=int, to=int, mover=int,
               original_target=int, victim_sq=int, victim=int, files=int, first=int,
               on_target=int, promotion=int, result=int)
cpdef int see(Position pos, int move)

@cython.locals(probe=AttackProbe, scratch=ExchangeScratch, lines=bytes, taken=cython.p_uchar,
               gains="int[::1]", cells=cython.p_uchar, on_target=int, captures=int, lifted=int,
               white_count=int, black_count=int, buffer=bytearray, listed=cython.p_uchar,
               count=int, at=int, cheapest=int, i=int, price=int, attacker_sq=int, captured=int,
               result=int, stop=int)
cdef int _exchange(Position pos, list value, bytearray board, int to, int side, int first)
