# C types for heuristic.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the
# .py stays the source; this file only declares types. The moves stay
# untyped: any sequence, as in pure Python.
cimport cython

@cython.locals(scores=list, candidate=cython.longlong)
cpdef list marked(moves, long long move)
