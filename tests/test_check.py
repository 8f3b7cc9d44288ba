"""`xqchess check` (`xqchess.cli.check`): every shipped game agrees with pyffish and with
Fairy-Stockfish in a short budget; a move generator broken on purpose, one fault per family (a
xiangqi horse jumping a blocked leg, a chess en passant that leaves the king in check, a
castling through check), is caught and walked down to the exact position and move; saved
disagreements replay; engines that fail and bad input get one line and exit 2."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from faulty_perft_engine import (
    FAILURES,
    blocked_horse_jumps,
    castlings_through_check,
    en_passant_captures,
)
from helpers import fresh_variant, with_extra_moves
from xqchess.cli.check.differential import perft_reference, settings_of
from xqchess.cli.check.runner import check_game, fairy_stockfish_found, referees, replay
from xqchess.cli.main import main
from xqchess.core.errors import XQChessError
from xqchess.variants import NAMES, get_variant

FAULTY = Path(__file__).with_name("faulty_perft_engine.py")
#: seconds each shipped game is checked for in the default run (the default budget is 60 s)
SHORT_BUDGET = 2.0

needs_fairy_stockfish = pytest.mark.skipif(
    not fairy_stockfish_found(), reason="Fairy-Stockfish is not installed"
)


def oracle_choices():
    """pyffish, and Fairy-Stockfish where installed."""
    yield pytest.param("pyffish", id="pyffish")
    yield pytest.param("engine", id="fairy-stockfish", marks=needs_fairy_stockfish)


@pytest.mark.parametrize("oracle", oracle_choices())
@pytest.mark.parametrize("game", NAMES)
def test_every_shipped_game_agrees_with_the_oracle(game, oracle):
    pytest.importorskip("pyffish")
    variant = get_variant(game)
    steps = []
    with referees(variant, oracle) as refs:
        report = check_game(variant, refs, SHORT_BUDGET, on_progress=lambda *s: steps.append(s))
    assert report.disagreements == []
    parts = {part.name: part for part in report.parts}
    assert list(parts) == ["perft", "moves", "notations", "endings", "properties"]
    assert parts["perft"].compared > 0 and parts["moves"].compared > 0
    assert parts["notations"].compared > 0 and parts["properties"].positions > 0
    fractions = [fraction for _, fraction in steps]
    assert fractions == sorted(fractions) and 0 <= fractions[0] and fractions[-1] <= 1


def broken(game, extra_moves):
    """A `Variant` of its own for ``game`` whose legal moves also hold ``extra_moves(pos)``."""
    return with_extra_moves(fresh_variant(game), extra_moves)


#: per fault: the game, the extra moves, and the first divergence the check locates: the
#: position perft starts from (the start, or one of the perft reference's), the moves from
#: it, and the moves only the broken generator has there
FAULTS = {
    "horse-leg": ("xiangqi", blocked_horse_jumps, None, [], "b1d2 h1f2"),
    "en-passant-into-check": (
        "chess",
        en_passant_captures,
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",  # (the ep capture then exposes the king)
        ["e2e4"],
        "f4e3",
    ),
    "castle-through-check": (
        "chess",
        castlings_through_check,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ["e5c6"],  # (the knight guards d8, which the king crosses)
        "e8c8",
    ),
}


def pick_oracle():
    """Fairy-Stockfish where installed (its perft is fast), else pyffish."""
    if fairy_stockfish_found():
        return "engine"
    pytest.importorskip("pyffish")
    return "pyffish"


@pytest.mark.parametrize("fault", FAULTS)
def test_a_broken_move_generator_is_caught_at_the_exact_position_and_move(fault):
    game, extra, start, path, only_ours = FAULTS[fault]
    variant = broken(game, extra)
    with referees(variant, pick_oracle()) as refs:
        report = check_game(variant, refs, 5.0)
        label = refs.perft.label
    first = report.disagreements[0]
    assert (first.part, first.aspect) == ("perft", "legal moves")
    assert first.start == (start or variant.position().fen()) and first.moves == path
    assert first.ours == f"only xqchess: {only_ours}"
    assert first.theirs == f"only {label}: -"
    pos = variant.position(first.start)
    for text in first.moves:
        pos.make(variant.parse_move(pos, text, "uci"))
    assert pos.fen() == first.fen


def test_a_saved_disagreement_replays_until_it_is_fixed():
    """Each disagreement, saved as the file holds it, is found again at its position by the
    broken game (a count that differs from the shipped reference is walked down from it),
    and is gone for the shipped one."""
    variant = broken("xiangqi", blocked_horse_jumps)
    with referees(variant, "pyffish") as refs:
        records = [found.record() for found in check_game(variant, refs, 1.5).disagreements]
        assert {record["part"] for record in records} >= {"perft", "moves"}
        for record in json.loads(json.dumps(records)):
            again = replay(variant, refs, record)
            assert again is not None
            if record["oracle"] == "shipped reference":  # (a count: replayed, it is located)
                assert again.moves[: len(record["moves"])] == record["moves"]
            else:
                assert again.fen == record["fen"]
    shipped = get_variant("xiangqi")
    with referees(shipped, "pyffish") as refs:
        assert [replay(shipped, refs, record) for record in records] == [None] * len(records)


def run_cli(*words, timeout=300):
    return subprocess.run(
        [sys.executable, "-m", "xqchess.cli.main", "check", *map(str, words)],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=Path(__file__).parents[1],
    )


def test_the_command_prints_its_parts_and_exits_0_when_everything_agrees():
    pytest.importorskip("pyffish")
    result = run_cli("minixiangqi", "--oracle", "pyffish", "--budget", "2s")
    assert result.returncode == 0, result.stdout + result.stderr
    for part in ("perft", "moves", "notations", "endings", "properties"):
        assert f"│ {part}" in result.stdout
    assert "endings reached (positions):" in result.stdout
    assert result.stdout.rstrip().endswith("minixiangqi: everything agrees")


def test_replay_of_a_file_whose_disagreements_are_fixed_exits_0(tmp_path, capsys):
    """A file as the command writes it (here of a disagreement the shipped game no longer
    has) replays with the file's oracle."""
    pytest.importorskip("pyffish")
    variant = broken("xiangqi", blocked_horse_jumps)
    with referees(variant, "pyffish") as refs:
        found = check_game(variant, refs, 1.0).disagreements[0]
    path = tmp_path / "check-xiangqi.json"
    document = {"version": 1, "game": "xiangqi", "oracle": "pyffish", "engine": None}
    path.write_text(json.dumps(document | {"seed": 0, "disagreements": [found.record()]}))
    assert main(["check", "--replay", str(path)]) == 0
    assert "xiangqi: 1 of 1 agree now" in capsys.readouterr().out


@pytest.mark.parametrize("fault,message", FAILURES)
def test_an_engine_that_fails_gets_one_line_and_exit_2(fault, message):
    engine = shlex.join([sys.executable, str(FAULTY), fault])
    result = run_cli(
        "chess", "--oracle", "engine", "--engine", engine, "--timeout", "1", "--budget", "2s"
    )
    assert result.returncode == 2, result.stdout + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("xqchess: error: engine ")
    assert message in lines[0]


def exit_code(words):
    """``xqchess check WORDS``'s exit status (argparse's errors exit)."""
    try:
        return main(["check", *words])
    except SystemExit as stop:
        return stop.code


@pytest.mark.parametrize(
    "words,message",
    [
        (["chess", "--budget", "soon"], "budget 'soon' is not a time like 60s or 2m"),
        (["chess", "--budget", "0"], "budget '0' is not a time"),
        (["chess", "--oracle", "guess"], "invalid choice: 'guess'"),
        (["--replay", "no-such-file.json"], "cannot read no-such-file.json"),
        ([], "name the game to check (or --replay FILE)"),
        (["chess", "--oracle", "engine", "--engine", "no-such-engine-xyz"], "cannot start"),
        (["xiangqi", "--oracle", "python-chess"], "python-chess does not play 'xiangqi'"),
    ],
)
def test_bad_input_gets_one_line_and_exit_2(words, message, capsys):
    assert exit_code(words) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_a_file_that_is_not_a_checks_is_refused(tmp_path, capsys):
    for text, message in [
        ("{not json", "is not a check's file"),
        ('{"version": 1, "game": "nonesuch", "disagreements": []}', "unknown game 'nonesuch'"),
        ('{"version": 1, "game": "chess", "disagreements": [{"part": "moves"}]}', "lacks one"),
    ]:
        path = tmp_path / "check.json"
        path.write_text(text)
        assert exit_code(["--replay", str(path)]) == 2
        assert message in capsys.readouterr().err


@pytest.mark.parametrize(
    "name,text,message",
    [
        ("conformance.json", "{not json", "data/conformance.json is not JSON"),
        ("conformance.json", "[1, 2]", "data/conformance.json is not a JSON object"),
        ("perft.json", '{"cases": []}', "data/perft.json has no list of positions"),
    ],
)
def test_a_games_bad_data_file_is_named(tmp_path, name, text, message):
    """A game's own settings or perft reference that cannot be read: one error naming it."""
    variant = fresh_variant("minixiangqi")
    (tmp_path / name).write_text(text)
    variant.data_file = lambda file_name: tmp_path / file_name
    with pytest.raises(XQChessError, match=message):
        settings_of(variant) if name == "conformance.json" else perft_reference(variant)
