"""Zobrist keys for a variant: 64-bit random numbers per piece and square, side, rights and ep."""

from __future__ import annotations

import random
from array import array

from xqchess.core.pieces import PIECE_CODES

ZOBRIST_SEED = 0x5851_F42D_4C95_7F2D


class Zobrist:
    """Keys drawn from a fixed seed, so hashes are the same in every run."""

    __slots__ = ("pieces", "side", "rights", "ep", "flat_pieces")

    def __init__(self, board_size: int, rights_bits: int) -> None:
        rng = random.Random(ZOBRIST_SEED)
        self.pieces = [[rng.getrandbits(64) for _ in range(board_size)] for _ in range(PIECE_CODES)]
        self.side = rng.getrandbits(64)
        self.rights = [0] + [rng.getrandbits(64) for _ in range((1 << rights_bits) - 1)]
        self.ep = [rng.getrandbits(64) for _ in range(board_size)]
        #: ``pieces`` in one array of unsigned 64-bit ints, ``pieces[p][sq]`` at
        #: ``p * board_size + sq``: make/unmake reads it (in the compiled kernel as C ints)
        self.flat_pieces = array("Q", [key for row in self.pieces for key in row])
