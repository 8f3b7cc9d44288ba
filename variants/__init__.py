"""The variant registry: game name -> `Variant` instance, built once on first use.

Games are found, not listed: every subpackage of this package that defines ``VARIANT`` (the
`Variant` subclass, importable without building it) is a game named after its folder, and an
installed distribution adds one through the entry-point group ``xqchess.variants`` (name ->
a `Variant` subclass). Adding a game is writing its folder; nothing here changes.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from importlib.metadata import entry_points

from xqchess.core.errors import UnknownVariantError
from xqchess.core.variant import Variant

ENTRY_POINT_GROUP = "xqchess.variants"
#: the games every listing shows first, in this order (the rest follow by name)
FIRST = ("chess", "xiangqi")


def _discover() -> dict[str, str]:
    """Game name -> where its `Variant` class is: ``module:attribute``."""
    found = {info.name: f"{__name__}.{info.name}:VARIANT"
             for info in pkgutil.iter_modules(__path__) if info.ispkg}
    for point in entry_points(group=ENTRY_POINT_GROUP):
        found.setdefault(point.name, point.value)
    return found


LOCATIONS = _discover()
NAMES = tuple(sorted(LOCATIONS, key=lambda name: (name not in FIRST,
                                                  FIRST.index(name) if name in FIRST else 0,
                                                  name)))
#: the game the commands play when none is named: the first listed
DEFAULT_VARIANT = NAMES[0]


@cache
def get_variant(name: str) -> Variant:
    """The variant registered as ``name``; UnknownVariantError lists the known names."""
    location = LOCATIONS.get(name)
    if location is None:
        raise UnknownVariantError(f"unknown variant {name!r}; expected one of {', '.join(NAMES)}")
    module_name, _, attribute = location.partition(":")
    return getattr(importlib.import_module(module_name), attribute)()
