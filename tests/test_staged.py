"""The playing search's machinery on both games: staged move picking gives exactly the full
sort's order (so a staged search searches the same tree wherever the tables stand still
between stages), the pruned quiescence does what its mode says, and the UCI options that
switch the playing search."""

import random
from functools import partial

import pytest
from helpers import random_walk
from xqchess.cli.protocols.uci import UciProtocol
from xqchess.cli.suites import default_suite
from xqchess.core.evaluation import evaluate
from xqchess.core.moves import is_quiet
from xqchess.core.search import (
    INFINITY,
    MATE,
    PLAY,
    Limits,
    Node,
    SearchConfig,
    Searcher,
)
from xqchess.ordering.spec import DEFAULT_SPEC, build_pipeline
from xqchess.variants import NAMES, get_variant

VARIANTS = NAMES  # every registered game
#: specs whose heuristics score each move alone, with and without a hash stage and a capture
#: stage (SEE or MVV-LVA right after the hash move, or first)
STAGEABLE_SPECS = (
    DEFAULT_SPEC,
    "hash,mvvlva,killer,countermove,history",
    "mvvlva,killer,history",
    "see",
    "killer,history",
    "guard,mvvlva,killer,countermove,history",
    "hash,safe,history:seed",
)

LEARNING_NODES = 3000


def learnt_positions(variant_name, pipeline, rng, count):
    """(position, its legal moves) at ``count`` random positions with a legal move, each after
    a short search from it has taught the pipeline's killers, history and countermoves (a node
    cap bounds the unordered quiescence of the larger boards)."""
    searcher = Searcher(pipeline, SearchConfig())
    for seed in range(count):
        pos = random_walk(variant_name, seed, rng.randrange(4, 60))
        legal = pos.legal_moves()
        if legal:
            searcher.search(pos.copy(), Limits(depth=2, nodes=LEARNING_NODES))
            yield pos, legal


@pytest.mark.parametrize("variant_name", VARIANTS)
@pytest.mark.parametrize("spec", STAGEABLE_SPECS)
def test_pick_gives_the_full_sorts_order(variant_name, spec):
    """At random positions, with heuristics that have learnt from a search and a hash move
    that is legal, illegal or absent, the staged pick yields the legal moves in exactly the
    order the full sort gives, and credits the first move the same way (but for a single
    legal move the pick did not have to generate to try)."""
    variant = get_variant(variant_name)
    pipeline = build_pipeline(spec, variant)
    rng = random.Random(7)
    compared = 0
    for pos, legal in learnt_positions(variant_name, pipeline, rng, 30):
        pseudo = variant.pseudo_legal_moves(pos)
        illegal = [m for m in pseudo if m not in legal]
        for hash_move in (0, rng.choice(legal), illegal[0] if illegal else 0, legal[-1]):
            prev = rng.choice([0] + legal)
            seed_refutations(pipeline, pos, prev, rng)
            # a node that keeps the order statistic, and one that does not
            for record in (True, False):
                full, staged = Node(1, record), Node(1, record)
                full.fill(pos, 3, prev, hash_move, pos.is_check())
                staged.fill(pos, 3, prev, hash_move, pos.is_check())
                ordered = list(pipeline.order(full, list(legal)))
                picked = list(pipeline.pick(staged))
                assert picked == ordered, (pos.fen(), hash_move, record)
                assert staged.legal_count == len(legal)
                if record and len(legal) > 1:
                    assert pipeline.first_placed_by(staged) == pipeline.first_placed_by(full)
            compared += 1
    assert compared >= 100


def seed_refutations(pipeline, pos, prev_move, rng):
    """Fill the killer slots of ply 1 and the countermove of ``prev_move`` with moves of
    ``pos``, legal or not, quiet or not, or nothing: where a search's own learning would seldom
    leave a legal killer (its ply 1 is the other side's)."""
    candidates = [0, *pos.legal_moves(), *pos.variant.pseudo_legal_moves(pos)]
    for heuristic in pipeline.heuristics:
        if heuristic.name in ("killer", "akiller"):
            first = rng.choice(candidates)
            second = rng.choice([m for m in candidates if m != first or not m])
            heuristic.slots[1] = [first, second]
        elif heuristic.name == "countermove" and prev_move:
            heuristic.table[pos.side][heuristic._key(pos, prev_move)] = rng.choice(candidates)


def test_pick_stops_generating_where_the_search_stops():
    """A hash move is yielded before any generation, winning captures before the quiet moves
    are generated: until the last stage, the node's legal count is unknown."""
    variant = get_variant("chess")
    pos = variant.position("4k3/8/8/3p4/4P3/8/8/4K1N1 w - - 0 1")
    pipeline = build_pipeline(DEFAULT_SPEC, variant)
    hash_move = variant.parse_move(pos, "Nf3")
    node = Node(1).fill(pos, 2, 0, hash_move, False)
    picking = iter(pipeline.pick(node))
    assert next(picking) == hash_move and node.legal_count is None
    assert next(picking) == variant.parse_move(pos, "exd5") and node.legal_count is None
    rest = list(picking)
    assert node.legal_count == len(pos.legal_moves()) == len(rest) + 2


def test_pick_tries_the_killers_and_the_countermove_before_generating():
    """After the winning captures, the killers (first slot first) and the countermove are
    yielded before the quiet moves are generated; a killer that captures here waits for its
    place among the captures, and an illegal one is never yielded."""
    variant = get_variant("chess")
    pos = variant.position("4k3/8/8/3p4/4P3/8/8/R3K1N1 w Q - 0 1")
    pipeline = build_pipeline(DEFAULT_SPEC, variant)
    move = partial(variant.parse_move, pos)
    prev = move("Ra8")  # any move: the countermove table's key
    killers = next(h for h in pipeline.heuristics if h.name == "killer")
    counter = next(h for h in pipeline.heuristics if h.name == "countermove")
    killers.slots[1] = [move("Nf3"), move("Ra7")]
    counter.table[pos.side][counter._key(pos, prev)] = move("O-O-O")
    node = Node(1, record_order=False).fill(pos, 3, prev, 0, False)
    picking = iter(pipeline.pick(node))
    assert [next(picking) for _ in range(4)] == [
        move("exd5"),
        move("Nf3"),
        move("Ra7"),
        move("O-O-O"),
    ]
    assert node.legal_count is None
    rest = list(picking)
    assert node.legal_count == len(pos.legal_moves()) == len(rest) + 4
    ordered = pipeline.order(Node(1).fill(pos, 3, prev, 0, False), pos.legal_moves())
    assert list(ordered) == [move("exd5"), move("Nf3"), move("Ra7"), move("O-O-O"), *rest]
    # a killer that captures here, and one no piece of the side to move can play
    killers.slots[1] = [move("exd5"), move("Ke2") + 1]
    node = Node(1, record_order=False).fill(pos, 3, prev, 0, False)
    picking = iter(pipeline.pick(node))
    assert [next(picking), next(picking)] == [move("exd5"), move("O-O-O")]
    assert node.legal_count is None


@pytest.mark.parametrize("variant_name", VARIANTS)
@pytest.mark.parametrize("spec", STAGEABLE_SPECS)
def test_pick_drops_the_quiet_moves_once_the_node_wants_none(variant_name, spec):
    """Once the search sets ``node.skip_quiets`` (late-move pruning), the staged pick yields the
    full sort's non-quiet moves and no quiet one from there on, set before any move is picked
    or after the first two; the node's legal count stays unknown where a quiet move was left."""
    pipeline = build_pipeline(spec, get_variant(variant_name))
    rng = random.Random(11)
    dropped = 0
    for pos, legal in learnt_positions(variant_name, pipeline, rng, 20):
        hash_move = rng.choice(legal)
        full = Node(1, False).fill(pos, 3, 0, hash_move, pos.is_check())
        ordered = list(pipeline.order(full, list(legal)))
        for picked_first in (0, 2):
            node = Node(1, False).fill(pos, 3, 0, hash_move, pos.is_check())
            picking = iter(pipeline.pick(node))
            picked = [next(picking) for _ in range(min(picked_first, len(legal)))]
            node.skip_quiets = True
            picked += list(picking)
            kept = ordered[: len(picked[:picked_first])]
            kept += [m for m in ordered[len(kept) :] if not is_quiet(pos, m)]
            assert picked == kept, (pos.fen(), picked_first)
            left = len(legal) - len(picked)
            dropped += left
            assert node.legal_count is None if left else node.legal_count in (None, len(legal))
    assert dropped


@pytest.mark.parametrize("spec", ["random", "chessmaps", "none"])
def test_pipelines_that_cannot_stage_say_so(spec):
    variant = get_variant("chess")
    node = Node(1).fill(variant.position(), 2, 0, 0, False)
    assert build_pipeline(spec, variant).pick(node) is None


@pytest.mark.parametrize("variant_name", VARIANTS)
@pytest.mark.parametrize(
    "spec", [DEFAULT_SPEC, "mvvlva,killer,history", "guard,mvvlva,killer,countermove,history"]
)
def test_staged_search_searches_the_same_tree(variant_name, spec):
    """Three plies deep, with and without late-move pruning (whose quiet moves the staged pick
    drops ungenerated), the staged search searches the full sort's tree: the same moves, scores,
    nodes and cutoffs. (Deeper, a cutoff below an earlier move may teach the heuristics before
    a later stage is ordered, and the trees part, by design.)"""
    variant = get_variant(variant_name)
    pruned = 0
    for position in default_suite(variant_name).positions[:3]:
        figures = []
        for staged, late_move_pruning in (
            (False, False),
            (True, False),
            (False, True),
            (True, True),
        ):
            config = SearchConfig(
                staged=staged, null_move=True, lmr=True, late_move_pruning=late_move_pruning
            )
            searcher = Searcher(build_pipeline(spec, variant), config)
            result = searcher.search(variant.position(position.fen), Limits(depth=3))
            stats = result.stats
            figures.append(
                (
                    result.best_move,
                    result.score,
                    result.pv,
                    stats.nodes,
                    stats.qnodes,
                    stats.beta_cutoffs,
                    stats.first_move_cutoffs,
                    stats.cutoff_index_sum,
                )
            )
        assert figures[0] == figures[1] and figures[2] == figures[3], position.id
        pruned += figures[2] != figures[0]
    assert pruned  # late-move pruning changed a tree


def quiesce(fen, mode, alpha=-INFINITY, beta=INFINITY, variant_name="chess"):
    """(score, quiescence nodes) of quiescence alone on ``fen`` in ``mode``."""
    variant = get_variant(variant_name)
    pos = variant.position(fen)
    searcher = Searcher(build_pipeline(DEFAULT_SPEC, variant), SearchConfig(quiescence=mode))
    searcher.search(pos, Limits(depth=1))  # sets the searcher up on this position
    searcher.stats.qnodes = searcher.stats.nodes = 0
    score = searcher._quiesce(alpha, beta, 1, pos.is_check())
    return score, searcher.stats.qnodes, evaluate(pos)


def test_pruned_quiescence_skips_captures_that_lose_material():
    fen = "4k3/4p3/3p4/8/8/8/8/3QK3 w - - 0 1"  # Qxd6 exd6: the queen for a pawn
    score, qnodes, static = quiesce(fen, "pruned")
    assert (score, qnodes) == (static, 0)
    assert quiesce(fen, "all")[1] >= 2  # Qxd6 and the recapture


def test_pruned_quiescence_prunes_captures_that_cannot_reach_alpha():
    fen = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1"  # exd5 wins a pawn safely
    static = quiesce(fen, "pruned")[2]
    assert quiesce(fen, "pruned")[1] == 1
    # a pawn (100) plus the margin (200) short of alpha: delta pruning skips it
    alpha = static + 100 + 200
    assert quiesce(fen, "pruned", alpha, alpha + 1)[1] == 0
    assert quiesce(fen, "safe", alpha, alpha + 1)[1] == 1
    assert quiesce(fen, "pruned", alpha - 1, alpha)[1] == 1


@pytest.mark.parametrize(
    "variant_name,fen",
    [
        ("chess", "k7/8/1Q6/8/8/8/8/7K b - - 0 1"),
        ("xiangqi", "3k5/4R4/9/9/9/9/9/9/9/4K4 b - - 0 1"),
    ],
)
def test_pruned_quiescence_looks_for_mate_only_in_check(variant_name, fen):
    """Without full generation a side with no move is not seen outside check (stalemate is
    left to the main search); in check, no evasion is mate."""
    score, _, static = quiesce(fen, "pruned", variant_name=variant_name)
    assert score == static
    assert quiesce(fen, "all", variant_name=variant_name)[0] != static
    mated = {
        "chess": "k6R/8/1K6/8/8/8/8/8 b - - 0 1",
        "xiangqi": "4k4/4R4/2N6/9/9/9/9/9/9/3K1R3 b - - 0 1",
    }[variant_name]
    assert quiesce(mated, "pruned", variant_name=variant_name)[0] == -MATE + 1


@pytest.mark.parametrize(
    "variant_name,fen",
    [
        ("chess", "k7/8/2K5/8/8/8/8/7R w - - 0 1"),
        ("xiangqi", "5k3/9/9/9/9/9/9/9/9/3K3R1 w - - 0 1"),
    ],
)
def test_the_playing_search_finds_mates(variant_name, fen):
    config = PLAY
    pos = get_variant(variant_name).position(fen)
    result = Searcher(build_pipeline(DEFAULT_SPEC, pos.variant), config).search(
        pos, Limits(depth=4)
    )
    assert result.score == MATE - 3


def test_uci_options_switch_the_playing_search():
    lines = []
    protocol = UciProtocol(lines.append)
    protocol.handle("uci")
    assert (
        "option name Quiescence type combo default pruned var all var safe var pruned "
        "var none" in lines
    )
    for option in (
        "NullMove",
        "LMR",
        "CheckExtension",
        "Futility",
        "ReverseFutility",
        "Aspiration",
    ):
        assert f"option name {option} type check default true" in lines
    engine = protocol.engine
    for command in (
        "setoption name Quiescence value all",
        "setoption name NullMove value false",
        "setoption name LMR value false",
        "setoption name futility value false",
        "setoption name ReverseFutility value false",
    ):
        protocol.handle(command)
    # the options set, over the game's playing defaults (chess: history reductions on)
    expected = dict(
        quiescence="all", null_move=False, lmr=False, futility=False, reverse_futility=False
    )
    assert engine.switches == expected
    config = engine.ensure_searcher().config
    assert (
        config.quiescence,
        config.null_move,
        config.lmr,
        config.futility,
        config.reverse_futility,
        config.aspiration,
        config.staged,
        config.history_reductions,
    ) == ("all", False, False, False, False, True, True, True)
    lines.clear()
    for command in ("setoption name Quiescence value most", "setoption name LMR value yes"):
        protocol.handle(command)
    assert lines == [
        "info string error: Quiescence 'most' is not one of all, safe, pruned, none",
        "info string error: LMR must be true or false, got 'yes'",
    ]
    assert engine.switches == expected


@pytest.mark.parametrize("name", NAMES)
def test_staged_picking_skips_the_legality_test_only_where_a_game_has_none(name):
    """`Variant.candidates_are_legal` is derived, not declared: where it holds, the candidate
    moves are the legal moves in every position of random games; where it does not (xiangqi's
    pseudo-legal candidates), some candidate in them is illegal and must be tested."""
    variant = get_variant(name)
    positions = [random_walk(name, seed, plies) for seed in range(6) for plies in (10, 30, 60)]
    illegal_candidate = any(
        set(variant.candidate_moves(pos)) != set(pos.legal_moves()) for pos in positions
    )
    assert variant.candidates_are_legal == (not illegal_candidate)
