"""The variant registry: game name -> its definition, the `Variant` the kernel plays (built
once on first use), and what the front ends read of it beside the rules.

Games are found, not listed: every subpackage of this package but `families` (the family
builders) is a game named after its folder, whose ``GAME`` is its definition, built on first
use by its family's builder (`families.build`); an installed distribution adds one through the
entry-point group ``xqchess.variants`` (name -> a game definition). Adding a game is writing
its folder; nothing here changes.

The kernel's `Variant` holds the rules and the search's data. How a game is drawn
(`board_style`), the suites it ships (`suites`) and its perft bench (`perft_bench`) are the
front ends' data: they read them here, from the game's definition.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from importlib.metadata import entry_points

from xqchess.core.errors import UnknownVariantError
from xqchess.core.variant import Variant
from xqchess.variants import families
from xqchess.variants.families import DEFINITION_ATTRIBUTE, GameDefinition, is_definition
from xqchess.variants.style import BoardStyle

ENTRY_POINT_GROUP = "xqchess.variants"
#: the games every listing shows first, in this order (the rest follow by name)
FIRST = ("chess", "xiangqi")
#: the subpackage that holds the family builders, not a game
FAMILIES = "families"


def _discover() -> dict[str, str]:
    """Game name -> where its definition (or `Variant` class) is: ``module:attribute``."""
    found = {
        info.name: f"{__name__}.{info.name}:{DEFINITION_ATTRIBUTE}"
        for info in pkgutil.iter_modules(__path__)
        if info.ispkg and info.name != FAMILIES
    }
    for point in entry_points(group=ENTRY_POINT_GROUP):
        found.setdefault(point.name, point.value)
    return found


LOCATIONS = _discover()
NAMES = tuple(
    sorted(
        LOCATIONS,
        key=lambda name: (name not in FIRST, FIRST.index(name) if name in FIRST else 0, name),
    )
)
#: the game the commands play when none is named: the first listed
DEFAULT_VARIANT = NAMES[0]


@cache
def get_definition(name: str) -> GameDefinition:
    """The definition of the game registered as ``name``; UnknownVariantError lists the known
    names, or says that what is registered under it is no family's game definition."""
    location = LOCATIONS.get(name)
    if location is None:
        raise UnknownVariantError(f"unknown variant {name!r}; expected one of {', '.join(NAMES)}")
    module_name, _, attribute = location.partition(":")
    found = getattr(importlib.import_module(module_name), attribute)
    if not is_definition(found):
        raise UnknownVariantError(
            f"variant {name!r} is registered as {location}, which is not a game definition "
            "of any family"
        )
    return found


@cache
def get_variant(name: str) -> Variant:
    """The variant registered as ``name``; UnknownVariantError lists the known names."""
    return families.build(get_definition(name))


@cache
def board_style(name: str) -> BoardStyle:
    """How front ends draw the game registered as ``name`` (its family's style of its
    definition); UnknownVariantError lists the known names."""
    return families.board_style(get_definition(name))


def suites(name: str) -> dict[str, str]:
    """The suites the game registered as ``name`` ships: suite name -> EPD file in its
    ``data`` folder (`Variant.data_file`); the first is its default suite (the lab's and the
    bench's), none when it ships none."""
    return get_definition(name).suites


def perft_bench(name: str) -> tuple[tuple[str, str | None, int], ...]:
    """The perft bench's positions of the game registered as ``name`` (`xqchess bench
    perft`): (label, FEN or None for the start position, depth)."""
    return get_definition(name).perft_bench
