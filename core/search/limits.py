"""When a search stops: `Limits` (depth, nodes, move time, clocks, mate, searchmoves, as UCI's
``go`` gives them), the range each limit accepts (`LIMIT_RANGES`, shared by every front end),
the time management that turns them into deadlines (`deadlines`), and the call that lets a
``stop`` from another thread in (`let_other_threads_run`)."""

from __future__ import annotations

from dataclasses import dataclass

from xqchess.core.errors import XQChessError

#: milliseconds kept back from a fixed move time for what happens after the search stops
#: (unwinding, printing the best move, the pipe to the GUI), at most half the move time
MOVE_OVERHEAD_MS = 10
#: moves to the next time control assumed when a clock gives none
DEFAULT_MOVES_TO_GO = 30
#: The whole-number limits and the range each accepts. Clock times may be negative (some GUIs
#: send the time a player overstepped) and count as 1 ms.
LIMIT_RANGES = {
    "depth": (1, 10**6),
    "mate": (1, 10**6),
    "nodes": (1, 10**15),
    "movetime": (1, 10**12),
    "wtime": (-(10**12), 10**12),
    "btime": (-(10**12), 10**12),
    "winc": (0, 10**12),
    "binc": (0, 10**12),
    "movestogo": (1, 10**6),
}


class LimitError(XQChessError):
    """A search limit of the wrong type or out of its range."""


@dataclass
class Limits:
    """When to stop: any limit that is set ends the search (times in milliseconds)."""

    depth: int | None = None
    nodes: int | None = None
    movetime: int | None = None
    wtime: int | None = None
    btime: int | None = None
    winc: int = 0
    binc: int = 0
    movestogo: int | None = None
    infinite: bool = False
    searchmoves: list[int] | None = None  # root moves to consider (UCI searchmoves)
    #: UCI ``go mate N``: deepen until a mate in at most this many moves is proven for the side
    #: to move, however deep that takes (reductions may hide a mate at depth 2N - 1)
    mate: int | None = None
    #: when the clock started (``time.perf_counter()``), if before the search begins: an
    #: engine sets it on ``go``, so that starting the search's thread counts against the time
    started: float | None = None

    def check(self) -> None:
        """Raise `LimitError` naming the first limit that is not a whole number in its
        `LIMIT_RANGES` range (unset ones pass), or ``infinite`` that is not a bool."""
        for name, (low, high) in LIMIT_RANGES.items():
            value = getattr(self, name)
            if value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, int):
                raise LimitError(f"{name} must be a whole number, got {value!r}")
            if not low <= value <= high:
                raise LimitError(f"{name} must be between {low} and {high}, got {value}")
        if not isinstance(self.infinite, bool):
            raise LimitError(f"infinite must be True or False, got {self.infinite!r}")

    def bounded(self, side: int) -> bool:
        """Whether the search of ``side``'s move will end without a stop request. A mate limit
        alone does not bound it: where there is no such mate, the search never ends."""
        clock = self.wtime if side == 0 else self.btime
        return not self.infinite and any(
            limit is not None for limit in (self.depth, self.nodes, self.movetime, clock)
        )


def deadlines(limits: Limits, side: int, start: float) -> tuple[float | None, float | None]:
    """(soft, hard) deadlines, in ``time.perf_counter()`` seconds, of a search of ``side``'s
    move started at ``start``: no new iteration after the soft one, stop at the hard one.
    With a clock, spend about remaining/moves-to-go plus most of the increment, never more
    than half of what is left, and keep a safety margin for the process's own latency; a
    fixed move time keeps back `MOVE_OVERHEAD_MS`."""
    if limits.movetime:
        hard = max(limits.movetime - MOVE_OVERHEAD_MS, limits.movetime / 2) / 1000
        return start + hard, start + hard
    remaining = limits.wtime if side == 0 else limits.btime
    if remaining is None or limits.infinite:
        return None, None
    increment = limits.winc if side == 0 else limits.binc
    moves_to_go = limits.movestogo or DEFAULT_MOVES_TO_GO
    margin = min(50, remaining / 10)
    budget = min((remaining - margin) / moves_to_go + increment * 0.8, (remaining - margin) / 2)
    budget = max(budget, 1) / 1000
    return start + budget * 0.6, start + budget


def let_other_threads_run() -> None:
    """Nothing, in Python bytecode: calling it is where CPython hands its lock to a thread that
    has waited for it (the protocol's reader of ``stop``, the terminal app's keys). The compiled
    search runs no bytecode of its own, so it calls this at each look at the clock; this module
    stays uncompiled for it."""
