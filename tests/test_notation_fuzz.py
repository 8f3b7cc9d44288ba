"""Every notation reader of every registered game, fed arbitrary text and text shaped like the
notations (SAN, coordinates, WXF, Chinese), from the start and from positions reached by random
play: a reader answers with a legal move or refuses with a `MoveError` naming the fault on one
line, and leaves the position as it was either way.

The readers are found through the registry and `Variant.readers` (plus the reading of text whose
notation is left to `Variant.detect_notation`), never by a game's name, so a new game is fuzzed
as soon as it is registered.
"""

import string

import pytest
import xqchess
from helpers import random_walk, snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from xqchess.core.errors import MoveError
from xqchess.variants import NAMES, get_variant

#: Derandomized, so the default run is the same short run every time (about two seconds a game).
FUZZ_SETTINGS = settings(
    max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)

#: Characters of the Chinese notation (pieces in both scripts, operators, position marks,
#: numerals) and digits a reader must not take for ASCII ones: full width, superscript, other
#: scripts' decimal digits, circled.
CHINESE_PIECES = "帅帥将將仕士相象马馬傌车車俥炮砲包兵卒"
CHINESE_OPERATORS = "进進退平"
CHINESE_MARKS = "前中后後"
CHINESE_NUMERALS = "零一二三四五六七八九十"
FULL_WIDTH_DIGITS = "０１２３４５６７８９"
ODD_DIGITS = "¹²³٣۵५১𝟓⑤"

LETTER = st.sampled_from(string.ascii_letters)  # every game's piece letters, and ones it lacks
DIGIT = st.sampled_from(string.digits + FULL_WIDTH_DIGITS + ODD_DIGITS)
NUMBER = st.one_of(DIGIT, st.integers(0, 12).map(str), st.sampled_from(CHINESE_NUMERALS))
SIGN = st.sampled_from("+-=.,")
FILE = st.sampled_from(string.ascii_lowercase[:13])
SQUARE = st.builds("{}{}".format, FILE, st.integers(0, 11))


def optional(strategy):
    return st.one_of(st.just(""), strategy)


def joined(*parts):
    return st.tuples(*parts).map("".join)


#: WXF: piece letter or index, file or tandem mark, operator, number (C2=5, +R-1, 27=8).
WXF_SHAPED = joined(optional(SIGN), st.one_of(LETTER, DIGIT), st.one_of(NUMBER, SIGN), SIGN, NUMBER)
#: coordinates as UCI and ICCS write them (e2e4, e7e8q, H2-E2).
COORDINATES_SHAPED = joined(
    SQUARE,
    optional(st.sampled_from("-x")),
    SQUARE,
    optional(st.one_of(LETTER, joined(st.just("="), LETTER))),
)
#: SAN: piece, disambiguation, capture, target, promotion, annotation (Nbd7, exd8=Q+).
SAN_SHAPED = joined(
    optional(LETTER),
    optional(FILE),
    optional(st.integers(0, 11).map(str)),
    optional(st.just("x")),
    SQUARE,
    optional(joined(optional(st.just("=")), LETTER)),
    optional(st.sampled_from("+#!?")),
)
CASTLING = st.sampled_from(
    [
        "O-O",
        "O-O-O",
        "0-0",
        "0-0-0",
        "o-o",
        "O-O+",
        "O-O-O#",
        "OO",
        "O-0",
        "O-O-O-O",
        "Kg1",
        "e1g1",
        "e1h1",
        "f1i1",
        "f1c1",
    ]
)
#: Chinese: position mark or index, piece, file, operator, number (炮二平五, 前车进二, 马８进７).
CHINESE_SHAPED = joined(
    optional(st.one_of(st.sampled_from(CHINESE_MARKS), NUMBER)),
    st.one_of(st.sampled_from(CHINESE_PIECES), LETTER),
    optional(NUMBER),
    st.one_of(st.sampled_from(CHINESE_OPERATORS), SIGN),
    NUMBER,
)
SHAPED = st.one_of(WXF_SHAPED, COORDINATES_SHAPED, SAN_SHAPED, CASTLING, CHINESE_SHAPED)
TEXTS = st.one_of(st.text(max_size=12), SHAPED, SHAPED.map(str.upper), SHAPED.map(str.lower))
#: what a mutation puts into a real move's text
PIECES_OF_TEXT = st.one_of(
    LETTER,
    DIGIT,
    SIGN,
    st.sampled_from(
        CHINESE_PIECES + CHINESE_OPERATORS + CHINESE_MARKS + CHINESE_NUMERALS + "x#=? "
    ),
)


def fuzz_positions(variant_name):
    """The start position and two positions reached by random play (with their history)."""
    return [
        get_variant(variant_name).position(),
        random_walk(variant_name, 1, 24),
        random_walk(variant_name, 2, 70),
    ]


def reading_notations(variant_name):
    """Each notation the game reads, and None: the notation recognised from the text."""
    return list(get_variant(variant_name).readers) + [None]


def read_or_refuse(pos, text, notation):
    """Read ``text``: a legal move, or a MoveError with a one-line message; either way the
    position, its history included, is as before."""
    before = (snapshot(pos), pos.fen())
    try:
        move = pos.variant.parse_move(pos, text, notation)
    except MoveError as error:
        message = str(error)
        assert message.strip() and "\n" not in message, (text, notation, message)
    else:
        assert move in pos.legal_moves(), (text, notation, move)
    assert (snapshot(pos), pos.fen()) == before, (text, notation)


@pytest.mark.parametrize("variant_name", NAMES)
def test_readers_answer_any_text_with_a_legal_move_or_a_move_error(variant_name):
    positions = fuzz_positions(variant_name)

    @FUZZ_SETTINGS
    @given(st.sampled_from(positions), st.sampled_from(reading_notations(variant_name)), TEXTS)
    def check(pos, notation, text):
        read_or_refuse(pos, text, notation)

    check()


@pytest.mark.parametrize("variant_name", NAMES)
def test_readers_answer_mutated_moves_with_a_legal_move_or_a_move_error(variant_name):
    """A legal move as each of the game's writers writes it, with one character replaced,
    inserted or deleted, or changed in case: the near misses a person types."""
    positions = fuzz_positions(variant_name)
    variant = get_variant(variant_name)

    @FUZZ_SETTINGS
    @given(
        st.sampled_from(positions),
        st.sampled_from(reading_notations(variant_name)),
        st.sampled_from(variant.notations),
        st.randoms(use_true_random=False),
        st.sampled_from(["replace", "insert", "delete", "swapcase"]),
        PIECES_OF_TEXT,
    )
    def check(pos, notation, written_in, rng, mutation, piece):
        text = variant.format_move(pos, rng.choice(pos.legal_moves()), written_in)
        at = rng.randrange(len(text) + (mutation == "insert"))
        if mutation == "replace":
            text = text[:at] + piece + text[at + 1 :]
        elif mutation == "insert":
            text = text[:at] + piece + text[at:]
        elif mutation == "delete":
            text = text[:at] + text[at + 1 :]
        else:
            text = text.swapcase()
        read_or_refuse(pos, text, notation)

    check()


@pytest.mark.parametrize("text", ["E3+5", "A4+5", "B3+5", "e3+5"])
def test_wxf_naming_a_piece_the_game_lacks_is_a_move_error(text):
    """In minixiangqi (no elephants, no advisors) ``E3+5`` raised KeyError from the
    WXF reader and ended `xqchess play`; it is refused, the board unchanged, naming the kind
    the game lacks (B is Fairy-Stockfish's FEN letter of the elephant) and the ones it has."""
    board = xqchess.Board("minixiangqi")
    before = board.fen()
    kind = "advisor" if text.startswith("A") else "elephant"
    with pytest.raises(MoveError) as refusal:
        board.push_notation(text)
    assert str(refusal.value) == (
        f"bad move text {text!r}: minixiangqi has no {kind}; its pieces are K, H, R, C, P"
    )
    assert board.fen() == before and board.move_stack == []


WXF_READERS = [name for name in NAMES if "wxf" in get_variant(name).readers]


@pytest.mark.parametrize("variant_name", WXF_READERS)
@pytest.mark.parametrize("text", ["C²=5", "H²+3", "C2=⁵", "¹²+3"])
def test_wxf_with_a_digit_int_cannot_read_is_a_move_error(variant_name, text):
    """A superscript digit passes `str.isdigit` but not `int`: the WXF reader raised
    ValueError on it; it is refused as not WXF notation."""
    pos = get_variant(variant_name).position()
    with pytest.raises(MoveError, match="not WXF notation"):
        pos.variant.parse_move(pos, text, "wxf")
