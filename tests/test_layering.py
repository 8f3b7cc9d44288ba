"""The kernel stays variant-agnostic: nothing in core/ or ordering/ imports variants/; and the
installed distribution is one namespace, xqchess."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
KERNEL_PACKAGES = ("core", "ordering")


def imported_modules(path: Path) -> list[str]:
    names = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names.append(("." * node.level) + (node.module or ""))
    return names


def kernel_files():
    return sorted(p for package in KERNEL_PACKAGES for p in (ROOT / package).rglob("*.py"))


def test_kernel_has_modules_to_check():
    assert any(p.parent.name == "core" for p in kernel_files())


@pytest.mark.parametrize("path", kernel_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_kernel_module_does_not_import_variants(path):
    bad = [name for name in imported_modules(path)
           if name in ("variants", "xqchess.variants")
           or name.startswith(("variants.", "..variants", "xqchess.variants."))]
    assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


def test_the_installed_distribution_provides_only_the_xqchess_namespace(tmp_path):
    """From outside the checkout, the installed xqchess gives one top-level package: no `core`,
    `cli`, `variants` or `ordering` lands in site-packages to collide with other projects."""
    code = ("import importlib.metadata, importlib.util, xqchess\n"
            "print(sorted(importlib.metadata.distribution('xqchess')"
            ".read_text('top_level.txt').split()))\n"
            "print([n for n in ('core', 'cli', 'variants', 'ordering') "
            "if importlib.util.find_spec(n)])\n"
            "print(xqchess.variants.get_variant('xiangqi').name)\n")
    result = subprocess.run([sys.executable, "-I", "-c", code], cwd=tmp_path,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["['xqchess']", "[]", "xiangqi"]
