"""`xqchess match`: real games between engine processes in both games, the arbiter's verdicts on
scripted engines that misbehave (illegal moves, crashes, hangs, slow moves, false claims), and
the default engines' isolation from the working folder (the engine client's own tests are in
test_external_engine.py)."""

import sys
import textwrap

import pytest
from xqchess.cli.main import main
from xqchess.cli.match import runner as match
from xqchess.cli.match.runner import TimeControl, engine_label, engine_names
from xqchess.core.errors import XQChessError
from xqchess.core.pgn import read_pgn
from xqchess.variants import get_variant

POISON = "raise SystemExit('imported from the working folder')\n"


@pytest.fixture
def poisoned_cwd(tmp_path, monkeypatch):
    """A working folder whose `xqchess` and `cli` packages and `core` module would replace the
    engine's if it imported from there."""
    for package in ("xqchess", "xqchess/cli", "cli"):
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text(POISON, encoding="utf-8")
    (tmp_path / "xqchess" / "cli" / "main.py").write_text(POISON, encoding="utf-8")
    (tmp_path / "cli" / "main.py").write_text(POISON, encoding="utf-8")
    (tmp_path / "core.py").write_text(POISON, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(capsys, *args):
    code = main(["match", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_default_engines_ignore_the_working_folder_and_differ_by_label(poisoned_cwd, capsys):
    code, out, err = run(
        capsys,
        "--games",
        "2",
        "--movetime",
        "10",
        "--max-plies",
        "20",
        "--option1",
        "Ordering=mvvlva",
    )
    assert code == 0, err
    progress = err.splitlines()
    assert progress[0].startswith("game 1/2: xqchess (Ordering=mvvlva) vs xqchess: ")
    assert progress[1].startswith("game 2/2: xqchess vs xqchess (Ordering=mvvlva): ")
    assert out.startswith("score of xqchess (Ordering=mvvlva) vs xqchess: ")


def test_xiangqi_uci_against_ucci_writes_legal_games_with_the_rules_verdicts(tmp_path, capsys):
    """This engine over UCI (UCI_Variant xiangqi) against itself over UCCI (ICCS moves): each
    PGN game reads back as legal moves, its result is the rules' when it ended by them."""
    pgn = tmp_path / "games.pgn"
    ucci = f"{sys.executable} -I -m xqchess.cli.main ucci"
    code, out, err = run(
        capsys,
        "xiangqi",
        "--games",
        "2",
        "--movetime",
        "20",
        "--max-plies",
        "24",
        "--engine2",
        ucci,
        "--protocol2",
        "ucci",
        "--name2",
        "ucci",
        "--pgn",
        str(pgn),
    )
    assert code == 0, err
    variant = get_variant("xiangqi")
    texts = pgn.read_text(encoding="utf-8").strip().split("\n\n[")
    assert len(texts) == 2
    for number, text in enumerate(texts, 1):
        game = read_pgn(text if number == 1 else "[" + text, [variant])
        assert game.tags["Round"] == str(number)
        assert game.tags["Variant"] == "xiangqi"
        pos = game.position()
        outcome = variant.outcome(pos, claim_draw=True)
        if game.tags["Termination"] == "normal":
            assert outcome is not None and outcome.result() == game.result
        else:
            assert game.tags["Termination"] == "adjudication" and game.result == "1/2-1/2"
    assert "ucci: illegal moves 0, time losses 0, failures 0" in out
    assert "xqchess: illegal moves 0, time losses 0, failures 0" in out


def test_a_clock_game_is_played_without_time_losses(capsys):
    code, out, err = run(capsys, "--games", "2", "--tc", "3+0.05", "--max-plies", "16")
    assert code == 0, err
    assert out.count("time losses 0") == 2


#: A scripted UCI engine (its behaviour the first argument). Without UCI_Variant it plays chess:
#: the mover's knight out and back from the start. "chess-only" declares chess in UCI_Variant;
#: "xiangqi" declares xiangqi there and moves a horse out and back; "dies-after-move" answers
#: its first "go", then exits at the second; the others break a rule at their first move.
FAKE_ENGINE = textwrap.dedent("""
    import sys, time
    behaviour = sys.argv[1]
    moves = 0
    answered = 0
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "uci":
            if behaviour == "chess-only":
                print("option name UCI_Variant type combo default chess var chess")
            if behaviour == "xiangqi":
                print("option name UCI_Variant type combo default xiangqi var xiangqi")
            print("id name fake\\nuciok", flush=True)
        elif words[0] == "ucci":  # the UCCI greeting, for the refusal of a UCCI engine
            print("ucciok", flush=True)
        elif words[0] == "isready":
            print("readyok", flush=True)
        elif words[0] == "quit":
            break
        elif words[0] == "position":
            moves = len(words[words.index("moves") + 1:]) if "moves" in words else 0
        elif words[0] == "go":
            if behaviour == "crash" or (behaviour == "dies-after-move" and answered):
                sys.exit(3)
            if behaviour == "hang":
                continue
            if behaviour == "slow":
                time.sleep(0.3)
            move = {"illegal": "e2e5", "none": "(none)"}.get(behaviour)
            if move is None:  # the mover's knight (horse) out and back, from the start
                steps = ((("b1c3", "c3b1"), ("b10c8", "c8b10")) if behaviour == "xiangqi"
                         else (("g1f3", "f3g1"), ("b8c6", "c6b8")))
                move = steps[moves % 2][moves // 2 % 2]
            answered += 1
            print("info depth 1 score cp 0", flush=True)
            print("bestmove " + move, flush=True)
""")


def start_file(folder, game: str) -> str:
    """An openings file in ``folder`` holding only the game's initial position."""
    path = folder / f"{game}-start.txt"
    path.write_text(get_variant(game).start_fen + "\n", encoding="utf-8")
    return str(path)


@pytest.fixture
def start_only(tmp_path):
    """An openings file holding only the initial chess position."""
    return start_file(tmp_path, "chess")


@pytest.fixture
def fake(tmp_path):
    script = tmp_path / "fake_engine.py"
    script.write_text(FAKE_ENGINE, encoding="utf-8")
    return lambda behaviour: f"{sys.executable} {script} {behaviour}"


@pytest.mark.parametrize(
    "behaviour,termination,conduct,exit_code",
    [
        ("illegal", "rules infraction", "illegal moves 2", 0),
        ("none", "rules infraction", "illegal moves 2", 0),
        ("crash", "abandoned", "failures 2", 3),
        ("hang", "abandoned", "failures 2", 3),
    ],
)
def test_an_engine_that_breaks_the_rules_loses_and_is_restarted(
    fake, start_only, behaviour, termination, conduct, exit_code, tmp_path, capsys, monkeypatch
):
    """The fake plays Black in game 1 and moves first in game 2 from the start position: it
    loses both at its first move, whatever it did, and with --recover is started again for
    game 2 after dying or hanging; a failed engine makes the exit code 3."""
    monkeypatch.setattr(match, "HANG_GRACE", 0.5)
    pgn = tmp_path / "games.pgn"
    code, out, err = run(
        capsys,
        "--games",
        "2",
        "--movetime",
        "20",
        "--openings",
        start_only,
        "--engine2",
        fake(behaviour),
        "--name2",
        "fake",
        "--pgn",
        str(pgn),
        "--recover",
    )
    assert code == exit_code, err
    assert out.startswith("score of xqchess vs fake: +2 =0 -0, 2/2 (100.0%)")
    fake_line = out.splitlines()[-1]
    assert fake_line.startswith("fake: ") and conduct in fake_line
    games = pgn.read_text(encoding="utf-8")
    assert games.count(f'[Termination "{termination}"]') == 2
    assert games.count('[Result "1-0"]') == 1 and games.count('[Result "0-1"]') == 1


def test_a_slow_move_is_counted_and_forfeits_only_past_the_time_margin(fake, start_only, capsys):
    code, out, _ = run(
        capsys,
        "--games",
        "1",
        "--movetime",
        "50",
        "--max-plies",
        "4",
        "--openings",
        start_only,
        "--engine2",
        fake("slow"),
        "--name2",
        "slow",
    )
    assert code == 0
    assert (
        "+0 =1 -0" in out
        and "slow: illegal moves 0, time losses 0, failures 0, moves over the move time 2" in out
    )
    code, out, _ = run(
        capsys,
        "--games",
        "1",
        "--movetime",
        "50",
        "--timemargin",
        "100",
        "--openings",
        start_only,
        "--engine2",
        fake("slow"),
        "--name2",
        "slow",
    )
    assert code == 0
    assert "+1 =0 -0" in out and "slow: illegal moves 0, time losses 1" in out


def test_sprt_ends_the_match_when_it_decides(fake, capsys):
    code, out, err = run(
        capsys,
        "--games",
        "200",
        "--movetime",
        "20",
        "--engine2",
        fake("illegal"),
        "--sprt",
        "elo0=0",
        "elo1=400",
    )
    assert code == 0, err
    games = len(err.splitlines())
    assert 2 <= games < 200
    assert "H1 accepted: xqchess is at least 400 Elo stronger" in out


@pytest.mark.parametrize(
    "args,fault",
    [
        (["--engine2", "/nonexistent/engine"], "cannot start engine"),
        (["--option1", "Ordering"], "is not NAME=VALUE"),
        (["--option1", "NoSuchOption=1"], "has no option 'NoSuchOption'"),
        (["--tc", "ten"], "is not [MOVES/]SECONDS[+INCREMENT]"),
        (["--tc", "1+0", "--movetime", "10"], "not both"),
        (["--sprt", "elo0=5", "elo1=0"], "must be below elo1"),
        (["--sprt", "elo1=5"], "needs elo0 and elo1"),
        (["--sprt", "elo0=0", "elo1=5", "alpha=2"], "between 0 and 1"),
        (["--openings", "/nonexistent/openings.txt"], "cannot read openings file"),
    ],
)
def test_bad_input_is_one_line(args, fault, capsys):
    code, _, err = run(capsys, "--games", "1", *args)
    assert code == 2 and fault in err
    assert len(err.splitlines()) == 1, err


@pytest.mark.parametrize(
    "game,behaviour,protocol,declared",
    [
        ("xiangqi", "chess-only", "uci", "its UCI_Variant option offers chess"),
        ("capablanca", "chess-only", "uci", "its UCI_Variant option offers chess"),
        ("chess", "xiangqi", "uci", "its UCI_Variant option offers xiangqi"),
        (
            "xiangqi",
            "plain",
            "uci",
            "it has no UCI_Variant option, and a UCI engine without one plays chess",
        ),
        (
            "minixiangqi",
            "plain",
            "uci",
            "it has no UCI_Variant option, and a UCI engine without one plays chess",
        ),
        ("capablanca", "plain", "ucci", "a UCCI engine plays xiangqi"),
    ],
)
def test_an_engine_that_does_not_declare_the_game_is_refused_before_any_game(
    fake, game, behaviour, protocol, declared, capsys
):
    """Each engine must declare the game before the first game: its UCI_Variant values, else
    its protocol's own game (UCI: chess, UCCI: xiangqi). The refusal is one line naming the
    engine and what it declares, exit code 2, and no game is played."""
    code, out, err = run(
        capsys,
        game,
        "--games",
        "1",
        "--engine2",
        fake(behaviour),
        "--name2",
        "fake",
        "--protocol2",
        protocol,
    )
    assert code == 2 and out == ""
    assert err == f"xqchess: error: engine 'fake' does not play {game} ({declared})\n"


def test_engines_that_declare_the_game_play_it(fake, tmp_path, capsys):
    """Two fakes declaring xiangqi in UCI_Variant play it from the start: each moves a horse
    out and back until the third occurrence of the start position, a draw by the rules
    (neither checks nor chases), in both games."""
    code, out, err = run(
        capsys,
        "xiangqi",
        "--games",
        "2",
        "--movetime",
        "20",
        "--openings",
        start_file(tmp_path, "xiangqi"),
        "--engine1",
        fake("xiangqi"),
        "--engine2",
        fake("xiangqi"),
    )
    assert code == 0, err
    assert out.startswith("score of fake_engine #1 vs fake_engine #2: +0 =2 -0, 1/2 ")
    assert err.count(": 1/2-1/2 (threefold repetition, 8 plies)") == 2


def test_an_engine_that_dies_mid_match_loses_and_stops_the_match(
    fake, start_only, tmp_path, capsys
):
    """The fake answers its first move (Black's ...Nc6) and dies at its second: it loses game
    1 by abandonment; as in cutechess-cli without -recover, the match stops there with exit
    code 3, the report saying why and counting the failure."""
    pgn = tmp_path / "games.pgn"
    code, out, err = run(
        capsys,
        "--games",
        "4",
        "--movetime",
        "20",
        "--openings",
        start_only,
        "--engine2",
        fake("dies-after-move"),
        "--name2",
        "fake",
        "--pgn",
        str(pgn),
    )
    assert code == 3, err
    assert len(err.splitlines()) == 1 and err.startswith("game 1/4: xqchess vs fake: 1-0 ")
    lines = out.splitlines()
    assert lines[0] == (
        "match stopped after game 1 of 4: engine 'fake' exited (--recover "
        "restarts a failed engine and plays on)"
    )
    assert lines[1].startswith("score of xqchess vs fake: +1 =0 -0, 1/1 ")
    assert lines[-1].startswith("fake: illegal moves 0, time losses 0, failures 1, ")
    games = pgn.read_text(encoding="utf-8")
    assert games.count("[Event ") == 1 and '[Termination "abandoned"]' in games
    assert " Nc6 " in games  # the fake's one move


def test_with_recover_a_dead_engine_is_restarted_and_the_match_plays_on(fake, start_only, capsys):
    """--recover: each game the fake makes one move then dies (a fresh process each game),
    so it loses all 4 games; the exit code still says an engine failed."""
    code, out, err = run(
        capsys,
        "--games",
        "4",
        "--movetime",
        "20",
        "--openings",
        start_only,
        "--engine2",
        fake("dies-after-move"),
        "--name2",
        "fake",
        "--recover",
    )
    assert code == 3, err
    assert out.startswith("score of xqchess vs fake: +4 =0 -0, 4/4 ")
    assert "fake: illegal moves 0, time losses 0, failures 4, " in out


@pytest.mark.parametrize(
    "text,control",
    [
        ("10+0.1", TimeControl(None, 10000, 100, None)),
        ("40/60", TimeControl(None, 60000, 0, 40)),
        ("0.5", TimeControl(None, 500, 0, None)),
    ],
)
def test_time_controls_read_as_cutechess_writes_them(text, control):
    assert TimeControl.parse(text) == control


@pytest.mark.parametrize("text", ["0", "-1+1", "1+-1", "0/10", "x/10", "10+"])
def test_bad_time_controls_are_refused(text):
    if text == "10+":  # an empty increment is none
        assert TimeControl.parse(text) == TimeControl(None, 10000, 0, None)
        return
    with pytest.raises(XQChessError):
        TimeControl.parse(text)


@pytest.mark.parametrize(
    "command,options,label",
    [
        (None, {}, "xqchess"),
        (None, {"Ordering": "mvvlva", "Hash": "1"}, "xqchess (Ordering=mvvlva, Hash=1)"),
        ("/usr/games/fairy-stockfish", {}, "fairy-stockfish"),
        ("'/opt/my engines/stockfish' --quiet", {"Threads": "1"}, "stockfish (Threads=1)"),
        ("python3 -u ../peers/elephantfish_uci.py", {}, "elephantfish_uci"),
    ],
)
def test_engine_labels_are_a_name_and_the_options(command, options, label):
    assert engine_label(command, options) == label


@pytest.mark.parametrize(
    "names,commands,options,expected",
    [
        ([None, None], [None, None], [{}, {}], ["xqchess #1", "xqchess #2"]),
        (
            [None, None],
            [None, None],
            [{"Ordering": "none"}, {}],
            ["xqchess (Ordering=none)", "xqchess"],
        ),
        (["old", None], [None, "/usr/games/stockfish"], [{}, {}], ["old", "stockfish"]),
        (["same", "same"], [None, None], [{}, {}], ["same #1", "same #2"]),
    ],
)
def test_engine_names_tell_the_two_engines_apart(names, commands, options, expected):
    assert engine_names(names, commands, options) == expected
