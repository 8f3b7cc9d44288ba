"""Move-ordering heuristics, tested through the same code on both games: each one's bookkeeping
behaves as its seed says, each one searches fewer nodes than generation order, guard values
follow the seed's rule, and guard pruning stays where the rules allow it."""

import functools

import pytest
from xqchess.cli.suites import default_suite
from xqchess.core.errors import XQChessError
from xqchess.core.moves import is_capture, is_quiet, move_to
from xqchess.core.search import BASELINE, MAX_PLY, Limits, Node, SearchConfig, Searcher
from xqchess.ordering.continuation import AGED_AWAY, ENTRY_LIMIT, ContinuationHistory
from xqchess.ordering.countermove import Countermove
from xqchess.ordering.guard import Guard
from xqchess.ordering.history import GRAVITY_LIMIT, History
from xqchess.ordering.killer import AdvancedKillers, Killers
from xqchess.ordering.pipeline import Pipeline
from xqchess.ordering.spec import DEFAULT_SPEC, build_pipeline
from xqchess.variants import get_variant

VARIANTS = ("chess", "xiangqi")


def quiet_moves(variant_name, count):
    pos = get_variant(variant_name).position()
    return pos, [m for m in sorted(pos.legal_moves()) if is_quiet(pos, m)][:count]


def node_at(pos, ply=3, prev_move=0, hash_move=0, depth=2):
    node = Node(ply)
    node.pos, node.side, node.prev_move, node.hash_move, node.depth = (
        pos,
        pos.side,
        prev_move,
        hash_move,
        depth,
    )
    return node


@pytest.mark.parametrize("variant_name", VARIANTS)
def test_killers_keep_two_slots_per_ply(variant_name):
    pos, (a, b, c) = quiet_moves(variant_name, 3)
    killers = Killers(get_variant(variant_name))
    killers.on_cutoff(pos, a, 0, 2, 3, 0)
    killers.on_cutoff(pos, b, 0, 2, 3, 0)
    killers.on_cutoff(pos, b, 0, 2, 3, 0)  # already first: no change
    assert killers.slots[3] == [b, a]
    assert killers.slots[2] == [0, 0]  # other plies untouched
    assert killers.score(node_at(pos), [a, b, c]) == [1, 2, 0]
    killers.on_cutoff(pos, c, 0, 2, 3, 0)
    assert killers.slots[3] == [c, b]
    killers.reset()
    assert killers.slots[3] == [0, 0]


def test_captures_never_become_killers_history_or_countermoves():
    chess = get_variant("chess")
    pos = chess.position("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")
    capture = chess.parse_move(pos, "exd5")
    assert is_capture(pos, capture)
    killers, history, counter = Killers(chess), History(chess), Countermove(chess)
    for heuristic in (killers, history, counter):
        heuristic.on_cutoff(pos, capture, 1 | 9 << 7, 3, 1, 0)
    assert killers.slots[1] == [0, 0] and not any(history.table) and not any(counter.table[0])


@pytest.mark.parametrize("variant_name", VARIANTS)
def test_killers_reach_the_deepest_ply_the_search_expands(variant_name):
    """The search expands nodes up to ply MAX_PLY - 1 (at MAX_PLY it evaluates)."""
    pos, (a, b) = quiet_moves(variant_name, 2)
    for killers in (Killers(get_variant(variant_name)), AdvancedKillers(get_variant(variant_name))):
        killers.on_cutoff(pos, a, 0, 1, MAX_PLY - 1, 0)
        assert killers.score(node_at(pos, ply=MAX_PLY - 1), [a, b]) == [2, 0]


@pytest.mark.parametrize("variant_name", VARIANTS)
def test_advanced_killers_replace_only_when_a_count_passes(variant_name):
    pos, (a, b, c) = quiet_moves(variant_name, 3)
    killers = AdvancedKillers(get_variant(variant_name))
    for move in (a, b):
        killers.on_cutoff(pos, move, 0, 2, 4, 0)
    assert killers.slots[4] == [a, b]
    killers.on_cutoff(pos, c, 0, 2, 4, 0)  # count 1 does not pass a killer's count of 1
    assert killers.slots[4] == [a, b]
    killers.on_cutoff(pos, b, 0, 2, 4, 0)  # b: count 2 passes a's 1: b is now the primary
    assert killers.slots[4] == [b, a]
    killers.on_cutoff(pos, c, 0, 2, 4, 0)  # c: count 2 passes a's 1 and takes its slot
    assert killers.slots[4] == [b, c]  # c's 2 does not pass b's 2: b stays primary
    assert killers.counts[4][c & 0x3FFF] == 2


@pytest.mark.parametrize("variant_name", VARIANTS)
@pytest.mark.parametrize(
    "rule,depths,expected",
    [
        ("one", [3, 5], 2),
        ("depth2", [3, 5], 9 + 25),
        # deep cutoffs: depth squared has no bound (gravity's would subtract 1600 x 1600 // 16384)
        ("depth2", [40, 40], 1600 + 1600),
        ("gravity", [3], 9),
        # h += bonus - h x bonus // 16384: 1600, then 1600 + 1600 - 1600 x 1600 // 16384 (156.25
        # rounded down) = 3044
        ("gravity", [40, 40], 1600 + 1600 - 156),
        (None, [40, 40], 1600 + 1600),  # the default rule is depth2
    ],
)
def test_history_update_rules(variant_name, rule, depths, expected):
    pos, (a, b) = quiet_moves(variant_name, 2)
    variant = get_variant(variant_name)
    history = History(variant) if rule is None else History(variant, rule)
    for depth in depths:
        history.on_cutoff(pos, a, 0, depth, 1, 0)
    assert history.score(node_at(pos), [a, b]) == [expected, 0]
    history.new_search()  # aged: halved, rounded down
    assert history.score(node_at(pos), [a, b]) == [expected // 2, 0]
    assert all(type(value) is int for value in history.table)
    pos.make(b)  # the other side's table is separate
    assert history.score(node_at(pos), [a]) == [0]


@pytest.mark.parametrize("variant_name", VARIANTS)
@pytest.mark.parametrize("rule", ["one", "seed"])
def test_history_keeps_one_entry_per_move(variant_name, rule):
    """Every quiet move of the start position credited a different number of times scores
    exactly its own credits: no two from/to pairs share an entry (moves from one square, or to
    one square, included)."""
    pos = get_variant(variant_name).position()
    moves = [m for m in sorted(pos.legal_moves()) if is_quiet(pos, m)]
    history = History(get_variant(variant_name), rule)
    for times, move in enumerate(moves, 1):
        for _ in range(times):
            history.on_cutoff(pos, move, 0, 2, 1, pos.side)
    assert history.score(node_at(pos), moves) == list(range(1, len(moves) + 1))


@pytest.mark.parametrize("variant_name", VARIANTS)
def test_history_gravity_stays_bounded_and_ages(variant_name):
    pos, (a,) = quiet_moves(variant_name, 1)
    history = History(get_variant(variant_name), "gravity")
    for _ in range(500):
        history.on_cutoff(pos, a, 0, 40, 1, 0)
    value = history.score(node_at(pos), [a])[0]
    assert GRAVITY_LIMIT // 2 < value <= GRAVITY_LIMIT
    history.new_search()
    assert history.score(node_at(pos), [a])[0] == value // 2


@pytest.mark.parametrize("variant_name", VARIANTS)
def test_history_malus_lowers_the_quiet_moves_searched_before_a_quiet_cutoff(variant_name):
    """``malus``: at a quiet cutoff at depth 3 after quiet moves a and b were searched, the
    cutoff move gains gravity's step (+9) and a and b lose the same (-9); a second such cutoff
    at depth 40 takes a to -9 - 1600 - (-9 x 1600 // 16384 = -1) = -1608. A capture's cutoff
    lowers nothing, nor does any other rule."""
    pos, (a, b, c) = quiet_moves(variant_name, 3)
    variant = get_variant(variant_name)
    history = History(variant, "malus")
    pipeline = Pipeline([history], "history:malus")
    node = node_at(pos)
    pipeline.on_cutoff(node.fill(pos, 3, 0, 0, False), c)  # nothing searched before
    assert history.score(node, [a, b, c]) == [0, 0, 9]
    node.quiets_searched.extend([a, b])
    pipeline.on_cutoff(node, c)
    assert history.score(node, [a, b, c]) == [-9, -9, 9 + 9 - 9 * 9 // GRAVITY_LIMIT]
    node.depth = 40
    history.on_quiets_before_cutoff(pos, c, [a], 40, pos.side)
    assert history.score(node, [a, b])[0] == -9 - 1600 - (-9 * 1600 // GRAVITY_LIMIT) == -1608
    for _ in range(500):  # bounded below as gravity is above
        history.on_quiets_before_cutoff(pos, c, [a], 40, pos.side)
    assert -GRAVITY_LIMIT <= history.score(node, [a])[0] < -GRAVITY_LIMIT // 2
    capture = next((m for m in pos.legal_moves() if not is_quiet(pos, m)), None)
    if capture is not None:  # (the start positions have none)
        before = history.score(node, [b])
        history.on_quiets_before_cutoff(pos, capture, [b], 40, pos.side)
        assert history.score(node, [b]) == before
    for rule in ("one", "depth2", "gravity", "seed"):
        other = History(variant, rule)
        other.on_quiets_before_cutoff(pos, c, [a, b], 3, pos.side)
        assert set(other.table) == {0}


@pytest.mark.parametrize("variant_name", VARIANTS)
def test_the_search_lists_quiets_searched_only_for_an_orderer_that_reads_them(variant_name):
    """Only ``history:malus`` reads the quiet moves searched before a cutoff: its pipeline
    asks for them and its search lists them; the default pipeline's search lists none."""
    variant = get_variant(variant_name)
    listed = {}
    for spec in (DEFAULT_SPEC, "hash,see,killer,countermove,history:malus"):
        pipeline = build_pipeline(spec, variant)
        seen = []
        real = pipeline.on_cutoff

        def spying(node, move, real=real, seen=seen):
            seen.append(len(node.quiets_searched))
            real(node, move)

        pipeline.on_cutoff = spying  # before the search binds the orderer's methods
        Searcher(pipeline).search(variant.position(), Limits(depth=4))
        listed[spec] = (pipeline.reads_quiets_searched, max(seen))
    assert listed[DEFAULT_SPEC] == (False, 0)
    reads, most = listed["hash,see,killer,countermove,history:malus"]
    assert reads and most > 0


@pytest.mark.parametrize("variant_name", VARIANTS)
@pytest.mark.parametrize("index", ["fromto", "pieceto"])
def test_countermove_table(variant_name, index):
    variant = get_variant(variant_name)
    pos, (first, reply, other) = quiet_moves(variant_name, 3)
    pos.make(first)
    reply = sorted(m for m in pos.legal_moves() if is_quiet(pos, m))[0]
    other = sorted(m for m in pos.legal_moves() if is_quiet(pos, m))[1]
    counter = Countermove(variant, index)
    assert counter.score(node_at(pos, prev_move=first), [reply, other]) == [0, 0]
    counter.on_cutoff(pos, reply, first, 2, 1, pos.side)
    assert counter.score(node_at(pos, prev_move=first), [reply, other]) == [1, 0]
    assert counter.score(node_at(pos, prev_move=0), [reply]) == [0]  # root: no previous move


@pytest.mark.parametrize("variant_name", VARIANTS)
def test_continuation_history_adds_what_a_move_earned_as_the_answer_to_the_last_move(
    variant_name,
):
    """A quiet cutoff at depth 3 credits 9 to the move's from-to entry and 9 to its entry
    after the move just played: the move then scores 18 after that move, 9 after another
    move or at the root; a capture credits nothing; each new search halves both tables (a
    row of the second when it is next read)."""
    variant = get_variant(variant_name)
    pos, quiet = quiet_moves(variant_name, 99)
    if variant_name == "chess":  # (a capture for the last check)
        pos = variant.position("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
        quiet = [m for m in sorted(pos.legal_moves()) if is_quiet(pos, m)]
    first = quiet[0]
    second = next(m for m in quiet if move_to(m) != move_to(first))  # another destination
    pos.make(first)
    reply, other = sorted(m for m in pos.legal_moves() if is_quiet(pos, m))[:2]
    continuation = ContinuationHistory(variant)
    assert continuation.score(node_at(pos, prev_move=first), [reply, other]) == [0, 0]
    continuation.on_cutoff(pos, reply, first, 3, 1, pos.side)
    assert continuation.score(node_at(pos, prev_move=first), [reply, other]) == [18, 0]
    assert continuation.score(node_at(pos, prev_move=second), [reply]) == [9]
    assert continuation.score(node_at(pos, prev_move=0), [reply]) == [9]
    continuation.new_search()
    assert continuation.score(node_at(pos, prev_move=first), [reply]) == [8]  # 4 + 4
    continuation.new_search()
    continuation.new_search()  # a row unread for two searches is halved twice when read
    assert continuation.score(node_at(pos, prev_move=first), [reply]) == [2]  # 1 + 1
    for _ in range(AGED_AWAY):
        continuation.new_search()
    assert continuation.score(node_at(pos, prev_move=first), [reply]) == [0]
    capture = next(m for m in pos.legal_moves() if is_capture(pos, m))
    fresh = ContinuationHistory(variant)
    fresh.on_cutoff(pos, capture, first, 3, 1, pos.side)
    assert not any(fresh.table) and not any(fresh.rows)
    assert "continuation" in build_pipeline("hash,see,continuation", variant).spec


@pytest.mark.parametrize("variant_name", VARIANTS)
def test_continuation_entries_stop_at_their_limit(variant_name):
    """An entry ``depth2`` would carry past 32 bits stays at `ENTRY_LIMIT`; the move then
    scores its from-to entry plus the limit."""
    variant = get_variant(variant_name)
    pos, quiet = quiet_moves(variant_name, 99)
    first = quiet[0]
    pos.make(first)
    reply = sorted(m for m in pos.legal_moves() if is_quiet(pos, m))[0]
    continuation = ContinuationHistory(variant)
    continuation.on_cutoff(pos, reply, first, 3, 1, pos.side)
    entry = next(i for i, value in enumerate(continuation.rows) if value)
    continuation.rows[entry] = ENTRY_LIMIT - 4
    continuation.on_cutoff(pos, reply, first, 3, 1, pos.side)
    assert continuation.rows[entry] == ENTRY_LIMIT
    assert continuation.score(node_at(pos, prev_move=first), [reply]) == [18 + ENTRY_LIMIT]


def after(variant, fen, text):
    """(the move ``text`` in ``fen``, the position after it)."""
    pos = variant.position(fen)
    move = variant.parse_move(pos, text)
    pos.make(move)
    return move, pos


@pytest.mark.parametrize("index, shared", [(None, False), ("fromto", False), ("pieceto", True)])
def test_countermove_keys_by_the_previous_moves_squares_or_piece(index, shared):
    """Black's knight reaches f6 from g8 or from d7 (the same board after either): keyed by
    from/to (the default) the two are separate entries; keyed by piece/to they are one. A move
    to h6 is another entry in both."""
    chess = get_variant("chess")
    g8f6, pos = after(chess, "4k1n1/8/8/8/8/8/8/4K3 b - - 0 1", "g8f6")
    d7f6, same_pos = after(chess, "4k3/3n4/8/8/8/8/8/4K3 b - - 0 1", "d7f6")
    g8h6, other_pos = after(chess, "4k1n1/8/8/8/8/8/8/4K3 b - - 0 1", "g8h6")
    reply, other = chess.parse_move(pos, "e1e2"), chess.parse_move(pos, "e1d1")
    counter = Countermove(chess) if index is None else Countermove(chess, index)
    counter.on_cutoff(pos, reply, g8f6, 2, 1, pos.side)
    assert counter.score(node_at(pos, prev_move=g8f6), [reply, other]) == [1, 0]
    assert counter.score(node_at(same_pos, prev_move=d7f6), [reply, other]) == [int(shared), 0]
    assert counter.score(node_at(other_pos, prev_move=g8h6), [reply, other]) == [0, 0]


def test_spec_builds_pipelines_and_names_bad_items():
    chess = get_variant("chess")
    assert [h.name for h in build_pipeline(DEFAULT_SPEC, chess).heuristics] == DEFAULT_SPEC.split(
        ","
    )
    assert build_pipeline("none", chess).heuristics == []
    assert build_pipeline("history:gravity", chess).heuristics[0].rule == "gravity"
    for spec, fault in [
        ("hash,bogus", "unknown heuristic 'bogus'"),
        ("killer,killer", "appears twice"),
        ("history:cubic", "bad option 'cubic' for history"),
        ("killer:x", "it takes no option"),
    ]:
        with pytest.raises(XQChessError, match=fault):
            build_pipeline(spec, chess)


@pytest.mark.parametrize("variant_name", VARIANTS)
def test_pipeline_orders_lexicographically_and_credits_the_decider(variant_name):
    variant = get_variant(variant_name)
    pipeline = build_pipeline("hash,killer", variant)
    pos, (a, b, c) = quiet_moves(variant_name, 3)
    pipeline.heuristics[1].on_cutoff(pos, c, 0, 2, 3, 0)
    node = node_at(pos, hash_move=b)
    assert pipeline.order(node, [a, b, c]) == [b, c, a]
    assert pipeline.first_placed_by(node) == "hash"
    node = node_at(pos)
    assert pipeline.order(node, [a, b, c]) == [c, a, b]
    assert pipeline.first_placed_by(node) == "killer"
    assert build_pipeline("none", variant).order(node, [a, b, c]) == [a, b, c]


SUITE_POSITIONS = 3


@functools.cache
def suite_nodes(variant_name, spec):
    """Nodes to search the first suite positions to depth 3 with ``spec``."""
    variant = get_variant(variant_name)
    total = 0
    for position in default_suite(variant_name).positions[:SUITE_POSITIONS]:
        searcher = Searcher(build_pipeline(spec, variant), BASELINE)
        total += searcher.search(variant.position(position.fen), Limits(depth=3)).stats.nodes
    return total


@pytest.mark.parametrize("variant_name", VARIANTS)
@pytest.mark.parametrize(
    "spec",
    [
        "hash",
        "mvvlva",
        "difference",
        "see",
        "killer",
        "akiller",
        "history",
        "history:seed",
        "countermove",
        "guard",
        DEFAULT_SPEC,
    ],
)
def test_every_heuristic_searches_fewer_nodes_than_generation_order(variant_name, spec):
    assert suite_nodes(variant_name, spec) < suite_nodes(variant_name, "none")


def test_captures_by_material_difference_first_the_royal_piece_last():
    """Greer's capture order, worked by hand in the chessmaps values (P 10, N 30, R 50, Q 90,
    the king's capture value 200): exd5 (knight for pawn, +20), Qxa4 (-40), Qxd5 and Qxe2
    (-60 each: the history's tie, none here, keeps generation order), Kxe2 (-170); then every
    quiet move. MVV-LVA would put Qxa4, the rook, first."""
    variant = get_variant("chess")
    pos = variant.position("4k3/8/8/3n4/r3P3/8/4n3/3QK3 w - - 0 1")
    pipeline = build_pipeline("difference", variant)
    order = list(pipeline.order(node_at(pos), pos.legal_moves()))
    names = [variant.format_move(pos, move) for move in order]
    captures = sum(is_capture(pos, move) for move in order)
    assert captures == 5 and all(is_capture(pos, move) for move in order[:captures])
    assert names[0] == "e4d5" and names[1] == "d1a4" and names[4] == "e1e2"
    assert set(names[2:4]) == {"d1d5", "d1e2"}


# Hand-made positions; the expected guard values are the seed's rule worked by hand with the
# capture strengths (chess K 1, Q 1, R 2, B 5, N 6, P 9; xiangqi general 1, advisor 9,
# elephant 9, chariot 2, horse 5, cannon 4, soldier 9), first player positive.
GUARD_CASES = [
    # e5: attacked by the white pawn d4 (+9) and knight f3 (+6); defended by the black pawn d6
    # (-9) and knight c6 (-6); it holds a black pawn, attacked and defended: its own -9 joins.
    ("chess", "4k3/8/2np4/4p3/3P4/5N2/8/4K3 w - - 0 1", "e5", 9 + 6 - 9 - 6 - 9),
    # d5: empty, white rook d1 (+2) and bishop b3 (+5) against the black queen d8 (-1).
    ("chess", "3qk3/8/8/8/8/1B6/8/3RK3 w - - 0 1", "d5", 2 + 5 - 1),
    # f7: black king (-1) alone defends the pawn; white bishop c4 (+5) attacks: -1 + 5 - 9.
    ("chess", "4k3/5p2/8/8/2B5/8/8/4K3 w - - 0 1", "f7", 5 - 1 - 9),
    # e6: a black soldier attacked by the red cannon e3 over the red soldier e4 (+4) and the
    # red horse d4 (+5, leg d5 free), defended by the black chariot e10 (-2); its own -9 joins.
    ("xiangqi", "3kr4/9/9/9/4p4/9/3NP4/4C4/9/4K4 w - - 0 1", "e6", 4 + 5 - 2 - 9),
    # d8: empty; the black advisor e9 (-9) and horse c10 (-5, leg c9 free) against the red
    # chariot d1 (+2).
    ("xiangqi", "2n1k4/4a4/9/9/9/9/9/9/9/3RK4 w - - 0 1", "d8", -9 - 5 + 2),
    # e3: empty; the red elephant c1 is blocked at its eye d2, the red soldier d3 only steps
    # forward, the general e1 does not reach; the black cannon b3 fires over d3 (-4).
    ("xiangqi", "4k4/9/9/9/9/9/9/1c1P5/3p5/2B1K4 w - - 0 1", "e3", -4),
]


@pytest.mark.parametrize("variant_name,fen,square,expected", GUARD_CASES)
def test_guard_values_follow_the_seed_rule(variant_name, fen, square, expected):
    variant = get_variant(variant_name)
    pos = variant.position(fen, strict=False)
    guard = Guard(variant)
    assert guard.guard_value(pos.board, variant.geometry.parse_square(square)) == expected


@pytest.mark.parametrize("variant_name", VARIANTS)
def test_guard_pruning_only_near_the_tips_and_never_in_check(variant_name):
    variant = get_variant(variant_name)
    calls = []

    class Recording(Guard):
        def prunable(self, node, move):
            calls.append((node.depth, node.in_check))
            return super().prunable(node, move)

    pipeline = build_pipeline("guard,mvvlva,killer,history", variant)
    pipeline.heuristics[0] = Recording(variant)
    searcher = Searcher(pipeline, SearchConfig(guard_prune_depth=2))
    total_prunes = 0
    for position in default_suite(variant_name).positions[:3]:
        total_prunes += searcher.search(
            variant.position(position.fen), Limits(depth=3)
        ).stats.guard_prunes
    assert calls and total_prunes > 0
    assert all(depth <= 2 and not in_check for depth, in_check in calls)


def test_guard_pruning_is_off_without_a_frontier():
    variant = get_variant("chess")
    pipeline = build_pipeline("guard,mvvlva", variant)
    result = Searcher(pipeline, BASELINE).search(
        variant.position(default_suite("chess").positions[0].fen), Limits(depth=3)
    )
    assert result.stats.guard_prunes == 0


@pytest.mark.parametrize("variant_name", VARIANTS)
def test_the_default_heuristics_score_any_sequence_of_moves_alike(variant_name):
    """The compiled kernel types the per-move score loops (`marked`, `slot_scores`,
    `table_scores`, `exchange_scores`) but not their moves: a tuple scores as the list does,
    in both kernels."""
    variant = get_variant(variant_name)
    pipeline = build_pipeline(DEFAULT_SPEC, variant)
    pos = variant.position(default_suite(variant_name).positions[1].fen)
    moves = pos.legal_moves()
    quiet = next(m for m in moves if is_quiet(pos, m))
    node = node_at(pos, hash_move=moves[-1], prev_move=moves[0])
    for heuristic in pipeline.heuristics:
        heuristic.on_cutoff(pos, quiet, node.prev_move, 3, node.ply, pos.side)
        scores = heuristic.score(node, moves)
        assert heuristic.score(node, tuple(moves)) == scores, heuristic.name
        scored = heuristic.name != "see" or any(is_capture(pos, m) for m in moves)
        assert len(scores) == len(moves) and any(scores) == scored, heuristic.name
