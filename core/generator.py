"""The move generator as an object the kernel calls at every node: a game's legal moves, its
legal captures, one piece's legal moves and its check test behind one class, so that the
compiled kernel calls them as C methods of an extension type rather than through a Python
call (`Position.legal_moves`, `legal_captures` and `is_check` ask it at every node of perft and
the search).

A game family gives its generator as a subclass over its own tables (`chess_family.movegen`,
`xiangqi_family.movegen`); any other game's functions (`Variant.legal_moves` and the rest) are
wrapped by `FunctionGenerator`. In pure Python the two ways are ordinary method calls, and both
give the same lists.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from xqchess.core.position import Position
    from xqchess.core.variant import Variant


class MoveGenerator:
    """A game's move generation for `Position`: every method answers for the side to move,
    in the kernel's generation order (`Position.legal_moves`)."""

    __slots__ = ()

    def legal_moves(self, pos: Position) -> list[int]:
        """The legal moves."""
        raise NotImplementedError

    def legal_captures(self, pos: Position) -> list[int]:
        """The legal captures and promotions, in `legal_moves`'s order."""
        raise NotImplementedError

    def origin_moves(self, pos: Position, frm: int) -> list[int]:
        """The legal moves of the piece on ``frm``, a piece of the side to move."""
        raise NotImplementedError

    def is_check(self, pos: Position) -> bool:
        """Whether the side to move's royal piece is attacked."""
        raise NotImplementedError


class FunctionGenerator(MoveGenerator):
    """A generator over a variant's own functions (a game without a generator class of its
    own, or one whose rules wrap the family's: shatranj's bare king)."""

    __slots__ = ("variant",)

    def __init__(self, variant: Variant) -> None:
        self.variant = variant

    def legal_moves(self, pos: Position) -> list[int]:
        return self.variant.legal_moves(pos)

    def legal_captures(self, pos: Position) -> list[int]:
        return self.variant.legal_captures(pos)

    def origin_moves(self, pos: Position, frm: int) -> list[int]:
        return self.variant.origin_legal_moves(pos, frm)

    def is_check(self, pos: Position) -> bool:
        return self.variant.is_check(pos)


def generator_of(variant: Variant) -> MoveGenerator:
    """``variant``'s own ``move_generator``, or its functions wrapped."""
    generator = getattr(variant, "move_generator", None)
    return FunctionGenerator(variant) if generator is None else generator
