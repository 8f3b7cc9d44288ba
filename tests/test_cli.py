"""The command line as a user runs it: output formats, and one-line errors with exit code 2."""

import subprocess
import sys
from pathlib import Path

import pytest

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def xqchess(*args):
    return subprocess.run([sys.executable, "-m", "cli.main", *args],
                          capture_output=True, text=True, timeout=120)


def test_perft_prints_the_count():
    result = xqchess("perft", "chess", "--depth", "3")
    assert result.returncode == 0
    assert result.stdout == "8902\n"


def test_perft_divide_lines_then_total():
    result = xqchess("perft", "chess", "--fen", KIWIPETE, "--depth", "2", "--divide")
    lines = result.stdout.splitlines()
    assert result.returncode == 0
    assert lines[-1] == "2039"
    moves = dict(line.split(": ") for line in lines[:-1])
    assert len(moves) == 48
    assert moves["e1g1"] == "43" and moves["e5f7"] == "44"
    assert sum(int(c) for c in moves.values()) == 2039


def test_moves_in_uci_and_san():
    uci = xqchess("moves", "chess").stdout.split()
    san = xqchess("moves", "chess", "--san").stdout.split()
    assert len(uci) == len(san) == 20
    assert "e2e4" in uci and "Nf3" in san and "e4" in san
    castles = xqchess("moves", "chess", "--fen", KIWIPETE, "--notation", "san").stdout.split()
    assert "O-O" in castles and "O-O-O" in castles


def test_xiangqi_perft_and_moves_in_each_notation():
    assert xqchess("perft", "xiangqi", "--depth", "2").stdout == "1920\n"
    lines = xqchess("perft", "xiangqi", "--depth", "2", "--divide", "--notation", "wxf").stdout
    assert "C2=5: 45" in lines.splitlines() and lines.splitlines()[-1] == "1920"
    for notation, move in (("uci", "h3e3"), ("iccs", "h2e2"), ("wxf", "C2=5"),
                           ("chinese", "炮二平五")):
        listed = xqchess("moves", "xiangqi", "--notation", notation).stdout.split()
        assert len(listed) == 44 and move in listed


def test_lenient_accepts_composed_positions():
    composed = "4k4/9/9/9/9/9/9/2B3B2/3p5/3AKA3 w - - 0 1"
    assert xqchess("perft", "xiangqi", "--fen", composed, "--depth", "3").returncode == 2
    result = xqchess("perft", "xiangqi", "--fen", composed, "--depth", "3", "--lenient")
    assert result.stdout == "119\n"


@pytest.mark.parametrize("args,fault", [
    (["perft", "chess", "--fen", "8/8/8 w - - 0 1", "--depth", "2"], "FEN board has 3 ranks"),
    (["perft", "chess", "--depth", "0"], "must be at least 1"),
    (["perft", "chess", "--depth", "two"], "expected a whole number"),
    (["perft", "chess"], "--depth"),
    (["perft", "shogi", "--depth", "1"], "invalid choice: 'shogi'"),
    (["moves", "chess", "--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"], "side-to-move"),
    (["moves", "chess", "--notation", "wxf"], "notation 'wxf' is not one of"),
    (["frobnicate"], "invalid choice"),
    (["moves", "xiangqi", "--fen", "4k4/9/9/9/9/9/9/2B6/9/4K4 w - - 0 1"], "elephant on c3"),
    (["moves", "xiangqi", "--notation", "san"], "notation 'san' is not one of"),
])
def test_bad_input_is_one_line_with_exit_code_2(args, fault):
    result = xqchess(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1, result.stderr
    assert fault in result.stderr
    assert "Traceback" not in result.stderr


def test_installed_console_script_runs():
    script = Path(sys.executable).parent / "xqchess"
    if not script.exists():
        pytest.skip(f"no console script beside {sys.executable}: project not installed here")
    result = subprocess.run([str(script), "perft", "chess", "--depth", "2"],
                            capture_output=True, text=True, timeout=60)
    assert (result.returncode, result.stdout) == (0, "400\n")
