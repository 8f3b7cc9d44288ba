"""`xqchess search`: search one position and report the best move, score, PV and statistics,
as text or JSON (`xqchess.core.search.report`). The search is a named preset (`--preset`, the
lab's ``baseline`` by default; ``play`` is the engine that plays) changed by the options given:
the flags switch an enhancement on or off, the valued options replace the preset's value.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import replace

from xqchess.cli.arguments import int_between, non_negative_int
from xqchess.core.errors import XQChessError
from xqchess.core.evaluation import EVALUATIONS, selected_terms
from xqchess.core.search import (
    INT_RANGES,
    MAX_HASH_MB,
    MAX_MULTIPV,
    MAX_TEMPO,
    PRESETS,
    QUIESCENCE_MODES,
    Limits,
    Searcher,
    preset_config,
    result_dict,
)
from xqchess.core.variant import Variant
from xqchess.ordering.spec import DEFAULT_SPEC, build_pipeline
from xqchess.variants import get_variant

#: the flags that switch a preset's enhancement on, by `SearchConfig` field
ON_FLAGS = (
    "null_move",
    "lmr",
    "staged",
    "check_extension",
    "futility",
    "reverse_futility",
    "late_move_pruning",
    "quiescence_checks",
    "quiescence_tt",
    "iir",
    "razoring",
    "see_pruning",
    "improving",
    "singular_extension",
    "null_move_verification",
    "adaptive_null_move",
    "history_reductions",
    "history_pruning",
    "cut_node_reductions",
    "aspiration",
    "order_statistics",
)
#: the flags that switch one off, by `SearchConfig` field
OFF_FLAGS = {"no_tt": "tt", "no_pvs": "pvs", "no_id": "iterative"}
#: the options that replace a preset's value when given, by `SearchConfig` field
VALUED_OPTIONS = {
    "quiescence": "quiescence",
    "evaluation": "evaluation",
    "eval_terms": "eval_terms",
    "hash": "hash_mb",
    "multipv": "multipv",
    "guard_prune": "guard_prune_depth",
    "tempo": "tempo",
}
#: the pruning's reach and margins (each a `SearchConfig` field, its range in `INT_RANGES`):
#: the flag's metavar and what it sets
PRUNING_OPTIONS = {
    "futility_depth": ("PLIES", "how far from the leaves futility pruning reaches"),
    "futility_base": ("CP", "futility pruning's margin before the per-ply part"),
    "futility_margin": ("CP", "futility pruning's margin per ply left"),
    "reverse_futility_depth": ("PLIES", "how far from the leaves reverse futility reaches"),
    "reverse_futility_margin": ("CP", "reverse futility's margin per ply left"),
    "late_move_pruning_depth": ("PLIES", "how far from the leaves late-move pruning reaches"),
    "lmr_base": ("N", "late-move reductions: N/100 plies + ln(depth) ln(moves) / (D/100)"),
    "lmr_divisor": ("D", "late-move reductions' divisor D (see --lmr-base)"),
}
VALUED_OPTIONS.update({field: field for field in PRUNING_OPTIONS})


def add_searcher_options(parser: argparse.ArgumentParser) -> None:
    """Options that choose the preset, the ordering pipeline and the search enhancements."""
    parser.add_argument(
        "--preset",
        choices=tuple(PRESETS),
        default="baseline",
        help="the search to start from: play (the engine that plays), or one of the lab's "
        "(default baseline: every enhancement off but the table, PVS and iterative "
        "deepening); the options below change it",
    )
    parser.add_argument(
        "--ordering",
        default=DEFAULT_SPEC,
        metavar="SPEC",
        help=f"move-ordering pipeline (default {DEFAULT_SPEC}); see docs/search.md",
    )
    parser.add_argument(
        "--guard-prune",
        type=non_negative_int,
        nargs="?",
        const=1,
        metavar="DEPTH",
        help="prune quiet moves to unsafe squares at depths up "
        "to DEPTH (1 when given alone; needs guard in --ordering)",
    )
    parser.add_argument(
        "--guard-margin",
        type=non_negative_int,
        default=0,
        metavar="M",
        help="prune only when the guard value is below -M (default 0)",
    )
    parser.add_argument("--no-tt", action="store_true", help="no transposition table")
    parser.add_argument("--no-pvs", action="store_true", help="plain alpha-beta, no PVS")
    parser.add_argument("--no-id", action="store_true", help="no iterative deepening")
    parser.add_argument(
        "--quiescence",
        choices=QUIESCENCE_MODES,
        help="captures searched at the horizon: all, SEE-safe only, pruned "
        "(the playing search's: no full generation, SEE and delta pruning), "
        "or none (default: the preset's; baseline's is all)",
    )
    parser.add_argument(
        "--staged",
        action="store_true",
        help="pick moves in stages (hash move, captures, the rest) as the "
        "playing search does: less work, each stage ordered as it is reached",
    )
    parser.add_argument("--null-move", action="store_true", help="null-move pruning")
    parser.add_argument("--lmr", action="store_true", help="late-move reductions")
    parser.add_argument(
        "--check-extension", action="store_true", help="search one ply deeper at nodes in check"
    )
    parser.add_argument(
        "--futility",
        action="store_true",
        help="futility pruning of quiet moves one and two plies from the leaves",
    )
    parser.add_argument(
        "--reverse-futility",
        action="store_true",
        help="reverse futility pruning (static null move): a fail-high up to three plies "
        "from the leaves where the static score is far above beta",
    )
    parser.add_argument(
        "--late-move-pruning",
        action="store_true",
        help="late-move (move-count) pruning: late quiet moves skipped up to three plies "
        "from the leaves",
    )
    parser.add_argument(
        "--quiescence-checks",
        action="store_true",
        help="quiet checks that lose no material searched at quiescence's first ply "
        "(--quiescence pruned)",
    )
    parser.add_argument(
        "--quiescence-tt",
        action="store_true",
        help="quiescence reads the transposition table and stores what it finds where the "
        "table holds nothing for the position",
    )
    parser.add_argument(
        "--adaptive-null-move",
        action="store_true",
        help="the null move reduced by 3 + depth/3 plies, and up to 3 more the further the "
        "static score is above beta (else by 2)",
    )
    parser.add_argument(
        "--iir",
        action="store_true",
        help="internal iterative reduction: a node without a hash move searched a ply "
        "shallower (four plies or more from the leaves)",
    )
    parser.add_argument(
        "--razoring",
        action="store_true",
        help="razoring: one and two plies from the leaves, a node far below alpha "
        "settled by quiescence",
    )
    parser.add_argument(
        "--see-pruning",
        action="store_true",
        help="moves that lose material by SEE skipped up to four plies from the leaves",
    )
    parser.add_argument(
        "--improving",
        action="store_true",
        help="reverse futility, late-move reductions and pruning follow whether the "
        "static score rose since the side's last move",
    )
    parser.add_argument(
        "--singular-extension",
        action="store_true",
        help="singular extensions: the hash move a ply deeper where every other move fails "
        "low in a reduced search (six plies or more from the leaves)",
    )
    parser.add_argument(
        "--null-move-verification",
        action="store_true",
        help="a null move's fail-high confirmed by a search of the node without one (eight "
        "plies or more from the leaves)",
    )
    parser.add_argument(
        "--history-reductions",
        action="store_true",
        help="late-move reductions a ply deeper for a quiet move the history table has "
        "never seen fail high",
    )
    parser.add_argument(
        "--history-pruning",
        action="store_true",
        help="quiet moves the history table has never seen fail high skipped up to three "
        "plies from the leaves",
    )
    parser.add_argument(
        "--cut-node-reductions",
        action="store_true",
        help="late-move reductions a ply deeper at nodes where a cutoff is expected",
    )
    parser.add_argument(
        "--aspiration",
        action="store_true",
        help="aspiration windows around the last iteration's score",
    )
    parser.add_argument(
        "--order-statistics",
        action="store_true",
        help="count which heuristic placed each first-move cutoff's move first (the lab's "
        "presets count it; play does not, as it costs a sort at every node)",
    )
    parser.add_argument(
        "--evaluation",
        choices=EVALUATIONS,
        help="middlegame square tables (squares, baseline's), tapered "
        "middlegame-to-endgame tables (play's), or those plus the game's positional "
        "terms (terms); default: the preset's",
    )
    parser.add_argument(
        "--eval-terms",
        metavar="NAME,...",
        type=term_names,
        help="the terms evaluation's terms (default: all of the game's)",
    )
    parser.add_argument(
        "--hash",
        type=int_between(1, MAX_HASH_MB),
        metavar="MB",
        help=f"transposition table size in MB, 1-{MAX_HASH_MB} (default: the preset's, 16)",
    )
    parser.add_argument(
        "--multipv",
        type=int_between(1, MAX_MULTIPV),
        metavar="N",
        help=f"the N best moves, each with its line, 1-{MAX_MULTIPV} (default: the preset's, 1)",
    )
    parser.add_argument(
        "--tempo",
        type=int_between(0, MAX_TEMPO),
        metavar="CP",
        help=f"centipawns the evaluation adds for the side to move, 0-{MAX_TEMPO} "
        "(default: the preset's)",
    )
    for field, (metavar, meaning) in PRUNING_OPTIONS.items():
        low, high = INT_RANGES[field]
        parser.add_argument(
            "--" + field.replace("_", "-"),
            type=int_between(low, high),
            metavar=metavar,
            help=f"{meaning}, {low}-{high} (default: the preset's)",
        )


def term_names(text: str) -> tuple[str, ...]:
    """``--eval-terms``: names separated by commas (checked against the game's terms when the
    search is built)."""
    return tuple(name.strip() for name in text.split(",") if name.strip())


def searcher_from_args(args: argparse.Namespace, variant: Variant) -> Searcher:
    if args.depth is None and args.movetime is None and args.nodes is None:
        raise XQChessError("give at least one limit: --depth, --movetime or --nodes")
    if args.guard_prune and "guard" not in args.ordering.replace(" ", "").split(","):
        raise XQChessError("--guard-prune needs guard in the --ordering spec")
    if args.eval_terms is not None:
        try:
            selected_terms(variant, args.eval_terms)
        except ValueError as error:
            raise XQChessError(str(error)) from None
    changes = {field: True for field in ON_FLAGS if getattr(args, field)}
    changes.update({field: False for flag, field in OFF_FLAGS.items() if getattr(args, flag)})
    changes.update(
        {
            field: getattr(args, option)
            for option, field in VALUED_OPTIONS.items()
            if getattr(args, option) is not None
        }
    )
    config = replace(preset_config(args.preset, variant), **changes)
    if not config.iterative and args.depth is None:
        raise XQChessError(
            "a search without iterative deepening (--no-id, or the preset's) searches one "
            "iteration to a fixed depth: give --depth"
        )
    return Searcher(build_pipeline(args.ordering, variant, args.guard_margin), config)


def run_search(args: argparse.Namespace) -> None:
    variant = get_variant(args.variant)
    pos = variant.position(args.fen, strict=not args.lenient)
    notation = variant.require_notation(args.notation)
    searcher = searcher_from_args(args, variant)
    limits = Limits(depth=args.depth, movetime=args.movetime, nodes=args.nodes)
    result = searcher.search(pos, limits)
    data = result_dict(variant, pos, result, notation)
    if args.json:
        print(json.dumps(data, ensure_ascii=False))
        return
    print(f"bestmove {data['bestmove'] or '(none)'}")
    print(f"score {data['score']}  depth {data['depth']}  seldepth {data['seldepth']}")
    if data["unfinished"]:
        cut = data["unfinished"]
        print(
            f"unfinished depth {cut['depth']}: {cut['root_moves_searched']} of "
            f"{cut['root_moves']} root moves searched"
        )
    print(f"pv {' '.join(data['pv'])}")
    print(
        f"nodes {data['nodes']}  qnodes {data['qnodes']}  time {data['time_ms']} ms  "
        f"nps {data['nps']}"
    )
    print(
        f"tt hits {data['tt_hits']}  beta cutoffs {data['beta_cutoffs']}  "
        f"fail-high first {data['fail_high_first_pct']:.1f}%  "
        f"mean cutoff index {data['mean_cutoff_index']:.2f}  guard prunes {data['guard_prunes']}"
    )
    if data["cutoff_first_by"] is not None:  # counted by the preset or --order-statistics
        placed = ", ".join(f"{name} {count}" for name, count in data["cutoff_first_by"].items())
        print(f"first-move cutoffs placed by: {placed or '-'}")
    if searcher.config.multipv > 1 and data["iterations"]:
        for number, line in enumerate(data["iterations"][-1]["lines"], 1):
            print(f"line {number}  score {line['score']}  pv {' '.join(line['pv'])}")
    for it in data["iterations"]:
        ebf = f"{it['ebf']:.2f}" if it["ebf"] is not None else "-"
        print(
            f"  depth {it['depth']:>2}  score {it['score']:>9}  nodes {it['nodes']:>9}"
            f"  ebf {ebf:>6}  time {it['time_ms']:>6} ms  pv {' '.join(it['pv'])}"
        )
