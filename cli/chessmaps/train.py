"""`xqchess chessmaps train` and `xqchess chessmaps evaluate`: the chessmaps network's training
and the paper's accuracy tables (Greer 2000, section 3, Tables 1 and 2, Figs. 4-6).

train VARIANT: reads the training records (`cli.chessmaps.data`, default the shipped
``chessmaps-train.txt.gz`` in the game's data folder), turns each into the network's inputs and
target (`ordering.chessmaps.features`), trains (`ordering.chessmaps.network.train`, progress
bars on a terminal) and writes the weights (default: the shipped ``chessmaps.npz`` in the game's
data folder) with their metadata, then prints a short report: the loss and validation score of
the kept epoch and the top-1/4/6 accuracy on the test records.

evaluate VARIANT: ranks the sectors of every test position by the network, by Greer's fixed
ordering taken from the training set, by the training set's positive-influence frequencies and
at random (seeded), and prints Table 1/2-style rows (percent per rank 1-15, top-1/4/6, and the
average number of legal moves grouped per sector, which needs every legal move's influence:
all test positions by default, a seeded sample with ``--moves-sample``), the sectors the
network most often ranks first, and the probe of Figs. 4-6 (its top 10 sectors when every
control value is +1, 0 and -1) drawn as small boards.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

import numpy as np
from rich import box
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from xqchess.cli.arguments import add_variant_argument, positive_int
from xqchess.cli.chessmaps.data import data_path
from xqchess.cli.records import read_records
from xqchess.core.errors import XQChessError
from xqchess.core.variant import Variant
from xqchess.ordering.chessmaps import network, sector_accuracy
from xqchess.ordering.chessmaps.features import dataset
from xqchess.variants import get_variant

#: Where the data files are (`cli.chessmaps.data` writes them there).
#: The ranks whose cumulative accuracy the reports quote (the paper's top-1, top-4, top-6).
REPORT_RANKS = (1, 4, 6)
#: Seeds of the random ordering and of the moves-per-sector sample.
DEFAULT_EVAL_SEED = 1
#: How many sectors most often ranked first the evaluation lists (the paper lists 10).
CENTRE_TOP = 10
#: Greer 2000's figures (chess), printed beside ours: Table 1 (network, with its moves per
#: sector) and Table 2 (fixed ordering).
GREER_NETWORK = (25.3, 13, 9.2, 7.3, 5.4, 4.1, 3.6, 3.1, 2.8, 2.4, 2, 1.6, 1.6, 1.5, 1.5)
GREER_MOVES = (4.6, 3.2, 2.6, 2.2, 1.8, 1.6, 1.3, 1.2, 1, 0.9, 0.9, 0.8, 0.7, 0.6, 0.6)
GREER_FIXED = (20.4, 16.8, 7.6, 5.2, 4, 2.9, 5.6, 2.9, 1.4, 1.4, 2.5, 1.3, 1.2, 2.8, 2.9)
#: Output width when stdout is not a terminal (a terminal's own width is used otherwise).
PIPE_WIDTH = 200
#: Probe board cells: a sector outside the top 10, and the rank of one inside it.
EMPTY_CELL = " ."


def _console() -> Console:
    return Console(highlight=False, width=None if sys.stdout.isatty() else PIPE_WIDTH)


def _progress(console: Console) -> Progress:
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        disable=not console.is_terminal,
    )


def load_features(
    variant: Variant, path: Path, console: Console, label: str
) -> tuple[list, np.ndarray, np.ndarray]:
    """The records of ``path`` and their inputs and targets, with a progress bar."""
    records = read_records(path)
    if not records:
        raise XQChessError(f"{path} holds no records")
    with _progress(console) as progress:
        bar = progress.add_task(f"features of {label}", total=len(records))
        x, y = dataset(variant, records, lambda: progress.advance(bar))
    return records, x, y


def file_facts(path: Path) -> dict:
    """The data file's name, line count and the SHA-256 of its text (for the weights' meta)."""
    raw = path.read_bytes()
    text = gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw
    return {
        "data_file": path.name,
        "data_lines": text.count(b"\n"),
        "data_sha256": hashlib.sha256(text).hexdigest(),
    }


def accuracy(net: network.Network, x: np.ndarray, y: np.ndarray) -> dict[int, float]:
    """The network's cumulative top-k accuracy (percent) for the report's ranks."""
    ranks = sector_accuracy.first_hit_ranks(net.forward(x), y > 0)
    percent = sector_accuracy.hit_percentages(ranks, max(REPORT_RANKS))
    return {k: float(percent[:k].sum()) for k in REPORT_RANKS}


# -- train --------------------------------------------------------------------------------------


def add_train_arguments(parser: argparse.ArgumentParser) -> None:
    add_variant_argument(parser)
    parser.add_argument(
        "--data",
        type=Path,
        metavar="FILE",
        help="training records (default: the shipped VARIANT-train.txt.gz)",
    )
    parser.add_argument(
        "--test",
        type=Path,
        metavar="FILE",
        help="test records for the report (default: the shipped "
        "VARIANT-test.txt.gz, skipped when absent)",
    )
    parser.add_argument(
        "--epochs",
        type=positive_int,
        default=network.DEFAULT_EPOCHS,
        help=f"passes over the data (default {network.DEFAULT_EPOCHS}; the "
        "epoch best on the validation split is kept)",
    )
    parser.add_argument(
        "--hidden",
        type=positive_int,
        default=network.DEFAULT_HIDDEN,
        help=f"hidden nodes (default {network.DEFAULT_HIDDEN})",
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=network.DEFAULT_SEED,
        help=f"seed of weights, shuffling and split (default {network.DEFAULT_SEED})",
    )
    parser.add_argument(
        "--loss",
        choices=network.LOSSES,
        default=network.DEFAULT_LOSS,
        help=f"softmax: a distribution over the sectors, cross-entropy on the "
        f"positively influenced ones; bce: logistic outputs, cross-entropy "
        f"per sector; mse: tanh outputs, squared error on -1/0/+1 (default "
        f"{network.DEFAULT_LOSS})",
    )
    parser.add_argument(
        "--batch",
        type=positive_int,
        default=network.DEFAULT_BATCH,
        help=f"positions per step (default {network.DEFAULT_BATCH})",
    )
    parser.add_argument(
        "--learning-rate",
        type=float,
        default=network.DEFAULT_LEARNING_RATE,
        help=f"Adam step size (default {network.DEFAULT_LEARNING_RATE})",
    )
    parser.add_argument(
        "--validation",
        type=float,
        default=network.DEFAULT_VALIDATION,
        help=f"share of the training records held out to choose the epoch "
        f"(default {network.DEFAULT_VALIDATION})",
    )
    parser.add_argument(
        "--out",
        type=Path,
        metavar="FILE",
        help="weights file to write (default: the shipped VARIANT.npz)",
    )


def run_train(args: argparse.Namespace) -> None:
    variant = get_variant(args.variant)
    console = _console()
    progress_console = Console(stderr=True)
    data = args.data or data_path(variant, "train")
    test = args.test or data_path(variant, "test")
    out = args.out or network.shipped_path(variant)
    if args.learning_rate <= 0:
        raise XQChessError(f"--learning-rate must be positive, got {args.learning_rate}")
    started = time.perf_counter()
    _, x, y = load_features(variant, data, progress_console, data.name)
    featured = time.perf_counter()
    with _progress(progress_console) as progress:
        bar = progress.add_task("training", total=args.epochs)
        net, reports = network.train(
            x,
            y,
            hidden=args.hidden,
            epochs=args.epochs,
            seed=args.seed,
            loss=args.loss,
            learning_rate=args.learning_rate,
            batch=args.batch,
            validation=args.validation,
            on_epoch=lambda report: progress.advance(bar),
        )
    trained = time.perf_counter()
    net.meta.update(
        file_facts(data),
        variant=variant.name,
        data_records=len(x),
        date=datetime.now(timezone.utc).strftime("%Y-%m-%d"),
        train_seconds=round(trained - featured, 1),
    )
    test_accuracy = None
    if test.exists():
        _, xt, yt = load_features(variant, test, progress_console, test.name)
        test_accuracy = accuracy(net, xt, yt)
        net.meta.update(
            test_file=test.name,
            test_records=len(xt),
            test_accuracy={str(k): round(v, 2) for k, v in test_accuracy.items()},
        )
    out.parent.mkdir(parents=True, exist_ok=True)
    network.save_network(net, out)
    network.shipped_network.cache_clear()
    meta = net.meta
    console.print(
        f"{variant.name}: {'-'.join(map(str, net.sizes))} network, loss {net.loss}, "
        f"seed {args.seed}, {len(x)} records of {data.name}"
    )
    console.print(
        f"kept epoch {meta['chosen_epoch']} of {args.epochs}: training loss "
        f"{meta['train_loss']:.3f}, validation loss "
        f"{_number(meta['validation_loss'], 3)}, validation score "
        f"{_number(meta['validation_score'], 2)}; last epoch training loss "
        f"{reports[-1].train_loss:.3f}"
    )
    if test_accuracy is not None:
        console.print(
            f"test accuracy ({meta['test_records']} positions of {test.name}): "
            + ", ".join(f"top-{k} {v:.1f}%" for k, v in test_accuracy.items())
        )
    console.print(
        f"features {featured - started:.1f} s, training {trained - featured:.1f} s; "
        f"wrote {out} ({out.stat().st_size:,} bytes)"
    )


def _number(value, digits: int) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


# -- evaluate -----------------------------------------------------------------------------------


def add_evaluate_arguments(parser: argparse.ArgumentParser) -> None:
    add_variant_argument(parser)
    parser.add_argument(
        "--weights",
        type=Path,
        metavar="FILE",
        help="network weights (default: the shipped VARIANT.npz)",
    )
    parser.add_argument(
        "--train",
        type=Path,
        metavar="FILE",
        help="records the fixed orderings are taken from (default: the shipped "
        "VARIANT-train.txt.gz)",
    )
    parser.add_argument(
        "--test",
        type=Path,
        metavar="FILE",
        help="test records (default: the shipped VARIANT-test.txt.gz)",
    )
    parser.add_argument(
        "--moves-sample",
        type=int,
        metavar="N",
        help="measure the moves-per-sector row, which needs every legal "
        "move's influence, on a seeded sample of N test positions; 0: "
        "skip the row (default: every test position)",
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=DEFAULT_EVAL_SEED,
        help=f"seed of the random ordering and the sample (default {DEFAULT_EVAL_SEED})",
    )


def run_evaluate(args: argparse.Namespace) -> None:
    variant = get_variant(args.variant)
    console = _console()
    progress_console = Console(stderr=True)
    net = network.load_network(args.weights) if args.weights else network.shipped_network(variant)
    if args.moves_sample is not None and args.moves_sample < 0:
        raise XQChessError(f"--moves-sample must be 0 or more, got {args.moves_sample}")
    train_path = args.train or data_path(variant, "train")
    test_path = args.test or data_path(variant, "test")
    _, x_train, y_train = load_features(variant, train_path, progress_console, train_path.name)
    records, x_test, y_test = load_features(variant, test_path, progress_console, test_path.name)
    sectors = y_test.shape[1]
    scores = {
        "network": net.forward(x_test),
        "fixed (Greer)": sector_accuracy.scores_from_order(
            sector_accuracy.greer_fixed_order(net.forward(x_train), y_train > 0), len(x_test)
        ),
        "fixed (frequency)": sector_accuracy.scores_from_order(
            sector_accuracy.frequency_order(y_train > 0), len(x_test)
        ),
        "random": sector_accuracy.random_scores(len(x_test), sectors, args.seed),
    }
    sample = np.arange(len(records))
    if args.moves_sample is not None and args.moves_sample < len(records):
        sample = np.sort(
            np.random.default_rng(args.seed).permutation(len(records))[: args.moves_sample]
        )
    move_positive = None
    if len(sample):
        move_positive = []
        with _progress(progress_console) as progress:
            bar = progress.add_task("influence of every legal move", total=len(sample))
            for i in sample:
                fen, _ = records[i]
                move_positive.append(sector_accuracy.legal_move_positive(variant.position(fen)))
                progress.advance(bar)
    results = [
        sector_accuracy.evaluate_ordering(name, s, y_test > 0, move_positive, sample)
        for name, s in scores.items()
    ]
    console.print(
        f"{variant.name}: {len(x_test)} test positions of {test_path.name}, fixed "
        f"orderings from {len(x_train)} positions of {train_path.name}, network "
        f"{'-'.join(map(str, net.sizes))} ({net.loss})"
    )
    console.print(accuracy_table(results, len(sample)))
    console.print(summary_table(results))
    no_hit = results[0].no_hit
    console.print(
        f"{no_hit} test moves ({100 * no_hit / len(x_test):.1f}%) influence no "
        f"sector positively and count in no rank."
    )
    console.print(centre_line(variant, scores["network"]))
    start = variant.position()
    console.print(probe_boards(variant, sector_accuracy.probe(net.forward, start)))


def accuracy_table(results: list[sector_accuracy.OrderingResult], sample: int) -> Table:
    """Table 1/2 style: percent per rank for each ordering, then moves per sector, with
    Greer's chess rows for comparison."""
    ranks = sector_accuracy.TABLE_RANKS
    table = Table(
        box=box.SIMPLE,
        title="% of test positions whose move first hits the "
        "sector ranked k; moves grouped per sector",
        title_justify="left",
        padding=(0, 1),
        pad_edge=False,
    )
    table.add_column("ordering", no_wrap=True)
    for k in range(1, ranks + 1):
        table.add_column(str(k), justify="right")
    for result in results:
        table.add_row(f"% {result.name}", *(f"{v:.1f}" for v in result.percentages))
    for result in results:
        if result.moves is not None:
            table.add_row(f"moves {result.name}", *(f"{v:.1f}" for v in result.moves))
    table.add_row("% Greer network", *map(str, GREER_NETWORK), style="dim")
    table.add_row("% Greer fixed", *map(str, GREER_FIXED), style="dim")
    table.add_row("moves Greer network", *map(str, GREER_MOVES), style="dim")
    table.caption = (
        f"moves rows: average over {sample} test positions; " if sample else ""
    ) + "Greer rows: chess, Tables 1 and 2"
    return table


def summary_table(results: list[sector_accuracy.OrderingResult]) -> Table:
    """Cumulative top-1/4/6 accuracy and the moves looked at for them, per ordering."""
    table = Table(
        box=box.SIMPLE, title="cumulative accuracy (moves looked at)", title_justify="left"
    )
    table.add_column("ordering", no_wrap=True)
    for k in REPORT_RANKS:
        table.add_column(f"top-{k}", justify="right")
    for result in results:
        cells = []
        for k in REPORT_RANKS:
            moves = "" if result.moves is None else f" ({result.moves[:k].sum():.1f})"
            cells.append(f"{result.top(k):.1f}%{moves}")
        table.add_row(result.name, *cells)
    greer = [(GREER_NETWORK, GREER_MOVES), (GREER_FIXED, None)]
    for name, (row, moves) in zip(("Greer network", "Greer fixed"), greer):
        table.add_row(
            name,
            *(
                f"{sum(row[:k]):.1f}%" + ("" if moves is None else f" ({sum(moves[:k]):.1f})")
                for k in REPORT_RANKS
            ),
            style="dim",
        )
    return table


def centre_line(variant: Variant, scores: np.ndarray) -> str:
    """The sectors the network most often ranks first on the test set (the paper's
    centralisation test), seen from the side to move."""
    counts = sector_accuracy.top_counts(scores)
    best = np.argsort(-counts, kind="stable")[:CENTRE_TOP]
    names = ", ".join(
        f"{variant.geometry.square_name(int(s))} {counts[s]}" for s in best if counts[s]
    )
    return f"sectors most often ranked first by the network (mover's view): {names}"


def probe_boards(variant: Variant, probe: dict[int, list[int]]) -> str:
    """Figs. 4-6: one small board per control value, each top-10 sector marked by its rank
    (1 = first), the first player's side at the bottom, then the squares as lists."""
    geometry = variant.geometry
    boards = []
    for value, top in probe.items():
        rank_of = {sq: i + 1 for i, sq in enumerate(top)}
        lines = [f"all control {value:+d}".ljust(3 * geometry.files + 3)]
        for rank in range(geometry.ranks - 1, -1, -1):
            cells = "".join(
                f"{rank_of.get(geometry.square(f, rank), EMPTY_CELL):>3}"
                for f in range(geometry.files)
            )
            lines.append(f"{rank + geometry.rank_base:>2} {cells}")
        lines.append(
            "   " + "".join(f"{geometry.square_name(f)[0]:>3}" for f in range(geometry.files))
        )
        boards.append(lines)
    rows = ["    ".join(parts) for parts in zip(*boards)]
    lists = [
        f"all control {value:+d}: " + " ".join(geometry.square_name(sq) for sq in top)
        for value, top in probe.items()
    ]
    return "\n".join(
        ["top 10 sectors when every control value is the same (Figs. 4-6):", *rows, *lists]
    )
