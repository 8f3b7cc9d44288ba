"""The chessmaps network (Greer 2000, section 3): a feedforward net with one hidden layer,
trained by backpropagation in numpy, its weights file, and the sector ordering it gives.

Architecture: ``inputs -> hidden (tanh) -> outputs``, chess 70-16-64 and xiangqi 96-16-90 by
default (`features` defines the inputs and targets, seen from the side to move).

The network's outputs serve only as a sector ordering, and the paper scores an ordering by the
highest-ranked sector that the played move influences *positively* ("only sectors positively
influenced by the move are considered"), wanting outputs "similar to a probability distribution
for the sectors" with "a good spread of values over all of the output nodes". Three losses:

* ``"softmax"`` (the default): softmax outputs, a probability distribution over the sectors,
  trained by cross-entropy against the played move's positively influenced sectors, each
  weighted 1/(their number) (a position whose move influences no sector positively adds
  nothing). The outputs are literally the paper's distribution over sectors; the softmax
  spreads them (it can only raise one sector by lowering the others), never ties in practice,
  and ranking by them puts first the sectors that moves in positions like this one reach.
* ``"bce"``: logistic outputs, binary cross-entropy per sector on "influenced positively"
  (+1 -> 1; 0 and -1 -> 0): each output estimates the probability of a hit on that sector.
* ``"mse"``: tanh outputs, squared error against the -1/0/+1 targets, as a backpropagation
  simulator of the paper's day would train; it ranks by P(+1) - P(-1).

The default was chosen on a validation split of the training data (the test files played no
part); the scores of each loss are in docs/lab.md with the command that measures them.

Training: mini-batch gradient descent with Adam steps (`DEFAULT_LEARNING_RATE`,
`DEFAULT_BATCH`), weights initialised from a seeded normal scaled by 1/sqrt(fan-in), batches
shuffled by the same seeded generator. A `DEFAULT_VALIDATION` fraction of the training records
(a seeded draw) is held out; after every epoch the held-out positions are ranked and the
weights of the epoch with the best validation score (`validation_score`) are the ones kept, as
the paper chose weights "before the neural network had reached its minimum error if this
produced a good spread". Everything is float64 and seeded: the same data, settings and seed
give the same weights bit for bit on one machine.

Weights file: a small ``.npz`` with ``w1, b1, w2, b2`` and ``meta`` (a JSON string: variant,
layer sizes, loss, seed, epochs, data file and its line count, date, ...). The shipped
weights, ``chessmaps.npz`` in the game's data folder (`Variant.data_file`; chess and xiangqi
ship them), are loaded once per process by `shipped_network`; ``xqchess chessmaps train
VARIANT`` makes them again.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import numpy as np
from xqchess.core.errors import XQChessError
from xqchess.core.position import Position
from xqchess.core.variant import Variant
from xqchess.ordering.chessmaps.control import chessmap
from xqchess.ordering.chessmaps.forward import LOGIT_CLIP, SectorRanker
from xqchess.ordering.chessmaps.sector_accuracy import first_hit_ranks, hit_percentages

#: The paper's hidden layer: 16 nodes (70-16-64).
DEFAULT_HIDDEN = 16
#: Passes over the training records (the best one on the validation split is kept).
DEFAULT_EPOCHS = 60
#: Positions per gradient step.
DEFAULT_BATCH = 64
#: Adam's step size, and its moment decay rates and guard (Kingma and Ba's defaults).
DEFAULT_LEARNING_RATE = 0.002
ADAM_BETA1, ADAM_BETA2, ADAM_EPSILON = 0.9, 0.999, 1e-8
#: The share of the training records held out to choose the epoch (and compare settings).
DEFAULT_VALIDATION = 0.1
DEFAULT_SEED = 1
#: The losses `train` knows (see the module docstring).
LOSSES = ("bce", "mse", "softmax")
DEFAULT_LOSS = "softmax"
#: The ranks whose cumulative accuracy the validation score averages (the paper's top-1..top-6).
VALIDATION_RANKS = 6
#: Where the shipped weights live, and the names a variant may have to find them.
#: the shipped weights' file name in a game's data folder
WEIGHTS_FILE = "chessmaps.npz"


@dataclass
class Network:
    """Weights of an ``inputs - hidden - outputs`` network and where they came from."""

    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: np.ndarray
    loss: str = DEFAULT_LOSS
    meta: dict = field(default_factory=dict)

    @property
    def sizes(self) -> tuple[int, int, int]:
        """(inputs, hidden, outputs), e.g. (70, 16, 64)."""
        return self.w1.shape[0], self.w1.shape[1], self.w2.shape[1]

    def _hidden(self, x: np.ndarray) -> np.ndarray:
        return np.tanh(x @ self.w1 + self.b1)

    def _output(self, z: np.ndarray) -> np.ndarray:
        if self.loss == "bce":
            return 1.0 / (1.0 + np.exp(-np.clip(z, -LOGIT_CLIP, LOGIT_CLIP)))
        if self.loss == "softmax":
            e = np.exp(z - z.max(axis=-1, keepdims=True))
            return e / e.sum(axis=-1, keepdims=True)
        return np.tanh(z)

    def forward(self, x: np.ndarray) -> np.ndarray:
        """Outputs for one input vector (1-D) or a batch (2-D, one row per position)."""
        x = np.asarray(x, dtype=np.float64)
        if x.shape[-1] != self.sizes[0]:
            raise XQChessError(f"network takes {self.sizes[0]} inputs, got {x.shape[-1]}")
        return self._output(self._hidden(x) @ self.w2 + self.b2)

    def loss_value(self, x: np.ndarray, y: np.ndarray) -> float:
        """The training loss on inputs ``x`` and -1/0/+1 targets ``y`` (per position)."""
        out = self.forward(x)
        return float(_loss_and_delta(self.loss, out, np.asarray(y, dtype=np.float64))[0])


def _loss_and_delta(loss: str, out: np.ndarray, y: np.ndarray) -> tuple[float, np.ndarray]:
    """The mean per-position loss and its gradient with respect to the output layer's
    pre-activation, for outputs ``out`` and -1/0/+1 targets ``y`` (see the module docstring)."""
    n = len(out)
    if loss == "bce":
        t = (y > 0).astype(np.float64)
        p = np.clip(out, 1e-12, 1 - 1e-12)
        value = -np.sum(t * np.log(p) + (1 - t) * np.log(1 - p)) / n
        return value, (out - t) / n
    if loss == "softmax":
        t = (y > 0).astype(np.float64)
        hits = t.sum(axis=1, keepdims=True)
        q = t / np.maximum(hits, 1)
        value = -np.sum(q * np.log(np.clip(out, 1e-300, None))) / n
        return value, (out * (hits > 0) - q) / n
    diff = out - y
    return np.sum(diff * diff) / (2 * n), diff * (1 - out * out) / n


def init_network(
    n_in: int,
    n_hidden: int,
    n_out: int,
    seed: int = DEFAULT_SEED,
    loss: str = DEFAULT_LOSS,
    rng: np.random.Generator | None = None,
) -> Network:
    """Fresh weights: normal, scaled by 1/sqrt(fan-in); biases zero."""
    if loss not in LOSSES:
        raise XQChessError(f"unknown loss {loss!r}; expected one of {', '.join(LOSSES)}")
    if min(n_in, n_hidden, n_out) < 1:
        raise XQChessError(f"layer sizes must be positive, got {n_in}-{n_hidden}-{n_out}")
    rng = np.random.default_rng(seed) if rng is None else rng
    return Network(
        w1=rng.standard_normal((n_in, n_hidden)) / np.sqrt(n_in),
        b1=np.zeros(n_hidden),
        w2=rng.standard_normal((n_hidden, n_out)) / np.sqrt(n_hidden),
        b2=np.zeros(n_out),
        loss=loss,
    )


def validation_score(net: Network, x: np.ndarray, y: np.ndarray) -> float:
    """The mean of the cumulative top-1 ... top-`VALIDATION_RANKS` accuracies (percent) of the
    network's sector ordering on ``x``/``y``: how the epoch to keep is chosen."""
    ranks = first_hit_ranks(net.forward(x), np.asarray(y) > 0)
    cumulative = np.cumsum(hit_percentages(ranks, VALIDATION_RANKS))
    return float(np.mean(cumulative))


@dataclass
class EpochReport:
    """One epoch of `train`: mean training loss, validation loss and validation score."""

    epoch: int
    train_loss: float
    validation_loss: float | None
    validation_score: float | None


def split_validation(n: int, fraction: float, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Indices (train, validation) of ``n`` records, the validation share a seeded draw."""
    if not 0 <= fraction < 1:
        raise XQChessError(f"validation fraction must be in [0, 1), got {fraction}")
    order = np.random.default_rng([seed, n]).permutation(n)
    held = int(round(n * fraction))
    return np.sort(order[held:]), np.sort(order[:held])


def train(
    x: np.ndarray,
    y: np.ndarray,
    hidden: int = DEFAULT_HIDDEN,
    epochs: int = DEFAULT_EPOCHS,
    seed: int = DEFAULT_SEED,
    loss: str = DEFAULT_LOSS,
    learning_rate: float = DEFAULT_LEARNING_RATE,
    batch: int = DEFAULT_BATCH,
    validation: float = DEFAULT_VALIDATION,
    on_epoch: Callable[[EpochReport], None] | None = None,
) -> tuple[Network, list[EpochReport]]:
    """Train a network on inputs ``x`` (n, inputs) and -1/0/+1 targets ``y`` (n, sectors).

    Returns the weights of the epoch with the best validation score (the last epoch when
    ``validation`` is 0) and one `EpochReport` per epoch; ``on_epoch`` sees each as it ends.
    Deterministic: the same arguments give the same weights bit for bit."""
    x = np.asarray(x, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    if x.ndim != 2 or y.ndim != 2 or len(x) != len(y) or len(x) == 0:
        raise XQChessError(
            f"training needs matching non-empty (n, inputs) and (n, sectors) "
            f"arrays, got {x.shape} and {y.shape}"
        )
    if epochs < 1 or batch < 1 or learning_rate <= 0:
        raise XQChessError("epochs, batch and learning rate must be positive")
    rng = np.random.default_rng(seed)
    net = init_network(x.shape[1], hidden, y.shape[1], seed, loss, rng)
    train_idx, val_idx = split_validation(len(x), validation, seed)
    xt, yt, xv, yv = x[train_idx], y[train_idx], x[val_idx], y[val_idx]
    params = [net.w1, net.b1, net.w2, net.b2]
    moments = [np.zeros_like(p) for p in params]
    squares = [np.zeros_like(p) for p in params]
    step = 0
    best: tuple[float, list[np.ndarray]] | None = None
    reports = []
    for epoch in range(1, epochs + 1):
        order = rng.permutation(len(xt))
        total = 0.0
        for start in range(0, len(order), batch):
            rows = order[start : start + batch]
            xb, yb = xt[rows], yt[rows]
            h = net._hidden(xb)
            out = net._output(h @ net.w2 + net.b2)
            value, delta = _loss_and_delta(loss, out, yb)
            total += value * len(rows)
            grad_h = (delta @ net.w2.T) * (1 - h * h)
            grads = [xb.T @ grad_h, grad_h.sum(axis=0), h.T @ delta, delta.sum(axis=0)]
            step += 1
            correction1 = 1 - ADAM_BETA1**step
            correction2 = 1 - ADAM_BETA2**step
            for p, g, m, v in zip(params, grads, moments, squares):
                m *= ADAM_BETA1
                m += (1 - ADAM_BETA1) * g
                v *= ADAM_BETA2
                v += (1 - ADAM_BETA2) * g * g
                p -= learning_rate * (m / correction1) / (np.sqrt(v / correction2) + ADAM_EPSILON)
        report = EpochReport(epoch, total / len(xt), None, None)
        if len(xv):
            report.validation_loss = net.loss_value(xv, yv)
            report.validation_score = validation_score(net, xv, yv)
            if best is None or report.validation_score > best[0]:
                best = (report.validation_score, [p.copy() for p in params])
        reports.append(report)
        if on_epoch is not None:
            on_epoch(report)
    if best is not None:
        for p, kept in zip(params, best[1]):
            p[...] = kept
    chosen = max(reports, key=lambda r: r.validation_score) if len(xv) else reports[-1]
    net.meta.update(
        sizes=list(net.sizes),
        loss=loss,
        seed=seed,
        epochs=epochs,
        chosen_epoch=chosen.epoch,
        batch=batch,
        learning_rate=learning_rate,
        validation=validation,
        train_records=len(xt),
        validation_records=len(xv),
        train_loss=chosen.train_loss,
        validation_loss=chosen.validation_loss,
        validation_score=chosen.validation_score,
    )
    return net, reports


# -- weights files ----------------------------------------------------------------------------


def save_network(net: Network, path: str | Path) -> None:
    """Write ``net`` (weights and metadata) to a compressed ``.npz`` file."""
    meta = dict(net.meta, loss=net.loss, sizes=list(net.sizes))
    np.savez_compressed(
        path,
        w1=net.w1,
        b1=net.b1,
        w2=net.w2,
        b2=net.b2,
        meta=np.array(json.dumps(meta, sort_keys=True)),
    )


def load_network(path: str | Path) -> Network:
    """The network stored at ``path``; XQChessError when the file is missing or not one."""
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {
                key: np.array(data[key], dtype=np.float64) for key in ("w1", "b1", "w2", "b2")
            }
            meta = json.loads(str(data["meta"]))
    except FileNotFoundError:
        raise XQChessError(f"no chessmaps weights file {path}") from None
    except (OSError, KeyError, ValueError) as error:
        raise XQChessError(f"{path} is not a chessmaps weights file ({error})") from None
    w1, b1, w2, b2 = arrays["w1"], arrays["b1"], arrays["w2"], arrays["b2"]
    if not (
        w1.ndim == 2
        and w2.ndim == 2
        and b1.shape == (w1.shape[1],)
        and w2.shape[0] == w1.shape[1]
        and b2.shape == (w2.shape[1],)
    ):
        raise XQChessError(f"{path}: layer shapes {w1.shape}, {w2.shape} do not chain")
    loss = meta.get("loss", DEFAULT_LOSS)
    if loss not in LOSSES:
        raise XQChessError(f"{path}: unknown loss {loss!r}")
    return Network(w1, b1, w2, b2, loss=loss, meta=meta)


def shipped_path(variant: Variant) -> Path:
    """Where the shipped weights of a game are: ``chessmaps.npz`` in its data folder."""
    return Path(str(variant.data_file(WEIGHTS_FILE)))


@cache
def shipped_network(variant: Variant) -> Network:
    """The shipped network of a game, loaded once per process; XQChessError when none ships
    (``xqchess chessmaps train VARIANT`` makes it)."""
    path = shipped_path(variant)
    if not path.exists():
        raise XQChessError(
            f"no shipped chessmaps weights for {variant.name} ({path.name} in "
            f"its data folder); make them with: xqchess chessmaps train "
            f"{variant.name}"
        )
    return load_network(path)


# -- the sector ordering ----------------------------------------------------------------------


def sector_order(
    pos: Position, net: Network | None = None, control: np.ndarray | None = None
) -> list[int]:
    """The squares of ``pos``, most important first by the network's outputs (ties: lower
    square first; `forward.SectorRanker`); ``net`` defaults to the game's shipped network,
    ``control`` is the chessmap of ``pos`` when the caller has it."""
    net = shipped_network(pos.variant) if net is None else net
    control = chessmap(pos) if control is None else control
    return SectorRanker(net, pos.variant).ranking(pos, control)
