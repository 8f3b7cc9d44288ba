"""The evaluations: the packed incremental score decodes to its three fields, ``squares`` is the
middlegame tables alone (the lab's evaluation, unchanged), and ``tapered`` blends middlegame and
endgame tables by the phase, hand-checked at both ends of the game in both games."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xqchess.core.evaluation import evaluate, evaluate_tapered, pack, unpack
from xqchess.variants import NAMES, get_variant


@given(st.integers(-(1 << 18), 1 << 18), st.integers(-(1 << 18), 1 << 18),
       st.integers(0, 1 << 10))
def test_a_packed_score_unpacks_to_its_fields(middlegame, endgame, phase):
    assert unpack(pack(middlegame, endgame, phase)) == (middlegame, endgame, phase)


@given(st.lists(st.tuples(st.integers(-3000, 3000), st.integers(-3000, 3000),
                          st.integers(0, 6)), max_size=40))
def test_sums_of_packed_scores_are_packed_sums(parts):
    total = sum(pack(*part) for part in parts)
    assert unpack(total) == tuple(sum(field) for field in zip((0, 0, 0), *parts))


@pytest.mark.parametrize("name,total", [("chess", 24), ("xiangqi", 48)])
def test_the_start_position_is_the_middlegame(name, total):
    variant = get_variant(name)
    pos = variant.position()
    assert variant.phase_total == total
    assert unpack(pos.score)[2] == total
    assert evaluate_tapered(pos) == evaluate(pos)


def test_chess_king_and_pawn_ending_reads_the_endgame_tables():
    """Kings and pawns only: phase 0, so the endgame tables alone. White: Pe6 (50 by the
    endgame pawn table, 30 by the middlegame's), Kd4 (40 and -40); Black: Ka8, read as a1
    (-50 and 20)."""
    pos = get_variant("chess").position("k7/8/4P3/8/3K4/8/8/8 w - - 0 1")
    assert unpack(pos.score)[2] == 0
    assert evaluate_tapered(pos) == (100 + 50) + 40 - (-50)
    assert evaluate(pos) == (100 + 30) - 40 - 20


def test_xiangqi_horse_and_cannon_trade_value_as_the_board_empties():
    """A horse against a cannon, nothing else but the generals and advisors: phase 6 of 48;
    the horse's side is ahead in the tapered score (horse 450, cannon 400 in the endgame)
    and behind by the middlegame tables (400 against 450)."""
    variant = get_variant("xiangqi")
    pos = variant.position("3a1kc2/9/9/9/9/9/9/9/9/3AK1H2 w - - 0 1")
    assert unpack(pos.score)[2] == 6
    assert evaluate(pos) < 0 < evaluate_tapered(pos)


@pytest.mark.parametrize("name", NAMES)
def test_the_side_to_move_sees_the_negated_score(name):
    variant = get_variant(name)
    pos = variant.position()
    moves = pos.legal_moves()
    pos.make(moves[len(moves) // 2])
    first_view = -evaluate_tapered(pos)
    assert first_view == (lambda m, e, p: (m * min(p, variant.phase_total) + e * (
        variant.phase_total - min(p, variant.phase_total))) // variant.phase_total)(
        *unpack(pos.score))
