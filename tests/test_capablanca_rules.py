"""Capablanca chess by hand: castling (squares, rights, refusals), promotion to the archbishop
and chancellor, the compound pieces' moves and checks, game ends (each compared with
Fairy-Stockfish where pyffish is installed) and the input errors' messages."""

import pytest
from xqchess.core.errors import FenError, IllegalMoveError, MoveError
from xqchess.core.outcome import Termination
from xqchess.variants import get_variant

CAPABLANCA = get_variant("capablanca")
BARE_CASTLING = "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1"


def play(fen, *texts):
    pos = CAPABLANCA.position(fen)
    for text in texts:
        pos.push(CAPABLANCA.parse_move(pos, text))
    return pos


def test_start_position_and_board():
    pos = CAPABLANCA.position()
    assert pos.fen() == "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"
    assert CAPABLANCA.geometry.files == 10 and CAPABLANCA.geometry.ranks == 8
    assert len(pos.legal_moves()) == 28


@pytest.mark.parametrize(
    "side,uci,san,after",
    [
        ("w", "f1i1", "O-O", "r4k3r/10/10/10/10/10/10/R6RK1 b kq - 1 1"),
        ("w", "f1c1", "O-O-O", "r4k3r/10/10/10/10/10/10/2KR5R b kq - 1 1"),
        ("b", "f8i8", "O-O", "r6rk1/10/10/10/10/10/10/R4K3R w KQ - 1 2"),
        ("b", "f8c8", "O-O-O", "2kr5r/10/10/10/10/10/10/R4K3R w KQ - 1 2"),
    ],
)
def test_castling_moves_the_king_three_files(side, uci, san, after):
    fen = BARE_CASTLING.replace(" w ", f" {side} ")
    pos = CAPABLANCA.position(fen)
    move = CAPABLANCA.parse_move(pos, uci)
    assert CAPABLANCA.format_move(pos, move, "san") == san
    assert CAPABLANCA.parse_move(pos, san) == move
    pos.push(move)
    assert pos.fen() == after
    pos.unmake()
    assert pos.fen() == fen


def test_castling_rights_are_lost_by_king_and_rook_moves():
    assert play(BARE_CASTLING, "Rb1").fen().split()[2] == "Kkq"
    assert play(BARE_CASTLING, "Rh1").fen().split()[2] == "Qkq"
    assert play(BARE_CASTLING, "Kf2").fen().split()[2] == "kq"
    assert play(BARE_CASTLING, "Rxj8").fen().split()[2] == "Qq"


@pytest.mark.parametrize(
    "fen,text,fault",
    [
        (
            "r4k3r/10/10/6c3/10/10/10/R4K3R w KQkq - 0 1",
            "O-O",
            "the king cannot castle through check: g1 is attacked by the black chancellor on g5",
        ),
        (
            "r4k3r/10/10/8c1/10/10/10/R4K3R w KQkq - 0 1",
            "O-O",
            "the king cannot castle into check: i1 is attacked by the black chancellor on i5",
        ),
        (
            "r4k3r/10/10/10/10/10/10/RN3K3R w KQkq - 0 1",
            "O-O-O",
            "castling queenside is blocked by the white knight on b1",
        ),
        (
            "r4k3r/10/10/10/10/10/10/R4K3R w Kkq - 0 1",
            "O-O-O",
            "white has no right to castle queenside",
        ),
        (
            "r4k3r/10/10/10/5c4/10/10/R4K3R w KQkq - 0 1",
            "f1i1",
            "the king cannot castle out of check",
        ),
    ],
)
def test_castling_refusals_name_the_fault(fen, text, fault):
    pos = CAPABLANCA.position(fen)
    with pytest.raises(IllegalMoveError, match=f"illegal move {text}: {fault}$"):
        CAPABLANCA.parse_move(pos, text)


def test_queenside_castling_needs_b1_empty_but_not_safe():
    """The rook crosses b1, so it must be empty; the king never does, so it may be attacked."""
    pos = CAPABLANCA.position("r4k3r/10/10/10/10/10/1r8/R4K3R w KQkq - 0 1")
    assert "f1c1" in {CAPABLANCA.format_move(pos, m) for m in pos.legal_moves()}


def test_promotion_to_archbishop_and_chancellor():
    pos = CAPABLANCA.position("4k5/1P8/10/10/10/10/10/4K5 w - - 0 1")
    promotions = {
        CAPABLANCA.format_move(pos, m, "san")
        for m in pos.legal_moves()
        if CAPABLANCA.format_move(pos, m).startswith("b7")
    }
    assert promotions == {"b8=Q+", "b8=C+", "b8=A", "b8=R+", "b8=B", "b8=N"}
    pos.push(CAPABLANCA.parse_move(pos, "b8=A"))
    assert pos.fen() == "1A2k5/10/10/10/10/10/10/4K5 b - - 0 1"
    pos.unmake()
    pos.push(CAPABLANCA.parse_move(pos, "b7b8c"))
    assert pos.fen() == "1C2k5/10/10/10/10/10/10/4K5 b - - 0 1"
    assert pos.is_check()


def test_black_promotes_with_capture():
    pos = CAPABLANCA.position("4k5/10/10/10/10/10/6p3/4K2N2 b - - 0 1")
    assert CAPABLANCA.format_move(pos, CAPABLANCA.parse_move(pos, "gxh1=C"), "uci") == "g2h1c"


def test_compound_pieces_move_as_both_parts():
    pos = CAPABLANCA.position("4k5/10/10/10/4A5/10/10/4K4C w - - 0 1")
    targets = {
        CAPABLANCA.format_move(pos, m)[2:]
        for m in CAPABLANCA.piece_legal_moves(pos, CAPABLANCA.geometry.parse_square("e4"))
    }
    knight = {"c3", "c5", "d2", "d6", "f2", "f6", "g3", "g5"}
    assert knight <= targets and {"h7", "a8", "b1", "h1"} <= targets and "e5" not in targets
    targets = {
        CAPABLANCA.format_move(pos, m)[2:]
        for m in CAPABLANCA.piece_legal_moves(pos, CAPABLANCA.geometry.parse_square("j1"))
    }
    assert {"h2", "i3", "j8", "f1"} <= targets and "i2" not in targets


@pytest.mark.parametrize(
    "fen,termination,winner",
    [
        ("k9/2Q7/10/10/10/10/10/9K b - - 0 1", Termination.STALEMATE, None),
        ("k9/2A7/1K8/10/10/10/10/10 b - - 0 1", Termination.CHECKMATE, True),
        ("kC8/10/1K8/10/10/10/10/10 b - - 0 1", None, None),
        ("4k5/10/10/10/10/10/10/3BKB4 w - - 0 1", Termination.INSUFFICIENT_MATERIAL, None),
        ("4k5/10/10/10/10/10/10/3NKN4 w - - 0 1", None, None),
        ("4k5/10/10/10/10/10/10/4KA4 w - - 0 1", None, None),
        ("4kb4/10/10/10/10/10/10/4KB4 w - - 0 1", None, None),
        ("4k5/10/10/10/10/10/10/4KR4 w - - 100 80", Termination.FIFTY_MOVES, None),
    ],
)
def test_game_ends(fen, termination, winner):
    outcome = CAPABLANCA.position(fen).outcome()
    assert (outcome and (outcome.termination, outcome.winner)) == (
        termination and (termination, winner)
    )
    sf = pytest.importorskip("pyffish")
    legal = sf.legal_moves("capablanca", fen, [])
    over = (
        not legal
        or sf.is_optional_game_end("capablanca", fen, [])[0]
        or all(sf.has_insufficient_material("capablanca", fen, []))
    )
    assert over == (termination is not None)


def test_threefold_repetition():
    pos = play(BARE_CASTLING, "Kg1", "Kg8", "Kf1", "Kf8", "Kg1", "Kg8", "Kf1")
    assert pos.outcome() is None
    pos.push(CAPABLANCA.parse_move(pos, "Kf8"))
    # castling rights were lost on the first king move, so the start differs from the rest
    assert pos.outcome() is None
    for text in ("Kg1", "Kg8", "Kf1", "Kf8"):
        pos.push(CAPABLANCA.parse_move(pos, text))
    assert pos.outcome().termination == Termination.THREEFOLD_REPETITION


def test_en_passant_square_is_kept_when_the_capture_is_pinned():
    """Fairy-Stockfish records the square whenever an enemy pawn attacks it."""
    pos = play("5k4/3p6/10/K3P4r/10/10/10/10 b - - 0 1", "d5")
    assert pos.fen() == "5k4/10/10/K2pP4r/10/10/10/10 w - d6 0 2"
    assert "e5d6" not in {CAPABLANCA.format_move(pos, m) for m in pos.legal_moves()}


@pytest.mark.parametrize(
    "fen,fault",
    [
        (
            "rnabqkbcnr/pppppppppp/11/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
            "FEN rank 6 has 11 files, expected 10",
        ),
        (
            "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkqX - 0 1",
            "FEN castling field 'KQkqX' has a bad letter 'X'",
        ),
        (
            "r4k3r/10/10/10/10/10/10/R3K4R w KQ - 0 1",
            "FEN castling right 'K' needs a king on f1 and a rook on j1",
        ),
        (
            "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq e3 0 1",
            "FEN en-passant square e3 is not on rank 6 with white to move",
        ),
        ("P4k4/10/10/10/10/10/10/5K4 w - - 0 1", "FEN has a pawn on a8, on a back rank"),
        (
            "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNAXQKBCNR w KQkq - 0 1",
            "FEN rank 1 has a bad piece letter 'X'",
        ),
        ("ppppppppppp/10/10/10/10/10/10/K4k4 w - - 0 1", "FEN rank 8 has 11 files, expected 10"),
    ],
)
def test_fen_errors_name_the_fault(fen, fault):
    with pytest.raises(FenError, match=f"^{fault}$"):
        CAPABLANCA.position(fen)


@pytest.mark.parametrize(
    "text,error,fault",
    [
        ("Ak3", MoveError, "bad move text 'Ak3': not SAN"),
        (
            "Cj3",
            IllegalMoveError,
            "the white chancellor on h1 cannot move to j3: a chancellor moves "
            "along ranks and files or jumps as a knight",
        ),
        ("b8=A", IllegalMoveError, "illegal move b8=A"),
        ("e2e5", IllegalMoveError, "a pawn moves one square straight ahead"),
    ],
)
def test_move_errors_name_the_fault(text, error, fault):
    with pytest.raises(error, match=fault):
        CAPABLANCA.parse_move(CAPABLANCA.position(), text)
