"""`xqchess match` with its default engines: they start whatever the working folder holds (an
`xqchess` package, a `cli/main.py` or a `core.py` there changes nothing), and the output tells
them apart by name and options."""

import pytest

from xqchess.cli.main import main
from xqchess.cli.match import engine_label, engine_names

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


def test_default_engines_ignore_the_working_folder_and_differ_by_label(poisoned_cwd, capsys):
    pytest.importorskip("chess")
    code = main(["match", "--games", "2", "--movetime", "10", "--max-plies", "20",
                 "--option1", "Ordering=mvvlva"])
    out, err = capsys.readouterr()
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("game 1: xqchess (Ordering=mvvlva) (white) vs xqchess (black): ")
    assert lines[1].startswith("game 2: xqchess (white) vs xqchess (Ordering=mvvlva) (black): ")
    score = lines[-1].removeprefix("score: xqchess (Ordering=mvvlva) ")
    assert score != lines[-1] and " xqchess (+" in score


@pytest.mark.parametrize("command,options,label", [
    (None, {}, "xqchess"),
    (None, {"Ordering": "mvvlva", "Hash": "1"}, "xqchess (Ordering=mvvlva, Hash=1)"),
    ("/usr/games/fairy-stockfish", {}, "fairy-stockfish"),
    ("'/opt/my engines/stockfish' --quiet", {"Threads": "1"}, "stockfish (Threads=1)"),
])
def test_engine_labels_are_a_name_and_the_options(command, options, label):
    assert engine_label(command, options) == label


@pytest.mark.parametrize("names,commands,options,expected", [
    ([None, None], [None, None], [{}, {}], ["xqchess #1", "xqchess #2"]),
    ([None, None], [None, None], [{"Ordering": "none"}, {}], ["xqchess (Ordering=none)",
                                                              "xqchess"]),
    (["old", None], [None, "/usr/games/stockfish"], [{}, {}], ["old", "stockfish"]),
    (["same", "same"], [None, None], [{}, {}], ["same #1", "same #2"]),
])
def test_engine_names_tell_the_two_engines_apart(names, commands, options, expected):
    assert engine_names(names, commands, options) == expected
