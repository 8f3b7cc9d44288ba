# C types for tree.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the .py
# stays the source; this file only declares types. Tree becomes an extension type (the
# driver, a Python subclass, keeps its own fields in its __dict__); the tree's methods take C
# ints and read the switches from typed fields.
cimport cython
from xqchess.core.position cimport Position
from xqchess.core.evaluation cimport Evaluation
from xqchess.core.see cimport see
from xqchess.core.tt cimport TranspositionTable
from xqchess.core.search.node cimport Node
from xqchess.core.search.stats cimport SearchStats
from xqchess.core.search.captures cimport capture_gain, captures_in_order

cdef int SIDE_CAPTURE, KIND_MASK, EXACT, LOWER, UPPER
cdef int SQUARE_BITS, SQUARE_MASK, SPECIAL_SHIFT, PROMOTION_SHIFT, PROMOTION_MASK

cdef int NULL_BASE_REDUCTION, NULL_DEPTH_DIVISOR, NULL_LEAD_STEP, NULL_LEAD_MAX

@cython.locals(steps=int)
cpdef int adaptive_null_reduction(int depth, int lead)

cdef class Tree:
    cdef public object orderer, config, capture_key
    cdef public Evaluation evaluate
    cdef object pick_moves, order_moves, quiet_history, teach_cutoff
    cdef public SearchStats stats
    cdef public TranspositionTable tt
    cdef public Position pos
    cdef public object variant, rule_result, rule_draw, node_limit, hard_deadline
    cdef public object root_excluded, root_restricted, root_best, null_move_pieces
    cdef public list nodes_per_ply, pv_table, checks, root_moves
    cdef public long long next_check
    cdef public int root_first, root_searched, root_best_score, root_alpha, root_undo
    cdef public bint stop_requested
    cdef public bint check_extension, null_move, staged, futility, pvs, lmr, reverse_futility
    cdef public bint late_move_pruning, quiescence_checks, quiescence_tt, order_statistics
    cdef public bint iir, razoring, see_pruning, improving
    cdef public bint singular_extension, null_move_verification, history_reductions
    cdef public bint cut_node_reductions, history_pruning
    cdef public bint adaptive_null_move, lists_quiets
    cdef public list static_evals, excluded_moves
    cdef public long long[::1] capture_keys
    cdef public bint quiescence_evasions, quiescence_promotions
    cdef public int guard_prune_depth
    cdef public int futility_depth, futility_base, futility_margin
    cdef public int reverse_futility_depth, reverse_futility_margin, late_move_pruning_depth
    cdef public tuple reductions
    cdef public object quiescence

    @cython.locals(pos=Position, current=cython.ulonglong, occurrences=int, back=int)
    cpdef object _repetition_score(self, int ply)

    @cython.locals(in_check=bint, pos=Position)
    cpdef int _search(self, int depth, int alpha, int beta, int ply, int prev_move, bint is_pv,
                      bint allow_null, bint cut_node) except? -32768

    @cython.locals(pos=Position, hash_move=int, score=int, best_score=int, best_move=int, original_alpha=int,
                   searched=int, index=int, quiet=bint, reduction=int, bound=int, move=int,
                   static_score=int, static_known=bint, shallow=bint, late_count=int,
                   skip=bint, futile=bint, node=Node, stats=SearchStats, improving=bint,
                   see_prune=bint, history_prune=bint,
                   margin=int, excluded=int, tt_depth=int, tt_bound=int, tt_score=int,
                   singular_move=int, singular_beta=int, new_depth=int, child_cut=bint,
                   tt=TranspositionTable, key=cython.ulonglong)
    cpdef int _expand(self, int depth, int alpha, int beta, int ply, int prev_move, bint is_pv,
                      bint allow_null, bint in_check, bint cut_node) except? -32768

    @cython.locals(board=bytearray)
    cpdef bint _has_pieces(self, Position pos)

    cpdef bint _unproven(self, Node node, int move) except -1

    @cython.locals(node=Node)
    cpdef Node _node(self, int ply, int depth, int prev_move, int hash_move, bint in_check)

    @cython.locals(pos=Position, best=int, score=int, gain=int, pruned=bint, moves=list, move=int,
                   stats=SearchStats, tt=TranspositionTable, key=cython.ulonglong,
                   fill=TranspositionTable, tt_score=int, tt_bound=int, original_alpha=int,
                   bound=int)
    cpdef int _quiesce(self, int alpha, int beta, int ply, bint in_check,
                       bint checks=*) except? -32768

    @cython.locals(pos=Position, score=int, move=int, stats=SearchStats)
    cpdef int _quiet_checks(self, int alpha, int beta, int ply, int best) except? -32768
