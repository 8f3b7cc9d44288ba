"""Packaging: the checkout builds a wheel with the compiled kernel (Cython from the build
requirements, a C compiler from the machine), and that wheel, installed into a fresh venv,
runs `xqchess perft` and `xqchess bench` on the compiled kernel. Slow (a compile of the
kernel, about two minutes on a loaded two-core machine): run with -m slow."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run(*command, cwd=None):
    result = subprocess.run(
        [str(part) for part in command], capture_output=True, text=True, cwd=cwd, timeout=900
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    return result.stdout


@pytest.mark.slow
@pytest.mark.timeout(1200)
def test_the_wheel_installs_into_a_fresh_venv_and_runs_compiled(tmp_path):
    wheels = tmp_path / "wheels"
    run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", wheels, ROOT)
    (wheel,) = wheels.glob("xqchess-*.whl")
    assert "-none-any" not in wheel.name  # a platform wheel: the kernel is compiled in
    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", venv)
    run(venv / "bin" / "pip", "install", "-q", wheel)
    xqchess = venv / "bin" / "xqchess"
    # from a folder away from the checkout, so that the installed package is the one imported
    assert "compiled kernel" in run(xqchess, "--version", cwd=tmp_path)
    assert run(xqchess, "perft", "chess", "--depth", "3", cwd=tmp_path) == "8902\n"
    bench = run(xqchess, "bench", "chess", cwd=tmp_path)
    assert "Nodes searched  : 19462" in bench.splitlines()
