"""The evaluations: the packed incremental score decodes to its three fields, ``squares`` is the
middlegame tables alone (the lab's evaluation, unchanged), and ``tapered`` blends middlegame and
endgame tables by the phase, hand-checked at both ends of a chess game and piece by piece on
xiangqi's tuned tables; both add the tempo a search sets for the side to move."""

import pytest
from helpers import random_walk
from hypothesis import given
from hypothesis import strategies as st
from xqchess.core.evaluation import TaperedEvaluation, evaluate, evaluate_tapered, pack, unpack
from xqchess.core.search import Limits, SearchConfig, Searcher
from xqchess.ordering.spec import DEFAULT_SPEC, build_pipeline
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


def test_xiangqi_tapers_its_tuned_tables_and_squares_keeps_the_hand_written_ones():
    """Xiangqi's ``tapered`` reads its tuned tables (`Variant.tapered_tables`), blended by the
    phase (chariot 2, horse and cannon 1: 16 at the start); ``squares`` reads the hand-written
    middlegame tables, the lab's. Both checked piece by piece along random games."""
    variant = get_variant("xiangqi")
    tuned = variant.tapered_tables
    assert variant.phase_total == 16
    geometry = variant.geometry
    for seed in range(12):
        pos = random_walk("xiangqi", seed, 15 * seed)
        pieces = [(sq, piece) for sq, piece in enumerate(pos.board) if piece]
        phase = min(16, sum(variant.phase_weights.get(p & 15, 0) for _, p in pieces))
        hand = middle = end = 0
        for sq, piece in pieces:
            kind, black = piece & 15, piece >> 4
            own = sq
            if black:
                own = geometry.square(
                    geometry.file_of(sq), geometry.ranks - 1 - geometry.rank_of(sq)
                )
            sign = -1 if black else 1
            hand += sign * (variant.piece_values[kind] + variant.square_tables[kind][own])
            middle += sign * (tuned.piece_values[kind] + tuned.square_tables[kind][own])
            end += sign * (
                tuned.endgame_piece_values[kind] + tuned.endgame_square_tables[kind][own]
            )
        side = -1 if pos.side else 1
        assert evaluate(pos) == side * hand
        pos.use_tables(variant.tapered_piece_square)
        assert evaluate_tapered(pos) == side * ((middle * phase + end * (16 - phase)) // 16)
        assert evaluate(pos) == side * middle


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


@pytest.mark.parametrize("name", ["chess", "xiangqi"])
def test_the_tempo_is_added_for_the_side_to_move_and_a_search_puts_it_back(name):
    """Every form adds the position's tempo to the side to move's score, whichever side that
    is; a search scores with its configuration's and leaves the position's as it was."""
    variant = get_variant(name)
    for plies in (0, 1, 20):
        pos = random_walk(name, 7, plies)
        plain, middlegame = evaluate_tapered(pos), evaluate(pos)
        pos.tempo = 15
        assert evaluate_tapered(pos) == plain + 15 and evaluate(pos) == middlegame + 15
        pos.tempo = 0
    pos = variant.position()
    assert evaluate_tapered(pos) == 0  # the start is balanced: no tempo, no score
    seen = []
    searcher = Searcher(
        build_pipeline(DEFAULT_SPEC, variant), SearchConfig(evaluation="tapered", tempo=20)
    )

    class Recording(TaperedEvaluation):
        def score(self, position):
            seen.append(position.tempo)
            return super().score(position)

    searcher.evaluate = Recording()
    searcher.search(pos, Limits(depth=2))
    assert seen and set(seen) == {20} and pos.tempo == 0
