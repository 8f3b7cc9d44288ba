# C types for valueboard.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the
# .py stays the source; this file only declares types. PlayedMove, _Before and AfterMove become
# extension types whose per-square tables are typed memoryviews over the `array`s the .py makes
# (a read mask's words are 64-bit); the imported constants become C ints.
cimport cython
from xqchess.core.probe cimport AttackProbe, ClosureProbe

cdef int COLOR_SHIFT, COMPANION, PROMOTION_MASK, PROMOTION_SHIFT, SIDE_CAPTURE, SPECIAL_SHIFT
cdef int SQUARE_BITS, SQUARE_MASK, LOW_SQUARES, POSITIVE, NOT_POSITIVE
cdef unsigned long long ONE

cdef class GameTables:
    cdef public object variant
    cdef public int size, files, last_rank
    cdef public dict companions
    cdef public ClosureProbe closures
    cdef public AttackProbe probe
    cdef public list rules, code_values, first_values, kind_material, royal
    cdef public int royal_value

@cython.locals(cells=cython.p_uchar, rules=list, code_values=list, files=int, last_rank=int,
               size=int, result=list, squares=bytearray, paired=cython.p_uchar, pairs=int, sq=int,
               piece=int, values=tuple, rule=int, place=int, second=bint, file=int,
               own_rank=int, index=int, other_place=int, other=int, other_rank=int)
cpdef list board_values(GameTables tables, bytearray board)

cdef class PlayedMove:
    cdef public int files
    cdef public dict companions
    cdef public int frm, to, promotion, victim, companion_from, companion_to

    @cython.locals(frm=int, to=int, special=int)
    cpdef decode(self, int move)

@cython.locals(count=int, squares=cython.p_uchar, total=int, index=int)
cpdef int closure_entry(ClosureProbe closures, bytearray board, int[::1] values,
                        bytearray found, int sq)

cdef class AfterMove

cdef class _Before:
    cdef public GameTables tables
    cdef public ClosureProbe closures
    cdef public bytearray board
    cdef public int[::1] values, valueboard
    cdef public unsigned long long[::1] low, high
    cdef public bytearray found
    cdef public AfterMove after

    cdef public unsigned long long changed_low, changed_high

    @cython.locals(size=int, cells=cython.p_uchar, old_cells=cython.p_uchar, values="int[::1]",
                   old_values="int[::1]", changed_low=cython.ulonglong,
                   changed_high=cython.ulonglong, sq=int, low="unsigned long long[::1]",
                   high="unsigned long long[::1]", stale=int)
    cpdef int stale_entries(self, _Before base)

    @cython.locals(changed_low=cython.ulonglong, changed_high=cython.ulonglong, sq=int,
                   old_entries="int[::1]", entries="int[::1]", old_low="unsigned long long[::1]",
                   old_high="unsigned long long[::1]", low="unsigned long long[::1]",
                   high="unsigned long long[::1]")
    cpdef derive(self, _Before base)

    @cython.locals(sq=int)
    cpdef compute(self)

    @cython.locals(closures=ClosureProbe, low=cython.ulonglong, high=cython.ulonglong)
    cpdef recompute(self, int sq)

    @cython.locals(size=int, int_view="int[::1]", mask_view="unsigned long long[::1]", sq=int)
    cpdef carve(self, ints, masks, values)

    cpdef AfterMove after_move(self)

    @cython.locals(size=int, target="int[::1]")
    cpdef values_copy(self, int extra)

    @cython.locals(to=int, old="int[::1]", low="unsigned long long[::1]",
                   high="unsigned long long[::1]", changed_low=cython.ulonglong,
                   changed_high=cython.ulonglong, found=cython.p_uchar, index=int, sq=int,
                   sign=int, change=int)
    cpdef int first_positive(self, AfterMove after, bytes ranking, int color, bytearray known,
                             int at, int limit)

cdef class AfterMove:
    cdef public GameTables tables
    cdef public ClosureProbe closures
    cdef public PlayedMove played
    cdef public list first_values
    cdef public bytearray board
    cdef public int[::1] values, undo
    cdef public bytearray found
    cdef public unsigned long long changed_low, changed_high

    @cython.locals(size=int, view="int[::1]")
    cpdef carve(self, block)

    cpdef int entry(self, int sq)

    @cython.locals(played=PlayedMove, cells=cython.p_uchar, values="int[::1]", undo="int[::1]",
                   frm=int, to=int, piece=int, color=int, promotion=int, promoted=int, sq=int)
    cpdef int play(self, int move)

    cpdef mark(self, int sq)

    @cython.locals(played=PlayedMove, cells=cython.p_uchar, values="int[::1]", undo="int[::1]",
                   sq=int)
    cpdef take_back(self)

@cython.locals(tables=GameTables, kept=_Before, before=_Before, base=_Before, best=_Before,
               last=_Before, length=int, fewest=int, offset=int, stale=int)
cpdef _Before before_move(pos, values=*)
