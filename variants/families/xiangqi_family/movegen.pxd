# C types for movegen.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the
# .py stays the source; this file only declares types. The imported constants become C ints.
cimport cython
from xqchess.core.generator cimport MoveGenerator
from xqchess.core.position cimport Position
from xqchess.variants.families.xiangqi_family.attacks cimport attacked_by_movers

cdef int SQUARE_BITS, SQUARE_MASK, COLOR_SHIFT, KIND_MASK
cdef int ADVISOR, CANNON, CHARIOT, ELEPHANT, GENERAL, HORSE

cdef class MoveTables(MoveGenerator):
    cdef public list plain, rook_rays, horse_moves, check_zone, horse_attackers
    cdef public tuple elephant_moves, general_steps, advisor_steps, soldier_steps
    cdef public tuple soldier_attackers

    cpdef list legal_moves(self, pos)
    cpdef list legal_captures(self, pos)
    cpdef list origin_moves(self, pos, int frm)
    cpdef bint is_check(self, pos)

@cython.locals(board=bytearray, cells=cython.p_uchar, us=int, them=int, moves=list, plain=list,
               row=list, frm=int, first=int, last=int, piece=int,
               kind=int, to=int, p=int, screened=bint, leg=int, eye=int, ray=bytes, steps=bytes,
               rook_rays=list, horse_moves=list)
cpdef list pseudo_moves(MoveTables t, Position pos, bint quiets=*, origin=*)

# a C constant: in the compiled kernel Python cannot import it (`zone_marks` gives the marks)
cdef int HORSE_LEG

@cython.locals(cells=cython.p_uchar, screened=bint, s=int, p=int)
cpdef bint line_attacked(bytes ray, bytearray board, int chariot, int cannon, int general)

@cython.locals(cells=cython.p_uchar, zone=bytes, base=int, chariot=int, cannon=int, general=int,
               horse=int, rays=list, left=int, entered=int, row=bytes, pairs=cython.p_uchar,
               index=int)
cpdef bint opened(MoveTables t, bytearray board, int frm, int to, int ksq, int them)

@cython.locals(piece=int, captured=int, exposed=bint)
cpdef bint exposes(MoveTables t, bytearray board, int frm, int to, int ksq, int them,
                   bint in_check)

@cython.locals(board=bytearray, us=int, them=int, ksq=int, checked=bint, legal=list, move=int,
               listed=object, frm=int, to=int, zone=bytes)
cpdef list legal_of(MoveTables t, Position pos, bint quiets=*, origin=*)

@cython.locals(us=int, ksq=int)
cpdef bint in_check(MoveTables t, Position pos)

@cython.locals(ksq=int, frm=int, to=int, zone=bytes)
cpdef bint candidate_legal(MoveTables t, Position pos, int move, bint in_check)
