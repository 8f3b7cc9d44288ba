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
import tomllib
from pathlib import Path

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
    out = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                         cwd=ROOT, check=True, capture_output=True).stdout.decode()
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
    lines += ["", "[tool.mutmut]",
              f"source_paths = {json.dumps([PACKAGE])}",
              f"only_mutate = {json.dumps([f'{PACKAGE}/' + target['mutate']])}",
              f"pytest_add_cli_args_test_selection = {json.dumps(target['tests'])}", ""]
    (where / "pyproject.toml").write_text("\n".join(lines))
    return where


def fence_off(path: Path, functions: set[str]) -> None:
    """Put every top-level statement of ``path`` but the ``functions`` between mutmut's no-mutate
    pragmas (in the staged copy)."""
    source = path.read_text().splitlines()
    tree = ast.parse("\n".join(source))
    found = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
    if functions - found:
        raise SystemExit(f"{path.name} has no top-level function {sorted(functions - found)}")
    inserts = []  # (line index, text), applied from the bottom up
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name in functions:
            continue
        first = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
        inserts += [(first - 1, START), (node.end_lineno, END)]
    for index, text in sorted(inserts, key=lambda item: item[0], reverse=True):
        source.insert(index, text)
    path.write_text("\n".join(source) + "\n")


def run(name: str, where: Path, jobs: int) -> dict:
    mutmut = [sys.executable, "-m", "mutmut"]
    log = where / "mutmut-run.log"
    with log.open("w") as out:
        subprocess.run(mutmut + ["run", "--max-children", str(jobs)], cwd=where, stdout=out,
                       stderr=subprocess.STDOUT, check=False)
    subprocess.run(mutmut + ["export-cicd-stats"], cwd=where, check=True,
                   capture_output=True)
    stats = json.loads((where / "mutants" / "mutmut-cicd-stats.json").read_text())
    listing = subprocess.run(mutmut + ["results"], cwd=where, capture_output=True,
                             text=True).stdout
    survivors = [line.split(":")[0].strip() for line in listing.splitlines()
                 if line.strip().endswith(": survived")]
    print(f"{name}: {stats['total']} mutants, {stats['killed']} killed, "
          f"{stats['survived']} survived, {stats['timeout']} timed out, "
          f"{stats['no_tests']} not reached by the tests (log: {log.relative_to(ROOT)})")
    for mutant in survivors:
        diff = subprocess.run(mutmut + ["show", mutant], cwd=where, capture_output=True,
                              text=True).stdout
        changed = [line for line in diff.splitlines()
                   if line[:1] in "+-" and not line.startswith(("+++", "---"))]
        print(f"  survived {mutant}\n    " + "\n    ".join(changed))
    return stats


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
            scope = target["mutate"] + (f" ({', '.join(target['functions'])})"
                                        if "functions" in target else "")
            print(f"{name:14} {scope:48} tests: {' '.join(target['tests'])}")
        return
    unknown = [name for name in args.targets if name not in targets]
    if unknown:
        parser.error(f"unknown target {', '.join(unknown)}: one of {', '.join(targets)}")
    for name in targets if args.all else args.targets:
        run(name, stage(name, targets[name], pytest_options), args.jobs)


if __name__ == "__main__":
    main()
