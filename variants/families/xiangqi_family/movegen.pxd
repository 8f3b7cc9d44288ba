# C types for movegen.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the
# .py stays the source; this file only declares types. The imported constants become C ints.
cimport cython
from xqchess.core.position cimport Position

cdef int SQUARE_BITS, SQUARE_MASK, COLOR_SHIFT, KIND_MASK
cdef int ADVISOR, CANNON, CHARIOT, ELEPHANT, GENERAL, HORSE

@cython.locals(board=list, us=int, them=int, moves=list, shift=int, frm=int, kind=int, to=int,
               p=int, screened=bint, leg=int, eye=int, ray=list, steps=list)
cpdef list pseudo_moves(list rook_rays, list horse_moves, tuple elephant_moves,
                        tuple general_steps, tuple advisor_steps, tuple soldier_steps, Position pos,
                        bint quiets=*, origin=*)

@cython.locals(piece=int, captured=int)
cpdef bint exposes(general_attacked, list board, int frm, int to, int ksq, int them)

@cython.locals(board=list, us=int, them=int, ksq=int, in_check=bint, legal=list, move=int,
               frm=int, to=int, zone=frozenset)
cpdef list legal_of(pseudo_legal_moves, general_attacked, list check_zone, Position pos, bint quiets=*,
                    origin=*)

@cython.locals(ksq=int, frm=int, to=int, zone=frozenset)
cpdef bint candidate_legal(general_attacked, list check_zone, Position pos, int move, bint in_check)
