"""Proof by difference of the public API: seeded random games played through `xqchess.Board`
(moves pushed in turn as `Move` values, UCI, the game's own notation and SAN where it has it,
with a take-back now and then), every answer compared at every ply with the game's oracle as
its conformance settings name it (`conformance`): python-chess for chess, pyffish for the
others.

Compared with python-chess: turn, FEN, ply, legal moves in UCI (and the views' count), check,
each legal move's check (`gives_check`), checkmate, stalemate, insufficient material,
repetition (twice and three times), the draw claims, game over, outcome (termination and winner
as a colour) and result with and without claims, every square's piece (symbol, type, colour),
and every legal move's SAN written and read back. With pyffish: FEN, legal moves, check, each
legal move's check, checkmate, stalemate, insufficient material (where the game is drawn by
it), no draw to claim, game over, the winner and result, every square's piece as the oracle's
FEN has it, and the move played in each notation an oracle writes, read back.

The default run plays a few short games per game (seconds); ``-m slow`` plays many more.
"""

import random

import pytest
import xqchess
from xqchess.cli.check.differential import choose as choose_move
from xqchess.cli.check.differential import settings_of, shift_ranks, start_position
from xqchess.cli.check.oracles import (
    LIBRARY_ORACLES,
    PYFFISH_MATE,
    PythonChessOracle,
)
from xqchess.variants import NAMES

#: (games, plies per game) per game in the default run and in the slow run
DEFAULT_SAMPLE, SLOW_SAMPLE = (2, 15), (12, 150)


def need_oracles(game: str) -> None:
    settings = settings_of(xqchess.Board(game).variant)
    for name in set(settings["oracles"].values()):
        if not LIBRARY_ORACLES[name].installed():
            pytest.skip(f"{name} (an oracle) is not installed")


def pieces_of_fen(fen: str, files: int) -> dict[int, str]:
    """Square index -> FEN letter, from a FEN's placement (last rank first)."""
    rows = fen.split()[0].split("/")
    pieces = {}
    for rank, row in enumerate(reversed(rows)):
        file, digits = 0, ""
        for char in row + " ":
            if char.isdigit():
                digits += char
                continue
            file += int(digits or 0)
            digits = ""
            if char != " ":
                pieces[rank * files + file] = char
                file += 1
    return pieces


def compare_with_python_chess(board: xqchess.Board, oracle) -> None:
    """Every answer of ``board`` against python-chess's board after the same moves."""
    theirs = oracle.board
    where = (board.fen(), [m.uci() for m in theirs.move_stack])
    assert board.turn == theirs.turn, where
    assert board.fen() == theirs.fen(), where
    assert board.ply() == theirs.ply(), where
    legal = list(board.legal_moves)
    assert {m.uci() for m in legal} == {m.uci() for m in theirs.legal_moves}, where
    assert board.legal_moves.count() == len(legal) == theirs.legal_moves.count(), where
    assert bool(board.legal_moves) == bool(theirs.legal_moves), where
    for name in (
        "is_check",
        "is_checkmate",
        "is_stalemate",
        "is_insufficient_material",
        "can_claim_threefold_repetition",
        "can_claim_fifty_moves",
        "can_claim_draw",
    ):
        assert getattr(board, name)() == getattr(theirs, name)(), (name, where)
    for count in (2, 3):
        assert board.is_repetition(count) == theirs.is_repetition(count), (count, where)
    for claim_draw in (False, True):
        ours, expected = board.outcome(claim_draw=claim_draw), theirs.outcome(claim_draw=claim_draw)
        assert (ours is None) == (expected is None), (claim_draw, where)
        if ours is not None:
            assert ours.termination.name == expected.termination.name, where
            assert ours.winner is expected.winner, where
        assert board.result(claim_draw=claim_draw) == theirs.result(claim_draw=claim_draw)
        assert board.is_game_over(claim_draw=claim_draw) == theirs.is_game_over(
            claim_draw=claim_draw
        )
    for square in range(64):
        ours, expected = board.piece_at(square), theirs.piece_at(square)
        assert (ours is None) == (expected is None), (square, where)
        if ours is not None:
            assert (ours.symbol(), ours.piece_type, ours.color) == (
                expected.symbol(),
                expected.piece_type,
                expected.color,
            ), (square, where)
    for move in legal:
        theirs_move = oracle.library.Move.from_uci(move.uci())
        assert board.gives_check(move) == theirs.gives_check(theirs_move), (move.uci(), where)
        san = theirs.san(theirs_move)
        assert board.san(move) == san, where
        assert board.parse_san(san) == move, where


def compare_with_pyffish(board: xqchess.Board, oracle, settings: dict) -> None:
    """Every answer of ``board`` that pyffish gives after the same moves."""
    fen = oracle.fen()
    where = (board.variant.name, fen, oracle.moves)
    assert board.fen() == fen, where
    expected_legal = oracle.legal_moves()
    assert {m.uci() for m in board.legal_moves} == expected_legal, where
    check = oracle.check()
    assert board.is_check() == check, where
    for move in board.legal_moves:
        checks = oracle.sf.gives_check(oracle.variant, fen, [move.uci()])
        assert board.gives_check(move) == checks, (move.uci(), where)
    assert board.is_checkmate() == (check and not expected_legal), where
    assert board.is_stalemate() == (not check and not expected_legal), where
    dead = settings.get("dead_material_is_drawn", False) and all(
        oracle.sf.has_insufficient_material(oracle.variant, fen, [])
    )
    assert board.is_insufficient_material() == dead, where
    assert not board.can_claim_draw(), where  # Fairy-Stockfish's games end their draws
    (over, value), _ = oracle.game_end(board.position)
    outcome = board.outcome()
    assert board.is_game_over() == over == (outcome is not None), where
    if outcome is not None:
        winner = outcome.winner
        assert value == (
            0 if winner is None else PYFFISH_MATE * (1 if winner == board.turn else -1)
        )
        first_wins = value > 0 if board.turn == xqchess.WHITE else value < 0
        assert board.result() == ("1/2-1/2" if value == 0 else "1-0" if first_wins else "0-1")
    else:
        assert board.result() == "*"
    expected_pieces = pieces_of_fen(fen, board.variant.geometry.files)
    for square in range(board.variant.geometry.size):
        piece = board.piece_at(square)
        assert (piece and piece.symbol()) == expected_pieces.get(square), (square, where)


def compare_move_texts(board: xqchess.Board, move: xqchess.Move, oracle, settings: dict) -> None:
    """The move about to be played in every notation an oracle writes, and read back."""
    for notation, spec in settings["notations"].items():
        text = board.notation(move, notation)
        if spec is not None and spec["oracle"] == "pyffish":
            expected = oracle.write(move.uci(), spec["style"])
            assert text == shift_ranks(expected, spec.get("rank_shift", 0)), (notation, move)
        assert board.parse_notation(text, notation) == move, (notation, text)


def push(board: xqchess.Board, move: xqchess.Move, ply: int) -> None:
    """Play ``move`` by one of the ways a user has, in turn."""
    way = ply % 4
    if way == 0:
        assert board.push(move) == move
    elif way == 1:
        assert board.push_uci(move.uci()) == move
    elif way == 2 and "san" in board.notations:
        assert board.push_san(board.san(move)) == move
    else:
        assert board.push_notation(board.notation(move)) == move


def play_random_games(game: str, games: int, plies: int) -> int:
    """``games`` seeded random games of up to ``plies`` plies from the game's conformance
    starts, compared at every position; returns how many positions were compared."""
    need_oracles(game)
    settings = settings_of(board_variant(game))
    oracle_class = LIBRARY_ORACLES[settings["oracles"]["fen"]]
    spec = settings["differential"]
    compared = 0
    for seed in range(games):
        rng = random.Random(seed)
        start = spec["starts"][seed % len(spec["starts"])]
        strict = start_position(board_variant(game), start)[1]
        board = xqchess.Board(game, start, strict=strict)
        oracle = oracle_class(settings)
        oracle.reset(start)
        played: list[str] = []
        for ply in range(plies):
            if oracle_class is PythonChessOracle:
                compare_with_python_chess(board, oracle)
            else:
                compare_with_pyffish(board, oracle, settings)
            assert board.copy() == board and board.copy(stack=False) == board
            compared += 1
            if board.is_game_over() or not board.legal_moves:
                break
            move = xqchess.Move.from_code(
                choose_move(rng, board.position, played, spec["bias"]), game
            )
            if oracle_class is not PythonChessOracle:
                compare_move_texts(board, move, oracle, settings)
            if ply % 7 == 6:  # a take-back and the same move again
                fen = board.fen()
                board.push(move)
                assert board.pop() == move and board.fen() == fen
            push(board, move, ply)
            played.append(move.uci())
            oracle.play(move.uci())
    return compared


def board_variant(game: str):
    return xqchess.Board(game).variant


@pytest.mark.parametrize("game", NAMES)
def test_the_api_agrees_with_the_oracle(game):
    assert play_random_games(game, *DEFAULT_SAMPLE) > DEFAULT_SAMPLE[0]


@pytest.mark.slow
@pytest.mark.parametrize("game", NAMES)
def test_the_api_agrees_with_the_oracle_on_many_games(game):
    assert play_random_games(game, *SLOW_SAMPLE) > SLOW_SAMPLE[0] * 10
