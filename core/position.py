"""A game position with make/unmake through an undo stack, an incremental Zobrist hash and
repetition history.

The undo stack and the hashes are flat arrays of machine integers (`UNDO_FIELDS` per ply),
grown by doubling: a move made or taken back boxes no Python object. `moves_played`,
`move_back`, `captured_back`, `hash_back` and `hashes` read them.

The position holds what every variant's FEN holds: the board (a flat sequence of piece codes,
`BOARD`: a list in the pure-Python kernel, a bytearray in the compiled one), the side to move,
a bitmask of "rights" (chess: castling), an optional ep square (the square a double step
passed, open to a side capture next move), the half-move clock and the move number.
What a move does beyond moving one piece is spelled out by the generic specials of
`core.moves`, so make/unmake never asks which game is played: the variant's tables they read
(zeroing pieces, rights masks, companion moves, side-capture squares, promotion origins, royal
pieces) are copied into the position when it is built, and no move reaches back into the variant.
"""

from __future__ import annotations

from array import array
from collections.abc import MutableSequence, Sequence
from typing import TYPE_CHECKING

from xqchess.core.errors import IllegalMoveError, XQChessError
from xqchess.core.legality import rejection
from xqchess.core.moves import (
    COMPANION,
    DOUBLE_STEP,
    PROMOTION_MASK,
    PROMOTION_SHIFT,
    SIDE_CAPTURE,
    SPECIAL_SHIFT,
    SQUARE_BITS,
    SQUARE_MASK,
    move_from,
    move_to,
)
from xqchess.core.pieces import COLOR_SHIFT
from xqchess.core.see import ExchangeScratch

try:
    import cython

    COMPILED = cython.compiled
except ImportError:  # Cython is a build dependency only
    COMPILED = False

#: The board's storage, chosen per kernel: the compiled kernel reads a bytearray as C chars,
#: and CPython indexes a list faster than a bytearray (it specialises list subscripts). Both
#: hold the same piece codes (below 256), so both kernels search the same trees. The hot
#: loops name the board a second time, ``cells = board``, typed in their ``.pxd`` as a C
#: pointer into the bytearray: read and written with no index check or wraparound (every
#: index there is a square from the tables or a move); in Python it is the same list.
BOARD = bytearray if COMPILED else list
#: a board of either kernel, in annotations
Board = MutableSequence[int]
#: per ply on the undo stack: the move (0: a pass), the piece it captured, the rights, the ep
#: square (-1: none), the half-move clock and the score before it
UNDO_FIELDS = 6
#: the plies the undo stack and the hashes first hold room for (they double when full)
FIRST_CAPACITY = 128

if TYPE_CHECKING:
    from xqchess.core.outcome import Outcome
    from xqchess.core.variant import Variant


def placement(variant: Variant, board: Sequence[int]) -> str:
    """FEN's first field: ``board``'s pieces by their letters in ``variant``, the far rank
    first, runs of empty squares as digits."""
    geometry = variant.geometry
    rows = []
    for rank in range(geometry.ranks - 1, -1, -1):
        row = ""
        empty = 0
        for file in range(geometry.files):
            piece = board[geometry.square(file, rank)]
            if piece:
                if empty:
                    row += str(empty)
                    empty = 0
                row += variant.piece_letters[piece]
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


class Position:
    """Mutable game state; ``make`` and ``unmake`` are exact inverses, hash included."""

    __slots__ = (
        "variant",
        "board",
        "side",
        "rights",
        "ep",
        "halfmove",
        "fullmove",
        "hash",
        "score",
        "kings",
        "piece_counts",
        "plies",
        "_undo_stack",
        "_hash_stack",
        "_phase_total",
        "tempo",
        "_zobrist",
        "_piece_keys",
        "_side_key",
        "_squares",
        "_psq",
        "_zeroing",
        "_rights_mask",
        "_companions",
        "_side_capture_squares",
        "_side_capture_victim",
        "_promotion_origin",
        "_royal",
        "_exchange_values",
        "_exchange_lines",
        "_attack_probe",
        "_exchange_scratch",
        "_kind_values",
        "_generator",
        "_ep_capture_possible",
    )

    def __init__(
        self,
        variant: Variant,
        board: Sequence[int],
        side: int,
        rights: int = 0,
        ep: int | None = None,
        halfmove: int = 0,
        fullmove: int = 1,
    ) -> None:
        self.variant = variant
        self.board = cells = BOARD(board)
        if len(cells) != variant.geometry.size:  # the move generators index it unchecked
            raise XQChessError(
                f"a {variant.name} board has {variant.geometry.size} squares, not {len(cells)}"
            )
        self.side = side
        self.rights = rights
        self.ep = ep
        self.halfmove = halfmove
        self.fullmove = fullmove
        self._zobrist = zobrist = variant.zobrist
        self._piece_keys = zobrist.flat_pieces
        self._side_key = zobrist.side
        self._squares = variant.geometry.size
        self._psq = variant.piece_square
        self._zeroing = variant.zeroing
        self._rights_mask = variant.rights_mask
        self._companions = variant.companion_moves
        self._side_capture_squares = variant.side_capture_squares
        self._side_capture_victim = variant.side_capture_victim
        self._promotion_origin = variant.promotion_origin
        self._royal = royal = variant.royal_pieces
        self._exchange_values = variant.exchange_values  # what `core.see` reads per exchange
        self._exchange_lines = variant.exchange_lines
        self._attack_probe = variant.attack_probe
        self._exchange_scratch = ExchangeScratch()  # the buffers `core.see` works in
        self._kind_values = variant.kind_values  # what the search's capture keys read
        self._generator = variant.move_generator  # the variant's rules, as one object
        self._ep_capture_possible = variant.ep_capture_possible
        self._phase_total = variant.phase_total  # what the tapered evaluation blends by
        #: centipawns every evaluation adds for the side to move (`core.evaluation`); a
        #: search sets its configuration's for its duration
        self.tempo = 0
        self.kings = [
            next((sq for sq, p in enumerate(cells) if p == royal[color]), -1) for color in (0, 1)
        ]
        #: each color's number of pieces on the board (the search's dead-material and
        #: bare-king tests read it at every node)
        self.piece_counts = [len(squares) for squares in self.occupied]
        #: the moves (and passes) on the undo stack
        self.plies = 0
        self._undo_stack = array("q", bytes(8 * UNDO_FIELDS * FIRST_CAPACITY))
        self._hash_stack = array("Q", bytes(8 * FIRST_CAPACITY))
        self.hash = self.compute_hash()
        self._hash_stack[0] = self.hash
        self.score = self.compute_score()

    @property
    def occupied(self) -> list[set[int]]:
        """Each color's occupied squares, read from the board (not kept through make/unmake:
        the move generators walk the board itself)."""
        cells = self.board
        return [
            {sq for sq, p in enumerate(cells) if p and p >> COLOR_SHIFT == color}
            for color in (0, 1)
        ]

    # -- hashing -----------------------------------------------------------------------------

    def compute_hash(self) -> int:
        """The Zobrist hash computed from scratch (the incremental one must always equal it)."""
        z = self._zobrist
        h = 0
        for sq, p in enumerate(self.board):
            if p:
                h ^= z.pieces[p][sq]
        if self.side:
            h ^= z.side
        h ^= z.rights[self.rights]
        if self.ep is not None:
            h ^= z.ep[self.ep]
        return h

    def compute_score(self) -> int:
        """Material plus square tables from scratch, first player's view (kept incrementally)."""
        psq = self._psq
        return sum(psq[p][sq] for sq, p in enumerate(self.board) if p)

    def use_tables(self, tables: list[list[int]]) -> list[list[int]]:
        """Score the position with the packed tables ``tables`` (`Variant.piece_square` or
        `Variant.tapered_piece_square`) from now on, and return the ones it used. The scores
        saved for unmaking are not rescored, so a caller that switches tables must take back
        the moves it makes before switching back (as a search does)."""
        previous = self._psq
        if tables is not previous:
            self._psq = tables
            self.score = self.compute_score()
        return previous

    # -- make / unmake -----------------------------------------------------------------------

    def make(self, move: int) -> None:
        """Play ``move`` (assumed legal); ``unmake`` takes it back exactly."""
        board = self.board
        cells = board  # C chars, compiled (`BOARD`)
        frm = move & SQUARE_MASK
        to = move >> SQUARE_BITS & SQUARE_MASK
        piece = cells[frm]
        captured = cells[to]
        side = self.side
        h = self.hash
        # the hash before the move is not kept: it is the one below on the hash stack
        self._push_undo(move, captured)
        keys = self._piece_keys
        base = piece * self._squares
        h ^= keys[base + frm] ^ keys[base + to] ^ self._side_key
        psq = self._psq
        pp = psq[piece]
        arrival = pp[to]  # typed locals: the compiled kernel adds C ints
        departure = pp[frm]
        self.score += arrival - departure
        cells[frm] = 0
        cells[to] = piece
        if captured:
            h ^= keys[captured * self._squares + to]
            taken = psq[captured][to]
            self.score -= taken
            self.piece_counts[side ^ 1] -= 1
            self.halfmove = 0
            if self.kings[side ^ 1] == to:
                self.kings[side ^ 1] = -1
        elif self._zeroing[piece]:
            self.halfmove = 0
        else:
            self.halfmove += 1
        if self.ep is not None:
            h ^= self._zobrist.ep[self.ep]
            self.ep = None
        rights = self.rights
        if rights:
            masks = self._rights_mask
            new_rights = rights & masks[frm] & masks[to]
            if new_rights != rights:
                z = self._zobrist
                h ^= z.rights[rights] ^ z.rights[new_rights]
                self.rights = new_rights
        if self.kings[side] == frm:
            self.kings[side] = to
        special = 0
        if move >> PROMOTION_SHIFT:  # not a plain move
            special = move >> SPECIAL_SHIFT
            if special != DOUBLE_STEP:  # a promotion, side capture or companion move
                h = self._make_special(move, frm, to, piece, side, h)
        self.side = side ^ 1
        if side:
            self.fullmove += 1
        self.hash = h
        self._hash_stack[self.plies] = h
        if special == DOUBLE_STEP:
            self._open_ep((frm + to) >> 1)

    def _push_undo(self, move: int, captured: int) -> None:
        """Put on the undo stack what ``make`` or ``make_null`` is about to change, with room
        for the hash after it."""
        plies = self.plies
        if plies + 1 >= len(self._hash_stack):
            self._grow()
        undo = self._undo_stack
        base = plies * UNDO_FIELDS
        undo[base] = move
        undo[base + 1] = captured
        undo[base + 2] = self.rights
        undo[base + 3] = -1 if self.ep is None else self.ep
        undo[base + 4] = self.halfmove
        undo[base + 5] = self.score
        self.plies = plies + 1

    def _pop_undo(self) -> int:
        """Take the last entry off the undo stack, restoring what it saved (the hash included);
        returns its move."""
        plies = self.plies - 1
        if plies < 0:
            raise IndexError("no move to take back")
        self.plies = plies
        undo = self._undo_stack
        base = plies * UNDO_FIELDS
        self.rights = undo[base + 2]
        ep = undo[base + 3]
        self.ep = None if ep < 0 else ep
        self.halfmove = undo[base + 4]
        self.score = undo[base + 5]
        self.hash = self._hash_stack[plies]
        return undo[base]

    def _grow(self) -> None:
        """Double the room of the undo stack and the hashes."""
        self._undo_stack, self._hash_stack = self._stacks(2 * len(self._hash_stack))

    def _stacks(self, capacity: int) -> tuple[array, array]:
        """New arrays for the undo stack and the hashes with room for ``capacity`` plies,
        holding what this position's hold."""
        undo = array("q", bytes(8 * UNDO_FIELDS * capacity))
        hashes = array("Q", bytes(8 * capacity))
        old_undo = self._undo_stack
        old_hashes = self._hash_stack
        plies = self.plies
        for i in range(UNDO_FIELDS * plies):
            undo[i] = old_undo[i]
        for i in range(plies + 1):
            hashes[i] = old_hashes[i]
        return undo, hashes

    def _make_special(self, move: int, frm: int, to: int, piece: int, side: int, h: int) -> int:
        board = self.board
        cells = board  # C chars, compiled (`BOARD`)
        z = self._zobrist
        promotion = move >> PROMOTION_SHIFT & PROMOTION_MASK
        special = move >> SPECIAL_SHIFT
        if promotion:
            new_piece = promotion | side << COLOR_SHIFT
            cells[to] = new_piece
            h ^= z.pieces[piece][to] ^ z.pieces[new_piece][to]
            self.score += self._psq[new_piece][to] - self._psq[piece][to]
        if special == SIDE_CAPTURE:
            victim_sq = self._side_capture_squares[to]
            victim = cells[victim_sq]
            cells[victim_sq] = 0
            self.piece_counts[side ^ 1] -= 1
            h ^= z.pieces[victim][victim_sq]
            self.score -= self._psq[victim][victim_sq]
            self.halfmove = 0
        elif special == COMPANION:
            c_from, c_to = self._companions[to]
            companion = cells[c_from]
            cells[c_from] = 0
            cells[c_to] = companion
            h ^= z.pieces[companion][c_from] ^ z.pieces[companion][c_to]
            self.score += self._psq[companion][c_to] - self._psq[companion][c_from]
        return h

    def _open_ep(self, passed: int) -> None:
        """After a double step, record the passed square if the side to move can capture there.

        Only a legal side capture makes positions differ, so only then is the square part of the
        position (its FEN and hash), as the repetition rules require.
        """
        if self._ep_capture_possible(self, passed):
            self.ep = passed
            self.hash ^= self._zobrist.ep[passed]
            self._hash_stack[self.plies] = self.hash

    def unmake(self) -> None:
        """Take back the last move played with ``make``."""
        move = self._pop_undo()
        captured = self._undo_stack[self.plies * UNDO_FIELDS + 1]
        board = self.board
        cells = board  # C chars, compiled (`BOARD`)
        frm = move & SQUARE_MASK
        to = move >> SQUARE_BITS & SQUARE_MASK
        side = self.side ^ 1
        self.side = side
        if side:
            self.fullmove -= 1
        piece = cells[to]
        cells[frm] = piece
        cells[to] = captured
        if captured:
            self.piece_counts[side ^ 1] += 1
            if self.kings[side ^ 1] < 0 and captured == self._royal[side ^ 1]:
                self.kings[side ^ 1] = to
        if self.kings[side] == to:
            self.kings[side] = frm
        if move >> PROMOTION_SHIFT and move >> SPECIAL_SHIFT != DOUBLE_STEP:
            self._unmake_special(move, frm, to, side)

    def _unmake_special(self, move: int, frm: int, to: int, side: int) -> None:
        board = self.board
        cells = board  # C chars, compiled (`BOARD`)
        special = move >> SPECIAL_SHIFT
        if move >> PROMOTION_SHIFT & PROMOTION_MASK:
            cells[frm] = self._promotion_origin[side]
        if special == SIDE_CAPTURE:
            victim_sq = self._side_capture_squares[to]
            cells[victim_sq] = self._side_capture_victim[side]
            self.piece_counts[side ^ 1] += 1
        elif special == COMPANION:
            c_from, c_to = self._companions[to]
            cells[c_from] = cells[c_to]
            cells[c_to] = 0

    def make_null(self) -> None:
        """Pass the move (for null-move pruning); ``unmake_null`` takes it back. A pass is
        not a move of the game, so a repetition across it is not counted: the count of
        reversible plies, which bounds the repetition scan, restarts at 0."""
        self._push_undo(0, 0)
        self.halfmove = 0
        h = self.hash ^ self._zobrist.side
        if self.ep is not None:
            h ^= self._zobrist.ep[self.ep]
            self.ep = None
        self.side ^= 1
        self.hash = h
        self._hash_stack[self.plies] = h

    def unmake_null(self) -> None:
        self._pop_undo()
        self.side ^= 1

    def push(self, move: int) -> None:
        """Play ``move`` after checking that it is legal; an illegal move changes nothing and
        raises IllegalMoveError saying why (`core.legality.rejection`)."""
        legal = self.legal_moves()
        if move not in legal:
            frm, to = move_from(move), move_to(move)
            if any(move_from(m) == frm and move_to(m) == to for m in legal):
                reason = "no legal move between those squares has its promotion or kind"
            else:
                reason = rejection(self, frm, to)
            raise IllegalMoveError(f"illegal move {self.variant.move_to_uci(self, move)}: {reason}")
        self.make(move)

    # -- history -----------------------------------------------------------------------------

    def move_back(self, back: int) -> int:
        """The move played ``back`` plies before the last one (0: the last), 0 for a pass;
        IndexError unless ``back`` is below `plies`."""
        if not 0 <= back < self.plies:
            raise IndexError(f"{back} plies back is not on the undo stack of {self.plies}")
        return self._undo_stack[(self.plies - 1 - back) * UNDO_FIELDS]

    def captured_back(self, back: int) -> int:
        """The piece that move captured on its destination square (0: none)."""
        if not 0 <= back < self.plies:
            raise IndexError(f"{back} plies back is not on the undo stack of {self.plies}")
        return self._undo_stack[(self.plies - 1 - back) * UNDO_FIELDS + 1]

    def hash_back(self, back: int) -> int:
        """The hash of the position ``back`` plies ago (0: this one); IndexError unless
        ``back`` is at most `plies`."""
        if not 0 <= back <= self.plies:
            raise IndexError(f"{back} plies back is not in the history of {self.plies}")
        return self._hash_stack[self.plies - back]

    def moves_played(self) -> list[int]:
        """The moves on the undo stack, the first played first (0 for a pass)."""
        undo = self._undo_stack
        return [undo[ply * UNDO_FIELDS] for ply in range(self.plies)]

    @property
    def hashes(self) -> list[int]:
        """The hashes of the positions since the undo stack began, this one last."""
        stack = self._hash_stack
        return [stack[ply] for ply in range(self.plies + 1)]

    def forget_history(self) -> None:
        """Empty the undo stack: this position becomes the first of its history (its hash
        the only one repetitions are counted against)."""
        self.plies = 0
        self._hash_stack[0] = self.hash

    # -- queries -----------------------------------------------------------------------------

    def legal_moves(self) -> list[int]:
        """The legal moves, in the kernel's generation order: a function of the position alone
        (pieces walked by ascending origin square, each piece's moves in its tables' order),
        never of how the position was reached, so that searches are reproducible."""
        return self._generator.legal_moves(self)

    def legal_captures(self) -> list[int]:
        """The legal captures and promotions, in `legal_moves`'s order (what quiescence and
        staged move picking search first)."""
        return self._generator.legal_captures(self)

    def is_check(self) -> bool:
        return self._generator.is_check(self)

    def gives_check(self, move: int) -> bool:
        """Whether ``move``, legal here, checks the other side. A quiet move without a
        special effect (a plain step or a double step) is only shifted on the board, with the
        side to move, around the check test and shifted back: no hash, score or undo entry is
        touched. Any other move is made and taken back."""
        board = self.board
        cells = board  # C chars, compiled (`BOARD`)
        frm = move & SQUARE_MASK
        to = move >> SQUARE_BITS & SQUARE_MASK
        if cells[to] or (move >> PROMOTION_SHIFT and move >> SPECIAL_SHIFT != DOUBLE_STEP):
            self.make(move)
            check = self._generator.is_check(self)
            self.unmake()
            return check
        side = self.side
        piece = cells[frm]
        cells[frm] = 0
        cells[to] = piece
        king_moved = self.kings[side] == frm
        if king_moved:
            self.kings[side] = to
        self.side = side ^ 1
        check = self._generator.is_check(self)
        self.side = side
        if king_moved:
            self.kings[side] = frm
        cells[to] = 0
        cells[frm] = piece
        return check

    def piece_legal_moves(self, frm: int) -> list[int]:
        """The legal moves of the side to move's piece on ``frm`` (none when ``frm`` is off the
        board or holds none of its pieces), in the order `legal_moves` lists them."""
        if frm < 0 or frm >= self._squares:
            return []
        piece = self.board[frm]
        if not piece or piece >> COLOR_SHIFT != self.side:
            return []
        return self._generator.origin_moves(self, frm)

    def is_legal(self, move: int) -> bool:
        """Whether ``move`` (a transposition table's or a killer's, say) is legal here: found
        among its piece's legal moves, without generating the others'."""
        return move in self.piece_legal_moves(move & SQUARE_MASK)

    def outcome(self, claim_draw: bool = False) -> Outcome | None:
        return self.variant.outcome(self, claim_draw)

    def checks_back(self, depth: int) -> list[bool]:
        """Whether the side to move was in check, now and in each of the ``depth`` positions
        before (index = plies back), replayed on a copy."""
        probe = self.copy()
        flags = [probe.is_check()]
        for _ in range(depth):
            probe.unmake()
            flags.append(probe.is_check())
        return flags

    def repetitions(self) -> int:
        """How often the current position has occurred, counting itself, since the clock's reset."""
        stack, current, plies = self._hash_stack, self.hash, self.plies
        return sum(stack[ply] == current for ply in range(max(0, plies - self.halfmove), plies + 1))

    def fen(self) -> str:
        """The six-field FEN (the reader is `xqchess.core.fen.parse_fen`)."""
        variant = self.variant
        geometry = variant.geometry
        side = next(letter for letter, color in variant.side_letters.items() if color == self.side)
        ep = "-" if self.ep is None else geometry.square_name(self.ep)
        return (
            f"{placement(variant, self.board)} {side} {variant.format_rights(self.rights)} {ep} "
            f"{self.halfmove} {self.fullmove}"
        )

    def copy(self) -> Position:
        """An independent copy with the same history (undo stack and repetition hashes)."""
        other = Position.__new__(Position)
        for name in Position.__slots__:
            setattr(other, name, getattr(self, name))
        other.board = BOARD(self.board)
        other.kings = list(self.kings)
        other.piece_counts = list(self.piece_counts)
        other._undo_stack, other._hash_stack = self._stacks(len(self._hash_stack))
        other._exchange_scratch = ExchangeScratch()
        return other

    def __repr__(self) -> str:
        return f"Position({self.variant.name!r}, {self.fen()!r})"
