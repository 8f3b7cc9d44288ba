"""The engine client (cli/external_engine.py) against a scripted engine that logs what it hears:
the handshake in both protocols, ``go`` commands per protocol, best moves, scores and MultiPV
scored moves read from ``info`` lines, a hung or dead engine reported as an EngineFailure naming
it, a restart after a crash, and Fairy-Stockfish found where Debian puts it."""

import sys
import textwrap

import pytest
from xqchess.cli.external_engine import (
    MATE_SCORE,
    UCCI,
    UCI,
    Clock,
    Dialect,
    EngineFailure,
    EngineRefused,
    ExternalEngine,
    UcciDialect,
    default_engine,
)
from xqchess.variants import get_variant

#: A scripted engine: ``fake_engine.py LOG BEHAVIOUR``. It appends every line it reads to LOG,
#: declares a name, UCI_Variant (chess, xiangqi), Threads, Hash and MultiPV (UCI) or
#: usemillisec (UCCI), and answers ``go`` with one ``info`` line per MultiPV line at the depth
#: asked (after a shallower line that must be ignored), ending with a mate for the last line.
#: BEHAVIOUR "hang" sleeps at ``go``, reading nothing more; "crash-once:FILE" exits at its first
#: ``go`` if FILE is missing (creating it), so a restarted engine answers; "silent" never says
#: ``uciok``; "no-move" answers ``bestmove (none)``.
FAKE_ENGINE = textwrap.dedent("""
    import os, sys, time
    log, behaviour = open(sys.argv[1], "a"), sys.argv[2]
    multipv, protocol = 1, "uci"
    MOVES = ["e2e4", "d2d4", "g1f3", "c2c4"]
    for line in sys.stdin:
        log.write(line)
        log.flush()
        words = line.split()
        if not words:
            continue
        if words[0] == "uci" and behaviour != "silent":
            print("id name Fake Engine 1.0")
            print("option name UCI_Variant type combo default chess var chess var xiangqi")
            print("option name Threads type spin default 1 min 1 max 8")
            print("option name Hash type spin default 16 min 1 max 1024")
            print("option name MultiPV type spin default 1 min 1 max 500")
            print("uciok", flush=True)
        elif words[0] == "ucci":
            protocol = "ucci"
            print("id name Fake UCCI")
            print("option usemillisec type check default false")
            print("ucciok", flush=True)
        elif words[0] == "isready":
            print("readyok", flush=True)
        elif words[:3] == ["setoption", "name", "MultiPV"]:
            multipv = int(words[-1])
        elif words[0] == "quit":
            break
        elif words[0] == "go":
            if behaviour == "hang":
                time.sleep(3600)
            if behaviour.startswith("crash-once:"):
                marker = behaviour.split(":", 1)[1]
                if not os.path.exists(marker):
                    open(marker, "w").close()
                    sys.exit(3)
            depth = int(words[words.index("depth") + 1]) if "depth" in words else 5
            if protocol == "ucci":  # scores in bare centipawns
                print(f"info depth {depth} score 36 pv h2e2", flush=True)
                print("bestmove h2e2", flush=True)
                continue
            count = min(multipv, len(MOVES))
            print(f"info depth {depth - 1} multipv 1 score cp 999 pv c2c4")
            for number in range(1, count + 1):
                score = "mate -2" if number == count > 1 else f"cp {40 - 10 * number}"
                move = MOVES[number - 1]
                print(f"info depth {depth} seldepth 7 multipv {number} score {score} "
                      f"nodes 100 pv {move} e7e5")
            print("info string done")
            print("bestmove " + ("(none)" if behaviour == "no-move" else MOVES[0]), flush=True)
""")


@pytest.fixture
def fake(tmp_path):
    """``fake(behaviour)``: a started-later client of the scripted engine labelled 'fake',
    and the path of the log of what the engine heard."""
    script = tmp_path / "fake_engine.py"
    script.write_text(FAKE_ENGINE, encoding="utf-8")
    log = tmp_path / "heard.log"

    def make(behaviour="plain", dialect=UCI, timeout=5.0):
        command = [sys.executable, str(script), str(log), behaviour]
        return ExternalEngine(command, dialect, "fake", timeout), log

    return make


def heard(log) -> list[str]:
    return log.read_text(encoding="utf-8").splitlines()


START = get_variant("chess").start_fen


def test_the_uci_handshake_selects_the_game_and_sets_the_options_in_order(fake):
    engine, log = fake()
    with engine:
        engine.start(get_variant("chess"), {"threads": "1", "Hash": "16"})
        assert engine.running and engine.name == "Fake Engine 1.0"
        assert engine.variants == ["chess", "xiangqi"]
        assert {"UCI_Variant", "Threads", "Hash", "MultiPV"} == engine.options
        engine.new_game()
    assert not engine.running
    assert heard(log) == [
        "uci",
        "setoption name UCI_Variant value chess",
        "setoption name Threads value 1",  # the engine's spelling of the option
        "setoption name Hash value 16",
        "isready",
        "ucinewgame",
        "isready",
        "quit",
    ]


def test_the_ucci_handshake_asks_for_milliseconds_and_reads_bare_scores(fake):
    engine, log = fake(dialect=UCCI)
    with engine:
        engine.start(get_variant("xiangqi"))
        assert engine.name == "Fake UCCI"
        move, took = engine.best_move(None, ["h2e2"], Clock(movetime=100), timeout=5)
        assert move == "h2e2" and took >= 0
        assert engine.analyse(None, [], 3) == ("h2e2", 36)
    assert heard(log)[:3] == ["ucci", "setoption usemillisec true", "isready"]
    assert "go time 100 movestogo 1" in heard(log)


def test_an_engine_that_does_not_declare_the_game_is_refused_and_quit(fake):
    engine, _ = fake(dialect=UCCI)
    with pytest.raises(EngineRefused, match="engine 'fake' does not play chess"):
        engine.start(get_variant("chess"))
    assert not engine.running


def test_an_undeclared_option_is_refused(fake):
    engine, _ = fake()
    with pytest.raises(EngineFailure, match="engine 'fake' has no option 'Contempt'"):
        engine.start(get_variant("chess"), {"Contempt": "0"})
    assert not engine.running


def test_a_program_that_cannot_start_is_an_engine_failure(tmp_path):
    engine = ExternalEngine([str(tmp_path / "none")], UCI, "missing")
    with pytest.raises(EngineFailure, match="cannot start engine 'missing': "):
        engine.start(get_variant("chess"))
    assert not engine.running


def test_a_silent_handshake_times_out_naming_the_engine(fake):
    engine, _ = fake("silent", timeout=0.3)
    with pytest.raises(EngineFailure) as error:
        engine.start(get_variant("chess"))
    assert str(error.value) == "engine 'fake' did not answer 'uciok' within 0.3 s"
    assert not engine.running


def test_a_hung_search_times_out_naming_the_engine_and_quit_kills_it(fake):
    engine, _ = fake("hang")
    with engine:
        engine.start(get_variant("chess"))
        with pytest.raises(EngineFailure) as error:
            engine.best_move(START, [], Clock(movetime=10), timeout=0.3)
        assert str(error.value) == "engine 'fake' did not answer 'bestmove' within 0.3 s"
        with pytest.raises(EngineFailure, match="engine 'fake' did not answer 'bestmove'"):
            engine.analyse(START, ["e2e4"], 4, timeout=0.2)
        process = engine.process
    assert process.poll() is not None  # killed on leaving the block


def test_analyse_gives_the_move_and_the_last_score_at_a_depth(fake):
    engine, log = fake()
    with engine:
        engine.start(get_variant("chess"))
        assert engine.analyse(START, ["e2e4", "e7e5"], 6) == ("e2e4", 30)
    assert heard(log)[-3:] == [
        f"position fen {START} moves e2e4 e7e5",
        "go depth 6",
        "quit",
    ]


def test_no_move_reads_as_none(fake):
    engine, _ = fake("no-move")
    with engine:
        engine.start(get_variant("chess"))
        assert engine.analyse(None, [], 2) == (None, 30)
        assert engine.best_move(None, [], Clock(movetime=5), timeout=5)[0] is None


def test_multipv_scores_every_line_at_the_depth_asked_and_resets_multipv(fake):
    """Each MultiPV line's first move and score at the depth asked (the shallower line is left
    out), a mate as -MATE_SCORE for the side to move; MultiPV is set for the search only."""
    engine, log = fake()
    with engine:
        engine.start(get_variant("chess"))
        scores = engine.scored_moves(START, [], 3, 4)
        assert scores == {"e2e4": 30, "d2d4": 20, "g1f3": 10, "c2c4": -MATE_SCORE}
        assert engine.analyse(START, [], 3) == ("e2e4", 30)  # one line again
    assert heard(log)[-7:] == [
        "setoption name MultiPV value 4",
        f"position fen {START}",
        "go depth 3",
        "setoption name MultiPV value 1",
        f"position fen {START}",
        "go depth 3",
        "quit",
    ]


def test_restart_after_a_crash_starts_the_engine_again_with_its_game_and_options(fake, tmp_path):
    engine, log = fake(f"crash-once:{tmp_path / 'crashed'}")
    with engine:
        engine.start(get_variant("xiangqi"), {"Hash": "8"})
        engine.new_game()
        with pytest.raises(EngineFailure, match="^engine 'fake' (has )?exited$"):
            engine.best_move(None, [], Clock(movetime=10), timeout=5)
        engine.restart()
        engine.new_game()
        assert engine.best_move(None, [], Clock(movetime=10), timeout=5)[0] == "e2e4"
    handshake = ["uci", "setoption name UCI_Variant value xiangqi", "setoption name Hash value 8"]
    lines = heard(log)
    assert lines[:3] == handshake and lines.count("uci") == 2
    assert lines[lines.index("uci", 1) :][:3] == handshake


@pytest.mark.parametrize(
    "dialect,clock,milliseconds,command",
    [
        (Dialect(), Clock(movetime=100), False, "go movetime 100"),
        (
            Dialect(),
            Clock(own=5000, own_increment=100, opponent=4000, opponent_increment=100),
            False,
            "go wtime 5000 btime 4000 winc 100 binc 100",
        ),
        (
            Dialect(),
            Clock(own=5000, opponent=4000, own_is_first=False, moves_to_go=7),
            False,
            "go wtime 4000 btime 5000 winc 0 binc 0 movestogo 7",
        ),
        (UcciDialect(), Clock(movetime=100), True, "go time 100 movestogo 1"),
        (UcciDialect(), Clock(movetime=2500), False, "go time 2 movestogo 1"),
        (
            UcciDialect(),
            Clock(own=5000, own_increment=100, opponent=4000, opponent_increment=100),
            True,
            "go time 5000 increment 100 opptime 4000 oppincrement 100",
        ),
        (
            UcciDialect(),
            Clock(own=60000, opponent=60000, moves_to_go=10),
            False,
            "go time 60 movestogo 10 opptime 60 oppincrement 0",
        ),
    ],
)
def test_go_commands_per_protocol(dialect, clock, milliseconds, command):
    assert dialect.go(clock, milliseconds) == command


@pytest.mark.parametrize(
    "line,score",
    [
        ("info depth 9 score cp -35 pv e2e4", -35),
        ("info depth 9 score cp 12 lowerbound pv e2e4", 12),
        ("info depth 9 score mate 3 pv e2e4", MATE_SCORE),
        ("info depth 9 score mate -1 pv e2e4", -MATE_SCORE),
        ("info depth 9 score mate 0", -MATE_SCORE),
    ],
)
def test_uci_scores_are_centipawns_for_the_side_to_move(line, score):
    assert UCI.score(line.split()) == score


def test_default_engine_is_fairy_stockfish_on_path_else_debians(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))
    assert default_engine() == "/usr/games/fairy-stockfish"
    program = tmp_path / "fairy-stockfish"
    program.write_text("#!/bin/sh\n", encoding="utf-8")
    program.chmod(0o755)
    assert default_engine() == str(program)
