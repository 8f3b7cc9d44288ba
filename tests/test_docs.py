"""The documents hold together: every relative link in README.md and docs/*.md names a file that
exists and, where it has a #anchor, a heading of that file that GitHub gives that anchor; and
README.md stays a page (at most 250 lines)."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
README_MAX_LINES = 250

LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6} +(.+?) *#*$")
FENCE = re.compile(r"^ *(```|~~~)")


def prose_lines(text: str) -> list[str]:
    """The lines of a Markdown text outside fenced code blocks."""
    lines, fenced = [], False
    for line in text.splitlines():
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced:
            lines.append(line)
    return lines


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


def test_the_readme_fits_on_a_page():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").count("\n")
    assert lines <= README_MAX_LINES, f"README.md has {lines} lines; at most {README_MAX_LINES}"
