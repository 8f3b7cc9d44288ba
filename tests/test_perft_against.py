"""`xqchess perft --against`: this package's perft compared with an engine's, down to the
position where the two move generators part, against engines with a deliberate fault
(tests/faulty_perft_engine.py), against Fairy-Stockfish, and against engines that fail."""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from faulty_perft_engine import FAILURES
from xqchess.core.moves import SIDE_CAPTURE, move_special
from xqchess.core.perft import perft
from xqchess.variants import get_variant

ENGINE = [sys.executable, "-m", "xqchess.cli.main"]
FAULTY = Path(__file__).with_name("faulty_perft_engine.py")


def perft_against(variant: str, fault: str, *options: str) -> subprocess.CompletedProcess:
    engine = shlex.join([sys.executable, str(FAULTY), fault])
    return subprocess.run(
        [*ENGINE, "perft", variant, "--against", engine, *options],
        capture_output=True,
        text=True,
        timeout=120,
    )


def report_field(out: str, label: str) -> str:
    line = next(line for line in out.splitlines() if line.strip().startswith(label))
    return line.strip()[len(label) :].strip()


def test_a_missing_en_passant_is_walked_down_to_the_position_that_allows_it():
    fen = "rnbqkbnr/1ppppppp/p7/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2"  # 1. e4 a6 2. e5
    result = perft_against("chess", "no-en-passant", "--fen", fen, "--depth", "3")
    assert result.returncode == 1, result.stderr
    out = result.stdout
    assert "depth 3 after the position" in out and "(differ)" in out
    assert "the legal moves differ after d7d5" in out, out
    divergence_fen = report_field(out, "FEN")
    chess = get_variant("chess")
    pos = chess.position(divergence_fen)
    en_passant = [
        chess.format_move(pos, move, "uci")
        for move in pos.legal_moves()
        if move_special(move) == SIDE_CAPTURE
    ]
    assert en_passant == ["e5d6"]
    assert report_field(out, "faulty misses:") == "e5d6"
    assert report_field(out, "faulty has extra:") == "-"


@pytest.mark.parametrize(
    "fault,fen,path,extra",
    [
        # d7d5, then exd6 would open the fifth rank from the rook on h5 to the king on a5
        ("en-passant-into-check", "8/3p4/8/K3P2r/8/8/8/7k b - - 0 1", "d7d5", "e5d6"),
        # a2f2, then O-O would take the king over f1, which the rook now attacks
        ("castle-through-check", "4k3/8/8/8/8/8/r7/4K2R b K - 0 1", "a2f2", "e1g1"),
    ],
)
def test_an_illegal_special_move_is_walked_down_to_the_exact_position(fault, fen, path, extra):
    result = perft_against("chess", fault, "--fen", fen, "--depth", "2")
    assert result.returncode == 1, result.stderr
    out = result.stdout
    assert f"the legal moves differ after {path}" in out, out
    chess = get_variant("chess")
    pos = chess.position(fen)
    pos.make(chess.parse_move(pos, path, "uci"))
    assert report_field(out, "FEN") == pos.fen()
    assert report_field(out, "faulty has extra:") == extra
    assert report_field(out, "faulty misses:") == "-"


def test_a_horse_jumping_a_blocked_leg_is_named_with_its_extra_moves():
    result = perft_against("xiangqi", "horse-leg", "--depth", "2")
    assert result.returncode == 1, result.stderr
    extra = report_field(result.stdout, "faulty has extra:").split()
    assert extra == ["b1d2", "h1f2"], result.stdout  # over the elephants on c1 and g1
    assert "the legal moves differ after (the position itself)" in result.stdout


def test_the_other_way_round_xqchess_is_under_test():
    result = perft_against("xiangqi", "horse-leg", "--depth", "1", "--reference", "engine")
    assert result.returncode == 1
    assert report_field(result.stdout, "xqchess misses:") == "b1d2 h1f2"


def test_a_faultless_engine_agrees_after_moves():
    result = perft_against("chess", "none", "--depth", "2", "--moves", "e2e4", "e7e5")
    assert result.returncode == 0, result.stderr
    chess = get_variant("chess")
    pos = chess.position()
    for text in ("e2e4", "e7e5"):
        pos.make(chess.parse_move(pos, text, "uci"))
    count = perft(pos, 2)
    assert f"depth 2 after the position: xqchess {count}, faulty {count} (agree)" in result.stdout


@pytest.mark.parametrize("fault,message", FAILURES)
def test_an_engine_that_fails_gets_one_line_and_exit_2(fault, message):
    result = perft_against("chess", fault, "--depth", "1", "--timeout", "2")
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("xqchess: error: ") and message in lines[0]


def test_a_timeout_must_be_above_zero():
    result = perft_against("chess", "none", "--depth", "1", "--timeout", "0")
    assert result.returncode == 2 and "must be above 0 seconds, got 0" in result.stderr
    assert "Traceback" not in result.stderr


def test_moves_and_options_need_an_engine():
    result = subprocess.run(
        [*ENGINE, "perft", "chess", "--depth", "1", "--moves", "e2e4"],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 2 and "--moves and --option go with --against" in result.stderr


@pytest.mark.skipif(
    shutil.which("fairy-stockfish") is None and not Path("/usr/games/fairy-stockfish").exists(),
    reason="Debian's fairy-stockfish is not installed",
)
@pytest.mark.parametrize("variant", ["chess", "xiangqi", "shatranj"])
def test_fairy_stockfish_agrees_on_every_shipped_rule_set(variant):
    result = subprocess.run(
        [*ENGINE, "perft", variant, "--depth", "3", "--against", "fairy-stockfish"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "agree" in result.stdout.splitlines()[-1]
