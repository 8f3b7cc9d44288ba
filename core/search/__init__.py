"""The search: one engine for every game, as a package.

- `node`: the `Node` a heuristic orders and the `MoveOrderer` protocol (what ordering/ sees).
- `captures`: the capture keys (MVV-LVA, material difference) and quiescence's sort.
- `config`: `SearchConfig` and its named presets: `PLAY` (the engine that plays, with each
  game's own switches: `playing_config`) and the lab's (`BASELINE`, Greer's).
- `limits`: `Limits` and the time management's deadlines.
- `scores`: mate scores and how they read.
- `stats`: `SearchStats`, the counts the lab's tables are made of.
- `report`: `Iteration`, `SearchResult`, and the result as text and JSON.
- `tree`: the compiled per-node search (`Tree`), with the numbered map of its steps.
- `driver`: `Searcher`, iterative deepening, aspiration, MultiPV and the fallback move.

The names below are the package's public ones.
"""

from xqchess.core.search.captures import captures_in_order, material_difference, victim_first
from xqchess.core.search.config import (
    BASELINE,
    GREER,
    INT_RANGES,
    MAX_HASH_MB,
    MAX_MULTIPV,
    MAX_TEMPO,
    PLAY,
    PLAY_SWITCHES,
    PRESETS,
    QUIESCENCE_MODES,
    QUIESCENCE_ORDERS,
    SearchConfig,
    SearchConfigError,
    playing_config,
    preset_config,
)
from xqchess.core.search.driver import Searcher
from xqchess.core.search.limits import LIMIT_RANGES, LimitError, Limits, deadlines
from xqchess.core.search.node import MAX_PLY, MoveOrderer, Node
from xqchess.core.search.report import Iteration, SearchResult, Unfinished, pv_text, result_dict
from xqchess.core.search.scores import INFINITY, MATE, MATE_BOUND, mate_in, score_text
from xqchess.core.search.stats import SearchStats
from xqchess.core.search.tree import SearchStopped

__all__ = [
    "BASELINE",
    "GREER",
    "INFINITY",
    "LIMIT_RANGES",
    "MATE",
    "MAX_HASH_MB",
    "MAX_MULTIPV",
    "INT_RANGES",
    "MAX_TEMPO",
    "MATE_BOUND",
    "MAX_PLY",
    "PLAY",
    "PLAY_SWITCHES",
    "PRESETS",
    "QUIESCENCE_MODES",
    "QUIESCENCE_ORDERS",
    "Iteration",
    "LimitError",
    "Limits",
    "MoveOrderer",
    "Node",
    "SearchConfig",
    "SearchConfigError",
    "SearchResult",
    "SearchStats",
    "SearchStopped",
    "Searcher",
    "Unfinished",
    "captures_in_order",
    "deadlines",
    "mate_in",
    "material_difference",
    "playing_config",
    "preset_config",
    "pv_text",
    "result_dict",
    "score_text",
    "victim_first",
]
