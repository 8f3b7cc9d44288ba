"""`xqchess.pgn`: games read and written from Python on the command line's reader, for every
game; chess PGN against python-chess's ``chess.pgn`` both ways; bad PGN refused naming the
fault."""

import doctest
import io
import random

import pytest
import xqchess
import xqchess.pgn
from xqchess.core.pgn import PgnError, read_pgn, write_pgn
from xqchess.variants import NAMES, get_variant


def python_chess():
    """python-chess with its pgn module (the oracle); the test skips where it is missing (the
    smoke set's venvs on the other Pythons)."""
    pytest.importorskip("chess", reason="python-chess (the oracle) is not installed")
    import chess.pgn

    return chess


def random_game(name: str, seed: int, plies: int, fen: str | None = None) -> xqchess.Board:
    """A board after up to ``plies`` random legal moves (fewer when the game ends)."""
    rng = random.Random(seed)
    board = xqchess.Board(name, fen)
    for _ in range(plies):
        if board.is_game_over():
            break
        board.push(rng.choice(list(board.legal_moves)))
    return board


def test_docstring_examples_run():
    result = doctest.testmod(xqchess.pgn, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_game_reads_back_as_written(name, seed):
    board = random_game(name, seed, 120)
    game = xqchess.pgn.Game.from_board(board)
    game.headers["White"] = 'A "quoted" name \\ with a backslash'
    text = str(game)
    read = xqchess.pgn.read_game(io.StringIO(text))
    assert read.mainline_moves() == board.move_stack
    assert read.end().board().fen() == board.fen()
    assert read.headers == game.headers
    assert str(read) == text
    outcome = board.outcome()
    assert read.headers["Result"] == (outcome.result() if outcome else "*")


@pytest.mark.parametrize("name", NAMES)
def test_a_game_from_a_set_up_position_carries_its_fen(name):
    start = random_game(name, 7, 10)
    board = xqchess.Board(name, start.fen())
    for move in random_game(name, 8, 6, start.fen()).move_stack:
        board.push(move)
    text = str(xqchess.pgn.Game.from_board(board))
    assert f'[SetUp "1"]\n[FEN "{start.fen()}"]' in text
    read = xqchess.pgn.read_game(io.StringIO(text))
    assert read.board().fen() == start.fen() and read.end().board().fen() == board.fen()
    assert [node.move for node in read.mainline()] == board.move_stack


def test_a_finished_game_writes_its_result():
    board = xqchess.Board("chess")
    for san in ("f3", "e5", "g4", "Qh4#"):
        board.push_san(san)
    text = str(xqchess.pgn.Game.from_board(board))
    assert '[Result "0-1"]' in text and text.endswith("2. g4 Qh4# 0-1\n")
    xiangqi = xqchess.Board("xiangqi", "4k4/9/9/9/9/9/9/9/9/3K1R3 w - - 0 1")
    xiangqi.push_notation("R4+8")  # the general has no move left: in xiangqi, a loss
    assert xiangqi.outcome().result() == "1-0"
    assert '[Result "1-0"]' in str(xqchess.pgn.Game.from_board(xiangqi))


@pytest.mark.parametrize(
    "tag, name",
    [
        ("", "chess"),
        ('[Variant "Standard"]\n', "chess"),
        ('[Variant "xiangqi"]\n', "xiangqi"),
        ('[Variant "Xiangqi"]\n', "xiangqi"),
        ('[Variant "capablanca"]\n', "capablanca"),  # cutechess's spelling
        ('[Variant "Capablanca"]\n', "capablanca"),
        ('[Variant "shatranj"]\n', "shatranj"),
        ('[Variant "minixiangqi"]\n', "minixiangqi"),
    ],
)
def test_the_variant_tag_names_the_game(tag, name):
    game = xqchess.pgn.read_game(io.StringIO(f'{tag}[Result "*"]\n\n*\n'))
    assert game.board().variant.name == name
    assert game.board().fen() == get_variant(name).start_fen


def test_games_are_read_one_after_another_from_a_file():
    first = random_game("chess", 11, 30)
    second = random_game("xiangqi", 12, 30)
    third = random_game("chess", 13, 10, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
    texts = [str(xqchess.pgn.Game.from_board(board)) for board in (first, second, third)]
    # the second game's movetext holds a comment with a blank line, and no blank line
    # separates the third game from the second
    second_text = texts[1].replace("\n\n1.", "\n\n{ a comment\n\nover lines } 1.", 1)
    handle = io.StringIO(texts[0] + "\n\n" + second_text + texts[2])
    games = [xqchess.pgn.read_game(handle) for _ in range(3)]
    assert [game.end().board().fen() for game in games] == [b.fen() for b in (first, second, third)]
    assert xqchess.pgn.read_game(handle) is None


def test_a_file_with_windows_line_ends_and_a_byte_order_mark_is_read():
    board = random_game("xiangqi", 31, 20)
    text = "\ufeff" + str(xqchess.pgn.Game.from_board(board)).replace("\n", "\r\n")
    assert xqchess.pgn.read_game(io.StringIO(text, newline="")).end().board().fen() == board.fen()


def test_the_first_game_of_many_is_read_with_its_own_tags():
    """read_pgn (the command line's `load`) took the tags of every game in a file: a match's
    PGN, each game from its own opening FEN, was read with the last game's FEN."""
    variants = [get_variant(name) for name in NAMES]
    start = xqchess.Board().fen()
    first = str(xqchess.pgn.Game.from_board(random_game("chess", 21, 6, start)))
    other = xqchess.Board("chess", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
    other.push_san("e4")
    game = read_pgn(first + "\n" + str(xqchess.pgn.Game.from_board(other)), variants)
    assert game.start_fen == start and len(game.moves) == 6


def test_a_game_is_a_view_of_the_kernels_record():
    """`Game.record` is the kernel's record the command line writes, `Game.from_record` reads
    one back; a result PGN does not know is refused when the game is written."""
    board = random_game("xiangqi", 41, 12, "4k4/9/9/9/9/9/9/9/9/3K1R3 w - - 0 1")
    game = xqchess.pgn.Game.from_board(board)
    record = game.record()
    assert record.variant.name == "xiangqi" and record.start_fen == game.headers["FEN"]
    assert record.position().fen() == board.fen() and record.result == board.result()
    assert write_pgn(record) == str(game) == str(xqchess.pgn.Game.from_record(record))
    game.headers["Result"] = "2-0"
    with pytest.raises(PgnError, match="PGN Result '2-0' is not one of"):
        str(game)


def test_a_game_is_built_move_by_move():
    game = xqchess.pgn.Game({"Variant": "xiangqi", "Event": "built"})
    node = game.add_main_variation("C2=5")
    node = node.add_main_variation("h10g8")
    assert node.ply() == 2 and node.parent.move.uci() == "h3e3"
    with pytest.raises(xqchess.IllegalMoveError):
        node.add_main_variation("C5+9")
    assert game.end() is node and game.mainline_moves() == [node.parent.move, node.move]
    assert "1. C2=5 H8+7 *" in str(game)


# -- python-chess, both ways -------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_python_chess_reads_our_chess_games(seed):
    chess = python_chess()
    board = random_game("chess", 100 + seed, 150)
    ours = xqchess.pgn.Game.from_board(board)
    ours.headers["Event"] = "Oracle check"
    theirs = chess.pgn.read_game(io.StringIO(str(ours)))
    assert theirs.errors == []
    assert [m.uci() for m in theirs.mainline_moves()] == [m.uci() for m in board.move_stack]
    assert theirs.end().board().fen() == board.fen()
    assert dict(theirs.headers) == ours.headers


@pytest.mark.parametrize("seed", range(6))
def test_we_read_python_chess_games(seed):
    chess = python_chess()
    rng = random.Random(200 + seed)
    board = chess.Board()
    if seed % 2:  # from a set-up position
        for _ in range(8):
            board.push(rng.choice(list(board.legal_moves)))
        board = chess.Board(board.fen())
    game = chess.pgn.Game.from_board(board)
    game.headers["White"] = "python-chess"
    node = game
    while not node.board().is_game_over() and node.ply() < 150:
        moves = list(node.board().legal_moves)
        node = node.add_main_variation(rng.choice(moves), comment="{a comment}")
        if len(moves) > 1 and rng.random() < 0.2:  # a variation and a NAG
            node.parent.add_variation(moves[0] if moves[0] != node.move else moves[1], nags={1})
    game.headers["Result"] = node.board().result()
    ours = xqchess.pgn.read_game(io.StringIO(str(game)))
    assert [m.uci() for m in ours.mainline_moves()] == [m.uci() for m in game.mainline_moves()]
    assert ours.end().board().fen() == node.board().fen()
    assert ours.headers == dict(game.headers)


# -- bad PGN ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, fault",
    [
        ('[Event "x"]\n\n1. e4 e5 2. Nf6 *\n', "PGN move 2 'Nf6': illegal move Nf6"),
        ('[Variant "shogi"]\n\n1. P7g7f *\n', "PGN variant 'shogi' is not one of"),
        ('[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n\n*\n', "PGN FEN tag: "),
        ('[Result "2-0"]\n\n1. e4 *\n', "PGN Result tag '2-0' is not one of"),
        ('[Result "1-0"]\n\n1. e4 0-1\n', "PGN result 0-1 after the moves contradicts"),
        ("1. e4 { a comment that never ends\n", "PGN has a comment { that is never closed"),
        ("1. e4 ( 1. d4 *\n", "PGN has an unbalanced variation parenthesis"),
    ],
)
def test_bad_pgn_is_refused_naming_the_fault(text, fault):
    with pytest.raises(PgnError) as refused:
        xqchess.pgn.read_game(io.StringIO(text))
    message = str(refused.value)
    assert message.startswith(fault) and "\n" not in message
    assert isinstance(refused.value, ValueError)


def test_an_empty_file_has_no_game():
    assert xqchess.pgn.read_game(io.StringIO("")) is None
    assert xqchess.pgn.read_game(io.StringIO("\n\n% an escaped line\n\n")) is None
