"""docs/lab.md's tables are regenerated, not written: each table follows the fenced command
that prints it (`xqchess lab ... --report --markdown` over a journal in docs/runs/), and the
command, run again here, prints that table exactly; a table without such a command fails."""

import shlex
from pathlib import Path

import pytest
from helpers import command_output

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "lab.md"


def tables_and_commands() -> list[tuple[int, list[str], str]]:
    """(line number, the command's words, the tables after it) for each table of the page; a
    table with no command right above it has no words."""
    lines = PAGE.read_text(encoding="utf-8").splitlines()
    found = []
    index, command = 0, None
    while index < len(lines):
        line = lines[index]
        if line.startswith("```"):
            end = lines.index("```", index + 1)
            joined = " ".join(part.rstrip("\\").strip() for part in lines[index + 1 : end])
            command = shlex.split(joined) if "--markdown" in joined else None
            index = end + 1
            continue
        if line.startswith("|"):
            start = index
            tables = []
            # the command's output: its tables, one blank line between two
            while index < len(lines) and (
                lines[index].startswith("|")
                or (
                    not lines[index] and index + 1 < len(lines) and lines[index + 1].startswith("|")
                )
            ):
                tables.append(lines[index])
                index += 1
            found.append((start + 1, command or [], "\n".join(tables) + "\n"))
            command = None
            continue
        if line.strip():
            command = None  # prose between the command and the table: not its output
        index += 1
    return found


TABLES = tables_and_commands()


def test_the_page_has_tables() -> None:
    assert len(TABLES) >= 5


@pytest.mark.parametrize("line, command, table", TABLES, ids=[f"line {t[0]}" for t in TABLES])
def test_each_table_is_what_its_command_prints(
    line: int, command: list[str], table: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert command[:2] == ["xqchess", "lab"], f"docs/lab.md:{line}: no command prints this table"
    assert "--report" in command and "--markdown" in command
    monkeypatch.chdir(ROOT)
    assert command_output(*command[1:]) == table, (
        f"docs/lab.md:{line}: the table differs from its journal"
    )
