"""The search kernel on both games through the same code: forced mates, legality under every
limit, determinism, mate and repetition scoring, and that each enhancement switch works."""

import dataclasses
import gc
import math
import random
import threading
from array import array

import pytest
from helpers import random_walk, snapshot
from hypothesis import given, settings
from hypothesis import strategies as st
from xqchess.core.moves import is_capture
from xqchess.core.search import (
    BASELINE,
    MATE,
    MATE_BOUND,
    PLAY,
    Limits,
    Node,
    SearchConfig,
    Searcher,
    captures_in_order,
    mate_in,
    material_difference,
    victim_first,
)
from xqchess.core.search.tree import (
    HISTORY_PRUNING_DEPTH,
    IIR_DEPTH,
    LATE_MOVE_COUNTS,
    LATE_MOVE_COUNTS_WORSENING,
    LMR_MIN_DEPTH,
    LMR_MIN_SEARCHED,
    LMR_TABLE_SIZE,
    NULL_REDUCTION,
    NULL_VERIFICATION_DEPTH,
    RAZOR_MARGINS,
    SEE_PRUNING_DEPTH,
    SEE_QUIET_MARGIN,
    SINGULAR_DEPTH,
    SINGULAR_DEPTH_SLACK,
    SINGULAR_MARGIN,
    _from_tt,
    _to_tt,
    adaptive_null_reduction,
    reduction_table,
)
from xqchess.core.see import see
from xqchess.core.tt import LOWER, UPPER
from xqchess.ordering.spec import DEFAULT_SPEC, build_pipeline
from xqchess.variants import get_variant

# (variant, FEN, moves to mate, Fairy-Stockfish's first move); mate distances confirmed with
# Fairy-Stockfish (go depth 12). Other first moves may mate as fast.
MATES = [
    ("chess", "k7/8/1K6/8/8/8/8/7R w - - 0 1", 1, "h1h8"),
    ("chess", "k7/8/2K5/8/8/8/8/7R w - - 0 1", 2, "c6b6"),
    ("chess", "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1", 3, "f8c5"),
    ("xiangqi", "4k4/9/9/9/9/9/9/9/9/3K1R3 w - - 0 1", 1, "f1f9"),
    ("xiangqi", "5k3/9/9/9/9/9/9/9/9/3K3R1 w - - 0 1", 2, "h1f1"),
    ("xiangqi", "4ka3/9/9/9/9/9/9/9/9/3K1R3 w - - 0 1", 3, "f1e1"),
]


def searcher(variant_name, spec=DEFAULT_SPEC, **config):
    return Searcher(build_pipeline(spec, get_variant(variant_name)), SearchConfig(**config))


@pytest.mark.parametrize("variant_name,fen,moves,first", MATES)
def test_finds_forced_mates(variant_name, fen, moves, first):
    variant = get_variant(variant_name)
    pos = variant.position(fen)
    result = searcher(variant_name).search(pos, Limits(depth=2 * moves - 1))
    assert mate_in(result.score) == moves
    assert variant.parse_move(pos, first) in pos.legal_moves()
    probe = pos.copy()
    for move in result.pv:
        assert move in probe.legal_moves()
        probe.make(move)
    assert len(result.pv) == 2 * moves - 1 and not probe.legal_moves()
    assert probe.is_check() or variant.stalemate_loses


def test_side_about_to_be_mated_sees_it():
    chess = get_variant("chess")
    pos = chess.position("k7/8/1K6/8/8/8/8/6R1 b - - 0 1")  # Kb8 is forced, then Rg8#
    assert mate_in(searcher("chess").search(pos, Limits(depth=3)).score) == -1


@pytest.mark.parametrize(
    "variant_name,fen,score",
    [
        ("chess", "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", 0),
        ("xiangqi", "3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1", -MATE),
    ],
)
def test_stalemate_scores_by_each_games_rule(variant_name, fen, score):
    pos = get_variant(variant_name).position(fen)
    assert pos.legal_moves() == [] and not pos.is_check()
    result = searcher(variant_name).search(pos, Limits(depth=2))
    assert (result.best_move, result.score) == (0, score)


@pytest.mark.parametrize("variant_name", ["chess", "xiangqi"])
def test_node_counts_are_identical_across_runs(variant_name):
    pos = random_walk(variant_name, 7, 12)
    counts = {
        searcher(variant_name).search(pos.copy(), Limits(depth=3)).stats.nodes for _ in range(2)
    }
    assert len(counts) == 1


@pytest.mark.parametrize("variant_name", ["chess", "xiangqi"])
@pytest.mark.parametrize("seed", range(6))
def test_best_move_is_legal_and_position_unchanged(variant_name, seed):
    pos = random_walk(variant_name, seed, random.Random(seed).randint(0, 60))
    if not pos.legal_moves():
        pytest.skip("the random game ended")
    before = snapshot(pos)
    result = searcher(variant_name).search(pos, Limits(depth=2))
    assert result.best_move in pos.legal_moves()
    assert snapshot(pos) == before


@pytest.mark.parametrize("variant_name", ["chess", "xiangqi"])
@pytest.mark.parametrize(
    "limits",
    [Limits(nodes=1), Limits(nodes=50), Limits(movetime=1), Limits(wtime=30, btime=30)],
    ids=str,
)
def test_search_stopped_early_still_returns_a_legal_move(variant_name, limits):
    pos = random_walk(variant_name, 3, 20)
    before = snapshot(pos)
    result = searcher(variant_name).search(pos, limits)
    assert result.best_move in pos.legal_moves()
    assert snapshot(pos) == before


def test_stop_flag_ends_an_infinite_search_quickly():
    variant = get_variant("xiangqi")
    search = searcher("xiangqi")
    pos = variant.position()
    timer = threading.Timer(0.2, search.stop)
    timer.start()
    result = search.search(pos, Limits(infinite=True))
    assert result.best_move in pos.legal_moves()
    assert result.time_ms < 2000


def test_clock_limits_leave_time_on_the_clock():
    pos = get_variant("chess").position()
    result = searcher("chess").search(pos, Limits(wtime=400, btime=400, winc=0, binc=0))
    assert result.time_ms < 400 / 2


#: the playing search's switches that are on, as `SearchConfig` fields
PLAYING_SWITCHES = {
    "staged": True,
    "quiescence": "pruned",
    "null_move": True,
    "lmr": True,
    "check_extension": True,
    "futility": True,
    "reverse_futility": True,
    "aspiration": True,
    "evaluation": "tapered",
}


@pytest.mark.parametrize("variant_name", ["chess", "xiangqi"])
@pytest.mark.parametrize(
    "config",
    [
        {},
        {"tt": False},
        {"pvs": False},
        {"iterative": False},
        {"quiescence": "safe"},
        {"quiescence": "none"},
        {"quiescence": "pruned"},
        {"staged": True},
        {"null_move": True},
        {"lmr": True},
        {"check_extension": True},
        {"futility": True},
        {"reverse_futility": True},
        {"aspiration": True},
        {"evaluation": "tapered"},
        {"iir": True},
        {"razoring": True},
        {"see_pruning": True},
        {"null_move": True, "adaptive_null_move": True},
        {"improving": True, "late_move_pruning": True, "reverse_futility": True, "lmr": True},
        PLAYING_SWITCHES,
        {
            **PLAYING_SWITCHES,
            "late_move_pruning": True,
            "iir": True,
            "razoring": True,
            "see_pruning": True,
            "improving": True,
        },
    ],
    ids=str,
)
def test_every_configuration_finds_the_mate_in_two(variant_name, config):
    """Four plies deep, or eight with late-move pruning: the rule skips quiet checks too (as
    Stockfish's does), so a non-PV node two plies from the leaves may skip the quiet mate
    itself, and a mate in three can be found first; the deeper iterations' nodes there have
    more plies left and pick more moves."""
    fen = {
        "chess": "k7/8/2K5/8/8/8/8/7R w - - 0 1",
        "xiangqi": "5k3/9/9/9/9/9/9/9/9/3K3R1 w - - 0 1",
    }[variant_name]
    pos = get_variant(variant_name).position(fen)
    depth = 8 if config.get("late_move_pruning") else 4
    result = searcher(variant_name, **config).search(pos, Limits(depth=depth))
    assert mate_in(result.score) == 2
    assert result.best_move in pos.legal_moves()


def test_brute_force_negamax_searches_more_than_alpha_beta_with_tt():
    """Greer's setup (no TT, no iterative deepening, no PVS, safe-capture quiescence) is the
    plain tree the heuristics are measured on; the full search prunes more."""
    fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
    pos = get_variant("chess").position(fen)
    greer = searcher("chess", "mvvlva", tt=False, iterative=False, pvs=False, quiescence="safe")
    full = searcher("chess")
    assert (
        full.search(pos.copy(), Limits(depth=4)).stats.nodes
        < greer.search(pos.copy(), Limits(depth=4)).stats.nodes
    )


def test_xiangqi_perpetual_check_in_the_tree_loses_for_the_checker():
    """Black's only move repeats a cycle in which Red checked every move: Red loses."""
    xiangqi = get_variant("xiangqi")
    pos = xiangqi.position("5k3/9/R8/9/9/9/9/9/9/3K5 w - - 0 1")
    for text in ["a8a10", "f10f9", "a10a9", "f9f10", "a9a10"]:
        pos.make(xiangqi.parse_move(pos, text))
    assert [xiangqi.format_move(pos, m) for m in pos.legal_moves()] == ["f10f9"]
    # f10f9 (ply 1) repeats the position after Red's a10a9 check: Red, to move there, loses
    # at ply 1, -(MATE - 1) for Red; for Black at the root MATE - 1, "mate 1" (not "mate 0")
    score = searcher("xiangqi").search(pos, Limits(depth=2)).score
    assert score == MATE - 1 and mate_in(score) == 1


@pytest.mark.parametrize(
    "score",
    [
        MATE - 1,
        MATE - 7,
        MATE_BOUND,
        -(MATE - 1),
        -(MATE - 7),
        -MATE_BOUND,
        MATE_BOUND - 1,
        -(MATE_BOUND - 1),
        0,
        250,
        -250,
    ],
)
@pytest.mark.parametrize("ply", [0, 1, 5, 40])
def test_table_scores_read_back_as_stored(score, ply):
    assert _from_tt(_to_tt(score, ply), ply) == score


def test_mate_scores_are_stored_as_the_distance_from_the_node():
    # a node at ply 4 that mates at ply 9 (5 plies on) scores MATE - 9; the table keeps MATE - 5,
    # and the same position reached at ply 2 reads MATE - 7 (mate 5 plies on, at ply 7)
    assert _to_tt(MATE - 9, 4) == MATE - 5
    assert _from_tt(MATE - 5, 2) == MATE - 7
    assert _to_tt(-(MATE - 9), 4) == -(MATE - 5)  # being mated, likewise
    assert _from_tt(-(MATE - 5), 2) == -(MATE - 7)
    # scores short of the mate bound are stored as they are
    assert _to_tt(MATE_BOUND - 1, 4) == MATE_BOUND - 1
    assert _from_tt(-(MATE_BOUND - 1), 4) == -(MATE_BOUND - 1)
    # the bound itself is a mate score (as mate_in reads it): stored at the root, read at ply 3
    assert _from_tt(MATE_BOUND, 3) == MATE_BOUND - 3
    assert _from_tt(-MATE_BOUND, 3) == -(MATE_BOUND - 3)


def test_chess_repetition_in_the_tree_is_a_draw():
    """White, a queen down, has only Kb1-a1-b1: repeating the position draws."""
    chess = get_variant("chess")
    pos = chess.position("k7/8/8/8/8/8/7q/K7 w - - 0 1")
    assert searcher("chess").search(pos.copy(), Limits(depth=3)).score < -500
    for text in ["a1b1", "h2h3", "b1a1", "h3h2"]:
        pos.make(chess.parse_move(pos, text))
    assert searcher("chess").search(pos, Limits(depth=3)).score == 0


@pytest.mark.parametrize("variant_name", ["chess", "xiangqi"])
def test_stopped_search_keeps_the_last_finished_iterations_move(variant_name):
    """Without a hash move the unfinished iteration may not search the previous best first; its
    partial best must not replace the finished iteration's move then."""
    from xqchess.cli.suites import default_suite

    variant = get_variant(variant_name)
    for position in default_suite(variant_name).positions[:6]:
        search = Searcher(build_pipeline("mvvlva", variant), BASELINE)
        result = search.search(variant.position(position.fen), Limits(nodes=3000))
        finished = result.iterations[-1].pv[0]
        assert result.best_move == finished or search.root_first == finished


def test_a_null_move_ends_the_stretch_in_which_positions_can_repeat():
    """After Nc3 Nc6, the line Nf3, pass, Ng1, pass gives the same position again, but through
    passes, which are not moves of the game: no repetition (it used to be scored a draw)."""
    variant = get_variant("chess")
    pos = variant.position()
    search = searcher("chess", null_move=True)
    search.search(pos, Limits(depth=1))  # the searcher's state for this root
    line = ("b1c3", "b8c6", "g1f3", None, "f3g1", None)
    for text in line:
        pos.make(variant.parse_move(pos, text)) if text else pos.make_null()
        search.checks.append(pos.is_check())
    assert pos.hash == pos.hashes[-5]
    assert search._repetition_score(len(line)) is None
    for text in reversed(line):
        pos.unmake() if text else pos.unmake_null()
    assert pos.fen() == variant.position().fen()


@pytest.mark.parametrize("variant_name", ["chess", "xiangqi"])
def test_a_fail_low_stores_no_best_move_but_keeps_the_tables(variant_name):
    """Every move failing low gives upper bounds only, with no best move: the table entry keeps
    the move it had for the position (none on an empty table)."""
    pos = get_variant(variant_name).position()
    search = searcher(variant_name)
    search.search(pos, Limits(depth=1))
    search.tt.clear()
    search._search(
        2, MATE_BOUND, MATE_BOUND + 1, 1, 0, False, False, False
    )  # nothing reaches alpha
    entry = search.tt.probe(pos.hash)
    assert entry[3] == UPPER and entry[4] == 0
    search.tt.clear()
    best = search.search(pos, Limits(depth=2)).best_move
    assert search.tt.probe(pos.hash)[4] == best
    search._search(3, MATE_BOUND, MATE_BOUND + 1, 1, 0, False, False, False)
    entry = search.tt.probe(pos.hash)
    assert entry[1] == 3 and entry[3] == UPPER and entry[4] == best


ALL_SWITCHES = dict(
    staged=True,
    quiescence="pruned",
    null_move=True,
    lmr=True,
    check_extension=True,
    futility=True,
    reverse_futility=True,
    aspiration=True,
    evaluation="tapered",
)


@pytest.mark.parametrize("variant_name,fen,moves,first", MATES)
def test_every_switch_on_still_finds_the_forced_mates(variant_name, fen, moves, first):
    pos = get_variant(variant_name).position(fen)
    result = searcher(variant_name, **ALL_SWITCHES).search(pos, Limits(depth=2 * moves + 1))
    assert mate_in(result.score) == moves


@pytest.mark.parametrize("variant_name", ["chess", "xiangqi"])
def test_every_switch_on_is_deterministic_and_legal(variant_name):
    variant = get_variant(variant_name)
    from xqchess.cli.suites import default_suite

    for position in default_suite(variant_name).positions[:3]:
        pos = variant.position(position.fen)
        runs = [
            searcher(variant_name, **ALL_SWITCHES).search(pos.copy(), Limits(depth=4))
            for _ in range(2)
        ]
        assert runs[0].stats.nodes == runs[1].stats.nodes and runs[0].pv == runs[1].pv
        assert runs[0].best_move in pos.legal_moves()


def test_check_extension_sees_a_mate_past_the_depth():
    """Rd8+ Rxd8 Rxd8 mates in three plies, all checks or forced: beyond a depth-2 search
    without quiescence, but each check extends the line by a ply, so the search reaches it."""
    pos = get_variant("chess").position("r5k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1")
    plain = searcher("chess", quiescence="none").search(pos.copy(), Limits(depth=2))
    extended = searcher("chess", quiescence="none", check_extension=True).search(
        pos.copy(), Limits(depth=2)
    )
    assert mate_in(plain.score) is None
    assert mate_in(extended.score) == 2


@pytest.mark.parametrize(
    "variant_name,fen,pieces",
    [
        ("chess", "4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1", False),
        ("chess", "4k3/pppp4/8/8/8/8/PPPP4/4KN2 w - - 0 1", True),
        ("xiangqi", "4k4/9/9/9/9/9/4P4/9/9/4K4 w - - 0 1", False),
        ("xiangqi", "4k4/9/9/9/9/9/4P4/9/9/3AK4 w - - 0 1", True),
    ],
)
def test_null_move_needs_a_piece_beyond_king_and_pawns(variant_name, fen, pieces):
    """Zugzwang guard: with only the royal piece and the least valuable kind, passing proves
    nothing, so no null move is tried."""
    search = searcher(variant_name, null_move=True)
    pos = get_variant(variant_name).position(fen)
    search.search(pos, Limits(depth=1))
    assert search._has_pieces(pos) is pieces


# xiangqi's case (20 s on the 2-core CI machine) runs with -m slow
@pytest.mark.parametrize("variant_name", ["chess", pytest.param("xiangqi", marks=pytest.mark.slow)])
def test_aspiration_finds_the_same_best_score_as_the_full_window(variant_name):
    """Aspiration re-searches until the score falls inside the window, so at a fixed depth
    without other pruning the root score equals the full-window search's."""
    variant = get_variant(variant_name)
    from xqchess.cli.suites import default_suite

    for position in default_suite(variant_name).positions[:4]:
        pos = variant.position(position.fen)
        full = searcher(variant_name, tt=False).search(pos.copy(), Limits(depth=4))
        windowed = searcher(variant_name, tt=False, aspiration=True).search(
            pos.copy(), Limits(depth=4)
        )
        assert windowed.score == full.score


def quiescence(fen, **config):
    """(score, quiescence nodes, static evaluation) of quiescence alone on a chess ``fen``
    (full window) under a ``safe`` config with ``config``'s switches."""
    pos = get_variant("chess").position(fen)
    search = searcher("chess", quiescence="safe", **config)
    search.search(pos, Limits(depth=1))  # sets the searcher up on this position
    search.stats.qnodes = 0
    score = search._quiesce(-MATE, MATE, 1, pos.is_check())
    return score, search.stats.qnodes, search.evaluate(pos)


def test_quiescence_without_evasions_stands_pat_in_check_and_tries_only_captures():
    """Black, checked by Ra1, has Kb8, Kb7 and Rxa1: with evasions all three are searched;
    without, Black stands pat and tries the one capture, and a mate is still a mate."""
    fen = "k7/8/8/8/8/8/7K/Rr6 b - - 0 1"
    assert quiescence(fen)[1] >= 3
    assert quiescence(fen, quiescence_evasions=False)[1] == 1
    quiet_only = "k7/8/8/8/8/8/7K/R7 b - - 0 1"  # only Kb8 and Kb7
    score, qnodes, static = quiescence(quiet_only, quiescence_evasions=False)
    assert (score, qnodes) == (static, 0)
    assert quiescence("k6R/8/1K6/8/8/8/8/8 b - - 0 1", quiescence_evasions=False)[0] == -MATE + 1


def test_quiescence_without_promotions_tries_only_the_captures():
    """a8=Q, R, B, N are quiet promotions (none checks the king on h7), searched only with
    the switch on; axb8 with each piece captures and is searched either way."""
    assert quiescence("8/P6k/8/8/8/8/8/4K3 w - - 0 1")[1] == 4
    assert quiescence("8/P6k/8/8/8/8/8/4K3 w - - 0 1", quiescence_promotions=False)[1] == 0
    assert quiescence("1r6/P6k/8/8/8/8/8/4K3 w - - 0 1", quiescence_promotions=False)[1] == 4


@pytest.mark.parametrize("variant_name", ["chess", "xiangqi"])
def test_search_pauses_the_cycle_collector_and_restores_it(variant_name):
    """The collector is off inside a search and back in the state it was in after it."""
    pos = get_variant(variant_name).position()
    during = []
    searcher(variant_name).search(pos, Limits(depth=2), lambda _: during.append(gc.isenabled()))
    assert during == [False, False] and gc.isenabled()
    gc.disable()
    try:
        searcher(variant_name).search(pos, Limits(depth=1))
        assert not gc.isenabled()
    finally:
        gc.enable()


@pytest.mark.parametrize("variant_name", ["chess", "xiangqi"])
def test_the_tree_leaves_no_reference_cycles(variant_name):
    """Why pausing the collector is safe: a search, playing switches and staged picking
    included, leaves no cyclic garbage for it to free."""
    variant = get_variant(variant_name)
    pos = variant.position()
    search = Searcher(build_pipeline(DEFAULT_SPEC, variant), PLAY)
    gc.collect()
    gc.disable()
    try:
        search.search(pos, Limits(depth=3))
        assert gc.collect() == 0
    finally:
        gc.enable()


@pytest.mark.parametrize("variant_name", ["chess", "xiangqi"])
@pytest.mark.parametrize(
    "reach", [{}, {"reverse_futility_depth": 5, "reverse_futility_margin": 90}]
)
def test_reverse_futility_returns_the_static_score_less_the_margin(variant_name, reach):
    """A non-PV node within ``reverse_futility_depth`` plies of the leaves (3 unless set)
    whose static score less ``reverse_futility_margin`` per ply (120 unless set) is still at
    or above beta returns that, without searching one move; off, the node is searched."""
    fen = {  # the side to move a queen (a chariot) up, nothing hanging
        "chess": "4k3/pppp4/8/8/8/8/PPPP4/Q3K3 w - - 0 1",
        "xiangqi": "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1",
    }[variant_name]
    config = SearchConfig(**reach)
    assert (config.reverse_futility_depth, config.reverse_futility_margin) == (
        (5, 90) if reach else (3, 120)
    )
    results = {}
    for on in (True, False):
        search = searcher(variant_name, reverse_futility=on, **reach)
        pos = get_variant(variant_name).position(fen)
        search.search(pos, Limits(depth=1))  # sets up the searcher's per-search state
        static = search.evaluate(pos)
        depth = config.reverse_futility_depth
        beta = static - config.reverse_futility_margin * depth
        assert beta > 300
        before = search.stats.nodes
        score = search._search(depth, beta - 1, beta, 1, 0, False, False, False)
        results[on] = (score, search.stats.nodes - before)
    assert results[True] == (beta, 1)
    assert results[False][1] > 1
    # beyond its depth, or one centipawn short of beta, it does not apply
    search = searcher(variant_name, reverse_futility=True, **reach)
    pos = get_variant(variant_name).position(fen)
    search.search(pos, Limits(depth=1))
    before = search.stats.nodes
    search._search(depth, beta, beta + 1, 1, 0, False, False, False)
    assert search.stats.nodes - before > 1
    before = search.stats.nodes
    search._search(depth + 1, beta - 1, beta, 1, 0, False, False, False)
    assert search.stats.nodes - before > 1


@pytest.mark.parametrize("variant_name", ["chess", "xiangqi"])
def test_reverse_futility_searches_fewer_nodes_and_keeps_the_mates(variant_name):
    from xqchess.cli.suites import default_suite

    variant = get_variant(variant_name)
    for position in default_suite(variant_name).positions[:3]:
        counts = [
            searcher(variant_name, staged=True, null_move=True, reverse_futility=on)
            .search(variant.position(position.fen), Limits(depth=4))
            .stats.nodes
            for on in (False, True)
        ]
        assert counts[1] < counts[0]
    for name, fen, moves, _ in MATES:
        if name == variant_name:
            pos = variant.position(fen)
            result = searcher(variant_name, reverse_futility=True).search(
                pos, Limits(depth=2 * moves - 1)
            )
            assert mate_in(result.score) == moves


def test_late_move_reductions_grow_with_depth_and_move_number():
    """The reductions table: none before `LMR_MIN_DEPTH` or `LMR_MIN_SEARCHED`, one ply where
    they begin, never decreasing along depth or move number, never leaving the reduced search
    less than one ply, and more than one ply deep in the tree for late moves."""
    size = LMR_TABLE_SIZE
    config = SearchConfig()
    assert (config.lmr_base, config.lmr_divisor) == (75, 225)
    table = reduction_table(config.lmr_base, config.lmr_divisor)
    steeper = reduction_table(50, 160)
    assert len(table) == size and all(len(row) == size for row in table)
    for depth in range(size):
        for searched in range(size):
            reduction = table[depth][searched]
            if depth < LMR_MIN_DEPTH or searched < LMR_MIN_SEARCHED:
                assert reduction == 0
            else:
                assert 1 <= reduction and depth - 1 - reduction >= 1
                # 0.75 + ln(depth) ln(searched) / 2.25, within its bounds
                grown = int(0.75 + math.log(depth) * math.log(searched) / 2.25)
                assert reduction == max(1, min(grown, depth - 2))
            if depth:
                assert reduction >= table[depth - 1][searched]
            if searched:
                assert reduction >= table[depth][searched - 1]
    assert table[LMR_MIN_DEPTH][LMR_MIN_SEARCHED] == 1
    assert table[8][20] > 1 and table[size - 1][size - 1] > 2
    # another base and divisor: 0.5 + ln(depth) ln(searched) / 1.6 reduces more
    assert [table[6][4], table[8][10], table[20][30]] == [1, 2, 5]
    assert [steeper[6][4], steeper[8][10], steeper[20][30]] == [2, 3, 6]


def nodes_below(search, pos, depth, alpha, beta, is_pv=False):
    """The nodes ``search`` spends on ``pos`` searched at ply 1 to ``depth`` in the window
    (alpha, beta), and the score: the tree's own entry point, as its parent calls it."""
    search.search(pos, Limits(depth=1))  # sets up the searcher's per-search state
    before = search.stats.nodes
    score = search._search(depth, alpha, beta, 1, 0, is_pv, False, False)
    return search.stats.nodes - before, score


# No capture and no check for the side to move (asserted below): chess, king a1 and pawns
# a2, c2, e2 against a king on h8 (8 moves); xiangqi, general d1, horse a1, elephant g1 and
# soldiers a4, c4, i4 against a general on f10 (9 moves).
QUIET_POSITIONS = {
    "chess": "7k/8/8/8/8/8/P1P1P3/K7 w - - 0 1",
    "xiangqi": "5k3/9/9/9/9/9/P1P5P/9/9/H2K2B2 w - - 0 1",
}


@pytest.mark.parametrize("variant_name", ["chess", "xiangqi"])
def test_late_move_pruning_searches_the_first_moves_only(variant_name):
    """At a non-PV node one ply from the leaves, once `LATE_MOVE_COUNTS[1]` = 4 moves are
    picked, the quiet moves that give no check are skipped: a node whose moves are all quiet
    and none checks searches 4 children (each one node: no captures follow), against all of
    them with the rule off or at a PV node. Two plies from the leaves (chess: 8 moves, the
    count 7) one move is skipped, with its subtree: 17 nodes against 15, each child being
    two, itself and the king's first reply, which fails high (every score beats the mate
    bound the window sits on)."""
    assert LATE_MOVE_COUNTS[:4] == (3, 4, 7, 12) and SearchConfig().late_move_pruning_depth == 3
    variant = get_variant(variant_name)
    pos = variant.position(QUIET_POSITIONS[variant_name])
    moves = pos.legal_moves()
    assert len(moves) == {"chess": 8, "xiangqi": 9}[variant_name]
    assert not any(is_capture(pos, move) or pos.gives_check(move) for move in moves)

    def nodes(depth, is_pv, on, reach=3):
        search = searcher(
            variant_name, tt=False, late_move_pruning=on, late_move_pruning_depth=reach
        )
        return nodes_below(search, pos, depth, MATE_BOUND, MATE_BOUND + 1, is_pv)[0]

    assert nodes(1, False, False) == 1 + len(moves)
    assert nodes(1, False, True) == 1 + LATE_MOVE_COUNTS[1]
    assert nodes(1, True, True) == 1 + len(moves)
    if variant_name == "chess":
        assert (nodes(2, False, False), nodes(2, False, True)) == (1 + 8 * 2, 1 + 7 * 2)
        # reaching one ply from the leaves only, it leaves a node two plies away whole
        assert nodes(2, False, True, reach=1) == 1 + 8 * 2
    assert nodes(1, False, True, reach=0) == 1 + len(moves)


@pytest.mark.parametrize("variant_name", ["chess", "xiangqi"])
@pytest.mark.parametrize(
    "reach", [{}, {"futility_depth": 3, "futility_base": 100, "futility_margin": 100}]
)
def test_futility_pruning_skips_the_quiet_moves_that_cannot_reach_alpha(variant_name, reach):
    """At a non-PV node within ``futility_depth`` plies of the leaves (2 unless set), once a
    move is searched, the quiet moves that give no check are skipped where the static score
    plus ``futility_base + futility_margin * plies`` (0 and 200 unless set) does not reach
    alpha: one ply from the leaves, the node searches its first child alone; with alpha a
    centipawn lower, all of them. A node beyond the reach prunes none of its own moves."""
    config = SearchConfig(**reach)
    variant = get_variant(variant_name)
    pos = variant.position(QUIET_POSITIONS[variant_name])
    moves = pos.legal_moves()

    def nodes(depth, above, on=True, further=0):
        settings = {**reach, "futility_depth": config.futility_depth + further}
        search = searcher(variant_name, tt=False, futility=on, **settings)
        search.search(pos, Limits(depth=1))
        margin = config.futility_base + config.futility_margin * depth
        alpha = search.evaluate(pos) + margin + (0 if above else -1)
        return nodes_below(search, pos, depth, alpha, alpha + 1)[0]

    assert nodes(1, above=True) == 1 + 1
    assert nodes(1, above=False) == 1 + len(moves)
    deepest = config.futility_depth
    assert nodes(deepest, above=True) < nodes(deepest, above=True, on=False)
    # a ply beyond, only the children prune: reaching one ply further prunes the node's too
    assert nodes(deepest + 1, above=True, further=1) < nodes(deepest + 1, above=True)


@pytest.mark.parametrize("variant_name", ["chess", "xiangqi"])
def test_internal_iterative_reduction_searches_a_node_without_hash_move_a_ply_shallower(
    variant_name,
):
    """Without a table no node has a hash move, so every node below the root with
    `IIR_DEPTH` plies or more left is searched a ply shallower: at depth 4 the reduced node
    searches exactly the tree of depth 3 (its children, at depth 2, are below the rule), and
    at depth 3 the rule does nothing. With the table, a node whose hash move is stored is
    searched at its full depth."""
    assert IIR_DEPTH == 4
    pos = random_walk(variant_name, 5, 12)

    def nodes(depth, on, **config):
        search = searcher(variant_name, iir=on, **config)
        return nodes_below(search, pos, depth, -MATE, MATE, True)

    assert nodes(4, True, tt=False) == nodes(3, False, tt=False)
    assert nodes(4, False, tt=False)[0] > nodes(3, False, tt=False)[0]
    assert nodes(3, True, tt=False) == nodes(3, False, tt=False)
    search = searcher(variant_name, iir=True)
    search.search(pos, Limits(depth=5))  # the table now holds a move for the position
    assert search.tt.probe(pos.hash)[4]
    before = search.stats.nodes
    search._search(4, -MATE, MATE, 1, 0, True, False, False)
    with_hash = search.stats.nodes - before
    full = searcher(variant_name, iir=False)
    full.search(pos, Limits(depth=5))
    before = full.stats.nodes
    full._search(4, -MATE, MATE, 1, 0, True, False, False)
    assert with_hash == full.stats.nodes - before


@pytest.mark.parametrize("variant_name", ["chess", "xiangqi"])
def test_razoring_settles_a_hopeless_node_by_quiescence(variant_name):
    """One ply from the leaves, at a non-PV node whose static score plus `RAZOR_MARGINS[1]`
    stays below alpha, razoring returns quiescence's score (at most alpha) without searching
    a move: the node and its quiescence only. Off, or with alpha within the margin, every
    move is searched. Both give a score at most alpha: the node fails low either way."""
    pos = get_variant(variant_name).position(QUIET_POSITIONS[variant_name])
    moves = pos.legal_moves()
    probe = searcher(variant_name)
    probe.search(pos, Limits(depth=1))
    static = probe.evaluate(pos)
    alpha = static + RAZOR_MARGINS[1] + 1
    razored, score = nodes_below(
        searcher(variant_name, tt=False, razoring=True), pos, 1, alpha, alpha + 1
    )
    assert razored == 1 and score <= alpha  # no capture to quiesce: the node alone
    full, score = nodes_below(searcher(variant_name, tt=False), pos, 1, alpha, alpha + 1)
    assert full == 1 + len(moves) and score <= alpha
    near = static + RAZOR_MARGINS[1] - 1
    assert nodes_below(searcher(variant_name, tt=False, razoring=True), pos, 1, near, near + 1)[
        0
    ] == (1 + len(moves))


def test_see_pruning_skips_moves_that_lose_material_near_the_leaves():
    """White: Kg1, Qd1, pawns f2 g2 h2; Black: Kg8, pawns c6 e6 f7 g6 h7. Two queen moves are
    taken by a pawn: d5 and h5 (SEE -900, beyond `SEE_QUIET_MARGIN` at any depth); d8 checks.
    One ply from the leaves, with the rule on, the two are never searched (each would be a
    node of its own, quiescence off); every other move is, d8 included; off, all are."""
    variant = get_variant("chess")
    pos = variant.position("6k1/5p1p/2p1p1p1/8/8/8/5PPP/3Q2K1 w - - 0 1")
    moves = pos.legal_moves()
    losing = {
        variant.move_to_uci(pos, move)
        for move in moves
        if see(pos, move) < -SEE_QUIET_MARGIN and not pos.gives_check(move)
    }
    assert losing == {"d1d5", "d1h5"} and SEE_PRUNING_DEPTH >= 1
    on = nodes_below(
        searcher("chess", tt=False, pvs=False, see_pruning=True, quiescence="none"),
        pos,
        1,
        -MATE,
        MATE,
    )
    off = nodes_below(
        searcher("chess", tt=False, pvs=False, quiescence="none"), pos, 1, -MATE, MATE
    )
    assert (off[0], on[0]) == (1 + len(moves), 1 + len(moves) - 2)
    assert on[1] == off[1]  # the best move loses nothing


def test_improving_halves_the_late_move_counts_where_the_score_fell():
    """Stockfish's move-count rule, (3 + depth²) / (2 - improving): the full counts where the
    static score improved on two plies before, half of them where it did not."""
    assert LATE_MOVE_COUNTS_WORSENING == tuple(count // 2 for count in LATE_MOVE_COUNTS)
    assert LATE_MOVE_COUNTS_WORSENING[1:4] == (2, 3, 6)


@pytest.mark.parametrize("variant_name", ["chess", "xiangqi"])
@pytest.mark.parametrize(
    "switch",
    [
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
        "quiescence_tt",
    ],
)
def test_each_selective_switch_keeps_the_mates_and_is_deterministic(variant_name, switch):
    """Each switch with the playing search's others: every forced mate of the tests still
    proved at its distance (as ``go mate N`` asks), and the same node count twice."""
    variant = get_variant(variant_name)
    config = dataclasses.replace(PLAY, **{switch: True})
    for name, fen, moves, _ in MATES:
        if name == variant_name:
            search = Searcher(build_pipeline(DEFAULT_SPEC, variant), config)
            result = search.search(variant.position(fen), Limits(mate=moves, depth=2 * moves + 3))
            assert mate_in(result.score) == moves
    counts = [
        Searcher(build_pipeline(DEFAULT_SPEC, variant), config)
        .search(random_walk(variant_name, 9, 16), Limits(depth=5))
        .stats.nodes
        for _ in range(2)
    ]
    assert counts[0] == counts[1]


def searched_at_ply_1(search, pos, depth, alpha, beta, is_pv, stored=None):
    """The nodes and score of ``pos`` searched at ply 1 as its parent calls it, after a
    depth-1 search has set the searcher up and, when ``stored`` = (depth, score, move), with
    that lower bound stored for ``pos`` in the table."""
    search.search(pos, Limits(depth=1))
    if stored is not None:
        depth_stored, score, move = stored
        search.tt.store(pos.hash, depth_stored, score, LOWER, move)
    before = search.stats.nodes
    score = search._search(depth, alpha, beta, 1, 0, is_pv, False, False)
    return search.stats.nodes - before, score


def test_singular_extension_searches_an_only_move_a_ply_deeper():
    """White Kh1, Pg2, Ph3 in check from Black's rook a1: Kh2 is the only legal move. With the
    table holding it as a lower bound from `SINGULAR_DEPTH` plies, the search without it has
    nothing to search and fails low, so Kh2 is singular: the node (a PV node, check extension
    off) spends itself and Kh2's reply searched `SINGULAR_DEPTH` plies deep, where without the
    switch the reply is searched a ply shallower. Each reply is searched alone, from the same
    table, for the count."""
    variant = get_variant("chess")
    fen = "k7/8/8/8/8/7P/6P1/r6K w - - 0 1"
    (only,) = variant.position(fen).legal_moves()
    stored = (SINGULAR_DEPTH, 0, only)

    def node(on):
        search = searcher("chess", check_extension=False, singular_extension=on)
        pos = variant.position(fen)
        return searched_at_ply_1(search, pos, SINGULAR_DEPTH, -MATE, MATE, True, stored)[0]

    def reply(depth):
        search = searcher("chess", check_extension=False)
        pos = variant.position(fen)
        search.search(pos, Limits(depth=1))
        search.tt.store(pos.hash, SINGULAR_DEPTH, 0, LOWER, only)
        pos.make(only)
        before = search.stats.nodes
        search._search(depth, -MATE, MATE, 2, only, True, True, False)
        return search.stats.nodes - before

    assert node(True) == 1 + reply(SINGULAR_DEPTH)
    assert node(False) == 1 + reply(SINGULAR_DEPTH - 1)
    assert reply(SINGULAR_DEPTH) > reply(SINGULAR_DEPTH - 1)


def test_singular_extension_cuts_off_where_another_move_beats_beta_too():
    """White Ka1, Nb4, Rd1 against Black's Ka8 and Qd5: the rook and the knight each take the
    queen. With Rxd5 stored as a lower bound of 400 from a ply less than the node's depth (no
    cutoff from the table), the search without it finds Nxd5 above 400 less
    `SINGULAR_MARGIN` per ply, which is above beta: the node returns that bound at once
    (multi-cut), in fewer nodes than the search without the switch, which fails high too."""
    variant = get_variant("chess")
    fen = "k7/8/8/3q4/1N6/8/8/K2R4 w - - 0 1"
    pos = variant.position(fen)
    take = variant.parse_move(pos, "d1d5", "uci")
    depth = SINGULAR_DEPTH
    stored = (depth - 1, 400, take)
    assert depth - 1 >= depth - SINGULAR_DEPTH_SLACK

    def node(on):
        search = searcher("chess", singular_extension=on)
        return searched_at_ply_1(search, variant.position(fen), depth, 99, 100, False, stored)

    cut, score = node(True)
    assert score == 400 - SINGULAR_MARGIN * depth
    full, full_score = node(False)
    assert full_score >= 100 and cut < full


def test_null_move_verification_searches_the_node_again_without_its_null_move():
    """White Kc3 and Rd1 against Black's Ka8, a null window far below White's score, ordering
    by MVV-LVA and no table (nothing learnt between searches): at `NULL_VERIFICATION_DEPTH`
    plies the null move fails high, and with the switch the node is then searched again as
    deep as the null move (`NULL_REDUCTION`) with no null move of its own, which fails high
    too: the extra nodes are exactly that search's (counted alone, less its own node)."""
    variant = get_variant("chess")
    fen = "k7/8/8/8/8/2K5/8/3R4 w - - 0 1"
    depth = NULL_VERIFICATION_DEPTH

    def search(**config):
        return searcher("chess", "mvvlva", tt=False, null_move=True, **config)

    def node(search, depth, allow_null=True):
        pos = variant.position(fen)
        search.search(pos, Limits(depth=1))
        before = search.stats.nodes
        score = search._search(depth, -101, -100, 1, 0, False, allow_null, False)
        return search.stats.nodes - before, score

    verified, score = node(search(null_move_verification=True), depth)
    unverified, unverified_score = node(search(), depth)
    again, again_score = node(search(), depth - 1 - NULL_REDUCTION, allow_null=False)
    assert score == unverified_score == -100 and again_score >= -100
    assert verified - unverified == again - 1


def nodes_with_history(pos, spec, fill, depth, is_pv, **config):
    """The nodes a search of ``pos`` with ``config`` spends at ``depth`` (ply 1, the full
    window), after a depth-1 search, with every history entry set to ``fill``."""
    search = Searcher(build_pipeline(spec, pos.variant), SearchConfig(**config))
    search.search(pos, Limits(depth=1))
    for heuristic in search.orderer.heuristics:
        if heuristic.name == "history":
            heuristic.table = [fill] * len(heuristic.table)
    before = search.stats.nodes
    search._search(depth, -MATE, MATE, 1, 0, is_pv, False, False)
    return search.stats.nodes - before


@pytest.mark.parametrize("variant_name", ["chess", "xiangqi"])
def test_history_reductions_reduce_only_moves_the_history_has_not_seen_cut_off(variant_name):
    """Late-move reductions with ``history_reductions``: where every history entry is non-zero
    the tree is the one without the switch, node for node (the entries only grow during the
    search); where they start at zero, late quiet moves are reduced a ply more and the search
    spends fewer nodes, as where they start below zero under ``history:malus`` (whose entries
    fall as well as rise). A pipeline without a history table answers None: nothing changes."""
    pos = random_walk(variant_name, 3, 12)

    def nodes(on, fill, spec=DEFAULT_SPEC):
        return nodes_with_history(pos, spec, fill, 4, True, lmr=True, history_reductions=on)

    assert nodes(True, 1) == nodes(False, 1) == nodes(False, 0)
    assert nodes(True, 0) < nodes(False, 0)
    assert nodes(True, 0, "mvvlva,killer") == nodes(False, 0, "mvvlva,killer")
    malus = DEFAULT_SPEC.replace("history", "history:malus")
    assert nodes(True, -5, malus) < nodes(False, -5, malus)
    orderer = build_pipeline(DEFAULT_SPEC, get_variant(variant_name))
    quiet = next(move for move in pos.legal_moves() if not is_capture(pos, move))
    node = Node(1).fill(pos, 3, 0, 0, False)
    assert orderer.quiet_history(node, quiet) == 0
    orderer.on_cutoff(node, quiet)
    assert orderer.quiet_history(node, quiet) == 3 * 3
    assert build_pipeline("mvvlva", get_variant(variant_name)).quiet_history(node, quiet) is None


@pytest.mark.parametrize("variant_name", ["chess", "xiangqi"])
def test_history_pruning_skips_only_moves_the_history_has_not_seen_cut_off(variant_name):
    """``history_pruning`` near the leaves: where every history entry is non-zero the tree is
    the one without the switch, node for node (the entries only grow during the search);
    where they start at zero, quiet moves after the first are skipped and the search spends
    fewer nodes, as where they start below zero under ``history:malus``. A PV node skips none
    of its moves, nor does a node further than `HISTORY_PRUNING_DEPTH` from the leaves, nor a
    pipeline without a history table (None)."""
    pos = random_walk(variant_name, 3, 12)

    def nodes(on, fill, spec=DEFAULT_SPEC, is_pv=False, depth=HISTORY_PRUNING_DEPTH):
        return nodes_with_history(pos, spec, fill, depth, is_pv, history_pruning=on, tt=False)

    assert nodes(True, 1) == nodes(False, 1) == nodes(False, 0)
    assert nodes(True, 0) < nodes(False, 0)
    malus = DEFAULT_SPEC.replace("history", "history:malus")
    assert nodes(True, -5, malus) < nodes(False, -5, malus)
    # a PV node one ply from the leaves searches every move; a null-window one skips some
    assert nodes(True, 0, is_pv=True, depth=1) == nodes(False, 0, is_pv=True, depth=1)
    assert nodes(True, 0, depth=1) < nodes(False, 0, depth=1)
    assert nodes(True, 0, "mvvlva,killer") == nodes(False, 0, "mvvlva,killer")
    # one ply deeper: the node's own moves are all searched, its children's are pruned
    assert nodes(False, 0, depth=2) < nodes(True, 0, depth=HISTORY_PRUNING_DEPTH + 1)
    assert nodes(True, 0, depth=HISTORY_PRUNING_DEPTH + 1) < nodes(
        False, 0, depth=HISTORY_PRUNING_DEPTH + 1
    )


@pytest.mark.parametrize("variant_name", ["chess", "xiangqi"])
def test_cut_node_reductions_reduce_only_below_expected_cutoffs(variant_name):
    """``cut_node_reductions`` works through late-move reductions alone: without them the tree
    is the one without the switch, node for node; with them, a null-window search of a node
    expected to cut off spends fewer nodes, and a PV node, whose own moves are not reduced the
    extra ply, differs only below its late moves' null windows (fewer nodes, not more)."""
    pos = random_walk(variant_name, 5, 12)

    def nodes(on, lmr=True, is_pv=False, cut_node=True):
        search = searcher(variant_name, DEFAULT_SPEC, lmr=lmr, cut_node_reductions=on)
        search.search(pos, Limits(depth=1))
        before = search.stats.nodes
        if is_pv:
            search._search(5, -MATE, MATE, 1, 0, True, False, False)
        else:
            search._search(5, -1, 0, 1, 0, False, False, cut_node)
        return search.stats.nodes - before

    assert nodes(True, lmr=False) == nodes(False, lmr=False)
    assert nodes(True) < nodes(False)
    assert nodes(True, cut_node=False) <= nodes(False, cut_node=False)
    assert nodes(True, is_pv=True) <= nodes(False, is_pv=True)


def test_quiescence_checks_find_a_quiet_mate_at_the_first_ply_only():
    """Red's quiet chariot check i1-i10 mates (the general's squares are its own advisor's
    and cannon's, or on the chariot's rank; nothing can block). Quiescence with
    ``quiescence_checks`` finds it at its first ply, as the main search's horizon does, and
    scores the mate two plies on; without the switch, or below the first ply, it stands pat
    (no capture is there to search)."""
    variant = get_variant("xiangqi")
    pos = variant.position("3ak4/4c4/9/9/9/9/9/9/9/3K4R w - - 0 1")
    mate = variant.parse_move(pos, "i1i10")
    assert not variant.legal_captures(pos) and pos.gives_check(mate)
    pos.make(mate)
    assert pos.legal_moves() == []
    pos.unmake()
    for on in (True, False):
        search = searcher("xiangqi", quiescence="pruned", quiescence_checks=on)
        search.search(pos, Limits(depth=1))  # sets up the searcher's per-search state
        static = search.evaluate(pos)
        assert static < MATE_BOUND
        assert search._quiesce(-MATE, MATE, 1, False, on) == (MATE - 2 if on else static)
        assert search._quiesce(-MATE, MATE, 1, False, False) == static
        assert search._search(0, -MATE, MATE, 1, 0, True, False, False) == (
            MATE - 2 if on else static
        )


@pytest.mark.parametrize("variant_name", ["chess", "xiangqi"])
def test_quiescence_tt_keeps_quiescence_scores_and_answers_again_from_the_table(variant_name):
    """Quiescence's score is a function of the position alone, so the bounds it stores are
    true of every later quiescence: with ``quiescence_tt`` and a table holding nothing else,
    a full-window quiescence of positions from random play scores what it scores without the
    table (in fewer nodes at some); asked again, it answers from the entry its root stored,
    searching no node. Without the switch it neither reads nor writes the table."""
    searched_fewer = 0
    for seed in range(12):
        pos = random_walk(variant_name, seed, 24)
        in_check = pos.is_check()
        scores, nodes = [], []
        for on in (False, True):
            search = searcher(variant_name, quiescence="pruned", quiescence_tt=on)
            search.search(pos, Limits(depth=1))  # sets up the searcher's per-search state
            search.tt.clear()
            before = search.stats.nodes
            scores.append(search._quiesce(-MATE, MATE, 1, in_check))
            nodes.append(search.stats.nodes - before)
            stored = search.tt.probe(pos.hash)
            if not on:
                assert stored is None
            elif not in_check or pos.legal_moves():  # (a mate returns before any store)
                assert stored is not None and stored[1] == 0  # depth 0: quiescence's
                again = search.stats.nodes
                assert search._quiesce(-MATE, MATE, 1, in_check) == scores[-1]
                assert search.stats.nodes == again
        assert scores[0] == scores[1]
        searched_fewer += nodes[1] < nodes[0]
    assert searched_fewer >= 1


@pytest.mark.parametrize("game", ["chess", "xiangqi", "capablanca"])
@pytest.mark.parametrize("capture_key", [victim_first, material_difference])
def test_quiescence_orders_captures_as_a_stable_keyed_sort(game, capture_key):
    """`captures_in_order` (one packed int per move, sorted as ints) gives exactly the order
    ``list.sort(key=..., reverse=True)`` gives: greatest key first, ties in generation order;
    on the captures of positions reached by random play, in both quiescence orders (the
    default, called directly, and another, called as a function)."""
    compared = 0
    for seed in range(40):
        pos = random_walk(game, seed, 30)
        moves = [m for m in pos.legal_moves() if is_capture(pos, m)]
        expected = sorted(moves, key=lambda m: capture_key(pos, m), reverse=True)
        assert captures_in_order(pos, list(moves), capture_key) == expected
        compared += len(moves) > 1
    assert compared >= 10


def test_capture_order_keeps_ties_and_negative_keys_in_generation_order():
    pos = get_variant("chess").position()
    keys = {10: -5, 11: 3, 12: -5, 13: 3, 14: 0, 15: -40}
    ordered = captures_in_order(pos, list(keys), lambda _, move: keys[move])
    assert ordered == [11, 13, 14, 10, 12, 15]


@given(
    st.lists(st.integers(-(1 << 50), 1 << 50), max_size=40),
    st.sampled_from([0, 3, 64]),
    st.booleans(),
)
@settings(max_examples=200, deadline=None)
def test_capture_order_in_a_buffer_is_the_stable_sort(scores, size, small_keys):
    """`captures_in_order` in a caller's buffer, reused from call to call, gives the stable
    descending sort: also where the buffer is too short or a key too wide to pack (both
    sorted without it), and for no move or one."""
    pos = get_variant("chess").position()
    if small_keys:
        scores = [score % 7 - 3 for score in scores]
    moves = list(range(100, 100 + len(scores)))
    keys = dict(zip(moves, scores))
    buffer = array("q", [12345] * size)
    for _ in range(2):
        ordered = captures_in_order(pos, list(moves), lambda _, move: keys[move], buffer)
        assert ordered == sorted(moves, key=keys.__getitem__, reverse=True)


def test_the_adaptive_null_move_reduction_grows_with_depth_and_lead():
    """Three plies, one more per three of depth, one more per 200 centipawns above beta up to
    three: 3 at depth 2 level with beta, 6 at depth 6 with a 250 lead, 9 at depth 9 far above."""
    assert adaptive_null_reduction(2, 0) == 3
    assert adaptive_null_reduction(6, 250) == 6
    assert adaptive_null_reduction(9, 199) == 6
    assert adaptive_null_reduction(9, 5000) == 9


@pytest.mark.parametrize("variant_name", ["chess", "xiangqi"])
def test_the_adaptive_null_move_searches_fewer_nodes(variant_name):
    """Deeper null-move reductions cut more: the same position at depth 6 in fewer nodes."""
    pos = random_walk(variant_name, 7, 16)
    counts = []
    for adaptive in (False, True):
        search = searcher(variant_name, null_move=True, adaptive_null_move=adaptive)
        search.search(pos.copy(), Limits(depth=6))
        counts.append(search.stats.nodes)
    assert counts[1] < counts[0]
