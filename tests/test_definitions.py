"""A game is a definition: every registered game is a frozen dataclass built
by its family's builder, the games' own folders stay short, and no game folder is a library."""

import ast
import dataclasses
import importlib
import io
import tokenize
from pathlib import Path

import pytest
import xqchess
import xqchess.svg
from xqchess.board_view import BoardView
from xqchess.core.errors import UnknownVariantError
from xqchess.variants import LOCATIONS, NAMES, board_style, get_definition, get_variant
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


def test_a_game_is_bound_by_its_definition_only(monkeypatch):
    """The registry binds a game one way, by a family's definition (which also holds what the
    front ends read of it): anything else registered under a name is refused by name."""
    monkeypatch.setitem(LOCATIONS, "not-a-game", "xqchess.core.variant:Variant")
    with pytest.raises(UnknownVariantError, match="'not-a-game' .* not a game definition"):
        get_definition("not-a-game")


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
                    assert parts[2] not in NAMES, f"{path.name} imports {node.module}"
                    assert (ROOT / "variants" / parts[2]).is_dir() == (parts[2] == "families")


@pytest.mark.parametrize("name", NAMES)
def test_every_game_is_drawn_from_its_registered_style(name):
    """The front ends draw every registered game: each of its pieces has a glyph, the terminal
    board and the SVG picture show the start position's pieces by them."""
    style = board_style(name)
    variant = get_variant(name)
    assert set(style.glyphs) == set(variant.piece_letters)
    board = xqchess.Board(name)
    drawn = BoardView().render(board.position).plain
    picture = xqchess.svg.board(board)
    for piece in set(board.position.board) - {0}:
        assert style.glyphs[piece] in drawn and style.glyphs[piece] in picture
    assert drawn.count(style.glyphs[variant.royal_pieces[0]]) == 1
