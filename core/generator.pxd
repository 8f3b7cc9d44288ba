# C types for generator.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the
# .py stays the source; this file only declares types. The generators become extension types
# whose methods are C methods, which a game family's subclass overrides. The position stays an
# object here (position.pxd cimports this file); the families' generators type it.

cdef class MoveGenerator:
    cpdef list legal_moves(self, pos)
    cpdef list legal_captures(self, pos)
    cpdef list origin_moves(self, pos, int frm)
    cpdef bint is_check(self, pos)

cdef class FunctionGenerator(MoveGenerator):
    cdef public object variant
