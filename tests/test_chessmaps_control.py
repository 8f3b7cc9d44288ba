"""The control of a square and the chessmap (Greer 2000, section 2.1), hand-worked in both games:
pins (to a king, to a general by the facing-general file), x-rays, a capture sequence that
stops early (the paper's Fig. 3), empty squares contested by pieces of unequal value, pawn
pushes and soldier steps, cannons whose screens come and go; the paper's Fig. A.7 chessmap of
the Fig. A.1 position; and, over random positions, agreement with the move generator and no
trace left on the position.

Values are Greer's (chess Table A.1: P 10, N 29, B 30/31, R 50/49, Q 90, K 200 in capture
sequences; xiangqi: soldier 10, horse 39/40, cannon 44/45, chariot 89/90, general 200), gains
weighed by a kind's lowest value. +1 is the first player's, -1 the second's.
"""

import re

import numpy as np
import pytest
from helpers import random_walk, snapshot
from xqchess.core.moves import move_from, move_to
from xqchess.core.pieces import COLOR_SHIFT
from xqchess.ordering.chessmaps.control import (
    Exchanges,
    capture_sequence,
    chessmap,
    control,
    resolve,
)
from xqchess.variants import get_variant

CHESS = get_variant("chess")
XIANGQI = get_variant("xiangqi")

#: The Fig. A.1 position (Korchnoi-Kasparov, Dresden 1992, a King's Indian), rebuilt from the
#: appendix: every square of the Fig. A.3 valueboard fixes it (see test_chessmaps_valueboard).
FIG_A1 = "r1bqnr2/ppp4k/3p2nb/P1PPp1pp/1P2Pp2/2N2P2/4BBPP/R2QNRK1 w - - 0 1"
#: Fig. A.7 as the seed text prints it (groups run together; ranks 1 to 8, then the king inputs,
#: which the text garbles: ten -1s for six values). The first 64 values are the chessmap.
FIG_A7 = (
    "11111111 10111111 11010111 10101-10-1 1101-10-10 0-1000-1-1-1 -1-1-1-1-1-1 "
    "-100-1-10-1-1-1 -1-1-1-1-1-1 -1-1-1-1-1"
)
#: Fig. 3 rebuilt: Black to move considers Nf7-g5. The e4 knight is pinned to the e1 king by the
#: e7 queen; the d2 bishop stands behind the f4 queen; the g7 and g8 rooks are doubled.
FIG_3 = "6rk/4qnr1/8/8/4NQ2/6R1/3B4/4K3 b - - 0 1"


def at(variant, fen, name):
    pos = variant.position(fen, strict=False)
    return control(pos, variant.geometry.parse_square(name))


def names(variant, squares):
    return [variant.geometry.square_name(s) for s in squares]


# -- the paper's own figures ------------------------------------------------------------------


def test_fig_a7_chessmap_of_the_fig_a1_position():
    values = [int(v) for v in re.findall(r"-1|0|1", FIG_A7.replace(" ", ""))]
    expected = np.array(values[:64], dtype=np.int8)
    pos = CHESS.position(FIG_A1)
    got = chessmap(pos)
    wrong = [CHESS.geometry.square_name(s) for s in range(64) if got[s] != expected[s]]
    assert not wrong, f"chessmap differs from Fig. A.7 on {wrong}"


def test_fig_3_black_stops_after_the_third_exchange():
    pos = CHESS.position(FIG_3)
    g5 = CHESS.geometry.parse_square("g5")
    # Empty g5: Black's knight goes there without loss, no white piece does (Qf4 and Rg3 are
    # taken at a profit, the pinned Ne4 may not move, Bd2 is blocked): Black's square.
    assert control(pos, g5) == -1
    pos.make(CHESS.parse_move(pos, "Ng5"))
    capturers, gains = capture_sequence(pos, g5, 0)
    # 1... Ng5 Rxg5 2. Rg7xg5 Qxg5 3. Rg8xg5 Bxg5 (after the queen) 4. Qxg5 Nxg5 (after the
    # black queen has left e7 and unpinned the knight): the paper's sequence, in its order.
    assert names(CHESS, capturers) == ["g3", "g7", "f4", "g8", "d2", "e7", "e4"]
    assert gains == [29, 49, 49, 90, 49, 30, 90]
    # Every capture made, White ends a rook (less the knight-bishop point) ahead:
    assert sum(gains[0::2]) - sum(gains[1::2]) == 48
    # With both sides free to stop: backwards, 90; 30-90 < 0 so Black keeps his queen (0);
    # 49; 90-49 = 41; 49-41 = 8; 49-8 = 41; 29-41 = -12: White's first capture loses 12.
    # Five captures are made: Black stops after the third set (N, R, R for R, Q).
    assert resolve(gains) == (-12, 5)
    assert control(pos, g5) == -1  # White cannot take the knight without losing material


# -- occupied squares -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "fen, square, expected",
    [
        # a lone pawn, neither attacked nor defended: neutral
        ("k7/8/8/3p4/8/8/8/4K3 w - - 0 1", "d5", 0),
        # defended (by the c6 pawn) and not attacked: the owner's
        ("k7/8/2p5/3p4/8/8/8/4K3 w - - 0 1", "d5", -1),
        # attacked by a knight and undefended: White wins 10
        ("k7/8/8/3p4/8/4N3/8/4K3 w - - 0 1", "d5", 1),
        # pawn for pawn (exd5 cxd5): even, neutral
        ("k7/8/2p5/3p4/4P3/8/8/4K3 w - - 0 1", "d5", 0),
        # a knight defended by a pawn, attacked by a pawn: exd5 cxd5 wins 29 for 10
        ("k7/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1", "d5", 1),
        # a rook attacked by a king but defended by a bishop: the king may not capture; Black's
        ("k7/8/8/8/3b4/8/1r6/K7 w - - 0 1", "b2", -1),
        # the same rook undefended: the king takes it
        ("k7/8/8/8/8/8/1r6/K7 w - - 0 1", "b2", 1),
    ],
)
def test_occupied_chess_squares(fen, square, expected):
    assert at(CHESS, fen, square) == expected


def test_chess_piece_pinned_to_its_king_takes_no_part():
    # Ne3 attacks the lone d5 pawn, but the e8 rook pins it to the e1 king: d5 is neither
    # attacked nor defended (neutral); without the rook White wins the pawn.
    assert at(CHESS, "k3r3/8/8/3p4/8/4N3/8/4K3 w - - 0 1", "d5") == 0
    assert at(CHESS, "k7/8/8/3p4/8/4N3/8/4K3 w - - 0 1", "d5") == 1
    # Nor can it move to an empty square: d5 empty is White's only without the pin.
    assert at(CHESS, "k3r3/8/8/8/8/4N3/8/4K3 w - - 0 1", "d5") == 0
    assert at(CHESS, "k7/8/8/8/8/4N3/8/4K3 w - - 0 1", "d5") == 1


def test_chess_pinned_piece_may_capture_along_the_pin():
    # Bb2 is pinned to the a1 king by the e5 bishop, yet taking the pinner is legal.
    assert at(CHESS, "k7/8/8/4b3/8/8/1B6/K7 w - - 0 1", "e5") == 1


def test_chess_x_ray_rook_behind_rook():
    # Rd2xd6 Rxd6 Rd1xd6: with the d1 rook behind, Black cannot recapture profitably and White
    # wins the knight; without it RxN RxR loses 20 for White and d6 is Black's.
    pos = CHESS.position("3r2k1/8/3n4/8/8/8/3R4/3R2K1 w - - 0 1")
    d6 = CHESS.geometry.parse_square("d6")
    capturers, gains = capture_sequence(pos, d6, 0)
    assert names(CHESS, capturers) == ["d2", "d8", "d1"]
    assert gains == [29, 49, 49]
    assert resolve(gains) == (29, 1)
    assert control(pos, d6) == 1
    assert at(CHESS, "3r2k1/8/3n4/8/8/8/3R4/6K1 w - - 0 1", "d6") == -1


def test_chess_king_captures_last_and_only_where_safe():
    # d2 (a black rook, guarded by the f4 bishop) is attacked by Qd1 and Kc2. The queen goes
    # first; the king only once the bishop has recaptured and d2 is safe for it. Backwards:
    # 30; 90-30 = 60; 49-60 = -11: White's capture loses, the rook's square is Black's.
    pos = CHESS.position("k7/8/8/8/5b2/8/2Kr4/3Q4 w - - 0 1")
    d2 = CHESS.geometry.parse_square("d2")
    capturers, gains = capture_sequence(pos, d2, 0)
    assert names(CHESS, capturers) == ["d1", "f4", "c2"]
    assert gains == [49, 90, 30]
    assert resolve(gains) == (-11, 3)  # once begun, all three captures are made
    assert control(pos, d2) == -1


# -- empty squares ----------------------------------------------------------------------------


def test_chess_empty_square_contested_by_unequal_pieces():
    # d5: White's Nb4-d5 is safe (the d6 pawn blocks the d8 rook, and a pawn's push is not an
    # attack); Black's d6-d5 is safe too (the rook now guards it). Knight 29 beats pawn 10.
    assert at(CHESS, "3r2k1/8/3p4/8/1N6/8/8/6K1 w - - 0 1", "d5") == 1
    # Two pawns that can both push to d5 safely: equal, neutral.
    assert at(CHESS, "6k1/8/3p4/8/3P4/8/8/6K1 w - - 0 1", "d5") == 0
    # Only the side with a safe move has it, whoever is to move.
    assert at(CHESS, "6k1/8/8/8/3P4/8/8/6K1 b - - 0 1", "d5") == 1


def test_chess_pawn_moves_by_its_push_not_its_capture_diagonal():
    # The d4 pawn reaches d5 by its push; e5 and c5 it only attacks, so nobody can move there.
    fen = "6k1/8/8/8/3P4/8/8/6K1 w - - 0 1"
    assert at(CHESS, fen, "d5") == 1
    assert at(CHESS, fen, "e5") == 0
    assert at(CHESS, fen, "c5") == 0


def test_chess_double_step_is_not_counted():
    # Greer's Fig. A.7 leaves g4 neutral though g2-g4 would be safe there: a pawn reaches an
    # empty square by its single step only.
    fen = "6k1/8/8/8/8/8/3P4/6K1 w - - 0 1"
    assert at(CHESS, fen, "d3") == 1
    assert at(CHESS, fen, "d4") == 0


def test_chess_unsafe_valuable_piece_loses_to_a_safe_cheap_one():
    # d5: White's Qd1-d5 would be taken by the c6 pawn; Black's Nf6-d5 is safe (Qxd5 cxd5
    # loses 61 for White). Only Black has a safe piece for d5: Black's.
    assert at(CHESS, "6k1/8/2p2n2/8/8/8/8/3Q2K1 w - - 0 1", "d5") == -1


# -- xiangqi ----------------------------------------------------------------------------------


def test_xiangqi_flying_general_pin():
    # The e5 horse is all that stands between the generals on the e-file: it may not leave it,
    # so the g6 chariot it attacks is safe (neutral: nothing attacks or defends it) and the
    # empty d7 it could jump to is nobody's. With the black general on d10 the horse is free.
    assert at(XIANGQI, "4k4/9/9/9/6r2/4N4/9/9/9/4K4 w - - 0 1", "g6") == 0
    assert at(XIANGQI, "3k5/9/9/9/6r2/4N4/9/9/9/4K4 w - - 0 1", "g6") == 1
    assert at(XIANGQI, "4k4/9/9/9/9/4N4/9/9/9/4K4 w - - 0 1", "d7") == 0
    assert at(XIANGQI, "3k5/9/9/9/9/4N4/9/9/9/4K4 w - - 0 1", "d7") == 1


def test_xiangqi_cannon_loses_its_screen():
    # The e6 soldier takes the e7 soldier and is retaken by the e10 chariot; the e1 cannon that
    # attacked e7 over the e6 soldier has lost its screen and cannot go on: pawn for pawn,
    # neutral. (Counted as a fixed attacker, the cannon would win the chariot: Red's.)
    fen = "4rk3/9/9/4p4/4P4/9/9/9/9/3KC4 w - - 0 1"
    pos = XIANGQI.position(fen, strict=False)
    e7 = XIANGQI.geometry.parse_square("e7")
    capturers, gains = capture_sequence(pos, e7, 0)
    assert names(XIANGQI, capturers) == ["e6", "e10"]
    assert gains == [10, 10]
    assert control(pos, e7) == 0


def test_xiangqi_cannon_gains_a_screen():
    # With a horse on e4 the e1 cannon has two pieces before e7 (e4, e6) and does not attack it;
    # once the e6 soldier has captured and been retaken, e4 is its one screen and it takes the
    # chariot: Black will not retake, Red wins the soldier.
    fen = "4rk3/9/9/4p4/4P4/9/4N4/9/9/3KC4 w - - 0 1"
    pos = XIANGQI.position(fen, strict=False)
    e7 = XIANGQI.geometry.parse_square("e7")
    capturers, gains = capture_sequence(pos, e7, 0)
    assert names(XIANGQI, capturers) == ["e6", "e10", "e1"]
    assert gains == [10, 10, 89]
    assert resolve(gains) == (10, 1)
    assert control(pos, e7) == 1


def test_xiangqi_x_ray_doubled_chariots():
    # Ra2xa7 Rxa7 Ra1xa7: the chariot behind wins the horse; alone, RxH RxR loses for Red.
    assert at(XIANGQI, "r4k3/9/9/n8/9/9/9/9/R8/R2K5 w - - 0 1", "a7") == 1
    assert at(XIANGQI, "r4k3/9/9/n8/9/9/9/9/9/R2K5 w - - 0 1", "a7") == -1


def test_xiangqi_empty_point_contested_by_unequal_pieces():
    # e5: the e1 cannon slides there safely (the b5 cannon has no screen, so it does not attack
    # e5) and so does the b5 cannon: cannon and cannon, equal, neutral. A b5 chariot instead
    # attacks e5 (Red's cannon would be lost there) and goes there safely itself (the e1
    # cannon has no screen): Black's chariot against no red piece, whoever is to move.
    assert at(XIANGQI, "3k5/9/9/9/9/1c7/9/9/9/4CK3 w - - 0 1", "e5") == 0
    assert at(XIANGQI, "3k5/9/9/9/9/1r7/9/9/9/4CK3 w - - 0 1", "e5") == -1
    assert at(XIANGQI, "3k5/9/9/9/9/1r7/9/9/9/4CK3 b - - 0 1", "e5") == -1


def test_xiangqi_soldiers_move_and_capture_alike():
    # Before the river a soldier steps forward only; across it sideways too.
    home = "3k5/9/9/9/9/9/4P4/9/9/4K4 w - - 0 1"  # soldier on e4
    assert at(XIANGQI, home, "e5") == 1
    assert at(XIANGQI, home, "d4") == 0
    crossed = "3k5/9/9/9/4P4/9/9/9/9/4K4 w - - 0 1"  # soldier on e6
    assert at(XIANGQI, crossed, "e7") == 1
    assert at(XIANGQI, crossed, "d6") == 1
    assert at(XIANGQI, crossed, "e5") == 0  # never backwards


# -- whole chessmaps worked by hand --------------------------------------------------------


@pytest.mark.parametrize(
    "variant, fen, first, second",
    [
        # White: Ra1, Ke1; Black: Ke8, Nb3. Occupied: a1 the knight takes for nothing (-1), e1
        # defended by the rook (+1), b3 and e8 neither attacked nor defended (0). Empty: the
        # rook's a2-a4, a6-a8, b1, d1 and the king's d1, e2, f1, f2 are White's, lost to no
        # capture; a5 and c1 (the knight takes the rook there, the rook takes the knight) and d2
        # (the king may not go, the knight would be taken) are nobody's; the knight's d4 and c5
        # and the king's d7, d8, e7, f7, f8 are Black's.
        (
            CHESS,
            "4k3/8/8/8/8/1n6/8/R3K3 w - - 0 1",
            "e1 a2 a3 a4 a6 a7 a8 b1 d1 e2 f1 f2",
            "a1 d4 c5 d7 d8 e7 f7 f8",
        ),
        # Red: chariot a1, general e1; Black: general d10. Occupied: e1 defended by the chariot
        # (+1), a1 and d10 neither attacked nor defended (0). Empty: the chariot's a2-a10, b1,
        # c1, d1 and the general's e2 and f1 are Red's (the general may not take d1: it would
        # face Black's); Black's general has d9 (e10 would face Red's).
        (
            XIANGQI,
            "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1",
            "e1 a2 a3 a4 a5 a6 a7 a8 a9 a10 b1 c1 d1 e2 f1",
            "d9",
        ),
    ],
)
def test_whole_chessmap_by_hand(variant, fen, first, second):
    """Every square of a sparse position, worked by hand from the rules of section 2.1;
    every square not named is neutral."""
    geometry = variant.geometry
    expected = np.zeros(geometry.size, dtype=np.int8)
    for names_, value in ((first, 1), (second, -1)):
        for name in names_.split():
            expected[geometry.parse_square(name)] = value
    got = chessmap(variant.position(fen))
    wrong = {
        geometry.square_name(s): int(got[s]) for s in range(geometry.size) if got[s] != expected[s]
    }
    assert not wrong, f"chessmap differs from the hand-worked one on {wrong}"


# -- properties over random positions ---------------------------------------------------------


def random_positions(name, count, plies):
    return [random_walk(name, seed, plies) for seed in range(count)]


@pytest.mark.parametrize("name", ["chess", "xiangqi"])
def test_chessmap_on_random_positions(name):
    variant = get_variant(name)
    for pos in random_positions(name, 12, 40):
        before, fen = snapshot(pos), pos.fen()
        values = chessmap(pos)
        assert snapshot(pos) == before and pos.fen() == fen
        assert values.dtype == np.int8 and values.shape == (variant.geometry.size,)
        assert set(values.tolist()) <= {-1, 0, 1}
        assert snapshot(pos) == before


@pytest.mark.parametrize("name", ["chess", "xiangqi"])
def test_first_capture_is_the_move_generators(name):
    """The least valuable legal capturer the sequence starts with is one the move generator
    offers, and there is one exactly when the generator has a capture on the square."""
    for pos in random_positions(name, 12, 40):
        exchanges = Exchanges(pos)
        us = pos.side
        legal = pos.legal_moves()
        for sq, piece in enumerate(pos.board):
            if not piece or piece >> COLOR_SHIFT == us:
                continue
            origins = {move_from(m) for m in legal if move_to(m) == sq}
            first = exchanges.capturer(sq, us)
            assert (first in origins) if origins else first == -1, (pos.fen(), sq)


@pytest.mark.parametrize("name", ["chess", "xiangqi"])
def test_kept_outcomes_and_exchanges_equal_fresh_ones(name):
    """An `Exchanges` that has built its chessmap (so kept the outcomes of both sides' moves,
    the opponent's after a null move, and the exchange on every occupied square, each as far
    as its sign goes) answers every move's outcome as a fresh one computes it, and the safety
    of every move and the sign of every standing exchange as the fresh figures have them."""
    for seed in range(6):
        pos = random_walk(name, seed, 30)
        before = snapshot(pos)
        used = Exchanges(pos)
        used.chessmap()
        assert snapshot(pos) == before
        for move in pos.legal_moves():
            fresh = Exchanges(pos).outcome(move)
            assert used.outcome(move) == fresh, (pos.fen(), move)
            assert (used.net(move) < 0) == (fresh[2] < 0), (pos.fen(), move)
        for sq, piece in enumerate(pos.board):
            if piece:
                for side in (0, 1):
                    fresh = Exchanges(pos)
                    won, kept = fresh.won(sq, side), used.standing(sq, side)
                    if fresh.capturer(sq, side) < 0:
                        assert kept == won, (pos.fen(), sq)  # both `NO_CAPTURE`
                    assert (kept > 0, kept < 0) == (won > 0, won < 0), (pos.fen(), sq)
        assert list(used.board) == list(pos.board)
