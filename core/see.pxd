# C types for see.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the .py
# stays the source; this file only declares types. The imported constants become C ints.
cimport cython
from xqchess.core.position cimport Position
from xqchess.core.probe cimport AttackProbe

cdef int COLOR_SHIFT, PROMOTION_MASK, PROMOTION_SHIFT, SIDE_CAPTURE, SPECIAL_SHIFT
cdef int SQUARE_BITS, SQUARE_MASK

@cython.locals(probe=AttackProbe, value=list, board=bytearray, cells=cython.p_uchar, frm=int,
               to=int, lines=bytes, mover=int, original_target=int, victim_sq=int, victim=int,
               files=int, first=int, on_target=int, promotion=int, side=int, answers=list,
               result=int)
cpdef int see(Position pos, int move)

@cython.locals(cells=cython.p_uchar, on_target=int, taken=list, gain=list, listed=list, last=int,
               candidates=list, attacker_sq=int, cheapest=int, sq=int, captured=int, i=int,
               result=int, stop=int)
cdef int _exchange(AttackProbe probe, list value, bytearray board, int to, bytes lines, int side,
                   list answers, int first)
