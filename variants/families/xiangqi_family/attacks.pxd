# C types for attacks.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the .py
# stays the source; this file only declares types. The imported constants become C ints. A
# leg or an eye stays a Python int: it is shifted into a 90-bit mask, which a C int would wrap.
cimport cython
from xqchess.core.probe cimport AttackProbe

cdef int COLOR_SHIFT, KIND_MASK, ADVISOR, CANNON, CHARIOT, ELEPHANT, GENERAL, HORSE, SOLDIER

@cython.locals(cells=cython.p_uchar, base=int, chariot=int, cannon=int, general=int, horse=int,
               soldier=int, p=int, s=int, leg=int, screened=bint, ray=bytes, soldiers=bytes)
cpdef bint attacked_by_movers(list rook_rays, list horse_attackers, tuple soldier_attackers,
                              bint facing, bytearray board, int sq, int by_color)

cdef class XiangqiAttackers(AttackProbe):
    cdef public list rook_rays, horse_attackers
    cdef public tuple elephant_moves, soldier_attackers, advisor_steps, general_steps

    @cython.locals(cells=cython.p_uchar, base=int, chariot=int, cannon=int, horse=int,
                   elephant=int, found=list,
                   p=int, s=int, leg=int, eye=int, screened=bint, ray=bytes, steps=bytes,
                   soldier=int, advisor=int, general=int)
    cpdef list attackers(self, bytearray board, int sq, int by_color)

@cython.locals(found=list, stepped=list, ray=list, prefixes=list, live=list, leaving=list,
               lifted=list, s=int, piece=int, index=int, i=int)
cpdef tuple closure_on(list rook_walks, list horse_attackers, list step_attackers,
                       list elephant_attackers, list fixed_reads, bytearray board, int sq)
