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

What it is worth, measured: docs/results.md, "What each switch is worth".
"""

from __future__ import annotations

from xqchess.core.moves import SQUARE_BITS, SQUARE_MASK, is_quiet
from xqchess.core.pieces import KIND_MASK
from xqchess.ordering.history import History, credited

#: the update rules it takes (`History`'s, but for the seed's single shared table)
RULES = ("one", "depth2", "gravity")
#: piece kinds a row of the table holds per square (`KIND_MASK` + 1)
KINDS = KIND_MASK + 1


class ContinuationHistory(History):
    name = "continuation"

    def reset(self) -> None:
        super().reset()
        #: (side, previous move's piece kind and destination) -> a row of entries by the
        #: move's piece kind and destination; rows are made as cutoffs first need them
        self.rows: dict[int, list[int]] = {}
        #: searches begun since the reset, and per row the count when it was last aged
        self.searches = 0
        self.row_ages: dict[int, int] = {}

    def _row(self, key: int) -> list[int] | None:
        """The row ``key`` with every entry halved once for each search begun since it was
        last read (aging a row when it is read, not every row at every search)."""
        row = self.rows.get(key)
        if row is not None:
            behind = self.searches - self.row_ages[key]
            if behind:
                row = self.rows[key] = [value >> behind for value in row]
                self.row_ages[key] = self.searches
        return row

    def _row_key(self, pos, side: int, prev_move: int) -> int:
        to = prev_move >> SQUARE_BITS & SQUARE_MASK
        return (side * KINDS + (pos.board[to] & KIND_MASK)) * self.squares + to

    def score(self, node, moves):
        scores = super().score(node, moves)
        if not node.prev_move:
            return scores
        row = self._row(self._row_key(node.pos, node.side, node.prev_move))
        if row is None:
            return scores
        board, n = node.pos.board, self.squares
        for i, move in enumerate(moves):
            frm = move & SQUARE_MASK
            scores[i] += row[(board[frm] & KIND_MASK) * n + (move >> SQUARE_BITS & SQUARE_MASK)]
        return scores

    def on_cutoff(self, pos, move, prev_move, depth, ply, side):
        super().on_cutoff(pos, move, prev_move, depth, ply, side)
        if not prev_move or not is_quiet(pos, move):
            return
        key = self._row_key(pos, side, prev_move)
        row = self._row(key)
        if row is None:
            row = self.rows[key] = [0] * (KINDS * self.squares)
            self.row_ages[key] = self.searches
        frm = move & SQUARE_MASK
        i = (pos.board[frm] & KIND_MASK) * self.squares + (move >> SQUARE_BITS & SQUARE_MASK)
        row[i] = credited(self.rule, row[i], depth)

    def new_search(self) -> None:
        super().new_search()
        self.searches += 1
