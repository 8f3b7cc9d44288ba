"""Baseline: a seeded random shuffle (fixed seed per search, so searches stay deterministic)."""

from __future__ import annotations

import random

from xqchess.ordering.heuristic import Heuristic

SEED = 20260101


class RandomOrder(Heuristic):
    name = "random"

    def __init__(self, variant) -> None:
        super().__init__(variant)
        self.rng = random.Random(SEED)

    def new_search(self) -> None:
        self.rng = random.Random(SEED)

    def score(self, node, moves):
        return [self.rng.random() for _ in moves]
