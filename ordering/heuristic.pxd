# C types for heuristic.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the
# .py stays the source; this file only declares types. The moves stay
# untyped: any sequence, as in pure Python. Heuristic becomes an extension type whose scoring,
# learning and first move are C methods the pipeline calls directly; a heuristic written in
# Python subclasses it as any class (its other attributes live in its __dict__).
cimport cython
from xqchess.core.position cimport Position
from xqchess.core.search.node cimport Node

@cython.locals(scores=list, i=Py_ssize_t, candidate=cython.longlong)
cpdef list marked(moves, long long move)

cdef class Heuristic:
    cdef dict __dict__
    cdef public object variant
    cdef public int squares

    cpdef score(self, Node node, moves)
    cpdef int first_move(self, Node node) except? -1
    cpdef leading(self, Node node)
    cpdef on_cutoff(self, Position pos, int move, int prev_move, int depth, int ply, int side)
    cpdef on_quiets_before_cutoff(self, Position pos, int move, list quiets, int depth, int side)
