"""The evaluations: the packed incremental score decodes to its three fields, ``squares`` is the
middlegame tables alone (the lab's evaluation, unchanged), and ``tapered`` blends middlegame and
endgame tables by the phase, hand-checked at both ends of a chess game; xiangqi, with no
endgame tables, evaluates the same either way."""

import pytest
from helpers import random_walk
from hypothesis import given
from hypothesis import strategies as st
from xqchess.core.evaluation import evaluate, evaluate_tapered, pack, unpack
from xqchess.variants import NAMES, get_variant


@given(st.integers(-(1 << 18), 1 << 18), st.integers(-(1 << 18), 1 << 18), st.integers(0, 1 << 10))
def test_a_packed_score_unpacks_to_its_fields(middlegame, endgame, phase):
    assert unpack(pack(middlegame, endgame, phase)) == (middlegame, endgame, phase)


@given(
    st.lists(
        st.tuples(st.integers(-3000, 3000), st.integers(-3000, 3000), st.integers(0, 6)),
        max_size=40,
    )
)
def test_sums_of_packed_scores_are_packed_sums(parts):
    total = sum(pack(*part) for part in parts)
    assert unpack(total) == tuple(sum(field) for field in zip((0, 0, 0), *parts))


def test_the_chess_start_position_is_the_middlegame():
    variant = get_variant("chess")
    pos = variant.position()
    assert variant.phase_total == 24 and unpack(pos.score)[2] == 24
    assert evaluate_tapered(pos) == evaluate(pos)


def test_chess_king_and_pawn_ending_reads_the_endgame_tables():
    """Kings and pawns only: phase 0, so the endgame tables alone. White: Pe6 (50 by the
    endgame pawn table, 30 by the middlegame's), Kd4 (40 and -40); Black: Ka8, read as a1
    (-50 and 20)."""
    pos = get_variant("chess").position("k7/8/4P3/8/3K4/8/8/8 w - - 0 1")
    assert unpack(pos.score)[2] == 0
    assert evaluate_tapered(pos) == (100 + 50) + 40 - (-50)
    assert evaluate(pos) == (100 + 30) - 40 - 20


def test_xiangqi_has_no_endgame_tables_so_both_evaluations_agree():
    """Xiangqi's endgame tables were tried and dropped (no gain in a match; docs/search.md): its
    tapered score is its middlegame tables' score in every phase."""
    from helpers import random_walk

    variant = get_variant("xiangqi")
    assert variant.phase_total == 1
    for seed in range(20):
        pos = random_walk("xiangqi", seed, 60)
        assert evaluate_tapered(pos) == evaluate(pos)


@pytest.mark.parametrize("name", NAMES)
def test_the_side_to_move_sees_the_negated_score(name):
    variant = get_variant(name)
    pos = variant.position()
    moves = pos.legal_moves()
    pos.make(moves[len(moves) // 2])
    first_view = -evaluate_tapered(pos)
    assert first_view == (
        lambda m, e, p: (
            (
                m * min(p, variant.phase_total)
                + e * (variant.phase_total - min(p, variant.phase_total))
            )
            // variant.phase_total
        )
    )(*unpack(pos.score))


@pytest.mark.parametrize("name", NAMES)
def test_the_tapered_blend_reads_the_fields_as_unpack_does(name):
    """`evaluate_tapered` writes `unpack`'s arithmetic out (with the rounding halves as
    literal shifts, for the compiled kernel): on positions along random games it must blend
    exactly the fields `unpack` reads from the packed score."""
    variant = get_variant(name)
    total = variant.phase_total
    for seed in range(4):
        for plies in (0, 20, 60):
            pos = random_walk(name, seed, plies)
            middlegame, endgame, phase = unpack(pos.score)
            phase = min(phase, total)
            score = (middlegame * phase + endgame * (total - phase)) // total
            assert evaluate_tapered(pos) == (-score if pos.side else score)
            assert evaluate(pos) == (-middlegame if pos.side else middlegame)
