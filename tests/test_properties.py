"""Move-generator invariants, as hypothesis properties, through one suite for every variant.

Positions are reached by random legal move sequences from the start position and from the
perft reference positions, so they carry real history (undo stack, repetition hashes).
"""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xqchess.core.moves import SQUARE_BITS, is_capture, move_from, move_promotion
from xqchess.core.perft import perft
from helpers import perft_reference, random_walk, snapshot
from xqchess.variants import NAMES, get_variant

VARIANTS = NAMES  # every registered game
#: 100 examples per property and game: with four games, as many as 200 each gave two
PROPERTY_SETTINGS = settings(max_examples=100, deadline=None,
                             suppress_health_check=[HealthCheck.too_slow])


def positions(variant_name):
    starts = [None] + [entry["fen"] for entry in perft_reference(variant_name)]
    return st.builds(lambda seed, plies, fen: random_walk(variant_name, seed, plies, fen),
                     st.integers(0, 2**32), st.integers(0, 120), st.sampled_from(starts))


def _make_unmake_restores_everything(pos):
    before = snapshot(pos)
    for move in pos.legal_moves():
        pos.make(move)
        assert pos.hash == pos.compute_hash(), "incremental hash differs from scratch hash"
        assert pos.score == pos.compute_score(), "incremental score differs from scratch score"
        pos.unmake()
        assert snapshot(pos) == before


def _no_legal_move_leaves_own_king_attacked(pos):
    variant = pos.variant
    mover = pos.side
    for move in pos.legal_moves():
        pos.make(move)
        assert not variant.attacked(pos, pos.kings[mover], mover ^ 1), pos.fen()
        pos.unmake()


def _perft_one_is_the_legal_move_count(pos):
    legal = pos.legal_moves()
    assert len(set(legal)) == len(legal)
    assert perft(pos, 1, bulk=False) == len(legal)
    assert perft(pos, 2) == sum(_count_after(pos, move) for move in legal)


def _count_after(pos, move):
    pos.make(move)
    count = len(pos.legal_moves())
    pos.unmake()
    return count


def _fen_round_trips(pos):
    fen = pos.fen()
    again = pos.variant.position(fen, strict=False)
    assert again.fen() == fen
    assert again.board == pos.board
    assert again.hash == pos.hash
    assert sorted(again.legal_moves()) == sorted(pos.legal_moves())


def _all_attackers_are_both_colors_attackers(pos):
    variant = pos.variant
    board = pos.board
    for sq in range(len(board)):
        both = variant.all_attackers(board, sq)
        assert len(both) == len(set(both))
        assert set(both) == set(variant.attackers(board, sq, 0) + variant.attackers(board, sq, 1))


def _partial_generators_are_the_full_lists_parts(pos):
    """The captures-only and one-piece generators give exactly the captures and promotions,
    and the piece's moves, of the full legal list, in its order; `is_legal` holds for exactly
    the legal moves among the pseudo-legal ones and arbitrary ints."""
    variant = pos.variant
    legal = pos.legal_moves()
    assert variant.legal_captures(pos) == [
        m for m in legal if is_capture(pos, m) or move_promotion(m)]
    for sq in range(variant.geometry.size):
        assert variant.piece_legal_moves(pos, sq) == [m for m in legal if move_from(m) == sq]
    candidates = set(variant.pseudo_legal_moves(pos)) | set(legal)
    candidates |= {frm | to << SQUARE_BITS for frm in pos.occupied[pos.side]
                   for to in range(0, variant.geometry.size, 7)}
    for move in candidates:
        assert variant.is_legal(pos, move) == (move in legal), (pos.fen(), move)


PROPERTIES = [_make_unmake_restores_everything, _partial_generators_are_the_full_lists_parts, _no_legal_move_leaves_own_king_attacked,
              _perft_one_is_the_legal_move_count, _fen_round_trips,
              _all_attackers_are_both_colors_attackers]


@pytest.mark.parametrize("variant_name", VARIANTS)
@pytest.mark.parametrize("prop", PROPERTIES, ids=lambda f: f.__name__.strip("_"))
def test_move_generator_invariant(variant_name, prop):
    @PROPERTY_SETTINGS
    @given(pos=positions(variant_name))
    def check(pos):
        prop(pos)

    check()


def test_hash_identifies_positions_reached_by_transposition():
    variant = get_variant("chess")
    a = variant.position()
    b = variant.position()
    for text in ("g1f3", "b8c6", "b1c3", "g8f6"):
        a.make(variant.parse_move(a, text))
    for text in ("b1c3", "g8f6", "g1f3", "b8c6"):
        b.make(variant.parse_move(b, text))
    assert a.hash == b.hash and a.board == b.board
