# C types for search.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the
# .py stays the source; this file only declares types. Searcher becomes an extension type (its
# other attributes live in its __dict__); the tree's three methods take C ints.
cimport cython
from xqchess.core.position cimport Position
from xqchess.core.see cimport see
from xqchess.core.tt cimport TranspositionTable

cdef int SIDE_CAPTURE, KIND_MASK, EXACT, LOWER, UPPER
cdef int SQUARE_BITS, SQUARE_MASK, SPECIAL_SHIFT, PROMOTION_SHIFT, PROMOTION_MASK

cdef class Node:
    cdef public Position pos
    cdef public int ply, depth, prev_move, hash_move, side
    cdef public bint in_check
    cdef public dict cache
    cdef public object order_keys, legal_count

    cpdef Node fill(self, Position pos, int depth, int prev_move, int hash_move, bint in_check)

cdef class SearchStats:
    cdef public long long nodes, qnodes, tt_hits, beta_cutoffs, first_move_cutoffs
    cdef public long long cutoff_index_sum, guard_prunes, expanded, branching_sum
    cdef public int seldepth
    cdef public object cutoff_first_by

cdef class Searcher:
    cdef dict __dict__
    cdef public object orderer, config, capture_key, evaluate, evaluate_within
    cdef public SearchStats stats
    cdef public TranspositionTable tt
    cdef public Position pos
    cdef public object variant, rule_result, rule_draw, node_limit, root_excluded
    cdef public object root_restricted
    cdef public list nodes_per_ply, pv_table, checks
    cdef public long long next_check
    cdef public bint stop_requested
    cdef public bint check_extension, null_move, staged, futility, pvs, lmr, reverse_futility
    cdef public bint late_move_pruning, quiescence_checks
    cdef public bint quiescence_evasions, quiescence_promotions
    cdef public int guard_prune_depth
    cdef public object quiescence

    @cython.locals(in_check=bint, pos=Position)
    cpdef int _search(self, int depth, int alpha, int beta, int ply, int prev_move, bint is_pv,
                      bint allow_null) except? -32768

    @cython.locals(pos=Position, hash_move=int, score=int, best_score=int, best_move=int, original_alpha=int,
                   searched=int, index=int, quiet=bint, reduction=int, bound=int, move=int,
                   static_score=int, static_known=bint, shallow=bint, late_count=int,
                   skip=bint, node=Node,
                   tt=TranspositionTable, key=cython.ulonglong)
    cpdef int _expand(self, int depth, int alpha, int beta, int ply, int prev_move, bint is_pv,
                      bint allow_null, bint in_check) except? -32768

    @cython.locals(board=bytearray)
    cpdef bint _has_pieces(self, Position pos)

    @cython.locals(node=Node)
    cpdef Node _node(self, int ply, int depth, int prev_move, int hash_move, bint in_check)

    @cython.locals(pos=Position, best=int, score=int, gain=int, pruned=bint, moves=list, move=int)
    cpdef int _quiesce(self, int alpha, int beta, int ply, bint in_check,
                       bint checks=*) except? -32768

    @cython.locals(pos=Position, score=int, move=int)
    cpdef int _quiet_checks(self, int alpha, int beta, int ply, int best) except? -32768

@cython.locals(victim=int, promotion=int)
cpdef int _gain(Position pos, int move, values) except? -32768

@cython.locals(count=cython.longlong, by_victim=bint, packed=list, ordered=list, i=cython.longlong,
               move=int, key=cython.longlong)
cpdef list captures_in_order(Position pos, list moves, capture_key)

@cython.locals(gain=int)
cpdef int victim_first(Position pos, int move) except? -32768
