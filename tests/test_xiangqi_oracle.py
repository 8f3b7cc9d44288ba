"""Differential test against Fairy-Stockfish (pyffish) over thousands of xiangqi positions.

Seeded random games, biased towards checking moves and towards moving a piece straight back,
so that repetitions, perpetual checks and the move limit really occur, plus hand-made perpetual
check cycles. At every position both must agree on the FEN, the legal moves, check, and the
game's end and result, perpetual chases included; the WXF text of every legal move (which must
also read back) is compared at every eighth position by default (each pyffish call costs about
2 ms) and at every position in the slow run. (`test_xiangqi_chase` generates chase cycles.)
"""

import random

import pytest

sf = pytest.importorskip("pyffish", reason="pyffish (Fairy-Stockfish, the oracle) is not installed")

from helpers import as_pyffish, gives_check  # noqa: E402
from xqchess.core.moves import is_capture  # noqa: E402
from xqchess.core.outcome import Termination  # noqa: E402
from xqchess.variants import get_variant  # noqa: E402

XIANGQI = get_variant("xiangqi")
POSITIONS_PER_RUN = 110
RUNS = 22  # 22 x 110 = 2,420 compared positions

STARTS = [
    XIANGQI.start_fen,
    "2bak1b1r/4a4/6nc1/1rp1p2Cp/p5n2/P1PC4P/4P4/4BNN2/1c7/R2AKAB1R w - - 0 1",
    "3akabnr/r2n5/2c1b1c2/1RN1p1pCp/9/2P6/p3P1P1P/3CB4/9/2BAKA1NR w - - 0 1",
    "3k5/9/9/9/9/9/2R6/9/4A4/4K4 w - - 60 1",
    "4k4/4a4/9/4N4/9/9/9/9/9/3K5 w - - 80 1",
    "5k3/9/R8/9/9/9/9/9/9/3K5 w - - 0 1",
]

# (start FEN, moves before the cycle, cycle, how a threefold repetition of it ends)
REPETITION_CYCLES = [
    ("5k3/9/R8/9/9/9/9/9/9/3K5 w - - 0 1", ["a8a10", "f10f9", "a10a9", "f9f10"],
     ["a9a10", "f10f9", "a10a9", "f9f10"], Termination.PERPETUAL_CHECK),
    ("3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1", [],
     ["e2d2", "d10e10", "d2e2", "e10d10"], Termination.PERPETUAL_CHECK),
    ("3k5/9/9/9/9/9/9/r8/9/5K3 b - - 0 1", ["a3a1", "f1f2", "a1a2", "f2f1"],
     ["a2a1", "f1f2", "a1a2", "f2f1"], Termination.PERPETUAL_CHECK),
    # the checker once does not check: a plain draw
    ("5k3/9/R8/9/9/9/9/9/9/3K5 w - - 0 1", [],
     ["a8a10", "f10f9", "a10a8", "f9f10"], Termination.THREEFOLD_REPETITION),
]


class Comparison:
    def __init__(self, wxf_every=1):
        self.wxf_every = wxf_every
        self.positions = 0
        self.terminations = set()

    def compare(self, pos, start, moves):
        fen = pos.fen()
        assert fen == sf.get_fen("xiangqi", start, moves), moves
        legal = pos.legal_moves()
        uci = {XIANGQI.format_move(pos, m): m for m in legal}
        assert set(uci) == set(sf.legal_moves("xiangqi", fen, [])), fen
        assert pos.is_check() == sf.gives_check("xiangqi", fen, []), fen
        for text, move in uci.items() if self.positions % self.wxf_every == 0 else ():
            wxf = XIANGQI.format_move(pos, move, "wxf")
            expected = sf.get_san("xiangqi", fen, text, False, sf.NOTATION_XIANGQI_WXF)
            assert wxf == expected, (fen, text)
            assert XIANGQI.parse_move(pos, wxf, "wxf") == move
        assert sf.is_immediate_game_end("xiangqi", start, moves)[0] is False
        outcome = pos.outcome()
        if outcome is not None:
            self.terminations.add(outcome.termination)
        if not legal:
            assert as_pyffish(outcome, pos.side) == (True, sf.game_result("xiangqi", start, moves))
        else:
            expected = sf.is_optional_game_end("xiangqi", start, moves)
            expected = (expected[0], expected[1] if expected[0] else 0)
            assert as_pyffish(outcome, pos.side) == expected, (start, moves)
        self.positions += 1


def choose(rng, pos, moves):
    """A random legal move, biased to give check and to move the last-moved piece back."""
    legal = sorted(pos.legal_moves())
    back = moves[-2][2:] + moves[-2][:2] if len(moves) >= 2 else None
    back_move = next((m for m in legal if XIANGQI.format_move(pos, m) == back), None)
    checking = [m for m in legal if gives_check(pos, m)]
    roll = rng.random()
    if back_move is not None and (back_move in checking or (roll < 0.5 and not checking)):
        return back_move
    if checking and roll < 0.8:
        return rng.choice(checking)
    if back_move is not None and roll < 0.9:
        return back_move
    return rng.choice(legal)


def play(comparison, seed, start):
    rng = random.Random(seed)
    pos = XIANGQI.position(start)
    moves = []
    stop = comparison.positions + POSITIONS_PER_RUN
    while comparison.positions < stop:
        comparison.compare(pos, start, moves)
        if not pos.legal_moves() or pos.outcome() is not None:
            pos, moves = XIANGQI.position(start), []
            continue
        move = choose(rng, pos, moves)
        moves.append(XIANGQI.format_move(pos, move))
        pos.make(move)



def run_random_games(wxf_every):
    comparison = Comparison(wxf_every)
    for seed in range(RUNS):
        play(comparison, seed, STARTS[seed % len(STARTS)])
    assert comparison.positions >= 2000
    assert {Termination.CHECKMATE, Termination.THREEFOLD_REPETITION, Termination.PERPETUAL_CHECK,
            Termination.MOVE_LIMIT} <= comparison.terminations, comparison.terminations


def test_random_games_agree_with_fairy_stockfish():
    run_random_games(wxf_every=8)


@pytest.mark.slow
def test_random_games_agree_with_fairy_stockfish_on_every_wxf_move():
    run_random_games(wxf_every=1)


@pytest.mark.parametrize("start,prefix,cycle,termination", REPETITION_CYCLES)
def test_repetition_cycles_agree_with_fairy_stockfish(start, prefix, cycle, termination):
    comparison = Comparison()
    pos = XIANGQI.position(start)
    moves = []
    for text in prefix + cycle * 3:
        comparison.compare(pos, start, moves)
        pos.make(XIANGQI.parse_move(pos, text))
        moves.append(text)
    comparison.compare(pos, start, moves)
    assert pos.outcome().termination == termination


#: Starts 40 plies short of the move limit, with a checking piece against a lone or guarded
#: general: games that avoid captures and repetitions cross 100 plies with more than 10 checks.
CHECK_HEAVY_STARTS = [
    "4k4/4a4/9/4N4/9/9/9/9/9/3K5 w - - 60 1",
    "3k5/9/9/9/9/9/2R6/9/4A4/4K4 w - - 60 1",
]
CHECK_HEAVY_GAMES = 12  # per start


def choose_check_without_capture_or_repetition(rng, pos):
    """A random move, no capture (which would reset the count) and no return to an earlier
    position where there is a choice, giving check nine times in ten when it can."""
    legal = sorted(pos.legal_moves())
    legal = [m for m in legal if not is_capture(pos, m)] or legal

    def new_position(move):
        pos.make(move)
        new = pos.hash not in pos.hashes[:-1]
        pos.unmake()
        return new

    fresh = [m for m in legal if new_position(m)] or legal
    checking = [m for m in fresh if gives_check(pos, m)]
    return rng.choice(checking if checking and rng.random() < 0.9 else fresh)


def test_move_limit_extended_by_checks_agrees_with_fairy_stockfish():
    """Past 100 plies the game goes on while one side's checks beyond 10 extend the limit by 2
    plies each: every position from the 100th ply on is judged as Fairy-Stockfish judges it
    (only there does the extension decide, so only there is pyffish asked: its game-end call
    replays the whole game)."""
    extended = extended_draws = 0
    for start in CHECK_HEAVY_STARTS:
        for seed in range(CHECK_HEAVY_GAMES):
            rng = random.Random(seed)
            pos, moves = XIANGQI.position(start), []
            while True:
                outcome = pos.outcome()
                if pos.halfmove >= 100 and pos.legal_moves():
                    expected = sf.is_optional_game_end("xiangqi", start, moves)
                    expected = (expected[0], expected[1] if expected[0] else 0)
                    assert as_pyffish(outcome, pos.side) == expected, (start, moves)
                    extended += outcome is None
                if outcome is not None:
                    extended_draws += (outcome.termination == Termination.MOVE_LIMIT
                                       and pos.halfmove > 100)
                    break
                move = choose_check_without_capture_or_repetition(rng, pos)
                moves.append(XIANGQI.format_move(pos, move))
                pos.make(move)
    # the extension really was at stake: hundreds of positions past 100 plies still playing
    # (358 with these seeds), and games drawn by the extended limit only (6)
    assert extended >= 150 and extended_draws >= 3, (extended, extended_draws)
