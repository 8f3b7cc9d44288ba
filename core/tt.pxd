# C types for tt.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the .py
# stays the source; this file only declares types. The table becomes an extension type whose
# field arrays are typed memoryviews.
cimport cython

cdef class TranspositionTable:
    cdef public long long size, age
    cdef public unsigned long long[::1] keys
    cdef public int[::1] depths, scores, bounds, moves, ages

    @cython.locals(index=cython.longlong)
    cpdef object probe(self, unsigned long long key)

    @cython.locals(index=cython.longlong, age=int)
    cpdef store(self, unsigned long long key, int depth, int score, int bound, int move)
