"""Shared test helpers: random positions reached by legal play, snapshots (the conformance
kit's, `xqchess.cli.check.properties`, for a game named), the kit's pyffish terms
(`as_pyffish`) for the tests that ask pyffish themselves, and a command's output run in this
process (`command_output`)."""

from __future__ import annotations

import contextlib
import io
import os
import random
from pathlib import Path

import pytest
from xqchess.cli.check import properties
from xqchess.cli.check.oracles import PYFFISH_MATE, as_pyffish
from xqchess.cli.main import main
from xqchess.core.generator import FunctionGenerator
from xqchess.core.position import Position
from xqchess.core.variant import Variant
from xqchess.variants import ENTRY_POINT_GROUP, families, get_definition, get_variant


def random_walk(variant_name: str, seed: int, plies: int, fen: str | None = None) -> Position:
    """The shipped walk (`properties.random_walk`) of the game registered as ``variant_name``."""
    return properties.random_walk(get_variant(variant_name), seed, plies, fen)


#: everything make/unmake must restore, as one comparable value (the kit's)
snapshot = properties.snapshot


def register_game(site: Path, package: str, game: str) -> dict[str, str]:
    """A dist-info on ``site`` registering ``package``'s ``GAME`` as ``game`` in the
    entry-point group `ENTRY_POINT_GROUP` (what `pip install` writes for a package that names
    its game there), and the environment whose Python finds it (``site`` on PYTHONPATH)."""
    dist_info = site / f"{package}-0.1.dist-info"
    dist_info.mkdir()
    distribution = package.replace("_", "-")
    (dist_info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {distribution}\nVersion: 0.1\n"
    )
    (dist_info / "entry_points.txt").write_text(f"[{ENTRY_POINT_GROUP}]\n{game} = {package}:GAME\n")
    paths = [str(site), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    return dict(os.environ, PYTHONPATH=os.pathsep.join(paths))


def fresh_variant(game: str) -> Variant:
    """A `Variant` of its own for ``game`` (the registry's is shared), to break at will."""
    return families.build(get_definition(game))


def with_extra_moves(variant: Variant, extra) -> Variant:
    """``variant`` with ``extra(pos)``'s moves (those not already legal) added to its legal
    moves, which `Position` then calls (its own generator replaced by the variant's
    functions)."""
    legal_moves = variant.legal_moves

    def with_extra(pos):
        legal = legal_moves(pos)
        return legal + [move for move in extra(pos) if move not in legal]

    variant.legal_moves = with_extra
    variant.move_generator = FunctionGenerator(variant)
    return variant


def random_game_positions(variant_name: str, seed: int, games: int, plies: int):
    """Each position of ``games`` random games of up to ``plies`` plies from the start, with
    its legal moves; the game goes on with a random one of them after the caller is done."""
    variant = get_variant(variant_name)
    rng = random.Random(seed)
    for _ in range(games):
        pos = variant.position()
        for _ in range(plies):
            moves = pos.legal_moves()
            if not moves:
                break
            yield pos, moves
            pos.make(rng.choice(moves))


def refusal_cases(refusals):
    """pytest params (fen, notation, text, error, fault) from rows of (fen, {notation: text},
    error, fault): one case per notation a refused move is written in."""
    for fen, texts, error, fault in refusals:
        for notation, text in texts.items():
            yield pytest.param(fen, notation, text, error, fault, id=f"{notation}-{text}")


__all__ = [
    "PYFFISH_MATE",
    "as_pyffish",
    "fresh_variant",
    "random_game_positions",
    "random_walk",
    "refusal_cases",
    "register_game",
    "snapshot",
    "with_extra_moves",
]


def command_output(*args: str) -> str:
    """What ``xqchess ARGS`` prints, run through the command line's entry point in this
    process (no interpreter started, no package imported again); it must exit 0."""
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        assert main(list(args)) == 0
    return output.getvalue()
