# C types for key_sort.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the
# .py stays the source; this file only declares types.
cimport cython

cdef bint COMPILED

@cython.locals(bits=int)
cpdef int place_bits(Py_ssize_t count)

@cython.locals(place=Py_ssize_t, at=Py_ssize_t, key=cython.longlong)
cpdef void sort_descending(long long[::1] keys, Py_ssize_t count)
