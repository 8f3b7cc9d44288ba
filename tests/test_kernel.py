"""The kernel's selection (kernel.py): compiled modules are used only when every one is
built and none is older than its source; XQCHESS_PURE_PYTHON=1 or a stale build runs the .py
files; --version names the kernel loaded. The two kernels' trees are compared by the bench
signature tests (test_determinism.py) run in each mode (.ci/run)."""

import json
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES

import pytest
from xqchess import kernel

MODULES = ("core/alpha", "ordering/beta")


def fake_build(root, modules=MODULES):
    """A tree with each module's source, an (empty) extension file and a matching manifest."""
    for path in modules:
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / f"{path}.py").write_text(f"NAME = {path!r}\n")
        (root / f"{path}{EXTENSION_SUFFIXES[0]}").write_bytes(b"")
    manifest = {path: kernel.source_hash(root, path) for path in modules}
    (root / kernel.MANIFEST).parent.mkdir(parents=True, exist_ok=True)
    (root / kernel.MANIFEST).write_text(json.dumps(manifest))


def test_a_complete_fresh_build_is_used(tmp_path, monkeypatch):
    monkeypatch.delenv(kernel.PURE_ENV, raising=False)
    fake_build(tmp_path)
    assert kernel.why_pure(tmp_path, MODULES) is None


def test_an_edited_source_makes_the_build_stale(tmp_path, monkeypatch):
    monkeypatch.delenv(kernel.PURE_ENV, raising=False)
    fake_build(tmp_path)
    (tmp_path / "ordering/beta.py").write_text("NAME = 'edited'\n")
    assert kernel.why_pure(tmp_path, MODULES) == (
        "compiled modules older than their source: ordering/beta"
    )


def test_an_edited_pxd_makes_the_build_stale(tmp_path, monkeypatch):
    monkeypatch.delenv(kernel.PURE_ENV, raising=False)
    fake_build(tmp_path)
    (tmp_path / "core/alpha.pxd").write_text("cdef int x\n")
    assert "core/alpha" in kernel.why_pure(tmp_path, MODULES)


def test_a_build_without_manifest_or_with_a_module_missing_is_not_used(tmp_path, monkeypatch):
    monkeypatch.delenv(kernel.PURE_ENV, raising=False)
    fake_build(tmp_path)
    (tmp_path / f"core/alpha{EXTENSION_SUFFIXES[0]}").unlink()
    assert kernel.why_pure(tmp_path, MODULES) == (
        "compiled modules missing (not compiled by the build): core/alpha"
    )
    (tmp_path / kernel.MANIFEST).unlink()
    assert "manifest" in kernel.why_pure(tmp_path, MODULES)


def test_a_compiled_module_the_kernel_no_longer_lists_makes_the_build_stale(tmp_path, monkeypatch):
    """A module dropped from the kernel's list keeps its old extension beside its .py: the
    build is stale, and the finder loads that module's .py too."""
    monkeypatch.delenv(kernel.PURE_ENV, raising=False)
    fake_build(tmp_path, MODULES + ("core/gamma",))
    assert kernel.why_pure(tmp_path, MODULES) == (
        "compiled modules older than their source: core/gamma"
    )


def test_a_compiled_module_that_became_a_package_is_left_to_the_usual_finders(tmp_path):
    """An older build compiled ``core/gamma``, which is now a package ``core/gamma/``: the
    source finder must not claim ``core.gamma`` (its ``.py`` is gone), or the package would
    not import."""
    fake_build(tmp_path, MODULES + ("core/gamma",))
    (tmp_path / "core/gamma.py").unlink()
    finder = kernel._SourceFinder(tmp_path, MODULES + ("core/gamma",))
    assert finder.find_spec("xqchess.core.gamma") is None
    assert finder.find_spec("xqchess.core.alpha").origin == str(tmp_path / "core/alpha.py")


def test_no_extension_at_all_and_the_environment_variable(tmp_path, monkeypatch):
    monkeypatch.delenv(kernel.PURE_ENV, raising=False)
    assert kernel.why_pure(tmp_path, MODULES).startswith("no compiled modules")
    fake_build(tmp_path)
    monkeypatch.setenv(kernel.PURE_ENV, "1")
    assert kernel.why_pure(tmp_path, MODULES) == "XQCHESS_PURE_PYTHON=1"


def run_python(code, **env):
    import os

    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **env},
    )


@pytest.mark.smoke
def test_pure_python_mode_loads_every_kernel_module_from_its_source():
    result = run_python(
        "import xqchess, sys\n"
        "from xqchess import kernel\n"
        "print(kernel.describe())\n"
        "print(all(sys.modules[kernel.module_name(p)].__file__.endswith('.py')"
        " for p in kernel.MODULES))",
        XQCHESS_PURE_PYTHON="1",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == "pure-Python kernel: XQCHESS_PURE_PYTHON=1\nTrue\n"


def test_a_stale_build_runs_the_sources_and_says_so(tmp_path):
    """select() on a tree whose build is stale puts the .py files first and warns on stderr."""
    fake_build(tmp_path, kernel.MODULES)
    (tmp_path / "core/see.py").write_text("EDITED = True\n")
    result = run_python(
        "import sys, pathlib\n"
        "from xqchess import kernel\n"
        f"kernel.select(pathlib.Path({str(tmp_path)!r}))\n"
        "print(kernel.reason)\n"
        "print(any(type(f).__name__ == '_SourceFinder' for f in sys.meta_path))",
        XQCHESS_PURE_PYTHON="0",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == "compiled modules older than their source: core/see\nTrue\n"
    assert "warning: compiled modules older than their source: core/see" in result.stderr
