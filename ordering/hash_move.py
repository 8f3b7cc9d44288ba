"""Hash move: the best move the transposition table remembers for this position goes first.

Seed: the transposition-table move of every modern engine (Stockfish's movepick stage one).
What it is worth, measured: docs/lab.md (each heuristic alone).
"""

from __future__ import annotations

from xqchess.ordering.heuristic import Heuristic, marked


class HashMove(Heuristic):
    name = "hash"

    def score(self, node, moves):
        return marked(moves, node.hash_move)

    def first_move(self, node):
        return node.hash_move
