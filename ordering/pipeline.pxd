# C types for pipeline.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the
# .py stays the source; this file only declares types. The pipeline's loops over its
# heuristics call their C methods, and the ranking is called as C functions.
cimport cython
from xqchess.core.position cimport Position
from xqchess.core.search.node cimport Node
from xqchess.ordering.heuristic cimport Heuristic
from xqchess.ordering.ranking cimport key_at, ranked

@cython.locals(columns=list, heuristic=Heuristic)
cpdef list heuristic_columns(list heuristics, Node node, moves)

@cython.locals(heuristic=Heuristic, pos=Position, prev_move=int, depth=int, ply=int, side=int, quiets=list)
cpdef report_cutoff(list heuristics, list quiet_learners, Node node, int move)
