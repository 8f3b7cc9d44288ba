"""Xiangqi game ends (variants/families/xiangqi_family/rules.py) on hand-worked lines: the move
limit and its extension for checks, counted by hand from the rule Fairy-Stockfish applies (100
plies without a capture draw; with at least 20 plies played since the start position, each check
beyond 10 by the side that checked more extends the limit by 2 plies); repetitions judged by
checks; no legal move; a captured general. The same verdicts without a chase rule
(``make_rules(None)``, minixiangqi's). The conformance kit and `test_xiangqi_move_limit` compare
the rules with pyffish over random games."""

import pytest
from xqchess.core.outcome import Outcome, Termination
from xqchess.core.pieces import BLACK
from xqchess.core.pieces import WHITE as RED
from xqchess.variants import get_variant
from xqchess.variants.families.xiangqi_family.attacks import make_attacks
from xqchess.variants.families.xiangqi_family.board_tables import XiangqiBoard, build_tables
from xqchess.variants.families.xiangqi_family.chase import make_chase
from xqchess.variants.families.xiangqi_family.rules import BY_CHECK, BY_NEITHER, make_rules

XIANGQI = get_variant("xiangqi")
GAME = XIANGQI.definition
TABLES = build_tables(
    XiangqiBoard(GAME.geometry, GAME.palaces, GAME.own_halves, frozenset(GAME.kinds))
)
#: xiangqi's rules with its chase rule, as its family builder makes them
RULES = make_rules(make_chase(TABLES, make_attacks(TABLES).attackers))
judge_cycle = RULES.judge_cycle

#: 79 plies without a capture; Red's chariot against the lone black general.
LIMIT_START = "5k3/9/9/9/9/9/9/9/9/R2K5 w - - 79 1"
#: 22 plies, no capture and no position twice: each of Red's 11 moves gives check (some next
#: to the general, which declines to take).
ELEVEN_CHECKS = (
    "a1a10 f10f9 a10a9 f9f8 a9a8 f8f9 a8f8 f9e9 f8f9 e9e8 f9e9 e8f8 e9e8 f8f9 e8e9 "
    "f9f10 e9f9 f10e10 f9f10 e10e9 f10e10 e9f9"
).split()


def play(fen, moves):
    """The position after ``moves``, none of them a capture; in the line ELEVEN_CHECKS (its
    first moves when ``moves`` starts with it) each of Red's moves is checked to give check."""
    pos = XIANGQI.position(fen)
    in_line = len(ELEVEN_CHECKS) if moves[:20] == ELEVEN_CHECKS[:20] else 0
    for number, text in enumerate(moves):
        move = XIANGQI.parse_move(pos, text)
        before = pos.halfmove
        pos.make(move)
        assert pos.halfmove == before + 1  # no capture: the count goes on
        if number % 2 == 0 and number < in_line:
            assert pos.is_check(), text
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


def test_ten_checks_do_not_extend_the_limit():
    # the line's first 20 plies from halfmove 80: 20 plies played, Red checked 10 times, none
    # beyond 10: the limit stays 100, and 80 + 20 = 100 reaches it.
    start = LIMIT_START.replace(" 79 1", " 80 1")
    pos = play(start, ELEVEN_CHECKS[:20])
    assert pos.halfmove == 100 and pos.plies == 20
    assert pos.outcome() == Outcome(Termination.MOVE_LIMIT, None)


@pytest.mark.parametrize("halfmove, ends", [(99, False), (100, True)])
def test_without_checks_the_limit_is_100_plies(halfmove, ends):
    # a quiet general move from a position that has made no move: no extension at all
    pos = XIANGQI.position(f"5k3/9/9/9/9/9/9/9/9/R2K5 w - - {halfmove - 1} 1")
    pos.make(XIANGQI.parse_move(pos, "d1d2"))
    assert pos.outcome() == (Outcome(Termination.MOVE_LIMIT, None) if ends else None)


def test_without_a_chase_rule_checks_do_not_extend_the_limit():
    # make_rules(None), minixiangqi's verdicts (Fairy-Stockfish ties the extension to its AXF
    # chasing rule): the same 11 checks leave the limit at 100, and 101 plies reach it.
    pos = play(LIMIT_START, ELEVEN_CHECKS)
    assert make_rules(None).outcome(pos) == Outcome(Termination.MOVE_LIMIT, None)


# -- repetition ----------------------------------------------------------------------------

#: Red's chariot goes round twice from the start position (its third occurrence ends the
#: game): the first time a10a8 gives no check, then a8a10, a10a9 and a9a10 all check.
TWO_LOOPS_START = "R8/5k3/9/9/9/9/9/9/9/3K5 w - - 0 1"
TWO_LOOPS = "a10a8 f9f10 a8a10 f10f9 a10a9 f9f10 a9a10 f10f9".split()


@pytest.mark.parametrize(
    "rules", [get_variant("xiangqi"), make_rules(None)], ids=["xiangqi", "no-chase-rule"]
)
def test_a_cycle_with_one_quiet_move_of_the_checker_is_a_draw(rules):
    # Red checked with three of its four moves since the first occurrence, not every one: no
    # perpetual check, no chase: a plain threefold repetition (Fairy-Stockfish agrees)
    pos = XIANGQI.position(TWO_LOOPS_START)
    for text in TWO_LOOPS:
        pos.make(XIANGQI.parse_move(pos, text))
    assert pos.hash == pos.hashes[0] == pos.hashes[4]
    assert rules.outcome(pos) == Outcome(Termination.THREEFOLD_REPETITION, None)


# judge_cycle(pos, checks): checks[i] says whether the side to move i plies back was in check,
# back to the earlier occurrence (i = back = len(checks) - 1). As Fairy-Stockfish counts them,
# the opponent checked throughout when the side to move was in check at every even i up to and
# including back; the side to move checked throughout when the opponent was in check at every
# odd i before back. +1: the side to move wins, -1: it loses, 0: a draw.
T, F = True, False
JUDGED_CYCLES = [
    ([T, F, T, F, T], (1, BY_CHECK)),  # the opponent checked throughout: it loses
    ([F, T, F, T, F], (-1, BY_CHECK)),  # the side to move checked throughout
    ([T, T, T, T, T], (0, BY_CHECK)),  # both: a draw
    ([F, T, F, T, F, T, F, F, F], (0, BY_NEITHER)),  # not at offset 7, its first move
    ([T, F, T, F, T, F, T, F, F], (0, BY_NEITHER)),  # not at the earlier occurrence
]


@pytest.mark.parametrize("checks, verdict", JUDGED_CYCLES)
def test_judge_cycle_by_checks(checks, verdict):
    # the position matters only when no side checked throughout (then the chase rule reads
    # it): a quiet one, in which nothing is chased
    pos = play(TWO_LOOPS_START, TWO_LOOPS)
    assert judge_cycle(pos, checks) == verdict
    assert make_rules(None).judge_cycle(pos, checks) == verdict


# -- no legal move, a captured general -------------------------------------------------------


@pytest.mark.parametrize(
    "fen, termination, winner",
    [
        # Black's general f10: f9 is on the chariot's file, e10 faces Red's general: checkmate
        ("5k3/9/9/9/9/9/9/9/5R3/4K4 b - - 0 1", Termination.CHECKMATE, RED),
        ("4k4/5r3/9/9/9/9/9/9/9/5K3 w - - 1 2", Termination.CHECKMATE, BLACK),
        # no move and no check: the stalemated side loses as well
        ("3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1", Termination.STALEMATE, RED),
        ("4k4/9/9/9/9/9/9/9/r8/3K5 w - - 0 1", Termination.STALEMATE, BLACK),
    ],
)
def test_no_legal_move_loses(fen, termination, winner):
    pos = XIANGQI.position(fen)
    assert pos.outcome() == Outcome.won_by(termination, winner)


@pytest.mark.parametrize(
    "fen, capture, winner",
    [
        # leniently accepted positions whose side not to move stands in check
        ("3k5/9/9/9/9/9/9/9/9/3R1K3 w - - 0 1", "d1d10", RED),
        ("3k5/9/9/9/9/9/9/9/9/4K1r2 b - - 0 1", "g1e1", BLACK),
    ],
)
def test_the_general_captured_ends_the_game_for_the_capturer(fen, capture, winner):
    pos = XIANGQI.position(fen, strict=False)
    pos.make(XIANGQI.parse_move(pos, capture))
    assert pos.outcome() == Outcome.won_by(Termination.GENERAL_CAPTURED, winner)
