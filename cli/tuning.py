"""`xqchess tune`: fit a game's tapered evaluation (middlegame and endgame material values and
square tables) to positions a stronger engine has scored, in the manner of Texel's tuning
method (Peter Österlund, "Texel's Tuning Method", 2014): the evaluation, passed through a
logistic curve, is fitted to a target in the same curve by least squares. Our target is
Fairy-Stockfish's search score of each position rather than the game's result, so that
each position carries its own label (the records of ``xqchess chessmaps data VARIANT
--scores``).

* **Positions kept**: not in check, the move played there captures nothing (so the position
  is quiet enough for a static evaluation to be judged), and the engine's score is no mate
  and within `MAX_SCORE` centipawns.
* **Model**: exactly the ``tapered`` evaluation (`core.evaluation`): per piece, its
  middlegame value and square entry weighted by the phase, its endgame ones by the rest, for
  the side to move. Where the start position is its own mirror image across the middle file
  (xiangqi), a square and its mirror share one entry, halving the unknowns.
* **Loss**: the mean of (sigmoid(eval / `SCALE`) - sigmoid(score / `SCALE`))², plus a ridge
  term pulling each square entry towards the variant's hand-written table (``--ridge``), so a
  square a kind rarely stands on keeps its hand value; material values are free.
* **Fit**: Adam (Kingma and Ba) on the full batch for ``--steps`` steps, in numpy, from the
  hand-written tables (the endgame ones from the game's endgame tables, or where it has none
  from the middlegame ones), so the result is a function of the data and the options alone.
* **Scale**: the engine's centipawns are not ours, so the fitted tables are scaled to give
  the start position the hand-written material, the unit the search's margins are written
  in, and rounded to whole centipawns.

The last ``--holdout`` share of each data file is left out of the fit and its loss reported
beside the training loss, before and after. The output is a `TaperedTables` JSON file whose
``source`` is the command that made it.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from abc import ABC, abstractmethod
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from xqchess.cli.arguments import positive_int
from xqchess.cli.records import read_records
from xqchess.core.errors import XQChessError
from xqchess.core.evaluation import (
    TaperedTables,
    Term,
    TermWeights,
    evaluate_tapered,
    unpack,
)
from xqchess.core.pieces import KIND_MASK, WHITE, piece_color
from xqchess.core.variant import Variant
from xqchess.variants import NAMES, get_variant

COMMAND = "xqchess tune"
#: the logistic curve's scale: sigmoid(x / SCALE) = 1 / (1 + 10 ** (-x / 400))
SCALE = 400 / np.log(10)
#: positions scored beyond this many centipawns either way are left out (won or lost games
#: teach the evaluation little about the balance of pieces)
MAX_SCORE = 2000
DEFAULT_STEPS = 1500
DEFAULT_RATE = 1.0
DEFAULT_RIDGE = 1e-8
DEFAULT_HOLDOUT = 0.1
#: Adam's moment decay rates and its guard against division by zero (Kingma and Ba's values)
ADAM_BETAS = (0.9, 0.999)
ADAM_EPSILON = 1e-8


@dataclass
class Features:
    """The scored positions as a sparse linear system: position ``rows[i]``'s evaluation for
    the side to move has ``weights[i]`` times parameter ``columns[i]``; ``targets`` are the
    engine's scores for the side to move."""

    rows: np.ndarray
    columns: np.ndarray
    weights: np.ndarray
    targets: np.ndarray

    @classmethod
    def collect(cls, positions) -> Features:
        """The system of ``positions``: per position, its (column, weight) pairs and its
        target."""
        rows: list[int] = []
        columns: list[int] = []
        weights: list[float] = []
        targets: list[float] = []
        for cells, target in positions:
            for column, weight in cells:
                if weight:
                    rows.append(len(targets))
                    columns.append(column)
                    weights.append(weight)
            targets.append(float(target))
        return cls(
            np.array(rows, dtype=np.int64),
            np.array(columns, dtype=np.int64),
            np.array(weights),
            np.array(targets),
        )

    def evaluate(self, parameters: np.ndarray) -> np.ndarray:
        """Every position's evaluation for the side to move under ``parameters``."""
        return np.bincount(
            self.rows, self.weights * parameters[self.columns], minlength=len(self.targets)
        )


class FitLayout(ABC):
    """What a fit needs from its parameters' layout: ``count`` parameters, their ``start``,
    the ``ridged_columns`` pulled towards it, each position's ``cells`` (its (column, weight)
    pairs), what the start is called in the report (``start_name``) and the ``result`` the
    fitted parameters make."""

    variant: Variant
    count: int
    start_name: str

    @abstractmethod
    def start(self) -> np.ndarray:
        """The parameters the fit starts from."""

    @abstractmethod
    def ridged_columns(self) -> np.ndarray:
        """A mask of the parameters the ridge pulls towards their start."""

    @abstractmethod
    def cells(self, pos) -> list[tuple[int, float]]:
        """A position's (column, weight) pairs, signed for the side to move."""

    @abstractmethod
    def result(self, parameters: np.ndarray, source: str, say) -> TaperedTables | TermWeights:
        """What the fitted ``parameters`` make, written as JSON; ``say`` reports."""

    def features(self, records: list[tuple[str, ...]]) -> Features:
        """The kept records (module docstring) as a `Features` system."""
        return Features.collect(
            (self.cells(pos), score) for pos, score in quiet_positions(self.variant, records)
        )


class Layout(FitLayout):
    """Where each table entry sits in the parameter vector: per kind, a middlegame and an
    endgame material value, then a middlegame and an endgame entry per square slot (a square
    and its mirror share a slot where the start position is mirror-symmetric)."""

    start_name = "hand-written tables"

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        geometry = variant.geometry
        self.kinds = sorted(variant.piece_values)
        self.size = geometry.size
        mirror = [
            geometry.square(geometry.files - 1 - geometry.file_of(sq), geometry.rank_of(sq))
            for sq in range(self.size)
        ]
        start = variant.position()
        self.symmetric = all(start.board[sq] == start.board[mirror[sq]] for sq in range(self.size))
        self.slot = [min(sq, mirror[sq]) if self.symmetric else sq for sq in range(self.size)]
        #: per square, the square the second player's piece reads (rank-mirrored)
        self.flipped = [
            geometry.square(geometry.file_of(sq), geometry.ranks - 1 - geometry.rank_of(sq))
            for sq in range(self.size)
        ]
        per_kind = 2 + 2 * self.size
        self.base = {kind: index * per_kind for index, kind in enumerate(self.kinds)}
        self.count = per_kind * len(self.kinds)

    def middlegame_value(self, kind: int) -> int:
        return self.base[kind]

    def endgame_value(self, kind: int) -> int:
        return self.base[kind] + 1

    def middlegame_square(self, kind: int, sq: int) -> int:
        return self.base[kind] + 2 + self.slot[sq]

    def endgame_square(self, kind: int, sq: int) -> int:
        return self.base[kind] + 2 + self.size + self.slot[sq]

    def ridged_columns(self) -> np.ndarray:
        """A mask of the square entries (the ridge's), material values excluded."""
        mask = np.zeros(self.count, dtype=bool)
        for kind in self.kinds:
            mask[self.base[kind] + 2 : self.base[kind] + 2 + 2 * self.size] = True
        return mask

    def start(self) -> np.ndarray:
        """The hand-written tables as parameters (the endgame entries from the game's endgame
        tables where it has them, else the middlegame ones)."""
        variant = self.variant
        parameters = np.zeros(self.count)
        for kind in self.kinds:
            value = variant.piece_values[kind]
            squares = variant.square_tables[kind]
            endgame_squares = variant.endgame_square_tables.get(kind, squares)
            parameters[self.middlegame_value(kind)] = value
            parameters[self.endgame_value(kind)] = variant.endgame_piece_values.get(kind, value)
            for sq in range(self.size):
                parameters[self.middlegame_square(kind, sq)] = squares[self.slot[sq]]
                parameters[self.endgame_square(kind, sq)] = endgame_squares[self.slot[sq]]
        return parameters

    def tables(self, parameters: np.ndarray, source: str) -> TaperedTables:
        """Rounded `TaperedTables` from parameters."""

        def whole(index: int) -> int:
            return int(round(float(parameters[index])))

        return TaperedTables(
            piece_values={kind: whole(self.middlegame_value(kind)) for kind in self.kinds},
            square_tables={
                kind: [whole(self.middlegame_square(kind, sq)) for sq in range(self.size)]
                for kind in self.kinds
            },
            endgame_piece_values={kind: whole(self.endgame_value(kind)) for kind in self.kinds},
            endgame_square_tables={
                kind: [whole(self.endgame_square(kind, sq)) for sq in range(self.size)]
                for kind in self.kinds
            },
            source=source,
        )

    def cells(self, pos) -> list[tuple[int, float]]:
        """A position's (column, weight) pairs: each piece's values and square entries, split
        by the phase and signed for the side to move."""
        weights_of = self.variant.phase_weights
        total = self.variant.phase_total
        pieces = [(sq, piece) for sq, piece in enumerate(pos.board) if piece]
        phase = min(total, sum(weights_of.get(piece & KIND_MASK, 0) for _, piece in pieces))
        middle = phase / total
        cells = []
        for sq, piece in pieces:
            kind = piece & KIND_MASK
            first = piece_color(piece) == WHITE
            sign = 1.0 if first == (pos.side == WHITE) else -1.0
            square = sq if first else self.flipped[sq]
            cells += [
                (self.middlegame_value(kind), sign * middle),
                (self.middlegame_square(kind, square), sign * middle),
                (self.endgame_value(kind), sign * (1.0 - middle)),
                (self.endgame_square(kind, square), sign * (1.0 - middle)),
            ]
        return cells

    def start_material(self, parameters: np.ndarray) -> float:
        """The first player's middlegame material at the start position."""
        start = self.variant.position()
        return sum(
            float(parameters[self.middlegame_value(piece & KIND_MASK)])
            for piece in start.board
            if piece and piece_color(piece) == WHITE
        )

    def result(self, parameters: np.ndarray, source: str, say) -> TaperedTables:
        """The fitted tables, scaled to the hand-written start material (the scale said)."""
        ratio = self.start_material(self.start()) / self.start_material(parameters)
        say(f"scaled by {ratio:.4f} to the hand-written start material")
        return self.tables(parameters * ratio, source)


class TermLayout(FitLayout):
    """Where each weight sits in the parameter vector of a terms fit (``--terms``): first the
    fixed tapered evaluation's scale in hundredths (100 at the start: the game's tapered
    tables, held as they are, in the engine's centipawns), then a middlegame and an endgame
    weight per feature of each of the game's fitted terms (`core.evaluation.Term`), starting
    from the terms' published weights."""

    start_name = "published term weights"

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.terms = [term for term in variant.evaluation_terms.values() if isinstance(term, Term)]
        if not self.terms:
            raise XQChessError(f"{variant.name} has no evaluation terms to fit")
        self.names = [name for term in self.terms for name in term.features]
        self.count = 1 + 2 * len(self.names)

    def ridged_columns(self) -> np.ndarray:
        """A mask of the term weights (the ridge's), the tables' scale excluded."""
        mask = np.ones(self.count, dtype=bool)
        mask[0] = False
        return mask

    def start(self) -> np.ndarray:
        """The tables' scale at 100 and the terms' published weights."""
        parameters = [100.0]
        for term in self.terms:
            for name in term.features:
                parameters += term.start[name]
        return np.array(parameters, dtype=float)

    def weights(self, parameters: np.ndarray, source: str) -> TermWeights:
        """Rounded `TermWeights` from parameters, put in the tables' centipawns (divided by
        the fitted scale of the tables)."""
        scale = float(parameters[0]) / 100
        return TermWeights(
            {
                name: (
                    int(round(float(parameters[1 + 2 * index]) / scale)),
                    int(round(float(parameters[2 + 2 * index]) / scale)),
                )
                for index, name in enumerate(self.names)
            },
            source,
        )

    def result(self, parameters: np.ndarray, source: str, say) -> TermWeights:
        """The fitted weights (the tables' fitted scale said)."""
        say(f"the tables' scale: {parameters[0] / 100:.4f}")
        return self.weights(parameters, source)

    def cells(self, pos) -> list[tuple[int, float]]:
        """A position's (column, weight) pairs: its tapered evaluation by the game's tables
        (the scale's), and its feature counts split by the phase, signed for the side to
        move."""
        total = self.variant.phase_total
        pos.use_tables(self.variant.tapered_piece_square)
        middle = min(total, unpack(pos.score)[2]) / total
        sign = 1.0 if pos.side == WHITE else -1.0
        cells = [(0, evaluate_tapered(pos) / 100)]
        column = 1
        for term in self.terms:
            for count in term.counts(pos):
                cells += [
                    (column, sign * count * middle),
                    (column + 1, sign * count * (1 - middle)),
                ]
                column += 2
        return cells


def quiet_positions(variant: Variant, records: list[tuple[str, ...]]):
    """(position, score) of each record kept (module docstring)."""
    for fen, move_text, score_text in records:
        score = int(score_text)
        if abs(score) > MAX_SCORE:  # mates (`cli.records.MATE_SCORE`) among them
            continue
        pos = variant.position(fen)
        if pos.is_check() or variant.parse_move(pos, move_text, "uci") in set(pos.legal_captures()):
            continue
        yield pos, score


def sigmoid(x: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-x / SCALE))


def loss(features: Features, parameters: np.ndarray) -> float:
    """The fit's mean squared error in the logistic curve (the ridge term left out)."""
    if not len(features.targets):
        return float("nan")
    error = sigmoid(features.evaluate(parameters)) - sigmoid(features.targets)
    return float(np.mean(error * error))


def fit(
    layout: FitLayout,
    features: Features,
    steps: int = DEFAULT_STEPS,
    rate: float = DEFAULT_RATE,
    ridge: float = DEFAULT_RIDGE,
    progress=None,
) -> np.ndarray:
    """The parameters Adam reaches from the layout's start after ``steps`` full-batch
    steps of ``rate`` centipawns; ``progress(step, loss)`` is called every 100 steps."""
    anchor = layout.start()
    parameters = anchor.copy()
    ridged = layout.ridged_columns()
    target = sigmoid(features.targets)
    count = len(features.targets)
    first_moment = np.zeros_like(parameters)
    second_moment = np.zeros_like(parameters)
    beta1, beta2 = ADAM_BETAS
    for step in range(1, steps + 1):
        predicted = sigmoid(features.evaluate(parameters))
        slope = 2.0 * (predicted - target) * predicted * (1.0 - predicted) / SCALE / count
        gradient = np.bincount(
            features.columns, features.weights * slope[features.rows], minlength=layout.count
        )
        gradient += 2.0 * ridge * (parameters - anchor) * ridged
        first_moment = beta1 * first_moment + (1 - beta1) * gradient
        second_moment = beta2 * second_moment + (1 - beta2) * gradient * gradient
        corrected_first = first_moment / (1 - beta1**step)
        corrected_second = second_moment / (1 - beta2**step)
        parameters -= rate * corrected_first / (np.sqrt(corrected_second) + ADAM_EPSILON)
        if progress and step % 100 == 0:
            progress(step, loss(features, parameters))
    return parameters


def split(records: list, holdout: float) -> tuple[list, list]:
    """The records before and from the last ``holdout`` share."""
    cut = len(records) - int(len(records) * holdout)
    return records[:cut], records[cut:]


def tune(
    variant_name: str,
    paths: list[str],
    steps: int = DEFAULT_STEPS,
    rate: float = DEFAULT_RATE,
    ridge: float = DEFAULT_RIDGE,
    holdout: float = DEFAULT_HOLDOUT,
    source: str = "",
    report=None,
    terms: bool = False,
) -> TaperedTables | TermWeights:
    """Tapered tables for ``variant_name`` fitted to the scored records in ``paths``, or with
    ``terms`` its terms' weights (`TermLayout`); ``report(line)`` receives what the fit
    measured."""
    variant = get_variant(variant_name)
    if not variant.phase_weights:
        raise XQChessError(f"{variant_name} has no phase weights to taper by")
    layout: FitLayout = TermLayout(variant) if terms else Layout(variant)
    training: list = []
    held: list = []
    for path in paths:
        records = read_records(path)
        if any(len(record) != 3 for record in records):
            raise XQChessError(
                f"{path} has records without scores (make it with xqchess chessmaps data --scores)"
            )
        first, last = split(records, holdout)
        training += first
        held += last
    train_features = layout.features(training)
    held_features = layout.features(held)
    if not len(train_features.targets):
        raise XQChessError("no quiet scored position to tune on")
    say = report or (lambda line: None)
    say(
        f"positions kept: {len(train_features.targets)} of {len(training)} for the fit, "
        f"{len(held_features.targets)} of {len(held)} held out"
    )
    start = layout.start()
    parameters = fit(
        layout,
        train_features,
        steps,
        rate,
        ridge,
        progress=lambda step, value: say(f"step {step}: loss {value:.6f}"),
    )
    say(
        f"loss, {layout.start_name}: {loss(train_features, start):.6f} (fit), "
        f"{loss(held_features, start):.6f} (held out)"
    )
    say(
        f"loss, fitted: {loss(train_features, parameters):.6f} (fit), "
        f"{loss(held_features, parameters):.6f} (held out)"
    )
    return layout.result(parameters, source, say)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `xqchess tune`."""
    parser.add_argument(
        "variant", choices=NAMES, metavar="VARIANT", help="game: " + ", ".join(NAMES)
    )
    parser.add_argument(
        "--data",
        nargs="+",
        required=True,
        metavar="FILE",
        help="scored records (xqchess chessmaps data VARIANT --scores)",
    )
    parser.add_argument(
        "--output", "-o", required=True, help="the JSON tables (or term weights) file to write"
    )
    parser.add_argument(
        "--terms",
        action="store_true",
        help="fit the weights of the game's evaluation terms, its tapered tables held as they "
        "are, instead of the tables",
    )
    parser.add_argument(
        "--steps",
        type=positive_int,
        default=DEFAULT_STEPS,
        help=f"Adam steps (default {DEFAULT_STEPS})",
    )
    parser.add_argument(
        "--rate",
        type=float,
        default=DEFAULT_RATE,
        help=f"Adam's step in centipawns (default {DEFAULT_RATE:g})",
    )
    parser.add_argument(
        "--ridge",
        type=float,
        default=DEFAULT_RIDGE,
        help="weight of the pull of square entries towards the hand-written tables "
        f"(default {DEFAULT_RIDGE:g})",
    )
    parser.add_argument(
        "--holdout",
        type=float,
        default=DEFAULT_HOLDOUT,
        help="share of each file, from its end, left out of the fit and scored "
        f"(default {DEFAULT_HOLDOUT:g})",
    )


def source_command(args: argparse.Namespace) -> str:
    """The command that makes the tables (or weights) again (the output file left out)."""
    return (
        f"{COMMAND} {args.variant} --data {' '.join(shlex.quote(path) for path in args.data)} "
        f"--steps {args.steps} --rate {args.rate:g} --ridge {args.ridge:g} "
        f"--holdout {args.holdout:g}" + (" --terms" if args.terms else "")
    )


def run(args: argparse.Namespace) -> None:
    """Tune and write the tables (or term weights); what the fit measured goes to stderr."""
    if not 0 <= args.holdout < 1:
        raise XQChessError(f"holdout must be at least 0 and below 1, got {args.holdout:g}")
    if args.rate <= 0 or args.ridge < 0:
        raise XQChessError("rate must be above 0 and ridge at least 0")
    source = source_command(args)
    tables = tune(
        args.variant,
        args.data,
        args.steps,
        args.rate,
        args.ridge,
        args.holdout,
        source,
        report=lambda line: print(line, file=sys.stderr, flush=True),
        terms=args.terms,
    )
    try:
        Path(args.output).write_text(tables.to_json() + "\n", encoding="utf-8")
    except OSError as error:
        raise XQChessError(f"cannot write {args.output}: {error.strerror or error}") from None
