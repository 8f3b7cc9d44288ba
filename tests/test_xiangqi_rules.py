"""Xiangqi game ends (variants/xiangqi/rules.py) on hand-worked lines: the move limit and its
extension for checks, counted by hand from the rule Fairy-Stockfish applies (100 plies without
a capture draw; with at least 20 plies played since the start position, each check beyond 10
by the side that checked more extends the limit by 2 plies). `test_xiangqi_oracle` compares the
same rule with pyffish over random check-heavy games."""

import pytest

from xqchess.core.outcome import Outcome, Termination
from xqchess.variants import get_variant

XIANGQI = get_variant("xiangqi")

#: 79 plies without a capture; Red's chariot against the lone black general.
LIMIT_START = "5k3/9/9/9/9/9/9/9/9/R2K5 w - - 79 1"
#: 22 plies, no capture and no position twice: each of Red's 11 moves gives check (some next
#: to the general, which declines to take).
ELEVEN_CHECKS = ("a1a10 f10f9 a10a9 f9f8 a9a8 f8f9 a8f8 f9e9 f8f9 e9e8 f9e9 e8f8 e9e8 f8f9 e8e9 "
                 "f9f10 e9f9 f10e10 f9f10 e10e9 f10e10 e9f9").split()


def play(fen, moves):
    pos = XIANGQI.position(fen)
    for number, text in enumerate(moves):
        move = XIANGQI.parse_move(pos, text)
        before = pos.halfmove
        pos.make(move)
        assert pos.halfmove == before + 1  # no capture: the count goes on
        if number % 2 == 0 and number < len(ELEVEN_CHECKS):
            assert pos.is_check(), text  # each of Red's moves in the line checks
    return pos


def test_eleven_checks_extend_the_limit_past_101_plies():
    # halfmove 79 + 22 = 101 >= 100, but 22 plies >= 20 were played and Red checked 11 times:
    # 11 - 10 = 1 check beyond 10, 2 plies each: the limit is 102, and 101 - 2 = 99 < 100.
    pos = play(LIMIT_START, ELEVEN_CHECKS)
    assert pos.halfmove == 101
    assert pos.outcome() is None


def test_a_quiet_twelfth_move_reaches_the_extended_limit():
    # d1d2 gives no check: halfmove 102, Red's checks still 11, the limit 102: 102 - 2 = 100.
    pos = play(LIMIT_START, ELEVEN_CHECKS + ["d1d2"])
    assert not pos.is_check() and pos.halfmove == 102
    assert pos.outcome() == Outcome(Termination.MOVE_LIMIT, None)


def test_a_twelfth_check_extends_the_limit_again():
    # e10f10 checks: 12 checks, 2 beyond 10, the limit 104: 102 - 4 = 98 < 100.
    pos = play(LIMIT_START, ELEVEN_CHECKS + ["e10f10"])
    assert pos.is_check() and pos.halfmove == 102
    assert pos.outcome() is None


@pytest.mark.parametrize("halfmove, ends", [(99, False), (100, True)])
def test_without_checks_the_limit_is_100_plies(halfmove, ends):
    # a quiet general move from a position that has made no move: no extension at all
    pos = XIANGQI.position(f"5k3/9/9/9/9/9/9/9/9/R2K5 w - - {halfmove - 1} 1")
    pos.make(XIANGQI.parse_move(pos, "d1d2"))
    assert pos.outcome() == (Outcome(Termination.MOVE_LIMIT, None) if ends else None)
