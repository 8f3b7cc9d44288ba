# C types for attacks.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the .py
# stays the source; this file only declares types. The imported constants become C ints.
cimport cython
from xqchess.core.probe cimport AttackProbe, ClosureProbe, noted

cdef int COLOR_SHIFT, KIND_MASK, ADVISOR, CANNON, CHARIOT, ELEPHANT, GENERAL, HORSE, SOLDIER
cdef int LOW_SQUARES
cdef unsigned long long ONE

@cython.locals(cells=cython.p_uchar, base=int, chariot=int, cannon=int, general=int, horse=int,
               soldier=int, p=int, s=int, screened=bint, ray=bytes, row=bytes,
               pairs=cython.p_uchar, index=int, soldiers=bytes)
cpdef bint attacked_by_movers(list rook_rays, list horse_attackers, tuple soldier_attackers,
                              bint facing, bytearray board, int sq, int by_color)

cdef class XiangqiAttackers(AttackProbe):
    cdef public list rook_rays, horse_attackers
    cdef public tuple elephant_moves, soldier_attackers, advisor_steps, general_steps

    @cython.locals(cells=cython.p_uchar, base=int, chariot=int, cannon=int, horse=int,
                   elephant=int, count=int, p=int, s=int, screened=bint, ray=bytes, row=bytes,
                   pairs=cython.p_uchar, index=int, steps=bytes, soldier=int, advisor=int,
                   general=int)
    cpdef int walk_attackers(self, bytearray board, int sq, int by_color, bytearray found,
                             list listing)

    cpdef bint royal_attacked(self, bytearray board, int sq, int by_color)

cdef class XiangqiClosure(ClosureProbe):
    cdef public list rook_rays, step_attackers, horse_attackers, elephant_attackers
    cdef public unsigned long long[::1] fixed_low, fixed_high, ray_low, ray_high
    cdef public int[::1] ray_starts
    cdef public bytearray lifted, live

    @cython.locals(cells=cython.p_uchar, out=cython.p_uchar, lifted=cython.p_uchar,
                   live=cython.p_uchar, count=int, row=bytes, steps=cython.p_uchar, index=int,
                   s=int, eye=int, low=cython.ulonglong, high=cython.ulonglong,
                   ray=cython.p_uchar, length=int, left=int, kept=int, leaving=int,
                   base=int, last=int)
    cpdef int closure(self, bytearray board, int sq, bytearray found)
