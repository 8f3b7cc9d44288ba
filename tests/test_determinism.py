"""Determinism of the kernel: generation order, and so every search, depends on the position
alone, not on the path that reached it. Positions reached by random legal play are searched as
reached and as parsed from their FEN, with generation order, the seeded random order and the
default pipeline, in both games, and must give identical node counts and best moves; through
UCI, ``position startpos moves ...`` and ``position fen ...`` must report the same nodes."""

import random

import pytest
from helpers import random_walk
from test_protocols import Process
from xqchess.core.search import Limits, SearchConfig, Searcher
from xqchess.ordering.spec import DEFAULT_SPEC, build_pipeline
from xqchess.variants import get_variant

#: the default run searches with the default pipeline; the unordered and seeded-random orders,
#: whose depth-3 trees take minutes on the 2-core CI machine, run with -m slow
SPECS = [
    pytest.param("none", marks=pytest.mark.slow),
    pytest.param("random", marks=pytest.mark.slow),
    DEFAULT_SPEC,
]
SEEDS = range(6)
WALK_PLIES = 24
SEARCH_DEPTH = {"chess": 3, "xiangqi": 3}


def walk(variant_name, seed, plies):
    """A position after ``plies`` random legal moves and then as many as it takes to make an
    irreversible one (a capture, or a pawn move in chess): no position before it can recur, so
    the game's history cannot matter to a search, and only the path to it differs from the
    FEN's."""
    pos = random_walk(variant_name, seed, plies)
    rng = random.Random(seed)
    while pos.halfmove and pos.legal_moves():
        pos.make(rng.choice(sorted(pos.legal_moves())))
    return pos


def search(variant, pos, spec):
    searcher = Searcher(build_pipeline(spec, variant), SearchConfig())
    result = searcher.search(pos, Limits(depth=SEARCH_DEPTH[variant.name]))
    return result.stats.nodes, result.best_move, result.score


@pytest.mark.parametrize("variant_name", ["chess", "xiangqi"])
@pytest.mark.parametrize("seed", SEEDS)
def test_generation_order_is_the_same_however_the_position_was_reached(variant_name, seed):
    variant = get_variant(variant_name)
    reached = walk(variant_name, seed, WALK_PLIES)
    parsed = variant.position(reached.fen(), strict=False)
    assert reached.legal_moves() == parsed.legal_moves()
    # after a search has emptied and refilled the piece sets in another order, still the same
    search(variant, reached, DEFAULT_SPEC)
    assert reached.legal_moves() == parsed.legal_moves()


@pytest.mark.parametrize("variant_name", ["chess", "xiangqi"])
@pytest.mark.parametrize("seed", SEEDS[:3])
@pytest.mark.parametrize("spec", SPECS)
def test_search_is_the_same_however_the_position_was_reached(variant_name, seed, spec):
    variant = get_variant(variant_name)
    reached = walk(variant_name, seed, WALK_PLIES)
    parsed = variant.position(reached.fen(), strict=False)
    assert search(variant, reached, spec) == search(variant, parsed, spec)


def test_a_ruy_lopez_searches_the_same_from_moves_and_from_fen():
    """A Ruy Lopez position, reached by moves and set up by FEN: the same tree, as it was not
    with generation order before generation was made path-independent."""
    variant = get_variant("chess")
    reached = variant.position()
    for text in "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6".split():
        reached.make(variant.parse_move(reached, text))
    parsed = variant.position(reached.fen())
    searches = [
        Searcher(build_pipeline("none", variant), SearchConfig()).search(pos, Limits(depth=4))
        for pos in (reached, parsed)
    ]
    assert searches[0].stats.nodes == searches[1].stats.nodes
    assert searches[0].best_move == searches[1].best_move


def uci_nodes(variant_name, position_command):
    engine = Process("uci")
    try:
        engine.send(f"setoption name UCI_Variant value {variant_name}")
        engine.send(position_command)
        engine.send("go depth 3")
        best, infos, _ = engine.expect("bestmove", timeout=120)
        return [line.split(" pv ")[0].split(" nps ")[0] for line in infos], best
    finally:
        engine.close()


@pytest.mark.parametrize("variant_name", ["chess", "xiangqi"])
def test_uci_startpos_moves_and_fen_report_the_same_search(variant_name):
    variant = get_variant(variant_name)
    pos = walk(variant_name, 11, 16)
    history = []
    while pos.plies:
        move = pos.move_back(0)
        pos.unmake()
        history.append(variant.format_move(pos, move, "uci"))
    history.reverse()
    for text in history:
        pos.make(variant.parse_move(pos, text, "uci"))
    from_moves = uci_nodes(variant_name, "position startpos moves " + " ".join(history))
    from_fen = uci_nodes(variant_name, f"position fen {pos.fen()}")
    assert from_moves == from_fen
    assert from_moves[0], "the search reported its iterations"
