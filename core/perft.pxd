# C types for perft.py, compiled by Cython in pure-Python mode (setup.py, kernel.py).
cimport cython
from xqchess.core.position cimport Position

@cython.locals(moves=list, nodes=cython.longlong, move=int)
cpdef long long perft(Position pos, int depth, bint bulk=*)
