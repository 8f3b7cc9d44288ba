"""The variant registry: game name -> `Variant` instance (built once, on first use)."""

from __future__ import annotations

from functools import cache

from xqchess.core.errors import UnknownVariantError
from xqchess.core.variant import Variant


def _chess() -> Variant:
    from xqchess.variants.chess.variant import ChessVariant

    return ChessVariant()


def _xiangqi() -> Variant:
    from xqchess.variants.xiangqi.variant import XiangqiVariant

    return XiangqiVariant()


FACTORIES = {"chess": _chess, "xiangqi": _xiangqi}
NAMES = tuple(FACTORIES)


@cache
def get_variant(name: str) -> Variant:
    """The variant registered as ``name``; UnknownVariantError lists the known names."""
    factory = FACTORIES.get(name)
    if factory is None:
        raise UnknownVariantError(f"unknown variant {name!r}; expected one of {', '.join(NAMES)}")
    return factory()
