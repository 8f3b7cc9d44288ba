"""The engine has one home: `xqchess.search` searches as `xqchess uci` plays (the `PLAY`
preset) unless a preset or options say otherwise, the presets are values a user can name, the
library checks its limits and options as the UCI front end does, and the lab's order statistic
costs the playing search nothing."""

import subprocess
from dataclasses import FrozenInstanceError, replace

import pytest
import xqchess
from test_protocols import ENGINE
from xqchess.cli.engine import Engine
from xqchess.core.errors import XQChessError
from xqchess.core.search import (
    BASELINE,
    PLAY,
    PRESETS,
    Limits,
    SearchConfig,
    SearchConfigError,
    Searcher,
    playing_config,
    preset_config,
)
from xqchess.ordering.spec import DEFAULT_SPEC, build_pipeline
from xqchess.variants import get_variant

#: one middlegame of each game's shipped suite
MIDDLEGAMES = {
    "chess": "2bqk2r/2p2p2/p1n1pn2/3p3p/3P1P1N/3Q2PB/1rP1NP2/R3K2R w KQk - 0 1",
    "xiangqi": "2bak1b1r/4a4/6nc1/1rp1p2Cp/p5n2/P1PC4P/4P4/4BNN2/1c7/R2AKAB1R w - - 0 1",
}


def uci_search(variant_name: str, fen: str, depth: int) -> tuple[str, int]:
    """The best move and the nodes of the last ``info`` line of `xqchess uci` searching
    ``fen`` to ``depth``, as a GUI would ask it."""
    commands = [
        "uci",
        f"setoption name UCI_Variant value {variant_name}",
        "isready",
        f"position fen {fen}",
        f"go depth {depth}",
    ]
    process = subprocess.Popen(
        ENGINE + ["uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write("\n".join(commands) + "\n")
    process.stdin.flush()
    nodes = 0
    for line in process.stdout:
        words = line.split()
        if words[:1] == ["info"] and "nodes" in words:
            nodes = int(words[words.index("nodes") + 1])
        if words[:1] == ["bestmove"]:
            best = words[1]
            break
    process.stdin.write("quit\n")
    process.stdin.close()
    process.wait(timeout=10)
    return best, nodes


@pytest.mark.parametrize("variant_name", sorted(MIDDLEGAMES))
def test_the_library_searches_as_uci_plays(variant_name):
    fen = MIDDLEGAMES[variant_name]
    report = xqchess.search(xqchess.Board(variant_name, fen), depth=6)
    assert report.preset == "play"
    assert (report.best_move.uci(), report.statistics["nodes"]) == uci_search(variant_name, fen, 6)


def test_a_named_preset_is_the_search_it_names():
    board = xqchess.Board("chess", MIDDLEGAMES["chess"])
    baseline = xqchess.search(board, depth=3, preset="baseline")
    assert baseline.preset == "baseline"
    searcher = Searcher(build_pipeline(DEFAULT_SPEC, board.variant), BASELINE)
    result = searcher.search(board.variant.position(MIDDLEGAMES["chess"]), Limits(depth=3))
    assert baseline.statistics["nodes"] == result.stats.nodes
    # an option changes the preset it is given with, and only that field
    no_null = xqchess.search(board, depth=4, null_move=False)
    searcher = Searcher(
        build_pipeline(DEFAULT_SPEC, board.variant),
        replace(playing_config(board.variant), null_move=False),
    )
    result = searcher.search(board.variant.position(MIDDLEGAMES["chess"]), Limits(depth=4))
    assert no_null.statistics["nodes"] == result.stats.nodes


def test_presets_name_the_engine_and_the_lab():
    assert PRESETS["play"] is PLAY and PRESETS["baseline"] is BASELINE == SearchConfig()
    assert {"greer", "greer-id", "greer-captures", "greer-no-evasions", "no-tt"} <= set(PRESETS)
    assert PLAY.staged and PLAY.null_move and PLAY.evaluation == "tapered"
    with pytest.raises(SearchConfigError, match="unknown search preset 'fast'; expected one of"):
        xqchess.search(xqchess.Board(), depth=1, preset="fast")
    with pytest.raises(FrozenInstanceError):  # a preset is a value: it cannot change in place
        PLAY.null_move = False  # type: ignore[misc]


def test_each_game_plays_play_with_its_own_switches():
    """A game's playing search is `PLAY` with the switches its definition sets otherwise
    (chess: history reductions, IIR, razoring, the terms evaluation and the pruning reaching
    further; xiangqi: null-move verification on); the ``play`` preset named for a game is that
    search, and a game whose data names a switch `PLAY` lacks is refused, naming the game and
    the switch."""
    chess, xiangqi = get_variant("chess"), get_variant("xiangqi")
    assert not PLAY.history_reductions and not PLAY.iir and not PLAY.razoring
    assert not PLAY.late_move_pruning and PLAY.futility_depth == 2
    assert playing_config(chess) == replace(
        PLAY,
        history_reductions=True,
        iir=True,
        razoring=True,
        evaluation="terms",
        late_move_pruning=True,
        late_move_pruning_depth=7,
        reverse_futility_depth=6,
        reverse_futility_margin=100,
        futility_depth=5,
        futility_base=100,
        futility_margin=100,
        lmr_base=50,
        lmr_divisor=160,
    )
    assert not PLAY.null_move_verification
    assert playing_config(xiangqi) == replace(PLAY, null_move_verification=True)
    assert preset_config("play", chess) == playing_config(chess)
    assert preset_config("play") is PLAY and preset_config("baseline", chess) is BASELINE
    broken = get_variant("xiangqi").__class__.__new__(get_variant("xiangqi").__class__)
    broken.name, broken.playing_switches = "broken", {"hyper_pruning": True}
    with pytest.raises(SearchConfigError, match="broken's playing switches name 'hyper_pruning'"):
        playing_config(broken)


def test_the_uci_engine_announces_and_plays_its_game_s_defaults():
    """`uci` announces the starting game's defaults (chess: HistoryReductions true); an
    option set to the other value plays that, over the game's default."""
    session = subprocess.run(
        [*ENGINE, "uci"],
        input="uci\nsetoption name HistoryReductions value false\nisready\nquit\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "option name HistoryReductions type check default true" in session.stdout
    engine = Engine("chess")
    assert engine.ensure_searcher().config.history_reductions
    engine.set_switch("history_reductions", False)
    assert not engine.ensure_searcher().config.history_reductions
    engine = Engine("xiangqi")
    assert engine.ensure_searcher().config == replace(PLAY, null_move_verification=True)


@pytest.mark.parametrize(
    "arguments, error, message",
    [
        ({"depth": 0}, XQChessError, "depth must be between 1 and 1000000, got 0"),
        ({"depth": -1}, XQChessError, "depth must be between 1 and 1000000, got -1"),
        ({"nodes": 0}, XQChessError, "nodes must be between 1 and"),
        ({"nodes": -5}, XQChessError, "nodes must be between 1 and"),
        ({"movetime": 0}, XQChessError, "movetime must be between 1 and"),
        ({"depth": 2.5}, XQChessError, "depth must be a whole number, got 2.5"),
        ({"depth": True}, XQChessError, "depth must be a whole number, got True"),
        ({"depth": 1, "multipv": 0}, XQChessError, "multipv must be between 1 and 256, got 0"),
        ({"depth": 1, "hash_mb": 10**6}, XQChessError, "hash_mb must be between 1 and 4096"),
        ({"depth": 1, "tempo": 101}, XQChessError, "tempo must be between 0 and 100, got 101"),
        ({"depth": 1, "tempo": True}, XQChessError, "tempo must be an integer, got True"),
        (
            {"depth": 1, "futility_depth": 17},
            XQChessError,
            "futility_depth must be between 0 and 16, got 17",
        ),
        ({"depth": 1, "lmr_divisor": 0}, XQChessError, "lmr_divisor must be between 50 and"),
        ({"depth": 1, "futility_margin": -1}, XQChessError, "futility_margin must be between"),
        ({"depth": 1, "null_move": "yes"}, XQChessError, "null_move must be True or False"),
        ({"depth": 1, "quiescence": "most"}, XQChessError, "quiescence 'most' is not one of"),
        ({"depth": 1, "eval_terms": ("speed",)}, XQChessError, "eval_terms: chess has no"),
        ({"depth": 1, "speed": 3}, XQChessError, "unknown search option 'speed'"),
        ({"depth": 1, "ordering": "fast"}, XQChessError, "unknown heuristic 'fast'"),
        ({"depth": 1, "ordering": 3}, TypeError, "ordering must be a spec string, got int"),
        ({"depth": 1, "guard_margin": -1}, XQChessError, "guard_margin must be at least 0"),
        ({}, XQChessError, "search needs a limit"),
    ],
)
def test_bad_limits_and_options_are_refused_naming_the_fault(arguments, error, message):
    with pytest.raises(error, match=message.replace("(", r"\(")):
        xqchess.search(xqchess.Board(), **arguments)


def test_search_and_perft_refuse_what_is_not_a_board():
    with pytest.raises(TypeError, match="board must be an xqchess.Board, got str"):
        xqchess.search("chess", depth=1)  # type: ignore[arg-type]
    with pytest.raises(XQChessError, match="perft depth must be between 1 and 64, got 0"):
        xqchess.perft(xqchess.Board(), 0)


@pytest.mark.parametrize("variant_name", sorted(MIDDLEGAMES))
def test_the_order_statistic_changes_no_tree_and_is_kept_only_when_asked(variant_name):
    variant = get_variant(variant_name)
    results = {}
    for kept in (False, True):
        searcher = Searcher(
            build_pipeline(DEFAULT_SPEC, variant), replace(PLAY, order_statistics=kept)
        )
        result = searcher.search(variant.position(MIDDLEGAMES[variant_name]), Limits(depth=5))
        results[kept] = result
    assert results[False].stats.nodes == results[True].stats.nodes
    assert results[False].best_move == results[True].best_move
    assert results[False].stats.cutoff_first_by is None
    assert results[False].to_dict()["cutoff_first_by"] is None
    credited = results[True].stats.cutoff_first_by
    assert sum(credited.values()) == results[True].stats.first_move_cutoffs > 0
