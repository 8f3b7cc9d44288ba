# C types for perft.py, compiled by Cython in pure-Python mode (setup.py, core/kernel.py).
cimport cython

@cython.locals(moves=list, nodes=cython.longlong, move=int)
cpdef long long perft(pos, int depth, bint bulk=*)
