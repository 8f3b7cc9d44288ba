"""Differential test against python-chess over thousands of positions from seeded random games.

At every position of every game both libraries must agree on the legal moves (and the legal
captures and promotions, which our captures-only generator finds on its own), check,
checkmate, stalemate, insufficient material, the 50/75-move and repetition rules (claimed and
automatic), SAN for every legal move (written and read back) and the FEN. Games are random, but
with a bias towards moving a piece straight back, so repetitions really happen.
"""

import random

import pytest

chess = pytest.importorskip("chess", reason="python-chess (the oracle) is not installed")

from xqchess.core.outcome import Termination  # noqa: E402
from xqchess.variants import get_variant  # noqa: E402

GAMES = 33
POSITIONS_PER_GAME = 100  # 33 x 100 = 3,300 compared positions

TERMINATIONS = {
    chess.Termination.CHECKMATE: Termination.CHECKMATE,
    chess.Termination.STALEMATE: Termination.STALEMATE,
    chess.Termination.INSUFFICIENT_MATERIAL: Termination.INSUFFICIENT_MATERIAL,
    chess.Termination.SEVENTYFIVE_MOVES: Termination.SEVENTYFIVE_MOVES,
    chess.Termination.FIVEFOLD_REPETITION: Termination.FIVEFOLD_REPETITION,
    chess.Termination.FIFTY_MOVES: Termination.FIFTY_MOVES,
    chess.Termination.THREEFOLD_REPETITION: Termination.THREEFOLD_REPETITION,
}

# Start positions with long reversible play ahead, besides the initial position.
STARTS = [
    None,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K2R w K - 90 80",
    "8/8/3k4/8/8/2BBK3/8/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "7k/8/8/8/8/8/5Q2/6K1 w - - 0 1",
    "8/8/4k3/3n4/8/4K3/4P3/8 w - - 0 1",
    "k7/8/1K6/8/8/8/8/7R w - - 0 1",
    "8/8/8/3bk3/8/8/3NK3/8 b - - 0 1",
    "k7/2Q5/8/8/8/8/8/7K w - - 0 1",
]


def outcome_of(board, claim_draw):
    result = board.outcome(claim_draw=claim_draw)
    if result is None:
        return None
    winner = None if result.winner is None else int(not result.winner)
    return TERMINATIONS[result.termination], winner


def ours(outcome):
    return None if outcome is None else (outcome.termination, outcome.winner)


def compare(variant, pos, board):
    legal = pos.legal_moves()
    uci = {variant.format_move(pos, m, "uci"): m for m in legal}
    assert len(uci) == len(legal)
    assert set(uci) == {m.uci() for m in board.legal_moves}, board.fen()
    assert pos.fen() == board.fen()
    assert variant.position(pos.fen()).fen() == pos.fen()
    assert pos.is_check() == board.is_check()
    # the captures-only generator: python-chess's legal captures plus the quiet promotions
    captures = {variant.format_move(pos, m) for m in variant.legal_captures(pos)}
    assert captures == {m.uci() for m in board.generate_legal_captures()} | {
        m.uci() for m in board.legal_moves if m.promotion}, board.fen()
    for text, move in uci.items():
        san = variant.format_move(pos, move, "san")
        assert san == board.san(chess.Move.from_uci(text)), (board.fen(), text)
        assert variant.parse_move(pos, san) == move
    assert ours(pos.outcome()) == outcome_of(board, claim_draw=False), board.fen()
    assert ours(pos.outcome(claim_draw=True)) == outcome_of(board, claim_draw=True), board.fen()


def play_games(seed, start):
    """Compare POSITIONS_PER_GAME positions from random games from ``start`` (a new game
    begins when one ends); returns the terminations seen."""
    rng = random.Random(seed)
    variant = get_variant("chess")
    seen = []
    compared = 0
    while compared < POSITIONS_PER_GAME:
        pos = variant.position(start)
        board = chess.Board(start or chess.STARTING_FEN)
        while compared < POSITIONS_PER_GAME:
            compare(variant, pos, board)
            compared += 1
            outcome = pos.outcome(claim_draw=True)
            if outcome is not None:
                seen.append(outcome.termination)
            legal = sorted(pos.legal_moves())
            if not legal or pos.outcome() is not None:
                break
            move = rng.choice(legal)
            if len(board.move_stack) >= 2 and rng.random() < 0.6:
                last = board.move_stack[-2]
                back = chess.square_name(last.to_square) + chess.square_name(last.from_square)
                move = next((m for m in legal if variant.format_move(pos, m) == back), move)
            board.push(chess.Move.from_uci(variant.format_move(pos, move)))
            pos.make(move)
    return seen


def test_random_games_agree_with_python_chess():
    """Every compared position agrees, and the games reach every kind of ending, so the
    comparison exercises each rule it checks."""
    seen = set()
    for seed in range(GAMES):
        seen.update(play_games(seed, STARTS[seed % len(STARTS)]))
    assert set(TERMINATIONS.values()) <= seen, seen
