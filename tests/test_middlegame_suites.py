"""The 200-position middlegame suites of chess and xiangqi (tests/tools/gen_middlegames.py):
each loads with 200 distinct positions, every best move is legal in the project's notation and
agrees with its coordinates, every score is within the generator's bound, and the first
positions regenerate line for line from the command in the file's header."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from xqchess.cli.external_engine import default_engine
from xqchess.cli.suites import load_suite
from xqchess.variants import get_variant, suites

ROOT = Path(__file__).resolve().parents[1]
GENERATOR = "tests/tools/gen_middlegames.py"
SUITES = {"chess": "chess-middlegames-200", "xiangqi": "xiangqi-middlegames-200"}
SIZE = 200
SEED = 48
DEPTH = 14
#: the generator's bound on a kept position's score, in centipawns either way
MAX_SCORE = 300
#: the header: the command (after ``python``), then the engine and settings in parentheses
HEADER = re.compile(r"# made by: python (?P<command>[^(]+) \((?P<engine>[^;]+);(?P<rest>.*)\)")
LINE = re.compile(
    r"(?P<epd>(?:\S+ ){4})bm (?P<bm>[^;]+); "
    r'c0 "uci (?P<uci>\S+); depth (?P<depth>\d+) score cp (?P<score>-?\d+)"; '
    r'id "(?P<id>[^"]+)";'
)
ENGINE = default_engine()
needs_engine = pytest.mark.skipif(
    not os.access(ENGINE, os.X_OK),
    reason="fairy-stockfish is not installed (Debian package fairy-stockfish: "
    "/usr/games/fairy-stockfish)",
)


def suite_lines(variant_name: str) -> list[str]:
    variant = get_variant(variant_name)
    text = variant.data_file(suites(variant_name)[SUITES[variant_name]]).read_text("utf-8")
    return text.splitlines()


@pytest.mark.parametrize("variant_name", SUITES)
def test_the_suite_loads_with_distinct_positions(variant_name):
    suite = load_suite(SUITES[variant_name])
    assert suite.variant.name == variant_name
    assert len(suite.positions) == SIZE
    assert len({position.fen for position in suite.positions}) == SIZE
    assert [position.id for position in suite.positions] == [
        f"{variant_name}.{SEED}.{number:03d}" for number in range(1, SIZE + 1)
    ]


@pytest.mark.parametrize("variant_name", SUITES)
def test_every_best_move_is_legal_and_every_score_within_the_bound(variant_name):
    variant = get_variant(variant_name)
    positions = load_suite(SUITES[variant_name]).positions
    lines = suite_lines(variant_name)[1:]
    assert len(lines) == len(positions)
    for line, position in zip(lines, positions):
        fields = LINE.fullmatch(line)
        assert fields, line
        pos = variant.position(fields["epd"] + "0 1")
        assert not pos.is_check(), line
        move = variant.parse_move(pos, fields["bm"])
        assert move in pos.legal_moves(), line
        assert variant.format_move(pos, move, variant.pgn_notation) == fields["bm"], line
        assert move == variant.parse_move(pos, fields["uci"], "uci"), line
        assert position.best_moves == (variant.format_move(pos, move),)
        assert int(fields["depth"]) == DEPTH
        assert abs(int(fields["score"])) <= MAX_SCORE, line


@pytest.mark.parametrize("variant_name", SUITES)
def test_the_header_names_the_generator_command(variant_name):
    header = HEADER.fullmatch(suite_lines(variant_name)[0])
    assert header, suite_lines(variant_name)[0]
    out = f"variants/{variant_name}/data/{SUITES[variant_name]}.epd"
    assert header["command"] == (
        f"{GENERATOR} {variant_name} --seed {SEED} --count {SIZE} --depth {DEPTH} --out {out}"
    )
    assert header["engine"].startswith("Fairy-Stockfish")
    assert f"depth {DEPTH}" in header["rest"]
    assert (ROOT / out).read_text("utf-8").splitlines() == suite_lines(variant_name)


@pytest.mark.slow
@needs_engine
@pytest.mark.parametrize("variant_name", SUITES)
def test_the_first_positions_regenerate_from_the_header(variant_name, tmp_path):
    """Three positions: the generator stops after ``--count`` with the same seed."""
    shipped = suite_lines(variant_name)
    words = shlex.split(HEADER.fullmatch(shipped[0])["command"])
    words[words.index("--count") + 1] = "3"
    words[words.index("--out") + 1] = str(tmp_path / "suite.epd")
    run = subprocess.run(
        [sys.executable, *words], capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    assert run.returncode == 0, run.stderr
    made = (tmp_path / "suite.epd").read_text("utf-8").splitlines()
    engine, shipped_engine = HEADER.fullmatch(made[0]), HEADER.fullmatch(shipped[0])
    if engine["engine"] != shipped_engine["engine"]:
        pytest.skip(
            f"the suite was made by {shipped_engine['engine']}, this engine is "
            f"{engine['engine']}: its searches may differ"
        )
    assert engine["rest"] == shipped_engine["rest"]
    assert made[1:] == shipped[1:4]
