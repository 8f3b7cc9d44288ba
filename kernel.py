"""Which kernel runs: the hot modules compiled by Cython from their own .py source, or that
source as plain Python.

`MODULES` names the kernel's modules; setup.py compiles each (pure-Python mode: C types, where
there are any, in a ``.pxd`` beside the ``.py``) when Cython and a C compiler are present, and
writes `MANIFEST`, each compiled module's source hash, beside them. `select` runs when this
module is imported, which the package's ``__init__`` does first, before any kernel module: it
keeps the compiled modules only when every one is built and none is stale (its ``.py`` or
``.pxd`` edited since the build). Otherwise,
or with the environment variable ``XQCHESS_PURE_PYTHON=1``, a finder placed first on
``sys.meta_path`` loads the kernel's ``.py`` files, so a stale extension never shadows an edit
(a stale build is reported on stderr). `describe` says which kernel is loaded (`xqchess
--version` prints it). Both kernels search the same trees.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from pathlib import Path

#: the package's folder: the repository root (the root is the package ``xqchess``)
PACKAGE_ROOT = Path(__file__).resolve().parent
#: the compiled modules, as paths below the package root without ``.py``
MODULES = (
    "core/moves",
    "core/evaluation",
    "core/probe",
    "core/generator",
    "core/position",
    "core/perft",
    "core/see",
    "core/key_sort",
    "core/tt",
    "core/search/node",
    "core/search/stats",
    "core/search/captures",
    "core/search/tree",
    "variants/chess/evaluation",
    "variants/families/chess_family/attacks",
    "variants/families/chess_family/movegen",
    "variants/families/chess_family/rules",
    "variants/families/xiangqi_family/attacks",
    "variants/families/xiangqi_family/movegen",
    "variants/families/xiangqi_family/rules",
    "ordering/heuristic",
    "ordering/ranking",
    "ordering/pipeline",
    "ordering/hash_move",
    "ordering/see",
    "ordering/killer",
    "ordering/countermove",
    "ordering/history",
    "ordering/continuation",
    "ordering/chessmaps/valueboard",
    "ordering/chessmaps/control",
    "ordering/chessmaps/greer_order",
    "ordering/chessmaps/forward",
    "ordering/chessmaps/move_order",
)
#: written by the build beside the compiled modules: {module path: source hash}
MANIFEST = "kernel_build.json"
#: the environment variable that asks for the pure-Python kernel ("1")
PURE_ENV = "XQCHESS_PURE_PYTHON"

#: why the pure-Python kernel runs (None: the compiled one runs), set by `select`
reason: str | None = None


def module_name(path: str) -> str:
    """``core/see`` -> ``xqchess.core.see``."""
    return "xqchess." + path.replace("/", ".")


def source_hash(root: Path, path: str) -> str:
    """SHA-256 of the module's ``.py`` source followed by its ``.pxd`` (if any)."""
    digest = hashlib.sha256((root / f"{path}.py").read_bytes())
    pxd = root / f"{path}.pxd"
    if pxd.exists():
        digest.update(pxd.read_bytes())
    return digest.hexdigest()


def _extension(root: Path, path: str) -> Path | None:
    folder = (root / path).parent
    stem = Path(path).name
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = folder / f"{stem}{suffix}"
        if candidate.exists():
            return candidate
    return None


def _manifest(root: Path) -> dict[str, str] | None:
    """The build manifest under ``root`` (None: there is none, or it cannot be read)."""
    try:
        manifest = json.loads((root / MANIFEST).read_text())
    except (OSError, ValueError):
        return None
    return manifest if isinstance(manifest, dict) else None


def why_pure(root: Path, modules: tuple[str, ...] = MODULES) -> str | None:
    """Why the compiled ``modules`` under ``root`` cannot be used (None: they can). All or
    none: the typed modules use each other's C types, so one missing module (it failed to
    compile) or one stale module (edited since the build) makes the whole kernel run as Python."""
    if os.environ.get(PURE_ENV) == "1":
        return f"{PURE_ENV}=1"
    built = [path for path in modules if _extension(root, path)]
    if not built:
        return "no compiled modules (built without Cython or a C compiler)"
    manifest = _manifest(root)
    if manifest is None:
        return f"compiled modules without their build manifest {MANIFEST}"
    missing = [path for path in modules if path not in built]
    if missing:
        return f"compiled modules missing (not compiled by the build): {', '.join(missing)}"
    stale = [path for path in modules if manifest.get(path) != source_hash(root, path)]
    # a module the build compiled that the kernel no longer lists would shadow its .py
    stale += sorted(set(manifest) - set(modules))
    if stale:
        return f"compiled modules older than their source: {', '.join(stale)}"
    return None


class _SourceFinder(importlib.abc.MetaPathFinder):
    """Finds the kernel's modules as their ``.py`` files, ahead of any extension module."""

    def __init__(self, root: Path, modules: tuple[str, ...]) -> None:
        # a module an older build compiled may since have become a package or gone: only the
        # sources there are are found here, the rest by the usual finders
        self.sources = {
            module_name(path): root / f"{path}.py"
            for path in modules
            if (root / f"{path}.py").exists()
        }

    def find_spec(self, fullname, path=None, target=None):
        source = self.sources.get(fullname)
        if source is None:
            return None
        return importlib.util.spec_from_file_location(fullname, source)


def select(root: Path = PACKAGE_ROOT) -> None:
    """Choose the kernel before any of its modules is imported (see the module docstring)."""
    global reason
    reason = why_pure(root)
    if reason is None:
        return
    if reason.startswith("compiled modules"):
        print(
            f"xqchess: warning: {reason}; running the pure-Python kernel (reinstall the "
            "package to rebuild it; in a checkout: pip install -e .)",
            file=sys.stderr,
        )
    # every module the kernel lists or the build compiled loads from its .py
    modules = tuple(sorted(set(MODULES) | set(_manifest(root) or ())))
    if not any(isinstance(finder, _SourceFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _SourceFinder(root, modules))


def loaded_compiled() -> list[str]:
    """The kernel modules imported as compiled extensions."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    compiled = []
    for path in MODULES:
        module = sys.modules.get(module_name(path))
        if module is not None and str(getattr(module, "__file__", "")).endswith(suffixes):
            compiled.append(path)
    return compiled


def describe() -> str:
    """Which kernel runs, in words: ``compiled kernel: Cython, N modules`` or
    ``pure-Python kernel: why``, read from the modules as imported."""
    for path in MODULES:
        importlib.import_module(module_name(path))
    compiled = loaded_compiled()
    if len(compiled) == len(MODULES):
        return f"compiled kernel: Cython, {len(compiled)} modules"
    if compiled:  # select's all-or-none choice was bypassed: say so rather than hide it
        return f"mixed kernel: {len(compiled)} of {len(MODULES)} modules compiled"
    return f"pure-Python kernel: {reason or 'not compiled'}"


select()
