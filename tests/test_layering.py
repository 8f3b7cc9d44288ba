"""The layers hold: the import contracts of pyproject.toml (import-linter), and what import-linter
cannot say: nothing in core/, ordering/, the board view or the API's pictures and PGN (svg.py,
pgn.py) names a game in its code, nor does cli/ outside a game's own protocol; the kernel's
`Variant` carries no front-end data; and the installed distribution is one namespace,
xqchess."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest
from xqchess.core.variant import Variant
from xqchess.variants import NAMES, board_style, get_definition, get_variant, perft_bench, suites

ROOT = Path(__file__).resolve().parent.parent
KERNEL_PACKAGES = ("core", "ordering")


def kernel_files():
    return sorted(p for package in KERNEL_PACKAGES for p in (ROOT / package).rglob("*.py"))


def test_kernel_has_modules_to_check():
    assert any(p.parent.name == "core" for p in kernel_files())


def test_the_import_contracts_hold():
    """pyproject.toml's import-linter contracts: core imports no other layer, ordering and
    variants only core, the API nothing from cli, front ends and research tools stand apart,
    and no import cycle anywhere (`lint-imports`, as .ci/run runs it)."""
    lint = Path(sys.executable).with_name("lint-imports")
    run = subprocess.run([str(lint)], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]


def test_the_installed_distribution_provides_only_the_xqchess_namespace(tmp_path):
    """From outside the checkout, the installed xqchess gives one top-level package: no `core`,
    `cli`, `variants` or `ordering` lands in site-packages to collide with other projects."""
    code = (
        "import importlib.metadata, importlib.util, xqchess\n"
        "print(sorted(importlib.metadata.distribution('xqchess')"
        ".read_text('top_level.txt').split()))\n"
        "print([n for n in ('core', 'cli', 'variants', 'ordering') "
        "if importlib.util.find_spec(n)])\n"
        "print(xqchess.variants.get_variant('xiangqi').name)\n"
    )
    result = subprocess.run(
        [sys.executable, "-I", "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["['xqchess']", "[]", "xiangqi"]


#: what the front ends read of a game beside its rules, from the registry
FRONT_END_DATA = ("board_style", "suites", "perft_bench")


@pytest.mark.parametrize("name", NAMES)
def test_the_kernels_variant_carries_no_front_end_data(name):
    """How a game is drawn, its suites and its perft bench are read from its definition
    through the registry; neither the kernel's `Variant` type nor a built game carries them."""
    variant = get_variant(name)
    for attribute in FRONT_END_DATA:
        assert not hasattr(Variant, attribute) and not hasattr(variant, attribute), attribute
    definition = get_definition(name)
    assert suites(name) == definition.suites and perft_bench(name) == definition.perft_bench
    assert board_style(name) is board_style(name)  # made once per game


# -- no game named where none may be ---------------------------------------------------------

#: cli/ modules that speak a protocol only one game has: UCCI is xiangqi's
GAME_PROTOCOL_MODULES = {"cli/protocols/ucci.py"}


def imported_names(tree: ast.AST) -> set[str]:
    """The names ``import X`` binds (python-chess's module is ``chess``, not the game)."""
    return {
        (alias.asname or alias.name).split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }


def game_names_in_code(path: Path) -> list[str]:
    """Where the module's code names a game: a string constant that is a registered game's
    name (``"chess"``, a key, a default, a comparison), or an identifier, attribute, argument,
    function or class name with such an underscore-separated word (``if is_xiangqi``). Prose
    (docstrings, help texts) may mention the games as examples; python-chess's module, which
    is called ``chess``, is a peer, not the game."""
    tree = ast.parse(path.read_text(), str(path))
    modules = imported_names(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            words = [node.value.lower()]
        elif isinstance(node, ast.Name):
            words = [] if node.id in modules else node.id.lower().split("_")
        elif isinstance(node, (ast.Attribute, ast.arg, ast.FunctionDef, ast.ClassDef)):
            name = {ast.Attribute: "attr", ast.arg: "arg"}.get(type(node), "name")
            words = getattr(node, name).lower().split("_")
        else:
            continue
        found += [f"line {node.lineno}: {word}" for word in words if word in NAMES]
    return found


def named_game_files():
    front = [ROOT / "board_view.py", ROOT / "svg.py", ROOT / "pgn.py"]
    files = kernel_files() + front + sorted((ROOT / "cli").rglob("*.py"))
    return [p for p in files if str(p.relative_to(ROOT)) not in GAME_PROTOCOL_MODULES]


def test_the_name_check_sees_a_game_named(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        '"""xiangqi in prose is fine."""\nimport chess\nchess.Board()\n'
        'def f(variant_name="chess"):\n    return variant_name\n'
        "is_xiangqi = False\n"
    )
    assert sorted(game_names_in_code(sample)) == ["line 4: chess", "line 6: xiangqi"]


@pytest.mark.parametrize("path", named_game_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_kernel_and_front_end_name_no_game(path):
    """core/ and ordering/ never name a game, nor does cli/ outside a game's own protocol:
    what differs between games is variant data, and the default game comes from the registry."""
    found = game_names_in_code(path)
    assert not found, f"{path.relative_to(ROOT)} names a game: {found}"
