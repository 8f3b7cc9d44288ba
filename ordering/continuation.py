"""Continuation history: the history heuristic's from-to table plus a second table of quiet
cutoffs indexed by what the opponent just played, so a quiet move scores what it earned in
general and what it earned as the answer to that move.

Seed: Stockfish's continuation history (search.cpp and movepick.cpp: quiet moves are ordered
by ``mainHistory`` plus ``continuationHistory`` entries indexed by the previous move's piece
and destination, then the move's piece and destination; T. Romstad, M. Costalba, J. Kiiski and
the Stockfish developers), as the Chess Programming Wiki's "History Heuristic" describes it.
It differs as stated: one ply back only (Stockfish reads one, two, four and six), pieces by
kind (the side to move fixes both colours), and the update rules of `History` (``depth2``
by default: +depth squared, halved between searches, no penalty for the moves searched before
the cutoff).

The second table is one flat array of C integers: a row per side, previous piece kind and
destination, an entry per piece kind and destination in each row. A row is aged when it is
next read, halved once for each search begun since, so a new search costs nothing per row.

What it is worth, measured: docs/results.md, "What each switch is worth".
"""

from __future__ import annotations

from array import array

from xqchess.core.moves import SQUARE_BITS, SQUARE_MASK, is_quiet
from xqchess.core.pieces import KIND_MASK
from xqchess.ordering.history import History, credited

#: the update rules it takes (`History`'s, but for the seed's single shared table)
RULES = ("one", "depth2", "gravity")
#: the largest entry kept (entries are 32-bit; ``depth2`` only ever adds until aged)
ENTRY_LIMIT = (1 << 31) - 1
#: a row unread for this many searches or more is all zeros (each halves it)
AGED_AWAY = 32


def continuation_scores(
    rows, base: int, board: bytearray, squares: int, moves, scores: list[int]
) -> list[int]:
    """``scores`` with each move's entry in the row of ``rows`` starting at ``base`` added
    (indexed by the moving piece's kind on ``board`` and the move's destination)."""
    cells = board  # C chars, compiled
    for i, move in enumerate(moves):
        kind = cells[move & SQUARE_MASK] & KIND_MASK
        scores[i] += rows[base + kind * squares + (move >> SQUARE_BITS & SQUARE_MASK)]
    return scores


def age_row(rows, base: int, size: int, behind: int) -> None:
    """Halve the ``size`` entries of ``rows`` from ``base`` ``behind`` times."""
    if behind >= AGED_AWAY:
        for i in range(base, base + size):
            rows[i] = 0
        return
    for i in range(base, base + size):
        rows[i] >>= behind


class ContinuationHistory(History):
    name = "continuation"

    def reset(self) -> None:
        History.reset(self)
        #: piece kinds a row distinguishes: the variant's kind codes, 0 to the highest
        self.kinds = max(self.variant.kind_names) + 1
        self.row_size = self.kinds * self.squares
        row_count = 2 * self.row_size
        #: (side, previous move's piece kind and destination) -> a row of entries by the
        #: move's piece kind and destination
        self.rows = array("i", bytes(4 * row_count * self.row_size))
        #: searches begun since the reset, and per row the count when it was last aged
        self.searches = 0
        self.row_ages = array("q", bytes(8 * row_count))

    def _row(self, pos, side: int, prev_move: int) -> int:
        """Where the row for the answer to ``prev_move`` starts, aged to this search."""
        to = prev_move >> SQUARE_BITS & SQUARE_MASK
        row = (side * self.kinds + (pos.board[to] & KIND_MASK)) * self.squares + to
        base = row * self.row_size
        behind = self.searches - self.row_ages[row]
        if behind:
            age_row(self.rows, base, self.row_size, behind)
            self.row_ages[row] = self.searches
        return base

    def score(self, node, moves):
        scores = History.score(self, node, moves)
        if not node.prev_move:
            return scores
        base = self._row(node.pos, node.side, node.prev_move)
        return continuation_scores(self.rows, base, node.pos.board, self.squares, moves, scores)

    def on_cutoff(self, pos, move, prev_move, depth, ply, side):
        History.on_cutoff(self, pos, move, prev_move, depth, ply, side)
        if not prev_move or not is_quiet(pos, move):
            return
        frm = move & SQUARE_MASK
        i = self._row(pos, side, prev_move)
        i += (pos.board[frm] & KIND_MASK) * self.squares + (move >> SQUARE_BITS & SQUARE_MASK)
        self.rows[i] = min(credited(self.rule, self.rows[i], depth), ENTRY_LIMIT)

    def new_search(self) -> None:
        History.new_search(self)
        self.searches += 1
