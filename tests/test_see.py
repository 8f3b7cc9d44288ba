"""Static exchange evaluation (core/see.py) on hand-made positions of both games, each value
worked out by hand from the piece values (chess P 100, N 320, B 330, R 500, Q 900; xiangqi
soldier 100, advisor and elephant 200, horse 400, cannon 450, chariot 900; a king or general
100,000, so it captures last): the captured piece, then each side recapturing with its least
valuable attacker and free to stop when going on would lose."""

import pytest
from helpers import random_game_positions
from xqchess.core.moves import SIDE_CAPTURE, move_from, move_promotion, move_special, move_to
from xqchess.core.pieces import BLACK, COLOR_SHIFT, PIECE_CODES, WHITE, piece_code
from xqchess.core.probe import AttackProbe, FunctionProbe, noted, probe_of
from xqchess.core.see import ROYAL_VALUE, exchange_values, see
from xqchess.variants import get_variant

CASES = [
    # -- chess ---------------------------------------------------------------------------------
    # exd6 e.p. takes the pawn d5 (the victim is not on the target square): +100; cxd6 takes
    # the pawn back: 100 - 100 = 0, and White has nothing left to recapture with.
    ("chess", "4k3/2p5/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", 0),
    # the same capture with no black pawn on c7: nothing recaptures, +100.
    ("chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", 100),
    # exd6 e.p. empties d5 as well: the rook d1 then backs the pawn up the d-file. exd6 (+100)
    # Rxd6 (100 - 100 = 0) Rxd6 (500 - 0 = 500): Black does better not to take: +100.
    ("chess", "3rk3/8/8/3pP3/8/8/8/3RK3 w - d6 0 2", "e5d6", 100),
    # a pawn takes a knight defended by a pawn: +320, then the pawn is lost: 320 - 100 = 220.
    ("chess", "4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", 320 - 100),
    # a rook takes a pawn defended by a pawn: 100 - 500 = -400.
    ("chess", "4k3/8/2p5/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", 100 - 500),
    # the queen takes a pawn defended by a pawn: 100 - 900 = -800.
    ("chess", "4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", 100 - 900),
    # ... with a rook behind the queen, which takes the pawn back: 100 - 900 + 100 = -700.
    ("chess", "4k3/8/2p5/3p4/8/8/3Q4/3RK3 w - - 0 1", "d2d5", 100 - 900 + 100),
    # the pawn e6 takes back before the knight f6 (found first, as a leaper): 100 - 500.
    ("chess", "4k3/8/4pn2/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", 100 - 500),
    # doubled rooks take a pawn defended by a rook: Rxd5 (+100) Rxd5 (-500) Rxd5 (+500) = +100;
    # the rook d1 joins as an x-ray attacker once the rook d2 has left the file.
    ("chess", "3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 100),
    # the same with the black rook defended by the queen d8 behind it: Rxd5 Rxd5 Rxd5 Qxd5:
    # 100 - 500 + 500 - 500 = -400; White stops before the second rook: 100 - 500 = -400.
    ("chess", "3qk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", -400),
    # the least valuable recapturer first: Nxd5 takes a knight (+320) defended by the pawn c6
    # and the queen d8: cxd5 (320 - 320 = 0), exd5 (100 - 0 = 100), Qxd5 (100 - 100 = 0);
    # each side may stop, and the knight for a knight it stays: 0. Taking back with the queen
    # first (exd5 would win her) would make it 320.
    ("chess", "3qk3/8/2p5/3n4/4P3/4N3/8/4K3 w - - 0 1", "e3d5", 0),
    # a king recaptures only where nothing can take it back: Qxd5 with the queen defended by
    # the rook d1: the king e6 cannot take back (it would be captured): +100.
    ("chess", "8/8/4k3/3p4/8/8/3Q4/3RK3 w - - 0 1", "d2d5", 100),
    # ... and with the queen undefended the king takes it: 100 - 900 = -800.
    ("chess", "8/8/4k3/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5", 100 - 900),
    # a king captures an undefended pawn: +100 (its own value never enters).
    ("chess", "8/8/4k3/8/8/8/3p4/4K3 w - - 0 1", "e1d2", 100),
    # a quiet move to an attacked square: the bishop goes to d5, attacked by the pawn c6: -330.
    ("chess", "4k3/8/2p5/8/8/8/6B1/4K3 w - - 0 1", "g2d5", -330),
    # a quiet move to a safe square: 0.
    ("chess", "4k3/8/8/8/8/8/6B1/4K3 w - - 0 1", "g2d5", 0),
    # promotion e8=Q: the pawn (100) becomes a queen (900): +800; the rook a8 takes it:
    # 800 - 900 = -100, so promoting there loses a pawn's worth.
    ("chess", "r6k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q", 800 - 900),
    # promotion to a knight on the same square, taken by the rook: 220 - 320 = -100 as well.
    ("chess", "r6k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8n", 220 - 320),
    # exf8=Q takes a rook and promotes: 500 + 800 = +1300, and nothing takes back.
    ("chess", "5r1k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7f8q", 500 + 800),
    # ... and with the king e8 beside f8 it takes the new queen: 1300 - 900 = 400.
    ("chess", "4kr2/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7f8q", 1300 - 900),
    # Black promotes: d1=Q (+800) and the rook a1 takes it (900): -100 for Black.
    ("chess", "4k3/8/8/8/8/8/3p4/R5K1 b - - 0 1", "d2d1q", 800 - 900),
    # Black captures: ...dxe4 takes a bishop defended by the knight f2 (as White's pawn above):
    # 330 - 100 = 230.
    ("chess", "4k3/8/8/3p4/4B3/8/5N2/4K3 b - - 0 1", "d5e4", 230),
    # -- xiangqi -------------------------------------------------------------------------------
    # the chariot takes a soldier defended by the cannon e10 over the black horse e8: 100 - 900.
    ("xiangqi", "4ck3/9/4n4/9/4p4/9/9/9/9/3KR4 w - - 0 1", "e1e6", 100 - 900),
    # the same soldier without the screen: the cannon does not defend it: +100.
    ("xiangqi", "4ck3/9/9/9/4p4/9/9/9/9/3KR4 w - - 0 1", "e1e6", 100),
    # a cannon takes a chariot over the soldier e5; the horse c8 (leg d8 free) takes back:
    # 900 - 450.
    ("xiangqi", "3k5/9/2n6/4r4/9/4P4/9/4C4/9/4K4 w - - 0 1", "e3e7", 900 - 450),
]


@pytest.mark.parametrize("variant_name,fen,text,expected", CASES)
def test_see_equals_the_exchange_worked_by_hand(variant_name, fen, text, expected):
    variant = get_variant(variant_name)
    pos = variant.position(fen, strict=False)
    before = pos.board[:]
    assert see(pos, variant.parse_move(pos, text, "uci")) == expected
    assert pos.board == before  # worked on a copy


@pytest.mark.parametrize("variant_name", ["chess", "xiangqi"])
def test_exchange_values_put_the_royal_pieces_last(variant_name):
    variant = get_variant(variant_name)
    values = exchange_values(variant)
    assert values == variant.exchange_values  # what the variant computed once
    for color in (WHITE, BLACK):
        assert values[variant.royal_pieces[color]] == ROYAL_VALUE
        for kind, value in variant.piece_values.items():
            if piece_code(kind, color) != variant.royal_pieces[color]:
                assert values[piece_code(kind, color)] == value
    assert values[0] == 0 and len(values) == PIECE_CODES


# Found by mutation testing (docs/testing.md): the exchange once stopped as soon as the side about
# to capture would be behind even if not answered, valuing that capture as unanswered. Where it
# would be answered, that side's best is to stop short of it, which the early stop could not see.
ANSWERED_CASES = [
    # Nxd5 (+330) exd5 (-320: +10) cxd5 (+100: +110); Black's Nxd5 (-100: +10) would be answered
    # by exd5 (+320: +330) and Qxd5 (-100: +230), so Black stops at +110. Stopped early: +10.
    ("3q2k1/8/4pn2/3b4/1NP1P3/8/8/6K1 w - - 0 1", "b4d5", 110),
    # Be2 is taken by the knight g1 (-330); Kxe2 (+320: -10) would put the king where the queen
    # e8 takes it, so the king may not: -330. Stopped early: -10.
    ("4q1k1/8/8/8/8/5B2/8/5Kn1 w - - 0 1", "f3e2", -330),
]


@pytest.mark.parametrize("fen,text,expected", ANSWERED_CASES)
def test_see_does_not_stop_before_a_capture_that_would_be_answered(fen, text, expected):
    chess = get_variant("chess")
    pos = chess.position(fen)
    assert see(pos, chess.parse_move(pos, text)) == expected


def reference_see(pos, move):
    """The exchange worked the plain way: on a copy of the board, every attacker listed again
    after every capture, the swap list folded from its end (no early stop)."""
    variant = pos.variant
    value = variant.exchange_values
    board = pos.board[:]
    frm, to = move_from(move), move_to(move)
    mover = board[frm]
    if move_special(move) == SIDE_CAPTURE:
        victim_sq = frm - frm % variant.geometry.files + to % variant.geometry.files
        first = value[board[victim_sq]]
        board[victim_sq] = 0
    else:
        first = value[board[to]]
    if move_promotion(move):
        promoted = move_promotion(move) | (mover >> COLOR_SHIFT) << COLOR_SHIFT
        first += value[promoted] - value[mover]
        mover = promoted
    board[frm], board[to] = 0, mover
    side = (mover >> COLOR_SHIFT) ^ 1
    gain = [first]
    while True:
        found = variant.attackers(board, to, side)
        if not found:
            break
        sq = min(found, key=lambda s: value[board[s]])
        captured = value[board[to]]
        gain.append(captured - gain[-1])
        if captured >= ROYAL_VALUE:
            break  # the royal piece is taken
        board[to], board[sq] = board[sq], 0
        side ^= 1
    while len(gain) > 1:
        last = gain.pop()
        gain[-1] = -max(-gain[-1], last)
    return gain[0]


@pytest.mark.parametrize("variant_name", ["chess", "xiangqi", "minixiangqi", "capablanca"])
def test_see_agrees_with_the_exchange_replayed_in_full_on_random_positions(variant_name):
    """Over every move of positions from random games: the attacker lists kept through the
    exchange (listed again only after a piece leaves a line through the target) give the value
    of the exchange replayed from scratch at each step, and the board is left as it was."""
    checked = 0
    for pos, moves in random_game_positions(variant_name, seed=7, games=12, plies=60):
        before = pos.board[:]
        for move in moves:
            assert see(pos, move) == reference_see(pos, move), (pos.fen(), move)
            checked += 1
        assert pos.board == before
    assert checked > 10_000


@pytest.mark.parametrize("variant_name", ["chess", "xiangqi", "capablanca"])
def test_an_attackers_function_as_the_probe_gives_the_same_exchanges(variant_name):
    """A game without a probe class of its own gets its ``attackers`` function wrapped
    (`core.probe.FunctionProbe`): SEE through the wrapper equals SEE through the family's
    probe (a C method in the compiled kernel) at every move of positions from random games."""
    variant = get_variant(variant_name)
    assert not isinstance(variant.attack_probe, FunctionProbe)
    checked = 0
    for pos, moves in random_game_positions(variant_name, seed=11, games=6, plies=50):
        wrapped = pos.copy()
        wrapped._attack_probe = FunctionProbe(variant.attackers)
        for move in moves:
            assert see(wrapped, move) == see(pos, move), (pos.fen(), move)
            checked += 1
    assert checked > 2_000


def test_a_game_without_a_probe_gets_its_attackers_function_wrapped():
    """`Variant.attack_probe` comes from `probe_of`: a game's own probe, else a wrapper."""

    class Bare:
        @staticmethod
        def attackers(board, sq, by_color):
            return [sq, by_color]

    probe = probe_of(Bare())
    assert isinstance(probe, FunctionProbe)
    assert probe.attackers(bytearray(8), 5, 1) == [5, 1]
    chess = get_variant("chess")
    assert probe_of(chess) is chess.attack_probe


@pytest.mark.parametrize("variant_name", ["chess", "xiangqi", "minixiangqi", "capablanca"])
def test_attackers_into_a_buffer_lists_what_attackers_lists(variant_name):
    """`AttackProbe.attackers_into` writes the squares `attackers` lists, in its order, for
    every square and color of positions from random games; a wrapped function's probe agrees
    too."""
    variant = get_variant(variant_name)
    probe = variant.attack_probe
    wrapped = FunctionProbe(variant.attackers)
    found = bytearray(variant.geometry.size)
    checked = 0
    for pos, _ in random_game_positions(variant_name, seed=5, games=3, plies=40):
        board = pos.board
        for sq in range(variant.geometry.size):
            for color in (WHITE, BLACK):
                listed = probe.attackers(board, sq, color)
                count = probe.attackers_into(board, sq, color, found)
                assert list(found[:count]) == listed, (pos.fen(), sq, color)
                count = wrapped.attackers_into(board, sq, color, found)
                assert list(found[:count]) == listed, (pos.fen(), sq, color)
                checked += 1
    assert checked > 1_000


def test_a_probe_gets_both_forms_from_its_one_walk():
    """A probe that gives only `walk_attackers` gets `attackers` and `attackers_into` from it,
    each attacker `noted` into the list or into the buffer."""

    class Walker(AttackProbe):
        def walk_attackers(self, board, sq, by_color, found, listing):
            count = noted(found, listing, 0, sq)
            return noted(found, listing, count, by_color)

    assert Walker().attackers(bytearray(8), 5, 1) == [5, 1]
    found = bytearray(8)
    assert Walker().attackers_into(bytearray(8), 5, 1, found) == 2
    assert found[:2] == bytes([5, 1])


def test_a_copied_position_works_its_exchanges_in_buffers_of_its_own():
    """The exchange's buffers belong to the position (`ExchangeScratch`): a copy, which may be
    searched in another thread, gets its own, and its exchanges come out the same."""
    variant = get_variant("chess")
    pos = variant.position("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
    other = pos.copy()
    assert other._exchange_scratch is not pos._exchange_scratch
    for move in pos.legal_captures():
        assert see(other, move) == see(pos, move)
