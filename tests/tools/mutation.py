"""Mutation testing with mutmut, one target at a time: which one-line bugs the tests miss.

    python tests/tools/mutation.py --list          # the targets ([tool.xqchess.mutation])
    python tests/tools/mutation.py see             # one target, in build/mutation/see/
    python tests/tools/mutation.py see guard --jobs 2
    python tests/tools/mutation.py --all           # every target (about an hour on 2 cores)

Needs mutmut 3 (``pip install -e '.[mutation]'``). Not part of the default test run.

Why a script around mutmut: mutmut 3 imports each mutated file, from its ``mutants/`` copy, by
the module name the file's path gives, and the tests import the package ``xqchess``. In this
repository the root IS the package (pyproject's package-dir), so ``core/see.py`` is module
``xqchess.core.see`` and no path names it. The script stages the checkout (tracked and
untracked, not ignored, files) as ``build/mutation/TARGET/xqchess/`` with the tests beside it,
so that paths and module names agree, writes the target's settings into the staged
pyproject.toml's ``[tool.mutmut]``, and runs ``mutmut run`` there. A target may name functions:
the rest of its file is then fenced off with mutmut's ``# pragma: no mutate start``/``end`` in
the staged copy (the search's hot loop is not slowed by mutmut's trampolines and its hundreds of
mutants are not run when only the table's score conversion is the target).

Each target lists the fast test files (or test ids) that guard it; mutmut runs, for each mutant,
the tests that reach the mutated function. The script ends by printing the counts and, for each
surviving mutant, its diff (``mutmut show``); `docs/testing.md` says what each survivor of the
targets means. To look further: ``cd build/mutation/TARGET && mutmut results`` (or ``show``,
``browse``).
"""

from __future__ import annotations

import argparse
import ast
import json
import shutil
import subprocess
import sys
from pathlib import Path

import tomllib

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "xqchess"
STAGE = ROOT / "build" / "mutation"
START, END = "# pragma: no mutate start", "# pragma: no mutate end"


def settings() -> tuple[dict, dict]:
    """(the pytest settings, the targets) from the repository's pyproject.toml."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return project["tool"]["pytest"]["ini_options"], project["tool"]["xqchess"]["mutation"]


def checkout_files() -> list[str]:
    """The checkout's files as git sees them: tracked, and untracked but not ignored."""
    out = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout.decode()
    return [name for name in out.split("\0") if name and (ROOT / name).is_file()]


def stage(name: str, target: dict, pytest_options: dict) -> Path:
    """A fresh copy of the checkout for ``target`` under build/mutation/NAME."""
    where = STAGE / name
    shutil.rmtree(where, ignore_errors=True)
    for file in checkout_files():
        inside = Path(file) if file.startswith("tests/") else Path(PACKAGE) / file
        (where / inside).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / file, where / inside)
    mutated = where / PACKAGE / target["mutate"]
    if "functions" in target:
        fence_off(mutated, set(target["functions"]))
    lines = ["[tool.pytest.ini_options]"]
    lines += [f"{key} = {json.dumps(value)}" for key, value in pytest_options.items()]
    lines += [
        "",
        "[tool.mutmut]",
        f"source_paths = {json.dumps([PACKAGE])}",
        f"only_mutate = {json.dumps([f'{PACKAGE}/' + target['mutate']])}",
        f"pytest_add_cli_args_test_selection = {json.dumps(target['tests'])}",
        "",
    ]
    (where / "pyproject.toml").write_text("\n".join(lines))
    return where


def fence_off(path: Path, functions: set[str]) -> None:
    """Put every top-level statement of ``path`` but the ``functions`` between mutmut's no-mutate
    pragmas (in the staged copy): one fence around each run of such statements."""
    source = path.read_text().splitlines()
    tree = ast.parse("\n".join(source))
    found = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
    if functions - found:
        raise SystemExit(f"{path.name} has no top-level function {sorted(functions - found)}")
    runs: list[list[int]] = []  # [first line, last line] of each run of fenced statements
    kept = True
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name in functions:
            kept = True
            continue
        first = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
        if kept:
            runs.append([first, node.end_lineno])
        runs[-1][1] = node.end_lineno
        kept = False
    for first, last in reversed(runs):  # from the bottom up, so line numbers stay valid
        source.insert(last, END)
        source.insert(first - 1, START)
    path.write_text("\n".join(source) + "\n")


MUTMUT = [sys.executable, "-m", "mutmut"]


def mutmut_run(where: Path, jobs: int) -> None:
    """``mutmut run`` in the staged copy (``jobs`` mutants at once), its progress written to
    mutmut-run.log there."""
    with (where / "mutmut-run.log").open("w") as out:
        subprocess.run(
            MUTMUT + ["run", "--max-children", str(jobs)],
            cwd=where,
            stdout=out,
            stderr=subprocess.STDOUT,
            check=False,
        )


def mutant_statuses(where: Path) -> dict[str, str]:
    """Every mutant's status as ``mutmut results --all true`` gives it."""
    listing = subprocess.run(
        MUTMUT + ["results", "--all", "true"], cwd=where, capture_output=True, text=True
    ).stdout
    return dict(
        tuple(part.strip() for part in line.rsplit(":", 1))
        for line in listing.splitlines()
        if ":" in line
    )


def run_in_place(where: Path, jobs: int) -> dict[str, str]:
    """mutmut's own run: each mutant switched on in a process forked after import."""
    mutmut_run(where, jobs)
    return mutant_statuses(where)


def run_applied(where: Path, target: dict) -> dict[str, str]:
    """For code that runs at import (``make_rules`` builds the xiangqi verdicts as closures
    when the variant module loads), which mutmut's switch, read at call time after import,
    never reaches: each mutant is written into the staged file in turn (``mutmut apply``) and
    the target's tests run in a fresh process (``-x``: up to the first failure)."""
    mutmut_run(where, 1)  # generates the mutants; its own test run cannot switch them on here
    source = where / PACKAGE / target["mutate"]
    original = source.read_text()
    pytest = [
        sys.executable,
        "-m",
        "pytest",
        "-x",
        "-q",
        "-p",
        "no:cacheprovider",
        *target["tests"],
    ]
    baseline = subprocess.run(pytest, cwd=where, capture_output=True, text=True)
    if baseline.returncode:
        raise SystemExit(f"the tests fail without a mutant:\n{baseline.stdout[-2000:]}")
    statuses = {}
    with (where / "applied.log").open("w") as log:  # progress, one mutant a line
        for mutant in mutant_statuses(where):
            subprocess.run(MUTMUT + ["apply", mutant], cwd=where, check=True, capture_output=True)
            try:
                result = subprocess.run(pytest, cwd=where, capture_output=True, timeout=600)
                statuses[mutant] = "killed" if result.returncode else "survived"
            except subprocess.TimeoutExpired:
                statuses[mutant] = "timeout"
            finally:
                source.write_text(original)
            print(f"{mutant}: {statuses[mutant]}", file=log, flush=True)
    return statuses


def report(name: str, where: Path, statuses: dict[str, str]) -> None:
    """The counts, and each survivor's diff (``mutmut show``)."""
    counts = {status: list(statuses.values()).count(status) for status in set(statuses.values())}
    print(
        f"{name}: {len(statuses)} mutants, "
        + ", ".join(f"{count} {status}" for status, count in sorted(counts.items()))
    )
    for mutant, status in statuses.items():
        if status != "survived":
            continue
        diff = subprocess.run(
            MUTMUT + ["show", mutant], cwd=where, capture_output=True, text=True
        ).stdout
        changed = [
            line
            for line in diff.splitlines()
            if line[:1] in "+-" and not line.startswith(("+++", "---"))
        ]
        print(f"  survived {mutant}\n    " + "\n    ".join(changed))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("targets", nargs="*", help="target names (see --list)")
    parser.add_argument("--all", action="store_true", help="every target")
    parser.add_argument("--list", action="store_true", help="list the targets and stop")
    parser.add_argument("--jobs", type=int, default=1, help="mutants run at once (default 1)")
    args = parser.parse_args()
    pytest_options, targets = settings()
    if args.list or not (args.targets or args.all):
        for name, target in targets.items():
            scope = target["mutate"] + (
                f" ({', '.join(target['functions'])})" if "functions" in target else ""
            )
            print(f"{name:14} {scope:48} tests: {' '.join(target['tests'])}")
        return
    unknown = [name for name in args.targets if name not in targets]
    if unknown:
        parser.error(f"unknown target {', '.join(unknown)}: one of {', '.join(targets)}")
    chosen = list(targets) if args.all else args.targets
    staged = {name: stage(name, targets[name], pytest_options) for name in chosen}  # one snapshot
    for name in chosen:
        target = targets[name]
        statuses = (
            run_applied(staged[name], target)
            if target.get("apply")
            else run_in_place(staged[name], args.jobs)
        )
        report(name, staged[name], statuses)


if __name__ == "__main__":
    main()
