# C types for attacks.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the .py
# stays the source; this file only declares types. The imported constants become C ints. A
# leg or an eye stays a Python int: it is shifted into a 90-bit mask, which a C int would wrap.
cimport cython

cdef int COLOR_SHIFT, KIND_MASK, ADVISOR, CANNON, CHARIOT, ELEPHANT, GENERAL, HORSE, SOLDIER

@cython.locals(found=list, stepped=list, ray=list, prefixes=list, live=list, leaving=list,
               lifted=list, s=int, piece=int, index=int, i=int)
cpdef tuple closure_on(list rook_walks, list horse_attackers, list step_attackers,
                       list elephant_attackers, list fixed_reads, list board, int sq)
