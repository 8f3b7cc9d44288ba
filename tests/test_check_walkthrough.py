"""The walkthrough of docs/adding-a-game.md ("Your own game, in your own package"), run as it is
written: the package tests/data/xqchess_losalamos/ (Los Alamos chess on the chess family's
builder, registered through the entry-point group ``xqchess.variants``) agrees with pyffish and
Fairy-Stockfish under `xqchess check`; with one rule broken (the knight left out of the
promotion kinds), `check` names the first position where it goes wrong and writes it to a file
that ``--replay`` compares again (still differing, then agreeing after the fix), and `perft
--against` names the same position and the missing move, and walks down to it from earlier on
the path. The default run registers the package without installing it (its folder and a
dist-info on PYTHONPATH); the slow run installs this repository and the package into a fresh
venv, as the walkthrough does."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import register_game
from xqchess.cli.check.runner import fairy_stockfish_found
from xqchess.variants import ENTRY_POINT_GROUP

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = Path(__file__).with_name("data") / "xqchess_losalamos"
WALKTHROUGH = ROOT / "docs" / "adding-a-game.md"
#: the shell prompt of the walkthrough's commands (in the package's folder)
PROMPT = "~/xqchess_losalamos$ "
CLI = [sys.executable, "-m", "xqchess.cli.main"]
#: the rule the walkthrough breaks, as the template writes it and as broken
RULE = "promotion_kinds=(QUEEN, ROOK, KNIGHT),"
BROKEN_RULE = "promotion_kinds=(QUEEN, ROOK),"
#: where the broken game first goes wrong in the random games of seed 0: the moves from the
#: start, the position they reach, and the promotion only Fairy-Stockfish has there
FIRST_WRONG_MOVES = ["b2b3", "a5a4", "b3a4", "e5e4", "a4a5", "e6f4"]
FIRST_WRONG_FEN = "rnqk1r/Pppp1p/4pn/6/P1PPPP/RNQKNR w - - 1 4"
MISSING = "a5b6n"
#: where `perft --against` walks to from two moves earlier on that path (depth 3): the first
#: differing move at each ply, to a position that misses the same promotion
WALKED_TO = "rnqknr/P1pp1p/1p2p1/6/P1PPPP/RNQKNR w - - 0 4"

needs_the_oracles = pytest.mark.skipif(
    not fairy_stockfish_found(), reason="Fairy-Stockfish is not installed"
)


def copy_package(folder: Path) -> Path:
    """The template's package folder copied into ``folder``."""
    package = folder / "xqchess_losalamos"
    shutil.copytree(TEMPLATE / "xqchess_losalamos", package)
    return package


def register(site: Path) -> dict[str, str]:
    """The package on ``site`` beside a dist-info naming its entry point (what `pip install`
    writes), and the environment that finds both."""
    pyproject = (TEMPLATE / "pyproject.toml").read_text()
    assert f'[project.entry-points."{ENTRY_POINT_GROUP}"]' in pyproject
    assert 'losalamos = "xqchess_losalamos:GAME"' in pyproject
    copy_package(site)
    return register_game(site, "xqchess_losalamos", "losalamos")


def set_rule(package: Path, old: str, new: str) -> None:
    """Rewrite the definition's one line ``old`` as ``new``."""
    definition = package / "definition.py"
    text = definition.read_text()
    assert text.count(old) == 1
    definition.write_text(text.replace(old, new))


def run(command: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(part) for part in command],
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
    )


def assert_names_the_first_wrong_position(check: subprocess.CompletedProcess, out: Path):
    """``check`` (on the broken game) printed where it first goes wrong and wrote it to
    ``out``; the saved disagreements, returned."""
    assert check.returncode == 1, check.stdout + check.stderr
    assert f"   FEN   {FIRST_WRONG_FEN}\n   from  the start position\n" in check.stdout
    assert f"   moves {' '.join(FIRST_WRONG_MOVES)}\n   only xqchess: -\n" in check.stdout
    assert f"written to {out.name} (xqchess check --replay {out.name})" in check.stdout
    saved = json.loads(out.read_text())["disagreements"]
    first = next(record for record in saved if record["part"] == "moves")
    assert (first["moves"], first["fen"]) == (FIRST_WRONG_MOVES, FIRST_WRONG_FEN)
    assert first["theirs"].split(": ")[1].split() == [MISSING]
    return saved


def assert_perft_finds_it(cli: list, env: dict[str, str], cwd: Path) -> None:
    """`perft --against`, given the path, names the position and the missing move; from two
    moves earlier it walks down to one that misses the same promotion."""
    against = ["perft", "losalamos", "--against", "fairy-stockfish", "--reference", "engine"]
    at = run([*cli, *against, "--depth", "2", "--moves", *FIRST_WRONG_MOVES], env, cwd)
    assert at.returncode == 1, at.stdout + at.stderr
    assert at.stdout.endswith(
        "the legal moves differ after (the position itself)\n"
        f"  FEN {FIRST_WRONG_FEN}\n  xqchess misses: {MISSING}\n  xqchess has extra: -\n"
    )
    walk = run([*cli, *against, "--depth", "3", "--moves", *FIRST_WRONG_MOVES[:4]], env, cwd)
    assert walk.returncode == 1, walk.stdout + walk.stderr
    assert walk.stdout.endswith(
        "the legal moves differ after a4a5 b5b4\n"
        f"  FEN {WALKED_TO}\n  xqchess misses: {MISSING}\n  xqchess has extra: -\n"
    )


def assert_replays(cli: list, env: dict[str, str], cwd: Path, out: Path, saved, now: str):
    """``--replay`` of ``out``: still differing (``now`` "differs") or all agreeing."""
    replayed = run([*cli, "check", "--replay", out], env, cwd)
    total = len(saved)
    if now == "differs":
        assert replayed.returncode == 1, replayed.stdout + replayed.stderr
        assert f"losalamos: 0 of {total} agree now" in replayed.stdout
    else:
        assert replayed.returncode == 0, replayed.stdout + replayed.stderr
        assert f"losalamos: {total} of {total} agree now" in replayed.stdout


@needs_the_oracles
def test_the_game_agrees_and_a_rule_left_out_is_named_where_it_first_shows(tmp_path):
    pytest.importorskip("pyffish")
    site = tmp_path / "site"
    env = register(site)
    package = site / "xqchess_losalamos"
    out = tmp_path / "check-losalamos.json"

    agreeing = run([*CLI, "check", "losalamos", "--budget", "10s"], env, tmp_path)
    assert agreeing.returncode == 0, agreeing.stdout + agreeing.stderr
    assert agreeing.stdout.startswith("checking losalamos for 10 s: pyffish: fen, legal moves")
    assert agreeing.stdout.endswith("losalamos: everything agrees\n")
    assert not out.exists()

    set_rule(package, RULE, BROKEN_RULE)
    # Fairy-Stockfish answers a position in a fraction of pyffish's time: the seeded games
    # reach the first wrong position within a short budget however loaded the machine
    broken = run(
        [*CLI, "check", "losalamos", "--oracle", "engine", "--budget", "5s"], env, tmp_path
    )
    saved = assert_names_the_first_wrong_position(broken, out)
    assert_replays(CLI, env, tmp_path, out, saved, "differs")
    assert_perft_finds_it(CLI, env, tmp_path)

    set_rule(package, BROKEN_RULE, RULE)
    assert_replays(CLI, env, tmp_path, out, saved, "agrees")


def walkthrough() -> str:
    """The walkthrough's section of docs/adding-a-game.md."""
    text = WALKTHROUGH.read_text(encoding="utf-8")
    return text[text.index("## Your own game, in your own package") :]


def test_the_walkthrough_quotes_the_template_and_what_the_tests_assert():
    """Its Python lines are the template's, its outputs name the positions asserted here, and
    it breaks and restores the rule the tests break."""
    section = walkthrough()
    python = re.search(r"```python\n(.*?)```", section, re.DOTALL).group(1)
    definition = (TEMPLATE / "xqchess_losalamos" / "definition.py").read_text()
    quoted = [line for line in python.splitlines() if line.strip() and line.strip() != "..."]
    assert quoted and [line for line in quoted if line not in definition.splitlines()] == []
    assert RULE in definition and RULE in python and BROKEN_RULE in section
    for text in (FIRST_WRONG_FEN, " ".join(FIRST_WRONG_MOVES), MISSING, WALKED_TO):
        assert text in section


def test_the_walkthroughs_commands_parse_with_the_game_registered(tmp_path):
    """Its `xqchess` commands (after the prompt) parse once the package is registered: the
    docs test (test_docs.py) parses the others with the shipped games only."""
    commands = [
        shlex.split(line[len(PROMPT) :], comments=True)[1:]
        for line in walkthrough().splitlines()
        if line.startswith(PROMPT + "xqchess ")
    ]
    assert len(commands) >= 4
    script = (
        "import json, sys\n"
        "from xqchess.cli.main import build_parser\n"
        "for args in json.load(sys.stdin):\n"
        "    build_parser().parse_args(args)\n"
    )
    parsed = subprocess.run(
        [sys.executable, "-c", script],
        input=json.dumps(commands),
        env=register(tmp_path / "site"),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert parsed.returncode == 0, parsed.stderr


def copy_of_this_repository(folder: Path) -> Path:
    """The checkout's sources (what an sdist holds), copied: pip builds a local folder in
    place, and a pure-Python build removes the build manifest of the folder it builds, which
    the checkout's compiled kernel needs."""
    ignore = shutil.ignore_patterns(
        *(".git", ".venv", "build", "docs", "tests", "__pycache__", "*.egg-info", ".hypothesis"),
        *("*.so", "*.c", "*.html", ".*_cache", "kernel_build.json", "check-*.json"),
    )
    return Path(shutil.copytree(ROOT, folder, ignore=ignore))


@pytest.mark.slow
@pytest.mark.timeout(1200)
@needs_the_oracles
def test_in_a_fresh_venv_the_installed_game_is_checked_broken_and_fixed(tmp_path):
    """The walkthrough in a fresh venv: this repository installed (a pure-Python build, the
    kernel's compile is test_wheel's), the package installed editable (``pip install -e .``),
    `xqchess check` agreeing, naming the broken rule's first position, and replaying after
    the fix. Without pyffish in that venv, Fairy-Stockfish answers every question."""
    venv = tmp_path / "venv"
    run([sys.executable, "-m", "venv", venv], dict(os.environ), tmp_path).check_returncode()
    pip = [venv / "bin" / "python", "-m", "pip", "install", "-q"]
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    repository = copy_of_this_repository(tmp_path / "xqchess")
    install = run([*pip, repository], dict(env, XQCHESS_PURE_PYTHON="1"), tmp_path)
    assert install.returncode == 0, install.stderr[-3000:]
    folder = tmp_path / "xqchess_losalamos"
    shutil.copytree(TEMPLATE, folder)
    install = run([*pip, "-e", "."], env, folder)
    assert install.returncode == 0, install.stderr[-3000:]
    cli = [venv / "bin" / "xqchess"]
    out = folder / "check-losalamos.json"

    agreeing = run([*cli, "check", "losalamos", "--budget", "20s"], env, folder)
    assert agreeing.returncode == 0, agreeing.stdout + agreeing.stderr
    assert "perft: Fairy-Stockfish" in agreeing.stdout.splitlines()[0]
    assert agreeing.stdout.endswith("losalamos: everything agrees\n")

    set_rule(folder / "xqchess_losalamos", RULE, BROKEN_RULE)
    broken = run([*cli, "check", "losalamos", "--budget", "20s"], env, folder)
    saved = assert_names_the_first_wrong_position(broken, out)
    assert_replays(cli, env, folder, out, saved, "differs")
    assert_perft_finds_it(cli, env, folder)

    set_rule(folder / "xqchess_losalamos", BROKEN_RULE, RULE)
    assert_replays(cli, env, folder, out, saved, "agrees")
