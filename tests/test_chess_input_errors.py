"""Bad input to chess: every kind of malformed FEN raises a FenError naming the fault, and bad
or illegal move text raises a MoveError that leaves the position exactly as it was."""

import pytest
from helpers import random_walk, refusal_cases, snapshot
from xqchess.core.errors import AmbiguousMoveError, FenError, IllegalMoveError, MoveError
from xqchess.core.legality import rejection
from xqchess.core.moves import (
    COMPANION,
    SIDE_CAPTURE,
    SPECIAL_SHIFT,
    move_from,
    move_special,
    move_to,
)
from xqchess.variants import get_variant

CHESS = get_variant("chess")
START = CHESS.start_fen


@pytest.mark.parametrize(
    "fen,fault",
    [
        ("", "empty"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "side-to-move field"),
        (START + " extra", "7 fields, expected at most 6"),
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
        # the compiled kernel's counters are C ints: a larger one is refused in both kernels
        (START.replace(" 0 1", " 0 99999999999"), "fullmove number '99999999999'"),
        (START.replace(" 0 1", " 1073741825 1"), "halfmove clock '1073741825'"),
        (START.replace(" 0 1", " 0 " + "9" * 5000), "fullmove number '99999999999999999999..."),
        ("4k3/8/8/8/8/8/8/4K2P w - - 0 1", "pawn on h1"),
        ("4k2p/8/8/8/8/8/8/4K3 w - - 0 1", "pawn on h8"),
        ("4k3/P7/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", "9 white pawns"),
        ("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "black king in check with white to move"),
        ("4k3/8/8/8/8/8/8/r3K3 b - - 0 1", "white king in check with black to move"),
        ("k7/8/8/8/1b6/5n2/8/r3K3 w - - 0 1", "checked by 3 pieces"),
    ],
)
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


@pytest.mark.parametrize(
    "short, fen",
    [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 1",
        ),
    ],
)
def test_fields_left_off_after_the_side_read_as_fairy_stockfish_reads_them(short, fen):
    """Fields after the side to move left off at the end mean no rights, no ep square and
    counters 0 1, as Fairy-Stockfish and python-chess read them (the protocols take
    what they take, where it is harmless)."""
    assert CHESS.position(short).fen() == fen


def test_uncapturable_ep_square_is_dropped_like_python_chess():
    pos = CHESS.position("rnbqkbnr/ppp1pppp/8/3p4/8/8/PPPPPPPP/RNBQKBNR w KQkq d6 0 2")
    assert pos.fen() == "rnbqkbnr/ppp1pppp/8/3p4/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2"
    capturable = "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"
    assert CHESS.position(capturable).fen() == capturable


@pytest.mark.parametrize(
    "text,error,fault",
    [
        ("e2e5", IllegalMoveError, "illegal move e2e5"),
        ("e1g1", IllegalMoveError, "illegal move e1g1"),
        ("Ke2", IllegalMoveError, "illegal move Ke2"),
        ("Qh5", IllegalMoveError, "illegal move Qh5"),
        ("z9z9", MoveError, "bad move text"),
        ("hello", MoveError, "bad move text"),
        ("", MoveError, "bad move text"),
        ("e2e4x", MoveError, "bad move text"),
        ("i2i4", MoveError, "bad move text"),
    ],
)
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
    with pytest.raises(IllegalMoveError, match="the white pawn on e2 cannot move to e5: a pawn"):
        pos.push(12 | 36 << 7 | 1 << SPECIAL_SHIFT)  # e2e5 dressed up as a double step
    with pytest.raises(IllegalMoveError, match="e2e4: no legal move between those squares"):
        pos.push(12 | 28 << 7)  # e2e4 without its double-step flag
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


# -- why a move is refused ---------------------------------------------------------

PINNED_KNIGHT = "4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1"  # knight e2 pinned by the rook on e8
CHECKED_BY_ROOK = "4k3/8/8/8/8/8/8/r3K2N w - - 0 1"  # the rook on a1 checks the king on e1
D_FILE_GUARDED = "4k3/3r4/8/8/8/8/8/4K3 w - - 0 1"  # the rook on d7 guards the d-file
BLOCKED_PAWN = "4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1"  # a knight on e3 in front of the e2 pawn
NO_CASTLING_RIGHT = "4k3/8/8/8/8/8/8/4K2R w - - 0 1"
QUEENSIDE_BLOCKED = "4k3/8/8/8/8/8/8/RN2K3 w Q - 0 1"
CASTLE_OUT_OF_CHECK = "4k3/8/8/8/8/8/8/r3K2R w K - 0 1"
CASTLE_THROUGH_CHECK = "4k3/8/8/8/2b5/8/8/4K2R w K - 0 1"
CASTLE_INTO_CHECK = "4k3/8/8/8/8/4b3/8/4K2R w K - 0 1"
PROMOTING = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"
TWO_KNIGHTS = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1"

#: (position, {notation: move text}, error, fault): a refused move in UCI and in SAN.
REFUSALS = [
    (START, {"uci": "e3e4"}, IllegalMoveError, "there is no piece on e3"),
    (
        START,
        {"uci": "e7e5"},
        IllegalMoveError,
        "the black pawn on e7 is not white's, and white is to move",
    ),
    (START, {"uci": "d1d1"}, IllegalMoveError, "the white queen on d1 must leave its square"),
    (
        START,
        {"uci": "b1d2", "san": "Nd2"},
        IllegalMoveError,
        "the white knight on b1 cannot capture the white pawn on d2",
    ),
    (
        START,
        {"uci": "e1e3", "san": "Ke3"},
        IllegalMoveError,
        "the white king on e1 cannot move to e3: a king steps one square",
    ),
    (
        START,
        {"uci": "e2e5", "san": "e5"},
        IllegalMoveError,
        "the white pawn on e2 cannot move to e5: a pawn moves one square straight ahead",
    ),
    (START, {"uci": "g1g3"}, IllegalMoveError, "the white knight on g1 cannot move to g3"),
    (START, {"san": "Ne3"}, IllegalMoveError, "no white knight can move to e3"),
    (START, {"san": "Qe2"}, IllegalMoveError, "the white queen on d1 cannot capture"),
    (
        START,
        {"uci": "a1a3", "san": "Ra3"},
        IllegalMoveError,
        "the white rook on a1 is blocked by the white pawn on a2",
    ),
    (
        START,
        {"uci": "d1h5", "san": "Qh5"},
        IllegalMoveError,
        "the white queen on d1 is blocked by the white pawn on e2",
    ),
    (
        START,
        {"uci": "e2d3", "san": "exd3"},
        IllegalMoveError,
        "the white pawn on e2 moves diagonally only to capture, and d3 is empty",
    ),
    (
        BLOCKED_PAWN,
        {"uci": "e2e4", "san": "e4"},
        IllegalMoveError,
        "the white pawn on e2 is blocked by the black knight on e3",
    ),
    (
        BLOCKED_PAWN,
        {"uci": "e2e3", "san": "e3"},
        IllegalMoveError,
        "the white pawn on e2 is blocked by the black knight on e3",
    ),
    (START, {"san": "Ncd2"}, IllegalMoveError, "no white knight on the c-file"),
    (START, {"san": "N3d2"}, IllegalMoveError, "no white knight on rank 3"),
    (START, {"san": "Bc1d2"}, IllegalMoveError, "the white bishop on c1 cannot capture"),
    (NO_CASTLING_RIGHT, {"san": "Qd2"}, IllegalMoveError, "no white queen"),
    (
        PINNED_KNIGHT,
        {"uci": "e2f4", "san": "Nf4"},
        IllegalMoveError,
        "it would leave the white king on e1 in check from the black rook on e8",
    ),
    (
        CHECKED_BY_ROOK,
        {"uci": "h1g3", "san": "Ng3"},
        IllegalMoveError,
        "it would leave the white king on e1 in check from the black rook on a1",
    ),
    (
        D_FILE_GUARDED,
        {"uci": "e1d1", "san": "Kd1"},
        IllegalMoveError,
        "the white king on d1 would be in check from the black rook on d7",
    ),
    (
        D_FILE_GUARDED,
        {"uci": "e1d2", "san": "Kd2"},
        IllegalMoveError,
        "the white king on d2 would be in check from the black rook on d7",
    ),
    (
        NO_CASTLING_RIGHT,
        {"uci": "e1g1", "san": "O-O"},
        IllegalMoveError,
        "white has no right to castle kingside",
    ),
    (
        QUEENSIDE_BLOCKED,
        {"uci": "e1c1", "san": "O-O-O"},
        IllegalMoveError,
        "castling queenside is blocked by the white knight on b1",
    ),
    (
        CASTLE_OUT_OF_CHECK,
        {"uci": "e1g1", "san": "O-O"},
        IllegalMoveError,
        "the king cannot castle out of check",
    ),
    (
        CASTLE_THROUGH_CHECK,
        {"uci": "e1g1", "san": "0-0"},
        IllegalMoveError,
        "the king cannot castle through check: f1 is attacked by the black bishop on c4",
    ),
    (
        CASTLE_INTO_CHECK,
        {"uci": "e1g1", "san": "O-O"},
        IllegalMoveError,
        "the king cannot castle into check: g1 is attacked by the black bishop on e3",
    ),
    (CASTLE_THROUGH_CHECK, {"san": "Kg1"}, IllegalMoveError, "castling is written O-O"),
    (
        PROMOTING,
        {"uci": "b7b8", "san": "b8"},
        IllegalMoveError,
        "it needs a promotion piece: queen, rook, bishop or knight",
    ),
    (
        PROMOTING,
        {"uci": "b7b8k"},
        IllegalMoveError,
        "the white pawn on b7 cannot promote to a king, only to a queen, rook, bishop or knight",
    ),
    (START, {"uci": "e2e4q", "san": "e4=Q"}, IllegalMoveError, "it is not a promotion"),
    (TWO_KNIGHTS, {"san": "Nd2"}, AmbiguousMoveError, "ambiguous move Nd2: could be Nbd2, Nfd2"),
    (START, {"san": "Rd4"}, IllegalMoveError, "no white rook can move to d4"),
]


@pytest.mark.parametrize("fen,notation,text,error,fault", list(refusal_cases(REFUSALS)))
def test_refused_move_says_why_and_changes_nothing(fen, notation, text, error, fault):
    pos = CHESS.position(fen)
    before = snapshot(pos)
    with pytest.raises(error) as raised:
        CHESS.parse_move(pos, text, notation)
    message = str(raised.value)
    assert fault in message and text in message and "\n" not in message
    assert snapshot(pos) == before


def test_a_pinned_rival_makes_no_ambiguity():
    pos = CHESS.position("4k3/8/8/8/8/5N2/8/rN1K4 w - - 0 1")  # the rook on a1 pins Nb1
    assert CHESS.format_move(pos, CHESS.parse_move(pos, "Nd2")) == "f3d2"


def test_lenient_fen_still_rejects_the_side_not_to_move_in_check():
    with pytest.raises(FenError, match="side not to move cannot be in check"):
        CHESS.position("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", strict=False)


@pytest.mark.parametrize("seed", range(3))
def test_every_refused_move_has_the_move_generators_reason(seed):
    """From random positions, the pseudo-legal moves are python-chess's (castling and en passant
    aside: python-chess tests their safety already), each within its piece's reach, and every
    move of a piece of the side to move that is not legal gets a one-line reason, about check
    exactly when the move is pseudo-legal; nothing changes."""
    chess = pytest.importorskip("chess", reason="python-chess (the oracle) is not installed")
    pos = random_walk("chess", seed, 20 + 10 * seed)
    before = snapshot(pos)
    board = chess.Board(pos.fen())
    pseudo_legal = set(CHESS.pseudo_legal_moves(pos))
    ordinary = {
        CHESS.format_move(pos, m)
        for m in pseudo_legal
        if move_special(m) not in (COMPANION, SIDE_CAPTURE)
    }
    assert ordinary == {
        m.uci()
        for m in board.pseudo_legal_moves
        if not board.is_castling(m) and not board.is_en_passant(m)
    }
    for move in pseudo_legal:
        assert move_to(move) in CHESS.reach(pos, move_from(move))
    legal_squares = {(move_from(m), move_to(m)) for m in pos.legal_moves()}
    pseudo_squares = {(move_from(m), move_to(m)) for m in pseudo_legal}
    for frm in sorted(pos.occupied[pos.side]):
        for to in range(CHESS.geometry.size):
            if (frm, to) in legal_squares:
                continue
            reason = rejection(pos, frm, to)
            assert reason and "\n" not in reason
            assert ((frm, to) in pseudo_squares) == ("check" in reason), reason
    assert snapshot(pos) == before
