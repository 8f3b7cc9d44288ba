# C types for ranking.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the
# .py stays the source; this file only declares types.
cimport cython

@cython.locals(count=Py_ssize_t, last=Py_ssize_t, place_bits=int, spread=list, lows=list,
               shifts=list, shift=int, c=Py_ssize_t, column=list, low=cython.longlong,
               high=cython.longlong, i=Py_ssize_t, value=cython.longlong, span=cython.longlong,
               packed=list, place=Py_ssize_t, key=cython.longlong, at=int, mask=cython.longlong)
cpdef list ranked(list columns, list indices)

@cython.locals(column=list)
cpdef tuple key_at(list columns, Py_ssize_t index)
