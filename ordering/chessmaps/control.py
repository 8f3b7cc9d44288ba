# cython: boundscheck=False, wraparound=False
"""The control of a square and the chessmap (Kieran Greer 2000, "Computer chess move-ordering
schemes using move influence", sections 2.1 and 2.2), for every game on the kernel.

A square is +1 (the first player controls it), -1 (the second) or 0 (neutral):

* **Occupied**, by a piece of the owner: not attacked and not defended, neutral; defended and
  not attacked, the owner's; attacked, the capture sequence on the square decides: the
  attacker captures first, then the sides alternate, each capturing with its least valuable
  piece that can legally capture (the royal piece last), and each free to stop where stopping
  serves it better. If the attacker wins material the square is the attacker's, if capturing
  loses the owner's, if it comes out even neutral.
* **Empty**: each side's most valuable piece that can legally move there without losing
  material on the square (the opponent then capturing there as above, free not to) is
  compared; the side with the more valuable piece controls it, equal or none is neutral.
  Moves are the variant's legal moves (the side not to move's found after a null move; a side
  in check has only its evasions), so a chess pawn reaches an empty square by its push
  (or en passant), never by its capture diagonal, and a xiangqi soldier by its one step. A
  double step (the kernel's DOUBLE_STEP moves) is not counted: the paper's Fig. A.7 leaves g4
  neutral in the Fig. A.1 position although White's g2-g4 would lose nothing there (hxg4 fxg4
  comes out even) and no other piece of either side can go there safely, so Greer's program
  moved a pawn to an empty square by its single step only; counting the double step changes
  that square and no other of the figure.

Attackers come from `Variant.attackers` on a scratch board that plays the capture sequence out,
so pieces behind others on a line join once those have captured (the paper's *AfterWhiteQueen*
conditions) and cannon screens appear and vanish as pieces leave the line. Every capture is
legal when made: the mover's royal piece must not stand attacked afterwards
(`Variant.royal_attacked`, with xiangqi's facing generals), so a piece pinned to its king or
general takes no part until the pinner has itself gone to the square (the paper's
*AfterBlackQueen*), and a royal piece captures only where it is then safe. Capturing a royal
piece ends the sequence (a king in check stands on a square the checking side controls).

Values: the variant's ``chessmaps_values`` (chess: Table A.1). Captures are ordered by them
(bishop 30 before 31, rook 49 before 50, the royal piece by its capture value, 200, last); gains
and the "more valuable piece" of an empty square weigh a piece by its kind's lowest value, so a
rook for a rook is an even trade (the one-point offsets only name the pieces of a pair).

How this differs from `core.see` (the kernel's static exchange): see orders by
``piece_values``, ignores pins and lets a royal piece capture into a defended square (it only
prices it high); here captures are legality-checked at every step, the values are Greer's, and
the empty-square rule (legal moves, the best safe piece per side) is the paper's own. Each
square is judged alone: what a capture on one square does elsewhere is not considered, as in
the paper. Promotions inside a capture sequence are not counted.
"""

from __future__ import annotations

from array import array
from functools import cache
from typing import TYPE_CHECKING

import numpy as np
from xqchess.core.moves import (
    DOUBLE_STEP,
    PROMOTION_MASK,
    PROMOTION_SHIFT,
    SPECIAL_SHIFT,
    SQUARE_BITS,
    SQUARE_MASK,
)
from xqchess.core.pieces import COLOR_SHIFT, KIND_MASK
from xqchess.core.position import BOARD
from xqchess.ordering.chessmaps.valueboard import (
    INT_BYTES,
    PlayedMove,
    board_values,
    game_tables,
)

if TYPE_CHECKING:
    from xqchess.core.position import Position

#: Control values: the first player's, nobody's, the second player's.
FIRST, NEUTRAL, SECOND = 1, 0, -1
CONTROL = (FIRST, SECOND)  # by color
#: What `Exchanges.won` answers where the side cannot capture (below any material won or lost),
#: and a standing exchange not yet worked out.
NO_CAPTURE = -(1 << 30)
UNKNOWN = NO_CAPTURE - 1
#: The slots of an `Exchanges`' table of outcomes (a power of two), and how many it keeps.
OUTCOME_SLOTS = 256
KEPT_OUTCOMES = 192
#: The bits of a move in the keys that sort the moves to the empty squares (`empty_control_map`),
#: and of a piece's material there (`valueboard.VALUE_LIMIT` keeps it below).
MOVE_BITS = SPECIAL_SHIFT + 2
VALUE_BITS = 16
VALUE_MASK = (1 << VALUE_BITS) - 1
#: bytes per key (`array` type code "q")
KEY_BYTES = array("q").itemsize


def standings_span(size: int) -> tuple[int, int]:
    """Where the standing exchanges lie in the int block of an `Exchanges` of a board of
    ``size`` squares (`Exchanges.carve`): after the per-square tables, the trail, the undo
    record and the royal pieces' entries; the outcomes' tables follow them."""
    return 7 * size + 21, 9 * size + 21


@cache
def fresh_tables(size: int) -> array:
    """The int tables of a new `Exchanges` of a board of ``size`` squares, one block that
    `Exchanges.carve` cuts: zeros, but the standing exchanges `UNKNOWN`. Made once per size
    and copied for each `Exchanges` (one allocation and one copy, no loop)."""
    start, end = standings_span(size)
    block = array("i", bytes(INT_BYTES * (end + OUTCOME_SLOTS + 3 * (OUTCOME_SLOTS + 1))))
    for index in range(start, end):
        block[index] = UNKNOWN
    return block


class Exchanges:
    """Capture sequences on a scratch board of one position.

    Holds a copy of the position's board (played on and restored) with its royal pieces'
    squares, a buffer for the attackers of one capture (`capturer`), and per square the order
    value (the table value, the royal piece's capture value) and the material of the piece
    standing there, both moved along with the pieces. The position itself is kept for its legal
    moves, which the chessmap's empty squares ask for: it must stand as it was when the
    chessmap is asked (as a search's node does whenever its move order is worked on). What a
    move does on its target square (whether it is safe: `net`) and the exchange on a square as
    the position stands (its sign: `standing`) are kept once computed: the chessmap, the forced
    pieces and the move order ask for them again. ``values`` are the position's
    `square_values` when the caller has them.
    """

    def __init__(self, pos: Position, values: list[int] | None = None) -> None:
        self.pos = pos
        self.variant = pos.variant
        self.tables = tables = game_tables(pos.variant)
        self.probe = tables.probe
        self.played = PlayedMove(tables)
        self.board = BOARD(pos.board)
        self.found = bytearray(len(self.board))
        self.kind_material = tables.kind_material
        self.carve(fresh_tables(len(self.board))[:])
        self.kept_outcomes = 0
        self.kings[0], self.kings[1] = pos.kings[0], pos.kings[1]
        self.royal[0], self.royal[1] = tables.royal[0], tables.royal[1]
        self.fill(board_values(tables, self.board) if values is None else values)

    def carve(self, block: array) -> None:
        """Cut the int tables out of ``block`` (compiled, views of one buffer): per square the
        order value and the material of the piece on it (`fill`); a capture sequence's
        capturers' squares and what each capture wins (`played_out`), and what each capturer
        stood on before (three entries each); what `play` took from the board and the tables;
        the royal pieces' squares and codes, by color; the standing exchanges (`standing`,
        `UNKNOWN` until worked out) and the outcomes' table (`settled`). ``block`` is
        `fresh_tables`' for the board's size, or a copy of it."""
        size = len(self.board)
        start, end = standings_span(size)
        view = block
        self.order = view[:size]
        self.material = view[size : 2 * size]
        self.capturers = view[2 * size : 3 * size]
        self.gains = view[3 * size : 4 * size]
        self.trail = view[4 * size : 7 * size]
        self.undo = view[7 * size : 7 * size + 17]
        self.kings = view[7 * size + 17 : 7 * size + 19]
        self.royal = view[7 * size + 19 : start]
        self.standings = view[start:end]
        self.outcome_moves = view[end : end + OUTCOME_SLOTS]
        self.outcomes = view[end + OUTCOME_SLOTS :]

    def fill(self, values: list[int]) -> None:
        """Per square, the order value (``values``' size; the royal pieces' capture value)
        and the material of the piece on ``self.board``."""
        cells = self.board  # C chars, compiled (`core.position.BOARD`)
        first_royal, second_royal = self.royal[0], self.royal[1]
        royal_value = self.tables.royal_value
        kind_material = self.kind_material
        order, material = self.order, self.material
        for sq in range(len(self.board)):
            piece = cells[sq]
            if piece:
                if piece == first_royal or piece == second_royal:
                    order[sq] = material[sq] = royal_value
                else:
                    order[sq] = abs(values[sq])
                    material[sq] = kind_material[piece & KIND_MASK]

    # -- capture sequences -----------------------------------------------------------------

    def capturer(self, sq: int, side: int) -> int:
        """The square of ``side``'s least valuable piece that can legally capture on ``sq`` as
        the scratch board stands (ties: the lower square), or -1 when none can."""
        board = self.board
        cells = board  # C chars, compiled (`core.position.BOARD`)
        attackers = self.found  # C chars, compiled
        count = self.probe.attackers_into(board, sq, side, self.found)
        if not count:
            return -1
        order = self.order
        for index in range(1, count):  # by (order value, square), by insertion
            s = attackers[index]
            place = index
            while place and (
                order[attackers[place - 1]] > order[s]
                or order[attackers[place - 1]] == order[s]
                and attackers[place - 1] > s
            ):
                attackers[place] = attackers[place - 1]
                place -= 1
            attackers[place] = s
        victim = cells[sq]
        if victim == self.royal[side ^ 1]:
            return attackers[0]  # taking the royal piece ends the game: always allowed
        own_royal = self.royal[side]
        royal_sq = self.kings[side]
        probe = self.probe
        for index in range(count):
            s = attackers[index]
            piece = cells[s]
            cells[sq] = piece
            cells[s] = 0
            at = sq if piece == own_royal else royal_sq
            exposed = at >= 0 and probe.royal_attacked(board, at, side ^ 1)
            cells[s] = piece
            cells[sq] = victim
            if not exposed:
                return s
        return -1

    def played_out(self, sq: int, side: int, floor: int, ceiling: int) -> int:
        """Play the capture sequence on ``sq`` with ``side`` capturing first, every side
        capturing while it can, and restore the board: returns the number of captures, their
        capturers' squares and the material each wins left in `capturers` and `gains`.
        Optimal stopping is `resolve`'s. Stops as soon as the captures made decide that the
        first capturer wins at most ``floor`` or at least ``ceiling`` (the next capture, if
        any, winning the piece that made the last one, and every later one optional), leaving
        in `bound` that figure's bound on the deciding side; `UNKNOWN` there when the sequence
        was played out."""
        cells = self.board  # C chars, compiled (`core.position.BOARD`)
        order, material, kings, royal = self.order, self.material, self.kings, self.royal
        capturers, gains, trail = self.capturers, self.gains, self.trail
        start_piece, start_order, start_material = cells[sq], order[sq], material[sq]
        first_king, second_king = kings[0], kings[1]
        self.bound = UNKNOWN
        count = 0
        while True:
            s = self.capturer(sq, side)
            if s < 0:
                break
            victim = cells[sq]
            gains[count] = material[sq]
            capturers[count] = s
            piece = cells[s]
            trail[3 * count] = piece
            trail[3 * count + 1] = order[s]
            trail[3 * count + 2] = material[s]
            count += 1
            if victim == royal[side ^ 1]:
                break
            cells[sq], order[sq], material[sq] = piece, order[s], material[s]
            cells[s] = 0
            if piece == royal[side]:
                kings[side] = sq
            side ^= 1
            low, high = 0, material[sq]  # what the next capturer may add, as `resolved` counts
            for index in range(count - 1, 0, -1):
                low, high = max(gains[index] - high, 0), max(gains[index] - low, 0)
            if gains[0] - low <= floor:
                self.bound = gains[0] - low
                break
            if gains[0] - high >= ceiling:
                self.bound = gains[0] - high
                break
        for index in range(count - 1, -1, -1):
            s = capturers[index]
            cells[s] = trail[3 * index]
            order[s] = trail[3 * index + 1]
            material[s] = trail[3 * index + 2]
        cells[sq], order[sq], material[sq] = start_piece, start_order, start_material
        kings[0], kings[1] = first_king, second_king
        return count

    def sequence(self, sq: int, side: int) -> tuple[list[int], list[int]]:
        """The full capture sequence on ``sq`` with ``side`` capturing first: the capturers'
        squares and the material each capture wins, every side capturing while it can (the
        board is restored afterwards). Optimal stopping is `resolve`'s."""
        count = self.played_out(sq, side, NO_CAPTURE, -NO_CAPTURE)
        return list(self.capturers[:count]), list(self.gains[:count])

    def won(self, sq: int, side: int) -> int:
        """What ``side`` wins (negative: loses) by capturing first on ``sq`` and then playing
        the sequence out with both sides free to stop; `NO_CAPTURE` when it cannot capture
        there."""
        return self.won_within(sq, side, NO_CAPTURE, -NO_CAPTURE)

    def won_within(self, sq: int, side: int, floor: int, ceiling: int) -> int:
        """`won`, or, where the captures decide it sooner (`played_out`), a bound on it that
        is itself at most ``floor`` or at least ``ceiling``: the same answer to whether `won`
        is at most ``floor``, or at least ``ceiling``."""
        count = self.played_out(sq, side, floor, ceiling)
        if not count:
            return NO_CAPTURE
        return resolved(self.gains, count)[0] if self.bound == UNKNOWN else self.bound

    def exchange(self, sq: int, side: int) -> int | None:
        """`won`, None where it cannot capture."""
        won = self.won(sq, side)
        return None if won == NO_CAPTURE else won

    def standing(self, sq: int, side: int) -> int:
        """`won` on ``sq`` in the position as it stands (no move played on the scratch board)
        as far as its sign goes (`won_within` 0): `NO_CAPTURE`, or a figure of the same sign,
        kept once computed."""
        index = sq << 1 | side
        if self.standings[index] == UNKNOWN:
            self.standings[index] = self.won_within(sq, side, -1, 1)
        return self.standings[index]

    # -- a move played on the scratch board ------------------------------------------------

    def play(self, move: int) -> int:
        """Play ``move`` on the scratch board, the tables following the pieces (a promoted
        piece taking its new kind's), as the position's make would move them; returns the
        material it captures or gains by promotion. `take_back` restores both."""
        played = self.played
        played.decode(move)
        cells = self.board  # C chars, compiled (`core.position.BOARD`)
        order, material, undo = self.order, self.material, self.undo
        frm, to, victim = played.frm, played.to, played.victim
        piece = cells[frm]
        side = piece >> COLOR_SHIFT
        undo[15], undo[16] = self.kings[0], self.kings[1]
        self.keep(0, frm)
        self.keep(3, to)
        gain = material[to]
        cells[to], order[to], material[to] = piece, order[frm], material[frm]
        cells[frm] = order[frm] = material[frm] = 0
        if victim >= 0:
            self.keep(6, victim)
            gain += material[victim]
            cells[victim] = order[victim] = material[victim] = 0
        companion = played.companion_from
        if companion >= 0:
            target = played.companion_to
            self.keep(9, companion)
            self.keep(12, target)
            cells[target], order[target], material[target] = undo[9], undo[10], undo[11]
            cells[companion] = order[companion] = material[companion] = 0
        promotion = played.promotion
        if promotion:
            gain += self.kind_material[promotion] - material[to]
            cells[to] = promotion | side << COLOR_SHIFT
            order[to] = self.tables.first_values[promotion]
            material[to] = self.kind_material[promotion]
        if piece == self.royal[side]:
            self.kings[side] = to
        if undo[3] == self.royal[side ^ 1]:
            self.kings[side ^ 1] = -1
        return gain

    def keep(self, slot: int, sq: int) -> None:
        """Keep the piece, order value and material on ``sq`` in `undo` from ``slot``."""
        undo = self.undo
        undo[slot] = self.board[sq]
        undo[slot + 1] = self.order[sq]
        undo[slot + 2] = self.material[sq]

    def restore(self, slot: int, sq: int) -> None:
        """Put back on ``sq`` what `keep` kept from ``slot``."""
        undo = self.undo
        self.board[sq] = undo[slot]
        self.order[sq] = undo[slot + 1]
        self.material[sq] = undo[slot + 2]

    def take_back(self) -> None:
        """Undo the last `play`."""
        played = self.played
        if played.companion_from >= 0:
            self.restore(12, played.companion_to)
            self.restore(9, played.companion_from)
        if played.victim >= 0:
            self.restore(6, played.victim)
        self.restore(3, played.to)
        self.restore(0, played.frm)
        self.kings[0], self.kings[1] = self.undo[15], self.undo[16]

    # -- control ------------------------------------------------------------------------------

    def occupied_control(self, sq: int) -> int:
        piece = self.board[sq]
        owner = piece >> COLOR_SHIFT
        won = self.standing(sq, owner ^ 1)
        if won == NO_CAPTURE:
            return CONTROL[owner] if self.capturer(sq, owner) >= 0 else NEUTRAL
        if won > 0:
            return CONTROL[owner ^ 1]
        return CONTROL[owner] if won < 0 else NEUTRAL

    def safe_value(self, move: int) -> int:
        """The material of the piece ``move`` (of the scratch position's side to move) brings
        to its empty target square if the move loses no material there, else -1."""
        slot = 3 * self.settled(move)
        return self.outcomes[slot] if self.outcomes[slot + 2] >= 0 else -1

    def outcome(self, move: int) -> tuple[int, int, int]:
        """What ``move`` (of the scratch position's side to move) does on its target square:
        (the material of the piece arriving there, the material it captures or gains by
        promotion, that gain net of the opponent's best capture sequence on the square
        afterwards, the opponent free not to capture). A move is *safe* when the last figure
        is not negative. Worked out each time it is asked (in the spare slot of `outcomes`)."""
        slot = 3 * OUTCOME_SLOTS
        self.work_out(move, slot, True)
        return self.outcomes[slot], self.outcomes[slot + 1], self.outcomes[slot + 2]

    def gain(self, move: int) -> int:
        """`outcome`'s second figure."""
        return self.outcomes[3 * self.settled(move) + 1]

    def net(self, move: int) -> int:
        """A figure negative exactly where `outcome`'s third figure is: where ``move`` is
        unsafe."""
        return self.outcomes[3 * self.settled(move) + 2]

    def settled(self, move: int) -> int:
        """The slot of ``move``'s outcome in `outcomes` (three figures a slot, the last as
        `net` gives it), worked out first where it is not kept. The outcomes are kept in an
        open-addressing table keyed by the move (a move's from-square names its side, so the
        opponent's moves, asked for after a null move, never share an entry with these),
        `KEPT_OUTCOMES` of them at most; beyond, one is worked out in the spare slot each time
        it is asked."""
        moves = self.outcome_moves
        slot = (move ^ move >> SQUARE_BITS ^ move >> 2 * SQUARE_BITS) & OUTCOME_SLOTS - 1
        while moves[slot] and moves[slot] != move:
            slot = slot + 1 & OUTCOME_SLOTS - 1
        if moves[slot] != move:
            if self.kept_outcomes < KEPT_OUTCOMES:
                moves[slot] = move
                self.kept_outcomes += 1
            else:
                slot = OUTCOME_SLOTS
            self.work_out(move, 3 * slot, False)
        return slot

    def work_out(self, move: int, at: int, exact: bool) -> None:
        """Write ``move``'s `outcome` into `outcomes` from ``at``: the last figure as `net`
        gives it, or ``exact``."""
        side = self.board[move & SQUARE_MASK] >> COLOR_SHIFT
        gain = self.play(move)
        to = self.played.to
        arrived = self.material[to]
        if exact:
            won = self.won(to, side ^ 1)
        else:  # safe exactly when the opponent wins at most the gain
            won = self.won_within(to, side ^ 1, gain, gain + 1)
        self.take_back()
        self.outcomes[at] = arrived
        self.outcomes[at + 1] = gain
        self.outcomes[at + 2] = gain - max(won, 0)

    def empty_control_map(self, wanted: bytearray) -> array:
        """The control of each square ``wanted`` flags (empty squares), 0 elsewhere: per
        square, an int8 `array`."""
        pos, variant = self.pos, self.variant
        material, kind_material = self.material, self.kind_material
        size = len(self.board)
        best = ([-1] * size, [-1] * size)
        for turn in (0, 1):
            if turn:
                pos.make_null()
            side = pos.side
            moves = variant.legal_moves(pos)
            block = array("q", bytes(KEY_BYTES * len(moves)))
            keys = block  # compiled, a typed view
            count = 0
            for move in moves:
                to = move >> SQUARE_BITS & SQUARE_MASK
                if wanted[to] and move >> SPECIAL_SHIFT != DOUBLE_STEP:
                    promotion = move >> PROMOTION_SHIFT & PROMOTION_MASK
                    value = kind_material[promotion] if promotion else material[move & SQUARE_MASK]
                    # by square, then the more valuable piece first, then the lower move
                    key = to  # compiled, 64 bits wide
                    key = (key << VALUE_BITS | VALUE_MASK - value) << MOVE_BITS | move
                    place = count  # kept sorted by insertion
                    while place and keys[place - 1] > key:
                        keys[place] = keys[place - 1]
                        place -= 1
                    keys[place] = key
                    count += 1
            if turn:
                pos.unmake_null()
            mine, other = best[side], best[side ^ 1]
            current = -1
            decided = False
            floor = -1
            for index in range(count):
                key = keys[index]
                to = key >> MOVE_BITS + VALUE_BITS
                if to != current:
                    current = to
                    decided = False
                    floor = other[to] if turn else -1  # second pass: only a tie or better
                if decided:
                    continue
                value = VALUE_MASK - (key >> MOVE_BITS & VALUE_MASK)
                if value < floor:
                    decided = True
                elif self.safe_value(key & (1 << MOVE_BITS) - 1) >= 0:
                    mine[to] = value
                    decided = True
        first, second = best
        result = array("b", bytes(size))
        controls = result
        for sq in range(size):
            if wanted[sq]:
                if first[sq] > second[sq]:
                    controls[sq] = FIRST
                elif second[sq] > first[sq]:
                    controls[sq] = SECOND
        return result

    def empty_controls(self, squares: list[int]) -> dict[int, int]:
        """The control of each empty square in ``squares``."""
        wanted = bytearray(len(self.board))
        for sq in squares:
            wanted[sq] = 1
        controls = self.empty_control_map(wanted)
        return {sq: controls[sq] for sq in squares}

    def control_map(self) -> array:
        """The chessmap as an int8 `array` (`chessmap`)."""
        board = self.board
        size = len(board)
        empty = bytearray(size)
        for sq in range(size):
            empty[sq] = not board[sq]
        result = self.empty_control_map(empty)
        for sq in range(size):
            if board[sq]:
                result[sq] = self.occupied_control(sq)
        return result

    def chessmap(self) -> np.ndarray:
        return np.array(self.control_map(), dtype=np.int8)


def resolved(gains: array, count: int) -> tuple[int, int]:
    """`resolve` of the first ``count`` of ``gains`` (ints)."""
    best = 0
    made = 1
    for index in range(count - 1, 0, -1):
        take = gains[index] - best
        if take > 0:
            best = take
            made += 1  # counted back from the last capture, reset where one side stops
        else:
            best = 0
            made = 1
    return gains[0] - best, made


def resolve(gains: list[int]) -> tuple[int, int]:
    """The outcome of a capture sequence whose captures win ``gains`` in turn, the first
    capture made and every later one optional (a side captures only when that serves it
    better than stopping): (what the first capturer wins, how many captures are made)."""
    return resolved(array("i", gains), len(gains))


def capture_sequence(pos: Position, sq: int, side: int) -> tuple[list[int], list[int]]:
    """The capture sequence on ``sq`` with ``side`` capturing first, every legal capture made
    in turn (least valuable capturer first, the royal piece last): the capturers' squares and
    the material each capture wins. `resolve` finds where the sides would stop."""
    return Exchanges(pos).sequence(sq, side)


def control(pos: Position, sq: int) -> int:
    """The control of ``sq`` in ``pos``: +1 the first player's, -1 the second's, 0 neutral
    (Greer's section 2.1). ``pos`` is left as it was."""
    exchanges = Exchanges(pos)
    if pos.board[sq]:
        return exchanges.occupied_control(sq)
    return exchanges.empty_controls([sq])[sq]


def chessmap(pos: Position) -> np.ndarray:
    """The chessmap of ``pos``: the control of every square (int8, square-index order: rank
    by rank from the first player's side). ``pos`` is left as it was."""
    return Exchanges(pos).chessmap()
