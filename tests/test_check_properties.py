"""The conformance kit's property runner (`xqchess.cli.check.properties`): it passes on every
registered game, gives the same results for the same seed, and catches a move generator that
breaks the rules, telling a walk that reproduces the failure."""

import pytest
from faulty_perft_engine import blocked_horse_jumps
from helpers import fresh_variant, with_extra_moves
from xqchess.cli.check.properties import (
    PROPERTIES,
    PropertyViolation,
    check_properties,
    walk_starts,
)
from xqchess.core.moves import is_capture
from xqchess.variants import NAMES, get_variant

#: the properties an illegal move among the legal ones breaks
LEGALITY_PROPERTIES = {
    "no_legal_move_leaves_own_king_attacked",
    "partial_generators_are_the_full_lists_parts",
}


def blocked_horse_captures(pos):
    return [move for move in blocked_horse_jumps(pos) if is_capture(pos, move)]


def assert_reproduces(variant, result):
    """The failure's moves, played from its start, reach its FEN, where the property fails
    again with its message."""
    failure = result.failure
    pos = variant.position(failure.start_fen, strict=False)
    for text in failure.moves:
        pos.make(variant.parse_move(pos, text, "uci"))
    assert pos.fen() == failure.fen
    with pytest.raises(PropertyViolation) as violation:
        PROPERTIES[result.name](pos)
    assert str(violation.value) == failure.message


@pytest.mark.parametrize("game", NAMES)
def test_every_game_keeps_its_invariants(game, capsys):
    seen = []
    results = check_properties(get_variant(game), examples=5, on_example=seen.append)
    assert [(r.name, r.examples, r.failure) for r in results] == [
        (name, 5, None) for name in PROPERTIES
    ]
    assert seen == [name for name in PROPERTIES for _ in range(5)]
    assert capsys.readouterr() == ("", "")


def test_the_walks_start_from_the_start_and_the_perft_positions():
    variant = get_variant("xiangqi")
    starts = walk_starts(variant)
    assert starts[0] is None and len(starts) > 1
    assert all(variant.position(fen, strict=False) for fen in starts[1:])


def test_a_game_without_a_perft_reference_walks_from_its_start():
    variant = fresh_variant("minixiangqi")
    variant.data_package = "xqchess.core"  # no data folder there
    assert walk_starts(variant) == [None]
    assert all(result.passed for result in check_properties(variant, examples=5))


def test_an_illegal_move_among_the_legal_ones_is_caught_and_reproduced():
    """Horse jumps over a blocked leg: the start already has one (b1d2 over the elephant)."""
    variant = with_extra_moves(fresh_variant("xiangqi"), blocked_horse_jumps)
    results = check_properties(variant, examples=10)
    failed = [result for result in results if not result.passed]
    assert failed and {result.name for result in failed} <= LEGALITY_PROPERTIES
    for result in failed:
        assert result.examples >= 1
        assert_reproduces(variant, result)


def test_a_fault_deep_in_the_game_is_shrunk_to_a_walk_that_reproduces_it_the_same_each_run(
    capsys,
):
    """Only blocked horse jumps that capture, which the start has none of: the failure is a
    walk with moves, and the same seed finds the same one; nothing is printed."""
    variant = with_extra_moves(fresh_variant("xiangqi"), blocked_horse_captures)
    first = check_properties(variant, examples=50, seed=0)
    assert check_properties(variant, examples=50, seed=0) == first
    failed = [result for result in first if not result.passed]
    assert failed and {result.name for result in failed} <= LEGALITY_PROPERTIES
    for result in failed:
        assert result.failure.moves
        assert_reproduces(variant, result)
    assert capsys.readouterr() == ("", "")


def test_a_property_that_crashes_fails_alone_naming_the_error():
    variant = fresh_variant("chess")

    def all_attackers(board, sq):
        raise ZeroDivisionError("no attackers today")

    variant.all_attackers = all_attackers
    results = {result.name: result for result in check_properties(variant, examples=3)}
    crashed = results.pop("all_attackers_are_both_colors_attackers")
    assert crashed.failure.message == "ZeroDivisionError: no attackers today"
    assert crashed.failure.moves == ()
    assert all(result.passed for result in results.values())
