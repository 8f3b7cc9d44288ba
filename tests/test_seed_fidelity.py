"""Seed fidelity of the move-ordering heuristics, worked by hand from the seed texts
(Ke and Parng's guard heuristic, the advanced killers and history text, Uiterwijk's
countermove, Greer 2000) and run through the same code on both games: the guard value is the
seed's guardValueWPOV from the side to move's point of view, its ordering rules and its pruning
below minus the margin are the seed's, ``history:seed`` is the seed's history rule, and the
advanced killers rank their two killers by count and age the counts."""

import pytest
from xqchess.core.moves import is_capture, is_quiet, move_from, move_to
from xqchess.core.pieces import BLACK, WHITE
from xqchess.core.search import Node
from xqchess.ordering.guard import ESCAPE, SAFE_CAPTURE, Guard
from xqchess.ordering.history import History
from xqchess.ordering.killer import AdvancedKillers
from xqchess.ordering.spec import OrderingSpecError, build_pipeline
from xqchess.variants import get_variant

VARIANTS = ("chess", "xiangqi")


def node_for(pos, side=None, ply=3):
    """A node of ``pos`` at ``ply`` (the side to move unless ``side`` is given)."""
    node = Node(ply)
    node.pos, node.side, node.depth = pos, pos.side if side is None else side, 2
    return node


def quiet_moves(variant_name, count):
    pos = get_variant(variant_name).position()
    return pos, [m for m in sorted(pos.legal_moves()) if is_quiet(pos, m)][:count]


# -- guard value -------------------------------------------------------------------------------

# Capture strengths (the variants' tables, as the seed gives them): chess K 1, Q 1, R 2, B 5,
# N 6, P 9; xiangqi general 1, advisor 9, elephant 9, chariot 2, horse 5, cannon 4, soldier 9.
# The seed's guardValueWPOV: White's controllers count +, Black's -, and a BLACK occupant that
# White attacks and Black defends adds its own -strength. For the side to move the roles swap:
# its controllers count +, the opponent's -, and only an OPPONENT's occupant that the mover
# attacks and the opponent defends adds -strength; the mover's own piece never counts.
CHESS = "8/4k3/3p4/4N3/8/2B5/8/3RK3 w - - 0 1"
XIANGQI = "4k4/9/9/4p3r/4N4/9/3N5/4C4/9/3K5 w - - 0 1"
GUARD_CASES = [
    # e5 holds a white knight, attacked by the black pawn d6 (9), defended by the white bishop
    # c3 (5, over the empty d4). White to move (own piece): +5 - 9 = -4, the knight not added
    # (before the fix: -4 + 6 = +2, "safe"). Black to move (opponent's piece, attacked and
    # defended): +9 - 5 - 6 = -2.
    ("chess", CHESS, "e5", WHITE, 5 - 9),
    ("chess", CHESS, "e5", BLACK, 9 - 5 - 6),
    # d6 holds a black pawn, attacked by the white rook d1 (2, up the empty d-file), defended by
    # the black king e7 (1). White to move (opponent's piece): +2 - 1 - 9 = -8. Black to move
    # (own piece): +1 - 2 = -1, the pawn not added (before the fix: +8, "safe").
    ("chess", CHESS, "d6", WHITE, 2 - 1 - 9),
    ("chess", CHESS, "d6", BLACK, 1 - 2),
    # f7 is empty, reached by the white knight e5 (6) and the black king e7 (1): no occupant.
    ("chess", CHESS, "f7", WHITE, 6 - 1),
    ("chess", CHESS, "f7", BLACK, 1 - 6),
    # e6 holds a red horse, attacked by the black soldier e7 (9, one step forward), defended by
    # the red horse d4 (5, leg d5 free). Red to move (own piece): +5 - 9 = -4, the horse not
    # added (before the fix: -4 + 5 = +1, "safe"). Black to move (opponent's piece): +9 - 5 - 5
    # = -1.
    ("xiangqi", XIANGQI, "e6", WHITE, 5 - 9),
    ("xiangqi", XIANGQI, "e6", BLACK, 9 - 5 - 5),
    # e7 holds a black soldier, attacked by the red cannon e3 (4, over the screen e6), defended
    # by the black chariot i7 (2, along rank 7). Red to move (opponent's piece): +4 - 2 - 9 =
    # -7. Black to move (own piece): +2 - 4 = -2, the soldier not added (before the fix: +7).
    ("xiangqi", XIANGQI, "e7", WHITE, 4 - 2 - 9),
    ("xiangqi", XIANGQI, "e7", BLACK, 2 - 4),
    # g7 is empty, reached by the red horse e6 (5, leg f6 free) and the black chariot i7 (2).
    ("xiangqi", XIANGQI, "g7", WHITE, 5 - 2),
    ("xiangqi", XIANGQI, "g7", BLACK, 2 - 5),
]


CHESS_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
GUARD_CASES += [
    # e7 at the start holds the black pawn. No white piece controls e7 (the bishop f1 and the
    # queen d1 stand behind their pawns; the knights reach only d2/e2, a3/c3, f3/h3); the
    # black king e8 (1), queen d8 (1), bishop f8 (5) and knight g8 (6) do; b8 reaches only a6,
    # c6 and d7. White: 0 - (1 + 1 + 5 + 6) = -13. The pawn's own 9 joins only when White
    # attacks it as well as Black defends it: White does not, so -13 (not -13 - 9 = -22).
    ("chess", CHESS_START, "e7", WHITE, -(1 + 1 + 5 + 6)),
    # for Black the same controllers count positive and its own pawn never: +13.
    ("chess", CHESS_START, "e7", BLACK, 1 + 1 + 5 + 6),
]


@pytest.mark.parametrize("variant_name,fen,square,side,expected", GUARD_CASES)
def test_guard_value_is_the_seeds_for_the_side_to_move(variant_name, fen, square, side, expected):
    variant = get_variant(variant_name)
    pos = variant.position(fen, strict=False)
    sq = variant.geometry.parse_square(square)
    guard = Guard(variant)
    assert guard.value_for(node_for(pos, side), sq) == expected  # what ordering and pruning read
    assert guard.guard_value(pos.board, sq, side) == expected
    if side == WHITE:  # White's (Red's) point of view, the default, is the seed's own function
        assert guard.guard_value(pos.board, sq) == expected


@pytest.mark.parametrize(
    "variant_name,fen,square",
    [
        # the worked position: the knight e5 is unsafe for White (5 - 9 = -4)
        ("chess", "4k3/8/3p4/4N3/8/2B5/8/4K3 w - - 0 1", "e5"),
        ("chess", CHESS, "e5"),
        # the red horse e6 is unsafe for Red (5 - 9 = -4)
        ("xiangqi", XIANGQI, "e6"),
    ],
)
def test_escape_first_if_origin_unsafe_fires_for_the_movers_defended_piece(
    variant_name, fen, square
):
    variant = get_variant(variant_name)
    pos = variant.position(fen, strict=False)
    origin = variant.geometry.parse_square(square)
    moves = pos.legal_moves()
    scores = Guard(variant).score(node_for(pos), moves)
    escapes = {move for move, score in zip(moves, scores) if score >= ESCAPE}
    assert escapes == {move for move in moves if move_from(move) == origin}


def test_board_values_are_every_squares_guard_value():
    chess = get_variant("chess")
    pos = chess.position()
    guard = Guard(chess)
    for side in (WHITE, BLACK):
        assert guard.board_values(pos.board, side) == [
            guard.guard_value(pos.board, sq, side) for sq in range(64)
        ]
    e7 = chess.geometry.parse_square("e7")
    assert guard.board_values(pos.board)[e7] == -13  # White's point of view by default


# Rb1-b4: b4 is controlled by the rook itself (2, up the empty b-file) and attacked by the
# black pawn c5 (9): its guard value for White is 2 - 9 = -7.
PRUNE_FEN = "4k3/8/8/2p5/8/8/8/1R2K3 w - - 0 1"


@pytest.mark.parametrize("margin, prunable", [(6, True), (7, False), (8, False)])
def test_guard_prunes_a_move_only_below_minus_the_margin(margin, prunable):
    """The seed prunes moves whose target's guard value is below minus the margin: -7 is below
    -6, but not below -7 (exactly minus the margin) or -8."""
    chess = get_variant("chess")
    pos = chess.position(PRUNE_FEN)
    move = chess.parse_move(pos, "b1b4")
    assert Guard(chess).guard_value(pos.board, move_to(move)) == 2 - 9
    assert Guard(chess, margin).prunable(node_for(pos), move) is prunable


def test_guard_prunes_below_zero_by_default():
    # e2-e3: the pawn does not control its own target; the black queen h6 does (1): -1 < -0
    chess = get_variant("chess")
    pos = chess.position("4k3/8/7q/8/8/8/4P3/K7 w - - 0 1")
    move = chess.parse_move(pos, "e2e3")
    assert Guard(chess).guard_value(pos.board, move_to(move)) == -1
    assert Guard(chess).prunable(node_for(pos), move) is True


# The ordering rules worked by hand, for White: the knight h4 stands on an unsafe square (the
# black pawn g5 attacks it, nothing defends it: -9); the rook d1 reaches a1 (a black knight,
# undefended: +2), d2-d4 (+2), d5 (+2 against the knight f6's 6: -4) and d6 (a black pawn: +2
# against the pawn e7's 9 and, attacked and defended, its own 9: -16); the king's squares are
# safe.
ORDER_FEN = "4k3/4p3/3p1n2/6p1/7N/8/8/n2RK3 w - - 0 1"
ORDER_CASES = {
    # escape-first-if-origin-unsafe: every move of the knight, its value (320) on top
    "h4g2": ESCAPE + 320,
    "h4f3": ESCAPE + 320,
    "h4f5": ESCAPE + 320,
    "h4g6": ESCAPE + 320,
    # capture-first-if-target-safe, by MVV-LVA (16 x the victim's value less the capturer's)
    "d1a1": SAFE_CAPTURE + 16 * 320 - 500,
    # a capture onto an unsafe square: no bonus
    "d1d6": 0,
    # quiet moves: onto the unsafe d5 last, the others level
    "d1d5": -1,
    "d1d4": 0,
    "d1d3": 0,
    "d1d2": 0,
    "d1c1": 0,
    "d1b1": 0,
    "e1d2": 0,
    "e1e2": 0,
    "e1f1": 0,
    "e1f2": 0,
}


# Guard values of exactly 0 count as safe: Qxe6 takes a pawn on e6 attacked by the queen e1 (1,
# up the e-file) and the pawn d5 (9), defended by the king f7 (1), and attacked and defended
# its own 9 joins: 1 + 9 - 1 - 9 = 0. h3 is reached by nobody: 0. The pawn d5 stands attacked
# by the pawn e6 and undefended (-9): its moves escape first.
BOUNDARY_FEN = "8/5k2/4p3/3P4/8/8/7P/4Q1K1 w - - 0 1"
BOUNDARY_CASES = {
    "e1e6": SAFE_CAPTURE + 16 * 100 - 900,
    "h2h3": 0,
    "d5e6": ESCAPE + 100,
    "d5d6": ESCAPE + 100,
}


def test_guard_ordering_counts_a_guard_value_of_zero_as_safe():
    chess = get_variant("chess")
    pos = chess.position(BOUNDARY_FEN)
    moves = [chess.parse_move(pos, text) for text in BOUNDARY_CASES]
    assert Guard(chess).guard_value(pos.board, move_to(moves[0])) == 0
    scores = Guard(chess).score(node_for(pos), moves)
    assert dict(zip(BOUNDARY_CASES, scores)) == BOUNDARY_CASES


def test_guard_ordering_rules_score_moves_as_worked_by_hand():
    chess = get_variant("chess")
    pos = chess.position(ORDER_FEN)
    moves = pos.legal_moves()
    assert sorted(chess.format_move(pos, m) for m in moves) == sorted(ORDER_CASES)
    scores = Guard(chess).score(node_for(pos), moves)
    assert {chess.format_move(pos, m): s for m, s in zip(moves, scores)} == ORDER_CASES


# -- history:seed ------------------------------------------------------------------------------

CAPTURES = {  # a capture in each game: pawn takes pawn, soldier takes soldier
    "chess": ("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"),
    "xiangqi": ("4k4/9/9/9/4p4/4P4/9/9/9/4K4 w - - 0 1", "e5e6"),
}


@pytest.mark.parametrize("variant_name", VARIANTS)
def test_history_seed_credits_a_capture_cutoff(variant_name):
    variant = get_variant(variant_name)
    fen, text = CAPTURES[variant_name]
    pos = variant.position(fen, strict=False)
    capture = variant.parse_move(pos, text)
    assert is_capture(pos, capture)
    history = History(variant, "seed")
    history.on_cutoff(pos, capture, 0, 3, 1, pos.side)
    assert history.score(node_for(pos), [capture]) == [1]  # historyMoves[from][to]++


@pytest.mark.parametrize("variant_name", VARIANTS)
def test_history_seed_scores_follow_the_seeds_formula(variant_name):
    variant = get_variant(variant_name)
    pos, (a, b, c) = quiet_moves(variant_name, 3)
    history = History(variant, "seed")
    # cutoffs (move, depth, ply, side): the seed adds 1 to historyMoves[from][to] for each,
    # whatever the depth, the ply or the side (its one array has no side)
    for move, depth, ply, side in [(a, 1, 1, 0), (a, 5, 3, 0), (b, 2, 2, 0), (a, 3, 2, 1)]:
        history.on_cutoff(pos, move, 0, depth, ply, side)
    # by hand: a 1 + 1 + 1 = 3, b 1, c 0; the same for either side to move
    assert history.score(node_for(pos, WHITE), [a, b, c]) == [3, 1, 0]
    assert history.score(node_for(pos, BLACK), [a, b, c]) == [3, 1, 0]
    history.new_search()  # the seed never ages its array
    assert history.score(node_for(pos), [a, b, c]) == [3, 1, 0]
    history.reset()  # a new game starts afresh
    assert history.score(node_for(pos), [a, b, c]) == [0, 0, 0]


def test_spec_accepts_history_seed():
    chess = get_variant("chess")
    assert build_pipeline("history:seed", chess).heuristics[0].rule == "seed"
    with pytest.raises(OrderingSpecError, match="one of one, depth2, gravity, malus, seed"):
        build_pipeline("history:seeds", chess)


# -- advanced killers ----------------------------------------------------------------------------


@pytest.mark.parametrize("variant_name", VARIANTS)
def test_advanced_killers_rank_the_two_killers_by_count(variant_name):
    pos, (a, b, c) = quiet_moves(variant_name, 3)
    killers = AdvancedKillers(get_variant(variant_name))
    for move in (a, b, b):  # counts: a 1, b 2
        killers.on_cutoff(pos, move, 0, 2, 4, 0)
    assert killers.slots[4] == [b, a]
    assert killers.score(node_for(pos, ply=4), [a, b, c]) == [1, 2, 0]  # more cutoffs first
    for move in (c, c, c):  # c: 1 (does not pass a's 1), 2 (passes it), 3 (passes b's 2)
        killers.on_cutoff(pos, move, 0, 2, 4, 0)
    assert killers.slots[4] == [c, b]
    assert killers.score(node_for(pos, ply=4), [a, b, c]) == [0, 1, 2]


@pytest.mark.parametrize("variant_name", VARIANTS)
def test_advanced_killer_counts_age_between_searches(variant_name):
    pos, (a, b, c) = quiet_moves(variant_name, 3)
    killers = AdvancedKillers(get_variant(variant_name))
    for move in (a, a, a, a, b):  # counts: a 4, b 1
        killers.on_cutoff(pos, move, 0, 2, 4, 0)
    killers.new_search()  # halved: a 2, b 0 (b leaves its slot)
    assert killers.slots[4] == [a, 0]
    assert killers.counts[4] == {a & 0x3FFF: 2}
    for move in (c, c):  # c: 1 takes the empty slot, 2 does not pass a's 2
        killers.on_cutoff(pos, move, 0, 2, 4, 0)
    assert killers.slots[4] == [a, c]
    killers.on_cutoff(pos, c, 0, 2, 4, 0)  # 3 passes a's 2
    assert killers.slots[4] == [c, a]
    killers.reset()
    assert killers.slots[4] == [0, 0] and killers.counts[4] == {}


@pytest.mark.parametrize("variant_name", VARIANTS)
def test_advanced_killer_counts_halve_rounding_down(variant_name):
    pos, (a, b, c) = quiet_moves(variant_name, 3)
    killers = AdvancedKillers(get_variant(variant_name))
    for move in (a, a, a, b, b):  # counts: a 3, b 2
        killers.on_cutoff(pos, move, 0, 2, 4, 0)
    killers.new_search()  # a 3 // 2 = 1, b 2 // 2 = 1: both stay
    assert killers.slots[4] == [a, b]
    assert killers.counts[4] == {a & 0x3FFF: 1, b & 0x3FFF: 1}
    killers.new_search()  # 1 // 2 = 0: both leave
    assert killers.slots[4] == [0, 0] and killers.counts[4] == {}
