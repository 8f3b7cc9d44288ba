"""Shared test helpers: random positions reached by legal play, snapshots."""

from __future__ import annotations

import random

import pytest
from xqchess.core.position import Position
from xqchess.variants import get_variant


def random_walk(variant_name: str, seed: int, plies: int, fen: str | None = None) -> Position:
    """The position after up to ``plies`` random legal moves from ``fen`` (history kept),
    stopping early when the game is over."""
    rng = random.Random(seed)
    pos = get_variant(variant_name).position(fen, strict=False)
    for _ in range(plies):
        moves = pos.legal_moves()
        if not moves:
            break
        pos.make(rng.choice(sorted(moves)))
        if -1 in pos.kings:  # a composed start let a general fall: the game ended before
            pos.unmake()
            break
    return pos


def random_game_positions(variant_name: str, seed: int, games: int, plies: int):
    """Each position of ``games`` random games of up to ``plies`` plies from the start, with
    its legal moves; the game goes on with a random one of them after the caller is done."""
    variant = get_variant(variant_name)
    rng = random.Random(seed)
    for _ in range(games):
        pos = variant.position()
        for _ in range(plies):
            moves = pos.legal_moves()
            if not moves:
                break
            yield pos, moves
            pos.make(rng.choice(moves))


def snapshot(pos: Position) -> tuple:
    """Everything make/unmake must restore, as one comparable value."""
    return (
        list(pos.board),
        pos.side,
        pos.rights,
        pos.ep,
        pos.halfmove,
        pos.fullmove,
        pos.hash,
        pos.score,
        list(pos.kings),
        list(pos.piece_counts),
        len(pos.undo),
        list(pos.hashes),
    )


def refusal_cases(refusals):
    """pytest params (fen, notation, text, error, fault) from rows of (fen, {notation: text},
    error, fault): one case per notation a refused move is written in."""
    for fen, texts, error, fault in refusals:
        for notation, text in texts.items():
            yield pytest.param(fen, notation, text, error, fault, id=f"{notation}-{text}")


#: pyffish's value of a won game end, for the side to move.
PYFFISH_MATE = 32000


def as_pyffish(outcome, side: int) -> tuple[bool, int]:
    """An Outcome as pyffish's game-end answers: (over, value for the side to move ``side``)."""
    if outcome is None:
        return False, 0
    if outcome.winner is None:
        return True, 0
    return True, PYFFISH_MATE if outcome.winner == (side == 0) else -PYFFISH_MATE


def gives_check(pos: Position, move: int) -> bool:
    """Whether ``move`` checks (played and taken back)."""
    pos.make(move)
    check = pos.is_check()
    pos.unmake()
    return check
