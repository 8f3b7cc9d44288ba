"""Greer's move order at one node (Kieran Greer 2000, "Computer chess move-ordering schemes using
move influence", section 4; `move_order` states it and puts it in a search), worked out over the
kernel's C types: `NodeOrder` gives each move one integer key, its category, piece, sector rank,
closeness and generation index packed from the most significant field down (`pack`), and
sorts the keys, in the two stages a search reaches: the safe captures from their capture
sequences alone, then every other move once the sectors are ranked.

Each move's category comes from `control.Exchanges` (its outcome on its target square, the
forced pieces), its sector from the valueboard (`valueboard._Before.first_influenced`: the
first square in sector order the move influences positively) and its closeness to that sector
from `closeness`.
"""

from __future__ import annotations

from array import array
from functools import cache
from typing import TYPE_CHECKING

from xqchess.core.errors import XQChessError
from xqchess.core.moves import (
    PROMOTION_MASK,
    PROMOTION_SHIFT,
    SIDE_CAPTURE,
    SPECIAL_SHIFT,
    SQUARE_BITS,
    SQUARE_MASK,
)
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


def pack(category: int, piece: int, square: int, rank: int, near: int, index: int) -> int:
    """One move's sort key: the fields compared in this order, each in its own bits."""
    key = category  # compiled, 64 bits wide
    key = key << PIECE_BITS | piece + PIECE_OFFSET
    key = key << SQUARE_FIELD_BITS | square
    key = key << RANK_BITS | rank
    key = key << CLOSENESS_BITS | near
    return key << INDEX_BITS | index


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


def closeness(exchanges: Exchanges, sliders: list, move: int, sector: int) -> int:
    """How close ``move`` (legal in the position of ``exchanges``) brings its piece to the
    square ``sector``: for a slider (``sliders``, `between` of the game) aligned with it from
    the target square, the squares between; for other pieces 0 in it, 1 attacking it after the
    move (played on the exchanges' scratch board); else `DEFAULT_CLOSENESS`."""
    frm = move & SQUARE_MASK
    to = move >> SQUARE_BITS & SQUARE_MASK
    piece = exchanges.board[frm]
    kind = move >> PROMOTION_SHIFT & PROMOTION_MASK or piece & KIND_MASK
    table = sliders[kind]
    if table is not None:
        between_squares = table[to * len(exchanges.board) + sector]
        return DEFAULT_CLOSENESS if between_squares == NOT_ALIGNED else between_squares
    if to == sector:
        return 0
    exchanges.play(move)
    attacks = to in exchanges.probe.attackers(exchanges.board, sector, piece >> COLOR_SHIFT)
    exchanges.take_back()
    return 1 if attacks else DEFAULT_CLOSENESS


class NodeOrder:
    """Greer's order of ``moves`` (legal in ``pos``) at one node, in two stages: `captures`
    gives the safe captures in order, from their capture sequences alone; `others`, given the
    sector ranking, every other move in order. What placed each move is kept per move:
    `placed`. ``split``: Table 3's form (every move sectored, only safe before unsafe).
    ``pos`` must stand as it was whenever a stage is asked."""

    __slots__ = (
        "pos",
        "moves",
        "split",
        "values",
        "exchanges",
        "categories",
        "sectors",
        "nearness",
        "rest",
        "later",
        "ordered",
    )

    def __init__(self, pos: Position, moves: list[int], split: bool = False) -> None:
        self.pos = pos
        self.moves = list(moves)
        self.split = split
        self.values = board_values(game_tables(pos.variant), pos.board)
        self.exchanges = Exchanges(pos, self.values)
        count = len(self.moves)
        if count >= 1 << INDEX_BITS:
            raise XQChessError(f"chessmaps orders at most {(1 << INDEX_BITS) - 1} moves")
        #: per move (by index): its category, sector and closeness (-1: none)
        self.categories = bytearray(count)
        self.sectors = array("i", [NO_SECTOR]) * count
        self.nearness = array("i", [-1]) * count
        #: the indices of the moves `others` places, and the unsafe captures' keys
        self.rest: list[int] = []
        self.later: list[int] = []
        #: the moves placed so far, in order
        self.ordered: list[int] = []

    def captures(self) -> list[int]:
        """The safe captures in order: by the material difference between the captured and
        the capturing piece, the greatest gain first (a promotion adds what it gains)."""
        exchanges = self.exchanges
        cells = exchanges.board  # C chars, compiled (`core.position.BOARD`)
        material = exchanges.material
        moves = self.moves
        safe = []
        for index in range(len(moves)):
            move = moves[index]
            to = move >> SQUARE_BITS & SQUARE_MASK
            if self.split or not (cells[to] or move >> SPECIAL_SHIFT == SIDE_CAPTURE):
                self.rest.append(index)
                continue
            _, gain, net = exchanges.outcome(move)
            category = (UNSAFE if net < 0 else 0) + CAPTURE
            self.categories[index] = category
            key = pack(category, material[move & SQUARE_MASK] - gain, 0, 0, 0, index)
            if category == CAPTURE:
                safe.append(key)
            else:
                self.later.append(key)
        return self.placing(safe)

    def placing(self, keys: list[int]) -> list[int]:
        """The moves of ``keys`` in key order, added to `ordered`."""
        keys.sort()
        moves = self.moves
        placed = []
        for key in keys:
            placed.append(moves[key & (1 << INDEX_BITS) - 1])
        self.ordered += placed
        return placed

    def has_others(self) -> bool:
        """Whether `others` has a move to place."""
        return bool(self.rest) or bool(self.later)

    def others(self, ranking: list[int]) -> list[int]:
        """Every move `captures` did not give, in order, ``ranking`` the sector order
        (squares, most important first): the safe forced moves, the safe other moves, the
        unsafe captures, the unsafe forced and the unsafe other moves; forced moves by the
        descending value of their piece, a piece's moves together, then each group by its
        sector's rank and the moves' closeness to it."""
        exchanges = self.exchanges
        cells = exchanges.board  # C chars, compiled (`core.position.BOARD`)
        material = exchanges.material
        size = len(exchanges.board)
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
        order = bytes(squares)
        forced = bytearray(size)
        if not self.split:
            side = self.pos.side
            for sq in range(size):
                if cells[sq] and cells[sq] >> COLOR_SHIFT == side:
                    forced[sq] = exchanges.standing(sq, side ^ 1) > 0
        before = before_move(self.pos, self.values)
        after = AfterMove(before)
        sliders = between(self.pos.variant)
        moves = self.moves
        keys = self.later
        for index in self.rest:
            move = moves[index]
            frm = move & SQUARE_MASK
            _, _, net = exchanges.outcome(move)
            category = (UNSAFE if net < 0 else 0) + (FORCED if forced[frm] else OTHER)
            self.categories[index] = category
            sector = before.first_influenced(move, order, after)
            sector_rank = size
            near = 0
            if sector >= 0:
                near = closeness(exchanges, sliders, move, sector)
                sector_rank = rank[sector]
                self.sectors[index] = sector
                self.nearness[index] = near
            if forced[frm]:
                keys.append(pack(category, -material[frm], frm, sector_rank, near, index))
            else:
                keys.append(pack(category, 0, 0, sector_rank, near, index))
        return self.placing(keys)

    def placed(self, move: int) -> tuple[int, int, int]:
        """(category, sector, closeness) of a placed ``move``: `NO_SECTOR` and -1 for a
        capture `captures` placed and for a move that influences no sector positively."""
        index = self.moves.index(move)
        return self.categories[index], self.sectors[index], self.nearness[index]
