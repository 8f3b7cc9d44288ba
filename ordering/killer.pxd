# C types for killer.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the
# .py stays the source; this file only declares types. The moves stay
# untyped: any sequence, as in pure Python.
cimport cython

@cython.locals(scores=list, move=cython.longlong)
cpdef list slot_scores(moves, long long first, long long second)
