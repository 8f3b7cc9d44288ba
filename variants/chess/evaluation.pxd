# C types for evaluation.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the
# .py stays the source; this file only declares types. The count reads the board and its ray
# tables as C chars, keeps bitboards in C unsigned long longs, and makes one list at the end.
cimport cython
from xqchess.core.position cimport Position

cdef int FILES, RANKS, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KIND_MASK, COLOR_SHIFT, SHELTER_FULL
cdef int KNIGHT_ZERO, BISHOP_ZERO, ROOK_ZERO, QUEEN_ZERO, ZONE_UNIT
cdef int NO_SQUARE, RAY_SLOTS, RAYS_PER_SQUARE, DIAGONAL_FIRST, KNIGHT_SLOTS
cdef unsigned long long EVERY_SECOND_BIT, EVERY_SECOND_PAIR, EVERY_SECOND_NIBBLE, EVERY_BYTE
cdef unsigned long long MASK64, BIT, FIRST_RANK, NOT_FIRST_FILE, NOT_LAST_FILE
cdef bytearray RAYS, KNIGHT_SQUARES
cdef list KING_ZONES

cdef inline unsigned long long _up_fill(unsigned long long board)
cdef inline unsigned long long _down_fill(unsigned long long board)
cdef inline unsigned long long _beside(unsigned long long board)
cdef inline int _popcount(unsigned long long board)

@cython.locals(white_attacks=cython.ulonglong, black_attacks=cython.ulonglong,
               ahead_of_black=cython.ulonglong, ahead_of_white=cython.ulonglong,
               white_passed=cython.ulonglong, black_passed=cython.ulonglong, rank=int,
               counts=list)
cdef list _pawn_counts(unsigned long long white, unsigned long long black,
                       unsigned long long white_files, unsigned long long black_files)

@cython.locals(cells=cython.p_uchar, rays=cython.p_uchar, reach=int, ray=int, index=int, s=int,
               p=int)
cdef int _reach(bytearray board, int first, int last, int color, unsigned long long zone)

@cython.locals(board=bytearray, cells=cython.p_uchar, knights_table=cython.p_uchar, kings=list,
               white_king=int, black_king=int, white_zone=cython.ulonglong,
               black_zone=cython.ulonglong, zone=cython.ulonglong,
               white_pawns=cython.ulonglong, black_pawns=cython.ulonglong,
               white_rooks=cython.ulonglong, black_rooks=cython.ulonglong,
               white_files=cython.ulonglong, black_files=cython.ulonglong,
               open_files=cython.ulonglong, white_bishops=int, black_bishops=int,
               sq=int, p=int, q=int, s=int, kind=int, color=int, first=int, index=int,
               reach=int, zero=int, in_zone=int, knights=int, bishops=int, rooks=int,
               queens=int, zone_squares=int, deficit=int, counts=list)
cpdef list feature_counts(Position pos)

@cython.locals(cells=cython.p_uchar, pawn=int, step=int, king_file=int, deficit=int, f=int,
               nearest=int, sq=int, distance=int, file_deficit=int)
cdef int _shelter_deficit(bytearray board, int king, int color)
