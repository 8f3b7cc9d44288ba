# C types for movegen.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the
# .py stays the source; this file only declares types. The imported constants become C ints.
cimport cython
from xqchess.core.generator cimport MoveGenerator
from xqchess.core.position cimport Position
from xqchess.variants.families.chess_family.attacks cimport attacked_on

cdef int SQUARE_BITS, SQUARE_MASK, COLOR_SHIFT, KIND_MASK, PROMOTION_SHIFT, SPECIAL_SHIFT
cdef int COMPANION, DOUBLE_STEP, SIDE_CAPTURE, DOUBLE_STEP_FLAG, SIDE_CAPTURE_FLAG, CASTLE_FLAG

@cython.locals(cells=cython.p_uchar, them=int, checkers=int, blocker=int, i=int, s=int, p=int,
               rays=list, hit=tuple, ray=bytes, targets=list, squares=bytes)
cpdef tuple find_checks_and_pins(tuple slides_by_color, tuple checking_leaps, bytearray board,
                                 int ksq, int us)

cdef class MoveTables(MoveGenerator):
    cdef public int pawn, king
    cdef public list plain, piece_leaps, piece_rays, king_targets
    cdef public tuple promotion_flags, pawn_step, double_steps, promotes_on, pawn_captures
    cdef public tuple castlings, leaps_by_color, slides_by_color, checking_leaps
    cdef public object side_capture_is_legal
    cdef public tuple pawns
    cdef public bint ep_needs_legal_capture

    cpdef list legal_moves(self, pos)
    cpdef list legal_captures(self, pos)
    cpdef list origin_moves(self, pos, int frm)
    cpdef bint is_check(self, pos)
    @cython.locals(us=int, pawn=int, board=bytearray, cells=cython.p_uchar, squares=bytes, frm=int)
    cpdef bint ep_capture_possible(self, Position pos, int sq)

@cython.locals(us=int)
cpdef bint in_check(MoveTables t, Position pos)

@cython.locals(s=int)
cpdef bint castling_open(MoveTables t, bytearray board, empty, safe, int them, bint pseudo)

@cython.locals(sb=int, board=bytearray, cells=cython.p_uchar, us=int, them=int, ksq=int,
               checkers=int, moves=list, side_captures=list, step=int, frm=int, first=int,
               last=int, piece=int, kind=int, start=int, to=cython.uint, p=int, PAWN=int, KING=int,
               king=int, bit=int, flag=int, doubles=list, promotes=list, captures=list, ray=bytes,
               targets=bytes, leaps=list, rays=list, piece_leaps=list, piece_rays=list,
               plain=list, row=list, ep=cython.uint, pins=dict, evasion=set, leaps_by_color=tuple,
               slides_by_color=tuple, restricted=bint)
cpdef list generate_moves(MoveTables t, Position pos, bint pseudo=*, bint quiets=*, origin=*)
