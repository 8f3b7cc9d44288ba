"""The variant registry: game name -> `Variant` instance, built once on first use.

Games are found, not listed: every subpackage of this package but `families` (the family
builders) is a game named after its folder, whose ``GAME`` is its definition, built on first
use by its family's builder (`families.build`); an installed distribution adds one through the
entry-point group ``xqchess.variants`` (name -> a game definition, or a `Variant` subclass).
Adding a game is writing its folder; nothing here changes.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from importlib.metadata import entry_points

from xqchess.core.errors import UnknownVariantError
from xqchess.core.variant import Variant
from xqchess.variants.families import DEFINITION_ATTRIBUTE, build, is_definition

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
def get_variant(name: str) -> Variant:
    """The variant registered as ``name``; UnknownVariantError lists the known names."""
    location = LOCATIONS.get(name)
    if location is None:
        raise UnknownVariantError(f"unknown variant {name!r}; expected one of {', '.join(NAMES)}")
    module_name, _, attribute = location.partition(":")
    found = getattr(importlib.import_module(module_name), attribute)
    return build(found) if is_definition(found) else found()
