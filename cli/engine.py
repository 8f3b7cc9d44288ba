"""The engine behind the UCI and UCCI front ends: current game, options, and a search running in
a background thread so that ``isready`` and ``stop`` are answered while it thinks.

Protocol-neutral: the front ends parse their commands, call these methods, and format what the
callbacks report. Every method either does all it says or, on bad input, raises an
`XQChessError` and changes nothing.
"""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Callable
from dataclasses import replace

from xqchess.core.errors import XQChessError
from xqchess.core.evaluation import EVALUATIONS, selected_terms
from xqchess.core.position import Position
from xqchess.core.search import (
    INT_RANGES,
    PLAY_SWITCHES,
    QUIESCENCE_MODES,
    Iteration,
    Limits,
    Searcher,
    SearchResult,
    playing_config,
)
from xqchess.core.variant import Variant
from xqchess.ordering.spec import DEFAULT_SPEC, build_pipeline
from xqchess.variants import DEFAULT_VARIANT, get_variant


class EngineOptionError(XQChessError):
    """An option name or value the engine does not accept."""


#: the switches that take a named value rather than true or false
CHOICE_SWITCHES = ("quiescence", "evaluation")


class Engine:
    """One engine instance: the options, the game position and at most one running search.
    It searches with its game's playing search (`playing_config`: the `PLAY` preset and the
    game's own switches), changed by its options (the table's size, MultiPV, guard pruning,
    the evaluation's terms and `PLAY_SWITCHES`)."""

    def __init__(self, variant_name: str = DEFAULT_VARIANT) -> None:
        self.hash_mb = 16
        self.ordering = DEFAULT_SPEC
        self.guard_prune = 0
        self.guard_margin = 0
        self.multipv = 1
        self.eval_terms: tuple[str, ...] | None = None  # the terms evaluation's (None: all)
        #: the switches set by an option, over the game's playing defaults (`playing_config`)
        self.switches: dict[str, object] = {}
        self.variant: Variant = get_variant(variant_name)
        self.pos: Position = self.variant.position()
        self.searcher: Searcher | None = None
        self.thread: threading.Thread | None = None
        self.limits = Limits()

    # -- options -----------------------------------------------------------------------------

    def set_variant(self, name: str) -> None:
        variant = get_variant(name)
        self._check_terms(variant, self.eval_terms)
        self.stop()
        self.variant = variant
        self.pos = variant.position()
        self.searcher = None

    def set_ordering(
        self, spec: str, guard_prune: int | None = None, guard_margin: int | None = None
    ) -> None:
        """Change the pipeline and guard settings together, validated before anything changes."""
        prune = self.guard_prune if guard_prune is None else guard_prune
        margin = self.guard_margin if guard_margin is None else guard_margin
        pipeline = build_pipeline(spec, self.variant, margin)
        if prune and not any(h.name == "guard" for h in pipeline.heuristics):
            raise EngineOptionError("GuardPrune needs guard in the Ordering spec")
        self.stop()
        self.ordering, self.guard_prune, self.guard_margin = spec, prune, margin
        self.searcher = None

    @staticmethod
    def _check_terms(variant: Variant, terms: tuple[str, ...] | None) -> None:
        try:
            selected_terms(variant, terms)
        except ValueError as error:
            raise EngineOptionError(f"EvalTerms: {error}") from None

    def set_eval_terms(self, text: str) -> None:
        """The ``terms`` evaluation's terms: ``all``, ``none`` or names separated by commas
        (the variant's `Variant.evaluation_terms`)."""
        text = text.strip()
        if text == "all":
            terms = None
        elif text == "none":
            terms = ()
        else:
            terms = tuple(name.strip() for name in text.split(","))
        self._check_terms(self.variant, terms)
        self.stop()
        self.eval_terms = terms
        self.searcher = None

    def set_hash(self, megabytes: int) -> None:
        self.stop()
        self.hash_mb = megabytes
        self.searcher = None

    def clear_hash(self) -> None:
        self.stop()
        if self.searcher and self.searcher.tt:
            self.searcher.tt.clear()

    def set_multipv(self, lines: int) -> None:
        self.stop()
        self.multipv = lines
        self.searcher = None

    def set_switch(self, name: str, value) -> None:
        """Set one of `PLAY_SWITCHES` (``quiescence`` one of `QUIESCENCE_MODES`, ``evaluation``
        one of `EVALUATIONS`, those of `INT_RANGES` (``tempo``, the pruning's reach and margins)
        a whole number in their range, the others True or False)."""
        if name not in PLAY_SWITCHES:
            raise EngineOptionError(f"unknown search switch {name!r}")
        if name == "quiescence" and value not in QUIESCENCE_MODES:
            raise EngineOptionError(
                f"Quiescence {value!r} is not one of {', '.join(QUIESCENCE_MODES)}"
            )
        if name == "evaluation" and value not in EVALUATIONS:
            raise EngineOptionError(f"Evaluation {value!r} is not one of {', '.join(EVALUATIONS)}")
        if name in INT_RANGES:
            low, high = INT_RANGES[name]
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise EngineOptionError(
                    f"{name} must be a whole number {low}-{high}, got {value!r}"
                )
        elif name not in CHOICE_SWITCHES and not isinstance(value, bool):
            raise EngineOptionError(f"{name} must be true or false, got {value!r}")
        self.stop()
        self.switches[name] = value
        self.searcher = None

    def new_game(self) -> None:
        self.stop()
        if self.searcher:
            self.searcher.new_game()

    def ensure_searcher(self) -> Searcher:
        """The searcher for the current options (built on first use, kept between searches
        so that its table and heuristics learn over a game)."""
        if self.searcher is None:
            config = replace(
                playing_config(self.variant),
                hash_mb=self.hash_mb,
                guard_prune_depth=self.guard_prune,
                multipv=self.multipv,
                eval_terms=self.eval_terms,
                **self.switches,
            )
            pipeline = build_pipeline(self.ordering, self.variant, self.guard_margin)
            self.searcher = Searcher(pipeline, config)
        return self.searcher

    # -- position ----------------------------------------------------------------------------

    def set_position(self, fen: str | None, moves: list[str], read_move) -> None:
        """Set up ``fen`` (None: the start position) and play ``moves``, each read by
        ``read_move(variant, pos, text)``; on any error the old position stays. ``fen`` is
        refused as the command line refuses ``--fen`` (`Variant.position`, strict): a position
        the game's rules cannot reach is an error, with the same reason."""
        pos = self.variant.position(fen)
        for text in moves:
            move = read_move(self.variant, pos, text)
            pos.make(move)
        self.stop()
        self.pos = pos

    def use_position(self, pos: Position) -> None:
        """Search ``pos`` (a copy is kept) from now on."""
        self.stop()
        self.pos = pos.copy()

    # -- searching ---------------------------------------------------------------------------

    @property
    def searching(self) -> bool:
        return self.thread is not None and self.thread.is_alive()

    def go(
        self,
        limits: Limits,
        on_iteration: Callable[[Iteration, Searcher], None],
        on_done: Callable[[SearchResult, Searcher], None],
    ) -> None:
        """Start searching a copy of the position in the background; the callbacks get the
        searcher, whose ``pos`` is that copy (as it was at the root when ``on_done`` runs).
        The clock starts here (`Limits.started`), so that starting the search's thread counts
        against the search's time. The garbage collector stays paused until ``on_done`` has
        returned: the collection that the search put off (`Searcher.search`) runs after the
        best move is out, not between the search's deadline and the answer."""
        started = time.perf_counter()  # the clock runs from here, thread start included
        self.stop()
        searcher = self.ensure_searcher()
        searcher.stop_requested = False
        self.limits = limits = replace(limits, started=started)
        root = self.pos.copy()

        def run() -> None:
            collecting = gc.isenabled()
            gc.disable()
            try:
                try:
                    result = searcher.search(
                        root.copy(), limits, lambda it: on_iteration(it, searcher)
                    )
                except Exception:  # never leave a GUI without its best move
                    searcher.pos = root
                    moves = root.legal_moves()
                    result = SearchResult(
                        moves[0] if moves else 0, 0, moves[:1], 0, searcher.stats, [], 0
                    )
                on_done(result, searcher)
            finally:
                if collecting:
                    gc.enable()

        self.thread = threading.Thread(target=run, name="search", daemon=True)
        self.thread.start()

    def stop(self) -> None:
        """Stop a running search and wait until it has reported its best move."""
        if self.searching:
            self.searcher.stop()
            self.thread.join()
        self.thread = None

    def finish(self) -> None:
        """Wait for a search with limits to end; stop one that would never end."""
        if self.searching and not self.limits.bounded(self.pos.side):
            self.stop()
        elif self.thread is not None:
            self.thread.join()
