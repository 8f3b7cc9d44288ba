"""Packaging: `python -m build` makes an sdist holding the kernel's sources (``.py`` and
``.pxd``; no generated C or extension files, even from a checkout built in place) and builds
the wheel from that sdist, compiling the kernel from source (Cython from the build
requirements, a C compiler from the machine); the wheel, installed into a fresh venv, runs
`xqchess perft` and `xqchess bench` on the compiled kernel. Slow (two builds and a compile of
the kernel, about five minutes on a loaded two-core machine): run with -m slow."""

import subprocess
import sys
import tarfile
from pathlib import Path

import pytest
from test_bench_signature import SIGNATURES
from xqchess import kernel

ROOT = Path(__file__).resolve().parent.parent


def run(*command, cwd=None):
    result = subprocess.run(
        [str(part) for part in command], capture_output=True, text=True, cwd=cwd, timeout=900
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    return result.stdout


@pytest.mark.slow
@pytest.mark.timeout(1800)
def test_the_sdist_compiles_and_its_wheel_runs_compiled_in_a_fresh_venv(tmp_path):
    dist = tmp_path / "dist"
    run(sys.executable, "-m", "build", "--outdir", dist, ROOT)
    (sdist,) = dist.glob("xqchess-*.tar.gz")
    (wheel,) = dist.glob("xqchess-*.whl")
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    for path in kernel.MODULES:
        assert f"{path}.py" in names
    assert {"kernel.py", "setup.py", "core/position.pxd", "core/search/tree.pxd"} <= names
    assert not [name for name in names if name.endswith((".c", ".so", ".pyd"))]
    assert "-none-any" not in wheel.name  # a platform wheel: the kernel is compiled in
    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", venv)
    run(venv / "bin" / "pip", "install", "-q", wheel)
    xqchess = venv / "bin" / "xqchess"
    # from a folder away from the checkout, so that the installed package is the one imported
    assert f"compiled kernel: Cython, {len(kernel.MODULES)} modules" in run(
        xqchess, "--version", cwd=tmp_path
    )
    assert run(xqchess, "perft", "chess", "--depth", "3", cwd=tmp_path) == "8902\n"
    bench = run(xqchess, "bench", "chess", cwd=tmp_path)
    assert f"Nodes searched  : {SIGNATURES['chess']}" in bench.splitlines()
