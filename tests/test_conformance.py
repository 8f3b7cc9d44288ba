"""The conformance harness: every registered game (entry-point games included) checked by the
same tests, each reading the game's own settings and reference data, with the kit `xqchess
check` runs (`xqchess.cli.check`):

* perft against Fairy-Stockfish's counts, every position and depth (depths above 200,000 leaves
  are slow-marked);
* the oracle differential: seeded random games, biased towards moving a piece straight back and
  towards checks so that every kind of ending happens, compared with python-chess or pyffish at
  every position (FEN reached by the same moves and read back, legal moves, check, the
  captures-only generator, game end and result, every legal move's text at every
  ``notations_every``-th position and at every position in the slow run, the move played in
  every notation at every ply, written and read back), and hand-made repetition cycles;
* move-generator and notation properties (hypothesis) on positions reached by random play.
"""

import inspect
import itertools
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import register_game
from xqchess.cli.check.differential import (
    Differential,
    perft_reference,
    play_cycle,
    play_random_game,
    settings_of,
    suite_fens,
)
from xqchess.cli.check.oracles import ASPECTS, LIBRARY_ORACLES
from xqchess.cli.check.properties import PROPERTIES, check_property
from xqchess.cli.check.runner import referees
from xqchess.core.errors import XQChessError
from xqchess.core.moves import is_capture, move_from, move_to
from xqchess.core.outcome import Termination
from xqchess.core.perft import divide, perft
from xqchess.core.position import Position
from xqchess.variants import NAMES, get_variant, suites

GAMES = NAMES  # every registered game
#: perft depths counting more leaves than this are slow-marked
DEFAULT_PERFT_LIMIT = 200_000


def conformance_settings(game):
    """The game's ``data/conformance.json`` as shipped."""
    return json.loads(get_variant(game).data_file("conformance.json").read_text())


def oracle_names(settings):
    """Every oracle the settings consult."""
    names = set(settings["oracles"].values())
    return names | {spec["oracle"] for spec in settings["notations"].values() if spec}


def need_oracles(game):
    """Skip when an oracle the game's settings name is not installed."""
    for name in oracle_names(conformance_settings(game)):
        if not LIBRARY_ORACLES[name].installed():
            pytest.skip(f"{name} (an oracle) is not installed")


def differential(game, notations_every=None, part="moves", full=True):
    """The game's differential against the oracles its settings name: its random games as
    the settings write them (``full``, the slow set), or as their ``default`` part overrides
    them for the default set (`default_differential`)."""
    variant = get_variant(game)
    refs = referees(variant, "auto", count_perft=False)
    settings = settings_of(variant)
    if not full:
        spec = settings["differential"]
        settings = dict(settings, differential=default_differential(spec))
    return Differential(variant, settings, refs.aspects, refs.writers, part, notations_every)


def default_differential(spec):
    """The random games of the default set: the settings' ``default`` values (fewer runs,
    fewer positions a run, captures and texts compared less often; each pyffish call costs
    about 3 ms) in place of the slow set's; the same games where there is none."""
    return {**spec, **spec.get("default", {})}


# -- the game's data -------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_game_ships_its_conformance_data(game):
    """Settings for every aspect and every notation the game writes, oracles the kit knows,
    endings that exist, and a perft reference with the start position."""
    data = conformance_settings(game)
    assert set(data["oracles"]) == set(ASPECTS)
    assert oracle_names(data) <= set(LIBRARY_ORACLES)
    assert set(data["notations"]) == set(get_variant(game).notations)
    for ending in data["differential"]["endings"]:
        Termination[ending]
    reference = perft_reference(get_variant(game))
    assert reference[0]["fen"].split()[:4] == get_variant(game).start_fen.split()[:4]


# -- perft -----------------------------------------------------------------------------------


def perft_cases():
    for game in GAMES:
        for entry in perft_reference(get_variant(game)):
            for depth, count in entry["perft"].items():
                marks = [pytest.mark.slow] if count > DEFAULT_PERFT_LIMIT else []
                yield pytest.param(
                    game,
                    entry["fen"],
                    int(depth),
                    count,
                    marks=marks,
                    id=f"{game}-{entry['name']}-d{depth}",
                )


@pytest.mark.parametrize("game,fen,depth,expected", list(perft_cases()))
def test_perft_matches_reference(game, fen, depth, expected):
    pos = get_variant(game).position(fen, strict=False)
    before = pos.fen()
    assert perft(pos, depth) == expected
    assert pos.fen() == before


@pytest.mark.parametrize("game", GAMES)
def test_unbulked_perft_and_divide_agree_with_bulk(game):
    entry = perft_reference(get_variant(game))[1]
    pos = get_variant(game).position(entry["fen"], strict=False)
    expected = entry["perft"]["2"]
    assert perft(pos, 2, bulk=False) == expected
    assert sum(count for _, count in divide(pos, 2)) == expected


# -- the oracle differential -----------------------------------------------------------------


def check_random_games(game, notations_every=None, full=True):
    need_oracles(game)
    compared = differential(game, notations_every, full=full)
    spec = compared.settings["differential"]
    for seed in range(spec["runs"]):
        play_random_game(compared, seed)
    assert compared.positions == spec["runs"] * spec["positions_per_run"]
    if full:
        assert compared.positions >= spec["min_positions"]
    expected = {Termination[name] for name in spec["endings"]}
    assert expected <= compared.endings, compared.endings


@pytest.mark.parametrize("game", GAMES)
def test_random_games_agree_with_the_oracle(game):
    """Every compared position agrees, and the games reach every ending the settings name, so
    the comparison exercises each rule it checks. The default set plays the games
    `default_differential` names (the whole set takes minutes a game); they still start from
    every start and reach every ending."""
    check_random_games(game, full=False)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_random_games_agree_with_the_oracle_on_every_move_text(game):
    """The whole set: every run the settings name, every legal move's text at every position."""
    check_random_games(game, notations_every=1)


@pytest.mark.parametrize("game", GAMES)
def test_the_default_differential_starts_from_every_start(game):
    """The default set (`default_differential`) still plays each start once, and is no
    larger than the slow set: no more runs or positions, texts and captures no more often."""
    spec = conformance_settings(game)["differential"]
    default = default_differential(spec)
    assert len(spec["starts"]) <= default["runs"] <= spec["runs"]
    assert default["positions_per_run"] <= spec["positions_per_run"]
    for every in ("captures_every", "notations_every"):
        assert default.get(every, 0) >= spec.get(every, 0)


@pytest.mark.parametrize("game", GAMES)
def test_suite_positions_agree_with_the_oracle(game):
    """Every position of the game's shipped suites, compared as the random games' positions
    are (the text of every legal move left to the random games: pyffish writes one a call)."""
    need_oracles(game)
    compared = differential(game, part="endings")
    fens = suite_fens(compared.variant)
    for fen in fens:
        compared.new_game(fen)
        compared.compare(texts=False)
    assert len(fens) == compared.positions > 0


def cycle_cases():
    for game in GAMES:
        for number, cycle in enumerate(conformance_settings(game)["repetition_cycles"]):
            yield pytest.param(game, cycle, id=f"{game}-{number}-{cycle['ending']}")


@pytest.mark.parametrize("game,cycle", list(cycle_cases()))
def test_repetition_cycles_agree_with_the_oracle(game, cycle):
    need_oracles(game)
    compared = differential(game, notations_every=1, part="endings")
    play_cycle(compared, cycle)  # (which raises unless the cycle ends as it says)
    assert compared.pos.outcome().termination == Termination[cycle["ending"]]


# -- properties ------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("prop", PROPERTIES)
def test_move_generator_invariant(game, prop):
    """The kit's property (`xqchess.cli.check.properties`), checked with hypothesis on random
    walks from the start and the perft positions; a failure tells the shrunk walk."""
    result = check_property(get_variant(game), prop)
    assert result.passed, str(result.failure)


@pytest.mark.parametrize("game", GAMES)
def test_a_board_of_the_wrong_size_is_refused(game):
    """A position's board holds exactly the game's squares (the compiled move generators index
    it unchecked): a square more or less is refused with a one-line error naming both sizes."""
    variant = get_variant(game)
    start = variant.position()
    size = variant.geometry.size
    for board in (list(start.board)[:-1], list(start.board) + [0]):
        with pytest.raises(XQChessError, match=f"board has {size} squares, not {len(board)}$"):
            Position(variant, board, start.side)


@pytest.mark.parametrize("game", GAMES)
def test_hash_identifies_positions_reached_by_transposition(game):
    """Two quiet moves of each side from the start, played in the orders a b c d and c d a b,
    reach one position with one hash (the first such moves found; every game has some)."""
    variant = get_variant(game)

    def after(moves):
        pos = variant.position()
        for move in moves:
            if move not in pos.legal_moves():
                return None
            pos.make(move)
        return pos

    def quiet_pairs(pos):
        quiet = [m for m in sorted(pos.legal_moves()) if not is_capture(pos, m)]
        return [
            (a, c)
            for a, c in itertools.combinations(quiet, 2)
            if len({move_from(a), move_to(a), move_from(c), move_to(c)}) == 4
        ]

    for a, c in quiet_pairs(variant.position())[:20]:
        for b, d in quiet_pairs(after([a]))[:20]:
            one, other = after([a, b, c, d]), after([c, d, a, b])
            if one is None or other is None:
                continue
            key = (one.board, one.side, one.rights, one.ep)
            if key == (other.board, other.side, other.rights, other.ep):
                assert one.hash == other.hash == one.compute_hash()
                return
    pytest.fail("no transposition found")


# -- entry-point games -----------------------------------------------------------------------

THROWAWAY_MODULE = '''\
"""A throwaway game, registered through the entry point: {base}'s definition under another
name, its data in this package."""

import dataclasses
import importlib

from xqchess.variants import LOCATIONS

_module, _, _attribute = LOCATIONS["{base}"].partition(":")
GAME = dataclasses.replace(getattr(importlib.import_module(_module), _attribute),
                           name="throwaway", package=__name__)
'''


def per_game_tests():
    """This module's tests parametrised by game that the default run runs (not slow-marked):
    what the harness runs on every game."""
    return {
        name
        for name, function in globals().items()
        if name.startswith("test_")
        and "game" in inspect.signature(function).parameters
        and not any(mark.name == "slow" for mark in getattr(function, "pytestmark", []))
    }


def test_a_game_registered_through_an_entry_point_is_checked_by_the_same_harness(tmp_path):
    """A game that an installed distribution registers (entry-point group `xqchess.variants`)
    gets every per-game test of this harness, reading its settings and perft reference from its
    own data folder, and passes them: here a throwaway distribution on the path (its dist-info
    and its package) whose game is the definition of the last registered game with repetition
    cycles (so that every per-game test has a case) under another name, with its
    suites and a small part of its perft reference and random games."""
    base = [game for game in GAMES if conformance_settings(game)["repetition_cycles"]][-1]
    package = tmp_path / "throwaway_game"
    (package / "data").mkdir(parents=True)
    (package / "__init__.py").write_text(THROWAWAY_MODULE.format(base=base))
    data = conformance_settings(base)
    spec = data["differential"]
    spec.pop("default", None)
    spec.update(starts=spec["starts"][:2], runs=2)
    spec.update(positions_per_run=20, min_positions=40, endings=[])
    data["repetition_cycles"] = data["repetition_cycles"][:1]
    (package / "data" / "conformance.json").write_text(json.dumps(data))
    reference = [
        dict(entry, perft={d: n for d, n in entry["perft"].items() if int(d) <= 2})
        for entry in perft_reference(get_variant(base))[:3]
    ]
    (package / "data" / "perft.json").write_text(json.dumps({"positions": reference}))
    for suite_file in suites(base).values():
        (package / "data" / suite_file).write_text(
            get_variant(base).data_file(suite_file).read_text()
        )
    env = register_game(tmp_path, "throwaway_game", "throwaway")
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            __file__,
            "-v",
            "-k",
            "throwaway",
            "-p",
            "no:cacheprovider",
        ],
        cwd=Path(__file__).parents[1],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    passed = set(re.findall(r"::(test_\w+)\[[^\]]*throwaway[^\]]*\] PASSED", run.stdout))
    assert passed == per_game_tests()
