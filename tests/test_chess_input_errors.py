"""Bad input to chess: every kind of malformed FEN raises a FenError naming the fault, and bad
or illegal move text raises a MoveError that leaves the position exactly as it was."""

import pytest

from core.errors import AmbiguousMoveError, FenError, IllegalMoveError, MoveError
from helpers import snapshot
from variants import get_variant

CHESS = get_variant("chess")
START = CHESS.start_fen


@pytest.mark.parametrize("fen,fault", [
    ("", "empty"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "side-to-move field"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", "rights field"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", "ep-square field"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", "fullmove-number field"),
    (START + " extra", "7 fields"),
    ("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "7 ranks, expected 8"),
    ("rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "9 ranks, expected 8"),
    ("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 6 has 9 files"),
    ("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 has 7 files"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "bad piece letter 'X'"),
    ("rnbqkbnr/pppppppp/8/8/3h4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "bad piece letter 'h'"),
    ("rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "bad empty-square count"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w kq - 0 1", "2 white kings"),
    ("rnbqqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "0 black kings"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move 'x'"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", "side to move 'W'"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", "bad letter 'x'"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1", "repeats 'K'"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "right 'K' needs"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1", "0 white kings"),
    ("4k3/8/8/8/8/8/8/8 w - - 0 1", "0 white kings"),
    (START.replace(" - ", " e9 "), "not a square"),
    (START.replace(" - ", " e4 "), "not on rank 6"),
    (START.replace(" - ", " e6 "), "does not follow a double pawn step"),
    (START.replace(" 0 1", " -1 1"), "halfmove clock '-1'"),
    (START.replace(" 0 1", " 0 0"), "fullmove number '0'"),
    (START.replace(" 0 1", " x 1"), "halfmove clock 'x'"),
    ("4k3/8/8/8/8/8/8/4K2P w - - 0 1", "pawn on h1"),
    ("4k2p/8/8/8/8/8/8/4K3 w - - 0 1", "pawn on h8"),
    ("4k3/P7/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", "9 white pawns"),
    ("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "black king in check with white to move"),
    ("4k3/8/8/8/8/8/8/r3K3 b - - 0 1", "white king in check with black to move"),
    ("k7/8/8/8/1b6/5n2/8/r3K3 w - - 0 1", "checked by 3 pieces"),
])
def test_malformed_fen_names_the_fault(fen, fault):
    with pytest.raises(FenError, match=None) as error:
        CHESS.position(fen)
    assert fault in str(error.value)
    assert "\n" not in str(error.value)


def test_fen_errors_are_value_errors():
    with pytest.raises(ValueError):
        CHESS.position("not a fen")


def test_epd_form_reads_with_default_counters():
    pos = CHESS.position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -")
    assert pos.fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"


def test_uncapturable_ep_square_is_dropped_like_python_chess():
    pos = CHESS.position("rnbqkbnr/ppp1pppp/8/3p4/8/8/PPPPPPPP/RNBQKBNR w KQkq d6 0 2")
    assert pos.fen() == "rnbqkbnr/ppp1pppp/8/3p4/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2"
    capturable = "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"
    assert CHESS.position(capturable).fen() == capturable


@pytest.mark.parametrize("text,error,fault", [
    ("e2e5", IllegalMoveError, "illegal move e2e5"),
    ("e1g1", IllegalMoveError, "illegal move e1g1"),
    ("Ke2", IllegalMoveError, "illegal move Ke2"),
    ("Qh5", IllegalMoveError, "illegal move Qh5"),
    ("z9z9", MoveError, "bad move text"),
    ("hello", MoveError, "bad move text"),
    ("", MoveError, "bad move text"),
    ("e2e4x", MoveError, "bad move text"),
    ("i2i4", MoveError, "bad move text"),
])
def test_bad_or_illegal_move_text_leaves_position_unchanged(text, error, fault):
    pos = CHESS.position()
    before = snapshot(pos)
    with pytest.raises(error) as raised:
        CHESS.parse_move(pos, text)
    assert fault in str(raised.value)
    assert snapshot(pos) == before


def test_push_rejects_an_illegal_move_int_without_change():
    pos = CHESS.position()
    before = snapshot(pos)
    with pytest.raises(IllegalMoveError):
        pos.push(12 | 36 << 7 | 1 << 17)  # e2e5 dressed up as a double step
    assert snapshot(pos) == before


def test_ambiguous_and_underspecified_san():
    pos = CHESS.position("4k3/8/8/8/R6R/8/8/4K3 w - - 0 1")
    before = snapshot(pos)
    with pytest.raises(AmbiguousMoveError, match="could be Rad4, Rhd4"):
        CHESS.parse_move(pos, "Rd4")
    assert snapshot(pos) == before
    pos = CHESS.position("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
    with pytest.raises(IllegalMoveError, match="needs a promotion piece"):
        CHESS.parse_move(pos, "b8")
    with pytest.raises(IllegalMoveError, match="needs a promotion piece"):
        CHESS.parse_move(pos, "b7b8")
