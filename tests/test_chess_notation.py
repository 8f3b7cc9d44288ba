"""SAN and UCI on positions chosen for their edge cases (the random differential test covers
the common ones): disambiguation, castling, en passant, promotion, check and mate marks."""

import pytest
from xqchess.variants import get_variant

CHESS = get_variant("chess")


@pytest.mark.parametrize(
    "fen,uci,san",
    [
        ("4k3/8/8/8/R6R/8/8/4K3 w - - 0 1", "a4d4", "Rad4"),
        ("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3", "R1a3"),
        ("4k3/8/8/8/8/Q1Q5/8/Q3K3 w - - 0 1", "a3b2", "Qa3b2"),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O"),
        ("r3k2r/8/8/8/8/8/8/R2K3R b kq - 0 1", "e8c8", "O-O-O+"),
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", "exd6"),
        ("8/1P6/8/8/8/8/7k/4K3 w - - 0 1", "b7b8n", "b8=N"),
        ("8/1P6/8/8/8/8/7k/4K3 w - - 0 1", "b7b8q", "b8=Q+"),
        ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8#"),
        ("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4", "Qh4#"),
    ],
)
def test_san_written_and_read(fen, uci, san):
    pos = CHESS.position(fen)
    move = CHESS.parse_move(pos, uci)
    assert CHESS.format_move(pos, move, "san") == san
    assert CHESS.parse_move(pos, san) == move
    assert CHESS.format_move(pos, move, "uci") == uci


@pytest.mark.parametrize(
    "text,uci",
    [
        ("0-0", "e1g1"),
        ("O-O+", "e1g1"),
        ("O-O!?", "e1g1"),
        ("Nc3", "b1c3"),
        ("Nb1c3", "b1c3"),
        ("Nb1-c3", "b1c3"),
        ("Nbc3", "b1c3"),
        ("d4", "d2d4"),
        ("Bxf7+", "c4f7"),
        ("Bf7", "c4f7"),
        ("d2d4", "d2d4"),
    ],
)
def test_move_text_people_type(text, uci):
    pos = CHESS.position("rnbqk2r/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
    assert CHESS.format_move(pos, CHESS.parse_move(pos, text)) == uci
