"""The move generator object (`core.generator`) that `Position` calls at every node: each game
family's own generator answers as the definitions in `core.variant.Variant` do (the captures
and one piece's moves filtered from the legal moves, check as an attack on the royal piece),
and a game without one, or whose rules wrap the family's, gets its functions wrapped; the
check test `Position.gives_check` asks of a move before it is made, on each kind of move."""

import pytest
from helpers import random_game_positions
from xqchess.core.generator import FunctionGenerator, generator_of
from xqchess.core.moves import move_from
from xqchess.core.variant import Variant
from xqchess.variants import get_variant

FAMILY_GAMES = ["chess", "capablanca", "xiangqi", "minixiangqi"]


@pytest.mark.parametrize("variant_name", FAMILY_GAMES)
def test_a_family_generator_answers_as_the_variant_definitions(variant_name):
    variant = get_variant(variant_name)
    generator = variant.move_generator
    assert not isinstance(generator, FunctionGenerator)
    checked = checks = 0
    for pos, moves in random_game_positions(variant_name, seed=7, games=4, plies=60):
        assert generator.legal_moves(pos) == moves == variant.legal_moves(pos)
        assert pos.legal_captures() == Variant.legal_captures(variant, pos), pos.fen()
        assert pos.is_check() == Variant.is_check(variant, pos), pos.fen()
        for frm in sorted({move_from(move) for move in moves}):
            assert generator.origin_moves(pos, frm) == Variant.origin_legal_moves(variant, pos, frm)
        checked += 1
        checks += pos.is_check()
    assert checked > 150 and checks > 0


@pytest.mark.parametrize("variant_name", ["chess", "xiangqi"])
def test_the_wrapped_functions_give_the_same_answers(variant_name):
    """A position calling the variant's functions through `FunctionGenerator` generates,
    captures and tests check as the family's generator does."""
    variant = get_variant(variant_name)
    for pos, moves in random_game_positions(variant_name, seed=3, games=2, plies=60):
        wrapped = pos.copy()
        wrapped._generator = FunctionGenerator(variant)
        assert wrapped.legal_moves() == moves
        assert wrapped.legal_captures() == pos.legal_captures()
        assert wrapped.is_check() == pos.is_check()


def test_a_game_whose_rules_wrap_the_generator_gets_them_wrapped():
    """Shatranj ends the game on a bare king: its rules wrap the family's generator, so the
    position calls the wrapped rules (no legal move once a side is bared)."""
    shatranj = get_variant("shatranj")
    assert isinstance(shatranj.move_generator, FunctionGenerator)
    bared = shatranj.position("4k3/8/8/8/8/8/3R4/4K3 w - - 0 1")
    assert shatranj.rule_result(bared) is not None
    assert bared.legal_moves() == [] == bared.legal_captures()


def test_a_game_without_a_generator_gets_its_functions_wrapped():
    class Bare:
        @staticmethod
        def legal_moves(pos):
            return [pos]

    generator = generator_of(Bare())
    assert isinstance(generator, FunctionGenerator)
    assert generator.legal_moves(5) == [5]
    chess = get_variant("chess")
    assert generator_of(chess) is chess.move_generator


GIVES_CHECK_CASES = [
    # (game, FEN, {move: whether it checks}): each kind of move, and each way of checking
    ("chess", "5k2/8/8/8/8/8/8/4K2R w K - 0 1", {"e1g1": True, "h1h8": True, "e1d1": False}),
    ("chess", "8/8/8/4k3/8/8/3P4/4K3 w - - 0 1", {"d2d4": True, "d2d3": False}),
    ("chess", "4k3/8/8/8/8/8/4N3/4R1K1 w - - 0 1", {"e2c3": True, "g1h1": False}),
    ("chess", "2k5/4P3/8/8/8/8/8/4K3 w - - 0 1", {"e7e8q": True, "e7e8n": False}),
    ("chess", "8/8/8/k2pP2R/8/8/8/4K3 w - d6 0 1", {"e5d6": True, "e1e2": False}),
    (
        "xiangqi",
        "4k4/9/9/9/9/9/3N5/9/4C4/3K5 w - - 0 1",
        {"d4e6": True, "d4c6": False, "e2e3": False, "d1d2": False},
    ),
]


@pytest.mark.parametrize(("game", "fen", "expected"), GIVES_CHECK_CASES)
def test_gives_check_tells_the_check_after_each_kind_of_move(game, fen, expected):
    """Castling, a double step, a discovered check, promotions, a side capture and a cannon's
    new screen: `Position.gives_check` answers before the move is made, and changes nothing."""
    variant = get_variant(game)
    pos = variant.position(fen)
    for text, checks in expected.items():
        move = variant.parse_move(pos, text, "uci")
        assert pos.gives_check(move) is checks, text
        assert pos.fen() == fen and pos.hash == pos.compute_hash() and not pos.moves_played()
        pos.make(move)
        assert pos.is_check() is checks, text
        pos.unmake()
