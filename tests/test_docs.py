"""The documents hold together: every relative link in README.md, CHANGELOG.md and docs/**/*.md
names a file that exists and, where it has a #anchor, a heading of that file that GitHub gives
that anchor; every `xqchess` command they quote is one the command line's parser accepts (parsed
only, never run); README.md stays a page (at most 250 lines), and docs/ a reference of under
2,500 written lines (its Markdown pages and the Sphinx sources of the API reference, less the
lab's tables its commands print); docs/commands.md's
`xqchess play` section names every key of the play app."""

import contextlib
import io
import re
import shlex
from pathlib import Path

import pytest
from test_lab_docs import tables_and_commands
from xqchess.cli.main import build_parser
from xqchess.cli.tui.app import KEYS, key_name

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
DOCUMENTS = [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted(DOCS.rglob("*.md"))]
README_MAX_LINES = 250
DOCS_MAX_LINES = 2500
#: the files the docs' line budget counts: the pages and the API reference's Sphinx sources
#: (docs/runs/ holds the runs' data and scripts, docs/images/ the pictures)
DOC_SOURCES = ("*.md", "reference/*.rst", "reference/*.py")

LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6} +(.+?) *#*$")
FENCE = re.compile(r"^ *(```|~~~)")
CODE_SPAN = re.compile(r"(`+)(.+?)\1", re.DOTALL)
ENVIRONMENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*=")
#: a word that stands for a value (`GAME`, `NAME=VALUE`, `DEPTH[:MARGIN]`, `NAME,...`): a
#: synopsis, not a command line
PLACEHOLDER = re.compile(r"[A-Z][A-Z0-9_]*([=:,/+.][A-Z0-9_.]*)*|.*[\[\]]|.*\.\.\.")
SHELL_OPERATORS = {"|", "||", "&&", ";", "&", ">", ">>", "<", "(", ")"}


def prose_lines(text: str) -> list[str]:
    """The lines of a Markdown text outside fenced code blocks."""
    lines, fenced = [], False
    for line in text.splitlines():
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced:
            lines.append(line)
    return lines


def fenced_lines(text: str) -> list[str]:
    """The lines of a Markdown text inside fenced code blocks, a line ending in a backslash
    joined with the next one as the shell joins them."""
    lines, fenced, pending = [], False, ""
    for line in text.splitlines():
        if FENCE.match(line):
            fenced = not fenced
        elif fenced:
            if line.endswith("\\"):
                pending += line[:-1] + " "
            else:
                lines.append(pending + line.strip())
                pending = ""
    return lines


def xqchess_commands(line: str) -> list[list[str]]:
    """The arguments of each `xqchess` command on a shell line (`$ `, variable assignments and
    `.venv/bin/` before it, pipes and lists around it, `#` comments after it)."""
    lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    try:
        tokens = list(lexer)
    except ValueError:  # an unbalanced quote: not a shell line
        return []
    commands, segment = [], []
    for token in [*tokens, ";"]:
        if token not in SHELL_OPERATORS:
            segment.append(token)
            continue
        while segment and (segment[0] == "$" or ENVIRONMENT.match(segment[0])):
            segment.pop(0)
        if segment and segment[0].rsplit("/", 1)[-1] == "xqchess":
            commands.append(segment[1:])
        segment = []
    return commands


def quoted_commands(path: Path) -> list[list[str]]:
    """The `xqchess` command lines a Markdown file quotes: every one in a fenced code block,
    and each inline code span that is a command line with an option, placeholders (a synopsis
    such as `xqchess perft VARIANT --depth N`) left out. A span without an option names a
    command (`xqchess tune`) rather than quoting a line."""
    text = path.read_text(encoding="utf-8")
    commands = [args for line in fenced_lines(text) for args in xqchess_commands(line)]
    for match in CODE_SPAN.finditer("\n".join(prose_lines(text))):
        for args in xqchess_commands(match.group(2).replace("\n", " ")):
            synopsis = any(PLACEHOLDER.fullmatch(arg) for arg in args)
            if any(arg.startswith("-") for arg in args) and not synopsis:
                commands.append(args)
    return commands


def parser_refusal(args: list[str]) -> str | None:
    """What the command line's parser says against ``args`` (None: accepted). Parsing only: the
    command is not run, so no file, engine or search is touched."""
    output = io.StringIO()
    with contextlib.redirect_stdout(output), contextlib.redirect_stderr(output):
        try:
            build_parser().parse_args(args)
        except SystemExit as exit:
            if exit.code not in (0, None):  # --help and --version exit 0
                return output.getvalue().strip() or f"exit {exit.code}"
    return None


def github_anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every heading anchor of a Markdown file, repeated headings numbered as GitHub does."""
    found, seen = set(), {}
    for line in prose_lines(path.read_text(encoding="utf-8")):
        match = HEADING.match(line)
        if match:
            anchor = github_anchor(match.group(1))
            count = seen.get(anchor, 0)
            seen[anchor] = count + 1
            found.add(anchor if count == 0 else f"{anchor}-{count}")
    return found


def broken_links(path: Path) -> list[str]:
    """The relative links of a Markdown file that name no file, or no heading of it."""
    broken = []
    for line in prose_lines(path.read_text(encoding="utf-8")):
        for target in LINK.findall(line):
            if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto: ...
                continue
            name, _, anchor = target.partition("#")
            linked = (path.parent / name).resolve() if name else path
            if not linked.exists():
                broken.append(f"{target}: no file {name}")
            elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
                broken.append(f"{target}: no heading gives #{anchor} in {linked.name}")
    return broken


def test_the_anchor_is_githubs():
    assert github_anchor("The lab's figures") == "the-labs-figures"
    assert github_anchor("`xqchess play`") == "xqchess-play"
    assert github_anchor("Games, notations and FEN input") == "games-notations-and-fen-input"


def test_a_broken_link_is_found(tmp_path):
    (tmp_path / "other.md").write_text("# Some heading\n", encoding="utf-8")
    page = tmp_path / "page.md"
    page.write_text(
        "[ok](other.md#some-heading) [file](missing.md) [anchor](other.md#nowhere)\n"
        "[here](#top) [web](https://example.org/x.md)\n```\n[code](ignored.md)\n```\n"
        "# Top\n",
        encoding="utf-8",
    )
    assert broken_links(page) == [
        "missing.md: no file missing.md",
        "other.md#nowhere: no heading gives #nowhere in other.md",
    ]


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_every_relative_link_resolves(document):
    assert broken_links(document) == []


def test_quoted_commands_are_found(tmp_path):
    page = tmp_path / "page.md"
    page.write_text(
        "Run `xqchess perft chess --depth 3`, or `xqchess perft VARIANT --depth N` for\n"
        "another game; `xqchess tune` names a command, `xqchess match chess\n"
        "--games 2` spans two lines.\n"
        "```sh\n"
        "$ XQCHESS_PURE_PYTHON=1 .venv/bin/xqchess bench chess | tail -1  # the signature\n"
        "printf 'go depth 5\\n' | xqchess uci\n"
        "xqchess lab --depth 3 \\\n"
        "    --jobs 2\n"
        "97862\n"
        "```\n",
        encoding="utf-8",
    )
    assert quoted_commands(page) == [
        ["bench", "chess"],
        ["uci"],
        ["lab", "--depth", "3", "--jobs", "2"],
        ["perft", "chess", "--depth", "3"],
        ["match", "chess", "--games", "2"],
    ]


def test_a_bad_command_is_refused():
    assert parser_refusal(["perft", "chess", "--depth", "3"]) is None
    assert parser_refusal(["--version"]) is None
    assert "--depth" in parser_refusal(["perft", "chess"])
    assert "invalid choice" in parser_refusal(["perft", "shogi", "--depth", "1"])
    assert "unrecognized arguments: --fast" in parser_refusal(["bench", "chess", "--fast"])


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_every_quoted_command_parses(document):
    refused = {
        " ".join(args): refusal
        for args in quoted_commands(document)
        if (refusal := parser_refusal(args)) is not None
    }
    assert refused == {}


def test_the_docs_have_commands_to_check():
    quoted = [args for document in DOCUMENTS for args in quoted_commands(document)]
    assert {args[0] for args in quoted} >= {"play", "perft", "search", "bench", "lab", "match"}


def test_the_docs_stay_a_reference():
    """The budget counts what is written; the lab's tables, which their commands print from
    the journals under docs/runs (`test_lab_docs`), count with those journals, as data."""
    sources = sorted({path for pattern in DOC_SOURCES for path in DOCS.glob(pattern)})
    lines = sum(path.read_text(encoding="utf-8").count("\n") for path in sources)
    printed = sum(tables.count("\n") for _, command, tables in tables_and_commands() if command)
    written = lines - printed
    assert written < DOCS_MAX_LINES, f"docs/ has {written} lines; fewer than {DOCS_MAX_LINES}"


def test_the_readme_fits_on_a_page():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").count("\n")
    assert lines <= README_MAX_LINES, f"README.md has {lines} lines; at most {README_MAX_LINES}"


def play_section() -> str:
    """docs/commands.md's `xqchess play` section, up to the next command's heading."""
    text = (DOCS / "commands.md").read_text(encoding="utf-8")
    start = text.index("## xqchess play\n")
    return text[start : text.index("\n## ", start + 1)]


def test_every_key_of_the_play_app_is_documented():
    section = play_section()
    undocumented = [key_name(key.keys) for key in KEYS if f"`{key_name(key.keys)}`" not in section]
    assert undocumented == [], "keys missing from docs/commands.md's xqchess play section"
