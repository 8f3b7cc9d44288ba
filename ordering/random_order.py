"""Baseline: a seeded random shuffle (fixed seed per search, so searches stay deterministic).

The shuffle draws one number per move in generation order, which depends on the position alone,
so a position searches the same however it was reached.

What it is worth, measured: docs/lab.md (each heuristic alone; Greer's Table 3).
"""

from __future__ import annotations

import random

from xqchess.ordering.heuristic import Heuristic

SEED = 20260101


class RandomOrder(Heuristic):
    name = "random"
    per_move = False  # one draw per move scored, in turn

    def __init__(self, variant) -> None:
        super().__init__(variant)
        self.rng = random.Random(SEED)

    def new_search(self) -> None:
        self.rng = random.Random(SEED)

    def score(self, node, moves):
        return [self.rng.random() for _ in moves]
