"""Hash move: the best move the transposition table remembers for this position goes first.

Seed: the transposition-table move of every modern engine (Stockfish's movepick stage one).
What it is worth, measured: docs/lab.md (each heuristic alone).
"""

from __future__ import annotations

from xqchess.ordering.heuristic import Heuristic


class HashMove(Heuristic):
    name = "hash"

    def score(self, node, moves):
        hash_move = node.hash_move
        return [1 if move == hash_move else 0 for move in moves]

    def first_move(self, node):
        return node.hash_move
