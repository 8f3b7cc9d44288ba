"""Shatranj, the fifth game: perft-exact against pyffish from the start and
from random positions, its rules by hand (the ferz, the alfil, the single-step pawn promoting to
a ferz, stalemate and bare king losing), and the game playable through the API, UCI and `play`."""

import random
import subprocess
import sys

import pytest
import xqchess
from xqchess.core.outcome import Outcome, Termination
from xqchess.core.perft import perft
from xqchess.core.search import MATE_BOUND, Limits, SearchConfig, Searcher
from xqchess.ordering.spec import DEFAULT_SPEC, build_pipeline
from xqchess.variants import get_variant

sf = pytest.importorskip("pyffish", reason="pyffish (Fairy-Stockfish) is not installed")

SHATRANJ = get_variant("shatranj")
START = SHATRANJ.start_fen
ENGINE = [sys.executable, "-m", "xqchess.cli.main"]
WHITE, BLACK = 0, 1


def oracle_perft(fen: str, depth: int, moves: tuple = ()) -> int:
    """Leaves at ``depth`` by pyffish's legal moves (which gives none once the game has ended)."""
    legal = sf.legal_moves("shatranj", fen, list(moves))
    if depth == 1:
        return len(legal)
    return sum(oracle_perft(fen, depth - 1, moves + (move,)) for move in legal)


def random_positions(seed: int, count: int) -> list[str]:
    """FENs reached by random play from the start (pyffish's moves), some deep in the endgame."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        moves = []
        for _ in range(rng.randint(10, 160)):
            legal = sf.legal_moves("shatranj", START, moves)
            if not legal:
                break
            moves.append(rng.choice(legal))
        found.append(sf.get_fen("shatranj", START, moves))
    return found


def test_perft_from_the_start_matches_pyffish():
    assert [perft(SHATRANJ.position(), d) for d in (1, 2, 3)] == [16, 256, 4176]
    assert oracle_perft(START, 3) == 4176


@pytest.mark.parametrize("fen", random_positions(28, 6))
def test_perft_from_random_positions_matches_pyffish(fen):
    assert perft(SHATRANJ.position(fen), 3) == oracle_perft(fen, 3)


@pytest.mark.parametrize(
    "fen",
    [
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",  # Black bare after White's move: White (to move) wins
        "4k3/8/8/8/8/8/8/RR2K3 b - - 0 1",  # Black bare, White has two pieces: Black loses
        "4k3/8/8/8/8/8/8/R3K3 b - - 0 1",  # Black bare, to move, may take back: play goes on
        "k7/2K5/1Q6/8/8/8/8/8 b - - 0 1",  # stalemate
        "4k3/4P3/3K4/8/8/8/8/8 w - - 0 1",  # a pawn reaching the last rank becomes a ferz
    ],
)
def test_endgame_moves_match_pyffish(fen):
    ours = sorted(
        SHATRANJ.format_move(SHATRANJ.position(fen), m)
        for m in SHATRANJ.position(fen).legal_moves()
    )
    assert ours == sorted(sf.legal_moves("shatranj", fen, []))


@pytest.mark.parametrize(
    "fen",
    [
        # White bare against three black pieces: lost, though the king could take the alfil
        "8/4k3/8/5n2/8/8/b7/1K6 w - - 0 73",
        # found by the move-generator properties: the king has three quiet steps
        "8/4k3/8/5n2/pb2p1p1/1p6/b7/1K6 w - - 0 73",
    ],
)
def test_no_generator_gives_a_move_once_the_bare_king_rule_ended_the_game(fen):
    """Fairy-Stockfish lists no move once the rule applies; the captures-only and one-piece
    generators (quiescence, the UI's piece picking, `is_legal`) agree with the full list."""
    pos = SHATRANJ.position(fen)
    assert sf.legal_moves("shatranj", fen, []) == []
    assert pos.legal_moves() == []
    assert SHATRANJ.legal_captures(pos) == []
    assert all(SHATRANJ.piece_legal_moves(pos, sq) == [] for sq in range(64))


def test_pieces_move_as_shatranj_has_them():
    """By hand: a ferz on d4 steps to c3 c5 e3 e5; an alfil on c1 leaps to a3 and e3 over
    whatever stands on b2 and d2; a pawn on e2 steps to e3 only; on e7 it promotes to a ferz."""

    def targets(fen, origin):
        pos = SHATRANJ.position(fen)
        sq = SHATRANJ.geometry.parse_square(origin)
        return sorted(SHATRANJ.format_move(pos, m) for m in pos.legal_moves() if m & 127 == sq)

    assert targets("k6r/8/8/8/3Q4/8/8/K7 w - - 0 1", "d4") == ["d4c3", "d4c5", "d4e3", "d4e5"]
    assert targets("k6r/8/8/8/8/8/1P1P4/K1B5 w - - 0 1", "c1") == ["c1a3", "c1e3"]
    assert targets("k6r/8/8/8/8/8/4P3/K7 w - - 0 1", "e2") == ["e2e3"]
    assert targets("k6r/4P3/8/8/8/8/8/K7 w - - 0 1", "e7") == ["e7e8q"]


@pytest.mark.parametrize(
    "fen, outcome",
    [
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", Outcome.won_by(Termination.BARE_KING, WHITE)),
        ("4k3/8/8/8/8/8/8/RR2K3 b - - 0 1", Outcome.won_by(Termination.BARE_KING, WHITE)),
        ("4k3/8/8/8/8/8/8/R3K3 b - - 0 1", None),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", None),
        ("k7/2K5/1Q6/8/8/8/8/8 b - - 0 1", Outcome.won_by(Termination.STALEMATE, WHITE)),
        ("R6k/5Q1p/5K2/8/8/8/8/8 b - - 0 1", Outcome.won_by(Termination.CHECKMATE, WHITE)),
        ("4k3/8/8/8/8/8/3r4/R3K3 w - - 139 80", None),
        ("4k3/8/8/8/8/8/3r4/R3K3 w - - 140 80", Outcome(Termination.MOVE_LIMIT, None)),
    ],
)
def test_game_end_matches_pyffish(fen, outcome):
    """Hand-worked outcomes, each confirmed by pyffish's game-end verdicts."""
    assert SHATRANJ.position(fen).outcome() == outcome
    immediate, value = sf.is_immediate_game_end("shatranj", fen, [])
    optional, _ = sf.is_optional_game_end("shatranj", fen, [])
    if outcome is None:
        assert not immediate and not optional and sf.legal_moves("shatranj", fen, [])
    elif outcome.termination == Termination.MOVE_LIMIT:
        assert optional
    elif outcome.termination == Termination.BARE_KING:
        side = 0 if fen.split()[1] == "w" else 1
        assert immediate and (value > 0) == (outcome.winner == (side == 0))
    else:
        assert not sf.legal_moves("shatranj", fen, [])


@pytest.mark.parametrize(
    "fen, winner",
    [
        # by hand: Black's bare king cannot reach the rook, so after any king move White, to
        # move, wins by the bare-king rule (pyffish: no legal move, the mover wins)
        ("8/8/8/8/8/2k5/8/R3K3 b - - 0 1", WHITE),
        # the same won position with White to move: the game has ended in the mover's favour
        ("8/8/8/8/8/3k4/8/R3K3 w - - 0 1", WHITE),
        # White bares Black with a third piece left: Black, to move, has lost
        ("8/8/8/8/8/3k4/3n4/RR2K3 w - - 0 1", WHITE),
        # stalemated, which loses in shatranj
        ("k7/2K5/1Q6/8/8/8/8/8 b - - 0 1", WHITE),
    ],
)
def test_the_search_scores_a_game_the_rules_ended_for_its_winner(fen, winner):
    """A node without legal moves is scored by who the rules say has won, not always as a loss
    for the side to move: the bare-king rule ends the game in the mover's favour."""
    board = xqchess.Board("shatranj", fen)
    report = xqchess.search(board, depth=3, preset="baseline")  # quiescence sees every move
    mover = WHITE if fen.split()[1] == "w" else BLACK
    assert (report.score > 0) == (mover == winner) and report.mate is not None
    if mover == BLACK and board.legal_moves.count():
        board.push(report.best_move)
        assert board.outcome().winner is (winner == WHITE)


@pytest.mark.parametrize("mode", ["all", "safe", "pruned"])
def test_every_quiescence_sees_a_bare_king_win_at_the_horizon(mode):
    """White wins the knight (guarded by Black's king) within three plies, baring Black's
    king with both rooks left: a game won at depth 3's horizon. Pruned quiescence (the playing
    search's) stands pat without generating every move, so the rule must be asked at the node
    itself: before it was, that search scored the position 1000, not a win."""
    pos = SHATRANJ.position("8/8/8/8/8/3k4/3n4/RR2K3 w - - 0 1")
    searcher = Searcher(build_pipeline(DEFAULT_SPEC, SHATRANJ), SearchConfig(quiescence=mode))
    result = searcher.search(pos, Limits(depth=3))
    assert result.score >= MATE_BOUND


def test_the_api_plays_shatranj():
    board = xqchess.Board("shatranj")
    for text in ("e2e3", "e7e6", "d1e2", "f8d6"):
        board.push_notation(text)
    assert board.fen() == sf.get_fen("shatranj", START, ["e2e3", "e7e6", "d1e2", "f8d6"])


def test_uci_variant_plays_shatranj():
    """An engine client offers shatranj among UCI_Variant's values and gets a legal reply."""
    script = (
        "uci\nsetoption name UCI_Variant value shatranj\nposition startpos moves e2e3\n"
        "go depth 2\nisready\nquit\n"
    )
    result = subprocess.run(
        ENGINE + ["uci"], input=script, capture_output=True, text=True, timeout=120
    )
    lines = result.stdout.splitlines()
    variant_option = next(line for line in lines if "name UCI_Variant" in line)
    assert " var shatranj" in variant_option
    bestmove = next(line for line in lines if line.startswith("bestmove"))
    assert bestmove.split()[1] in sf.legal_moves("shatranj", START, ["e2e3"])


def test_play_shatranj_in_the_terminal():
    result = subprocess.run(
        ENGINE + ["play", "shatranj", "--side", "both"],
        input="e3\ne6\nfen\nquit\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    assert sf.get_fen("shatranj", START, ["e2e3", "e7e6"]) in result.stdout


def test_the_shipped_suite_is_read_as_shatranj():
    """Its FENs are chess FENs too: the suite is read in the game that ships it, so its best
    moves (an alfil's leap Bc5 over a pawn) are shatranj's."""
    from xqchess.cli.suites import load_suite

    suite = load_suite("shatranj-middlegames")
    assert suite.variant.name == "shatranj" and len(suite.positions) == 12
