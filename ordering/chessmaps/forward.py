# cython: boundscheck=False, wraparound=False
"""The chessmaps network's sector order at one position (Greer 2000, section 3; what
`network.sector_order` gives and the move ordering asks at every node it sectors): the forward
pass of `network.Network` for one input vector, written as loops over the weights so that the
compiled kernel runs it in C, numpy's per-call overhead costing more than the arithmetic of
one position.

The inputs are `features.inputs`, built in place from the chessmap; each hidden node sums the
weights of the inputs that are not 0 in input order, and each output the hidden nodes' in
hidden order, so the sums round as they may in numpy's matrix products (which order them as
its BLAS does) only in their last bits; the output activation is the network's loss's
(`network.LOSSES`). The order is the same unless two sectors' outputs agree to those last bits.
"""

from __future__ import annotations

import math
from array import array
from typing import TYPE_CHECKING

from xqchess.core.errors import XQChessError
from xqchess.ordering.chessmaps.features import FIRST, IN_ZONE, OUT_OF_ZONE, ROYAL_INPUTS

if TYPE_CHECKING:
    from xqchess.core.position import Position
    from xqchess.core.variant import Variant
    from xqchess.ordering.chessmaps.network import Network

#: The output activations, by the loss that trained the network (`network.LOSSES`).
SOFTMAX, LOGISTIC, TANH = 0, 1, 2
ACTIVATIONS = {"softmax": SOFTMAX, "bce": LOGISTIC, "mse": TANH}
#: Logits are clipped to this before the logistic function, so exp never overflows.
LOGIT_CLIP = 40.0


class SectorRanker:
    """One network's sector order for the positions of one game (`ranking`)."""

    __slots__ = (
        "activation",
        "size",
        "files",
        "ranks",
        "zones",
        "zone_masks",
        "inputs",
        "hidden",
        "outputs",
        "w1",
        "b1",
        "w2",
        "b2",
        "x",
        "sums",
        "out",
        "scores",
        "order",
        "spare",
    )

    def __init__(self, net: Network, variant: Variant) -> None:
        geometry = variant.geometry
        self.inputs, self.hidden, self.outputs = net.sizes
        if self.inputs != geometry.size + ROYAL_INPUTS or self.outputs != geometry.size:
            raise XQChessError(
                f"a {self.inputs}-{self.hidden}-{self.outputs} network does not fit "
                f"{variant.name}'s {geometry.size} squares"
            )
        self.activation = ACTIVATIONS[net.loss]
        self.size, self.files, self.ranks = geometry.size, geometry.files, geometry.ranks
        groups = variant.royal_zone_files
        self.zones = len(groups)
        #: per file, a bit per zone (royal-zone group) that holds it
        self.zone_masks = [
            sum(1 << zone for zone, group in enumerate(groups) if file in group)
            for file in range(geometry.files)
        ]
        self.w1 = array("d", net.w1.ravel().tolist())
        self.b1 = array("d", net.b1.tolist())
        self.w2 = array("d", net.w2.ravel().tolist())
        self.b2 = array("d", net.b2.tolist())
        self.x = array("d", bytes(8 * self.inputs))
        self.sums = array("d", bytes(8 * self.hidden))
        self.out = array("d", bytes(8 * self.outputs))
        self.scores = array("d", bytes(8 * self.outputs))
        self.order = array("i", bytes(4 * self.outputs))
        self.spare = array("i", bytes(4 * self.outputs))

    def ranking(self, pos: Position, control) -> list[int]:
        """The squares of ``pos``, most important first by the network's outputs (ties: the
        lower square first), ``control`` its chessmap (int8 per square)."""
        size, files, ranks, hidden, outputs = (
            self.size,
            self.files,
            self.ranks,
            self.hidden,
            self.outputs,
        )
        x, sums, out = self.x, self.sums, self.out
        w1, b1, w2, b2 = self.w1, self.b1, self.w2, self.b2
        second = pos.side != FIRST
        for i in range(size):  # the mover's view: ranks mirrored, signs swapped
            if second:
                x[i] = -control[(ranks - 1 - i // files) * files + i % files]
            else:
                x[i] = control[i]
        for slot in range(2):
            sq = pos.kings[pos.side ^ slot]
            mask = self.zone_masks[sq % files] if sq >= 0 else 0
            for zone in range(self.zones):
                x[size + slot * self.zones + zone] = IN_ZONE if mask >> zone & 1 else OUT_OF_ZONE
        for j in range(hidden):
            sums[j] = 0.0
        for i in range(self.inputs):
            value = x[i]
            if value:
                base = i * hidden
                for j in range(hidden):
                    sums[j] += value * w1[base + j]
        for k in range(outputs):
            out[k] = 0.0
        for j in range(hidden):
            value = math.tanh(sums[j] + b1[j])
            base = j * outputs
            for k in range(outputs):
                out[k] += value * w2[base + k]
        largest = -math.inf
        for k in range(outputs):
            out[k] += b2[k]
            largest = max(largest, out[k])
        activation = self.activation
        total = 0.0
        for k in range(outputs):
            if activation == SOFTMAX:
                out[k] = math.exp(out[k] - largest)
                total += out[k]
            elif activation == LOGISTIC:
                out[k] = 1.0 / (1.0 + math.exp(-min(max(out[k], -LOGIT_CLIP), LOGIT_CLIP)))
            else:
                out[k] = math.tanh(out[k])
        scores = self.scores  # per real square, its output
        for k in range(outputs):
            sq = (ranks - 1 - k // files) * files + k % files if second else k
            scores[sq] = out[k] / total if activation == SOFTMAX else out[k]
        order, spare = self.order, self.spare  # by merging runs: the higher score first,
        for sq in range(size):  # ties the lower square (each merge keeps the left run's first)
            order[sq] = sq
        width = 1
        while width < size:
            start = 0
            while start < size:
                middle = min(start + width, size)
                end = min(start + 2 * width, size)
                left, right = start, middle
                for place in range(start, end):
                    if right < end and (
                        left == middle or scores[order[right]] > scores[order[left]]
                    ):
                        spare[place] = order[right]
                        right += 1
                    else:
                        spare[place] = order[left]
                        left += 1
                start = end
            order, spare = spare, order
            width *= 2
        ranking = [0] * size
        for place in range(size):
            ranking[place] = order[place]
        return ranking
