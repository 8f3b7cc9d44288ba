"""`xqchess play` as a player uses it: scripted games through piped standard input in both
games (to mate, rejected moves, undo, PGN save and reload, the guard and order views), the
rendering of each board, and one session in a real terminal (tmux)."""

import re
import shutil
import subprocess
import sys
import time
from types import SimpleNamespace

import pytest
from rich.console import Console

from cli.board_view import BoardView
from core.pgn import Game, read_pgn, write_pgn
from variants import NAMES, get_variant

ENGINE = [sys.executable, "-m", "cli.main"]
CHESS_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
XIANGQI_START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def play(variant, lines, *options):
    result = subprocess.run(ENGINE + ["play", variant, "--level", "1", *options],
                            input="".join(line + "\n" for line in lines), capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    return result.stdout


def fens(output):
    return re.findall(r"^\S+ [wb] \S+ \S+ \d+ \d+$", output, re.M)


def test_chess_game_to_mate_between_two_humans():
    out = play("chess", ["f3", "e7e5", "g4", "Qh4#", "fen"], "--side", "both")
    assert "Game over. Checkmate: Black wins (0-1)" in out
    assert fens(out)[-1] == "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"


def test_xiangqi_game_to_mate_in_every_notation():
    out = play("xiangqi", ["R9=6"], "--side", "both", "--fen", "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1")
    assert "Game over. Checkmate: Red wins (1-0)" in out
    for move in ("炮二平五", "h3e3", "H2-E2", "C2=5"):
        assert "plays C2=5" in play("xiangqi", [move, "quit"], "--side", "both")


def test_engine_plays_a_whole_game_against_itself():
    out = play("xiangqi", [], "--side", "none")
    assert out.count("Engine plays") > 4 and "Game over." in out


@pytest.mark.parametrize("variant,moves", [("chess", ["e4", "Ke3", "e2e5", "Nf9", "hello"]),
                                           ("xiangqi", ["C2=5", "C2=9", "h3h11", "炮二平九"])])
def test_rejected_moves_leave_the_game_unchanged(variant, moves):
    out = play(variant, ["fen", *moves, "fen", "moves"], "--side", "both")
    positions = fens(out)
    if variant == "chess":
        assert positions[-1] == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    else:
        assert positions[-1] == \
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
    assert out.count("Type moves to list the legal moves.") == len(moves) - 1
    assert "Nf6" in out.splitlines()[-1] or "H8+7" in out.splitlines()[-1]


def test_undo_returns_to_your_own_turn():
    out = play("chess", ["e4", "undo", "fen", "d4", "undo turn", "fen"])
    assert fens(out)[-2:] == [CHESS_START, CHESS_START]


def test_save_and_reload_a_pgn(tmp_path):
    for variant, moves in (("chess", ["e4", "e5", "Nf3", "Nc6", "Bb5"]),
                           ("xiangqi", ["C2=5", "H8+7", "H2+3", "R9+1"])):
        path = tmp_path / f"{variant}.pgn"
        out = play(variant, [*moves, "fen", f"save {path}", "quit"], "--side", "both")
        saved = fens(out)[-1]
        assert f"Saved {len(moves)} moves" in out
        text = path.read_text(encoding="utf-8")
        if variant == "xiangqi":
            assert '[Variant "xiangqi"]' in text and "1. C2=5 H8+7 2. H2+3 R9+1" in text
        out = play(variant, [f"load {path}", "fen"], "--side", "both")
        assert fens(out)[-1] == saved


def test_load_a_fen_and_report_bad_files(tmp_path):
    out = play("chess", ["load 4k3/8/8/8/8/8/8/4K2R w K - 0 1", "fen", "load /no/such/file.pgn"],
               "--side", "both")
    assert fens(out)[-1] == "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
    assert "cannot load /no/such/file.pgn" in out


def test_guard_and_order_views():
    out = play("chess", ["show guard", "show order"], "--side", "both", "--ascii")
    # rank 3 at the start: two pawns (9 each) and a knight (6) where they reach, by hand
    assert re.search(r"^ 3\s+\+15\s+\+18\s+\+24\s+\+18\s+\+18\s+\+24\s+\+18\s+\+15 3$", out, re.M)
    assert "search order (hash,see,killer,countermove,history)" in out
    assert re.search(r"│\s+1 │ \S+\s+│", out)
    out = play("xiangqi", ["show guard"], "--side", "both")
    assert "帥" in out and re.search(r"[+-]\d", out)


def test_help_draw_resign_level_and_flip():
    out = play("chess", ["help", "draw", "level 9", "level 2", "flip", "resign"])
    assert "show guard" in out and "No draw can be claimed now" in out
    assert "level needs a number from 1 to 8" in out and "Engine level 2." in out
    assert "Game over. White resigns: Black wins (0-1)" in out
    flipped = [line for line in out.splitlines() if line.strip().startswith("h  g  f")]
    assert flipped


def test_claiming_a_threefold_repetition():
    shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"] * 2
    out = play("chess", [*shuffle, "draw"], "--side", "both")
    assert "may be claimed" in out
    assert "Draw claimed: Draw by threefold repetition (1/2-1/2)" in out


def render(variant_name, fen, **options):
    variant = get_variant(variant_name)
    pos = variant.position(fen, strict=False)
    console = Console(width=120, record=True, color_system=None)
    console.print(BoardView(**options).render(pos))
    return console.export_text()


def test_chess_board_rendering_puts_each_piece_on_its_square():
    text = render("chess", "r3k2r/8/8/3Q4/8/8/8/R3K2R w KQkq - 0 1")
    rows = {line.split()[0]: line for line in text.splitlines() if line[:2].strip().isdigit()}
    files = "abcdefgh"
    header = next(line for line in text.splitlines() if line.strip().startswith("a"))
    column = {f: header.index(f) for f in files}
    expect = {("a", "8"): "♜", ("e", "8"): "♚", ("h", "8"): "♜", ("d", "5"): "♕",
              ("a", "1"): "♖", ("e", "1"): "♔", ("h", "1"): "♖"}
    for (file, rank), glyph in expect.items():
        assert rows[rank][column[file]] == glyph
    ascii_text = render("chess", "r3k2r/8/8/3Q4/8/8/8/R3K2R w KQkq - 0 1", ascii_pieces=True)
    assert " Q " in ascii_text and " k " in ascii_text


def test_xiangqi_board_rendering_has_river_palaces_and_pieces():
    text = render("xiangqi", XIANGQI_START)
    lines = text.splitlines()
    assert "楚  河" in text and "漢  界" in text
    assert lines[1].startswith("10 車──馬──象──士──將──士──象──馬──車 10")
    assert lines[-2].startswith(" 1 俥──傌──相──仕──帥──仕──相──傌──俥 1")
    assert "炮" in lines[15] and "砲" in lines[5]  # cannons on ranks 3 and 8
    palace_rows = [line for line in lines if "╲" in line or "╱" in line]
    assert len(palace_rows) == 4
    assert palace_rows[0].index("╲") < palace_rows[0].index("╱")  # upper half of a palace
    assert palace_rows[1].index("╱") < palace_rows[1].index("╲")  # lower half


def test_pgn_round_trip_and_errors():
    chess = get_variant("chess")
    pos = chess.position()
    moves = []
    for text in ["e4", "e5", "Nf3"]:
        moves.append(chess.parse_move(pos, text))
        pos.make(moves[-1])
    text = write_pgn(Game(chess, chess.start_fen, moves), "*")
    variants = [get_variant(name) for name in NAMES]
    game, result = read_pgn("{a comment} " + text.replace("2. Nf3", "2. Nf3 (2. Bc4 Bc5) $1"),
                            variants)
    assert game.moves == moves and result == "*"
    xiangqi_game, _ = read_pgn('[Variant "xiangqi"]\n1. C2.5 h8+7 2. H2+3 *', variants)
    assert len(xiangqi_game.moves) == 3
    with pytest.raises(Exception, match="PGN move 2 'Nf6'"):
        read_pgn("1. e4 e5 2. Nf6", variants)
    with pytest.raises(Exception, match="PGN variant 'shogi'"):
        read_pgn('[Variant "shogi"]\n1. P7g7f', variants)


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_real_terminal_session_in_tmux():
    session = f"xqchess-test-{int(time.time() * 1000)}"
    command = " ".join(ENGINE + ["play", "xiangqi", "--level", "1", "--side", "both"])
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "120", "-y", "60",
                    command], check=True)
    try:
        screen = ""
        for keys in ("C2=5", "fen"):
            time.sleep(1.5)
            subprocess.run(["tmux", "send-keys", "-t", session, keys, "Enter"], check=True)
        for _ in range(20):
            time.sleep(0.5)
            screen = subprocess.run(["tmux", "capture-pane", "-p", "-t", session],
                                    capture_output=True, text=True).stdout
            if "1C2C4" in screen:
                break
        assert "楚  河" in screen and "1C2C4" in screen, screen
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


def test_session_object_reads_namespace_options():
    from cli.play import PlaySession

    args = SimpleNamespace(variant="xiangqi", ascii=False, flip=False, level=1, notation=None,
                           side="black", fen=None, first=None)
    session = PlaySession(args, Console(record=True), interactive=False)
    assert session.flipped and session.notation == "wxf" and session.humans == {1}
