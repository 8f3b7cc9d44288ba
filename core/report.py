"""A search result as text and JSON-ready data: scores as UCI writes them ('cp 25', 'mate 3'),
principal variations in a game's notation, and the whole result with its statistics (what
`xqchess search --json` prints and `xqchess.search` reports)."""

from __future__ import annotations

from typing import Any

from xqchess.core.position import Position
from xqchess.core.search import SearchResult, mate_in
from xqchess.core.variant import Variant


def score_text(score: int) -> str:
    """UCI style: 'cp 25' or 'mate 3' / 'mate -2'."""
    mate = mate_in(score)
    return f"mate {mate}" if mate is not None else f"cp {score}"


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
