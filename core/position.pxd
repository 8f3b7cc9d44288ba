# C types for position.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the
# .py stays the source; this file only declares types. Position becomes an extension type whose
# attributes keep their Python names (public); the imported constants become C ints.
cimport cython
from xqchess.core.probe cimport AttackProbe
from xqchess.core.generator cimport MoveGenerator

cdef int COMPANION, DOUBLE_STEP, PROMOTION_MASK, PROMOTION_SHIFT, SIDE_CAPTURE, SPECIAL_SHIFT
cdef int SQUARE_BITS, SQUARE_MASK, COLOR_SHIFT

cdef class Position:
    cdef public object variant
    cdef public bytearray board
    cdef public int side
    cdef public int rights
    cdef public object ep
    cdef public int halfmove
    cdef public int fullmove
    cdef public unsigned long long hash
    cdef public long long score
    cdef public list kings
    cdef public list piece_counts
    cdef public int plies
    cdef public long long[::1] _undo_stack
    cdef public unsigned long long[::1] _hash_stack
    cdef public int _phase_total
    cdef public int tempo
    cdef public object _zobrist
    cdef public unsigned long long[::1] _piece_keys
    cdef public unsigned long long _side_key
    cdef public int _squares
    cdef public list _psq
    cdef public list _zeroing
    cdef public object _rights_mask
    cdef public object _companions
    cdef public object _side_capture_squares
    cdef public object _side_capture_victim
    cdef public object _promotion_origin
    cdef public object _royal
    cdef public list _exchange_values, _exchange_lines
    cdef public AttackProbe _attack_probe
    cdef public object _exchange_scratch
    cdef public MoveGenerator _generator
    cdef public object _ep_capture_possible
    cdef public list _kind_values

    @cython.locals(board=bytearray, cells=cython.p_uchar, frm=int, to=int, piece=int, captured=int,
                   side=int, h=cython.ulonglong, keys=cython.ulonglong[::1], base=int, psq=list,
                   pp=list, rights=int, new_rights=int, arrival=cython.longlong,
                   departure=cython.longlong, taken=cython.longlong, special=int)
    cpdef make(self, int move)

    @cython.locals(plies=int, base=int, undo=cython.longlong[::1])
    cdef _push_undo(self, int move, int captured)

    @cython.locals(plies=int, base=int, undo=cython.longlong[::1], ep=int)
    cdef int _pop_undo(self) except -1

    cdef _grow(self)

    @cython.locals(undo=cython.longlong[::1], hashes=cython.ulonglong[::1],
                   old_undo=cython.longlong[::1], old_hashes=cython.ulonglong[::1], plies=int,
                   i=int)
    cdef tuple _stacks(self, int capacity)

    cpdef int move_back(self, int back) except -1

    cpdef int captured_back(self, int back) except -1

    cpdef unsigned long long hash_back(self, int back) except? 0

    @cython.locals(board=bytearray, cells=cython.p_uchar, promotion=int, special=int,
                   new_piece=int, victim_sq=int, victim=int, c_from=int, c_to=int, companion=int)
    cdef unsigned long long _make_special(self, int move, int frm, int to, int piece, int side,
                                          unsigned long long h)

    cdef _open_ep(self, int passed)

    @cython.locals(board=bytearray, cells=cython.p_uchar, special=int, victim_sq=int, c_from=int,
                   c_to=int)
    cdef _unmake_special(self, int move, int frm, int to, int side)

    @cython.locals(board=bytearray, cells=cython.p_uchar, move=int, frm=int, to=int, piece=int,
                   captured=int, side=int)
    cpdef unmake(self)

    cpdef list legal_moves(self)

    cpdef list legal_captures(self)

    cpdef bint is_check(self)

    @cython.locals(board=bytearray, cells=cython.p_uchar, frm=int, to=int, side=int, piece=int,
                   king_moved=bint, check=bint)
    cpdef bint gives_check(self, long long move) except -1

    @cython.locals(piece=int)
    cpdef list piece_legal_moves(self, int frm)

    cpdef bint is_legal(self, long long move) except -1

    cpdef make_null(self)

    cpdef unmake_null(self)
