# C types for greer_order.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the
# .py stays the source; this file only declares types. NodeOrder becomes an extension type; the
# imported constants become C ints.
cimport cython
from xqchess.ordering.chessmaps.control cimport Exchanges
from xqchess.ordering.chessmaps.valueboard cimport AfterMove, _Before

cdef int PROMOTION_MASK, PROMOTION_SHIFT, SIDE_CAPTURE, SPECIAL_SHIFT, SQUARE_BITS, SQUARE_MASK
cdef int COLOR_SHIFT, KIND_MASK, NO_SQUARE
cdef int INDEX_BITS, CLOSENESS_BITS, RANK_BITS, SQUARE_FIELD_BITS, PIECE_BITS, PIECE_OFFSET

@cython.locals(key=cython.longlong)
cpdef long long pack(int category, int piece, int square, int rank, int near, int index)

@cython.locals(frm=int, to=int, piece=int, kind=int, table=bytes, between_squares=int,
               attacks=bint)
cpdef int closeness(Exchanges exchanges, list sliders, int move, int sector)

cdef class NodeOrder:
    cdef public object pos
    cdef public list moves
    cdef public bint split
    cdef public list values
    cdef public Exchanges exchanges
    cdef public bytearray categories
    cdef public int[::1] sectors, nearness
    cdef public list rest, later, ordered

    @cython.locals(exchanges=Exchanges, cells=cython.p_uchar, material=list, moves=list,
                   safe=list, index=int, move=int, to=int, gain=int, net=int, category=int,
                   key=cython.longlong)
    cpdef list captures(self)

    @cython.locals(moves=list, placed=list, key=cython.longlong)
    cpdef list placing(self, list keys)

    @cython.locals(exchanges=Exchanges, cells=cython.p_uchar, material=list, size=int,
                   squares=bytearray, rank=bytearray, seen=bytearray, valid=bint, place=int,
                   sq=int, order=bytes, forced=bytearray, side=int, before=_Before, after=AfterMove,
                   sliders=list, moves=list, keys=list, index=int, move=int, frm=int, net=int,
                   category=int, sector=int, sector_rank=int, near=int)
    cpdef list others(self, list ranking)
