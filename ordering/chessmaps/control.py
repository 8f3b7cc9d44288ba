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

from typing import TYPE_CHECKING

import numpy as np
from xqchess.core.moves import (
    DOUBLE_STEP,
    PROMOTION_MASK,
    PROMOTION_SHIFT,
    SPECIAL_SHIFT,
    SQUARE_BITS,
    SQUARE_MASK,
    move_promotion,
)
from xqchess.core.pieces import COLOR_SHIFT, KIND_MASK
from xqchess.ordering.chessmaps.valueboard import displacements, square_values

if TYPE_CHECKING:
    from xqchess.core.position import Position

#: Control values: the first player's, nobody's, the second player's.
FIRST, NEUTRAL, SECOND = 1, 0, -1
CONTROL = (FIRST, SECOND)  # by color


class Exchanges:
    """Capture sequences on a scratch copy of one position.

    Holds the scratch position (its board is played on and restored), and per square the
    order value (the table value, the royal piece's capture value) and the material of the
    piece standing there, both moved along with the pieces. What a move does on its target
    square (`outcome`) and the exchange on a square as the position stands
    (`standing_exchange`) are kept once computed: the chessmap, the forced pieces and the
    move order ask for them again.
    """

    def __init__(self, pos: Position) -> None:
        self.variant = variant = pos.variant
        self.scratch = pos.copy()
        self.board = self.scratch.board
        table = variant.chessmaps_values
        self.royal = variant.royal_pieces
        self.kind_material = table.material
        self.royal_value = table.royal_exchange_value
        self.order, self.material = self.tables(square_values(pos))
        self._outcomes: dict[int, tuple[int, int, int]] = {}
        self._standing: dict[tuple[int, int], int | None] = {}

    def tables(self, values: list[int]) -> tuple[list[int], list[int]]:
        """Per square, the order value and the material of the piece on ``self.board``."""
        order = [abs(v) for v in values]
        material = [0] * len(values)
        for sq, piece in enumerate(self.board):
            if piece:
                if piece in self.royal:
                    order[sq] = material[sq] = self.royal_value
                else:
                    material[sq] = self.kind_material[piece & KIND_MASK]
        return order, material

    # -- capture sequences -----------------------------------------------------------------

    def capturer(self, sq: int, side: int) -> int:
        """The square of ``side``'s least valuable piece that can legally capture on ``sq`` as
        the scratch board stands (ties: the lower square), or -1 when none can."""
        board = self.board
        candidates = self.variant.attackers(board, sq, side)
        if not candidates:
            return -1
        if len(candidates) > 1:
            order = self.order
            candidates = [s for _, s in sorted([(order[s], s) for s in candidates])]
        victim = board[sq]
        if victim == self.royal[side ^ 1]:
            return candidates[0]  # taking the royal piece ends the game: always allowed
        own_royal = self.royal[side]
        royal_sq = self.scratch.kings[side]
        royal_attacked = self.variant.royal_attacked
        for s in candidates:
            piece = board[s]
            board[sq] = piece
            board[s] = 0
            at = sq if piece == own_royal else royal_sq
            exposed = at >= 0 and royal_attacked(board, at, side ^ 1)
            board[s] = piece
            board[sq] = victim
            if not exposed:
                return s
        return -1

    def sequence(self, sq: int, side: int) -> tuple[list[int], list[int]]:
        """The full capture sequence on ``sq`` with ``side`` capturing first: the capturers'
        squares and the material each capture wins, every side capturing while it can (the
        board is restored afterwards). Optimal stopping is `resolve`'s."""
        board, order, material, kings = self.board, self.order, self.material, self.scratch.kings
        royal = self.royal
        start = (board[sq], order[sq], material[sq])
        saved_kings = list(kings)
        trail: list[tuple[int, int, int, int]] = []
        gains: list[int] = []
        while True:
            s = self.capturer(sq, side)
            if s < 0:
                break
            victim = board[sq]
            gains.append(material[sq])
            trail.append((s, board[s], order[s], material[s]))
            if victim == royal[side ^ 1]:
                break
            piece = board[s]
            board[sq], order[sq], material[sq] = piece, order[s], material[s]
            board[s] = 0
            if piece == royal[side]:
                kings[side] = sq
            side ^= 1
        for s, piece, o, m in reversed(trail):
            board[s], order[s], material[s] = piece, o, m
        board[sq], order[sq], material[sq] = start
        kings[:] = saved_kings
        return [s for s, _, _, _ in trail], gains

    def exchange(self, sq: int, side: int) -> int | None:
        """What ``side`` wins (negative: loses) by capturing first on ``sq`` and then playing
        the sequence out with both sides free to stop; None when it cannot capture there."""
        _, gains = self.sequence(sq, side)
        return resolve(gains)[0] if gains else None

    def standing_exchange(self, sq: int, side: int) -> int | None:
        """`exchange` on ``sq`` in the position as it stands (no move played on the scratch
        board), kept once computed."""
        key = (sq, side)
        if key not in self._standing:
            self._standing[key] = self.exchange(sq, side)
        return self._standing[key]

    # -- control ------------------------------------------------------------------------------

    def occupied_control(self, sq: int) -> int:
        piece = self.board[sq]
        owner = piece >> COLOR_SHIFT
        won = self.standing_exchange(sq, owner ^ 1)
        if won is None:
            return CONTROL[owner] if self.capturer(sq, owner) >= 0 else NEUTRAL
        if won > 0:
            return CONTROL[owner ^ 1]
        return CONTROL[owner] if won < 0 else NEUTRAL

    def safe_value(self, move: int) -> int:
        """The material of the piece ``move`` (of the scratch position's side to move) brings
        to its empty target square if the move loses no material there, else -1."""
        arrived, _, net = self.outcome(move)
        return arrived if net >= 0 else -1

    def outcome(self, move: int) -> tuple[int, int, int]:
        """What ``move`` (of the scratch position's side to move) does on its target square:
        (the material of the piece arriving there, the material it captures or gains by
        promotion, that gain net of the opponent's best capture sequence on the square
        afterwards, the opponent free not to capture). A move is *safe* when the last figure
        is not negative. Kept once computed (a move's from-square names its side, so the
        opponent's moves, asked for after a null move, never share an entry with these)."""
        known = self._outcomes.get(move)
        if known is None:
            known = self._outcomes[move] = self._outcome(move)
        return known

    def _outcome(self, move: int) -> tuple[int, int, int]:
        scratch, order, material = self.scratch, self.order, self.material
        moved, cleared = displacements(self.variant, move)
        frm, to = moved[0]
        side = self.board[frm] >> COLOR_SHIFT
        # the victim on the target square, or an en-passant victim beside it
        gain = material[to] + sum(material[sq] for sq in cleared)
        # the tables follow the pieces (restored below), as the board does under make
        undo = []
        for src, dst in moved:
            undo.append((dst, order[dst], material[dst]))
            undo.append((src, order[src], material[src]))
            order[dst], material[dst] = order[src], material[src]
            order[src] = material[src] = 0
        for sq in cleared:
            undo.append((sq, order[sq], material[sq]))
            order[sq] = material[sq] = 0
        promotion = move_promotion(move)
        if promotion:
            gain += self.kind_material[promotion] - material[to]
            order[to] = self.variant.chessmaps_values.values[promotion][0]
            material[to] = self.kind_material[promotion]
        arrived = material[to]
        scratch.make(move)
        won = self.exchange(to, side ^ 1)
        scratch.unmake()
        for sq, o, m in reversed(undo):
            order[sq], material[sq] = o, m
        return arrived, gain, gain - max(won or 0, 0)

    def empty_controls(self, squares: list[int]) -> dict[int, int]:
        """The control of each empty square in ``squares``."""
        scratch = self.scratch
        best = [dict.fromkeys(squares, -1), dict.fromkeys(squares, -1)]
        wanted = set(squares)
        for turn in (0, 1):
            if turn:
                scratch.make_null()
            side = scratch.side
            by_square: dict[int, list[tuple[int, int]]] = {}
            material = self.material
            for move in self.variant.legal_moves(scratch):
                to = move >> SQUARE_BITS & SQUARE_MASK
                if to in wanted and move >> SPECIAL_SHIFT != DOUBLE_STEP:
                    promotion = move >> PROMOTION_SHIFT & PROMOTION_MASK
                    value = (
                        self.kind_material[promotion] if promotion else material[move & SQUARE_MASK]
                    )
                    by_square.setdefault(to, []).append((value, move))
            other = best[side ^ 1]
            mine = best[side]
            for to, moves in by_square.items():
                floor = other[to] if turn else -1  # second pass: only a tie or better matters
                for value, move in sorted(moves, key=lambda vm: (-vm[0], vm[1])):
                    if value < floor:
                        break
                    if self.safe_value(move) >= 0:
                        mine[to] = value
                        break
            if turn:
                scratch.unmake_null()
        first, second = best
        return {
            sq: FIRST if first[sq] > second[sq] else SECOND if second[sq] > first[sq] else NEUTRAL
            for sq in squares
        }

    def chessmap(self) -> np.ndarray:
        board = self.board
        result = np.zeros(len(board), dtype=np.int8)
        empty = []
        for sq, piece in enumerate(board):
            if piece:
                result[sq] = self.occupied_control(sq)
            else:
                empty.append(sq)
        for sq, value in self.empty_controls(empty).items():
            result[sq] = value
        return result


def resolve(gains: list[int]) -> tuple[int, int]:
    """The outcome of a capture sequence whose captures win ``gains`` in turn, the first
    capture made and every later one optional (a side captures only when that serves it
    better than stopping): (what the first capturer wins, how many captures are made)."""
    best = 0
    stops = []
    for gain in reversed(gains[1:]):
        take = gain - best
        stops.append(take > 0)
        best = take if take > 0 else 0
    made = 1
    for take in reversed(stops):
        if not take:
            break
        made += 1
    return gains[0] - best, made


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
