"""The public API (`import xqchess`): its docstring examples run as tests, and the behaviour a
library user relies on: moves by value, refused input that changes nothing, search and perft
equal to the command line's, and the lab's `xqchess.cli.lab.run` giving the rows `xqchess lab`
writes."""

import csv
import doctest
import json
import subprocess
import sys
from pathlib import Path

import pytest
import xqchess
from xqchess.cli import lab
from xqchess.cli.lab import matrix
from xqchess.core import outcome
from xqchess.core.errors import AmbiguousMoveError, IllegalMoveError, XQChessError

CLI = [sys.executable, "-I", "-m", "xqchess.cli.main"]
ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.smoke
@pytest.mark.parametrize(
    "module",
    [xqchess, xqchess.analysis, xqchess.board, xqchess.move, outcome, matrix],
    ids=lambda m: m.__name__,
)
def test_docstring_examples_run(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_moves_compare_by_value_and_print_as_uci():
    chess, xiangqi = xqchess.Board("chess"), xqchess.Board("xiangqi")
    knight = chess.push_san("Nf3")
    assert knight == xqchess.Board("chess").push_notation("g1f3") == xqchess.Move(6, 21)
    assert hash(knight) == hash(xqchess.Move.from_uci("g1f3"))
    assert knight in xqchess.Board("chess").legal_moves
    assert str(knight) == knight.uci() == "g1f3" and chess.copy(stack=False) == chess.copy()
    cannon = xiangqi.push_notation("h3e3")
    assert str(cannon) == "h3e3" and cannon == xqchess.Move.from_uci("h3e3", "xiangqi")
    horse = xiangqi.push_notation("马８进７")
    assert horse.uci() == "h10g8" and xiangqi.peek() == horse and horse != cannon
    assert xqchess.Move.from_uci("h3e3") != cannon  # a chess move, not xiangqi's


@pytest.mark.parametrize(
    "variant, text, error",
    [
        ("chess", "Ke2", IllegalMoveError),
        ("chess", "e2e5", IllegalMoveError),
        ("chess", "zz9", XQChessError),
        ("xiangqi", "R9+4", IllegalMoveError),
        ("xiangqi", "C2=9", IllegalMoveError),
        ("xiangqi", "e1e3", IllegalMoveError),
    ],
)
def test_refused_moves_change_nothing(variant, text, error):
    board = xqchess.Board(variant)
    board.push(next(iter(board.legal_moves)))
    board.push(next(iter(board.legal_moves)))
    fen, stack = board.fen(), board.move_stack
    with pytest.raises(error):
        board.push_notation(text)
    assert board.fen() == fen and board.move_stack == stack


def test_an_ambiguous_move_is_refused_with_the_candidates():
    board = xqchess.Board("chess", "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1")
    with pytest.raises(AmbiguousMoveError, match="Nbd2, Nfd2"):
        board.push_san("Nd2")


def test_a_move_of_another_game_is_refused():
    chess = xqchess.Board("chess")
    move = next(iter(xqchess.Board("xiangqi").legal_moves))
    with pytest.raises(IllegalMoveError, match="a xiangqi move cannot be played in chess"):
        chess.push(move)
    assert chess.move_stack == []


def test_pop_and_peek_on_a_new_board_are_index_errors():
    board = xqchess.Board("xiangqi")
    with pytest.raises(IndexError):
        board.pop()
    with pytest.raises(IndexError):
        board.peek()


def test_copy_is_independent():
    board = xqchess.Board("chess")
    board.push_san("e4")
    other = board.copy()
    other.push_san("e5")
    assert len(board.move_stack) == 1 and len(other.move_stack) == 2
    assert board.fen() != other.fen()


def test_bad_fen_and_variant_are_the_errors_the_cli_reports():
    with pytest.raises(xqchess.FenError):
        xqchess.Board("chess", "8/8/8 w - - 0 1")
    with pytest.raises(xqchess.UnknownVariantError, match="shogi"):
        xqchess.Board("shogi")


@pytest.mark.parametrize("variant", xqchess.VARIANTS)
def test_search_reports_what_the_command_line_reports(variant):
    board = xqchess.Board(variant)
    board.push(list(board.legal_moves)[3])
    report = xqchess.search(board, depth=3)
    cli = json.loads(
        subprocess.run(
            CLI
            + [
                "search",
                variant,
                "--fen",
                board.fen(),
                "--depth",
                "3",
                "--json",
                "--notation",
                board.variant.pgn_notation,
                "--preset",
                "play",
            ],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    )
    assert report.statistics["nodes"] == cli["nodes"]
    assert report.statistics["bestmove"] == cli["bestmove"]
    assert report.statistics["pv"] == cli["pv"]
    assert report.best_move == report.pv[0] and report.best_move in board.legal_moves
    assert report.statistics["bestmove"] == board.notation(report.best_move)
    assert report.depth == 3 and report.mate is None


def test_search_options_are_checked():
    board = xqchess.Board("chess")
    with pytest.raises(XQChessError, match="unknown search option 'tablebase'"):
        xqchess.search(board, depth=2, tablebase=True)
    with pytest.raises(XQChessError, match="needs a limit"):
        xqchess.search(board)
    report = xqchess.search(board, depth=2, tt=False, ordering="mvvlva,killer")
    assert report.statistics["tt_hits"] == 0


def test_perft_equals_the_reference():
    assert xqchess.perft(xqchess.Board("chess"), 3) == 8_902
    assert xqchess.perft(xqchess.Board("xiangqi"), 3) == 79_666


def test_guard_values_follow_the_seed_from_whites_view():
    values = xqchess.guard_values(xqchess.Board("chess"))
    assert len(values) == 64
    # e3 is covered by White's d2 and f2 pawns (9 each); nothing of Black's reaches it
    assert values["e3"] == 18
    assert values["e6"] == -18
    assert len(xqchess.guard_values(xqchess.Board("xiangqi"))) == 90


def test_lab_run_gives_the_rows_the_command_writes(tmp_path):
    rows = lab.run(["chess"], depths=[2], specs=["mvvlva", "see"], positions=2)
    subprocess.run(
        CLI
        + [
            "lab",
            "chess",
            "--depth",
            "2",
            "--spec",
            "mvvlva",
            "--spec",
            "see",
            "--positions",
            "2",
            "--out",
            str(tmp_path),
            "--no-chart",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    with open(tmp_path / "lab.csv", encoding="utf-8") as handle:
        written = list(csv.DictReader(handle))
    assert [(r["spec"], float(r["avg_nodes"]), float(r["avg_qnodes"])) for r in written] == [
        (r["spec"], r["avg_nodes"], r["avg_qnodes"]) for r in rows
    ]


def test_lab_run_refuses_bad_arguments():
    with pytest.raises(XQChessError, match="positions must be at least 1"):
        lab.run(["chess"], positions=0)
    with pytest.raises(XQChessError, match="unknown preset"):
        lab.run(preset="greer-table9")


def test_the_installed_command_line_runs_from_any_folder(tmp_path):
    """Shipped suites and the CLI work from outside the checkout, in isolated mode: nothing
    depends on the checkout being on sys.path."""
    result = subprocess.run(
        CLI + ["bench", "xiangqi", "--depth", "1"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert any(line.startswith("Nodes searched") for line in result.stdout.splitlines())


@pytest.mark.smoke
@pytest.mark.parametrize("document", ["README.md", "docs/api.md"])
def test_the_documents_python_examples_run(document):
    result = doctest.testfile(
        str(ROOT / document), module_relative=False, optionflags=doctest.ELLIPSIS
    )
    assert result.attempted > 0 and result.failed == 0
