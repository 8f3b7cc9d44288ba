"""Build a move-ordering pipeline from a spec string, e.g. ``hash,mvvlva,killer,history:gravity``.

Items are heuristic names in priority order, each with an optional ``:option``; ``none`` (alone)
is generation order. Errors name the bad item.
"""

from __future__ import annotations

from xqchess.core.errors import XQChessError
from xqchess.core.variant import Variant
from xqchess.ordering.chessmaps.move_order import OPTIONS as CHESSMAPS_OPTIONS
from xqchess.ordering.chessmaps.move_order import Chessmaps
from xqchess.ordering.continuation import RULES as CONTINUATION_RULES
from xqchess.ordering.continuation import ContinuationHistory
from xqchess.ordering.countermove import INDEXES, Countermove
from xqchess.ordering.difference import MaterialDifference
from xqchess.ordering.guard import Guard
from xqchess.ordering.hash_move import HashMove
from xqchess.ordering.history import RULES, History
from xqchess.ordering.killer import AdvancedKillers, Killers
from xqchess.ordering.mvvlva import MvvLva
from xqchess.ordering.pipeline import Pipeline
from xqchess.ordering.random_order import RandomOrder
from xqchess.ordering.safe import SafeFirst
from xqchess.ordering.see import StaticExchange

DEFAULT_SPEC = "hash,see,killer,countermove,history"
#: name -> (class, allowed options or None)
HEURISTICS = {
    "hash": (HashMove, None),
    "mvvlva": (MvvLva, None),
    "difference": (MaterialDifference, None),
    "see": (StaticExchange, None),
    "safe": (SafeFirst, None),
    "killer": (Killers, None),
    "akiller": (AdvancedKillers, None),
    "history": (History, RULES),
    "countermove": (Countermove, INDEXES),
    "continuation": (ContinuationHistory, CONTINUATION_RULES),
    "guard": (Guard, None),
    "random": (RandomOrder, None),
    "chessmaps": (Chessmaps, CHESSMAPS_OPTIONS),
}


class OrderingSpecError(XQChessError):
    """An ordering spec names an unknown heuristic or option, or repeats one."""


def build_pipeline(spec: str, variant: Variant, guard_margin: int = 0) -> Pipeline:
    """The pipeline ``spec`` describes, for ``variant``; ``guard_margin`` configures guard."""
    spec = spec.strip()
    if spec == "none":
        return Pipeline([], spec)
    heuristics = []
    seen = set()
    for item in spec.split(","):
        name, _, option = item.strip().partition(":")
        if name not in HEURISTICS:
            raise OrderingSpecError(
                f"unknown heuristic {name!r} in ordering spec {spec!r}; "
                f"expected none or a list of {', '.join(HEURISTICS)}"
            )
        if name in seen:
            raise OrderingSpecError(f"heuristic {name!r} appears twice in ordering spec {spec!r}")
        seen.add(name)
        cls, options = HEURISTICS[name]
        if option and (options is None or option not in options):
            allowed = f"one of {', '.join(options)}" if options else "no option"
            raise OrderingSpecError(
                f"bad option {option!r} for {name} in ordering spec {spec!r}; it takes {allowed}"
            )
        if name == "guard":
            heuristics.append(Guard(variant, guard_margin))
        else:
            heuristics.append(cls(variant, option) if option else cls(variant))
    return Pipeline(heuristics, spec)
