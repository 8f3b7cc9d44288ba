"""Search limits are limits: a stop request, a node limit or the clock is honoured within a few
milliseconds at every node, quiescence included, in tactical positions of both games where the
first iteration alone takes far longer than the limit; the move played is then the best
searched one or, when not one root move was searched to the end, a sensible legal move (the
hash move, the best winning capture by SEE, the pipeline's first). Checked in the kernel and
through `xqchess uci` as a GUI drives it. Time bounds are generous, for a shared machine, yet
far below the seconds these positions took before (Kiwipete's depth 1 alone takes about a
second); node limits are exact."""

import gc
import threading
import time

import pytest
from test_protocols import Process
from xqchess.core.search import Limits, SearchConfig, Searcher, deadlines
from xqchess.ordering.spec import DEFAULT_SPEC, build_pipeline
from xqchess.variants import get_variant

#: Tactical positions whose depth-1 quiescence search of all captures is long (the xiangqi one
#: found by a scan of random quiet walks from the start for the largest depth-1 tree).
TACTICAL = {
    "chess": "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "xiangqi": "rnba1abn1/4C4/3k3cr/p3p1p2/P1p3P1p/2P5P/1c2P4/NC2B4/5N3/R1BAKA1R1 w - - 0 1",
}
#: Kiwipete's only capture that wins material by SEE: the bishop takes the undefended bishop.
KIWIPETE_WINNING_CAPTURE = "e2a6"
#: Generous wall-clock allowances over a limit, in seconds: process and thread scheduling.
SLACK = 0.15
STOP_ANSWER_BOUND = 0.1


def searcher(variant, spec=DEFAULT_SPEC, **config):
    return Searcher(build_pipeline(spec, variant), SearchConfig(**config))


def position(variant_name):
    variant = get_variant(variant_name)
    return variant, variant.position(TACTICAL[variant_name], strict=False)


@pytest.mark.parametrize("variant_name", sorted(TACTICAL))
def test_depth_one_is_longer_than_the_limits_tested_here(variant_name):
    """The premise: finishing depth 1 takes well over the 20-50 ms limits below."""
    variant, pos = position(variant_name)
    result = searcher(variant).search(pos, Limits(depth=1))
    assert result.stats.nodes > 2_000


@pytest.mark.parametrize("variant_name", sorted(TACTICAL))
@pytest.mark.parametrize("nodes", [1, 7, 100, 1_000, 3_000])
def test_node_limit_is_met_exactly(variant_name, nodes):
    variant, pos = position(variant_name)
    fen = pos.fen()
    result = searcher(variant).search(pos, Limits(nodes=nodes))
    assert result.stats.nodes == nodes
    assert result.best_move in pos.legal_moves()
    assert result.pv and result.pv[0] == result.best_move
    assert pos.fen() == fen


@pytest.mark.parametrize("variant_name", sorted(TACTICAL))
@pytest.mark.parametrize("movetime", [20, 50])
def test_movetime_is_kept_in_tactical_positions(variant_name, movetime):
    variant, pos = position(variant_name)
    start = time.perf_counter()
    result = searcher(variant).search(pos, Limits(movetime=movetime))
    assert time.perf_counter() - start < movetime / 1000 + SLACK
    assert result.best_move in pos.legal_moves()


@pytest.mark.parametrize("variant_name", sorted(TACTICAL))
def test_a_tiny_clock_is_not_overstepped(variant_name):
    variant, pos = position(variant_name)
    start = time.perf_counter()
    result = searcher(variant).search(pos, Limits(wtime=300, btime=300))
    assert time.perf_counter() - start < 0.3 / 2
    assert result.best_move in pos.legal_moves()


@pytest.mark.parametrize("variant_name", sorted(TACTICAL))
def test_stop_ends_the_search_within_milliseconds(variant_name):
    variant, pos = position(variant_name)
    search = searcher(variant)
    stopped_at = []

    def stop():
        stopped_at.append(time.perf_counter())
        search.stop()

    timer = threading.Timer(0.2, stop)
    timer.start()
    result = search.search(pos, Limits(infinite=True))
    assert time.perf_counter() - stopped_at[0] < STOP_ANSWER_BOUND
    assert result.best_move in pos.legal_moves()


def test_with_nothing_searched_the_best_winning_capture_is_played():
    variant, pos = position("chess")
    search = searcher(variant, "none")
    result = search.search(pos, Limits(nodes=1))
    assert variant.format_move(pos, result.best_move) == KIWIPETE_WINNING_CAPTURE
    assert pos.legal_moves()[0] != result.best_move  # not merely generation order
    assert result.depth == 0 and result.unfinished.root_moves_searched == 0


@pytest.mark.parametrize("variant_name", sorted(TACTICAL))
def test_with_nothing_searched_the_hash_move_comes_first(variant_name):
    """From the start position (no winning capture), after a search has stored the root's best
    move, a one-node search plays it, even with a pipeline that would put another move first."""
    variant = get_variant(variant_name)
    pos = variant.position()
    search = searcher(variant, "random")
    stored = search.search(pos, Limits(depth=2)).best_move
    pipeline_first = search.orderer.order(search._node(0, 0, 0, 0, False), pos.legal_moves())[0]
    assert stored != pipeline_first
    assert search.search(pos, Limits(nodes=1)).best_move == stored


@pytest.mark.parametrize("variant_name", sorted(TACTICAL))
def test_with_nothing_searched_and_no_winning_capture_the_pipelines_first_move(variant_name):
    variant = get_variant(variant_name)
    pos = variant.position()
    search = searcher(variant)
    result = search.search(pos, Limits(nodes=1))
    pipeline_first = search.orderer.order(search._node(0, 0, 0, 0, False), pos.legal_moves())[0]
    assert result.best_move == pipeline_first
    assert result.pv == [result.best_move] and result.depth == 0


# The time-management formula (`core.search.limits.deadlines`), worked by hand: with a clock,
# margin = min(50, remaining / 10); budget = min((remaining - margin) / movestogo (30 when not sent)
# + 0.8 x increment, (remaining - margin) / 2), at least 1 ms; the hard deadline is the budget,
# the soft one (no new iteration after it) 0.6 x the budget. A move time keeps back
# MOVE_OVERHEAD_MS (10 ms), at most half of it: both deadlines max(movetime - 10, movetime / 2).
DEADLINE_CASES = [
    # wtime 10000 winc 5000: margin 50; 9950 / 30 + 4000 = 4331.67 ms (under 9950 / 2 = 4975)
    (Limits(wtime=10_000, btime=10_000, winc=5_000, binc=5_000), 0, 9950 / 30 + 4000),
    # without increment: 9950 / 30 = 331.67 ms
    (Limits(wtime=10_000, btime=10_000), 0, 9950 / 30),
    # Black's clock and increment, with movestogo 10: margin 50; 5950 / 10 + 800 = 1395 ms
    (Limits(wtime=60_000, btime=6_000, winc=0, binc=1_000, movestogo=10), 1, 5950 / 10 + 800),
    # a large increment on a short clock: 950 / 30 + 1600 = 1631.67 is over half of what is
    # left, 950 / 2 = 475 ms
    (Limits(wtime=1_000, btime=1_000, winc=2_000, binc=2_000), 0, 950 / 2),
    # 5 ms left: margin 0.5; 4.5 / 30 = 0.15 ms, raised to the 1 ms floor
    (Limits(wtime=5, btime=5), 0, 1),
]


@pytest.mark.parametrize("limits, side, budget_ms", DEADLINE_CASES, ids=str)
def test_clock_deadlines_follow_the_time_management_formula(limits, side, budget_ms):
    soft, hard = deadlines(limits, side, 0.0)  # seconds after the search's start
    assert hard == pytest.approx(budget_ms / 1000)
    assert soft == pytest.approx(0.6 * budget_ms / 1000)


@pytest.mark.parametrize("movetime, seconds", [(1000, 0.99), (15, 0.0075)])
def test_movetime_deadlines_keep_back_the_overhead(movetime, seconds):
    # 1000 ms: max(990, 500) = 990 ms; 15 ms: max(5, 7.5) = 7.5 ms
    assert deadlines(Limits(movetime=movetime, wtime=10_000), 0, 0.0) == (
        pytest.approx(seconds),
        pytest.approx(seconds),
    )


@pytest.mark.parametrize(
    "limits, side",
    [
        (Limits(wtime=10_000, btime=10_000, infinite=True), 0),  # infinite: no deadline
        (Limits(wtime=10_000), 1),  # no clock for Black
        (Limits(depth=3), 0),
    ],
)
def test_no_clock_no_deadline(limits, side):
    assert deadlines(limits, side, 0.0) == (None, None)


#: Node limits that cut a depth-3 search without TT or iterative deepening after a few root
#: moves.
PARTIAL_DEPTH3_NODES = {"chess": 20_000, "xiangqi": 4_000}


@pytest.mark.parametrize("variant_name", sorted(TACTICAL))
def test_an_unfinished_iteration_reports_what_it_searched(variant_name):
    """Without iterative deepening a limit cuts the one iteration short: the result names it,
    with the root moves searched, and plays the best of them with the score a full search of
    that move alone gives (no table, so the scores are exact alpha-beta values)."""
    variant, pos = position(variant_name)
    config = {"tt": False, "iterative": False}
    result = searcher(variant, **config).search(
        pos, Limits(depth=3, nodes=PARTIAL_DEPTH3_NODES[variant_name])
    )
    cut = result.unfinished
    assert cut.depth == 3 and cut.root_moves == len(pos.legal_moves())
    assert 1 <= cut.root_moves_searched < cut.root_moves
    assert result.depth == 3 and not result.iterations
    assert result.pv[0] == result.best_move
    alone = searcher(variant, **config).search(pos, Limits(depth=3, searchmoves=[result.best_move]))
    assert alone.unfinished is None and alone.score == result.score


# -- through the UCI front end, as a GUI drives it ---------------------------------------------


def uci_engine(variant_name):
    engine = Process("uci")
    engine.send(f"setoption name UCI_Variant value {variant_name}")
    engine.send(f"position fen {TACTICAL[variant_name]}")
    engine.send("isready")
    engine.expect("readyok")
    return engine


def reported_nodes(lines):
    return [int(line.split(" nodes ")[1].split()[0]) for line in lines if " nodes " in line]


@pytest.mark.parametrize("variant_name", sorted(TACTICAL))
@pytest.mark.parametrize(
    "go, bound",
    [
        ("go movetime 20", 0.02 + SLACK),
        ("go movetime 50", 0.05 + SLACK),
        ("go wtime 300 btime 300", 0.3 / 2 + SLACK),
    ],
)
def test_uci_time_limits_are_kept(variant_name, go, bound):
    engine = uci_engine(variant_name)
    try:
        engine.send(go)
        best, infos, waited = engine.expect("bestmove", timeout=10)
        assert waited < bound
        assert best.split()[1] != "(none)"
        assert reported_nodes(infos), "an info line with the score comes before bestmove"
    finally:
        engine.close()


@pytest.mark.parametrize("variant_name", sorted(TACTICAL))
def test_uci_node_limit_is_kept(variant_name):
    engine = uci_engine(variant_name)
    try:
        engine.send("go nodes 1000")
        _, infos, _ = engine.expect("bestmove", timeout=10)
        assert 0 < max(reported_nodes(infos)) <= 1000
    finally:
        engine.close()


@pytest.mark.parametrize("variant_name", sorted(TACTICAL))
def test_uci_stop_is_answered_within_a_tenth_of_a_second(variant_name):
    engine = uci_engine(variant_name)
    try:
        engine.send("go infinite")
        time.sleep(0.3)
        engine.send("stop")
        best, _, waited = engine.expect("bestmove", timeout=10)
        assert waited < STOP_ANSWER_BOUND + 0.05
        assert best.split()[1] != "(none)"
    finally:
        engine.close()


@pytest.mark.parametrize("variant_name", ["chess", "xiangqi"])
def test_the_engine_answers_before_the_garbage_collector_runs(variant_name):
    """The collection a search puts off would otherwise run between its deadline and the
    answer (2-7 ms after each xiangqi search at 100 ms a move): the engine keeps the collector
    paused until its best move is reported, then restores it."""
    from xqchess.cli.engine import Engine

    engine = Engine(variant_name)
    seen = []
    was_enabled = gc.isenabled()
    gc.enable()
    try:
        engine.go(
            Limits(depth=2),
            lambda iteration, searcher: seen.append(("iteration", gc.isenabled())),
            lambda result, searcher: seen.append(("done", gc.isenabled())),
        )
        engine.finish()
        assert gc.isenabled()
    finally:
        if not was_enabled:
            gc.disable()
    assert seen and seen[-1] == ("done", False)
    assert all(not enabled for _, enabled in seen)


def test_the_clock_runs_from_when_the_engine_was_told_to_go():
    """`Limits.started` before the search begins counts against its time (a search whose
    move time had run out before it began stops at once, its time reported from the start
    given), and the engine sets it on ``go`` without changing the caller's limits."""
    from xqchess.cli.engine import Engine

    variant = get_variant("xiangqi")
    begun = time.perf_counter()
    result = searcher(variant).search(variant.position(), Limits(movetime=100, started=begun - 1.0))
    assert time.perf_counter() - begun < 0.5 and result.time_ms >= 1000 and result.best_move
    engine = Engine("xiangqi")
    limits = Limits(movetime=50)
    before = time.perf_counter()
    engine.go(limits, lambda iteration, searcher: None, lambda result, searcher: None)
    engine.finish()
    assert limits.started is None
    assert before <= engine.limits.started <= engine.searcher.start + 1e-9
