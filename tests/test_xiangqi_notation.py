"""Xiangqi notations on chosen positions: coordinates (UCI ranks 1-10, ICCS ranks 0-9), WXF
and Chinese, written and read, with clear errors for malformed, illegal and ambiguous text that
leave the position unchanged. (WXF is also compared with Fairy-Stockfish on thousands of
positions by the conformance harness, test_conformance.py.)"""

import pytest
from helpers import snapshot
from xqchess.core.errors import AmbiguousMoveError, IllegalMoveError, MoveError
from xqchess.core.notation import parse_by_rendering
from xqchess.variants import get_variant

XIANGQI = get_variant("xiangqi")
START = XIANGQI.start_fen
AFTER_CENTRAL_CANNON = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
TANDEM_CHARIOTS = "5k3/9/9/9/9/2R6/9/9/2R6/3K5 w - - 0 1"
THREE_SOLDIERS = "5k3/9/2P6/2P6/2P6/9/9/9/9/3K5 w - - 0 1"


@pytest.mark.parametrize(
    "fen,uci,iccs,wxf,chinese",
    [
        (START, "h3e3", "h2e2", "C2=5", "炮二平五"),
        (START, "b1c3", "b0c2", "H8+7", "马八进七"),
        (START, "c1e3", "c0e2", "E7+5", "相七进五"),
        (START, "f1e2", "f0e1", "A4+5", "仕四进五"),
        (START, "a1a2", "a0a1", "R9+1", "车九进一"),
        (START, "e4e5", "e3e4", "P5+1", "兵五进一"),
        (START, "h3h10", "h2h9", "C2+7", "炮二进七"),
        (AFTER_CENTRAL_CANNON, "h10g8", "h9g7", "H8+7", "马８进７"),
        (AFTER_CENTRAL_CANNON, "e10e9", "e9e8", "K5+1", "将５进１"),
        (AFTER_CENTRAL_CANNON, "e7e6", "e6e5", "P5+1", "卒５进１"),
        (TANDEM_CHARIOTS, "c5c7", "c4c6", "R++2", "前车进二"),
        (TANDEM_CHARIOTS, "c2a2", "c1a1", "R-=9", "后车平九"),
        (TANDEM_CHARIOTS, "c5c3", "c4c2", "R7-2", "车七退二"),
        (THREE_SOLDIERS, "c7b7", "c6b6", "27=8", "中兵平八"),
    ],
)
def test_every_notation_written_and_read(fen, uci, iccs, wxf, chinese):
    pos = XIANGQI.position(fen)
    move = XIANGQI.parse_move(pos, uci)
    assert XIANGQI.format_move(pos, move, "uci") == uci
    assert XIANGQI.format_move(pos, move, "iccs") == iccs
    assert XIANGQI.format_move(pos, move, "wxf") == wxf
    assert XIANGQI.format_move(pos, move, "chinese") == chinese
    assert XIANGQI.parse_move(pos, iccs, "iccs") == move
    assert XIANGQI.parse_move(pos, iccs.upper()[:2] + "-" + iccs.upper()[2:]) == move
    assert XIANGQI.parse_move(pos, wxf) == move
    assert XIANGQI.parse_move(pos, chinese) == move


@pytest.mark.parametrize(
    "fen,text,uci",
    [
        (START, "c2.5", "h3e3"),
        (START, "N8+7", "b1c3"),
        (START, "B7+5", "c1e3"),
        (START, "炮2平5", "h3e3"),
        (START, "砲二平五", "h3e3"),
        (START, "馬八進七", "b1c3"),
        (START, "俥九進一", "a1a2"),
        (TANDEM_CHARIOTS, "+R+2", "c5c7"),
        (TANDEM_CHARIOTS, "前俥進二", "c5c7"),
        (TANDEM_CHARIOTS, "後車平九", "c2a2"),
    ],
)
def test_variant_spellings_people_type(fen, text, uci):
    pos = XIANGQI.position(fen)
    assert XIANGQI.format_move(pos, XIANGQI.parse_move(pos, text)) == uci


@pytest.mark.parametrize(
    "text,notation,error,fault",
    [
        ("h3e4", None, IllegalMoveError, "illegal move h3e4"),
        ("h2e3", "iccs", IllegalMoveError, "illegal move h2e3"),
        ("C2=9", None, IllegalMoveError, "illegal move C2=9"),
        ("R1+3", None, IllegalMoveError, "illegal move R1+3"),
        ("炮二平九", None, IllegalMoveError, "illegal move 炮二平九"),
        ("Q2=5", None, MoveError, "not WXF notation"),
        ("C2=", None, MoveError, "not WXF notation"),
        ("hello", None, MoveError, "not WXF notation"),
        ("炮二走五", None, MoveError, "not Chinese notation"),
        ("j1j2", "uci", MoveError, "bad move text"),
        ("h3e3", "shogi", MoveError, "notation 'shogi' is not one of"),
        # digits of other scripts (Arabic-Indic two) are not coordinates or Chinese file numbers
        ("h\u0663e\u0663", None, MoveError, "bad move text"),
        ("H\u0662-E\u0662", "iccs", MoveError, "bad move text"),
        ("炮\u0662平五", "chinese", MoveError, "not Chinese notation"),
    ],
)
def test_bad_move_text_is_rejected_without_change(text, notation, error, fault):
    pos = XIANGQI.position()
    before = snapshot(pos)
    with pytest.raises(error) as raised:
        XIANGQI.parse_move(pos, text, notation)
    assert fault in str(raised.value)
    assert snapshot(pos) == before


def test_reading_by_rendering_reports_ambiguity():
    """WXF and Chinese are read by writing every legal move and matching; were two moves ever
    written alike, the reader names both instead of picking one."""
    pos = XIANGQI.position()
    before = snapshot(pos)
    with pytest.raises(AmbiguousMoveError, match="could be .*, .*"):
        parse_by_rendering(pos, "same", lambda p, m: "same", str.strip, bool, "test", "x")
    assert snapshot(pos) == before
