"""The valueboard, move influence and sectors (Greer 2000, section 2.3 and Appendix A): the
paper's Figs. A.3, A.4 and A.6 for the Fig. A.1 position, small positions worked by hand in
both games, influence signs for both colors, pair values that follow their pieces, sector
layouts, and properties over random positions.
"""

import numpy as np
import pytest
from helpers import random_walk, snapshot
from xqchess.core.errors import XQChessError
from xqchess.core.moves import move_to
from xqchess.ordering.chessmaps.valueboard import (
    block_sectors,
    influence,
    influences,
    sector_influence,
    square_sectors,
    square_values,
    valueboard,
    valueboard_with,
    values_after,
)
from xqchess.variants import get_variant

CHESS = get_variant("chess")
XIANGQI = get_variant("xiangqi")

#: The Fig. A.1 position (Korchnoi-Kasparov), rebuilt from Fig. A.3 square by square: e.g. a3 is
#: 50 (the a1 rook alone), b3 90 (Qd1 over c2), c3 29 (an unguarded Nc3), f3 170 (pawn 10,
#: Be2 31, Qd1 behind the bishop 90, Ne1 29, g2 pawn 10), b6 -60 (a5 and c5 pawns 20, Bf2
#: behind c5 30, a7 and c7 pawns -20, Qd8 behind c7 -90), h6 -70 (Bh6 and the h7 king).
FIG_A1 = "r1bqnr2/ppp4k/3p2nb/P1PPp1pp/1P2Pp2/2N2P2/4BBPP/R2QNRK1 w - - 0 1"

FIG_A3 = """
    -50  -50 -171  -90 -168 -108  -89 -118
    -60  -41 -129 -121 -119  -49  -99  -40
    -10  -60    0 -129  -21 -168  -69  -70
     70   60   40  139  -49  -70 -130  -10
    169   10   31  110   49 -138   90  -99
     50   90   29  150   20  170   30  -21
     79    0  119   90  150  119   79   50
    140  169  140  200  248  120  119   40"""

FIG_A4 = """
    -50  -50 -171  -90 -168 -108  -89 -118
    -60  -41 -129 -121 -119  -49  -99  -40
    -10  -60    0 -129  -21 -168  -69  -70
     20   60   40  139  -49  -70 -130  -10
    119   10   31  110   49 -138   90  -99
      0   90   79  150   20  170   30  -21
     29    0  169   90  150  119   79   50
    140  169  140  200  248  120  119   40"""

#: Fig. A.6: the influence of Rc1, a1 to h8 (the seed prints it as eight groups of eight).
FIG_A6 = "00000000 -10100000 -10100000 -10000000 -10000000 00000000 00000000 00000000"


def diagram(variant, text):
    return np.array(variant.geometry.table_from_diagram(text))


def parse_signs(text):
    values = []
    for group in text.split():
        i = 0
        while i < len(group):
            if group[i] == "-":
                values.append(-int(group[i + 1]))
                i += 2
            else:
                values.append(int(group[i]))
                i += 1
    return np.array(values)


def wrong_squares(variant, got, expected):
    return [
        (variant.geometry.square_name(s), int(got[s]), int(expected[s]))
        for s in range(variant.geometry.size)
        if got[s] != expected[s]
    ]


# -- the paper's Appendix A -------------------------------------------------------------------


def test_fig_a3_valueboard():
    pos = CHESS.position(FIG_A1)
    assert not wrong_squares(CHESS, valueboard(pos), diagram(CHESS, FIG_A3))


def test_fig_a4_valueboard_after_rc1_and_fig_a6_influence():
    pos = CHESS.position(FIG_A1)
    move = CHESS.parse_move(pos, "Rc1")
    after = pos.copy()
    after.make(move)
    assert not wrong_squares(CHESS, valueboard(after), diagram(CHESS, FIG_A4))
    # Fig. A.5 is A.4 - A.3: -50 on a2-a5, +50 on c2 and c3; Fig. A.6 its signs.
    assert not wrong_squares(CHESS, influence(pos, move), parse_signs(FIG_A6))


def test_fig_a1_piece_values_follow_table_a1():
    # the a1 rook 50 and f1 rook 49 (the figures' numbers), Be2 light 31, Bf2 dark 30
    values = square_values(CHESS.position(FIG_A1))
    by_name = {
        name: values[CHESS.geometry.parse_square(name)]
        for name in ("a1", "f1", "e2", "f2", "a8", "f8", "c8", "h6", "g1", "h7", "d1")
    }
    assert by_name == {
        "a1": 50,
        "f1": 49,
        "e2": 31,
        "f2": 30,
        "a8": -50,
        "f8": -49,
        "c8": -31,
        "h6": -30,
        "g1": 40,
        "h7": -40,
        "d1": 90,
    }


# -- small positions worked by hand -----------------------------------------------------------


def test_chess_rook_and_kings_by_hand():
    # Ra1 (50) sees a2-a8 and b1-e1, and stops at its own king: nothing counts behind a royal
    # piece (it captures last, nothing follows it), so f1-h1 get only the king or nothing.
    # Ke1 (40): d1 d2 e2 f2 f1. Ke8 (-40): d8 d7 e7 f7 f8.
    expected = """
     50   0   0 -40 -40 -40   0   0
     50   0   0 -40 -40 -40   0   0
     50   0   0   0   0   0   0   0
     50   0   0   0   0   0   0   0
     50   0   0   0   0   0   0   0
     50   0   0   0   0   0   0   0
     50   0   0  40  40  40   0   0
     50  50  50  90  90  40   0   0"""
    pos = CHESS.position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
    assert not wrong_squares(CHESS, valueboard(pos), diagram(CHESS, expected))


def test_chess_x_rays_through_friend_and_foe():
    # Rd1 (50) and rd5 (-50) face each other. d2-d4: both attack directly (0). d6-d8: the black
    # rook directly, the white one once the black rook has gone there (0 again: a piece behind
    # an enemy piece on its line follows it). d1, d5: occupant and the other rook (0).
    # Rank 1: the rook 50 (g1 and h1 with the king, 90: the rook also guards its king);
    # rank 5: the black rook -50. Kh1: g1 g2 h2; kh8: g8 g7 h7.
    expected = """
      0   0   0   0   0   0 -40 -40
      0   0   0   0   0   0 -40 -40
      0   0   0   0   0   0   0   0
    -50 -50 -50   0 -50 -50 -50 -50
      0   0   0   0   0   0   0   0
      0   0   0   0   0   0   0   0
      0   0   0   0   0   0  40  40
     50  50  50   0  50  50  90  90"""
    pos = CHESS.position("7k/8/8/3r4/8/8/8/3R3K w - - 0 1")
    assert not wrong_squares(CHESS, valueboard(pos), diagram(CHESS, expected))


def test_chess_bishop_behind_pawn_and_pair_values():
    # Bc1 is dark-squared (30), Bf1 light (31). The b2 pawn (10) attacks a3 and c3; Bc1 stands
    # behind it on the c1-b2-a3 diagonal, so a3 gets the pawn and the bishop (40), c3 the pawn
    # only (10). b2: its pawn and the bishop (40); d2: the bishop and the king (70); c1: the
    # bishop alone; f1 and e2: Bf1 and the king (71); g2, h3: Bf1 (31); e1, d1: the king.
    pos = CHESS.position("7k/8/8/8/8/8/1P6/2B1KB2 w - - 0 1")
    board = valueboard(pos)
    value = {
        name: int(board[CHESS.geometry.parse_square(name)])
        for name in ("a3", "c3", "b2", "d2", "c1", "f1", "e2", "g2", "h3", "e1", "d1")
    }
    assert value == {
        "a3": 40,
        "c3": 10,
        "b2": 40,
        "d2": 70,
        "c1": 30,
        "f1": 71,
        "e2": 71,
        "g2": 31,
        "h3": 31,
        "e1": 40,
        "d1": 40,
    }


def test_xiangqi_chariot_and_generals_by_hand():
    # Chariot a1 (90) sees a2-a10 and b1-e1 (its general stops it). The red general (20) steps
    # to d1, f1, e2 inside its palace; the black general on d10 (-20) to e10 and d9.
    expected = """
     90   0   0 -20 -20   0   0   0   0
     90   0   0 -20   0   0   0   0   0
     90   0   0   0   0   0   0   0   0
     90   0   0   0   0   0   0   0   0
     90   0   0   0   0   0   0   0   0
     90   0   0   0   0   0   0   0   0
     90   0   0   0   0   0   0   0   0
     90   0   0   0   0   0   0   0   0
     90   0   0   0  20   0   0   0   0
     90  90  90 110 110  20   0   0   0"""
    pos = XIANGQI.position("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", strict=False)
    assert not wrong_squares(XIANGQI, valueboard(pos), diagram(XIANGQI, expected))


def test_xiangqi_cannon_over_its_screen_by_hand():
    # Cannon e1 (45), soldier e4 (10), generals d1 (20) and d10 (-20). The cannon attacks over
    # exactly one screen: up the file over e4, e5-e10 (45; e5 also the soldier's step, 55;
    # e10 also the black general's, 25); along rank 1 over the d1 general, c1 b1 a1 (45); not
    # e2 e3 or f1-i1 (no screen). e1: the cannon and its general beside it (65).
    expected = """
      0   0   0 -20  25   0   0   0   0
      0   0   0 -20  45   0   0   0   0
      0   0   0   0  45   0   0   0   0
      0   0   0   0  45   0   0   0   0
      0   0   0   0  45   0   0   0   0
      0   0   0   0  55   0   0   0   0
      0   0   0   0  10   0   0   0   0
      0   0   0   0   0   0   0   0   0
      0   0   0  20   0   0   0   0   0
     45  45  45  20  65   0   0   0   0"""
    pos = XIANGQI.position("3k5/9/9/9/9/9/4P4/9/9/3KC4 w - - 0 1", strict=False)
    assert not wrong_squares(XIANGQI, valueboard(pos), diagram(XIANGQI, expected))


def test_xiangqi_pair_values_by_file():
    # the start position: each pair's a-side piece the higher value, Black's negative
    values = square_values(XIANGQI.position())
    first_rank = [values[XIANGQI.geometry.square(f, 0)] for f in range(9)]
    last_rank = [values[XIANGQI.geometry.square(f, 9)] for f in range(9)]
    assert first_rank == [90, 40, 22, 20, 20, 19, 21, 39, 89]
    assert last_rank == [-v for v in first_rank]
    cannons = [values[XIANGQI.geometry.parse_square(n)] for n in ("b3", "h3", "b8", "h8")]
    assert cannons == [45, 44, -45, -44]


# -- influence --------------------------------------------------------------------------------


def signs_at(variant, values):
    return {variant.geometry.square_name(s): int(v) for s, v in enumerate(values) if v}


def test_chess_influence_of_a_white_move():
    # Ra1-d1: a2-a8 lose the rook (-1 for White); d2-d8 gain it (+1, d7 and d8 from -40 to
    # 10); a1-c1 and e1 still see it; d1, the destination, is 0.
    pos = CHESS.position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
    got = signs_at(CHESS, influence(pos, CHESS.parse_move(pos, "Rd1")))
    assert got == {**{f"a{r}": -1 for r in range(2, 9)}, **{f"d{r}": 1 for r in range(2, 9)}}


def test_chess_influence_of_a_black_move():
    # Ke8-d8: c8 and c7 gain the black king (-40, in Black's favour: +1); f8 and f7 lose it
    # (-1); d7, e7 and e8 are still its; d8 is the destination.
    pos = CHESS.position("4k3/8/8/8/8/8/8/R3K3 b - - 0 1")
    got = signs_at(CHESS, influence(pos, CHESS.parse_move(pos, "Kd8")))
    assert got == {"c8": 1, "c7": 1, "f8": -1, "f7": -1}


def test_xiangqi_influence_of_red_and_black_moves():
    # Red Ra1-b1: a2-a10 lose the chariot (-1), b2-b10 gain it (+1).
    pos = XIANGQI.position("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", strict=False)
    got = signs_at(XIANGQI, influence(pos, XIANGQI.parse_move(pos, "a1b1")))
    assert got == {**{f"a{r}": -1 for r in range(2, 11)}, **{f"b{r}": 1 for r in range(2, 11)}}
    # Black general d10-d9: e10 loses it (-1); d8 and e9 gain it (+1); d10 still is.
    pos = XIANGQI.position("3k5/9/9/9/9/9/9/9/9/R3K4 b - - 0 1", strict=False)
    got = signs_at(XIANGQI, influence(pos, XIANGQI.parse_move(pos, "d10d9")))
    assert got == {"e10": -1, "d8": 1, "e9": 1}


def test_pair_values_follow_their_pieces_through_a_move():
    # Rooks a3 (the a-most: 50) and c1 (49). Ra3-h3 passes the c-file; counted afresh the c1
    # rook would become 50 and everything it sees would change by one. The a3 rook keeps 50,
    # the c1 rook 49: c2 (the c1 rook only) and c3 (both rooks before and after) are 0.
    pos = CHESS.position("7k/8/8/8/8/R7/8/2R3K1 w - - 0 1")
    got = influence(pos, CHESS.parse_move(pos, "Rh3"))
    for name in ("c2", "c3", "d1", "b1"):
        assert got[CHESS.geometry.parse_square(name)] == 0, name


# -- sectors ----------------------------------------------------------------------------------


def test_block_sectors_cover_each_board_once():
    for variant, count in ((CHESS, 16), (XIANGQI, 25)):
        layout = block_sectors(variant)
        assert len(layout) == count
        assert sorted(sq for sector in layout for sq in sector) == list(
            range(variant.geometry.size)
        )
    assert block_sectors(CHESS)[0] == (0, 1, 8, 9)


def test_sector_influence_sums_each_sector():
    # Ra1-d1 as above, per 2x2 block: {a1 b1 a2 b2} -50 (-1); {c1 d1 c2 d2}: d1 left out, d2
    # +50 (+1); {a3 b3 a4 b4} -100 (-1); {c3 d3 c4 d4} +100 (+1); ... {e*, f*} unchanged (0).
    pos = CHESS.position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
    move = CHESS.parse_move(pos, "Rd1")
    got = sector_influence(pos, move, block_sectors(CHESS))
    assert got.tolist() == [-1, 1, 0, 0] * 4
    assert (sector_influence(pos, move, square_sectors(CHESS)) == influence(pos, move)).all()


@pytest.mark.parametrize(
    "layout, fault",
    [
        ([[0, 1], []], "sector 1 of the layout has no squares"),
        ([[0, 64]], "sector 0 names square 64"),
    ],
)
def test_bad_layouts_are_refused(layout, fault):
    pos = CHESS.position()
    with pytest.raises(XQChessError, match=fault):
        sector_influence(pos, pos.legal_moves()[0], layout)


# -- properties over random positions ---------------------------------------------------------


@pytest.mark.parametrize("name", ["chess", "xiangqi"])
def test_valueboard_and_influence_on_random_positions(name):
    variant = get_variant(name)
    size = variant.geometry.size
    blocks = block_sectors(variant)
    for seed in range(10):
        pos = random_walk(name, seed, 40)
        before, fen = snapshot(pos), pos.fen()
        board = valueboard(pos)
        assert board.shape == (size,) and np.issubdtype(board.dtype, np.integer)
        occupant = np.array(square_values(pos))
        assert ((occupant == 0) == (np.array(pos.board) == 0)).all()
        for move in pos.legal_moves()[::4]:
            signs = influence(pos, move)
            assert signs.dtype == np.int8 and signs.shape == (size,)
            assert set(signs.tolist()) <= {-1, 0, 1} and signs[move_to(move)] == 0
            assert (sector_influence(pos, move, square_sectors(variant)) == signs).all()
            assert set(sector_influence(pos, move, blocks).tolist()) <= {-1, 0, 1}
        assert snapshot(pos) == before and pos.fen() == fen


def full_influence(pos, move):
    """The influence computed the long way: both valueboards in full, values carried."""
    variant = pos.variant
    values = square_values(pos)
    before = valueboard_with(variant, pos.board, values)
    after_pos = pos.copy()
    after_pos.make(move)
    after = valueboard_with(variant, after_pos.board, values_after(pos, move, values))
    mover = 1 if pos.side == 0 else -1
    signs = np.sign(after - before).astype(np.int8) * np.int8(mover)
    signs[move_to(move)] = 0
    return signs


SPECIAL_CHESS = [
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",  # castling both ways, both colors
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",  # en passant
    "1n2k3/P7/8/8/8/8/7p/4K1N1 w - - 0 1",  # promotions, with and without capture
    "1n2k3/P7/8/8/8/8/7p/4K1N1 b - - 0 1",
]


@pytest.mark.parametrize(
    "name, fens",
    [
        ("chess", SPECIAL_CHESS),
        ("xiangqi", []),
    ],
)
def test_incremental_influence_equals_the_full_computation(name, fens):
    variant = get_variant(name)
    positions = [variant.position(fen) for fen in fens]
    positions += [random_walk(name, seed, plies) for seed in range(6) for plies in (10, 50)]
    for pos in positions:
        before = snapshot(pos)
        moves = pos.legal_moves()
        rows = influences(pos, moves)
        assert rows.shape == (len(moves), variant.geometry.size)
        for move, row in zip(moves, rows):
            assert (row == full_influence(pos, move)).all(), (pos.fen(), move)
        assert snapshot(pos) == before


def _tree_walk(pos, depth, rng, visit):
    """``visit`` each node of a small random subtree of ``pos``, as a search enters them:
    a node, then its children, each child's subtree before the next sibling."""
    visit(pos)
    if depth:
        for move in rng.sample(pos.legal_moves(), 3) if len(pos.legal_moves()) > 3 else []:
            pos.make(move)
            _tree_walk(pos, depth - 1, rng, visit)
            pos.unmake()
        visit(pos)  # back at the node after its children: the kept entry again


@pytest.mark.parametrize("name, fens", [("chess", SPECIAL_CHESS), ("xiangqi", [])])
def test_valueboards_derived_along_a_search_equal_the_full_computation(name, fens):
    """Each node's valueboard and reads, derived from the parent's or a sibling's
    (`valueboard.before_move`), equal those computed from scratch on its board."""
    import random

    from xqchess.ordering.chessmaps import valueboard as vb

    variant = get_variant(name)
    positions = [variant.position(fen) for fen in fens]
    positions += [random_walk(name, seed, plies) for seed in range(3) for plies in (12, 40)]
    derived = 0

    def visit(pos):
        nonlocal derived
        length = pos.plies
        base = vb._line.get(length - 1) or vb._line.get(length)
        kept = vb.before_move(pos)
        full = vb._Before.full(vb.game_tables(variant), pos.board, square_values(pos))
        assert list(kept.valueboard) == list(full.valueboard), pos.fen()
        assert list(kept.low) == list(full.low), pos.fen()
        assert list(kept.high) == list(full.high), pos.fen()
        derived += base is not None and kept is not base

    vb.clear_cache()
    for seed, pos in enumerate(positions):
        _tree_walk(pos, 2, random.Random(seed), visit)
    assert derived > 50


@pytest.mark.parametrize("name", ["chess", "capablanca", "shatranj", "xiangqi", "minixiangqi"])
def test_one_pass_closure_equals_the_definition(name):
    """Each family's one-pass `Variant.attack_closure` finds the pieces the definition finds
    by lifting attackers round by round (`core.closure`), each once, and reports exactly the
    squares the definition reads."""
    from xqchess.core.closure import recorded_closure

    variant = get_variant(name)
    for seed in range(12):
        for plies in (0, 20, 60, 120):
            pos = random_walk(name, seed, plies)
            for sq in range(variant.geometry.size):
                expected, expected_reads = recorded_closure(variant, pos.board, sq)
                found, reads = variant.attack_closure(pos.board, sq)
                assert sorted(found) == sorted(expected), (pos.fen(), sq)
                assert len(set(found)) == len(found), (pos.fen(), sq)
                assert reads == expected_reads, (pos.fen(), sq)
