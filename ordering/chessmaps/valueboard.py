# cython: boundscheck=False, wraparound=False
"""Greer's valueboard and the influence of a move (Kieran Greer 2000, "Computer chess
move-ordering schemes using move influence", section 2.3 and Appendix A), for every game on the
kernel.

* **Piece values** (`square_values`): each piece's value from the variant's
  ``chessmaps_values`` (chess: Table A.1, pawn 10 ... queen 90, king 40; the two bishops 30 and
  31 by square color, the two rooks 50 and 49 by file), positive for the first player and
  negative for the second.
* **Valueboard** (`valueboard`): per square, "the sum values of all pieces that directly or
  indirectly attack" it, plus the value of the piece on it. A piece attacks a square when it
  could capture there (`Variant.attackers`: a pawn by its capture diagonals, a cannon over one
  screen), pins and legality aside: the valueboard counts attacks, the chessmap
  (`control.chessmap`) judges legal moves. It attacks indirectly when it could capture there
  once pieces in front of it that attack the square have captured there (Greer: "doubled with
  another piece on the square and so could move there only after the first piece has done
  so"): found by lifting the square's attackers off a scratch board, both colors, and asking
  again until no new one comes, so a bishop behind a pawn, a rook behind a queen, a piece
  behind an enemy piece on the same line and a cannon whose new screen is the piece left
  behind all count. Nothing counts behind a royal piece: it captures last and only where no
  recapture follows, so nothing follows it (the paper's h1 counts the g1 king, not the f1 rook
  behind it). On the Fig. A.1 position, which the seed text does not print and the tests rebuild
  from Fig. A.3, this gives Figs. A.3 and A.4 square for square (A.3 by construction, A.4 as a
  check).
* **Influence** (`influence`): the valueboard before and after the move; +1 where the change
  favours the mover (up for the first player, down for the second), -1 where it favours the
  opponent, 0 where nothing changed. The pieces keep their values through the move (a rook
  that passes the other rook's file stays the rook it was: the paper gives the two rooks
  different values precisely so that one rook's move is not taken for the other's). The
  destination square is 0: "with 64 sectors, the sector that the piece moves to would not be
  considered as being influenced". `influences` gives every legal move's at once.
* **Speed**: each square's entry is kept with the squares it depends on (those its attack
  scan read, and the square itself). After a move only the squares it changed and those whose
  entry depends on one of them are computed again (docs/lab.md, "What chessmaps cost at a
  node", says how many), which gives exactly the full computation (tests). The
  valueboard before a move is kept for the position's other moves, and one per position of
  the line searched (keyed by its distance from the game's start), so that a node's
  valueboard is derived the same way from the kept one (its parent's, its grandparent's or a
  sibling's) that leaves the fewest entries to compute again rather than computed in full; a
  move is played on a copy (`AfterMove`). Each square's closure and what it depends on come from the
  game's closure probe (`core.probe.ClosureProbe`, `Variant.attack_closure`), called as a C
  method: the definition above (`core.closure`, lifting round by round) by default, a one-pass
  walk out from the square in the chess and xiangqi families, with the same answer (tests). The
  tables are `array`s, typed views in the compiled kernel (valueboard.pxd).
* **Sectors**: a layout is data, a sequence of square groups. `square_sectors` (one square
  each, the paper's Fig. 1 and its best) is the default; `block_sectors` makes coarser ones
  (2x2 blocks). `sector_influence` sums the valueboard change over each sector's squares (the
  destination square left out) and takes its sign from the mover's side. The paper's Fig. 2
  (11 sectors) survives in the seed text only in part (its lower half is blank), so it is not
  offered.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

import numpy as np
from xqchess.core.closure import attack_closure
from xqchess.core.errors import XQChessError
from xqchess.core.moves import (
    COMPANION,
    PROMOTION_MASK,
    PROMOTION_SHIFT,
    SIDE_CAPTURE,
    SPECIAL_SHIFT,
    SQUARE_BITS,
    SQUARE_MASK,
    move_from,
    move_promotion,
    move_special,
    move_to,
)
from xqchess.core.pieces import COLOR_SHIFT, KIND_MASK, PIECE_CODES, WHITE
from xqchess.core.position import BOARD
from xqchess.core.probe import LOW_SQUARES, ClosureProbe
from xqchess.core.variant import BY_FILE, BY_SQUARE_COLOR

if TYPE_CHECKING:
    from xqchess.core.position import Position
    from xqchess.core.variant import Variant

#: A sector layout: groups of squares, one group per sector.
Layout = Sequence[Sequence[int]]


def square_values(pos: Position) -> list[int]:
    """Per square, the valueboard value of the piece on it (0 on an empty square): the
    variant's ``chessmaps_values``, the members of a pair told apart by ``pair_order``,
    negative for the second player."""
    return board_values(game_tables(pos.variant), pos.board)


#: How `board_values` tells the pieces of one code apart (`GameTables.rules`): not at all, by
#: the color of their square, by their file (then their rank from their own side).
ALIKE, BY_COLOR, BY_FILE_AND_RANK = 0, 1, 2
RULES = {BY_SQUARE_COLOR: BY_COLOR, BY_FILE: BY_FILE_AND_RANK}
#: The chessmaps values and capture values stay below this (the capture sequences' keys hold
#: them in 16 bits, `control`).
VALUE_LIMIT = 1 << 15


class GameTables:
    """What the chessmaps kernel reads of a game at every node, gathered once per game
    (`game_tables`): the board's size, files and last rank, the companion moves, the game's
    probes (`core.probe`), per piece code the rule and the values `board_values` gives a piece
    of that code (negative for the second player; empty for a code no piece has), per kind code
    the first of its values (what a promoted piece takes) and its material in capture
    sequences (its lowest value), the royal pieces' codes and their capture value."""

    __slots__ = (
        "variant",
        "size",
        "files",
        "last_rank",
        "companions",
        "closures",
        "probe",
        "rules",
        "code_values",
        "first_values",
        "kind_material",
        "royal",
        "royal_value",
    )

    def __init__(self, variant: Variant) -> None:
        geometry = variant.geometry
        table = variant.chessmaps_values
        self.variant = variant
        self.size = geometry.size
        self.files = geometry.files
        self.last_rank = geometry.ranks - 1
        self.companions = variant.companion_moves
        self.closures = variant.closure_probe
        self.probe = variant.attack_probe
        self.rules = [ALIKE] * PIECE_CODES
        self.code_values = [()] * PIECE_CODES
        self.first_values = [0] * (KIND_MASK + 1)
        self.kind_material = [0] * (KIND_MASK + 1)
        for kind, kind_values in table.values.items():
            order = table.pair_order.get(kind)
            if order is not None and order not in RULES:
                raise XQChessError(f"{variant.name}: unknown chessmaps pair order {order!r}")
            for color in (0, 1):
                code = kind | color << COLOR_SHIFT
                self.rules[code] = ALIKE if order is None else RULES[order]
                self.code_values[code] = tuple(-v if color else v for v in kind_values)
            self.first_values[kind] = kind_values[0]
            self.kind_material[kind] = table.material[kind]
        self.royal = list(variant.royal_pieces)
        self.royal_value = table.royal_exchange_value
        largest = max([self.royal_value] + [max(v) for v in table.values.values()])
        if largest >= VALUE_LIMIT:
            raise XQChessError(f"{variant.name}: chessmaps values must stay below {VALUE_LIMIT}")


@cache
def game_tables(variant: Variant) -> GameTables:
    """The `GameTables` of ``variant``, made once."""
    return GameTables(variant)


def board_values(tables: GameTables, board: list[int]) -> list[int]:
    """`square_values` of a bare board of the game of ``tables``: by its rules, a pair's pieces
    by the color of their square, or in (file, rank from their own side) order."""
    cells = board  # C chars, compiled (`core.position.BOARD`)
    rules, code_values = tables.rules, tables.code_values
    files, last_rank = tables.files, tables.last_rank
    size = len(board)
    result = [0] * size
    squares = bytearray(size)  # the squares of the pieces told apart by file, in square order
    paired = squares  # compiled, C chars
    pairs = 0
    for sq in range(size):
        piece = cells[sq]
        if piece:
            values = code_values[piece]
            if not values:
                raise XQChessError(
                    f"{tables.variant.name}: piece code {piece} has no chessmaps value"
                )
            rule = rules[piece]
            if rule == ALIKE:
                result[sq] = values[0]
            elif rule == BY_COLOR:
                result[sq] = values[min((sq % files + sq // files) & 1, len(values) - 1)]
            else:
                paired[pairs] = sq
                pairs += 1
    for place in range(pairs):
        sq = paired[place]
        piece = cells[sq]
        second = piece >> COLOR_SHIFT
        file = sq % files
        own_rank = last_rank - sq // files if second else sq // files
        index = 0  # the pieces of the same code before it in (file, own rank) order
        for other_place in range(pairs):
            other = paired[other_place]
            if cells[other] == piece and other != sq:
                other_rank = last_rank - other // files if second else other // files
                if other % files < file or other % files == file and other_rank < own_rank:
                    index += 1
        values = code_values[piece]
        result[sq] = values[min(index, len(values) - 1)]
    return result


def displacements(
    variant: Variant, move: int
) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """What ``move`` does to the board's pieces, from the kernel's generic move fields: the
    (from, to) of each piece it moves (the mover first, then a castling rook) and the squares
    it empties besides (an en-passant victim's)."""
    frm, to = move_from(move), move_to(move)
    special = move_special(move)
    if special == SIDE_CAPTURE:
        files = variant.geometry.files
        return ((frm, to),), (frm - frm % files + to % files,)
    if special == COMPANION:
        return ((frm, to), variant.companion_moves[to]), ()
    return ((frm, to),), ()


def carry(variant: Variant, move: int, table: list[int], promoted: int) -> list[int]:
    """A per-square ``table`` of the board before ``move``, made true of the board after it:
    each piece's entry goes with it (the mover's, and a castling rook's), a captured piece's
    goes, and a promoted piece's entry becomes ``promoted``."""
    result = list(table)
    moved, cleared = displacements(variant, move)
    for src, dst in moved:
        result[dst], result[src] = table[src], 0
    for sq in cleared:
        result[sq] = 0
    if move_promotion(move):
        result[move_to(move)] = promoted
    return result


def values_after(pos: Position, move: int, before: list[int]) -> list[int]:
    """The piece values once ``move`` (legal in ``pos``) is played, each piece keeping the value
    it had in ``before`` (`square_values` of ``pos``); a promoted piece takes its new kind's
    first value."""
    promotion = move_promotion(move)
    promoted = 0
    if promotion:
        sign = -1 if pos.board[move_from(move)] >> COLOR_SHIFT else 1
        promoted = sign * pos.variant.chessmaps_values.values[promotion][0]
    return carry(pos.variant, move, before, promoted)


def valueboard_with(variant: Variant, board: list[int], values: list[int]) -> np.ndarray:
    """The valueboard of a bare ``board`` whose pieces are worth ``values`` (per square)."""
    scratch = BOARD(board)
    result = np.array(values, dtype=np.int32)
    for sq in range(len(board)):
        closure = attack_closure(variant, scratch, sq)
        if closure:
            result[sq] += sum(values[s] for s in closure)
    return result


def valueboard(pos: Position) -> np.ndarray:
    """Greer's valueboard of ``pos``: per square (square-index order, int32), the value of the
    piece on it plus the values of all pieces attacking it directly or indirectly, the first
    player's positive and the second player's negative. ``pos`` is left as it was."""
    return valueboard_with(pos.variant, pos.board, square_values(pos))


#: A square that is not there (no en-passant victim, no companion), and the sector of a move that
#: influences none positively.
NO_SQUARE = -1
#: What `_Before.first_positive` keeps of a square it computed after a move: the move
#: influences it positively, or not.
POSITIVE, NOT_POSITIVE = 1, 2
#: one, as wide as a read mask's word (compiled, a 64-bit C integer)
ONE = 1
#: bytes per item of the per-square tables (`array` type codes "i" and "Q")
INT_BYTES = array("i").itemsize
MASK_BYTES = array("Q").itemsize


class PlayedMove:
    """The squares a move changes, read from the kernel's generic move fields as
    `displacements` reads them, into fields rather than tuples (`decode`), so that the compiled
    kernel plays a move on a scratch board and its per-square tables and takes it back in
    place: the mover goes from `frm` to `to` (becoming a piece of kind `promotion` when that is
    not 0), the piece on `victim` is taken (an en-passant victim) and the piece on
    `companion_from` goes to `companion_to` (a castling rook); `NO_SQUARE` where there is none."""

    __slots__ = (
        "files",
        "companions",
        "frm",
        "to",
        "promotion",
        "victim",
        "companion_from",
        "companion_to",
    )

    def __init__(self, tables: GameTables) -> None:
        self.files = tables.files
        self.companions = tables.companions
        self.frm = self.to = self.promotion = 0
        self.victim = self.companion_from = self.companion_to = NO_SQUARE

    def decode(self, move: int) -> None:
        frm = move & SQUARE_MASK
        to = move >> SQUARE_BITS & SQUARE_MASK
        special = move >> SPECIAL_SHIFT
        self.frm = frm
        self.to = to
        self.promotion = move >> PROMOTION_SHIFT & PROMOTION_MASK
        self.victim = NO_SQUARE
        if special == SIDE_CAPTURE:
            self.victim = frm - frm % self.files + to % self.files
        self.companion_from = self.companion_to = NO_SQUARE
        if special == COMPANION:
            self.companion_from, self.companion_to = self.companions[to]


def closure_entry(
    closures: ClosureProbe, board: list[int], values: Sequence[int], found: bytearray, sq: int
) -> int:
    """The valueboard entry of ``sq``: the value on it plus the values of its closure's pieces
    (``closures`` leaves the closure's reads; ``found`` is its scratch)."""
    count = closures.closure(board, sq, found)
    squares = found  # C chars, compiled
    total = values[sq]
    for index in range(count):
        total += values[squares[index]]
    return total


class _Before:
    """The valueboard of one board (square-index order) with, per square, the squares its entry
    depends on (`low` and `high`, a read mask split as `core.probe.ClosureProbe` gives it: the
    squares its attack closure read, and the square itself): a change to the board or the
    values elsewhere leaves the entry as it is. Never changed once computed: a move is played
    on an `AfterMove`'s copy."""

    __slots__ = (
        "tables",
        "closures",
        "board",
        "values",
        "valueboard",
        "low",
        "high",
        "found",
        "after",
        "changed_low",
        "changed_high",
    )

    def __init__(self, tables: GameTables, board: list[int], values: Sequence[int]) -> None:
        """An empty valueboard (every entry 0, no square read) of ``board`` with ``values``."""
        size = len(board)
        self.tables = tables
        self.closures = tables.closures
        self.board = BOARD(board)
        self.carve(
            array("i", bytes(2 * size * INT_BYTES)),
            array("Q", bytes(2 * size * MASK_BYTES)),
            values,
        )
        self.found = bytearray(size)
        self.after: AfterMove | None = None
        self.changed_low = self.changed_high = 0

    def carve(self, ints: array, masks: array, values: Sequence[int]) -> None:
        """Cut the tables out of two blocks (compiled, views of two buffers): the values
        (``values`` copied in) and the entries from ``ints``, the read masks' words from
        ``masks``."""
        size = len(self.board)
        int_view, mask_view = ints, masks
        for sq in range(size):  # before the cuts: pure Python's are copies
            int_view[sq] = values[sq]
        self.values = int_view[:size]
        self.valueboard = int_view[size:]
        self.low = mask_view[:size]
        self.high = mask_view[size:]

    @classmethod
    def full(cls, tables: GameTables, board: list[int], values: Sequence[int]) -> _Before:
        """Every square's entry computed."""
        before = cls(tables, board, values)
        before.compute()
        return before

    def compute(self) -> None:
        """Compute every square's entry of this empty valueboard."""
        for sq in range(len(self.board)):
            self.recompute(sq)

    def stale_entries(self, base: _Before) -> int:
        """How many of this board's entries `derive` would compute again from ``base``'s (of
        another board of the same game): those whose reads hold a square where the two boards
        or their values differ. Leaves that mask of squares in `changed_low` and
        `changed_high`."""
        size = len(self.board)
        cells, old_cells = self.board, base.board  # C chars, compiled
        values, old_values = self.values, base.values
        changed_low = changed_high = 0
        for sq in range(size):
            if cells[sq] != old_cells[sq] or values[sq] != old_values[sq]:
                if sq < LOW_SQUARES:
                    changed_low |= ONE << sq
                else:
                    changed_high |= ONE << sq - LOW_SQUARES
        self.changed_low, self.changed_high = changed_low, changed_high
        low, high = base.low, base.high
        stale = 0
        for sq in range(size):
            if low[sq] & changed_low or high[sq] & changed_high:
                stale += 1
        return stale

    def derive(self, base: _Before) -> None:
        """Fill this empty valueboard from ``base``'s, `stale_entries` of ``base`` asked last:
        only its stale entries are computed again; the others keep ``base``'s entries and
        reads, since their closures read the same squares as before and find the same
        pieces."""
        changed_low, changed_high = self.changed_low, self.changed_high
        old_entries, old_low, old_high = base.valueboard, base.low, base.high
        entries, low, high = self.valueboard, self.low, self.high
        for sq in range(len(self.board)):
            if old_low[sq] & changed_low or old_high[sq] & changed_high:
                self.recompute(sq)
            else:
                entries[sq] = old_entries[sq]
                low[sq] = old_low[sq]
                high[sq] = old_high[sq]

    def recompute(self, sq: int) -> None:
        """Compute the entry and the reads of ``sq`` on this board."""
        closures = self.closures
        self.valueboard[sq] = closure_entry(closures, self.board, self.values, self.found, sq)
        low, high = closures.low, closures.high
        if sq < LOW_SQUARES:
            low |= ONE << sq
        else:
            high |= ONE << sq - LOW_SQUARES
        self.low[sq] = low
        self.high[sq] = high

    def after_move(self) -> AfterMove:
        """This board's `AfterMove`, made on first asking and kept for the next callers, each
        taking back every move it plays there."""
        if self.after is None:
            self.after = AfterMove(self)
        return self.after

    def values_copy(self, extra: int) -> array:
        """A new `array` of this board's values followed by ``extra`` zeros."""
        size = len(self.board)
        copy = array("i", bytes((size + extra) * INT_BYTES))
        target = copy  # compiled, a typed view: copied as one block
        target[:size] = self.values
        return copy

    def first_positive(
        self, after: AfterMove, ranking: bytes, color: int, known: bytearray, at: int, limit: int
    ) -> int:
        """The square the move played on ``after`` (this board's `AfterMove`) by a piece of
        ``color`` influences positively that comes first among the first ``limit`` squares of
        ``ranking`` (squares, most important first), or `NO_SQUARE`: its entries after the
        move are computed in that order, the destination left out, only for the squares whose
        entry depends on one the move changed, until the first positive change. ``known`` from
        ``at`` holds, per square, what earlier calls for the same move found there
        (`POSITIVE`, `NOT_POSITIVE`, 0 where nothing was computed), read instead of computing
        again and added to."""
        to = after.played.to
        old, low, high = self.valueboard, self.low, self.high
        changed_low, changed_high = after.changed_low, after.changed_high
        found = known  # compiled, C chars
        for index in range(limit):
            sq = ranking[index]
            if sq != to and (low[sq] & changed_low or high[sq] & changed_high):
                sign = found[at + sq]
                if not sign:
                    change = after.entry(sq) - old[sq]
                    sign = POSITIVE if (change < 0 if color else change > 0) else NOT_POSITIVE
                    found[at + sq] = sign
                if sign == POSITIVE:
                    return sq
        return NO_SQUARE

    def change(self, move: int) -> np.ndarray:
        """The valueboard after ``move`` (legal on this board), pieces keeping their values,
        minus this one: zero but on the squares whose entry depends on one the move changed,
        the only ones computed again."""
        after = AfterMove(self)
        after.play(move)
        old, low, high = self.valueboard, self.low, self.high
        changed_low, changed_high = after.changed_low, after.changed_high
        result = np.zeros(len(self.board), dtype=np.int32)
        for sq in range(len(self.board)):
            if low[sq] & changed_low or high[sq] & changed_high:
                result[sq] = after.entry(sq) - old[sq]
        return result


class AfterMove:
    """A copy of a `_Before`'s board and values on which one move at a time is played, each
    piece keeping its value (a promoted piece takes its new kind's first value: what
    `values_after` gives), and taken back (`play`, `take_back`), to compute entries after it
    (`entry`)."""

    __slots__ = (
        "tables",
        "closures",
        "played",
        "first_values",
        "board",
        "values",
        "found",
        "undo",
        "changed_low",
        "changed_high",
    )

    def __init__(self, before: _Before) -> None:
        tables = before.tables
        self.tables = tables
        self.closures = before.closures
        self.played = PlayedMove(tables)
        self.first_values = tables.first_values
        self.board = BOARD(before.board)
        self.carve(before.values_copy(10))
        self.found = bytearray(len(before.board))
        self.changed_low = self.changed_high = 0

    def carve(self, block: array) -> None:
        """Cut the values (the board's size) and `undo` (the rest: what `play` took from the
        board and the values, per square it changed (mover's origin, target, victim,
        companion's origin and target), the piece and the value) out of ``block``."""
        size = len(self.board)
        view = block  # compiled, views of one buffer
        self.values = view[:size]
        self.undo = view[size:]

    def entry(self, sq: int) -> int:
        """The valueboard entry of ``sq`` with the move played."""
        return closure_entry(self.closures, self.board, self.values, self.found, sq)

    def play(self, move: int) -> int:
        """Play ``move`` (of the piece on its origin) on the board and the values, and leave
        the squares it changed as a mask in `changed_low` and `changed_high`; returns the
        mover's color."""
        played = self.played
        played.decode(move)
        cells = self.board  # C chars, compiled (`core.position.BOARD`)
        values = self.values
        undo = self.undo
        frm, to = played.frm, played.to
        piece = cells[frm]
        color = piece >> COLOR_SHIFT
        undo[0], undo[1], undo[2], undo[3] = piece, values[frm], cells[to], values[to]
        cells[frm] = 0
        values[frm] = 0
        promotion = played.promotion
        if promotion:
            cells[to] = promotion | color << COLOR_SHIFT
            promoted = self.first_values[promotion]
            values[to] = -promoted if color else promoted
        else:
            cells[to] = piece
            values[to] = undo[1]
        self.changed_low = self.changed_high = 0
        self.mark(frm)
        self.mark(to)
        sq = played.victim
        if sq >= 0:
            self.mark(sq)
            undo[4], undo[5] = cells[sq], values[sq]
            cells[sq] = 0
            values[sq] = 0
        sq = played.companion_from
        if sq >= 0:
            self.mark(sq)
            undo[6], undo[7] = cells[sq], values[sq]
            cells[sq] = 0
            values[sq] = 0
            sq = played.companion_to
            self.mark(sq)
            undo[8], undo[9] = cells[sq], values[sq]
            cells[sq], values[sq] = undo[6], undo[7]
        return color

    def mark(self, sq: int) -> None:
        """Add ``sq`` to the mask of the squares the move played changed."""
        if sq < LOW_SQUARES:
            self.changed_low |= ONE << sq
        else:
            self.changed_high |= ONE << sq - LOW_SQUARES

    def take_back(self) -> None:
        """Undo the last `play`."""
        played = self.played
        cells = self.board  # C chars, compiled (`core.position.BOARD`)
        values = self.values
        undo = self.undo
        sq = played.companion_from
        if sq >= 0:
            cells[played.companion_to], values[played.companion_to] = undo[8], undo[9]
            cells[sq], values[sq] = undo[6], undo[7]
        sq = played.victim
        if sq >= 0:
            cells[sq], values[sq] = undo[4], undo[5]
        cells[played.to], values[played.to] = undo[2], undo[3]
        cells[played.frm], values[played.frm] = undo[0], undo[1]


#: The `_Before` of each position of the line being searched, keyed by its ``Position.plies``
#: (its distance from the game's start): at a node, the entry one shorter is the parent's
#: (or that of another position near it), from which the node's is derived.
_line: dict[int, _Before] = {}
#: Where a node's valueboard may be derived from, by the length of the kept entry less the
#: node's, the first preferred on a tie: the parent's, its own (a sibling's) and the
#: grandparent's (a node reached before its parent's quiet moves finds a stale parent entry).
NEIGHBOURS = (-1, 0, -2)


def clear_cache() -> None:
    """Forget the valueboards kept for the positions searched, so the next influence starts
    cold (as at the first node of a search)."""
    _line.clear()


def before_move(pos: Position, values: list[int] | None = None) -> _Before:
    """The valueboard of ``pos`` as moves are played on it (`_Before`): kept from an earlier
    call on the same board, derived from the kept one of the line (the parent's, the
    grandparent's or a sibling's: `NEIGHBOURS`) that leaves the fewest entries to compute
    again, or computed in full. Sound because a valueboard depends on the variant and the
    board alone (`square_values`), both compared before a kept one is used; entries are keyed
    by ``pos.plies``, the line's length (a position read from a FEN has 0), and never
    changed once stored. ``values`` are the position's `square_values` when the caller has
    them."""
    tables, board = game_tables(pos.variant), pos.board
    length = pos.plies
    kept = _line.get(length)
    if kept is not None and kept.tables is tables and kept.board == board:
        return kept
    if values is None:
        values = board_values(tables, board)
    before = _Before(tables, board, values)
    best = last = None
    fewest = len(board) + 1
    for offset in NEIGHBOURS:
        base = _line.get(length + offset)
        if base is not None and base.tables is tables:
            stale = before.stale_entries(base)
            last = base
            if stale < fewest:
                best, fewest = base, stale
    if best is None:
        before.compute()
    else:
        if best is not last:
            before.stale_entries(best)
        before.derive(best)
    _line[length] = before
    return before


def _change(pos: Position, move: int) -> np.ndarray:
    """The valueboard after ``move`` minus the valueboard before, pieces keeping their values.
    The valueboard before (and what each square's entry depends on) is kept for the
    position's next move, so that the influences of all moves of one position cost one
    valueboard and, per move, only the squares the move can change."""
    board = pos.board
    frm = move_from(move)
    if not board[frm] or board[frm] >> COLOR_SHIFT != pos.side:
        raise XQChessError(
            f"move {pos.variant.move_to_uci(pos, move)} does not move a piece of the side to move"
        )
    return before_move(pos).change(move)


def first_influenced(pos: Position, move: int, rank: Sequence[int]) -> int:
    """The square ``move`` (legal in ``pos``) influences positively that comes first by
    ``rank`` (per square, lower first), or -1 when it influences none: `influence`'s answer,
    found by computing the affected squares in rank order only until the first positive one
    (the others do not change)."""
    ranking = bytes(sorted(range(len(rank)), key=rank.__getitem__))
    before = before_move(pos)
    after = AfterMove(before)
    color = after.play(move)
    return before.first_positive(after, ranking, color, bytearray(len(rank)), 0, len(rank))


def _mover_sign(pos: Position, move: int) -> int:
    return 1 if pos.board[move_from(move)] >> COLOR_SHIFT == WHITE else -1


def influence(pos: Position, move: int) -> np.ndarray:
    """The influence of ``move`` (legal in ``pos``) on every square, int8 in square-index
    order: +1 where the valueboard changes in the mover's favour, -1 where it changes in the
    opponent's, 0 where it does not change and on the destination square. ``pos`` is left
    as it was."""
    sign = np.int8(_mover_sign(pos, move))
    result = np.sign(_change(pos, move)).astype(np.int8) * sign
    result[move_to(move)] = 0
    return result


def influences(pos: Position, moves: Sequence[int] | None = None) -> np.ndarray:
    """The influence of each of ``moves`` (default: the legal moves, in the kernel's order),
    one int8 row per move, as `influence` gives it."""
    moves = pos.legal_moves() if moves is None else moves
    size = pos.variant.geometry.size
    if not len(moves):
        return np.zeros((0, size), dtype=np.int8)
    return np.stack([influence(pos, move) for move in moves])


def square_sectors(variant: Variant) -> tuple[tuple[int, ...], ...]:
    """The default layout: one sector per square, in square-index order (the paper's Fig. 1)."""
    return tuple((sq,) for sq in range(variant.geometry.size))


def block_sectors(variant: Variant, files: int = 2, ranks: int = 2) -> tuple[tuple[int, ...], ...]:
    """Sectors of ``files`` x ``ranks`` squares from the first player's a-file corner, rank
    by rank; blocks at the far edges are smaller where the board does not divide evenly."""
    geometry = variant.geometry
    if files < 1 or ranks < 1:
        raise XQChessError(f"sector blocks must be at least 1x1, not {files}x{ranks}")
    return tuple(
        tuple(
            geometry.square(f, r)
            for r in range(r0, min(r0 + ranks, geometry.ranks))
            for f in range(f0, min(f0 + files, geometry.files))
        )
        for r0 in range(0, geometry.ranks, ranks)
        for f0 in range(0, geometry.files, files)
    )


def check_layout(variant: Variant, layout: Layout) -> None:
    """Raise XQChessError naming the fault when ``layout`` has an empty sector or a square
    that is not on the board."""
    size = variant.geometry.size
    for index, sector in enumerate(layout):
        if not len(sector):
            raise XQChessError(f"sector {index} of the layout has no squares")
        for sq in sector:
            if not (isinstance(sq, (int, np.integer)) and 0 <= sq < size):
                raise XQChessError(f"sector {index} names square {sq!r}, not one of 0..{size - 1}")


def sector_influence(pos: Position, move: int, layout: Layout) -> np.ndarray:
    """The influence of ``move`` per sector of ``layout`` (int8, one value per sector): the
    sign, from the mover's side, of the valueboard change summed over the sector's squares,
    the destination square left out. With `square_sectors` it equals `influence`."""
    check_layout(pos.variant, layout)
    change = _change(pos, move)
    change[move_to(move)] = 0
    sums = np.array([change[list(sector)].sum() for sector in layout], dtype=np.int64)
    return np.sign(sums).astype(np.int8) * np.int8(_mover_sign(pos, move))
