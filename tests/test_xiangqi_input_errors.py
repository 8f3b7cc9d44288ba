"""Bad input to xiangqi: every FEN fault the rules define raises a FenError naming it; lenient
parsing accepts, as Fairy-Stockfish does, what is merely unreachable."""

import pytest

from core.errors import FenError
from variants import get_variant

XIANGQI = get_variant("xiangqi")
START = XIANGQI.start_fen


@pytest.mark.parametrize("fen,fault", [
    ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w - - 0 1", "9 ranks, expected 10"),
    (START.replace("RNBAKABNR", "RNBAKABNRR"), "10 files, expected 9"),
    (START.replace("p1p1p1p1p/9", "p1p1p1p1p/8"), "rank 6 has 8 files"),
    (START.replace("RNBAKABNR", "RNBAKABNQ"), "bad piece letter 'Q'"),
    ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR", "side-to-move field"),
    ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x - - 0 1", "side to move 'x'"),
    (START.replace(" w - ", " w KQ "), "rights field 'KQ'"),
    (START.replace(" w - - ", " w - e3 "), "en-passant field 'e3'"),
    ("3k5/9/9/9/9/9/4K4/9/9/9 w - - 0 1", "red general on e4, outside its palace"),
    ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w - - 0 1", "0 red generals"),
    ("3k5/9/9/9/9/9/9/9/9/3KK4 w - - 0 1", "2 red generals"),
    ("4k4/9/9/9/9/9/9/9/9/K8 w - - 0 1", "red general on a1, outside its palace"),
    ("4k4/9/9/9/9/9/9/9/3A5/4K4 w - - 0 1", "advisor on d2"),
    ("4k4/9/9/9/9/9/9/2B6/9/4K4 w - - 0 1", "elephant on c3"),
    ("4k4/9/9/9/B8/9/9/9/9/4K4 w - - 0 1", "elephant on a6"),
    ("4k4/9/9/9/9/9/9/P8/9/4K4 w - - 0 1", "soldier on a3, behind its start rank"),
    ("4k4/9/p8/9/9/9/9/9/9/4K4 w - - 0 1", "soldier on a8, behind its start rank"),
    ("4k4/9/9/9/9/RRR6/9/9/9/3K5 w - - 0 1", "3 red chariots"),
    ("4k4/9/9/ppppp4/p8/9/9/9/9/3K5 w - - 0 1", "6 black soldiers"),
    ("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "generals facing"),
    ("4k4/9/9/9/9/9/9/9/9/4K4 b - - 0 1", "generals facing"),
])
def test_malformed_fen_names_the_fault(fen, fault):
    with pytest.raises(FenError) as error:
        XIANGQI.position(fen)
    assert fault in str(error.value)
    assert "\n" not in str(error.value)


@pytest.mark.parametrize("fen", [
    "4k4/9/9/9/9/9/9/2B6/9/4K4 w - - 0 1",
    "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
    "4k4/9/9/9/9/RRR6/9/9/9/3K5 w - - 0 1",
])
def test_lenient_parsing_accepts_unreachable_placements(fen):
    assert XIANGQI.position(fen, strict=False).fen() == fen


def test_fen_aliases_and_red_side_letter():
    aliased = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r - - 0 1"
    assert XIANGQI.position(aliased).fen() == START
