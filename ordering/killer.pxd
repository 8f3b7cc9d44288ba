# C types for killer.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the
# .py stays the source; this file only declares types.
cimport cython

@cython.locals(scores=list, move=cython.longlong)
cpdef list slot_scores(list moves, long long first, long long second)
