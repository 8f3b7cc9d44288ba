"""The position's history: the undo stack and the hashes, kept in arrays that grow as a game
goes on, read by `Position.moves_played`, `move_back`, `captured_back`, `hash_back` and
`hashes`, and emptied by `forget_history`, in both kernels (whichever this run imports)."""

import random

import pytest
from helpers import snapshot
from xqchess.core.moves import move_to
from xqchess.core.position import FIRST_CAPACITY
from xqchess.variants import get_variant

#: long enough for the arrays to double twice
PLIES = 2 * FIRST_CAPACITY + 40


def play_out(variant_name: str, seed: int):
    """A position after up to `PLIES` random legal moves from the start, the moves, the
    pieces on their destinations before each and the hashes after each (the start's first)."""
    pos = get_variant(variant_name).position()
    rng = random.Random(seed)
    moves, captured, hashes = [], [], [pos.hash]
    for _ in range(PLIES):
        legal = pos.legal_moves()
        rng.shuffle(legal)
        for move in legal:  # one that leaves the other side a move: the game goes on
            piece = pos.board[move_to(move)]
            pos.make(move)
            if pos.legal_moves():
                break
            pos.unmake()
        else:
            break
        captured.append(piece)
        moves.append(move)
        hashes.append(pos.hash)
    return pos, moves, captured, hashes


@pytest.mark.parametrize("variant_name", ["chess", "xiangqi"])
@pytest.mark.parametrize("seed", [1, 2])
def test_the_history_reads_back_every_move_piece_and_hash(variant_name, seed):
    pos, moves, captured, hashes = play_out(variant_name, seed)
    assert len(moves) > 2 * FIRST_CAPACITY  # the arrays grew past their first room twice
    assert pos.plies == len(moves)
    assert pos.moves_played() == moves
    assert pos.hashes == hashes
    for back in range(len(moves)):
        assert pos.move_back(back) == moves[-1 - back]
        # a side capture (en passant) takes from another square: its destination is empty
        assert pos.captured_back(back) == captured[-1 - back]
        assert pos.hash_back(back) == hashes[-1 - back]
    assert pos.hash_back(len(moves)) == hashes[0]


@pytest.mark.parametrize("variant_name", ["chess", "xiangqi"])
def test_a_copy_keeps_the_history_and_shares_none_of_it(variant_name):
    pos, moves, _, hashes = play_out(variant_name, 3)
    other = pos.copy()
    assert snapshot(other) == snapshot(pos)
    for _ in range(10):
        other.unmake()
    other.make(other.legal_moves()[0])
    assert pos.moves_played() == moves and pos.hashes == hashes
    while other.plies:
        other.unmake()
    assert other.fen() == get_variant(variant_name).position().fen()
    assert other.hashes == [hashes[0]]


@pytest.mark.parametrize("variant_name", ["chess", "xiangqi"])
def test_reading_or_taking_back_past_the_history_raises_and_changes_nothing(variant_name):
    pos, moves, _, _ = play_out(variant_name, 4)
    before = snapshot(pos)
    for bad in (-1, len(moves)):
        with pytest.raises(IndexError, match="plies back"):
            pos.move_back(bad)
        with pytest.raises(IndexError, match="plies back"):
            pos.captured_back(bad)
    for bad in (-1, len(moves) + 1):
        with pytest.raises(IndexError, match="plies back"):
            pos.hash_back(bad)
    assert snapshot(pos) == before
    start = get_variant(variant_name).position()
    with pytest.raises(IndexError, match="no move to take back"):
        start.unmake()
    with pytest.raises(IndexError, match="no move to take back"):
        start.unmake_null()
    assert start.plies == 0 and start.fen() == get_variant(variant_name).position().fen()


def test_forgetting_the_history_starts_it_at_the_position():
    pos, _, _, _ = play_out("chess", 5)
    fen, key = pos.fen(), pos.hash
    pos.forget_history()
    assert pos.plies == 0 and pos.moves_played() == [] and pos.hashes == [key]
    assert pos.fen() == fen and pos.repetitions() == 1
    with pytest.raises(IndexError, match="no move to take back"):
        pos.unmake()
    move = pos.legal_moves()[0]
    pos.make(move)
    assert pos.moves_played() == [move] and pos.hash_back(1) == key
    pos.unmake()
    assert pos.fen() == fen and pos.hashes == [key]


def test_a_null_move_is_on_the_stack_as_0():
    pos = get_variant("chess").position()
    key = pos.hash
    pos.make_null()
    assert pos.plies == 1 and pos.move_back(0) == 0 and pos.captured_back(0) == 0
    assert pos.hash_back(1) == key and pos.hash != key
    pos.unmake_null()
    assert pos.plies == 0 and pos.hash == key
