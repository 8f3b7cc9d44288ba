# C types for probe.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the .py
# stays the source; this file only declares types. The probes become extension types whose
# methods are C methods, which a game family's subclasses override.
cimport cython

cpdef int noted(bytearray found, list listing, int count, int sq)

cdef class AttackProbe:
    @cython.locals(listing=list)
    cpdef list attackers(self, bytearray board, int sq, int by_color)
    cpdef int attackers_into(self, bytearray board, int sq, int by_color, bytearray found)
    cpdef int walk_attackers(self, bytearray board, int sq, int by_color, bytearray found,
                             list listing)
    cpdef bint royal_attacked(self, bytearray board, int sq, int by_color)

cdef class FunctionProbe(AttackProbe):
    cdef public object function
    cdef public object royal_function

cdef class ClosureProbe:
    cdef public unsigned long long low, high

    cpdef int closure(self, bytearray board, int sq, bytearray found)

cdef class DefinitionClosure(ClosureProbe):
    cdef public object variant
