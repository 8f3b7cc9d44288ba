"""`SearchConfig`, the switches of one search, and its named presets: `PLAY`, the engine that
plays (`xqchess uci`, `ucci`, `play`, `match` and `xqchess.search`), and the lab's: `BASELINE`
(every enhancement off but the table, PVS and iterative deepening) and Greer's configurations.

Every switch is a field, so a heuristic can be measured alone as the seed papers did, and a
preset is a value a user can name (`PRESETS`, `preset_config`) and change with
`dataclasses.replace`.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any

from xqchess.core.errors import XQChessError
from xqchess.core.evaluation import EVALUATIONS

if TYPE_CHECKING:
    from xqchess.core.variant import Variant

#: What quiescence searches beyond standing pat: ``all`` captures and promotions, ``safe`` ones
#: only (SEE not negative), both found by full legal generation so that a stalemate is seen;
#: ``pruned``, the playing search's: captures and promotions from the captures-only generator
#: (no full generation: a mate is found only in check, a stalemate not at all), those that lose
#: material by SEE and those that cannot lift the score to alpha (delta pruning) skipped;
#: ``none``: the static evaluation.
QUIESCENCE_MODES = ("all", "safe", "pruned", "none")
#: How quiescence orders its captures: most valuable victim first (least valuable capturer
#: breaking ties), or by material difference (victim minus capturer, greatest gain first: the
#: order Greer 2000 gives his quiescence's safe captures, section 5).
QUIESCENCE_ORDERS = ("mvvlva", "difference")
#: the largest transposition table a configuration may ask for, in megabytes
MAX_HASH_MB = 4096
#: the most principal variations a search may report per iteration
MAX_MULTIPV = 256


class SearchConfigError(XQChessError):
    """A search configuration field with a value the search cannot use."""


@dataclass(frozen=True)
class SearchConfig:
    """Which enhancements the search uses. The defaults are the lab's `BASELINE`: null move,
    late-move reductions, check extension, futility pruning and aspiration windows off, so a
    heuristic is measured alone; `PLAY` is the engine that plays. ``guard_prune_depth`` 0 means
    no forward pruning. ``staged`` picks moves in stages (`MoveOrderer.pick`: the hash move
    before any generation, then the captures, then the rest) with less work, each stage ordered
    by the tables as they stand when it is reached (so the tree parts from the full sort's
    where a search below an earlier move has taught the heuristics); off, every node generates
    and orders all its moves, so that the branching statistics count every node (the lab).
    ``order_statistics`` keeps the "cutoff placed first by" statistic
    (`SearchStats.cutoff_first_by`); a search without it never asks the orderer which heuristic
    placed a move, and the orderer does not record it."""

    tt: bool = True
    hash_mb: int = 16
    pvs: bool = True
    iterative: bool = True
    quiescence: str = "all"
    quiescence_order: str = "mvvlva"
    #: in check, quiescence searches every evasion; off, a position in check is quiesced as
    #: any other (stand pat, then the mode's captures; no legal move at all is still mate)
    quiescence_evasions: bool = True
    #: the ``all`` and ``safe`` modes search promotions that capture nothing; off, captures only
    quiescence_promotions: bool = True
    null_move: bool = False
    lmr: bool = False
    #: return a fail-high near the leaves where the static score is far above beta
    reverse_futility: bool = False
    #: skip late quiet moves near the leaves
    late_move_pruning: bool = False
    #: the first ply of quiescence also searches quiet moves that give check and lose no
    #: material by SEE (the ``pruned`` mode only)
    quiescence_checks: bool = False
    #: quiescence reads the transposition table (a stored bound that settles its window ends
    #: it) and stores its result where the table holds nothing for the position
    quiescence_tt: bool = False
    #: search a node that has no hash move a ply shallower (internal iterative reduction)
    iir: bool = False
    #: near the leaves, settle a node whose static score is far below alpha by quiescence
    razoring: bool = False
    #: near the leaves, skip the moves that lose material by SEE
    see_pruning: bool = False
    #: reverse futility, late-move reductions and late-move pruning follow whether the side to
    #: move's static score rose since its last move
    improving: bool = False
    #: search the hash move a ply deeper where a reduced search of every other move fails low
    #: below its stored score (singular extension; a multi-cut where they all fail high)
    singular_extension: bool = False
    #: a late quiet move that the orderer's history has never seen fail high (entry 0) is
    #: reduced a ply more
    history_reductions: bool = False
    #: near the leaves, skip a quiet move that the orderer's history has never seen fail high
    history_pruning: bool = False
    #: late-move reductions take a ply more at a node where a cutoff is expected (a null-window
    #: child of a reduced search, or the first move's child of a node expecting none)
    cut_node_reductions: bool = False
    #: far from the leaves, confirm a null move's fail-high by a search of the node itself
    null_move_verification: bool = False
    #: the null move's reduction grows with the depth and with the static score's lead over
    #: beta (off: a fixed two plies)
    adaptive_null_move: bool = False
    check_extension: bool = False  # search one ply deeper at a node in check
    futility: bool = False  # skip quiet moves near the leaves that cannot reach alpha
    aspiration: bool = False  # root search in a window around the last score
    #: how far the pruning near the leaves reaches, in plies left, and its margins in
    #: centipawns: futility's ``futility_base + futility_margin * plies``, reverse futility's
    #: ``reverse_futility_margin * plies``
    futility_depth: int = 2
    futility_base: int = 0
    futility_margin: int = 200
    reverse_futility_depth: int = 3
    reverse_futility_margin: int = 120
    late_move_pruning_depth: int = 3
    #: late-move reductions' logarithmic rule, ``lmr_base / 100 + ln(depth) ln(moves) /
    #: (lmr_divisor / 100)`` plies
    lmr_base: int = 75
    lmr_divisor: int = 225
    evaluation: str = "squares"  # `core.evaluation.EVALUATIONS`: middlegame tables, tapered, terms
    #: centipawns the evaluation adds for the side to move (`core.evaluation`'s tempo)
    tempo: int = 0
    eval_terms: tuple[str, ...] | None = None  # the ``terms`` evaluation's terms (None: all)
    guard_prune_depth: int = 0
    staged: bool = False
    multipv: int = 1  # principal variations reported per iteration (UCI MultiPV)
    order_statistics: bool = True

    def __post_init__(self) -> None:
        """Refuse a value the search cannot use, naming the field (`SearchConfigError`)."""
        for spec in fields(self):
            value = getattr(self, spec.name)
            if spec.type == "bool" and not isinstance(value, bool):
                raise SearchConfigError(f"{spec.name} must be True or False, got {value!r}")
        for name, (low, high) in INT_RANGES.items():
            _check_int(name, getattr(self, name), low, high)
        _check_choice("quiescence", self.quiescence, QUIESCENCE_MODES)
        _check_choice("quiescence_order", self.quiescence_order, QUIESCENCE_ORDERS)
        _check_choice("evaluation", self.evaluation, EVALUATIONS)
        terms = self.eval_terms
        if terms is not None and (
            not isinstance(terms, tuple) or not all(isinstance(term, str) for term in terms)
        ):
            raise SearchConfigError(f"eval_terms must be a tuple of names or None, got {terms!r}")


#: the deepest guard pruning frontier a configuration may ask for, in plies
MAX_GUARD_PRUNE_DEPTH = 64
#: the largest tempo a configuration may ask for, in centipawns
MAX_TEMPO = 100
#: the deepest reach a configuration may give futility, reverse futility and late-move pruning
MAX_PRUNING_DEPTH = 16
#: the largest margin a configuration may give them, in centipawns
MAX_PRUNING_MARGIN = 2000
#: the whole-number fields of a configuration, each with the lowest and highest value it takes
INT_RANGES = {
    "hash_mb": (1, MAX_HASH_MB),
    "multipv": (1, MAX_MULTIPV),
    "guard_prune_depth": (0, MAX_GUARD_PRUNE_DEPTH),
    "tempo": (0, MAX_TEMPO),
    "futility_depth": (0, MAX_PRUNING_DEPTH),
    "futility_base": (0, MAX_PRUNING_MARGIN),
    "futility_margin": (0, MAX_PRUNING_MARGIN),
    "reverse_futility_depth": (0, MAX_PRUNING_DEPTH),
    "reverse_futility_margin": (0, MAX_PRUNING_MARGIN),
    "late_move_pruning_depth": (0, MAX_PRUNING_DEPTH),
    "lmr_base": (0, 400),
    "lmr_divisor": (50, 1000),
}


def _check_int(name: str, value: object, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SearchConfigError(f"{name} must be an integer, got {value!r}")
    if not low <= value <= high:
        raise SearchConfigError(f"{name} must be between {low} and {high}, got {value}")


def _check_choice(name: str, value: object, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise SearchConfigError(f"{name} {value!r} is not one of {', '.join(choices)}")


#: The lab's baseline: the defaults, every enhancement off but the table, PVS and iterative
#: deepening; quiescence searches every capture and promotion.
BASELINE = SearchConfig()
#: The engine that plays: quiescence without full move generation, SEE-losing captures and
#: delta pruning (``pruned``); null move, late-move reductions, check extension, futility
#: and reverse futility pruning and aspiration windows on; the tapered evaluation; moves
#: picked in stages; no order statistics. What each switch is worth, measured by matches:
#: docs/search.md.
PLAY = SearchConfig(
    quiescence="pruned",
    null_move=True,
    lmr=True,
    check_extension=True,
    futility=True,
    reverse_futility=True,
    late_move_pruning=False,
    quiescence_checks=False,
    aspiration=True,
    evaluation="tapered",
    staged=True,
    order_statistics=False,
)
#: Greer 2000, Table 3: brute-force negamax to a fixed depth plus a quiescence search of safe
#: captures ordered by material difference.
GREER = SearchConfig(
    tt=False, pvs=False, iterative=False, quiescence="safe", quiescence_order="difference"
)

#: Every named configuration: the engine that plays and the lab's.
PRESETS: dict[str, SearchConfig] = {
    "play": PLAY,
    "baseline": BASELINE,
    "no-tt": SearchConfig(tt=False),
    "greer": GREER,
    # Table 3's quiescence read literally ("just the safe capture moves"): in check as
    # anywhere else, stand pat and the safe captures; no quiet promotions
    "greer-captures": replace(GREER, quiescence_evasions=False, quiescence_promotions=False),
    # the same with quiet promotions: what the evasions alone do (chess; xiangqi has none)
    "greer-no-evasions": replace(GREER, quiescence_evasions=False),
    # Greer 2000, Table 4: the same as Table 3, iteratively deepened
    "greer-id": replace(GREER, iterative=True),
}

#: the switches of `PLAY` a front end lets its user set (UCI options, `xqchess search` flags):
#: each a `SearchConfig` field
PLAY_SWITCHES = (
    "quiescence",
    "null_move",
    "lmr",
    "check_extension",
    "futility",
    "reverse_futility",
    "late_move_pruning",
    "quiescence_checks",
    "quiescence_tt",
    "iir",
    "razoring",
    "see_pruning",
    "improving",
    "singular_extension",
    "null_move_verification",
    "adaptive_null_move",
    "history_reductions",
    "history_pruning",
    "cut_node_reductions",
    "aspiration",
    "evaluation",
    "tempo",
    "futility_depth",
    "futility_base",
    "futility_margin",
    "reverse_futility_depth",
    "reverse_futility_margin",
    "late_move_pruning_depth",
    "lmr_base",
    "lmr_divisor",
)


def preset_config(name: str, variant: Variant | None = None) -> SearchConfig:
    """The configuration called ``name`` (`PRESETS`), or a `SearchConfigError` naming the
    presets there are; ``play`` for a ``variant`` is that game's (`playing_config`)."""
    try:
        config = PRESETS[name]
    except (KeyError, TypeError):
        raise SearchConfigError(
            f"unknown search preset {name!r}; expected one of {', '.join(PRESETS)}"
        ) from None
    return playing_config(variant) if config is PLAY and variant is not None else config


def playing_config(variant: Variant) -> SearchConfig:
    """The playing search of ``variant``'s game: `PLAY` with the switches the game sets
    otherwise (`Variant.playing_switches`, each one of `PLAY_SWITCHES`)."""
    switches: dict[str, Any] = variant.playing_switches  # (each field's own type)
    unknown = sorted(set(switches) - set(PLAY_SWITCHES))
    if unknown:
        raise SearchConfigError(
            f"{variant.name}'s playing switches name {unknown[0]!r}, which is not one of "
            f"{', '.join(PLAY_SWITCHES)}"
        )
    return replace(PLAY, **switches) if switches else PLAY
