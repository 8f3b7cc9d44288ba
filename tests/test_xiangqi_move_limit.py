"""Xiangqi's move limit against Fairy-Stockfish in check-heavy games: past 100 plies without a
capture the game goes on while a side's checks beyond 10 extend the limit by 2 plies each."""

import random

import pytest

sf = pytest.importorskip("pyffish", reason="pyffish (Fairy-Stockfish, the oracle) is not installed")

from helpers import as_pyffish  # noqa: E402
from xqchess.core.moves import is_capture  # noqa: E402
from xqchess.core.outcome import Termination  # noqa: E402
from xqchess.variants import get_variant  # noqa: E402

XIANGQI = get_variant("xiangqi")
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
    checking = [m for m in fresh if pos.gives_check(m)]
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
                    extended_draws += (
                        outcome.termination == Termination.MOVE_LIMIT and pos.halfmove > 100
                    )
                    break
                move = choose_check_without_capture_or_repetition(rng, pos)
                moves.append(XIANGQI.format_move(pos, move))
                pos.make(move)
    # the extension really was at stake: hundreds of positions past 100 plies still playing
    # (358 with these seeds), and games drawn by the extended limit only (6)
    assert extended >= 150 and extended_draws >= 3, (extended, extended_draws)
