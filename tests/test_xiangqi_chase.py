"""Xiangqi perpetual chase, as Fairy-Stockfish rules it: what one move chases (hand-worked),
Fairy-Stockfish's own six repetition vectors, 2,000 generated repetition cycles compared with
pyffish's verdict at every position from the first repetition on, and the search's use of the
rule."""

import collections

import pytest
from chase_cycles import ATTACKER_KINDS, generate
from helpers import as_pyffish
from xqchess.cli.tui.game import termination_text
from xqchess.core.outcome import Outcome, Termination
from xqchess.core.search import MATE, Limits, SearchConfig, Searcher
from xqchess.ordering.spec import DEFAULT_SPEC, build_pipeline
from xqchess.variants import get_variant
from xqchess.variants.families.xiangqi_family.attacks import make_attacks
from xqchess.variants.families.xiangqi_family.chase import make_chase
from xqchess.variants.xiangqi.board_tables import TABLES

XIANGQI = get_variant("xiangqi")
chased = make_chase(TABLES, make_attacks(TABLES).attackers).chased
RED, BLACK = True, False  # the winners an Outcome names
GENERATED_CYCLES = 2000


def chased_names(fen: str, move_text: str) -> list[str]:
    """The squares of the pieces the move chases, by name."""
    pos = XIANGQI.position(fen)
    before = list(pos.board)
    move = XIANGQI.parse_move(pos, move_text, "uci")
    pos.make(move)
    mask = chased(pos.board, before, move, pos.side)
    return [XIANGQI.geometry.square_name(s) for s in range(XIANGQI.geometry.size) if mask >> s & 1]


# (FEN, move, what it chases, why)
HAND_WORKED = [
    (
        "2r1k4/9/9/2r6/9/9/9/N8/9/3K5 w - - 0 1",
        "a3b5",
        ["c7"],
        "a horse attacking a chariot chases it though it is protected",
    ),
    (
        "4k4/9/9/2n6/R8/9/9/9/9/3K5 w - - 0 1",
        "a6c6",
        ["c7"],
        "a chariot attacking an unprotected horse chases it",
    ),
    (
        "2r1k4/9/9/2n6/R8/9/9/9/9/3K5 w - - 0 1",
        "a6c6",
        [],
        "a protected horse is not chased by a chariot",
    ),
    (
        "4k4/9/9/2p6/R8/9/9/9/9/3K5 w - - 0 1",
        "a6c6",
        [],
        "a soldier that has not crossed the river is never chased",
    ),
    ("4k4/9/9/9/9/9/2p6/R8/9/3K5 w - - 0 1", "a3c3", ["c4"], "a crossed soldier, unprotected, is"),
    (
        "9/3nk4/R8/9/9/9/9/9/9/3K5 w - - 0 1",
        "a8a9",
        ["d9"],
        "a general is no protection where taking back would face the other general",
    ),
    ("9/3nk4/R8/9/9/9/9/9/9/5K3 w - - 0 1", "a8a9", [], "elsewhere a general protects"),
    (
        "4k4/9/4r4/R8/9/9/9/4R4/9/3K5 w - - 0 1",
        "a7a8",
        ["e8"],
        "a chariot chases a chariot that is pinned to its general",
    ),
    ("4k4/9/4r4/R8/9/9/9/5R3/9/3K5 w - - 0 1", "a7a8", [], "but not one that can strike back"),
    ("4k4/9/9/9/9/9/9/9/9/3K1R3 w - - 0 1", "f1f9", [], "a check chases nothing"),
]


@pytest.mark.parametrize("fen,move,expected,why", HAND_WORKED)
def test_what_one_move_chases(fen, move, expected, why):
    assert chased_names(fen, move) == expected, why


# Fairy-Stockfish's own vectors (its test.py): start, moves, how the game ends.
START_1 = "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1"
CHASE_1 = "c3a3 a8b8 a3b3 b8a8 b3a3 a8b8 a3b3 b8a8 b3a3".split()
VECTORS = [
    (START_1, CHASE_1, Outcome(Termination.PERPETUAL_CHASE, BLACK)),
    (START_1, CHASE_1 + "a8b8 a3b3 b8a8".split(), Outcome(Termination.PERPETUAL_CHASE, BLACK)),
    (
        "2bakabr1/9/9/r1p1p1p2/p7R/P8/9/9/9/1C1AKA3 w - - 0 1",
        "a5a6 a7b7 a6b6 b7a7 b6a6 a7b7 a6b6 b7a7 b6a6".split(),
        Outcome(Termination.THREEFOLD_REPETITION, None),
    ),
    (
        "4k4/7n1/9/4pR3/9/9/4P4/9/9/4K4 w - - 0 1",
        ["f7h7"] + "h9f8 h7h8 f8g6 h8g8 g6i7 g8g7 i7h9 g7h7".split() * 2,
        Outcome(Termination.THREEFOLD_REPETITION, None),
    ),
    (
        "9/3kc4/3a5/3P5/9/4p4/9/4K4/9/3C5 w - - 0 1",
        "d7e7 e5d5 e7d7 d5e5".split() * 2,
        Outcome(Termination.PERPETUAL_CHECK, RED),
    ),
    (
        "9/4c4/3k5/3r5/9/9/4C4/9/4K4/3R5 w - - 0 1",
        "e4d4 d7e7 d4e4 e7d7".split() * 2,
        Outcome(Termination.THREEFOLD_REPETITION, None),
    ),
]


def play(start, moves):
    pos = XIANGQI.position(start)
    for text in moves:
        pos.push(XIANGQI.parse_move(pos, text, "uci"))
    return pos


@pytest.mark.parametrize("start,moves,expected", VECTORS)
def test_fairy_stockfish_repetition_vectors(start, moves, expected):
    pos = play(start, moves)
    assert pos.outcome() == expected
    sf = pytest.importorskip("pyffish")
    assert as_pyffish(expected, pos.side) == sf.is_optional_game_end("xiangqi", start, moves)


@pytest.mark.slow  # every generated cycle against pyffish (40 s); the hand-made ones run by default
def test_generated_cycles_agree_with_fairy_stockfish():
    """2,000 cycles; every position from the cycle's first repetition on is compared."""
    sf = pytest.importorskip("pyffish")
    verdicts = collections.Counter()
    kinds = collections.Counter()
    for cycle in generate(GENERATED_CYCLES, seed=11):
        pos = XIANGQI.position(cycle.start)
        for played, text in enumerate(cycle.moves, 1):
            pos.push(XIANGQI.parse_move(pos, text, "uci"))
            if played >= cycle.first_compared:
                outcome = pos.outcome()
                expected = sf.is_optional_game_end("xiangqi", cycle.start, cycle.moves[:played])
                expected = (expected[0], expected[1] if expected[0] else 0)
                assert as_pyffish(outcome, pos.side) == expected, (cycle.start, cycle.moves)
        verdicts[outcome.termination, outcome.winner] += 1
        kinds[cycle.attacker_kind] += 1
    assert set(kinds) == set(ATTACKER_KINDS)
    red_lost, black_lost = (
        verdicts[Termination.PERPETUAL_CHASE, winner] for winner in (BLACK, RED)
    )
    chases = red_lost + black_lost
    assert min(red_lost, black_lost) >= 25, verdicts
    assert chases >= 100 and verdicts[Termination.THREEFOLD_REPETITION, None] >= 1000, verdicts


def test_a_chase_is_judged_at_the_third_occurrence_in_the_search():
    """Red's cannon chased Black's chariot twice round: at the second occurrence the search plays
    on (None), at the third Red has lost."""
    twice = play(START_1, CHASE_1[:5])
    checks = twice.checks_back(4)
    assert XIANGQI.repetition_result(twice, checks, occurrences=2) is None
    thrice = play(START_1, CHASE_1)
    assert XIANGQI.repetition_result(thrice, thrice.checks_back(8), occurrences=3) == 1


def test_the_engine_avoids_a_losing_chase():
    """Red is behind: a repetition draw would suit it, but b3a3 repeats the chase a third time
    and loses, so the search plays something else."""
    pos = play(START_1, CHASE_1[:-1])
    searcher = Searcher(build_pipeline(DEFAULT_SPEC, XIANGQI), SearchConfig())
    result = searcher.search(pos.copy(), Limits(depth=3))
    assert -MATE // 2 < result.score < 0
    assert XIANGQI.format_move(pos, result.best_move) != CHASE_1[-1]
    assert play(START_1, CHASE_1).outcome() == Outcome(Termination.PERPETUAL_CHASE, BLACK)


def test_a_perpetual_chase_is_announced_with_its_winner():
    outcome = play(START_1, CHASE_1).outcome()
    assert termination_text(outcome, XIANGQI.color_names) == "Perpetual chase: Black wins (0-1)"
    assert outcome.result() == "0-1"
