"""The probes the kernel calls at every exchange and every valueboard square, as objects: a
game's ``attackers(board, sq, by_color)`` and ``royal_attacked(board, sq, by_color)``
(`Variant.attackers`, `Variant.royal_attacked`) behind one class, and its
`Variant.attack_closure` behind another, so that the compiled kernel calls them as C methods of
extension types rather than through Python calls (static exchange evaluation asks the attackers
once or more per capture scored; the chessmaps heuristic asks all three at every node it orders).

A game family gives its probes as subclasses over its own tables (`chess_family.attacks`,
`xiangqi_family.attacks`); any other game's functions are wrapped by `FunctionProbe` and
`DefinitionClosure`. In pure Python the two ways are ordinary method calls, and both give the
same answers.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from xqchess.core.closure import recorded_closure

if TYPE_CHECKING:
    from xqchess.core.position import Board

#: the squares of a closure's read mask held by `ClosureProbe.low`; the rest, up to the 128 a
#: move can name, by `ClosureProbe.high`
LOW_SQUARES = 64
LOW_MASK = (1 << LOW_SQUARES) - 1
#: the mask of every square a move can name (a closure that read the whole board)
ALL_SQUARES = (1 << 2 * LOW_SQUARES) - 1


#: the buffer handed to a walk that lists its attackers (`noted` never writes it)
NO_BUFFER = bytearray()


def noted(found: bytearray, listing: list[int] | None, count: int, sq: int) -> int:
    """The square ``sq`` of the ``count``-th attacker a probe's walk found, appended to
    ``listing`` when there is one (`AttackProbe.attackers`), else written into ``found``
    (`AttackProbe.attackers_into`): one walk serves both forms. Returns ``count + 1``."""
    if listing is None:
        found[count] = sq
    else:
        listing.append(sq)
    return count + 1


class AttackProbe:
    """The squares of the pieces of ``by_color`` that could capture on ``sq`` (`attackers`, or
    `attackers_into` a caller's buffer, no list made), and whether the royal piece on ``sq`` is
    attacked by ``by_color`` (`royal_attacked`). A game family's probe gives one walk of its
    tables that serves both forms (`walk_attackers`)."""

    __slots__ = ()

    def attackers(self, board: Board, sq: int, by_color: int) -> list[int]:
        listing: list[int] = []
        self.walk_attackers(board, sq, by_color, NO_BUFFER, listing)
        return listing

    def attackers_into(self, board: Board, sq: int, by_color: int, found: bytearray) -> int:
        """Write `attackers`' squares, in its order, into ``found`` (a bytearray at least as
        long as the board) and return how many there are."""
        return self.walk_attackers(board, sq, by_color, found, None)

    def walk_attackers(
        self, board: Board, sq: int, by_color: int, found: bytearray, listing: list[int] | None
    ) -> int:
        """Find `attackers`' squares, in its order, each `noted` (into ``listing`` when there
        is one, else into ``found``); return how many there are."""
        raise NotImplementedError

    def royal_attacked(self, board: Board, sq: int, by_color: int) -> bool:
        raise NotImplementedError


class FunctionProbe(AttackProbe):
    """A probe over an ``attackers(board, sq, by_color)`` function and, where the game has one,
    a ``royal_attacked(board, sq, by_color)`` function (a game without a probe class of its
    own)."""

    __slots__ = ("function", "royal_function")

    def __init__(
        self,
        function: Callable[[Board, int, int], list[int]],
        royal_function: Callable[[Board, int, int], bool] | None = None,
    ) -> None:
        self.function = function
        self.royal_function = royal_function

    def attackers(self, board: Board, sq: int, by_color: int) -> list[int]:
        return self.function(board, sq, by_color)

    def attackers_into(self, board: Board, sq: int, by_color: int, found: bytearray) -> int:
        squares = self.function(board, sq, by_color)
        found[: len(squares)] = bytes(squares)
        return len(squares)

    def royal_attacked(self, board: Board, sq: int, by_color: int) -> bool:
        if self.royal_function is None:
            raise NotImplementedError("this game gives no royal_attacked function")
        return self.royal_function(board, sq, by_color)


def probe_of(variant) -> AttackProbe:
    """``variant``'s own ``attack_probe``, or its ``attackers`` and ``royal_attacked``
    functions wrapped."""
    probe = getattr(variant, "attack_probe", None)
    if probe is None:
        return FunctionProbe(variant.attackers, getattr(variant, "royal_attacked", None))
    return probe


class ClosureProbe:
    """`Variant.attack_closure` without a list or a wide int: ``closure(board, sq, found)``
    writes the squares of the pieces of both colors that attack ``sq`` directly or indirectly
    (`core.closure`) into ``found`` (a bytearray at least as long as the board) and returns how
    many there are; the mask of the board squares the answer depends on is left in `low`
    (squares below `LOW_SQUARES`) and `high` (the others, shifted down by `LOW_SQUARES`)."""

    __slots__ = ("low", "high")

    def __init__(self) -> None:
        self.low = 0
        self.high = 0

    def closure(self, board: Board, sq: int, found: bytearray) -> int:
        raise NotImplementedError


def ray_reads(rays_by_square: Sequence[Sequence[Sequence[int]]]) -> tuple[array, array, array]:
    """For a closure probe that reads rays out from a square: per square, where its entries
    start (an ``"i"`` `array`), its rays (squares nearest first) taking one entry per square,
    one ray after another; per entry, the mask of its ray's squares up to that one, as
    `ClosureProbe` splits a read mask (``"Q"`` arrays of the `low` and the `high` words). A
    ray read up to a square is one entry, not a loop over its squares."""
    starts = array("i")
    low = array("Q")
    high = array("Q")
    for rays in rays_by_square:
        starts.append(len(low))
        for ray in rays:
            mask = 0
            for sq in ray:
                mask |= 1 << sq
                low.append(mask & LOW_MASK)
                high.append(mask >> LOW_SQUARES)
    return starts, low, high


class DefinitionClosure(ClosureProbe):
    """The definition (`core.closure.recorded_closure`) over a game's ``all_attackers``: the
    closure probe of a game without a one-pass version of its own."""

    __slots__ = ("variant",)

    def __init__(self, variant) -> None:
        super().__init__()
        self.variant = variant

    def closure(self, board: Board, sq: int, found: bytearray) -> int:
        squares, reads = recorded_closure(self.variant, board, sq)
        found[: len(squares)] = bytes(squares)
        reads &= ALL_SQUARES  # -1 (every square) from a board read whole
        self.low = reads & LOW_MASK
        self.high = reads >> LOW_SQUARES
        return len(squares)


def closure_probe_of(variant) -> ClosureProbe:
    """``variant``'s own ``closure_probe``, or the definition over its attackers."""
    probe = getattr(variant, "closure_probe", None)
    return DefinitionClosure(variant) if probe is None else probe
