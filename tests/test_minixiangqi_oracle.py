"""Differential test of minixiangqi against Fairy-Stockfish (pyffish) over seeded random games.

Random games from the start and from a few composed positions, biased towards checking moves
and towards moving a piece straight back, so that mates, stalemates, repetitions, perpetual
checks and the move limit occur. At every position both must agree on the FEN (round trip
included), the legal moves, check, the game's end and its result; the WXF text of every legal
move (which must also read back) is compared at every fourth position (each pyffish call costs
about 2 ms), at every position in the slow run. Modelled on `test_xiangqi_oracle`.
"""

import random

import pytest

sf = pytest.importorskip("pyffish", reason="pyffish (Fairy-Stockfish, the oracle) is not installed")

from helpers import as_pyffish, gives_check  # noqa: E402
from xqchess.core.outcome import Termination  # noqa: E402
from xqchess.variants import get_variant  # noqa: E402

NAME = "minixiangqi"
MINI = get_variant(NAME)
POSITIONS_PER_RUN = 100
RUNS = 12  # 12 x 100 = 1,200 compared positions

STARTS = [
    MINI.start_fen,
    "rcnk2r/p2p1p1/3n3/3pp2/3P1C1/P2PPCP/R2KN1R w - - 0 1",
    "2nk3/3p1p1/rp2pc1/3P3/3NP2/4PP1/1RRKN1r w - - 0 1",
    "3k3/7/7/7/2R4/7/4K2 w - - 96 1",
    "2k4/7/7/3N3/p6/7/4K2 w - - 97 1",
    "4k2/7/R6/7/7/7/2K4 w - - 0 1",
]

# (start FEN, moves before the cycle, cycle, how a threefold repetition of it ends)
REPETITION_CYCLES = [
    ("4k2/7/R6/7/7/7/2K4 w - - 0 1", ["a5a7", "e7e6", "a7a6", "e6e7"],
     ["a6a7", "e7e6", "a7a6", "e6e7"], Termination.PERPETUAL_CHECK),
    ("2k4/7/7/7/7/3R3/4K2 w - - 0 1", [],
     ["d2c2", "c7d7", "c2d2", "d7c7"], Termination.PERPETUAL_CHECK),
    # the checker once does not check: a plain draw
    ("4k2/7/R6/7/7/7/2K4 w - - 0 1", [],
     ["a5a7", "e7e6", "a7a5", "e6e7"], Termination.THREEFOLD_REPETITION),
]


class Comparison:
    def __init__(self, wxf_every=1):
        self.wxf_every = wxf_every
        self.positions = 0
        self.terminations = set()

    def compare(self, pos, start, moves):
        fen = pos.fen()
        assert fen == sf.get_fen(NAME, start, moves), moves
        assert MINI.position(fen, strict=False).fen() == fen
        legal = pos.legal_moves()
        uci = {MINI.format_move(pos, m): m for m in legal}
        assert set(uci) == set(sf.legal_moves(NAME, fen, [])), fen
        assert pos.is_check() == sf.gives_check(NAME, fen, []), fen
        for text, move in uci.items() if self.positions % self.wxf_every == 0 else ():
            wxf = MINI.format_move(pos, move, "wxf")
            expected = sf.get_san(NAME, fen, text, False, sf.NOTATION_XIANGQI_WXF)
            assert wxf == expected, (fen, text)
            assert MINI.parse_move(pos, wxf, "wxf") == move
            assert MINI.parse_move(pos, text) == move
        assert sf.is_immediate_game_end(NAME, start, moves)[0] is False
        outcome = pos.outcome()
        if outcome is not None:
            self.terminations.add(outcome.termination)
        if not legal:
            assert as_pyffish(outcome, pos.side) == (True, sf.game_result(NAME, start, moves))
        else:
            expected = sf.is_optional_game_end(NAME, start, moves)
            expected = (expected[0], expected[1] if expected[0] else 0)
            assert as_pyffish(outcome, pos.side) == expected, (start, moves)
        self.positions += 1


def choose(rng, pos, moves):
    """A random legal move, biased to give check and to move the last-moved piece back."""
    legal = sorted(pos.legal_moves())
    back = moves[-2][2:] + moves[-2][:2] if len(moves) >= 2 else None
    back_move = next((m for m in legal if MINI.format_move(pos, m) == back), None)
    checking = [m for m in legal if gives_check(pos, m)]
    roll = rng.random()
    if back_move is not None and (back_move in checking or (roll < 0.5 and not checking)):
        return back_move
    if checking and roll < 0.7:
        return rng.choice(checking)
    if back_move is not None and roll < 0.8:
        return back_move
    return rng.choice(legal)


def play(comparison, seed, start):
    rng = random.Random(seed)
    pos = MINI.position(start)
    moves = []
    stop = comparison.positions + POSITIONS_PER_RUN
    while comparison.positions < stop:
        comparison.compare(pos, start, moves)
        if not pos.legal_moves() or pos.outcome() is not None:
            pos, moves = MINI.position(start), []
            continue
        move = choose(rng, pos, moves)
        moves.append(MINI.format_move(pos, move))
        pos.make(move)


def run_random_games(wxf_every):
    comparison = Comparison(wxf_every)
    for seed in range(RUNS):
        play(comparison, seed, STARTS[seed % len(STARTS)])
    assert comparison.positions >= 1000
    assert {Termination.CHECKMATE, Termination.THREEFOLD_REPETITION, Termination.PERPETUAL_CHECK,
            Termination.MOVE_LIMIT} <= comparison.terminations, comparison.terminations
    return comparison


def test_random_games_agree_with_fairy_stockfish():
    run_random_games(wxf_every=4)


@pytest.mark.slow
def test_random_games_agree_with_fairy_stockfish_on_every_wxf_move():
    run_random_games(wxf_every=1)


@pytest.mark.parametrize("start,prefix,cycle,termination", REPETITION_CYCLES)
def test_repetition_cycles_agree_with_fairy_stockfish(start, prefix, cycle, termination):
    comparison = Comparison()
    pos = MINI.position(start)
    moves = []
    for text in prefix + cycle * 3:
        comparison.compare(pos, start, moves)
        pos.make(MINI.parse_move(pos, text))
        moves.append(text)
    comparison.compare(pos, start, moves)
    assert pos.outcome().termination == termination
