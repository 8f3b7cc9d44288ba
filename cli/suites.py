"""The test suites shipped with the CLI (copied from ../shared/data/suites): Bratko-Kopec for
chess and 24 xiangqi middlegames with Fairy-Stockfish's depth-14 best moves."""

from __future__ import annotations

from importlib import resources
from typing import NamedTuple

SUITE_FILES = {"chess": "bratko-kopec.epd", "xiangqi": "xiangqi-middlegames.epd"}


class SuitePosition(NamedTuple):
    id: str
    fen: str


def load_suite(variant_name: str) -> list[SuitePosition]:
    """The suite's positions: id and FEN (the EPD fields plus counters 0 1)."""
    text = resources.files("cli").joinpath("data", SUITE_FILES[variant_name]).read_text("utf-8")
    positions = []
    for line in text.splitlines():
        if not line.strip():
            continue
        fields = line.split()
        operations = dict(_operation(op) for op in " ".join(fields[4:]).split(";") if op.strip())
        positions.append(SuitePosition(operations.get("id", "").strip('"'),
                                       " ".join(fields[:4]) + " 0 1"))
    return positions


def _operation(text: str) -> tuple[str, str]:
    name, _, value = text.strip().partition(" ")
    return name, value
