"""A game is a definition (issue 28 item 3): every registered game is a frozen dataclass built
by its family's builder, the games' own folders stay short, and no game folder is a library."""

import ast
import dataclasses
import importlib
import io
import tokenize
from pathlib import Path

import pytest
from xqchess.variants import LOCATIONS, NAMES, get_variant
from xqchess.variants.families import BUILDERS, DEFINITION_ATTRIBUTE

ROOT = Path(__file__).resolve().parent.parent
#: the short games and their budget of code lines (tables included)
SHORT_GAMES = {"capablanca": 80, "minixiangqi": 80}


def code_lines(source: str) -> int:
    """Lines of ``source`` holding code: blank lines, comment lines and docstrings aside."""
    tree = ast.parse(source)
    skipped = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if (
                body
                and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)
            ):
                skipped.update(range(body[0].lineno, body[0].end_lineno + 1))
    code = set()
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type not in (
            tokenize.COMMENT,
            tokenize.NL,
            tokenize.NEWLINE,
            tokenize.INDENT,
            tokenize.DEDENT,
            tokenize.ENDMARKER,
        ):
            code.update(range(token.start[0], token.end[0] + 1))
    return len(code - skipped)


def test_code_lines_counts_code_only():
    source = (
        '"""Doc\nstring."""\n\n# a comment\nX = 1  # counted\n\n\n'
        'def f():\n    """Doc."""\n    return (1,\n            2)\n'
    )
    assert code_lines(source) == 4  # X = 1, def f, and the two lines of the return


@pytest.mark.parametrize("game", sorted(SHORT_GAMES))
def test_short_games_fit_their_budget(game):
    folder = ROOT / "variants" / game
    total = sum(code_lines(path.read_text()) for path in folder.rglob("*.py"))
    assert total <= SHORT_GAMES[game], f"{game}: {total} code lines"


@pytest.mark.parametrize("name", NAMES)
def test_every_game_is_a_definition_built_by_its_family(name):
    """The game's package names a frozen dataclass of a family, and the registry's variant is
    that family's build of exactly that definition."""
    module_name, _, attribute = LOCATIONS[name].partition(":")
    assert attribute == DEFINITION_ATTRIBUTE
    definition = getattr(importlib.import_module(module_name), attribute)
    assert type(definition) in BUILDERS
    assert dataclasses.is_dataclass(definition)
    with pytest.raises(dataclasses.FrozenInstanceError):
        definition.name = "renamed"
    variant = get_variant(name)
    assert variant.definition is definition and variant.name == definition.name == name
    # the hot path is the generator itself, bound on the instance (no method in between)
    assert "legal_moves" in vars(variant) and "is_check" in vars(variant)


def test_the_families_package_is_no_game():
    assert "families" not in NAMES


def test_no_game_folder_is_imported_by_a_family():
    """The family builders read definitions; they never import a game's folder."""
    families = ROOT / "variants" / "families"
    for path in families.rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                parts = node.module.split(".")
                if parts[:2] == ["xqchess", "variants"] and len(parts) > 2:
                    assert parts[2] == "families", f"{path.name} imports {node.module}"
