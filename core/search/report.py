"""What a search reports: each finished `Iteration`, the `Unfinished` one a limit cut short,
and the `SearchResult`; and the result as text and JSON-ready data, principal variations in a
game's notation (what `xqchess search --json` prints and `xqchess.search` reports)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from xqchess.core.position import Position
from xqchess.core.search.scores import score_text
from xqchess.core.search.stats import SearchStats
from xqchess.core.variant import Variant


@dataclass
class Iteration:
    """One finished depth: its best score and line, the nodes it took and the time since the
    search began, its effective branching factor (its nodes over the previous iteration's),
    the selective depth reached so far, and with MultiPV every line's (score, pv)."""

    depth: int
    score: int
    pv: list[int]
    nodes: int
    time_ms: int
    ebf: float | None  # nodes of this iteration / nodes of the previous one
    seldepth: int
    lines: list[tuple[int, list[int]]] = field(default_factory=list)  # (score, pv) per MultiPV


@dataclass
class Unfinished:
    """The iteration a limit or stop cut short: its depth and how many root moves it had
    searched completely, out of how many."""

    depth: int
    root_moves_searched: int
    root_moves: int


@dataclass
class SearchResult:
    """A search's answer: the best move (0: there is no legal move), its score, the principal
    variation, the depth behind it, the statistics, every finished iteration, the time taken,
    and the iteration a limit cut short, if any."""

    best_move: int
    score: int
    pv: list[int]
    depth: int
    stats: SearchStats
    iterations: list[Iteration]
    time_ms: int
    unfinished: Unfinished | None = None

    def to_dict(self) -> dict:
        """The result as JSON-ready data, moves as the engine's codes."""
        stats = self.stats
        credited = stats.cutoff_first_by
        return {
            "depth": self.depth,
            "score": self.score,
            "time_ms": self.time_ms,
            "unfinished": asdict(self.unfinished) if self.unfinished else None,
            "nodes": stats.nodes,
            "qnodes": stats.qnodes,
            "nps": int(stats.nodes * 1000 / self.time_ms) if self.time_ms else 0,
            "tt_hits": stats.tt_hits,
            "beta_cutoffs": stats.beta_cutoffs,
            "fail_high_first_pct": round(stats.fail_high_first, 2),
            "mean_cutoff_index": round(stats.mean_cutoff_index, 3),
            "cutoff_first_by": None if credited is None else dict(sorted(credited.items())),
            "guard_prunes": stats.guard_prunes,
            "seldepth": stats.seldepth,
            "iterations": [asdict(i) for i in self.iterations],
        }


def pv_text(variant: Variant, pos: Position, pv: list[int], notation: str) -> list[str]:
    """A principal variation written move by move in ``notation``."""
    probe = pos.copy()
    line = []
    for move in pv:
        line.append(variant.format_move(probe, move, notation))
        probe.make(move)
    return line


def result_dict(variant: Variant, pos: Position, result: SearchResult, notation: str) -> dict:
    """The search result as JSON-ready data, moves written in ``notation``."""
    data: dict[str, Any] = {
        "bestmove": variant.format_move(pos, result.best_move, notation)
        if result.best_move
        else None
    }
    data.update(result.to_dict())
    data["score"] = score_text(result.score)
    data["pv"] = pv_text(variant, pos, result.pv, notation)
    for iteration in data["iterations"]:
        iteration["score"] = score_text(iteration["score"])
        iteration["pv"] = pv_text(variant, pos, iteration["pv"], notation)
        iteration["lines"] = [
            {"score": score_text(score), "pv": pv_text(variant, pos, pv, notation)}
            for score, pv in iteration["lines"]
        ]
    return data
