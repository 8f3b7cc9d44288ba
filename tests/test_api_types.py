"""The public API is typed for its users: the package ships ``py.typed`` (PEP 561), and
docs/api.md's examples (its ```python blocks, joined as one script, as doctest runs them) pass
``mypy --strict`` as a user's script does, the package's own modules read for their types and
not reported on. mypy comes with the lint extra (``pip install -e '.[lint]'``)."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BLOCK = re.compile(r"^```python\n(.*?)^```", re.DOTALL | re.MULTILINE)


def mypy_command() -> list[str]:
    beside = Path(sys.executable).with_name("mypy")
    if beside.exists():
        return [str(beside)]
    found = shutil.which("mypy")
    if found is None:
        pytest.skip("mypy is not installed (pip install -e '.[lint]')")
    return [found]


def script_of(markdown: str) -> str:
    """The Python source of the document's ```python blocks' examples (``>>>`` and ``...``
    lines, their outputs left out)."""
    lines = []
    for block in BLOCK.findall(markdown):
        for line in block.splitlines():
            if line.startswith((">>> ", "... ")):
                lines.append(line[4:])
            elif line in (">>>", "..."):
                lines.append("")
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def user_folder(tmp_path_factory):
    """A user's folder: the package reached as xqchess (as tests/tools/typecheck.sh does) and
    mypy's cache, shared by the checks."""
    folder = tmp_path_factory.mktemp("user")
    (folder / "xqchess").symlink_to(ROOT)
    return folder


def run_mypy_strict(folder: Path, source: str) -> subprocess.CompletedProcess:
    """``mypy --strict`` on ``source`` as ``user_script.py`` in ``folder``, the package's own
    modules read for their types and not reported on, no configuration file."""
    command = mypy_command()
    (folder / "user_script.py").write_text(source, encoding="utf-8")
    return subprocess.run(
        command
        + ["--strict", "--follow-imports=silent", "--config-file", "", "--cache-dir"]
        + [str(folder / "cache"), "user_script.py"],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=240,
    )


def test_the_script_is_the_examples():
    markdown = "```python\n>>> x = 1\n>>> for i in (1,):\n...     x += i\n2\n```\n"
    assert script_of(markdown) == "x = 1\nfor i in (1,):\n    x += i\n"


def test_the_package_ships_py_typed():
    assert (ROOT / "py.typed").exists()
    assert '"xqchess" = ["py.typed"]' in (ROOT / "pyproject.toml").read_text()  # package data


def test_the_api_references_examples_pass_mypy_strict(user_folder):
    script = script_of((ROOT / "docs" / "api.md").read_text(encoding="utf-8"))
    result = run_mypy_strict(user_folder, script)
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_type_error_in_a_users_script_is_found(user_folder):
    """The check can fail: a script misusing the API is refused."""
    result = run_mypy_strict(
        user_folder,
        "import xqchess\n"
        "winner: int = xqchess.Board().fen()\n"
        "outcome = xqchess.Board().outcome()\n"
        "print(outcome.winner)\n",
    )
    assert result.returncode == 1
    assert 'Item "None" of "Outcome | None" has no attribute "winner"' in result.stdout
    assert "user_script.py:2: error" in result.stdout
