"""Countermove heuristic: the quiet move that last refuted the opponent's previous move gets a
bonus when that previous move is played again.

Seed: Uiterwijk 1992, as the Chessprogramming wiki's "Countermove Heuristic" gives it: the table
is indexed per
side by the previous move's [from][to] (``countermove:fromto``, the default) or, more memory
friendly, by the [piece][to] of the previous move (``countermove:pieceto``); it is updated on
beta cutoffs by non-captures only, and a move matching the entry earns the bonus (scored 1).

What it is worth, measured: docs/search.md, "What the ordering is worth", and
docs/lab.md (each heuristic alone).
"""

from __future__ import annotations

from xqchess.core.moves import SQUARE_BITS, SQUARE_MASK, is_quiet
from xqchess.core.pieces import PIECE_CODES
from xqchess.ordering.heuristic import Heuristic, marked

INDEXES = ("fromto", "pieceto")


class Countermove(Heuristic):
    name = "countermove"

    def __init__(self, variant, index: str = "fromto") -> None:
        super().__init__(variant)
        self.by_piece = index == "pieceto"
        self.reset()

    def reset(self) -> None:
        rows = PIECE_CODES if self.by_piece else self.squares
        self.table = [[0] * (rows * self.squares) for _ in (0, 1)]

    def _key(self, pos, prev_move: int) -> int:
        to = prev_move >> SQUARE_BITS & SQUARE_MASK
        first = pos.board[to] if self.by_piece else prev_move & SQUARE_MASK
        return first * self.squares + to

    def _counter(self, node) -> int:
        """The move that last refuted the previous move of ``node`` (0: none, or the root)."""
        if not node.prev_move:
            return 0
        return self.table[node.side][self._key(node.pos, node.prev_move)]

    def score(self, node, moves):
        return marked(moves, self._counter(node))

    def leading(self, node):
        return [self._counter(node)]

    def on_cutoff(self, pos, move, prev_move, depth, ply, side):
        if prev_move and is_quiet(pos, move):
            self.table[side][self._key(pos, prev_move)] = move
