"""Minixiangqi's own rules, by hand: no river (soldiers step sideways from the start), the 3x3
palace, the flying general on 7x7, no advisors or elephants, the game's end, WXF on seven files,
and bad input named in one line; the board is built by the xiangqi family's builder."""

import pytest
from xqchess.core.errors import FenError, IllegalMoveError
from xqchess.core.outcome import Outcome, Termination
from xqchess.variants import board_style, get_variant
from xqchess.variants.minixiangqi.definition import TABLES

MINI = get_variant("minixiangqi")
START = MINI.start_fen


def moves_of(fen, origin=None):
    pos = MINI.position(fen, strict=False)
    moves = {MINI.format_move(pos, m) for m in pos.legal_moves()}
    return moves if origin is None else {m for m in moves if m.startswith(origin)}


def test_start_position_and_its_moves():
    pos = MINI.position()
    assert pos.fen() == "rcnkncr/p1ppp1p/7/7/7/P1PPP1P/RCNKNCR w - - 0 1"
    assert len(pos.legal_moves()) == 19
    # soldiers already step sideways on their start rank: there is no river
    assert {"a2b2", "c2b2", "e2f2", "g2f2"} <= moves_of(START)


@pytest.mark.parametrize(
    "fen,origin,expected",
    [
        ("2k4/7/7/7/7/P6/4K2 w - - 0 1", "a2", {"a2a3", "a2b2"}),
        ("2k4/7/7/7/7/p6/4K2 b - - 0 1", "a2", {"a2a1", "a2b2"}),  # black's soldier forward is down
        ("2k4/P6/7/7/7/7/4K2 w - - 0 1", "a6", {"a6a7", "a6b6"}),
        ("P1k4/7/7/7/7/7/4K2 w - - 0 1", "a7", {"a7b7"}),  # on the last rank: sideways only
        ("2k4/7/7/7/7/7/3P1K1 w - - 0 1", "d1", {"d1d2", "d1c1", "d1e1"}),  # never backwards
    ],
)
def test_soldiers_step_forward_or_sideways_anywhere(fen, origin, expected):
    assert moves_of(fen, origin) == expected


@pytest.mark.parametrize(
    "fen,origin,expected",
    [
        ("2k4/7/7/7/7/7/3K3 w - - 0 1", "d1", {"d1d2", "d1e1"}),  # c1 would face the general on c7
        ("4k2/7/7/7/7/3K3/7 w - - 0 1", "d2", {"d2d1", "d2d3", "d2c2"}),  # not e2: facing on e
        ("4k2/7/7/7/2K4/7/7 w - - 0 1", "c3", {"c3c2", "c3d3"}),  # the palace's corner: no c4, b3
        ("7/2k4/7/7/7/7/4K2 b - - 0 1", "c6", {"c6c7", "c6c5", "c6d6"}),
    ],
)
def test_the_general_stays_in_its_palace_and_never_faces_the_other(fen, origin, expected):
    assert moves_of(fen, origin) == expected


def test_a_general_outside_its_palace_is_refused_strictly_and_has_no_move_leniently():
    fen = "3k3/7/7/7/7/7/K6 w - - 0 1"
    with pytest.raises(FenError, match="red general on a1, outside its palace"):
        MINI.position(fen)
    assert moves_of(fen) == set()  # as Fairy-Stockfish: no step leads into the palace


def test_flying_general_pins_a_piece_on_the_open_file():
    fen = "3k3/7/7/3N3/7/7/3K3 w - - 0 1"  # the horse on d4 stands between the generals
    assert moves_of(fen, "d4") == set()
    pos = MINI.position(fen)
    with pytest.raises(IllegalMoveError, match="the generals would face each other on the d-file"):
        MINI.parse_move(pos, "d4c6")


def test_a_general_never_steps_onto_the_open_file_of_the_other():
    pos = MINI.position("3k3/7/7/7/7/7/4K2 b - - 0 1")
    assert not pos.is_check()
    assert moves_of(pos.fen()) == {"d7c7", "d7d6"}  # e7 would face the red general


def test_facing_generals_accepted_leniently_step_apart_as_in_fairy_stockfish():
    """Fairy-Stockfish accepts the generals facing with the side to move free to step aside;
    the general never captures along the file (d1d7 is no move)."""
    fen = "3k3/7/7/7/7/7/3K3 w - - 0 1"
    with pytest.raises(FenError, match="generals facing"):
        MINI.position(fen)
    assert moves_of(fen) == {"d1c1", "d1e1"}


def test_the_board_has_no_advisor_or_elephant_tables():
    assert all(not steps for color in (0, 1) for steps in TABLES.advisor_steps[color])
    assert all(not jumps for color in (0, 1) for jumps in TABLES.elephant_moves[color])
    assert TABLES.board.own_halves is None and board_style("minixiangqi").river is None
    assert [len(p) for p in board_style("minixiangqi").palaces] == [9, 9]


@pytest.mark.parametrize(
    "fen,fault",
    [
        ("rcnkncr/p1ppp1p/7/7/7/P1PPP1P w - - 0 1", "6 ranks, expected 7"),
        (START.replace("RCNKNCR", "RCNKNCRR"), "8 files, expected 7"),
        (START.replace("7/7/7", "7/6/7"), "rank 4 has 6 files"),
        (START.replace("RCNKNCR", "RCNKNCA"), "bad piece letter 'A'"),
        (START.replace("RCNKNCR", "RCNKNCB"), "bad piece letter 'B'"),
        (START.replace("RCNKNCR", "RCNKNCE"), "bad piece letter 'E'"),
        (START.replace(" w ", " x "), "side to move 'x'"),
        (START.replace(" w - ", " w KQ "), "rights field 'KQ'"),
        ("7/7/7/3k3/7/7/4K2 w - - 0 1", "black general on d4, outside its palace"),
        ("3k3/7/7/3K3/7/7/7 w - - 0 1", "red general on d4, outside its palace"),
        ("3k3/7/7/7/7/7/4K1P w - - 0 1", "soldier on g1, behind its start rank"),
        ("p2k3/7/7/7/7/7/4K2 w - - 0 1", "soldier on a7, behind its start rank"),
        ("3k3/7/7/7/PPPPPP1/7/4K2 w - - 0 1", "6 red soldiers, at most 5"),
        ("3k3/7/7/7/RRR4/7/4K2 w - - 0 1", "3 red chariots, at most 2"),
        ("3k3/7/7/7/7/7/2KK3 w - - 0 1", "2 red generals"),
        ("7/7/7/7/7/7/3K3 w - - 0 1", "0 black generals"),
        ("3k3/7/7/7/7/7/3K3 w - - 0 1", "generals facing"),
        ("3k3/3R3/7/7/7/7/4K2 w - - 0 1", "black general in check with red to move"),
    ],
)
def test_malformed_fen_names_the_fault(fen, fault):
    with pytest.raises(FenError) as error:
        MINI.position(fen)
    assert fault in str(error.value)
    assert "\n" not in str(error.value)


def test_horse_alias_and_red_side_letter():
    assert MINI.position("rchkhcr/p1ppp1p/7/7/7/P1PPP1P/RCHKHCR r - - 0 1").fen() == START


@pytest.mark.parametrize(
    "fen,text,fault",
    [
        (
            "2k4/7/7/7/7/P6/4K2 w - - 0 1",
            "a2a1",
            "cannot move to a1: a soldier steps one point forward or sideways",
        ),
        ("3k3/7/7/7/7/C6/N3K2 w - - 0 1", "a1b3", "is hobbled: the red cannon on a2"),
        ("3k3/7/7/7/7/7/2CK3 w - - 0 1", "d1d7", "cannot move to"),
    ],
)
def test_refused_moves_name_the_rule(fen, text, fault):
    pos = MINI.position(fen, strict=False)
    with pytest.raises(IllegalMoveError) as error:
        MINI.parse_move(pos, text)
    assert fault in str(error.value)


@pytest.mark.parametrize(
    "uci,wxf",
    [
        ("b1b4", "C6+3"),
        ("f1f6", "C2+5"),
        ("a2b2", "P7=6"),
        ("g2g3", "P1+1"),
        ("d2d3", "P4+1"),
    ],
)
def test_wxf_counts_seven_files_from_the_movers_right(uci, wxf):
    pos = MINI.position()
    move = MINI.parse_move(pos, uci)
    assert MINI.format_move(pos, move, "wxf") == wxf
    assert MINI.parse_move(pos, wxf) == move
    assert set(MINI.notations) == {"uci", "wxf"}


def test_black_numbers_files_from_its_own_right():
    pos = MINI.position()
    pos.push(MINI.parse_move(pos, "a2a3"))
    assert MINI.format_move(pos, MINI.parse_move(pos, "b7b4"), "wxf") == "C2+3"
    assert MINI.format_move(pos, MINI.parse_move(pos, "g6f6"), "wxf") == "P7=6"


def test_stalemate_is_a_loss():
    # the red general on c1: c2 and d1 are covered by the black chariots on a2 and d6
    pos = MINI.position("4k2/3r3/7/7/7/r6/2K4 w - - 0 1")
    assert not pos.legal_moves() and not pos.is_check()
    assert pos.outcome() == Outcome(Termination.STALEMATE, False)


def test_move_limit_at_100_plies():
    pos = MINI.position("4k2/7/R6/7/7/7/2K4 w - - 99 1")
    assert pos.outcome() is None
    pos.push(MINI.parse_move(pos, "a5a4"))
    assert pos.outcome() == Outcome(Termination.MOVE_LIMIT, None)


def test_perpetual_check_loses():
    pos = MINI.position("4k2/7/R6/7/7/7/2K4 w - - 0 1")
    played = 0
    for text in ["a5a7", "e7e6", "a7a6", "e6e7"] + ["a6a7", "e7e6", "a7a6", "e6e7"] * 2:
        if pos.outcome() is not None:
            break
        pos.push(MINI.parse_move(pos, text))
        played += 1
    # every red move checks: the third occurrence (after a5a7, a6a7, a6a7) loses for Red
    assert played == 9
    assert pos.outcome() == Outcome(Termination.PERPETUAL_CHECK, False)


#: Red's chariot chases Black's unprotected horse round and round.
CHASE_START = "3k3/7/n6/7/7/7/1R2K2 w - - 0 1"
CHASE_CYCLE = ["b1b5", "a5b7", "b5b1", "b7a5"]


def test_a_chase_is_no_loss_without_the_chase_rule():
    """Fairy-Stockfish's minixiangqi has no chase rule: the cycle is a plain threefold
    repetition, where xiangqi's rule (built on this board) would make the chaser lose."""
    from xqchess.variants.families.xiangqi_family import chase, rules
    from xqchess.variants.families.xiangqi_family.attacks import make_attacks

    pos = MINI.position(CHASE_START)
    for text in CHASE_CYCLE * 2:
        pos.push(MINI.parse_move(pos, text))
    assert pos.outcome() == Outcome(Termination.THREEFOLD_REPETITION, None)
    with_chasing = rules.make_rules(chase.make_chase(TABLES, make_attacks(TABLES).attackers))
    assert with_chasing.outcome(pos) == Outcome(Termination.PERPETUAL_CHASE, False)
    sf = pytest.importorskip("pyffish", reason="pyffish (Fairy-Stockfish) is not installed")
    assert sf.is_optional_game_end("minixiangqi", CHASE_START, CHASE_CYCLE * 2) == (True, 0)
