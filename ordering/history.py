"""History heuristic: a butterfly table indexed by a move's from and to squares, credited
whenever the move fails high; moves are ordered by their credit.

Seed: the "Advanced Killer Moves" text and its history heuristic. The seed keeps one global
two-dimensional array ``historyMoves[fromIndex][toIndex]``, with no side and no ply; when a move
causes a cutoff in the alpha-beta search it does ``historyMoves[move.fromIndex][move.toIndex]++``
(any move, captures included), and orders all moves by these numbers. It says nothing of
clearing or aging the array. Update rules, chosen with ``history:RULE``:

* ``seed``: the seed's rule exactly: one table for both sides, +1 for every cutoff move,
  captures and promotions included, never aged (cleared only for a new game);
* ``one``: +1 per quiet cutoff (the seed's increment);
* ``depth2``: +depth squared (Schaeffer's weighting of deeper, costlier cutoffs; the default);
* ``gravity``: a bounded update, h += bonus - h * bonus / 16384 with bonus = depth squared, which
  keeps every entry below 16384 and lets new evidence outweigh old;
* ``malus``: ``gravity``'s update, and at each quiet cutoff the quiet moves searched before it
  at that node without a cutoff take the same step down, h += -bonus - h * bonus / 16384 (an
  entry may fall below 0, never below -16384). Seed: Stockfish's search.cpp
  (``update_quiet_stats``: the best quiet move's history raised, every other quiet move
  searched lowered by the same bonus; T. Romstad, M. Costalba, J. Kiiski and the Stockfish
  developers), here with the bonus depth squared.

What ``one``, ``depth2``, ``gravity`` and ``malus`` do otherwise than the seed, deliberately: a
table per side, only quiet moves (no captures or promotions) credited, and every entry halved
between searches (aging), so the table follows the game.

What it is worth, measured: docs/search.md, "What the ordering is worth", and
docs/lab.md (each heuristic alone; Greer's Tables 3 and 4 for ``seed``).
"""

from __future__ import annotations

from xqchess.core.moves import SQUARE_BITS, SQUARE_MASK, is_quiet
from xqchess.ordering.heuristic import Heuristic

SEED = "seed"
MALUS = "malus"
RULES = ("one", "depth2", "gravity", MALUS, SEED)
GRAVITY_LIMIT = 16384


def credited(rule: str, entry: int, depth: int) -> int:
    """A table entry after a cutoff at ``depth`` under the update ``rule`` (`RULES`): +1 for
    ``one`` and ``seed``, +depth squared for ``depth2``, the bounded step for ``gravity`` and
    ``malus`` (shared by every table the history rules update)."""
    if rule == "depth2":
        return entry + depth * depth
    if rule == "gravity" or rule == MALUS:
        return gravity_step(entry, depth, 1)
    return entry + 1


def gravity_step(entry: int, depth: int, sign: int) -> int:
    """A table entry after ``gravity``'s bounded step at ``depth``, up (``sign`` 1: a cutoff)
    or down (-1: ``malus``'s step for a quiet move searched before another's cutoff)."""
    bonus = min(depth * depth, GRAVITY_LIMIT)
    return entry + sign * bonus - entry * bonus // GRAVITY_LIMIT


def table_scores(table: list[int], base: int, squares: int, moves: list[int]) -> list[int]:
    """Per move of ``moves``: its entry in a from-to ``table`` of ``squares`` by ``squares``
    starting at ``base`` (a module function, which the compiled kernel types, kernel.py)."""
    scores = [0] * len(moves)  # made at its size: no list growth per move
    for i, move in enumerate(moves):
        frm, to = move & SQUARE_MASK, move >> SQUARE_BITS & SQUARE_MASK
        scores[i] = table[base + frm * squares + to]
    return scores


class History(Heuristic):
    name = "history"

    def __init__(self, variant, rule: str = "depth2") -> None:
        super().__init__(variant)
        self.rule = rule
        self.penalises_quiets = rule == MALUS
        #: the seed's table: one for both sides, every cutoff credited, never aged
        self.as_seed = rule == SEED
        self.reset()

    def reset(self) -> None:
        sides = 1 if self.as_seed else 2
        self.table = [0] * (sides * self.squares * self.squares)

    def _index(self, side: int, move: int) -> int:
        n = self.squares
        if self.as_seed:
            side = 0
        return (side * n + (move & SQUARE_MASK)) * n + (move >> SQUARE_BITS & SQUARE_MASK)

    def score(self, node, moves):
        n, table = self.squares, self.table
        base = 0 if self.as_seed else node.side * n * n  # `_index`, once per node
        return table_scores(table, base, n, moves)

    def on_cutoff(self, pos, move, prev_move, depth, ply, side):
        if not self.as_seed and not is_quiet(pos, move):
            return
        i = self._index(side, move)
        self.table[i] = credited(self.rule, self.table[i], depth)

    def on_quiets_before_cutoff(self, pos, move, quiets, depth, side):
        if not self.penalises_quiets or not is_quiet(pos, move):
            return
        table = self.table
        for quiet in quiets:
            i = self._index(side, quiet)
            table[i] = gravity_step(table[i], depth, -1)

    def quiet_history(self, node, move):
        return self.table[self._index(node.side, move)]

    def new_search(self) -> None:
        if not self.as_seed:
            self.table = [value // 2 for value in self.table]
