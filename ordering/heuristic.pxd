# C types for heuristic.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the
# .py stays the source; this file only declares types.
cimport cython

@cython.locals(scores=list, candidate=cython.longlong)
cpdef list marked(list moves, long long move)
