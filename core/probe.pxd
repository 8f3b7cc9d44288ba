# C types for probe.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the .py
# stays the source; this file only declares types. The probes become extension types whose
# ``attackers`` is a C method, which a game family's subclass overrides.

cdef class AttackProbe:
    cpdef list attackers(self, bytearray board, int sq, int by_color)

cdef class FunctionProbe(AttackProbe):
    cdef public object function
