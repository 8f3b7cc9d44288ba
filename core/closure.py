"""The indirect attackers of a square, by definition: the pieces of both colors that could
capture on it now or once the pieces in front of them have captured there (Greer's valueboard,
`ordering.chessmaps.valueboard`, sums their values).

`attack_closure` is the definition, over any variant's `Variant.all_attackers`: the square's
attackers are lifted off the board and the attackers asked for again until no new one comes; a
royal piece is found but never lifted (it captures last, so nothing follows it).
`recorded_closure` gives the same squares with the board squares the computation read, as a
mask: the closure is the same on any board that agrees with this one on those squares. It is
the default closure probe's (`core.probe.DefinitionClosure`, behind `Variant.attack_closure`); a
family may give a one-pass version with the same answer (tests compare them).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from xqchess.core.position import Board
    from xqchess.core.variant import Variant


def attack_closure(variant: Variant, board: Board, sq: int) -> list[int]:
    """The squares of every piece, of either color, that attacks ``sq`` directly or indirectly
    (once the pieces in front of it on its line have captured on ``sq``): the square's
    attackers are lifted off ``board`` and the attackers asked for again until no new one
    comes. A royal piece is found but never lifted: it captures last and only where nothing
    can recapture, so no piece ever follows it (the paper's Fig. A.3 counts the g1 king on h1
    but not the f1 rook behind it). ``board`` is restored before returning."""
    all_attackers = variant.all_attackers
    royal = variant.royal_pieces
    found: list[int] = []
    lifted: list[tuple[int, int]] = []
    new = all_attackers(board, sq)
    while new:
        found += new
        for s in new:
            piece = board[s]
            if piece != royal[0] and piece != royal[1]:
                lifted.append((s, piece))
                board[s] = 0
        new = [s for s in all_attackers(board, sq) if s not in found]
    for s, piece in lifted:
        board[s] = piece
    return found


class ReadRecorder(list[int]):
    """A board that remembers, as a bitmask, which squares were read from it (every square
    when it is iterated or sliced), so that a result computed from it is known to depend on
    those squares only."""

    __slots__ = ("mask",)
    mask: int

    def __getitem__(self, index: Any) -> Any:  # attack probes index by square only
        self.mask |= 1 << index if isinstance(index, int) else -1
        return list.__getitem__(self, index)

    def __iter__(self) -> Iterator[int]:
        self.mask = -1
        return list.__iter__(self)


def recorded_closure(variant: Variant, board: Board, sq: int) -> tuple[list[int], int]:
    """`attack_closure` of ``sq`` and the mask of the board squares it read."""
    recorder = ReadRecorder(board)
    recorder.mask = 0
    found = attack_closure(variant, recorder, sq)
    return found, recorder.mask
