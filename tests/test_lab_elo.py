"""The lab's Elo rows (`xqchess.cli.lab.elo`): switches, journals that resume, pairs, the SPRT
stopping a row, the report, and real games between two switched engines."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from xqchess.cli.lab.elo import (
    ELO_FILE,
    SWITCHES,
    EloJournalError,
    Row,
    chart_lines,
    markdown_table,
    read_journal,
    rows_for,
    run_row,
    select_switches,
    summarise,
)
from xqchess.cli.match.runner import TimeControl, parse_sprt
from xqchess.cli.match.stats import elo_interval
from xqchess.core.errors import XQChessError
from xqchess.ordering.spec import DEFAULT_SPEC

CONTROL = TimeControl(40)


def game(number: int, white: str, black: str, result: str, control: str = "40 ms a move") -> str:
    return (
        f'[Event "xqchess match"]\n[Round "{number}"]\n[White "{white}"]\n[Black "{black}"]\n'
        f'[TimeControl "{control}"]\n[Result "{result}"]\n\n{result}\n\n'
    )


def journal(row: Row, results: list[str]) -> None:
    """Games 1, 2, ... with the first engine White in odd games; ``results`` are the first
    engine's: 'w', 'd' or 'l'."""
    first, second = row.names()
    text = ""
    for number, outcome in enumerate(results, 1):
        white, black = (first, second) if number % 2 else (second, first)
        first_wins = {"w": True, "l": False}.get(outcome)
        if first_wins is None:
            result = "1/2-1/2"
        else:
            result = "1-0" if first_wins == (white == first) else "0-1"
        text += game(number, white, black, result)
    row.journal.write_text(text, encoding="utf-8")


@pytest.fixture
def row(tmp_path: Path) -> Row:
    return rows_for(["chess"], [SWITCHES["guard-prune"]], tmp_path)[0]


def test_switches_change_one_thing_from_the_playing_pipeline() -> None:
    guard = SWITCHES["guard-prune"]
    assert dict(guard.options) == {"Ordering": f"{DEFAULT_SPEC},guard", "GuardPrune": "1"}
    assert dict(guard.reference) == {"Ordering": f"{DEFAULT_SPEC},guard"}
    for heuristic in DEFAULT_SPEC.split(","):
        switch = SWITCHES[heuristic]
        kept = dict(switch.reference)["Ordering"].split(",")
        assert kept == [h for h in DEFAULT_SPEC.split(",") if h != heuristic]
        assert dict(switch.options)["Ordering"] == DEFAULT_SPEC
    assert dict(SWITCHES["chessmaps"].options)["Ordering"].endswith("chessmaps")


def test_switch_selection_and_unknown_names() -> None:
    assert [s.name for s in select_switches(None, "guard")] == ["guard-prune"]
    assert [s.name for s in select_switches(["killer", "killer"], None)] == ["killer"]
    assert len(select_switches(None, None)) == len(SWITCHES)
    with pytest.raises(XQChessError, match="unknown --switch 'killers'"):
        select_switches(["killers"], None)


def test_pairs_are_counted_from_the_first_engines_side(row: Row) -> None:
    # pairs: (win, win) -> 2 points, (draw, loss) -> 1/2, (loss, loss) -> 0
    journal(row, ["w", "w", "d", "l", "l", "l"])
    result = summarise(row, read_journal(row, CONTROL), None)
    assert (result.tally.wins, result.tally.draws, result.tally.losses) == (2, 1, 3)
    assert result.tally.pairs == [1, 1, 0, 0, 1]
    figures = result.as_dict()
    assert figures["games"] == 6 and figures["score_pct"] == pytest.approx(100 * 2.5 / 6)
    assert figures["elo"] == pytest.approx(elo_interval(result.tally)[0])
    assert figures["elo_low"] < figures["elo"] < figures["elo_high"]


def test_an_incomplete_pair_is_dropped_and_the_journal_rewritten(row: Row) -> None:
    journal(row, ["w", "d", "l"])
    pairs = read_journal(row, CONTROL)
    assert sorted(pairs) == [0]
    assert row.journal.read_text(encoding="utf-8").count("[Round") == 2
    assert sorted(read_journal(row, CONTROL)) == [0]


def test_a_last_game_cut_short_is_dropped(row: Row) -> None:
    journal(row, ["w", "d", "l", "l"])
    text = row.journal.read_text(encoding="utf-8")
    row.journal.write_text(text[: text.rindex("[Result")], encoding="utf-8")
    assert sorted(read_journal(row, CONTROL)) == [0]
    assert row.journal.read_text(encoding="utf-8").count("[Round") == 2


@pytest.mark.parametrize(
    "text, fault",
    [
        (game(1, "someone", "else", "1-0"), "not this row's engines"),
        (None, "played at 100 ms a move"),
        (game(1, "A", "B", "1-0").replace('[Round "1"]\n', ""), "Round tag"),
    ],
)
def test_a_journal_of_another_row_is_refused(row: Row, text: str | None, fault: str) -> None:
    first, second = row.names()
    if text is None:
        text = game(1, first, second, "1-0", "100 ms a move")
    row.journal.write_text(text, encoding="utf-8")
    with pytest.raises(EloJournalError, match=fault):
        read_journal(row, CONTROL)


def test_a_decided_sprt_plays_nothing_more(row: Row) -> None:
    journal(row, ["w"] * 40)
    sprt = parse_sprt(["elo0=0", "elo1=50"])
    before = row.journal.read_text(encoding="utf-8")
    result = run_row(row, 400, CONTROL, sprt, 1, lambda _: None)
    assert result.verdict == "H1" and result.llr >= sprt.bounds()[1]
    assert row.journal.read_text(encoding="utf-8") == before


def test_report_as_markdown_and_chart(row: Row) -> None:
    journal(row, ["w", "d", "d", "l", "w", "w"])
    figures = summarise(row, read_journal(row, CONTROL), None).as_dict()
    text = markdown_table([figures], False)
    lines = text.splitlines()
    assert lines[0].startswith("| game | switch | games | W-D-L | pairs |")
    assert "| chess | guard-prune | 6 | 3-2-1 | 0-1-0-1-1 |" in lines[2]
    assert "LLR" not in lines[0]
    chart = [line.plain for line in chart_lines([figures])]
    assert "●" in chart[0] and chart[0].endswith(f"{round(figures['elo']):+d}")


def test_a_row_plays_pairs_journals_them_and_resumes(tmp_path: Path) -> None:
    """Real games: a fast time per move in the small xiangqi, two pairs on two workers; a
    second run finds them all in the journal and plays nothing."""
    (row,) = rows_for(["minixiangqi"], [SWITCHES["killer"]], tmp_path)
    control = TimeControl(5)
    seen = []
    result = run_row(row, 4, control, None, 2, seen.append)
    assert result.tally.games == 4 and sum(result.tally.pairs) == 2
    assert [state.tally.games for state in seen] == [2, 4]
    text = row.journal.read_text(encoding="utf-8")
    rounds = [line for line in text.splitlines() if line.startswith("[Round")]
    assert sorted(rounds) == [f'[Round "{number}"]' for number in (1, 2, 3, 4)]
    again = run_row(row, 4, control, None, 1, seen.append)
    assert len(seen) == 2 and again.tally.pairs == result.tally.pairs


def test_the_elo_file_holds_the_rows(tmp_path: Path) -> None:
    from xqchess.cli.lab.elo import write_elo_file

    (row,) = rows_for(["chess"], [SWITCHES["guard-prune"]], tmp_path)
    journal(row, ["w", "l"])
    write_elo_file(tmp_path, [summarise(row, read_journal(row, CONTROL), None)], {"x": 1})
    data = json.loads((tmp_path / ELO_FILE).read_text(encoding="utf-8"))
    assert data["meta"] == {"x": 1}
    assert data["rows"][0]["switch"] == "guard-prune" and data["rows"][0]["games"] == 2


def test_the_command_reports_a_journal_and_refuses_bad_options(
    row: Row, tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    from xqchess.cli.main import main

    journal(row, ["w", "d", "l", "l"])
    base = ["lab", "chess", "--elo", "--switch", "guard-prune", "--out", str(tmp_path)]
    assert main([*base, "--report", "--markdown"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[2].startswith("| chess | guard-prune | 4 | 1-1-2 | 1-0-0-1-0 | 37.5 |")
    assert main([*base, "--report", "--sprt", "elo0=0", "elo1=5"]) == 0
    out = capsys.readouterr().out
    assert "LLR" in out and "●" in out
    assert main([*base, "--games", "3"]) == 2
    assert "--games must be even" in capsys.readouterr().err
    assert main(["lab", "xiangqi", "--elo", "--out", str(tmp_path / "none"), "--report"]) == 2
    assert "holds no games of these rows" in capsys.readouterr().err


def test_a_switch_in_two_games_is_compared_by_hand_worked_figures() -> None:
    from xqchess.cli.lab.elo import across_games
    from xqchess.cli.match.stats import Z95

    def row(variant: str, elo: float) -> dict:
        # a standard error of 10 Elo: the interval is the estimate plus or minus Z95 * 10
        return {"variant": variant, "switch": "guard-prune", "elo": elo}

    rows = [row("chess", 0.0), row("xiangqi", -50.0), row("minixiangqi", -10.0)]
    for figures in rows:
        figures["elo_low"], figures["elo_high"] = (
            figures["elo"] - Z95 * 10,
            figures["elo"] + Z95 * 10,
        )
    compared = across_games(rows)
    assert [c["games"] for c in compared] == [
        ["chess", "xiangqi"],
        ["chess", "minixiangqi"],
        ["xiangqi", "minixiangqi"],
    ]
    first = compared[0]
    # difference 50, standard error sqrt(10^2 + 10^2)
    margin = Z95 * 200**0.5
    assert first["difference"] == 50
    assert (first["low"], first["high"]) == pytest.approx((50 - margin, 50 + margin))
    assert first["holds"] and not compared[1]["holds"]
    rows[1]["elo_high"] = None  # an unbounded end: not compared
    assert [c["games"] for c in across_games(rows)] == [["chess", "minixiangqi"]]
