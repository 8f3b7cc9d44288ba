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

cdef int FIRST_MOVE, CAPTURES, CAPTURE_MOVES, LEADING_MOVES, REST, REST_MOVES, DONE

# The pipeline an extension type, its fields typed for its staged picks (an instance keeps a
# __dict__: a test may still replace a method on one)
cdef class Pipeline:
    cdef dict __dict__
    cdef public list heuristics, quiet_learners, leading_heuristics
    cdef public object spec, candidate_game, candidate_test
    cdef public bint reads_quiets_searched, stageable
    cdef public Heuristic first_stage
    cdef public int capture_column, capture_ceiling

cdef class StagedPick:
    cdef Node node
    cdef Position pos
    cdef Pipeline pipeline
    cdef object legality
    cdef list tried, moves, ranking, ahead, captures, capture_scores, leading_moves
    cdef bint skipped
    cdef int stage, at, leading_at, leading_place, count

    @cython.locals(node=Node, stage=int, index=int, move=int, first=int, first_stage=Heuristic)
    cpdef int next_move(self) except? -1

    @cython.locals(node=Node, pos=Position, moves=list, ranking=list, rest=bint, index=int,
                   move=int)
    cdef int _next_ranked(self) except? -2

    @cython.locals(pos=Position)
    cdef list _candidates(self, bint quiets)

    @cython.locals(ahead=list, index=int)
    cdef list _look_ahead(self)

    @cython.locals(node=Node, tried=list, column=int, ceiling=int, captures=list, columns=list,
                   scores=list, leading=list)
    cdef _rank_captures(self)

    @cython.locals(node=Node, pos=Position, pipeline=Pipeline, column=int, move=int)
    cdef int _next_leading(self) except? -1

    @cython.locals(node=Node, pos=Position, tried=list, ceiling=int, scores=list,
                   candidates=list, rest=list, columns=list, leading=list)
    cdef _rank_rest(self)
