"""The attackers probe as an object the kernel calls at every exchange: a game's
``attackers(board, sq, by_color)`` (`Variant.attackers`) behind one class, so that the compiled
kernel calls it as a C method of an extension type rather than through a Python call (static
exchange evaluation asks it once or more per capture scored).

A game family gives its probe as a subclass over its own tables (`chess_family.attacks`,
`xiangqi_family.attacks`); any other ``attackers`` function is wrapped by `FunctionProbe`. In
pure Python the two ways are ordinary method calls, and both give the same lists.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from xqchess.core.position import Board


class AttackProbe:
    """The squares of the pieces of ``by_color`` that could capture on ``sq`` (`attackers`)."""

    __slots__ = ()

    def attackers(self, board: Board, sq: int, by_color: int) -> list[int]:
        raise NotImplementedError


class FunctionProbe(AttackProbe):
    """A probe over an ``attackers(board, sq, by_color)`` function (a game without a probe
    class of its own)."""

    __slots__ = ("function",)

    def __init__(self, function: Callable[[Board, int, int], list[int]]) -> None:
        self.function = function

    def attackers(self, board: Board, sq: int, by_color: int) -> list[int]:
        return self.function(board, sq, by_color)


def probe_of(variant) -> AttackProbe:
    """``variant``'s own ``attack_probe``, or its ``attackers`` function wrapped."""
    probe = getattr(variant, "attack_probe", None)
    return FunctionProbe(variant.attackers) if probe is None else probe
