"""Bad input to xiangqi: every FEN fault the rules define raises a FenError naming it; lenient
parsing accepts, as Fairy-Stockfish does, what is merely unreachable."""

import pytest
from helpers import random_walk, refusal_cases, snapshot
from xqchess.cli.tui.game import termination_text
from xqchess.core.errors import AmbiguousMoveError, FenError, IllegalMoveError
from xqchess.core.legality import rejection
from xqchess.core.moves import move_from, move_to
from xqchess.core.notation import parse_by_rendering
from xqchess.core.outcome import Outcome, Termination
from xqchess.variants import get_variant

XIANGQI = get_variant("xiangqi")
START = XIANGQI.start_fen


@pytest.mark.parametrize(
    "fen,fault",
    [
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w - - 0 1", "9 ranks, expected 10"),
        (START.replace("RNBAKABNR", "RNBAKABNRR"), "10 files, expected 9"),
        (START.replace("p1p1p1p1p/9", "p1p1p1p1p/8"), "rank 6 has 8 files"),
        (START.replace("RNBAKABNR", "RNBAKABNQ"), "bad piece letter 'Q'"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR", "side-to-move field"),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x - - 0 1",
            "side to move 'x'",
        ),
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
    ],
)
def test_malformed_fen_names_the_fault(fen, fault):
    with pytest.raises(FenError) as error:
        XIANGQI.position(fen)
    assert fault in str(error.value)
    assert "\n" not in str(error.value)


@pytest.mark.parametrize(
    "fen",
    [
        "4k4/9/9/9/9/9/9/2B6/9/4K4 w - - 0 1",
        "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
        "4k4/9/9/9/9/RRR6/9/9/9/3K5 w - - 0 1",
    ],
)
def test_lenient_parsing_accepts_unreachable_placements(fen):
    assert XIANGQI.position(fen, strict=False).fen() == fen


def test_fen_aliases_and_red_side_letter():
    aliased = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r - - 0 1"
    assert XIANGQI.position(aliased).fen() == START


# -- the side not to move in check -------------------------------------------------

#: A position with the black general on d10 attacked by the red chariot on d9, red to move.
BLACK_GENERAL_ATTACKED = "3k5/3R5/9/9/9/9/9/9/9/4K4 w - - 0 1"


@pytest.mark.parametrize(
    "fen,fault",
    [
        (BLACK_GENERAL_ATTACKED, "black general in check with red to move"),
        ("3k5/9/4N4/9/9/9/9/9/9/4K4 w - - 0 1", "black general in check with red to move"),
        ("3k5/9/9/3P5/9/3C5/9/9/9/4K4 w - - 0 1", "black general in check with red to move"),
        ("4k4/9/9/9/9/9/9/9/9/3Kr4 b - - 0 1", "red general in check with black to move"),
        ("4k4/9/9/9/9/9/9/9/3p5/3K5 b - - 0 1", "red general in check with black to move"),
    ],
)
def test_strict_fen_rejects_the_side_not_to_move_in_check(fen, fault):
    with pytest.raises(FenError) as error:
        XIANGQI.position(fen)
    assert fault in str(error.value)
    assert "side not to move cannot be in check" in str(error.value)


@pytest.mark.parametrize(
    "fen,capture",
    [
        (BLACK_GENERAL_ATTACKED, "d9d10"),
        ("3k5/3R5/9/9/p8/9/9/9/9/4K4 w - - 0 1", "d9d10"),  # Black keeps a soldier that could move
        ("4k4/9/9/9/9/9/9/4n4/9/3K5 b - - 0 1", "e3d1"),  # Black captures
    ],
)
def test_lenient_fen_lets_the_general_be_captured_and_that_ends_the_game(fen, capture):
    pos = XIANGQI.position(fen, strict=False)
    mover = pos.side
    pos.push(XIANGQI.parse_move(pos, capture))
    outcome = pos.outcome()
    assert outcome == Outcome.won_by(Termination.GENERAL_CAPTURED, mover)
    assert outcome.result() == ("1-0" if mover == 0 else "0-1")


def test_lenient_general_capture_is_named_in_play():
    pos = XIANGQI.position(BLACK_GENERAL_ATTACKED, strict=False)
    pos.push(XIANGQI.parse_move(pos, "R6+1"))
    assert (
        termination_text(pos.outcome(), XIANGQI.color_names)
        == "Red wins by capture of the general (1-0)"
    )


def test_lenient_general_capture_agrees_with_fairy_stockfish():
    """Fairy-Stockfish accepts the FEN and lists the capture of the general among 20 moves, as
    we do leniently; afterwards Black has no move and has lost (it names no other ending)."""
    sf = pytest.importorskip("pyffish", reason="pyffish (Fairy-Stockfish) is not installed")
    fen = BLACK_GENERAL_ATTACKED
    assert sf.validate_fen(fen, "xiangqi") == sf.FEN_OK
    pos = XIANGQI.position(fen, strict=False)
    ours = {XIANGQI.format_move(pos, m) for m in pos.legal_moves()}
    assert ours == set(sf.legal_moves("xiangqi", fen, [])) and "d9d10" in ours
    pos.push(XIANGQI.parse_move(pos, "d9d10"))
    assert pos.fen() == sf.get_fen("xiangqi", fen, ["d9d10"])
    assert sf.legal_moves("xiangqi", fen, ["d9d10"]) == []
    assert sf.game_result("xiangqi", fen, ["d9d10"]) < 0  # the side to move, Black, has lost
    assert pos.outcome().winner is True


# -- why a move is refused ---------------------------------------------------------

BLOCKED_CHARIOT = "3k5/9/9/9/9/9/9/N8/9/R3K4 w - - 0 1"  # chariot a1, horse a3
HOBBLED_HORSE = "3k5/9/9/9/9/9/9/9/1C7/1N2K4 w - - 0 1"  # horse b1, cannon on its leg b2
ELEPHANT_EYE = "4k4/9/9/9/9/9/9/9/3K5/2B6 w - - 0 1"  # elephant c1, general on its eye d2
UNSCREENED = "3k5/9/9/9/9/9/9/r8/9/C3K4 w - - 0 1"  # cannon a1, black chariot a3
TWO_SCREENS = "3k5/9/9/9/r8/9/N8/N8/9/C3K4 w - - 0 1"  # cannon a1, horses a3 a4, chariot a6
PINNED = "3k5/9/9/9/4r4/9/9/9/4R4/4K4 w - - 0 1"  # chariot e2 pinned by the chariot on e6
D_FILE_GUARDED = "3k5/9/9/9/9/3r5/9/9/9/4K4 w - - 0 1"  # black chariot d5 guards d1
SCREENING_ADVISOR = "4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1"  # advisor e2 between the generals
OPEN_D_FILE = "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"  # black general on d10
TWO_CHARIOTS = "3k5/9/9/9/9/9/9/R8/9/R3K4 w - - 0 1"  # chariots a1 and a3, both on file 9

#: (position, {notation: move text}, error, fault): one refused move written in each notation
#: (ICCS names points with ranks 0-9, so the fault leaves out the rank).
REFUSALS = [
    (
        BLOCKED_CHARIOT,
        {"uci": "a1a6", "iccs": "A0-A5", "wxf": "R9+5", "chinese": "车九进五"},
        IllegalMoveError,
        "is blocked by the red horse on a",
    ),
    (
        HOBBLED_HORSE,
        {"uci": "b1c3", "iccs": "B0-C2", "wxf": "H8+7", "chinese": "马八进七"},
        IllegalMoveError,
        "is hobbled: the red cannon on b",
    ),
    (
        HOBBLED_HORSE,
        {"uci": "b1a3", "iccs": "B0-A2", "wxf": "H8+9", "chinese": "傌八進九"},
        IllegalMoveError,
        "blocks its leg",
    ),
    (
        ELEPHANT_EYE,
        {"uci": "c1e3", "iccs": "C0-E2", "wxf": "E7+5", "chinese": "相七进五"},
        IllegalMoveError,
        "is blocked: the red general on d",
    ),
    (
        UNSCREENED,
        {"uci": "a1a3", "iccs": "A0-A2", "wxf": "C9+2", "chinese": "炮九进二"},
        IllegalMoveError,
        "captures only over a screen, and none stands before a",
    ),
    (
        TWO_SCREENS,
        {"uci": "a1a6", "iccs": "A0-A5", "wxf": "C9+5", "chinese": "炮九进五"},
        IllegalMoveError,
        "captures over exactly one screen, and 2 pieces stand between it and a",
    ),
    (
        PINNED,
        {"uci": "e2d2", "iccs": "E1-D1", "wxf": "R5=6", "chinese": "车五平六"},
        IllegalMoveError,
        "it would leave the red general on e",
    ),
    (
        PINNED,
        {"uci": "e2f2", "iccs": "E1-F1", "wxf": "R5=4", "chinese": "俥五平四"},
        IllegalMoveError,
        "in check from the black chariot on e",
    ),
    (
        D_FILE_GUARDED,
        {"uci": "e1d1", "iccs": "E0-D0", "wxf": "K5=6", "chinese": "帅五平六"},
        IllegalMoveError,
        "would be in check from the black chariot on d",
    ),
    (
        SCREENING_ADVISOR,
        {"uci": "e2d3", "iccs": "E1-D2", "wxf": "A5+6", "chinese": "仕五进六"},
        IllegalMoveError,
        "the generals would face each other on the e-file",
    ),
    (
        SCREENING_ADVISOR,
        {"uci": "e2f1", "iccs": "E1-F0", "wxf": "A5-4", "chinese": "仕五退四"},
        IllegalMoveError,
        "the generals would face each other on the e-file",
    ),
    (
        OPEN_D_FILE,
        {"uci": "e1d1", "iccs": "E0-D0", "wxf": "K5=6", "chinese": "帅五平六"},
        IllegalMoveError,
        "the generals would face each other on the d-file",
    ),
    (
        START,
        {"uci": "a1b1", "iccs": "A0-B0", "wxf": "R9=8", "chinese": "车九平八"},
        IllegalMoveError,
        "the red chariot on a",
    ),
    (
        START,
        {"uci": "a1b1", "iccs": "A0-B0", "wxf": "R9=8", "chinese": "车九平八"},
        IllegalMoveError,
        "cannot capture the red horse on b",
    ),
    (
        START,
        {"uci": "h3h9", "iccs": "H2-H8", "wxf": "C2+6", "chinese": "炮二进六"},
        IllegalMoveError,
        "is blocked by the black cannon on h",
    ),
    (START, {"uci": "e2e3", "iccs": "E1-E2"}, IllegalMoveError, "there is no piece on e"),
    (
        START,
        {"uci": "a10a9"},
        IllegalMoveError,
        "the black chariot on a10 is not red's, and red is to move",
    ),
    (
        START,
        {"iccs": "A9-A8"},
        IllegalMoveError,
        "the black chariot on a9 is not red's, and red is to move",
    ),
    (START, {"uci": "e1e3", "iccs": "E0-E2"}, IllegalMoveError, "cannot move to e"),
    (
        START,
        {"uci": "e1e3", "iccs": "E0-E2"},
        IllegalMoveError,
        "a general steps one point along a file or rank, inside its palace",
    ),
    (
        START,
        {"uci": "a4b4", "iccs": "A3-B3"},
        IllegalMoveError,
        "a soldier steps one point forward, or sideways once it has crossed",
    ),
    (
        START,
        {"uci": "c1c3", "iccs": "C0-C2"},
        IllegalMoveError,
        "an elephant moves two points diagonally",
    ),
    (
        START,
        {"wxf": "K5+2", "chinese": "帅五进二"},
        IllegalMoveError,
        "no red general on file 5 can move that way",
    ),
    (
        START,
        {"wxf": "P9=8", "chinese": "兵九平八"},
        IllegalMoveError,
        "no red soldier on file 9 can move that way",
    ),
    (START, {"wxf": "R8+1", "chinese": "车八进一"}, IllegalMoveError, "no red chariot on file 8"),
    (START, {"wxf": "A5+4", "chinese": "仕五进四"}, IllegalMoveError, "no red advisor on file 5"),
    (
        START,
        {"wxf": "R++1", "chinese": "前车进一"},
        IllegalMoveError,
        "no red chariot sharing its file with another",
    ),
    (
        START.replace(" w ", " b "),
        {"wxf": "R2+1", "chinese": "车２进１"},
        IllegalMoveError,
        "no black chariot on file 2",
    ),
    (START, {"uci": "h3e3r", "iccs": "H2-E2R"}, IllegalMoveError, "it is not a promotion"),
    (TWO_CHARIOTS, {"wxf": "R9+1", "chinese": "车九进一"}, AmbiguousMoveError, "could be "),
]


@pytest.mark.parametrize("fen,notation,text,error,fault", list(refusal_cases(REFUSALS)))
def test_refused_move_says_why_and_changes_nothing(fen, notation, text, error, fault):
    pos = XIANGQI.position(fen)
    before = snapshot(pos)
    with pytest.raises(error) as raised:
        XIANGQI.parse_move(pos, text, notation)
    message = str(raised.value)
    shown = text.lower().replace("-", "") if notation == "iccs" else text
    assert fault in message and shown in message and "\n" not in message
    assert snapshot(pos) == before


@pytest.mark.parametrize(
    "text,names",
    [
        ("R9+1", ("R++1", "R-+1")),  # front first
        ("车九进一", ("前车进一", "后车进一")),
    ],
)
def test_two_pieces_on_a_file_named_by_the_file_are_ambiguous(text, names):
    """WXF and Chinese tell two chariots on a file apart by front and rear; written by their
    file, both are meant, and the refusal lists them as the notation writes them."""
    pos = XIANGQI.position(TWO_CHARIOTS)
    with pytest.raises(AmbiguousMoveError) as raised:
        XIANGQI.parse_move(pos, text)
    assert str(raised.value).endswith(f"could be {', '.join(names)}")


@pytest.mark.parametrize("text", ["R9=5", "车九平五"])
def test_a_piece_named_by_its_file_is_read_when_only_it_moves_so(text):
    pos = XIANGQI.position(TWO_CHARIOTS)  # the chariot on a1 cannot pass its general on e1
    assert XIANGQI.format_move(pos, XIANGQI.parse_move(pos, text)) == "a3e3"


def test_reading_by_rendering_says_when_no_piece_makes_the_move():
    pos = XIANGQI.position()
    with pytest.raises(IllegalMoveError, match="no red piece makes that move"):
        parse_by_rendering(pos, "y", lambda p, m: "x", str.strip, bool, "test", "x")


@pytest.mark.parametrize("seed", range(3))
def test_every_refused_move_has_the_move_generators_reason(seed):
    """From random positions, every move of a piece of the side to move that is not legal gets
    a one-line reason: about check or the facing generals exactly when the move is pseudo-legal;
    every pseudo-legal move lies within the piece's reach; nothing changes."""
    pos = random_walk("xiangqi", seed, 30 + 10 * seed)
    before = snapshot(pos)
    legal, pseudo_legal = set(pos.legal_moves()), set(XIANGQI.pseudo_legal_moves(pos))
    for move in pseudo_legal:
        assert move_to(move) in XIANGQI.reach(pos, move_from(move))
    for frm in sorted(pos.occupied[pos.side]):
        for to in range(XIANGQI.geometry.size):
            move = frm | to << 7
            if move in legal:
                continue
            reason = rejection(pos, frm, to)
            assert reason and "\n" not in reason
            assert (move in pseudo_legal) == ("check" in reason or "face each other" in reason)
    assert snapshot(pos) == before
