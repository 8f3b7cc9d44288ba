"""The package list and the compiled kernel.

Packages are found rather than written: the repository root is the ``xqchess`` package
(pyproject.toml's package-dir), and every folder below it with an ``__init__.py`` is one of its
subpackages, so a game added as ``variants/NAME/`` is installed without editing any list.

The kernel (kernel.py's `MODULES`) is compiled by Cython from its own ``.py`` files (pure-Python
mode; C types in ``.pxd`` files beside them) when Cython and a C compiler are present and
``XQCHESS_PURE_PYTHON`` is not ``1``; a module that fails to compile is left out
(``Extension(optional=True)``, which cythonize drops, is set again), and then the whole kernel
runs as Python (kernel.py: all or none). The build writes
`kernel.MANIFEST`, each compiled module's source hash, so that an extension older than its
source is never loaded (kernel.py).
"""

import hashlib
import importlib.util
import json
import os
import sys
from pathlib import Path

from setuptools import Extension, find_packages, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


def _kernel_list():
    """kernel.py loaded on its own (it imports only the standard library): the package
    cannot be imported while it is being built."""
    spec = importlib.util.spec_from_file_location("_xqchess_kernel", ROOT / "kernel.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


kernel = _kernel_list()


def _include_path() -> str:
    """A folder holding ``xqchess`` (a link to the root), so that ``.pxd`` cimports of
    ``xqchess.core...`` resolve although the checkout's folder has another name."""
    folder = ROOT / "build" / "cython-include"
    folder.mkdir(parents=True, exist_ok=True)
    link = folder / "xqchess"
    if not link.exists():
        link.symlink_to(ROOT, target_is_directory=True)
    return str(folder)


def compiled_kernel() -> list[Extension]:
    """The kernel's extensions, or none (pure-Python build) without Cython or when asked. Asked
    for a pure-Python build, it removes an earlier in-place build's manifest, so that the
    extension files left beside the sources are never loaded."""
    if os.environ.get(kernel.PURE_ENV) == "1":
        (ROOT / kernel.MANIFEST).unlink(missing_ok=True)
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        return []
    extensions = [
        Extension(kernel.module_name(path), [f"{path}.py"], optional=True)
        for path in kernel.MODULES
    ]
    directives = {
        "language_level": 3,
        # the .py annotations are documentation; C types come from the .pxd files
        "annotation_typing": False,
    }
    # cythonize regenerates a .c file only when its sources changed: the directives name the
    # folder, so that changing them regenerates every one
    tag = hashlib.sha256(json.dumps(directives, sort_keys=True).encode()).hexdigest()[:8]
    compiled = []
    for extension in extensions:
        try:
            compiled += cythonize(
                [extension],
                include_path=[_include_path()],
                build_dir=f"build/cython-{tag}",
                compiler_directives=directives,
                quiet=True,
            )
        except Exception as error:  # a module Cython cannot compile runs as Python
            print(f"xqchess: {extension.name} not compiled: {error}", file=sys.stderr)
    for extension in compiled:
        extension.optional = True  # cythonize returns new Extension objects without it
    return compiled


#: the source hashes taken before cythonize read the sources: a source edited during the build
#: leaves the build stale
SOURCE_HASHES = {path: kernel.source_hash(ROOT, path) for path in kernel.MODULES}


class BuildKernel(build_ext):
    """build_ext that compiles on every core and records the source hash of each module it
    compiled (the manifest)."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if not self.parallel:
            self.parallel = os.cpu_count() or 1

    def run(self) -> None:
        super().run()
        root = ROOT if self.inplace else Path(self.build_lib) / "xqchess"
        built = {}
        for extension in self.extensions:
            if Path(self.get_ext_fullpath(extension.name)).exists():
                path = extension.name.removeprefix("xqchess.").replace(".", "/")
                built[path] = SOURCE_HASHES[path]
        manifest = root / kernel.MANIFEST
        manifest.parent.mkdir(parents=True, exist_ok=True)
        manifest.write_text(json.dumps(built, indent=1, sort_keys=True) + "\n")


setup(
    packages=["xqchess"]
    + [
        f"xqchess.{name}"
        for name in find_packages(".", exclude=["tests", "tests.*", "build", "build.*"])
    ],
    ext_modules=compiled_kernel(),
    cmdclass={"build_ext": BuildKernel},
)
