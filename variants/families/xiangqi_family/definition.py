"""A xiangqi-family game as data: the `XiangqiGame` definition its builder (`builder.build`)
reads, and the family's vocabulary: the seven kinds, their Fairy-Stockfish FEN letters and
names, as Fairy-Stockfish describes xiangqi (23 lines of variant.cpp for minixiangqi).

A game names its board (`Geometry`), the kinds it has, each color's palace (where the general
and advisors stand) and own half of the river (None: no river, so soldiers step sideways from
the start and elephants go anywhere), its special rules as named options (the AXF chase rule,
the notations it writes), its tables (values, square tables, capture strengths, chessmaps
values), style and data. Move generation, attack probes, faults, FEN checks, WXF and Chinese
notation and the game-end rules are the family's code, built once per definition from the
per-square tables of its board (`board_tables.build_tables`); how its board is drawn is
`style`'s.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from xqchess.core.evaluation import TaperedTables
from xqchess.core.geometry import Geometry
from xqchess.core.pieces import WHITE
from xqchess.core.variant import ChessmapsValues

RED = WHITE  # Red moves first, as White does in chess

GENERAL, ADVISOR, ELEPHANT, HORSE, CHARIOT, CANNON, SOLDIER = range(1, 8)
KINDS = (GENERAL, ADVISOR, ELEPHANT, HORSE, CHARIOT, CANNON, SOLDIER)
#: Fairy-Stockfish's FEN letters (upper case for Red).
LETTERS = {
    GENERAL: "K",
    ADVISOR: "A",
    ELEPHANT: "B",
    HORSE: "N",
    CHARIOT: "R",
    CANNON: "C",
    SOLDIER: "P",
}
#: Names in messages.
NAMES = {
    GENERAL: "general",
    ADVISOR: "advisor",
    ELEPHANT: "elephant",
    HORSE: "horse",
    CHARIOT: "chariot",
    CANNON: "cannon",
    SOLDIER: "soldier",
}
#: Letters accepted on input besides those: H for horse and E for elephant (where it exists).
ALIASES = {"H": HORSE, "E": ELEPHANT}

#: the notations a game may write beside UCI and WXF
ICCS, CHINESE = "iccs", "chinese"


@dataclass(frozen=True)
class XiangqiGame:
    """A xiangqi-family game (see the module docstring); `builder.build` makes its `Variant`."""

    #: registry name, and the package whose ``data`` folder holds its suites and openings
    name: str
    package: str
    geometry: Geometry
    start_fen: str
    #: the kinds the game has, in kind order (the general's among them)
    kinds: tuple[int, ...]
    #: per color, the squares its general (and advisors) may stand on
    palaces: tuple[frozenset[int], frozenset[int]]
    #: per color, its own side of the river; None: the board has no river
    own_halves: tuple[frozenset[int], frozenset[int]] | None
    # -- tables (per piece kind) and the evaluation ------------------------------------------
    piece_values: dict[int, int]
    square_tables: dict[int, list[int]]
    capture_strength: dict[int, int]
    chessmaps_values: ChessmapsValues
    #: the general's file groups (the palace's three files), an input of the chessmaps network
    royal_zone_files: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    #: each kind's weight in the tapered evaluation's game phase (none: no tapering)
    phase_weights: dict[int, int] = field(default_factory=dict)
    #: the tapered evaluation's own tables, made by tuning (`core.evaluation.TaperedTables`)
    tapered_tables: TaperedTables | None = None
    evaluation_terms: dict[str, Callable] = field(default_factory=dict)
    #: the playing search's switches this game sets otherwise than `PLAY` (SearchConfig field
    #: -> value): those a match showed to gain here and not in every game
    playing_switches: dict[str, bool | str | int] = field(default_factory=dict)
    # -- the family's rules, each a named option ---------------------------------------------
    #: Fairy-Stockfish's AXF chasing rule (and the move limit's extension for checks with it)
    chase_rule: bool = False
    #: notations beside UCI and WXF: `ICCS` (coordinates, ranks from 0), `CHINESE`
    notations: tuple[str, ...] = ()
    # -- front ends and data -----------------------------------------------------------------
    #: per bank of the river, its inscription (Unicode, ASCII)
    river_text: tuple[str, str] = ("", "")
    ascii_river_text: tuple[str, str] = ("", "")
    pgn_variant_tag: str | None = None
    native_protocols: tuple[str, ...] = ()
    #: the suites it ships (name -> EPD file in its ``data`` folder, the default first) and its
    #: perft bench (label, FEN or None for the start, depth): the front ends read them and its
    #: board's style through the registry (`xqchess.variants`); its `Variant` has none of them
    suites: dict[str, str] = field(default_factory=dict)
    perft_bench: tuple[tuple[str, str | None, int], ...] = ()
