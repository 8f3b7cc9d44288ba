# cython: boundscheck=False, wraparound=False
"""Greer's move order at one node (Kieran Greer 2000, "Computer chess move-ordering schemes using
move influence", section 4; `move_order` states it and puts it in a search), worked out over the
kernel's C types: `NodeOrder` gives each move one integer key, its category, piece, sector rank,
closeness and generation index packed from the most significant field down (`pack`), and
sorts the keys, in the stages a search reaches: the safe captures from their capture
sequences alone, once the sectors are ranked the safe forced moves with the first group of
safe other moves (found without working out the others' sectors in full), the rest of the
safe moves, then the unsafe moves.

Each move's category comes from `control.Exchanges` (its outcome on its target square, the
forced pieces), its sector from the valueboard (`valueboard._Before.first_positive`: the first
square in sector order the move influences positively) and its closeness to that sector from
`closeness`.
"""

from __future__ import annotations

from array import array
from functools import cache
from typing import TYPE_CHECKING

from xqchess.core.errors import XQChessError
from xqchess.core.moves import SIDE_CAPTURE, SPECIAL_SHIFT, SQUARE_BITS, SQUARE_MASK
from xqchess.core.pieces import COLOR_SHIFT, KIND_MASK
from xqchess.ordering.chessmaps.control import Exchanges
from xqchess.ordering.chessmaps.valueboard import (
    NO_SQUARE,
    AfterMove,
    before_move,
    board_values,
    game_tables,
)

if TYPE_CHECKING:
    from xqchess.core.position import Position
    from xqchess.core.variant import Variant

#: The kinds of move, in precedence order.
CAPTURE, FORCED, OTHER = 0, 1, 2
#: Categories: ``kind`` for a safe move, ``UNSAFE + kind`` for an unsafe one, searched in
#: ascending order (safe capture, safe forced, safe other, unsafe capture, ...).
UNSAFE = 3
#: The closeness of a piece that does not itself reach the sector (the paper's default).
DEFAULT_CLOSENESS = 8
#: The sector of a move that influences none positively, or that no sector placed.
NO_SECTOR = NO_SQUARE
#: In a slider's table of `between`, a sector not on one of its lines from the square.
NOT_ALIGNED = 255
#: The widths of a key's fields (`pack`), from the least significant: the move's generation
#: index, its closeness, its sector's rank, a square and a material figure (offset by
#: `PIECE_OFFSET`); the category above them.
INDEX_BITS, CLOSENESS_BITS, RANK_BITS, SQUARE_FIELD_BITS, PIECE_BITS = 16, 8, 8, 8, 20
PIECE_OFFSET = 1 << PIECE_BITS - 1


def pack(category: int, piece: int, square: int, index: int) -> int:
    """One move's sort key but for its sector's rank and its closeness (`sector_fields`): the
    fields compared in this order, each in its own bits."""
    key = category  # compiled, 64 bits wide
    key = key << PIECE_BITS | piece + PIECE_OFFSET
    key = key << SQUARE_FIELD_BITS | square
    key = key << RANK_BITS + CLOSENESS_BITS
    return key << INDEX_BITS | index


def sector_fields(rank: int, near: int) -> int:
    """The sector's rank and the closeness of a key `pack` made, to be added to it."""
    fields = rank  # compiled, 64 bits wide
    return (fields << CLOSENESS_BITS | near) << INDEX_BITS


@cache
def between(variant: Variant) -> list[bytes | None]:
    """Per kind code, for the variant's sliders (``chessmaps_values.slider_directions``), per
    (square, sector) pair (``square * size + sector``): the squares strictly between the two
    when the sector lies along one of the kind's directions from the square, else
    `NOT_ALIGNED`; None for the other kinds."""
    geometry = variant.geometry
    size = geometry.size
    result: list[bytes | None] = [None] * (KIND_MASK + 1)
    for kind, directions in variant.chessmaps_values.slider_directions.items():
        table = bytearray([NOT_ALIGNED]) * (size * size)
        for a in range(size):
            for b in range(size):
                dfile = geometry.file_of(b) - geometry.file_of(a)
                drank = geometry.rank_of(b) - geometry.rank_of(a)
                steps = max(abs(dfile), abs(drank))
                for step_file, step_rank in directions if steps else ():
                    if step_file * steps == dfile and step_rank * steps == drank:
                        table[a * size + b] = steps - 1
                        break
        result[kind] = bytes(table)
    return result


def closeness(after: AfterMove, sliders: list, move: int, sector: int) -> int:
    """How close ``move``, played on ``after``, brings its piece to the square ``sector``: for a
    slider (``sliders``, `between` of the game) aligned with it from the target square, the
    squares between; for other pieces 0 in it, 1 attacking it after the move; else
    `DEFAULT_CLOSENESS`."""
    to = move >> SQUARE_BITS & SQUARE_MASK
    piece = after.board[to]
    table = sliders[piece & KIND_MASK]
    if table is not None:
        between_squares = table[to * len(after.board) + sector]
        return DEFAULT_CLOSENESS if between_squares == NOT_ALIGNED else between_squares
    if to == sector:
        return 0
    attackers = after.found  # the entries' scratch, free between them; C chars, compiled
    color = piece >> COLOR_SHIFT
    count = after.tables.probe.attackers_into(after.board, sector, color, after.found)
    for index in range(count):
        if attackers[index] == to:
            return 1
    return DEFAULT_CLOSENESS


def square_ranks(ranking: list[int], size: int) -> tuple[bytes, bytearray]:
    """``ranking`` (each of ``size`` squares once, most important first) as bytes, and per
    square its place in it; XQChessError when it is not such a ranking."""
    squares = bytearray(size)
    rank = bytearray(size)
    seen = bytearray(size)
    valid = len(ranking) == size
    for place in range(size if valid else 0):
        sq = ranking[place]
        if sq < 0 or sq >= size or seen[sq]:
            valid = False
            break
        seen[sq] = 1
        squares[place] = sq
        rank[sq] = place
    if not valid:
        raise XQChessError(f"a sector ranking must name each of the {size} squares once")
    return bytes(squares), rank


class Placement:
    """Where one sector ranking puts the moves of a `NodeOrder` that its captures stage did not
    give: `others`, those moves in order, and per move (by index) the sector that grouped it
    and its closeness to it (`NO_SECTOR` and -1: none); ``rank`` gives each square's place in
    ``ranking``. Made with the safe forced moves and the first group of safe other moves
    placed (`NodeOrder.placement`); `NodeOrder.place_next` adds the rest in two steps, the
    other safe moves (`pending`, their indices, None once placed), then the unsafe ones
    (`unsafe_placed`), so that a search failing high early never works out the sectors of
    the moves it does not reach. One that `NodeOrder.led_placement` made knows only the
    ranking's first square (``ranking`` holds it alone) until `NodeOrder.rank_fully` gives
    the rest (`ranked`)."""

    __slots__ = (
        "ranking",
        "rank",
        "ranked",
        "others",
        "sectors",
        "nearness",
        "pending",
        "unsafe_placed",
    )

    def __init__(self, ranking: bytes, rank: bytearray, sectors: array, nearness: array) -> None:
        self.ranking = ranking
        self.rank = rank
        self.ranked = len(ranking) == len(rank)
        self.others: list[int] = []
        self.sectors = sectors
        self.nearness = nearness
        self.pending: list[int] | None = []
        self.unsafe_placed = False


class NodeOrder:
    """Greer's order of ``moves`` (legal in ``pos``) at one position, in stages: `captures`
    gives the safe captures in order, from their capture sequences alone; `placement`, given
    the sector ranking, the safe forced moves and the first group of the safe other moves in
    order; `place_next` then the other safe moves, then the unsafe ones. What depends on the
    position alone (the capture outcomes and the categories, `categorize`) is worked out once,
    so that a position met again is ordered again at the cost of its sectors only, each move's
    influence on a square computed once (and at no cost when the ranking is the same: the last
    `Placement` is kept). ``split``: Table 3's form (every move sectored, only safe before
    unsafe). ``pos`` must stand as it was whenever a stage is asked; the
    exchanges (`exchanges`, for the chessmap) are let go once a placement is made."""

    __slots__ = (
        "pos",
        "moves",
        "split",
        "tables",
        "values",
        "exchanges",
        "categories",
        "heads",
        "rest",
        "unsafe_captures",
        "safe",
        "categorized",
        "network_ranking",
        "last",
        "influenced",
    )

    def __init__(self, pos: Position, moves: list[int], split: bool = False) -> None:
        self.pos = pos
        self.moves = list(moves)
        self.split = split
        self.tables = game_tables(pos.variant)
        self.values = board_values(self.tables, pos.board)
        self.exchanges = Exchanges(pos, self.values)
        count = len(self.moves)
        if count >= 1 << INDEX_BITS:
            raise XQChessError(f"chessmaps orders at most {(1 << INDEX_BITS) - 1} moves")
        #: per move (by index): its category, and (for the moves the placement orders) its
        #: key but for its sector's rank and its closeness (`pack`)
        self.categories = bytearray(count)
        self.heads = [0] * count
        #: the indices of the moves the placement orders, and the unsafe captures' keys
        self.rest: list[int] = []
        self.unsafe_captures: list[int] = []
        self.safe: list[int] | None = None
        self.categorized = False
        #: the network's sector ranking of the position, once a heuristic has asked for it
        self.network_ranking: list[int] | None = None
        self.last: Placement | None = None
        #: per move (by index), per square: what `valueboard._Before.first_positive` found of
        #: the move's influence there, kept for the placements of other rankings
        self.influenced: bytearray | None = None

    def captures(self) -> list[int]:
        """The safe captures in order: by the material difference between the captured and
        the capturing piece, the greatest gain first (a promotion adds what it gains)."""
        if self.safe is not None:
            return self.safe
        exchanges = self.exchanges
        cells = exchanges.board  # C chars, compiled (`core.position.BOARD`)
        material = exchanges.material
        moves = self.moves
        keys = []
        for index in range(len(moves)):
            move = moves[index]
            to = move >> SQUARE_BITS & SQUARE_MASK
            if self.split or not (cells[to] or move >> SPECIAL_SHIFT == SIDE_CAPTURE):
                self.rest.append(index)
                continue
            category = (UNSAFE if exchanges.net(move) < 0 else 0) + CAPTURE
            self.categories[index] = category
            key = pack(category, material[move & SQUARE_MASK] - exchanges.gain(move), 0, index)
            if category == CAPTURE:
                keys.append(key)
            else:
                self.unsafe_captures.append(key)
        self.safe = self.in_order(keys)
        return self.safe

    def in_order(self, keys: list[int]) -> list[int]:
        """The moves of ``keys`` in key order."""
        keys.sort()
        moves = self.moves
        ordered = []
        for key in keys:
            ordered.append(moves[key & (1 << INDEX_BITS) - 1])
        return ordered

    def has_others(self) -> bool:
        """Whether the placement has a move to place (`captures` first)."""
        return bool(self.rest) or bool(self.unsafe_captures)

    def categorize(self) -> None:
        """The categories of the moves the placement orders: safe or unsafe (the outcome on
        the target square), forced (its piece stands where the opponent, capturing first,
        would win material) or other (`captures` first)."""
        if self.categorized:
            return
        exchanges = self.exchanges
        cells = exchanges.board  # C chars, compiled (`core.position.BOARD`)
        material = exchanges.material
        size = len(exchanges.board)
        forced = bytearray(size)
        if not self.split:
            side = self.pos.side
            for sq in range(size):
                if cells[sq] and cells[sq] >> COLOR_SHIFT == side:
                    forced[sq] = exchanges.standing(sq, side ^ 1) > 0
        moves = self.moves
        for index in self.rest:
            move = moves[index]
            frm = move & SQUARE_MASK
            unsafe = exchanges.net(move) < 0
            category = (UNSAFE if unsafe else 0) + (FORCED if forced[frm] else OTHER)
            self.categories[index] = category
            if forced[frm]:
                self.heads[index] = pack(category, -material[frm], frm, index)
            else:
                self.heads[index] = pack(category, 0, 0, index)
        self.categorized = True

    def placement(self, ranking: list[int]) -> Placement:
        """The `Placement` of the moves `captures` did not give, ``ranking`` the sector order
        (squares, most important first), with its first moves in order: the safe forced moves
        (by the descending value of their piece, a piece's moves together, then by their
        sector's rank and their closeness to it), then the safe other moves of the first
        sector group (`lead`); `place_next` adds the rest."""
        size = self.tables.size
        order, rank = square_ranks(ranking, size)
        if self.last is not None and self.last.ranking == order:
            return self.last
        result, forced = self.fresh_placement(order, rank)
        self.exchanges = None
        keys = self.sectored(result, forced)
        keys += self.lead(result, False)
        result.others = self.in_order(keys)
        self.last = result
        return result

    def led_placement(self, first: int) -> Placement | None:
        """The `Placement` of a sector ranking known so far only to put ``first`` first, where
        that is enough for its first moves (`placement`'s): no safe forced move (ordered by
        its sectors' ranks) and some safe other move influencing ``first`` positively, the
        first group then; None where it is not enough. `rank_fully` must give the whole
        ranking before `place_next`: the same whenever ``first`` is the same at this order
        (the one a `placement` here put first stands for it)."""
        if self.last is not None and self.last.ranking[0] == first:
            return self.last
        # `first`'s place, the only one `lead` reads alone
        result, forced = self.fresh_placement(bytes([first]), bytearray(self.tables.size))
        if forced:
            return None
        keys = self.lead(result, True)
        if not keys:
            return None
        result.others = self.in_order(keys)
        self.last = result
        return result

    def fresh_placement(self, order: bytes, rank: bytearray) -> tuple[Placement, list[int]]:
        """A `Placement` of the sector order ``order`` (``rank``: each square's place) with
        nothing placed and every safe other move pending, and the indices of the safe forced
        moves (the moves categorized first)."""
        self.categorize()
        count = len(self.moves)
        result = Placement(order, rank, array("i", [NO_SECTOR]) * count, array("i", [-1]) * count)
        categories = self.categories
        forced = []
        for index in self.rest:
            if categories[index] < UNSAFE:
                if categories[index] == FORCED:
                    forced.append(index)
                else:
                    result.pending.append(index)
        return result, forced

    def rank_fully(self, placement: Placement, ranking: list[int]) -> None:
        """Give ``placement`` (of `led_placement`) its whole sector ranking, which must put its
        first square first."""
        order, rank = square_ranks(ranking, self.tables.size)
        if order[0] != placement.ranking[0]:
            raise XQChessError("a led placement's ranking must keep its first square first")
        placement.ranking, placement.rank = order, rank
        placement.ranked = True
        self.exchanges = None

    def place_next(self, placement: Placement) -> bool:
        """Add the next moves to ``placement`` (of this order), after those it holds and in
        order: the safe other moves `lead` left, else the unsafe captures, forced and other
        moves; False when every move is placed."""
        if placement.pending is not None:
            keys = self.sectored(placement, placement.pending)
            placement.pending = None
        elif not placement.unsafe_placed:
            unsafe = []
            for index in self.rest:
                if self.categories[index] >= UNSAFE:
                    unsafe.append(index)
            keys = self.sectored(placement, unsafe)
            keys += self.unsafe_captures
            placement.unsafe_placed = True
        else:
            return False
        placement.others.extend(self.in_order(keys))
        return True

    def lead(self, placement: Placement, alone: bool) -> list[int]:
        """The keys of the safe other moves of ``placement`` (`Placement.pending`) that its
        ranking groups first, those moves taken out of `pending`, each with its sector and
        closeness left in ``placement``: every move's influence is worked out only up to the
        best rank found so far, and first on the first sector alone (it groups the first moves
        at most nodes), so most moves' sectors are never found in full. ``alone``: on the
        first sector only (no keys where no move influences it positively)."""
        size = self.tables.size
        before, after, sliders = self.influence_walk()
        moves = self.moves
        order, rank = placement.ranking, placement.rank
        pending = placement.pending
        known = self.known()
        best = size  # the rank of the first group so far (`size`: no sector)
        group = []  # its moves' indices, and their sectors and closeness
        sectors = []
        nearness = []
        for reach in (1, size):  # how many sectors each move's influence is sought in
            for index in pending:
                move = moves[index]
                color = after.play(move)
                limit = min(reach, best + 1)
                sector = before.first_positive(after, order, color, known, index * size, limit)
                if sector >= 0:
                    sector_rank = rank[sector]
                else:  # none among the places sought (no sector, if they were all)
                    sector_rank = size if limit == size else size + 1
                if sector_rank <= best:
                    if sector_rank < best:
                        best = sector_rank
                        group, sectors, nearness = [], [], []
                    group.append(index)
                    sectors.append(sector)
                    nearness.append(0 if sector < 0 else closeness(after, sliders, move, sector))
                after.take_back()
            if group or alone:
                break
        keys = []
        for place in range(len(group)):
            index = group[place]
            if sectors[place] >= 0:
                placement.sectors[index] = sectors[place]
                placement.nearness[index] = nearness[place]
            keys.append(self.heads[index] + sector_fields(best, nearness[place]))
        rest = []  # the other pending moves (``group`` is in ``pending``'s order)
        place = 0
        for index in pending:
            if place < len(group) and group[place] == index:
                place += 1
            else:
                rest.append(index)
        placement.pending = rest
        return keys

    def influence_walk(self) -> tuple:
        """What working out the moves' influence needs: the position's `_Before` (from the
        board's values), its `AfterMove`, and the game's lines between squares (`between`)."""
        before = before_move(self.pos, self.values)
        return before, before.after_move(), between(self.tables.variant)

    def known(self) -> bytearray:
        """`influenced`, made on first asking."""
        if self.influenced is None:
            self.influenced = bytearray(len(self.moves) * self.tables.size)
        return self.influenced

    def sectored(self, placement: Placement, indices: list[int]) -> list[int]:
        """The keys of the moves of ``indices`` (of those the placement orders), each with its
        sector's rank and its closeness to it, both left in ``placement``."""
        size = self.tables.size
        before, after, sliders = self.influence_walk()
        moves = self.moves
        order, rank = placement.ranking, placement.rank
        sectors, nearness = placement.sectors, placement.nearness
        known = self.known()
        keys = []
        for index in indices:
            move = moves[index]
            color = after.play(move)
            sector = before.first_positive(after, order, color, known, index * size, size)
            sector_rank = size
            near = 0
            if sector >= 0:
                near = closeness(after, sliders, move, sector)
                sector_rank = rank[sector]
                sectors[index] = sector
                nearness[index] = near
            after.take_back()
            keys.append(self.heads[index] + sector_fields(sector_rank, near))
        return keys

    def placed(self, move: int, placement: Placement | None) -> tuple[int, int, int]:
        """(category, sector, closeness) of ``move``, placed by `captures` or by
        ``placement``: `NO_SECTOR` and -1 for a capture `captures` placed and for a move that
        influences no sector positively."""
        index = self.moves.index(move)
        if placement is None:
            return self.categories[index], NO_SECTOR, -1
        return self.categories[index], placement.sectors[index], placement.nearness[index]
