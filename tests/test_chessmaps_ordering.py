"""Greer's move-ordering algorithm (section 4) and the heuristic ``chessmaps``: categories and
their order, captures by material difference, forced pieces by value, the closeness heuristic,
Table 3's split form, the three sector sources (network, strategy 2's cutoff sector per ply,
strategy 3's experience counts), the credit the search's statistics give, and the sector
grouping checked against the full influence on random positions of both games."""

import numpy as np
import pytest
from helpers import random_walk, snapshot
from xqchess.core.search import MATE, Limits, Node, SearchConfig, Searcher, material_difference
from xqchess.ordering.chessmaps.greer_order import (
    CAPTURE,
    FORCED,
    NO_SECTOR,
    OTHER,
    UNSAFE,
    NodeOrder,
)
from xqchess.ordering.chessmaps.move_order import (
    Chessmaps,
    category_name,
    closeness,
    order_moves,
)
from xqchess.ordering.chessmaps.network import sector_order
from xqchess.ordering.chessmaps.valueboard import clear_cache, first_influenced, influence
from xqchess.ordering.pipeline import StagedOrder
from xqchess.ordering.spec import OrderingSpecError, build_pipeline
from xqchess.variants import get_variant

CHESS, XIANGQI = get_variant("chess"), get_variant("xiangqi")

# White's knight on d4 is attacked by the e5 pawn (forced); Nxc6 loses it to bxc6 (unsafe
# capture), Nb5 walks into c6xb5 (unsafe forced); king and rook moves lose nothing.
CHESS_FORCED = "4k3/1p6/2p5/4p3/3N4/8/8/4K2R w K - 0 1"
# Red's horse on d4 stands on the open d-file before Black's chariot (forced, every escape
# safe); the cannon's h3-h7 lands on the chariot's rank (unsafe other).
XIANGQI_FORCED = "5k3/9/9/3r5/9/9/3H5/7C1/9/4K4 w - - 0 1"


def order_of(pos):
    return NodeOrder(pos, pos.legal_moves())


def placed_moves(variant, fen, split=False):
    pos = variant.position(fen)
    return pos, order_moves(pos, pos.legal_moves(), sector_order(pos), split)


def by_category(variant, pos, order, split=False):
    groups = {}
    for placed in order:
        name = category_name(placed.category, split)
        groups.setdefault(name, set()).add(variant.move_to_uci(pos, placed.move))
    return groups


def test_chess_categories_by_hand():
    pos, order = placed_moves(CHESS, CHESS_FORCED)
    groups = by_category(CHESS, pos, order)
    assert groups == {
        "safe forced": {"d4e6", "d4f3", "d4b3", "d4f5", "d4e2", "d4c2"},
        "safe other": {"e1d1", "e1d2", "e1e2", "e1f2", "e1f1", "e1g1", "h1g1", "h1f1"}
        | {f"h1h{rank}" for rank in range(2, 9)},
        "unsafe capture": {"d4c6"},
        "unsafe forced": {"d4b5"},
    }
    categories = [placed.category for placed in order]
    assert categories == sorted(categories)  # the paper's order of the six categories
    assert len(order) == len(pos.legal_moves())


def test_xiangqi_categories_by_hand():
    pos, order = placed_moves(XIANGQI, XIANGQI_FORCED)
    groups = by_category(XIANGQI, pos, order)
    assert groups["safe forced"] == {"d4b3", "d4b5", "d4c2", "d4c6", "d4e2", "d4e6", "d4f3", "d4f5"}
    assert groups["unsafe other"] == {"h3h7"}
    assert set(groups) == {"safe forced", "safe other", "unsafe other"}
    assert [p.category for p in order] == sorted(p.category for p in order)


def test_captures_by_material_difference_the_king_last():
    # exd5 wins a knight with a pawn (+19), Qxd5 with the queen (-61), Kxf1 with the king
    # (29 - 200): all safe, greatest gain for the capturer first
    pos, order = placed_moves(CHESS, "4k3/8/8/3n4/4P3/8/8/3QKn2 w - - 0 1")
    captures = [CHESS.move_to_uci(pos, p.move) for p in order if p.category == CAPTURE]
    assert captures == ["e4d5", "d1d5", "e1f1"]
    assert all(
        p.sector == NO_SECTOR and p.closeness is None
        for p in order
        if p.category % UNSAFE == CAPTURE
    )


def test_forced_pieces_by_descending_value():
    # the e5 pawn attacks the queen on d4 and the knight on f4: the queen's escapes come
    # before the knight's, each piece's moves together, ordered by their sectors
    pos, order = placed_moves(CHESS, "4k3/8/8/4p3/3Q1N2/8/8/4K3 w - - 0 1")
    assert [CHESS.move_to_uci(pos, p.move) for p in order if p.category == CAPTURE] == ["d4e5"]
    forced = [CHESS.move_to_uci(pos, p.move)[:2] for p in order if p.category == FORCED]
    assert forced == sorted(forced, key=lambda square: square != "d4")
    assert forced[0] == "d4" and forced[-1] == "f4"
    queen = [
        p for p in order if p.category == FORCED and CHESS.move_to_uci(pos, p.move)[:2] == "d4"
    ]
    rank = {sq: i for i, sq in enumerate(sector_order(pos))}
    keys = [(rank.get(p.sector, 64), p.closeness or 0) for p in queen]
    assert keys == sorted(keys)


def test_royal_piece_in_check_is_forced_first():
    """The e8 rook checks the king; the c5 pawn attacks the d4 knight. Both are forced
    pieces, the king (the most valuable) first: its four safe steps, then the knight's safe
    block on e2 (the king defends it: Rxe2 Kxe2 gives a rook for a knight); the block on e6
    loses the knight and comes last."""
    pos, order = placed_moves(CHESS, "k3r3/8/8/2p5/3N4/8/8/4K3 w - - 0 1")
    kinds = [(category_name(p.category), CHESS.move_to_uci(pos, p.move)) for p in order]
    assert {uci for _, uci in kinds[:4]} == {"e1d1", "e1d2", "e1f1", "e1f2"}
    assert kinds[4] == ("safe forced", "d4e2") and kinds[5:] == [("unsafe forced", "d4e6")]
    assert all(name == "safe forced" for name, _ in kinds[:4])


def test_royal_piece_taking_its_checker_safely_is_a_safe_capture_first():
    pos, order = placed_moves(CHESS, "4k3/8/8/8/8/8/3p4/R3K3 w - - 0 1")  # d2 pawn checks
    kinds = [(category_name(p.category), CHESS.move_to_uci(pos, p.move)) for p in order]
    assert kinds[0] == ("safe capture", "e1d2")
    assert all(name.endswith("forced") for name, uci in kinds if uci[:2] == "e1" and uci != "e1d2")


@pytest.mark.parametrize(
    "variant, fen, move, sector, expected",
    [
        (CHESS, CHESS_FORCED, "h1g1", "g5", 3),  # a rook aligned on the g-file: g2, g3, g4 between
        (CHESS, CHESS_FORCED, "h1h8", "f8", 1),  # g8 between
        (CHESS, CHESS_FORCED, "h1h4", "g5", 8),  # not aligned: the default
        (CHESS, CHESS_FORCED, "d4f3", "h4", 1),  # a knight one move from the sector
        (CHESS, CHESS_FORCED, "d4f3", "a8", 8),
        (CHESS, CHESS_FORCED, "e1f1", "g2", 1),  # a king one step away
        (CHESS, CHESS_FORCED, "e1g1", "f7", 8),  # castling: the king is far from f7
        (CHESS, "4k3/8/8/8/8/8/P7/4K3 w - - 0 1", "a2a3", "b4", 1),  # a pawn attacks it
        (CHESS, "4k3/8/8/8/8/8/P7/4K3 w - - 0 1", "a2a3", "a4", 8),  # not its capture square
        (XIANGQI, XIANGQI_FORCED, "h3h6", "e6", 2),  # a cannon is a slider: f6, g6 between
        (XIANGQI, XIANGQI_FORCED, "h3h6", "g7", 8),
        (XIANGQI, XIANGQI_FORCED, "d4c6", "b8", 1),  # a horse with a free leg
        (XIANGQI, "5k3/9/9/2pr5/9/9/3H5/7C1/9/4K4 w - - 0 1", "d4c6", "b8", 8),  # leg blocked
        (XIANGQI, XIANGQI_FORCED, "d4c6", "a10", 8),
    ],
)
def test_closeness_by_hand(variant, fen, move, sector, expected):
    pos = variant.position(fen)
    before = snapshot(pos)
    assert (
        closeness(pos, variant.move_from_uci(pos, move), variant.geometry.parse_square(sector))
        == expected
    )
    assert snapshot(pos) == before


def test_split_form_has_only_safe_and_unsafe_and_sectors_every_move():
    pos, order = placed_moves(CHESS, CHESS_FORCED, split=True)
    groups = by_category(CHESS, pos, order, split=True)
    assert set(groups) == {"safe", "unsafe"}
    assert groups["unsafe"] == {"d4c6", "d4b5"}
    assert all(p.category % UNSAFE == OTHER for p in order)
    rank = {sq: i for i, sq in enumerate(sector_order(pos))}
    for safety in (0, UNSAFE):
        keys = [
            (rank.get(p.sector, 64), p.closeness or 0)
            for p in order
            if p.category - OTHER == safety
        ]
        assert keys == sorted(keys)


@pytest.mark.parametrize("name", ["chess", "xiangqi"])
def test_sector_grouping_is_the_highest_ranked_positive_influence(name):
    variant = get_variant(name)
    for seed in range(8):
        pos = random_walk(name, seed, 30)
        ranking = sector_order(pos)
        rank = [0] * variant.geometry.size
        for place, sq in enumerate(ranking):
            rank[sq] = place
        before = snapshot(pos)
        for move in pos.legal_moves()[::3]:
            clear_cache() if seed % 2 else None  # cold and warm valueboards alike
            positive = np.flatnonzero(influence(pos, move) > 0)
            expected = min(positive, key=rank.__getitem__) if len(positive) else -1
            assert first_influenced(pos, move, rank) == expected
        assert snapshot(pos) == before


@pytest.mark.parametrize("name", ["chess", "xiangqi"])
@pytest.mark.parametrize("split", [False, True])
def test_sectored_moves_in_order_of_sector_rank_closeness_and_generation(name, split):
    """The moves the sectors place come in each category by their first positively
    influenced sector's rank (`first_influenced`; none last), then their closeness to it, then
    generation order, on random positions and rankings (the first group found apart from the
    rest: `NodeOrder.lead`)."""
    variant = get_variant(name)
    size = variant.geometry.size
    for seed in range(6):
        pos = random_walk(name, seed, 30)
        moves = pos.legal_moves()
        ranking = sector_order(pos)
        if seed % 2:
            ranking = ranking[seed:] + ranking[:seed]
        rank = [0] * size
        for place, sq in enumerate(ranking):
            rank[sq] = place
        placed = order_moves(pos, moves, ranking, split)
        for category in range(2 * UNSAFE):
            group = [p for p in placed if p.category == category and p.sector != NO_SECTOR]
            group += [p for p in placed if p.category == category and p.closeness is None]
            if category % UNSAFE != OTHER and not split:
                continue  # captures by material, forced moves by piece first
            expected = []
            for p in group:
                sector = first_influenced(pos, p.move, rank)
                near = 0 if sector < 0 else closeness(pos, p.move, sector)
                expected.append((size if sector < 0 else rank[sector], near, moves.index(p.move)))
            assert [p.move for p in group] == [moves[key[2]] for key in sorted(expected)]
            assert [p.closeness or 0 for p in group] == [key[1] for key in sorted(expected)]


@pytest.mark.parametrize("name", ["chess", "xiangqi"])
def test_led_placement_gives_the_full_placements_moves(name):
    """A placement that knows only its first sector (`NodeOrder.led_placement`), once ranked
    in full, places the moves as a placement of the whole ranking does."""
    led_seen = 0
    for seed in range(8):
        pos = random_walk(name, seed, 30)
        before = snapshot(pos)
        moves = pos.legal_moves()
        network = sector_order(pos)
        for first in network[:: 7 + seed]:
            ranking = [first] + [sq for sq in network if sq != first]
            full = NodeOrder(pos, moves)
            full.captures()
            expected = full.placement(ranking)
            while full.place_next(expected):
                pass
            order = NodeOrder(pos, moves)
            order.captures()
            led = order.led_placement(first)
            if led is None:
                continue
            led_seen += 1
            assert not led.ranked and led.others == expected.others[: len(led.others)]
            order.rank_fully(led, ranking)
            while order.place_next(led):
                pass
            assert led.others == expected.others
            assert [order.placed(m, led) for m in moves if m in led.others] == [
                full.placed(m, expected) for m in moves if m in led.others
            ]
        assert snapshot(pos) == before
    assert led_seen


def node_at(pos, ply=0, depth=2):
    return Node(ply).fill(pos, depth, 0, 0, pos.is_check())


def test_network_source_ranks_by_the_network():
    pos = CHESS.position(CHESS_FORCED)
    heuristic = Chessmaps(CHESS)
    assert heuristic.ranking(node_at(pos), order_of(pos)) == sector_order(pos)


def test_cutoff_source_puts_the_last_cutoff_sector_of_the_ply_first():
    pos = CHESS.position(CHESS_FORCED)
    heuristic = Chessmaps(CHESS, "cutoff")
    node = node_at(pos, ply=3)
    moves = pos.legal_moves()
    heuristic.score(node, moves)
    placed = node.cache["chessmaps"].placed
    first_before = max(
        (item for item in placed.items() if item[1].category == OTHER), key=lambda item: item[0]
    )[1]
    # a move of a sector the network ranks below the first safe other move's
    other = next(
        p
        for p in placed.values()
        if p.category == OTHER and p.sector != NO_SECTOR and p.sector != first_before.sector
    )
    forced = next(p for p in placed.values() if p.category == FORCED)
    heuristic.on_cutoff(pos, forced.move, 0, 2, 3, pos.side)  # a forced move teaches nothing
    assert heuristic.cutoff_sectors[3] == NO_SECTOR
    heuristic.on_cutoff(pos, other.move, 0, 2, 3, pos.side)
    assert heuristic.cutoff_sectors[3] == other.sector
    assert heuristic.ranking(node_at(pos, ply=3), order_of(pos))[0] == other.sector
    assert heuristic.ranking(node_at(pos, ply=2), order_of(pos)) == sector_order(pos)
    # the first safe other move at ply 3 now comes from the remembered sector, and is
    # credited to it
    node = node_at(pos, ply=3)
    heuristic.score(node, moves)
    first_other = min(
        (p for p in node.cache["chessmaps"].placed.items() if p[1].category == OTHER),
        key=lambda item: -item[0],
    )
    assert first_other[1].sector == other.sector != first_before.sector
    assert heuristic.credit(node, first_other[0]) == "chessmaps safe other (cutoff sector)"


def test_experience_source_counts_cutoff_sectors_per_side():
    pos = XIANGQI.position(XIANGQI_FORCED)
    heuristic = Chessmaps(XIANGQI, "experience")
    assert heuristic.network is None
    node = node_at(pos)
    moves = pos.legal_moves()
    heuristic.score(node, moves)
    assert heuristic.ranking(node, order_of(pos)) == list(range(90))  # no experience yet
    placed = node.cache["chessmaps"].placed
    others = [p for p in placed.values() if p.category == OTHER and p.sector != NO_SECTOR]
    forced = next(p for p in placed.values() if p.category == FORCED)
    heuristic.on_cutoff(pos, forced.move, 0, 2, 0, pos.side)
    assert not heuristic.experience[pos.side].any()
    for p in others[:2] + others[1:2]:
        heuristic.on_cutoff(pos, p.move, 0, 2, 0, pos.side)
    counts = heuristic.experience[pos.side]
    assert counts[others[1].sector] >= 2 and counts.sum() == 3
    assert not heuristic.experience[pos.side ^ 1].any()
    ranking = heuristic.ranking(node, order_of(pos))
    assert ranking[0] == others[1].sector
    heuristic.reset()
    assert not heuristic.experience[pos.side].any()


@pytest.mark.parametrize(
    "spec, labels",
    [
        (
            "chessmaps",
            {"chessmaps safe capture", "chessmaps safe forced", "chessmaps safe other (network)"},
        ),
        ("chessmaps:split", {"chessmaps safe (network)"}),
        (
            "chessmaps:experience",
            {
                "chessmaps safe capture",
                "chessmaps safe forced",
                "chessmaps safe other (experience)",
            },
        ),
    ],
)
def test_search_credits_category_and_source(spec, labels):
    pos = CHESS.position("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
    config = SearchConfig(tt=False, pvs=False, quiescence="safe", quiescence_order="difference")
    first = Searcher(build_pipeline(spec, CHESS), config).search(pos, Limits(depth=3))
    again = Searcher(build_pipeline(spec, CHESS), config).search(pos, Limits(depth=3))
    credited = set(first.stats.cutoff_first_by)
    assert credited & labels and credited <= labels | {
        "only move",
        "chessmaps unsafe capture",
        "chessmaps unsafe forced",
        "chessmaps unsafe other (network)",
        "chessmaps unsafe other (experience)",
        "chessmaps unsafe (network)",
    }
    assert first.stats.nodes == again.stats.nodes and first.best_move == again.best_move
    assert abs(first.score) < MATE


def test_bad_chessmaps_option_is_named():
    with pytest.raises(OrderingSpecError, match="bad option 'bogus' for chessmaps.*network"):
        build_pipeline("chessmaps:bogus", CHESS)


def test_quiescence_order_by_material_difference():
    pos = CHESS.position("4k3/8/8/3n4/4P3/8/8/3QKn2 w - - 0 1")
    uci = {CHESS.move_to_uci(pos, m): m for m in pos.legal_moves()}
    # Table A.1's values: knight 29, pawn 10, queen 90, the king 200 in capture sequences
    assert [material_difference(pos, uci[m]) for m in ("e4d5", "d1d5", "e1f1")] == [
        29 - 10,
        29 - 90,
        29 - 200,
    ]
    with pytest.raises(ValueError, match="quiescence_order 'sideways' is not one of"):
        Searcher(build_pipeline("mvvlva", CHESS), SearchConfig(quiescence_order="sideways"))


@pytest.mark.parametrize(
    "variant, fen",
    [
        (CHESS, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"),
        (XIANGQI, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"),
    ],
)
@pytest.mark.parametrize("option", ["", ":cutoff", ":experience", ":split"])
def test_staged_search_equals_the_full_ordering(variant, fen, option):
    # alone in a spec, chessmaps orders in stages; behind hash (no table: no hash move) it
    # scores every move at once: the same trees, best moves and credits
    config = SearchConfig(tt=False, pvs=False, quiescence="safe", quiescence_order="difference")
    results = []
    for spec in (f"chessmaps{option}", f"hash,chessmaps{option}"):
        pipeline = build_pipeline(spec, variant)
        results.append(Searcher(pipeline, config).search(variant.position(fen), Limits(depth=3)))
        if spec.startswith("chessmaps") and option != ":split":
            assert (
                type(
                    pipeline.order(
                        node_at(variant.position(fen)), variant.position(fen).legal_moves()
                    )
                ).__name__
                == "StagedOrder"
            )
    staged, full = results
    assert staged.stats.nodes == full.stats.nodes and staged.best_move == full.best_move
    assert staged.stats.cutoff_first_by == full.stats.cutoff_first_by


def test_staged_order_reads_again_and_by_index():
    taken = []

    def stages():
        for move in (5, 7, 9):
            taken.append(move)
            yield move

    order = StagedOrder(stages())
    assert order[0] == 5 and taken == [5]  # nothing beyond what was asked for
    assert list(order) == [5, 7, 9] and list(order) == [5, 7, 9] and taken == [5, 7, 9]
    with pytest.raises(IndexError):
        order[3]
