"""The kernel stays variant-agnostic: nothing in core/ or ordering/ imports variants/."""

import ast
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
           if name == "variants" or name.startswith(("variants.", "..variants"))]
    assert not bad, f"{path.relative_to(ROOT)} imports {bad}"
