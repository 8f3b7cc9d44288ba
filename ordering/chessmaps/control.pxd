# C types for control.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the .py
# stays the source; this file only declares types. Exchanges becomes an extension type whose
# attributes keep their Python names (public); its per-square tables are lists of small ints
# (no int object is made when one is written); the imported constants become C ints.
cimport cython
from xqchess.core.probe cimport AttackProbe
from xqchess.ordering.chessmaps.valueboard cimport GameTables, PlayedMove

cdef int COLOR_SHIFT, KIND_MASK, DOUBLE_STEP, PROMOTION_MASK, PROMOTION_SHIFT, SPECIAL_SHIFT
cdef int SQUARE_BITS, SQUARE_MASK, NO_CAPTURE, MOVE_BITS, VALUE_BITS, VALUE_MASK
cdef int OUTCOME_SLOTS, KEPT_OUTCOMES, UNKNOWN, KEY_BYTES

cdef class Exchanges:
    cdef public object pos
    cdef public object variant
    cdef public GameTables tables
    cdef public AttackProbe probe
    cdef public PlayedMove played
    cdef public bytearray board, found
    cdef public list kind_material
    cdef public int[::1] order, material, capturers, gains, trail, undo, kings, royal
    cdef public int[::1] standings, outcome_moves, outcomes
    cdef public int kept_outcomes, bound

    @cython.locals(size=int, start=int, end=int, view="int[::1]")
    cpdef carve(self, block)

    @cython.locals(cells=cython.p_uchar, first_royal=int, second_royal=int, royal_value=int,
                   kind_material=list, order="int[::1]", material="int[::1]", sq=int, piece=int)
    cpdef fill(self, list values)

    @cython.locals(board=bytearray, cells=cython.p_uchar, attackers=cython.p_uchar, count=int,
                   order="int[::1]", index=int, s=int, place=int, victim=int, own_royal=int, royal_sq=int,
                   probe=AttackProbe, piece=int, at=int, exposed=bint)
    cpdef int capturer(self, int sq, int side)

    @cython.locals(cells=cython.p_uchar, order="int[::1]", material="int[::1]",
                   kings="int[::1]", royal="int[::1]", capturers="int[::1]", gains="int[::1]",
                   trail="int[::1]", start_piece=int, start_order=int,
                   start_material=int, first_king=int, second_king=int, count=int, s=int,
                   victim=int, piece=int, index=int, low=int, high=int)
    cpdef int played_out(self, int sq, int side, int floor, int ceiling)

    cpdef int won(self, int sq, int side)

    @cython.locals(count=int)
    cpdef int won_within(self, int sq, int side, int floor, int ceiling)

    @cython.locals(index=int)
    cpdef int standing(self, int sq, int side)

    @cython.locals(played=PlayedMove, cells=cython.p_uchar, order="int[::1]",
                   material="int[::1]", undo="int[::1]", frm=int, to=int, victim=int, piece=int,
                   side=int, gain=int, companion=int, target=int, promotion=int)
    cpdef int play(self, int move)

    @cython.locals(undo="int[::1]")
    cpdef keep(self, int slot, int sq)

    @cython.locals(undo="int[::1]")
    cpdef restore(self, int slot, int sq)

    @cython.locals(played=PlayedMove)
    cpdef take_back(self)

    @cython.locals(piece=int, owner=int, won=int)
    cpdef int occupied_control(self, int sq)

    @cython.locals(slot=int)
    cpdef int safe_value(self, int move)

    cpdef int gain(self, int move)

    cpdef int net(self, int move)

    @cython.locals(moves="int[::1]", slot=int)
    cpdef int settled(self, int move)

    @cython.locals(side=int, gain=int, to=int, arrived=int, won=int)
    cpdef work_out(self, int move, int at, bint exact)

    @cython.locals(material="int[::1]", kind_material=list, size=int, turn=int, side=int,
                   moves=list, keys="long long[::1]", count=int, place=int, index=int,
                   move=int, to=int, promotion=int, value=int, mine=list, other=list,
                   current=int, decided=bint, floor=int, key=cython.longlong, first=list,
                   second=list, controls="signed char[::1]", sq=int)
    cpdef empty_control_map(self, bytearray wanted)

    @cython.locals(board=bytearray, size=int, empty=bytearray, sq=int)
    cpdef control_map(self)

@cython.locals(best=int, made=int, index=int, take=int)
cpdef tuple resolved(int[::1] gains, int count)
