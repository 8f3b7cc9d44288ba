"""Greer's move-ordering algorithm with the chessmaps heuristic (Kieran Greer 2000, "Computer
chess move-ordering schemes using move influence", section 4), written once for every game on
the kernel, and the heuristic ``chessmaps`` that puts it in a search.

**Categories.** Every legal move is one of three kinds, taken in this precedence:

* *capture*: it takes a piece (en passant included); ordered on the material difference
  between the captured and the capturing piece, the greatest gain for the capturer first
  (a promotion adds what it gains; the royal piece, worth its capture value, captures last);
* *forced*: it moves a piece that stands where the opponent, capturing first, would win
  material (`control.Exchanges.exchange`; a royal piece in check is forced); ordered on the
  descending value of the piece forced to move (the royal piece first, pawns last), the moves
  of one piece together, then by the sectors they influence;
* *other*: everything else (a promotion that captures nothing included), ordered by the
  sectors: the sectors are taken in rank order and each groups the remaining moves that
  influence it positively (`valueboard.influence`), ordered inside the group by closeness.
  Moves that influence no sector positively come after every group.

Each kind is split into *safe* (the move loses no material on its target square: what it
captures there, net of the opponent's best capture sequence on that square afterwards, is not
negative, `control.Exchanges.outcome`) and *unsafe*, and the six categories are searched in
the paper's order: safe captures, safe forced, safe other, unsafe captures, unsafe forced,
unsafe other. Ties keep the kernel's generation order.

**Closeness** (of a move to its group's sector): a slider (the variant's
``chessmaps_values.slider_directions``: chess bishops, rooks and queens, xiangqi chariots and
cannons) aligned with the sector from its target square along one of its directions scores the
number of squares between the two; any other piece scores 0 in the sector, 1 when it attacks
the sector from its target square once the move is made (one move away), else the default 8,
which is also a slider's when it is not aligned (its move influences the sector only by letting
another piece through, as the paper's default does).

**Sector sources** (the spec's option):

* ``network`` (the default, bare ``chessmaps``): the shipped network's ranking of the
  chessmap (the paper's strategy 1);
* ``cutoff``: the same, with the last sector that caused a cutoff at each ply ordered first
  (strategy 2);
* ``experience``: sectors ranked by experience, one count array per side, the sector that
  ordered a move that failed high incremented by one (strategy 3; ties: the lower square);
* ``split``: Table 3's simpler form: the moves only split into safe and unsafe, each part
  ordered by the network's sectors (captures and forced moves included).

Strategies 2 and 3 learn only from moves the sector ordering placed ("forced or capture moves
did not increment any sectors"). The paper counts the move "each node returned"; the kernel
tells ordering about the moves that failed high, which in a brute-force alpha-beta search are
all of them but the few that raised alpha at principal-variation nodes.

Deliberate differences: the sectors are the paper's best layout, one per square; the safety
test and the forced test are the chessmap's capture sequences (Greer's section 2.1), so pins
count; a quiet promotion is an *other* move (the paper does not place it).

What it is worth and costs, measured: docs/lab.md (Greer's Tables 3 and 4).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import NamedTuple

import numpy as np
from xqchess.core.errors import XQChessError
from xqchess.core.position import Position
from xqchess.core.search.node import MAX_PLY, Node
from xqchess.core.variant import Variant
from xqchess.ordering.chessmaps.control import Exchanges
from xqchess.ordering.chessmaps.forward import SectorRanker
from xqchess.ordering.chessmaps.greer_order import (
    NO_SECTOR,
    OTHER,
    UNSAFE,
    NodeOrder,
    Placement,
    between,
)
from xqchess.ordering.chessmaps.greer_order import closeness as closeness_on
from xqchess.ordering.chessmaps.network import Network, shipped_network
from xqchess.ordering.chessmaps.valueboard import AfterMove, before_move
from xqchess.ordering.heuristic import Heuristic

KIND_NAMES = ("capture", "forced", "other")
#: How many positions' orders a heuristic keeps through a search (`Chessmaps.node_order`).
KEPT_POSITIONS = 1 << 14
#: The spec's options: the sector source, or Table 3's split form.
NETWORK, CUTOFF, EXPERIENCE, SPLIT = "network", "cutoff", "experience", "split"
OPTIONS = (NETWORK, CUTOFF, EXPERIENCE, SPLIT)
#: What placed a credited move besides the option's source (`Chessmaps.label`): not the
#: sectors, or the remembered cutoff sector.
NO_SOURCE, SECTOR = "", "cutoff sector"


class Placed(NamedTuple):
    """Where Greer's ordering put a move: its category (`category_name`), the sector that
    grouped it (`NO_SECTOR` for a capture, and for a move that influences no sector
    positively) and its closeness to that sector (None without a sector)."""

    move: int
    category: int
    sector: int
    closeness: int | None


def category_name(category: int, split: bool = False) -> str:
    """``"safe capture"``, ``"unsafe other"``, ...; ``"safe"`` / ``"unsafe"`` in the split form."""
    safety = "unsafe" if category >= UNSAFE else "safe"
    return safety if split else f"{safety} {KIND_NAMES[category % UNSAFE]}"


def closeness(pos: Position, move: int, sector: int) -> int:
    """How close ``move`` (legal in ``pos``) brings its piece to the square ``sector``: for a
    slider aligned with it from the target square, the squares between; for other pieces 0
    in it, 1 attacking it after the move; else `greer_order.DEFAULT_CLOSENESS`."""
    after = AfterMove(before_move(pos))
    after.play(move)
    return closeness_on(after, between(pos.variant), move, sector)


def order_moves(
    pos: Position,
    moves: list[int],
    ranking: list[int],
    split: bool = False,
) -> list[Placed]:
    """``moves`` (legal in ``pos``) in Greer's order, each with its category, sector and
    closeness; ``ranking`` is the sector order (squares, most important first). ``split``:
    Table 3's form, safe then unsafe, each by the sectors. ``pos`` is left as it was."""
    return list(staged_moves(pos, moves, lambda _: ranking, split))


def staged_moves(
    pos: Position,
    moves: list[int],
    ranking_of: Callable[[Exchanges], list[int]],
    split: bool = False,
) -> Iterator[Placed]:
    """`order_moves` in stages, as a search reaches them (`greer_order.NodeOrder`): the safe
    captures first, from their capture sequences alone; only then the chessmap and the sectors
    (``ranking_of(exchanges)`` gives the sector order) and the safe forced moves with the
    first sector group of the other safe moves, then the rest of those, the unsafe moves last
    (`in_turn`). A search whose first safe capture fails high never pays for the rest, one
    whose first group's move fails high never for the other moves' sectors in full. ``pos``
    must stand as it was between steps."""
    order = NodeOrder(pos, moves, split)
    for move in order.captures():
        yield _placed(order, None, move)
    if order.has_others():
        placement = order.placement(ranking_of(order.exchanges))
        for move in in_turn(order, placement):
            yield _placed(order, placement, move)


def in_turn(
    order: NodeOrder, placement: Placement, ranking_of: Callable[[], list[int]] | None = None
) -> Iterator[int]:
    """The moves of ``placement`` (of ``order``) in order, each further step of them placed
    (`NodeOrder.place_next`) only once the moves before it have all been taken; a placement
    `NodeOrder.led_placement` made is first ranked in full (``ranking_of()``)."""
    taken = 0
    while True:
        others = placement.others  # moves added meanwhile (by another reader) are taken too
        while taken < len(others):
            yield others[taken]
            taken += 1
        if not placement.ranked:
            order.rank_fully(placement, ranking_of())
        if not order.place_next(placement):
            return


def _placed(order: NodeOrder, placement: Placement | None, move: int) -> Placed:
    category, sector, near = order.placed(move, placement)
    return Placed(move, category, sector, None if near < 0 else near)


class _NodeOrder:
    """The order at one node: the position's `NodeOrder`, the `Placement` of its other moves
    once made, and the remembered cutoff sector that was ranked first there (`NO_SECTOR` if
    none). The i-th move of `ordered` scores -i."""

    __slots__ = ("order", "placement", "remembered")

    def __init__(self, order: NodeOrder, remembered: int) -> None:
        self.order = order
        self.placement: Placement | None = None
        self.remembered = remembered

    @property
    def ordered(self) -> list[int]:
        """The moves placed so far, in order."""
        moves = list(self.order.safe or ())
        return moves + self.placement.others if self.placement else moves

    def move_at(self, index: int) -> tuple[int, Placement | None] | None:
        """The ``index``-th move placed and the `Placement` that placed it (None: the captures
        stage), None where there is none."""
        if index < 0:
            return None
        safe = self.order.safe or ()
        if index < len(safe):
            return safe[index], None
        placement = self.placement
        index -= len(safe)
        if placement is not None and index < len(placement.others):
            return placement.others[index], placement
        return None

    def placed_at(self, index: int) -> Placed | None:
        """The `Placed` of the ``index``-th move placed, None where there is none."""
        found = self.move_at(index)
        return None if found is None else _placed(self.order, found[1], found[0])

    @property
    def placed(self) -> dict[int, Placed]:
        """Score -> the `Placed` of each move placed so far."""
        return {-i: self.placed_at(i) for i in range(len(self.ordered))}


class Chessmaps(Heuristic):
    """Greer's move ordering as a heuristic of the pipeline (spec ``chessmaps[:OPTION]``,
    options in `OPTIONS`): orders the moves as `staged_moves` gives them (alone in a spec, in
    stages as the search reaches them; after other heuristics, scored in full), with the
    sectors ranked by the option's source, and learns the sectors of cutoff moves for the
    ``cutoff`` and ``experience`` sources. The "cutoff placed first by" statistic names the
    category and, for a move a sector placed, the source (``chessmaps safe other (network)``,
    ``... (cutoff sector)``, ``... (experience)``)."""

    name = "chessmaps"
    per_move = False  # a move's place depends on the sectors the other moves take

    def __init__(
        self, variant: Variant, option: str = NETWORK, network: Network | None = None
    ) -> None:
        super().__init__(variant)
        if option not in OPTIONS:
            raise XQChessError(f"chessmaps option {option!r} is not one of {', '.join(OPTIONS)}")
        self.option = option
        self.split = option == SPLIT
        self.network = None if option == EXPERIENCE else network or shipped_network(variant)
        self.ranker = None if self.network is None else SectorRanker(self.network, variant)
        #: (category, source) -> the credit `label` gives it, made once
        self.labels: dict[tuple[int, str], str] = {}
        self.reset()

    def reset(self) -> None:
        #: strategy 2: per ply, the sector of the last cutoff a sector placed
        self.cutoff_sectors = [NO_SECTOR] * (MAX_PLY + 2)
        #: strategy 3: per side, how often each sector placed a cutoff move
        self.experience = [np.zeros(self.squares, dtype=np.int64) for _ in range(2)]
        #: strategy 3: per side, the sectors by those counts, the most first (ties: the lower
        #: square), kept in that order as the counts grow (`_count_cutoff`)
        self.experience_order = [list(range(self.squares)) for _ in range(2)]
        #: per ply, the order of the last node ordered there
        self.placed: list[_NodeOrder | None] = [None] * (MAX_PLY + 2)
        self.new_search()

    def new_search(self) -> None:
        #: the positions ordered in this search: (board, side, rights, ep) -> its `NodeOrder`
        self.known: dict[tuple, NodeOrder] = {}

    def node_order(self, pos: Position, moves: list[int]) -> NodeOrder:
        """The `NodeOrder` of ``pos`` and ``moves``: the one kept from an earlier node of the
        search at the same position with the same moves, or a new one (kept, the oldest of
        `KEPT_POSITIONS` forgotten)."""
        key = (bytes(pos.board), pos.side, pos.rights, pos.ep)
        order = self.known.get(key)
        if order is None or order.moves != moves:
            order = NodeOrder(pos, moves, self.split)
            if len(self.known) >= KEPT_POSITIONS:
                del self.known[next(iter(self.known))]
            self.known[key] = order
        return order

    def ranking(self, node: Node, order: NodeOrder) -> list[int]:
        """The sector order at ``node`` (whose `NodeOrder` is ``order``), most important
        first."""
        remembered = self.cutoff_sectors[node.ply] if self.option == CUTOFF else NO_SECTOR
        return self.sector_ranking(node.pos, order, remembered)

    def sector_ranking(self, pos: Position, order: NodeOrder, remembered: int) -> list[int]:
        """The sector order at a node of ``pos`` (whose `NodeOrder` is ``order``), most
        important first, ``remembered`` (a cutoff sector, or `NO_SECTOR`) ranked first."""
        if self.option == EXPERIENCE:
            return list(self.experience_order[pos.side])
        if order.network_ranking is None:
            order.network_ranking = self.ranker.ranking(pos, order.exchanges.control_map())
        ranking = order.network_ranking
        if remembered != NO_SECTOR:
            ranking = list(ranking)
            ranking.remove(remembered)
            ranking.insert(0, remembered)
        return ranking

    def staged(self, node: Node, moves: list[int]) -> Iterator[int]:
        """The moves in Greer's order as the search reaches them (`staged_moves`): the i-th
        scores -i. What the order depends on is fixed when the node is entered: the
        experience counts are read then (the searches of the first moves teach them more),
        the cutoff sector of a ply changes only at that ply. A remembered cutoff sector is
        ranked first without the network where no safe forced move needs the rest of the
        ranking and some move influences that sector positively
        (`greer_order.NodeOrder.led_placement`): the chessmap and the network's ranking wait
        until the search asks for the moves after that sector's group."""
        remembered = self.cutoff_sectors[node.ply] if self.option == CUTOFF else NO_SECTOR
        entry_ranking = self.ranking(node, None) if self.option == EXPERIENCE else None
        pos = node.pos
        order = self.node_order(pos, moves)
        record = _NodeOrder(order, remembered)
        node.cache[self.name] = record
        self.placed[node.ply] = record
        yield from order.captures()
        if order.has_others():
            placement = None
            if remembered != NO_SECTOR and order.network_ranking is None:
                placement = order.led_placement(remembered)
            if placement is None:
                if entry_ranking is None:
                    entry_ranking = self.sector_ranking(pos, order, remembered)
                placement = order.placement(entry_ranking)
            record.placement = placement
            yield from in_turn(
                order, placement, lambda: self.sector_ranking(pos, order, remembered)
            )

    def score(self, node: Node, moves: list[int]) -> list[int]:
        ordered = node.cache.get(self.name)
        if ordered is None or not set(moves) <= set(ordered.ordered):
            for _ in self.staged(node, moves):
                pass
            ordered = node.cache[self.name]
        scores = {move: -index for index, move in enumerate(ordered.ordered)}
        return [scores[move] for move in moves]

    def _by_sector(self, category: int, sector: int) -> bool:
        """Whether the sector ordering placed a move of ``category`` grouped by ``sector`` (not
        a capture's or forced piece's)."""
        return sector != NO_SECTOR and (self.split or category % UNSAFE == OTHER)

    def credit(self, node: Node, score) -> str:
        ordered = node.cache.get(self.name)
        found = None if ordered is None else ordered.move_at(-score)
        if found is None:
            return self.name
        category, sector, _ = ordered.order.placed(*found)
        source = NO_SOURCE
        if self._by_sector(category, sector):
            source = SECTOR if sector == ordered.remembered else self.option
        key = (category, source)
        label = self.labels.get(key)
        if label is None:
            label = self.labels[key] = self.label(category, source)
        return label

    def label(self, category: int, source: str) -> str:
        """The credit of a move of ``category`` placed by ``source`` (`NO_SOURCE`: not by the
        sectors; `SECTOR`: the remembered cutoff sector; else the option's)."""
        label = f"{self.name} {category_name(category, self.split)}"
        if source == NO_SOURCE:
            return label
        if source == EXPERIENCE:
            return f"{label} (experience)"
        return f"{label} (cutoff sector)" if source == SECTOR else f"{label} (network)"

    def on_cutoff(
        self, pos: Position, move: int, prev_move: int, depth: int, ply: int, side: int
    ) -> None:
        record = self.placed[ply]
        if record is None or move not in record.order.moves:
            return
        category, sector, _ = record.order.placed(move, record.placement)
        if not self._by_sector(category, sector):
            return
        if self.option == CUTOFF:
            self.cutoff_sectors[ply] = sector
        elif self.option == EXPERIENCE:
            self._count_cutoff(side, sector)

    def _count_cutoff(self, side: int, sector: int) -> None:
        """Count a cutoff for ``sector`` in ``side``'s experience and move the sector up its
        `experience_order` past the sectors it now outranks."""
        counts = self.experience[side]
        counts[sector] += 1
        count = counts[sector]
        order = self.experience_order[side]
        place = order.index(sector)
        while place:
            ahead = order[place - 1]
            if counts[ahead] > count or counts[ahead] == count and ahead < sector:
                break
            order[place] = ahead
            place -= 1
        order[place] = sector
