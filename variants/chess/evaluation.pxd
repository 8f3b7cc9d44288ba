# C types for evaluation.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the
# .py stays the source; this file only declares types. The counts read the board as C chars,
# tally in C ints and C byte buffers, and make one list at the end.
cimport cython
from xqchess.core.position cimport Position

cdef int FILES, RANKS, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KIND_MASK, COLOR_SHIFT
cdef int BLACK_PAWN, WHITE_BISHOP, BLACK_BISHOP, WHITE_ROOK, BLACK_ROOK, SHELTER_FULL
cdef int PADDED, LOWEST, HIGHEST, PASSED
cdef int KNIGHT_ZERO, BISHOP_ZERO, ROOK_ZERO, QUEEN_ZERO
cdef list KNIGHT_TARGETS, DIAGONAL_RAYS, ORTHOGONAL_RAYS, KING_ZONES
cdef int ZONE_UNIT
cdef bytes PAWN_WORK

@cython.locals(board=bytearray, cells=cython.p_uchar, work_buffer=bytearray,
               work=cython.p_uchar, doubled=int, isolated=int, supported=int, phalanx=int,
               counts=list, sq=int, p=int, f=int, r=int, high=int, low=int, left=bint,
               right=bint, behind=int)
cpdef list pawn_counts(Position pos)

@cython.locals(cells=cython.p_uchar, reach=int, ray=bytes, s=int, p=int)
cdef int _reach(bytearray board, list rays, int color, unsigned long long zone)

@cython.locals(board=bytearray, cells=cython.p_uchar, kings=list, king=int,
               white_zone=cython.ulonglong, black_zone=cython.ulonglong, zone=cython.ulonglong,
               sq=int, p=int, q=int, s=int, kind=int, color=int, reach=int, zero=int,
               in_zone=int, targets=bytes, knights=int, bishops=int, rooks=int, queens=int,
               zone_squares=int)
cpdef list mobility_counts(Position pos)

@cython.locals(board=bytearray, cells=cython.p_uchar, pawn_buffer=bytearray,
               pawns=cython.p_uchar, sq=int, p=int, white_bishops=int, black_bishops=int,
               own=int, sign=int, open_files=int, half_open_files=int)
cpdef list rook_counts(Position pos)

@cython.locals(cells=cython.p_uchar, pawn=int, step=int, king_file=int, deficit=int, f=int,
               nearest=int, sq=int, distance=int, file_deficit=int)
cdef int _shelter_deficit(bytearray board, int king, int color)

@cython.locals(board=bytearray, kings=list, deficit=int, color=int, king=int, own=int)
cpdef list shelter_counts(Position pos)
