# C types for greer_order.py, compiled by Cython in pure-Python mode (setup.py, kernel.py): the
# .py stays the source; this file only declares types. NodeOrder and Placement become extension
# types; the imported constants become C ints.
cimport cython
from xqchess.ordering.chessmaps.control cimport Exchanges
from xqchess.ordering.chessmaps.valueboard cimport AfterMove, GameTables, _Before

cdef int SIDE_CAPTURE, SPECIAL_SHIFT, SQUARE_BITS, SQUARE_MASK, COLOR_SHIFT, KIND_MASK, NO_SQUARE
cdef int INDEX_BITS, CLOSENESS_BITS, RANK_BITS, SQUARE_FIELD_BITS, PIECE_BITS, PIECE_OFFSET

@cython.locals(key=cython.longlong)
cpdef long long pack(int category, int piece, int square, int index)

@cython.locals(fields=cython.longlong)
cpdef long long sector_fields(int rank, int near)

@cython.locals(to=int, piece=int, table=bytes, between_squares=int, attackers=cython.p_uchar,
               color=int, count=int, index=int)
cpdef int closeness(AfterMove after, list sliders, int move, int sector)

@cython.locals(squares=bytearray, rank=bytearray, seen=bytearray, valid=bint, place=int, sq=int)
cpdef tuple square_ranks(list ranking, int size)

cdef class Placement:
    cdef public bytes ranking
    cdef public bytearray rank
    cdef public list others
    cdef public int[::1] sectors, nearness
    cdef public list pending
    cdef public bint ranked, unsafe_placed

cdef class NodeOrder:
    cdef public object pos
    cdef public list moves
    cdef public bint split
    cdef public GameTables tables
    cdef public list values
    cdef public Exchanges exchanges
    cdef public bytearray categories
    cdef public list heads, rest, unsafe_captures, safe
    cdef public bint categorized
    cdef public list network_ranking
    cdef public Placement last
    cdef public bytearray influenced

    @cython.locals(exchanges=Exchanges, cells=cython.p_uchar, material="int[::1]", moves=list, keys=list,
                   index=int, move=int, to=int, category=int,
                   key=cython.longlong)
    cpdef list captures(self)

    @cython.locals(moves=list, ordered=list, key=cython.longlong)
    cpdef list in_order(self, list keys)

    @cython.locals(exchanges=Exchanges, cells=cython.p_uchar, material="int[::1]", size=int,
                   forced=bytearray, side=int, sq=int, moves=list, index=int, move=int, frm=int,
                   unsafe=bint, category=int)
    cpdef categorize(self)

    @cython.locals(size=int, order=bytes, rank=bytearray, result=Placement, forced=list,
                   keys=list)
    cpdef Placement placement(self, list ranking)

    @cython.locals(result=Placement, forced=list, keys=list)
    cpdef Placement led_placement(self, int first)

    @cython.locals(count=int, result=Placement, categories=bytearray, forced=list, index=int)
    cpdef tuple fresh_placement(self, bytes order, bytearray rank)

    @cython.locals(order=bytes, rank=bytearray)
    cpdef rank_fully(self, Placement placement, list ranking)

    @cython.locals(keys=list, unsafe=list, index=int)
    cpdef bint place_next(self, Placement placement)

    @cython.locals(size=int, before=_Before, after=AfterMove, sliders=list, moves=list, known=bytearray,
                   order=bytes, rank=bytearray, pending=list, best=int, group=list,
                   sectors=list, nearness=list, index=int, move=int, color=int, sector=int,
                   sector_rank=int, keys=list, place=int, rest=list, reach=int,
                   limit=int)
    cpdef list lead(self, Placement placement, bint alone)

    @cython.locals(before=_Before)
    cpdef tuple influence_walk(self)

    cpdef bytearray known(self)

    @cython.locals(size=int, before=_Before, after=AfterMove, sliders=list, moves=list, known=bytearray,
                   order=bytes, rank=bytearray, sectors="int[::1]", nearness="int[::1]",
                   keys=list, index=int, move=int, color=int, sector=int, sector_rank=int,
                   near=int)
    cpdef list sectored(self, Placement placement, list indices)
