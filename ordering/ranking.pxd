# C types for ranking.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the
# .py stays the source; this file only declares types.
cimport cython
from xqchess.core.key_sort cimport place_bits, sort_descending

@cython.locals(count=Py_ssize_t, last=Py_ssize_t, shift=int, mask=cython.longlong,
               place=Py_ssize_t, c=Py_ssize_t, column=list, low=cython.longlong,
               high=cython.longlong, value=cython.longlong, span=cython.longlong, width=int,
               i=Py_ssize_t,
               ranking=list)
cpdef list ranked(list columns, list indices, long long[::1] keys)

@cython.locals(column=list)
cpdef tuple key_at(list columns, Py_ssize_t index)
