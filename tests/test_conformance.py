"""The conformance harness: every registered game (entry-point games included) checked by the
same tests, each reading the game's own settings and reference data (`conformance`):

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
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conformance import (
    ASPECTS,
    ORACLES,
    Differential,
    conformance_settings,
    differential_runs,
    oracle_names,
    perft_reference,
    play_cycle,
    run_random_games,
    suite_fens,
)
from helpers import random_walk, snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from xqchess.core.errors import XQChessError
from xqchess.core.moves import SQUARE_BITS, is_capture, move_from, move_promotion, move_to
from xqchess.core.outcome import Termination
from xqchess.core.perft import divide, perft
from xqchess.core.position import Position
from xqchess.variants import ENTRY_POINT_GROUP, NAMES, get_variant, suites

GAMES = NAMES  # every registered game
#: perft depths counting more leaves than this are slow-marked
DEFAULT_PERFT_LIMIT = 200_000


def need_oracles(game):
    """Skip when an oracle the game's settings name is not installed."""
    for name in oracle_names(conformance_settings(game)):
        pytest.importorskip(ORACLES[name].module, reason=f"{name} (an oracle) is not installed")


# -- the game's data -------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_game_ships_its_conformance_data(game):
    """Settings for every aspect and every notation the game writes, oracles the kit knows,
    endings that exist, and a perft reference with the start position."""
    data = conformance_settings(game)
    assert set(data["oracles"]) == set(ASPECTS)
    assert oracle_names(data) <= set(ORACLES)
    assert set(data["notations"]) == set(get_variant(game).notations)
    for ending in data["differential"]["endings"]:
        Termination[ending]
    reference = perft_reference(game)
    assert reference[0]["fen"].split()[:4] == get_variant(game).start_fen.split()[:4]


# -- perft -----------------------------------------------------------------------------------


def perft_cases():
    for game in GAMES:
        for entry in perft_reference(game):
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
    entry = perft_reference(game)[1]
    pos = get_variant(game).position(entry["fen"], strict=False)
    expected = entry["perft"]["2"]
    assert perft(pos, 2, bulk=False) == expected
    assert sum(count for _, count in divide(pos, 2)) == expected


# -- the oracle differential -----------------------------------------------------------------


def check_random_games(game, notations_every=None, full=True):
    need_oracles(game)
    differential = run_random_games(game, notations_every, full)
    spec = differential.settings["differential"]
    runs = differential_runs(spec, full)
    assert differential.positions >= spec["min_positions"] * runs // spec["runs"]
    expected = {Termination[name] for name in spec["endings"]}
    assert expected <= differential.endings, differential.endings


@pytest.mark.parametrize("game", GAMES)
def test_random_games_agree_with_the_oracle(game):
    """Every compared position agrees, and the games reach every ending the settings name, so
    the comparison exercises each rule it checks. The default set plays the first
    ``default_runs`` games (each pyffish call costs about 3 ms, so the whole set takes minutes a
    game); each still starts from every start and reaches every ending."""
    check_random_games(game, full=False)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_random_games_agree_with_the_oracle_on_every_move_text(game):
    """The whole set: every run the settings name, every legal move's text at every position."""
    check_random_games(game, notations_every=1)


@pytest.mark.parametrize("game", GAMES)
def test_the_default_differential_starts_from_every_start(game):
    """The default set's share of runs (`differential_runs`) still plays each start once."""
    spec = conformance_settings(game)["differential"]
    assert len(spec["starts"]) <= differential_runs(spec, full=False) <= spec["runs"]


@pytest.mark.parametrize("game", GAMES)
def test_suite_positions_agree_with_the_oracle(game):
    """Every position of the game's shipped suites, compared as the random games' positions
    are (the text of every legal move left to the random games: pyffish writes one a call)."""
    need_oracles(game)
    differential = Differential(game)
    fens = suite_fens(differential.variant)
    for fen in fens:
        differential.new_game(fen)
        differential.compare(texts=False)
    assert len(fens) == differential.positions > 0


def cycle_cases():
    for game in GAMES:
        for number, cycle in enumerate(conformance_settings(game)["repetition_cycles"]):
            yield pytest.param(game, cycle, id=f"{game}-{number}-{cycle['ending']}")


@pytest.mark.parametrize("game,cycle", list(cycle_cases()))
def test_repetition_cycles_agree_with_the_oracle(game, cycle):
    need_oracles(game)
    differential = play_cycle(game, cycle)
    assert differential.pos.outcome().termination == Termination[cycle["ending"]]


# -- properties ------------------------------------------------------------------------------

#: 100 examples per property and game: with four games, as many as 200 each gave two
PROPERTY_SETTINGS = settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def positions(game):
    """Positions reached by random legal play from the start and the perft positions, so they
    carry real history (undo stack, repetition hashes)."""
    starts = [None] + [entry["fen"] for entry in perft_reference(game)]
    return st.builds(
        lambda seed, plies, fen: random_walk(game, seed, plies, fen),
        st.integers(0, 2**32),
        st.integers(0, 120),
        st.sampled_from(starts),
    )


def _make_unmake_restores_everything(pos):
    before = snapshot(pos)
    for move in pos.legal_moves():
        pos.make(move)
        assert pos.hash == pos.compute_hash(), "incremental hash differs from scratch hash"
        assert pos.score == pos.compute_score(), "incremental score differs from scratch score"
        pos.unmake()
        assert snapshot(pos) == before


def _no_legal_move_leaves_own_king_attacked(pos):
    variant = pos.variant
    mover = pos.side
    for move in pos.legal_moves():
        pos.make(move)
        assert not variant.attacked(pos, pos.kings[mover], mover ^ 1), pos.fen()
        pos.unmake()


def _perft_one_is_the_legal_move_count(pos):
    legal = pos.legal_moves()
    assert len(set(legal)) == len(legal)
    assert perft(pos, 1, bulk=False) == len(legal)
    assert perft(pos, 2) == sum(_count_after(pos, move) for move in legal)


def _count_after(pos, move):
    pos.make(move)
    count = len(pos.legal_moves())
    pos.unmake()
    return count


def _fen_round_trips(pos):
    fen = pos.fen()
    again = pos.variant.position(fen, strict=False)
    assert again.fen() == fen
    assert again.board == pos.board
    assert again.hash == pos.hash
    assert sorted(again.legal_moves()) == sorted(pos.legal_moves())


def _all_attackers_are_both_colors_attackers(pos):
    variant = pos.variant
    board = pos.board
    for sq in range(len(board)):
        both = variant.all_attackers(board, sq)
        assert len(both) == len(set(both))
        assert set(both) == set(variant.attackers(board, sq, 0) + variant.attackers(board, sq, 1))


def _partial_generators_are_the_full_lists_parts(pos):
    """The captures-only and one-piece generators give exactly the captures and promotions,
    and the piece's moves, of the full legal list, in its order; `is_legal` holds for exactly
    the legal moves among the pseudo-legal ones and arbitrary ints."""
    variant = pos.variant
    legal = pos.legal_moves()
    assert variant.legal_captures(pos) == [
        m for m in legal if is_capture(pos, m) or move_promotion(m)
    ]
    for sq in range(variant.geometry.size):
        assert variant.piece_legal_moves(pos, sq) == [m for m in legal if move_from(m) == sq]
    candidates = set(variant.pseudo_legal_moves(pos)) | set(legal)
    candidates |= {
        frm | to << SQUARE_BITS
        for frm in pos.occupied[pos.side]
        for to in range(0, variant.geometry.size, 7)
    }
    for move in candidates:
        assert variant.is_legal(pos, move) == (move in legal), (pos.fen(), move)


def _every_notation_reads_back_what_it_writes(pos):
    """Each legal move, written in each of the game's notations, reads back as that move; the
    position is left as it was. (Recognising the notation from the text is not asked: ICCS's
    ``d9d8`` is also UCI.)"""
    variant = pos.variant
    before = snapshot(pos)
    for move in pos.legal_moves():
        for notation in variant.notations:
            text = variant.format_move(pos, move, notation)
            assert variant.parse_move(pos, text, notation) == move, (pos.fen(), notation, text)
    assert snapshot(pos) == before


PROPERTIES = [
    _make_unmake_restores_everything,
    _partial_generators_are_the_full_lists_parts,
    _no_legal_move_leaves_own_king_attacked,
    _perft_one_is_the_legal_move_count,
    _fen_round_trips,
    _all_attackers_are_both_colors_attackers,
    _every_notation_reads_back_what_it_writes,
]


#: the readers that render every legal move to match the text cost milliseconds a move: fewer
#: examples (the differential also reads back every move at its sampled positions)
EXAMPLES = {_every_notation_reads_back_what_it_writes: 25}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("prop", PROPERTIES, ids=lambda f: f.__name__.strip("_"))
def test_move_generator_invariant(game, prop):
    @settings(PROPERTY_SETTINGS, max_examples=EXAMPLES.get(prop, PROPERTY_SETTINGS.max_examples))
    @given(pos=positions(game))
    def check(pos):
        prop(pos)

    check()


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
    spec.update(starts=spec["starts"][:2], runs=2, default_runs=2)
    spec.update(positions_per_run=20, min_positions=40, endings=[])
    data["repetition_cycles"] = data["repetition_cycles"][:1]
    (package / "data" / "conformance.json").write_text(json.dumps(data))
    reference = [
        dict(entry, perft={d: n for d, n in entry["perft"].items() if int(d) <= 2})
        for entry in perft_reference(base)[:3]
    ]
    (package / "data" / "perft.json").write_text(json.dumps({"positions": reference}))
    for suite_file in suites(base).values():
        (package / "data" / suite_file).write_text(
            get_variant(base).data_file(suite_file).read_text()
        )
    dist_info = tmp_path / "throwaway_game-0.1.dist-info"
    dist_info.mkdir()
    (dist_info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: throwaway-game\nVersion: 0.1\n"
    )
    (dist_info / "entry_points.txt").write_text(
        f"[{ENTRY_POINT_GROUP}]\nthrowaway = throwaway_game:GAME\n"
    )

    env = dict(
        os.environ,
        PYTHONPATH=os.pathsep.join(
            [str(tmp_path)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
        ),
    )
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
