# C types for history.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the
# .py stays the source; this file only declares types. The imported constants become C ints;
# the moves stay untyped: any sequence, as in pure Python.
cimport cython

cdef int SQUARE_BITS, SQUARE_MASK

@cython.locals(scores=list, move=cython.longlong, frm=int, to=int)
cpdef list table_scores(list table, int base, int squares, moves)
