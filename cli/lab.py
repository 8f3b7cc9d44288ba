"""`xqchess lab`: the move-ordering lab. Searches a game's suite to a fixed depth with each of
several ordering pipelines (plain alpha-beta with PVS, TT and iterative deepening as configured)
and prints, per pipeline, the total nodes, the fail-high-on-first-move rate, the mean index of
the cutoff move, guard prunes and time: the table README reports."""

from __future__ import annotations

import argparse
import time

from cli.search import searcher_from_args
from cli.suites import load_suite
from core.search import Limits
from ordering.spec import DEFAULT_SPEC
from variants import get_variant

#: (label, ordering spec, guard pruning frontier depth)
LAB_ROWS = (
    ("none", "none", 0),
    ("mvvlva", "mvvlva", 0),
    ("+killer", "mvvlva,killer", 0),
    ("+history", "mvvlva,killer,history", 0),
    ("+countermove", "mvvlva,killer,countermove,history", 0),
    ("+guard (ordering)", "guard,mvvlva,killer,countermove,history", 0),
    ("+guard (pruning d1)", "guard,mvvlva,killer,countermove,history", 1),
    ("default", DEFAULT_SPEC, 0),
)


def run_lab(args: argparse.Namespace) -> None:
    variant = get_variant(args.variant)
    suite = load_suite(args.variant)[:args.positions]
    rows = [(spec, spec, args.guard_prune) for spec in args.spec] if args.spec else LAB_ROWS
    for _, spec, prune_depth in rows:  # reject a bad spec before printing anything
        args.ordering, args.guard_prune = spec, prune_depth
        searcher_from_args(args, variant)
    print(f"{args.variant}: {len(suite)} suite positions, depth {args.depth}")
    print(f"{'pipeline':<22}{'nodes':>11}{'vs 1st':>9}{'fail-high 1st':>15}{'mean index':>12}"
          f"{'prunes':>8}{'time s':>8}  spec")
    baseline = None
    for label, spec, prune_depth in rows:
        args.ordering, args.guard_prune = spec, prune_depth
        nodes = cutoffs = first = index_sum = prunes = 0
        start = time.perf_counter()
        for position in suite:
            searcher = searcher_from_args(args, variant)
            stats = searcher.search(variant.position(position.fen), Limits(depth=args.depth)).stats
            nodes += stats.nodes
            cutoffs += stats.beta_cutoffs
            first += stats.first_move_cutoffs
            index_sum += stats.cutoff_index_sum
            prunes += stats.guard_prunes
        baseline = baseline or nodes
        fail_high_first = 100 * first / max(cutoffs, 1)
        print(f"{label:<22}{nodes:>11}{nodes / baseline:>9.3f}{fail_high_first:>14.1f}%"
              f"{index_sum / max(cutoffs, 1):>12.2f}{prunes:>8}{time.perf_counter() - start:>8.1f}"
              f"  {spec}")
