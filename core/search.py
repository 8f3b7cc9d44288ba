"""The search kernel: iterative-deepening negamax alpha-beta with principal-variation search,
quiescence, a transposition table, and the statistics the move-ordering lab needs.

Game-agnostic: moves, checks, draws and repetition verdicts come from the position's variant,
move ordering from a `MoveOrderer` handed in (the heuristics live in ordering/). Every
enhancement can be switched off in `SearchConfig`, so a heuristic can be measured alone as the
seed papers did (e.g. Greer: brute-force negamax plus safe-capture quiescence, no TT, no
iterative deepening). A fixed-depth search without a time limit is deterministic.
"""

from __future__ import annotations

import gc
import math
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Protocol

from xqchess.core.evaluation import evaluator
from xqchess.core.moves import (
    PROMOTION_MASK,
    PROMOTION_SHIFT,
    SIDE_CAPTURE,
    SPECIAL_SHIFT,
    SQUARE_BITS,
    SQUARE_MASK,
    is_capture,
    move_from,
    move_promotion,
)
from xqchess.core.pieces import KIND_MASK, piece_code
from xqchess.core.position import Position
from xqchess.core.see import see
from xqchess.core.tt import EXACT, LOWER, UPPER, TranspositionTable

MATE = 30_000
MATE_BOUND = MATE - 1_000  # scores beyond this are mates, with the distance in plies
INFINITY = 32_000
MAX_PLY = 96
CLOCK_CHECK_INTERVAL = 16  # nodes between looks at the clock (about 1 ms in Python)
#: milliseconds kept back from a fixed move time for what happens after the search stops
#: (unwinding, printing the best move, the pipe to the GUI), at most half the move time
MOVE_OVERHEAD_MS = 10
#: What quiescence searches beyond standing pat: ``all`` captures and promotions, ``safe`` ones
#: only (SEE not negative), both found by full legal generation so that a stalemate is seen;
#: ``pruned``, the playing search's: captures and promotions from the captures-only generator
#: (no full generation: a mate is found only in check, a stalemate not at all), those that lose
#: material by SEE and those that cannot lift the score to alpha (delta pruning) skipped;
#: ``none``: the static evaluation.
QUIESCENCE_MODES = ("all", "safe", "pruned", "none")
#: Delta pruning's safety margin (centipawns): a capture is skipped in ``pruned`` quiescence
#: when standing pat plus what it takes plus this margin does not reach alpha.
DELTA_MARGIN = 200
#: How quiescence orders its captures: most valuable victim first (least valuable capturer
#: breaking ties), or by material difference (victim minus capturer, greatest gain first: the
#: order Greer 2000 gives his quiescence's safe captures, section 5).
QUIESCENCE_ORDERS = ("mvvlva", "difference")


class SearchStopped(Exception):
    """Raised inside the tree when a limit is reached; the root catches it."""


def gives_check(pos: Position, move: int) -> bool:
    pos.make(move)
    check = pos.is_check()
    pos.unmake()
    return check


class Node:
    """What a heuristic may know about the node it orders: reused per ply, never allocated in
    the tree. ``cache`` holds per-node data a heuristic computes once (e.g. guard values)."""

    __slots__ = (
        "pos",
        "ply",
        "depth",
        "prev_move",
        "hash_move",
        "side",
        "in_check",
        "cache",
        "order_keys",
        "legal_count",
    )

    def __init__(self, ply: int) -> None:
        self.ply = ply
        self.pos: Position | None = None
        self.depth = 0
        self.prev_move = 0
        self.hash_move = 0
        self.side = 0
        self.in_check = False
        self.cache: dict = {}
        self.order_keys = None
        self.legal_count: int | None = None  # set by a staged pick once all moves are known

    def fill(
        self, pos: Position, depth: int, prev_move: int, hash_move: int, in_check: bool
    ) -> Node:
        """This node set for expanding ``pos`` (its per-node cache emptied); returns it."""
        self.pos, self.depth, self.prev_move, self.hash_move = pos, depth, prev_move, hash_move
        self.side, self.in_check = pos.side, in_check
        self.legal_count = None
        self.cache.clear()
        return self


class MoveOrderer(Protocol):
    """What the search needs from move ordering (ordering.pipeline.Pipeline implements it)."""

    def order(self, node: Node, moves: list[int]) -> Sequence[int]:
        """``moves`` in the order to search them: iterated once, and its first move may be
        read as ``[0]`` (a list, or a sequence worked out as it is read)."""

    def pick(self, node: Node) -> Iterable[int] | None:
        """The legal moves of ``node`` in ``order``'s order, generated in stages as they are
        reached, setting ``node.legal_count`` once all are generated; None when the orderer
        cannot stage (the search then generates all moves and calls ``order``)."""

    def first_placed_by(self, node: Node) -> str:
        """Name of the heuristic that put the first move of the last ``order`` or ``pick``
        first."""

    def on_cutoff(self, node: Node, move: int) -> None:
        """Learn from ``move`` failing high at ``node``."""

    def prunable(self, node: Node, move: int) -> bool:
        """Whether ``move`` may be skipped near the tips (forward pruning, e.g. guard)."""

    def new_search(self) -> None:
        """Age what was learnt, before a new search."""

    def reset(self) -> None:
        """Forget everything, before a new game."""


#: Futility pruning's margins by remaining depth (centipawns): at a node this close to the
#: leaves, quiet moves that give no check are skipped when the static score plus the margin
#: does not reach alpha.
FUTILITY_MARGINS = (0, 200, 400)
#: The aspiration window's first half-width around the previous iteration's score
#: (centipawns), from `ASPIRATION_DEPTH` on; it widens fourfold on each fail.
ASPIRATION_WINDOW = 50
ASPIRATION_DEPTH = 4
#: Null move's depth reduction: the null move is searched to ``depth - 1 - NULL_REDUCTION``.
NULL_REDUCTION = 2
#: Reverse futility pruning (static null move): at a non-PV node not in check with at most
#: this many plies left, the static score minus `REVERSE_FUTILITY_MARGIN` per ply still at or
#: above beta is returned as the node's score (a fail-high) without searching a move.
REVERSE_FUTILITY_DEPTH = 3
REVERSE_FUTILITY_MARGIN = 120  # centipawns per ply of remaining depth
#: Late-move reductions: a quiet move that gives no check, at a node not in check with at
#: least `LMR_MIN_DEPTH` plies left and `LMR_MIN_SEARCHED` moves already searched, is first
#: searched ``REDUCTIONS[depth][searched]`` plies shallower (indexes clamped to the table),
#: one ply less at a PV node (but at least one).
LMR_MIN_DEPTH = 3
LMR_MIN_SEARCHED = 3
LMR_TABLE_SIZE = 64
#: Late-move (move-count) pruning: at a non-PV node below the root, not in check, with at most
#: `LATE_MOVE_PRUNING_DEPTH` plies left, once ``LATE_MOVE_COUNTS[depth]`` moves have been
#: picked (4, 7 and 12), the quiet moves that give no check are skipped. Seed: Stockfish's
#: move count pruning (search.cpp, ``futility_move_count(improving, depth)`` = (3 + depth²) /
#: (2 - improving); T. Romstad, M. Costalba, J. Kiiski and the Stockfish developers). It
#: differs as stated: always the improving form (no static-evaluation stack is kept), only at
#: non-PV nodes, and a quiet move that gives check is still searched.
LATE_MOVE_PRUNING_DEPTH = 3
LATE_MOVE_COUNTS = tuple(3 + depth * depth for depth in range(LATE_MOVE_PRUNING_DEPTH + 1))


def _reduction(depth: int, searched: int) -> int:
    """Late-move reduction of the move after ``searched`` others at ``depth``: the
    logarithmic rule of Stockfish and Ethereal, 0.75 + ln(depth) ln(searched) / 2.25 plies
    rounded down, at least 1 where reductions apply and at most ``depth - 2`` (the reduced
    search keeps at least one ply)."""
    if depth < LMR_MIN_DEPTH or searched < LMR_MIN_SEARCHED:
        return 0
    grown = int(0.75 + math.log(depth) * math.log(searched) / 2.25)
    return max(1, min(grown, depth - 2))


#: `_reduction` for every depth and number of moves searched below `LMR_TABLE_SIZE`
REDUCTIONS = tuple(
    tuple(_reduction(depth, searched) for searched in range(LMR_TABLE_SIZE))
    for depth in range(LMR_TABLE_SIZE)
)


@dataclass
class SearchConfig:
    """Which enhancements the search uses. Null move, late-move reductions, check extension,
    futility pruning and aspiration windows are off by default (the playing search's
    defaults are `cli.engine.PLAY_SWITCHES`); ``guard_prune_depth`` 0 means no forward
    pruning. ``staged`` picks moves in
    stages (`MoveOrderer.pick`: the hash move before any generation, then the captures, then
    the rest), which searches the same tree with less work; off, every node generates and
    orders all its moves, so that the branching statistics count every node (the lab)."""

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
    #: (`REVERSE_FUTILITY_DEPTH`, `REVERSE_FUTILITY_MARGIN`)
    reverse_futility: bool = False
    #: skip late quiet moves near the leaves (`LATE_MOVE_PRUNING_DEPTH`, `LATE_MOVE_COUNTS`)
    late_move_pruning: bool = False
    #: the first ply of quiescence also searches quiet moves that give check and lose no
    #: material by SEE (the ``pruned`` mode only)
    quiescence_checks: bool = False
    check_extension: bool = False  # search one ply deeper at a node in check
    futility: bool = False  # skip quiet moves near the leaves that cannot reach alpha
    aspiration: bool = False  # root search in a window around the last score
    evaluation: str = "squares"  # `core.evaluation.EVALUATIONS`: middlegame tables, tapered, terms
    eval_terms: tuple[str, ...] | None = None  # the ``terms`` evaluation's terms (None: all)
    guard_prune_depth: int = 0
    staged: bool = False
    multipv: int = 1  # principal variations reported per iteration (UCI MultiPV)


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

    def bounded(self, side: int) -> bool:
        """Whether the search of ``side``'s move will end without a stop request. A mate limit
        alone does not bound it: where there is no such mate, the search never ends."""
        clock = self.wtime if side == 0 else self.btime
        return not self.infinite and any(
            limit is not None for limit in (self.depth, self.nodes, self.movetime, clock)
        )


@dataclass
class Iteration:
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
class SearchStats:
    nodes: int = 0
    qnodes: int = 0
    tt_hits: int = 0
    beta_cutoffs: int = 0
    first_move_cutoffs: int = 0
    cutoff_index_sum: int = 0
    cutoff_first_by: Counter = field(default_factory=Counter)
    guard_prunes: int = 0
    seldepth: int = 0
    expanded: int = 0  # main-search nodes whose moves were all generated (staged: all picked)
    branching_sum: int = 0  # their legal moves, summed (mean branching = sum / expanded)

    @property
    def mean_branching(self) -> float:
        """Mean number of legal moves at the main-search nodes that generated moves."""
        return self.branching_sum / self.expanded if self.expanded else 0.0

    @property
    def fail_high_first(self) -> float:
        """Percentage of beta cutoffs made by the first move searched."""
        return 100.0 * self.first_move_cutoffs / self.beta_cutoffs if self.beta_cutoffs else 0.0

    @property
    def mean_cutoff_index(self) -> float:
        return self.cutoff_index_sum / self.beta_cutoffs if self.beta_cutoffs else 0.0


@dataclass
class SearchResult:
    best_move: int
    score: int
    pv: list[int]
    depth: int
    stats: SearchStats
    iterations: list[Iteration]
    time_ms: int
    unfinished: Unfinished | None = None

    def to_dict(self) -> dict:
        stats = self.stats
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
            "cutoff_first_by": dict(sorted(stats.cutoff_first_by.items())),
            "guard_prunes": stats.guard_prunes,
            "seldepth": stats.seldepth,
            "iterations": [asdict(i) for i in self.iterations],
        }


def mate_in(score: int) -> int | None:
    """Moves to mate (negative when being mated) for a mate score, else None."""
    if abs(score) < MATE_BOUND:
        return None
    plies = MATE - abs(score)
    return (plies + 1) // 2 if score > 0 else -((plies + 1) // 2)


class Searcher:
    """Searches positions of any variant with a given move orderer and configuration."""

    def __init__(self, orderer: MoveOrderer, config: SearchConfig | None = None) -> None:
        self.orderer = orderer
        self.config = config or SearchConfig()
        if self.config.quiescence not in QUIESCENCE_MODES:
            raise ValueError(
                f"quiescence mode {self.config.quiescence!r} is not one of "
                f"{', '.join(QUIESCENCE_MODES)}"
            )
        if self.config.quiescence_order not in QUIESCENCE_ORDERS:
            raise ValueError(
                f"quiescence order {self.config.quiescence_order!r} is not one of "
                f"{', '.join(QUIESCENCE_ORDERS)}"
            )
        self.capture_key = (
            victim_first if self.config.quiescence_order == "mvvlva" else material_difference
        )
        self.evaluate = evaluator(self.config.evaluation, self.config.eval_terms)
        #: the lazy form quiescence stands pat with, where the evaluation has one
        self.evaluate_within = getattr(self.evaluate, "within", None)
        self.tt = TranspositionTable(self.config.hash_mb) if self.config.tt else None
        self.nodes_per_ply = [Node(ply) for ply in range(MAX_PLY + 2)]
        self.stop_requested = False
        self.stats = SearchStats()
        self._read_switches()

    def _read_switches(self) -> None:
        """Copy the config's switches the tree reads at every node into the searcher's own
        fields (typed in the compiled kernel: no attribute lookup on the config per node);
        read again at the start of every search."""
        config = self.config
        self.check_extension = config.check_extension
        self.null_move = config.null_move
        self.staged = config.staged
        self.guard_prune_depth = config.guard_prune_depth
        self.futility = config.futility
        self.reverse_futility = config.reverse_futility
        self.late_move_pruning = config.late_move_pruning
        self.quiescence_checks = config.quiescence_checks
        self.pvs = config.pvs
        self.lmr = config.lmr
        self.quiescence = config.quiescence
        self.quiescence_evasions = config.quiescence_evasions
        self.quiescence_promotions = config.quiescence_promotions

    # -- public ------------------------------------------------------------------------------

    def new_game(self) -> None:
        self.orderer.reset()
        if self.tt:
            self.tt.clear()

    def stop(self) -> None:
        """Ask the running search (or, if none runs, the next one) to return as soon as
        possible; a thread-safe flag, cleared when that search returns."""
        self.stop_requested = True

    def search(self, pos: Position, limits: Limits, on_iteration=None) -> SearchResult:
        """Search ``pos`` (left as it was) within ``limits``; ``on_iteration(iteration)`` is
        called after each completed depth. Always returns a legal move if one exists: the best
        move of the deepest iteration, or of an unfinished one when it searched that move first
        or no iteration finished; when not one root move was searched to the end, the
        `_fallback_move`. Limits and stop requests are honoured at every node.

        The position is scored with its evaluation's tables while the search runs
        (`Variant.tapered_piece_square` unless the evaluation is ``squares``).

        Python's cyclic garbage collector is paused while it runs (and restarted after, if
        it was running): the tree allocates lists and tuples by the million but makes no
        reference cycles, so the collector's passes would find nothing to free (docs/speed.md,
        round two, says what that is worth)."""
        collecting = gc.isenabled()
        gc.disable()
        tables = pos.use_tables(
            pos.variant.piece_square
            if self.config.evaluation == "squares"
            else pos.variant.tapered_piece_square
        )
        try:
            return self._iterate(pos, limits, on_iteration)
        finally:
            pos.use_tables(tables)
            if collecting:
                gc.enable()

    def _iterate(self, pos: Position, limits: Limits, on_iteration) -> SearchResult:
        """`search`'s iterative deepening."""
        self.pos = pos
        self.variant = variant = pos.variant
        self.rule_result = variant.rule_result
        self.rule_draw = variant.rule_draw
        self._read_switches()
        values = variant.piece_values
        royal_kinds = {piece & KIND_MASK for piece in variant.royal_pieces}
        lowest = min(value for kind, value in values.items() if kind not in royal_kinds)
        kinds = [
            kind for kind, value in values.items() if value > lowest and kind not in royal_kinds
        ]
        #: per color, the codes of its pieces whose presence makes a null move sound
        self.null_move_pieces = tuple(
            tuple(piece_code(kind, color) for kind in kinds) for color in (0, 1)
        )
        self.stats = stats = SearchStats()
        self.start = time.perf_counter() if limits.started is None else limits.started
        self.soft_deadline, self.hard_deadline = self._deadlines(limits, pos.side)
        self.node_limit = limits.nodes
        self.next_check = min(CLOCK_CHECK_INTERVAL, self.node_limit or CLOCK_CHECK_INTERVAL)
        self.root_undo = len(pos.undo)
        # check flags of the game's positions before the root, oldest first, aligned with
        # pos.hashes; the search appends one per node on its path
        self.checks = pos.checks_back(len(pos.undo))[:0:-1]
        self.pv_table: list[list[int]] = [[] for _ in range(MAX_PLY + 2)]
        self.orderer.new_search()
        if self.tt:
            self.tt.new_search()
        legal = pos.legal_moves()
        wanted = set(limits.searchmoves or legal)
        self.root_moves = [move for move in legal if move in wanted]
        self.root_restricted = len(self.root_moves) < len(legal)
        self.root_excluded: set[int] = set()
        self.root_first = 0
        if not self.root_moves:
            self.stop_requested = False
            score = MATE * self.variant.no_move_result(pos, pos.is_check())
            return SearchResult(0, score, [], 0, stats, [], self._elapsed_ms())
        best_move = best_score = done_depth = 0
        best_pv: list[int] = []
        unfinished = None
        iterations = []
        max_depth = min(limits.depth or MAX_PLY, MAX_PLY)
        depths = range(1, max_depth + 1) if self.config.iterative else [max_depth]
        line_count = min(self.config.multipv, len(self.root_moves))
        previous_nodes = 0
        for depth in depths:
            iteration_start = stats.nodes
            lines: list[tuple[int, list[int]]] = []
            try:
                while len(lines) < line_count:  # MultiPV: each line excludes the earlier ones
                    self.root_excluded = {pv[0] for _, pv in lines}
                    score = self._root(depth, best_score if done_depth and not lines else None)
                    lines.append((score, list(self.pv_table[0])))
            except SearchStopped:
                self._unwind()
                if not lines:
                    unfinished = Unfinished(depth, self.root_searched, len(self.root_moves))
                    if (
                        self.root_best is not None
                        and self.root_best_score > self.root_alpha
                        and (not done_depth or self.root_first == best_move)
                    ):
                        # The unfinished iteration searched the previous best move first, so
                        # its best so far is at least as good (or there is nothing better);
                        # a score at or below an aspiration window's alpha is only a bound.
                        best_move, best_score = self.root_best, self.root_best_score
                        best_pv, done_depth = list(self.pv_table[0]), depth
                    break
            (best_score, best_pv), best_move, done_depth = lines[0], lines[0][1][0], depth
            nodes = stats.nodes - iteration_start
            iterations.append(
                Iteration(
                    depth,
                    best_score,
                    best_pv,
                    nodes,
                    self._elapsed_ms(),
                    round(nodes / previous_nodes, 2) if previous_nodes else None,
                    stats.seldepth,
                    lines,
                )
            )
            previous_nodes = nodes
            if on_iteration:
                on_iteration(iterations[-1])
            if len(lines) < line_count:  # stopped after the best line: the search is over
                break
            # A mate ends the search unless it is infinite or has a depth; a mate search ends
            # only with a mate in at most the moves asked for (a longer one would not do).
            if not limits.infinite and (
                mate_in(best_score) in range(1, limits.mate + 1)
                if limits.mate
                else abs(best_score) >= MATE_BOUND and limits.depth is None
            ):
                break
            if self.soft_deadline and time.perf_counter() >= self.soft_deadline:
                break
        if not best_move:
            best_move = self._fallback_move()
            best_score, best_pv = self.evaluate(pos), [best_move]
        self.stop_requested = False  # a stop request ends one search only
        return SearchResult(
            best_move,
            best_score,
            best_pv,
            done_depth,
            stats,
            iterations,
            self._elapsed_ms(),
            unfinished,
        )

    def _unwind(self) -> None:
        """Take back the moves a stopped search left on the position."""
        pos = self.pos
        while len(pos.undo) > self.root_undo:
            pos.unmake_null() if pos.undo[-1][0] == 0 else pos.unmake()

    def _fallback_move(self) -> int:
        """The move to play when a limit struck before one root move was searched to the end:
        the hash move, else the capture that wins most by SEE, else the pipeline's first."""
        pos, moves = self.pos, self.root_moves
        if self.tt:
            entry = self.tt.probe(pos.hash)
            if entry is not None and entry[4] in moves:
                return entry[4]
        gain, move = max(((see(pos, m), m) for m in moves if is_capture(pos, m)), default=(0, 0))
        if gain > 0:
            return move
        if self.root_first:
            return self.root_first
        node = self._node(0, 0, 0, 0, pos.is_check())
        return self.orderer.order(node, list(moves))[0]

    # -- limits ------------------------------------------------------------------------------

    def _elapsed_ms(self) -> int:
        return int((time.perf_counter() - self.start) * 1000)

    def _deadlines(self, limits: Limits, side: int) -> tuple[float | None, float | None]:
        """(soft, hard) deadlines: no new iteration after the soft one, stop at the hard one.
        With a clock, spend about remaining/moves-to-go plus most of the increment, never more
        than half of what is left, and keep a safety margin for the process's own latency; a
        fixed move time keeps back `MOVE_OVERHEAD_MS`."""
        if limits.movetime:
            hard = max(limits.movetime - MOVE_OVERHEAD_MS, limits.movetime / 2) / 1000
            return self.start + hard, self.start + hard
        remaining = limits.wtime if side == 0 else limits.btime
        if remaining is None or limits.infinite:
            return None, None
        increment = limits.winc if side == 0 else limits.binc
        moves_to_go = limits.movestogo or 30
        margin = min(50, remaining / 10)
        budget = min((remaining - margin) / moves_to_go + increment * 0.8, (remaining - margin) / 2)
        budget = max(budget, 1) / 1000
        return self.start + budget * 0.6, self.start + budget

    def _check_limits(self) -> None:
        """Raise SearchStopped on a stop request, the node limit or the clock; otherwise set
        the node count at which to look again (the node limit is met exactly)."""
        if self.stop_requested:
            raise SearchStopped
        nodes = self.stats.nodes
        if self.node_limit and nodes >= self.node_limit:
            raise SearchStopped
        if self.hard_deadline and time.perf_counter() >= self.hard_deadline:
            raise SearchStopped
        self.next_check = nodes + CLOCK_CHECK_INTERVAL
        if self.node_limit:
            self.next_check = min(self.next_check, self.node_limit)

    # -- the tree ----------------------------------------------------------------------------

    def _root(self, depth: int, guess: int | None = None) -> int:
        """The root searched to ``depth``: with aspiration windows (``guess`` the previous
        iteration's score), first in a window around the guess, widened on the side it
        fails on until the score falls inside; otherwise with the full window."""
        if (
            guess is None
            or not self.config.aspiration
            or depth < ASPIRATION_DEPTH
            or abs(guess) >= MATE_BOUND
        ):
            return self._root_window(depth, -INFINITY, INFINITY)
        width = ASPIRATION_WINDOW
        alpha, beta = guess - width, guess + width
        while True:
            score = self._root_window(depth, alpha, beta)
            if alpha < score < beta or (alpha == -INFINITY and beta == INFINITY):
                return score
            width *= 4
            if score <= alpha:
                alpha = max(score - width, -INFINITY) if width < INFINITY else -INFINITY
            else:
                beta = min(score + width, INFINITY) if width < INFINITY else INFINITY

    def _root_window(self, depth: int, alpha: int, beta: int) -> int:
        self.root_best: int | None = None
        self.root_best_score = -INFINITY
        self.root_alpha = alpha
        self.root_first = 0
        self.root_searched = 0
        # The root has no previous move, however it was reached: a search of a position
        # depends on the position and the game's history of repetitions, not on the path.
        return self._search(depth, alpha, beta, 0, 0, True, False)

    def _repetition_score(self, ply: int) -> int | None:
        """The score of a repetition of the current position inside its reversible stretch, or
        None: no repetition, or only ones the variant's rules judge at a later occurrence."""
        pos = self.pos
        hashes = pos.hashes
        last = len(hashes) - 1
        current = hashes[last]
        occurrences = 1
        for back in range(4, min(pos.halfmove, last) + 1, 2):
            if hashes[last - back] == current:
                occurrences += 1
                checks = self.checks[len(self.checks) - 1 - back :]
                verdict = self.variant.repetition_result(pos, checks[::-1], occurrences)
                if verdict is not None:
                    return verdict * (MATE - ply) if verdict else 0
        return None

    def _search(
        self,
        depth: int,
        alpha: int,
        beta: int,
        ply: int,
        prev_move: int,
        is_pv: bool,
        allow_null: bool,
    ) -> int:
        stats = self.stats
        stats.nodes += 1
        if stats.nodes >= self.next_check or self.stop_requested:
            self._check_limits()
        pos = self.pos
        self.pv_table[ply] = []
        in_check = pos.is_check()
        if in_check and self.check_extension:
            depth += 1
        self.checks.append(in_check)
        try:
            if ply:
                if self.rule_draw(pos):
                    return 0
                if pos.halfmove >= 4:  # a repetition takes four reversible plies at least
                    repeated = self._repetition_score(ply)
                    if repeated is not None:
                        return repeated
                if ply >= MAX_PLY:
                    return self.evaluate(pos)
            if depth <= 0:
                # asks `rule_result` itself
                return self._quiesce(alpha, beta, ply, in_check, self.quiescence_checks)
            if ply and self.rule_result is not None:
                result = self.rule_result(pos)
                if result is not None:
                    return (MATE - ply) * result
            return self._expand(depth, alpha, beta, ply, prev_move, is_pv, allow_null, in_check)
        finally:
            self.checks.pop()

    def _expand(self, depth, alpha, beta, ply, prev_move, is_pv, allow_null, in_check) -> int:
        pos = self.pos
        stats = self.stats
        tt = self.tt
        key = pos.hash
        hash_move = 0
        if tt:
            entry = tt.probe(key)
            if entry is not None:
                stats.tt_hits += 1
                hash_move = entry[4]
                if entry[1] >= depth and not is_pv and ply:
                    score = _from_tt(entry[2], ply)
                    bound = entry[3]
                    if (
                        bound == EXACT
                        or (bound == LOWER and score >= beta)
                        or (bound == UPPER and score <= alpha)
                    ):
                        return score
        # One static evaluation serves reverse futility, null move and futility (all at
        # non-PV nodes not in check; the root is always a PV node).
        static_known = False
        static_score = 0
        if not is_pv and not in_check and ply:
            if (
                self.reverse_futility
                and depth <= REVERSE_FUTILITY_DEPTH
                and -MATE_BOUND < beta < MATE_BOUND  # no static fail-high against a mate
            ):
                static_score = self.evaluate(pos)
                static_known = True
                if static_score - REVERSE_FUTILITY_MARGIN * depth >= beta:
                    return static_score - REVERSE_FUTILITY_MARGIN * depth
            if self.null_move and allow_null and depth >= 3:
                if not static_known:
                    static_score = self.evaluate(pos)
                    static_known = True
                if static_score >= beta and self._has_pieces(pos):
                    pos.make_null()
                    score = -self._search(
                        depth - 1 - NULL_REDUCTION, -beta, -beta + 1, ply + 1, 0, False, False
                    )
                    pos.unmake_null()
                    if score >= beta:
                        return beta
        node = self._node(ply, depth, prev_move, hash_move, in_check)
        ordered = self.orderer.pick(node) if ply and self.staged else None
        if ordered is None:
            if ply:
                moves = pos.legal_moves()
            else:
                moves = [move for move in self.root_moves if move not in self.root_excluded]
            if not moves:
                return (MATE - ply) * self.variant.no_move_result(pos, in_check)
            stats.expanded += 1
            stats.branching_sum += len(moves)
            ordered = self.orderer.order(node, moves)
            if not ply:
                self.root_first = ordered[0]
        prune = self.guard_prune_depth and depth <= self.guard_prune_depth and not in_check
        futility_score = None
        if self.futility and depth < len(FUTILITY_MARGINS) and not is_pv and not in_check:
            futility_score = (
                static_score if static_known else self.evaluate(pos)
            ) + FUTILITY_MARGINS[depth]
            if futility_score > alpha:
                futility_score = None
        # Late-move pruning: the same nodes as futility's (non-PV, not in check), below the
        # root, within its depth; `late_count` 0 where move counts prune nothing.
        shallow = not is_pv and not in_check and ply
        late_count = (
            LATE_MOVE_COUNTS[depth]
            if self.late_move_pruning and shallow and depth <= LATE_MOVE_PRUNING_DEPTH
            else 0
        )
        best_score, best_move = -INFINITY, 0
        original_alpha = alpha
        searched = 0
        index = -1
        for index, move in enumerate(ordered):
            if (
                prune
                and searched
                and not is_capture(pos, move)
                and self.orderer.prunable(node, move)
                and not gives_check(pos, move)
            ):
                stats.guard_prunes += 1
                continue
            # neither a capture nor a promotion (`core.moves.is_quiet` written out: no call)
            quiet = not (
                pos.board[move >> SQUARE_BITS & SQUARE_MASK]
                or move >> SPECIAL_SHIFT == SIDE_CAPTURE
                or move >> PROMOTION_SHIFT & PROMOTION_MASK
            )
            # a late quiet move, pruned unless it gives check
            skip = searched and late_count and quiet and index >= late_count
            pos.make(move)
            if futility_score is not None and searched and quiet and not pos.is_check():
                pos.unmake()  # futile: a quiet move cannot lift the score to alpha
                best_score = max(best_score, futility_score)
                continue
            if skip and not pos.is_check():
                pos.unmake()
                continue
            if not searched or not self.pvs:
                score = -self._search(depth - 1, -beta, -alpha, ply + 1, move, is_pv, True)
            else:
                reduction = 0
                if (
                    self.lmr
                    and depth >= LMR_MIN_DEPTH
                    and searched >= LMR_MIN_SEARCHED
                    and not in_check
                    and quiet
                    and not pos.is_check()
                ):
                    reduction = REDUCTIONS[min(depth, LMR_TABLE_SIZE - 1)][
                        min(searched, LMR_TABLE_SIZE - 1)
                    ]
                    if is_pv and reduction > 1:  # a ply less on the principal variation
                        reduction -= 1
                score = -self._search(
                    depth - 1 - reduction, -alpha - 1, -alpha, ply + 1, move, False, True
                )
                if score > alpha and (reduction or score < beta):
                    score = -self._search(depth - 1, -beta, -alpha, ply + 1, move, is_pv, True)
            pos.unmake()
            searched += 1
            if not ply:
                self.root_searched += 1
            if score > best_score:
                best_score, best_move = score, move
                if ply == 0:
                    self.root_best, self.root_best_score = move, score
                if score > alpha:
                    alpha = score
                    self.pv_table[ply] = [move] + self.pv_table[ply + 1]
                    if score >= beta:
                        stats.beta_cutoffs += 1
                        stats.cutoff_index_sum += index
                        if index == 0:
                            stats.first_move_cutoffs += 1
                            stats.cutoff_first_by[self.orderer.first_placed_by(node)] += 1
                        self.orderer.on_cutoff(node, move)
                        break
        if index < 0:  # a staged pick found no legal move
            return (MATE - ply) * self.variant.no_move_result(pos, in_check)
        if node.legal_count is not None:  # a staged pick that generated every move
            stats.expanded += 1
            stats.branching_sum += node.legal_count
        if tt and (ply or not (self.root_restricted or self.root_excluded)):
            bound = LOWER if best_score >= beta else EXACT if best_score > original_alpha else UPPER
            # A fail-low has no best move: every score is an upper bound. Keep the move the
            # table had for this position (0 if none), as Stockfish does.
            tt.store(
                key,
                depth,
                _to_tt(best_score, ply),
                bound,
                hash_move if bound == UPPER else best_move,
            )
        return best_score

    def _has_pieces(self, pos: Position) -> bool:
        """Whether the side to move has a piece other than its royal piece and its least
        valuable kind (pawns, soldiers): without one, passing may be its best move
        (zugzwang), and a null move would prove nothing."""
        board = pos.board
        for piece in self.null_move_pieces[pos.side]:
            if piece in board:  # a byte search of the board, in C in either kernel
                return True
        return False

    def _node(self, ply: int, depth: int, prev_move: int, hash_move: int, in_check: bool) -> Node:
        """The reused `Node` of ``ply``, filled in for the position being expanded."""
        node = self.nodes_per_ply[ply]
        return node.fill(self.pos, depth, prev_move, hash_move, in_check)

    def _quiesce(
        self, alpha: int, beta: int, ply: int, in_check: bool, checks: bool = False
    ) -> int:
        """Quiescence: stand pat, then captures and promotions as the config's mode says
        (`QUIESCENCE_MODES`), in its `QUIESCENCE_ORDERS` order; every evasion when in check
        (unless ``quiescence_evasions`` is off); no move at all in check is mate. With
        ``checks`` (the first quiescence ply when ``quiescence_checks`` is on; ``pruned`` mode,
        not in check), after the captures the quiet moves that give check and do not lose
        material by SEE, in generation order. Its nodes count as ``qnodes``."""
        stats = self.stats
        if ply > stats.seldepth:  # (not max(): a builtin call per node costs Python more)
            stats.seldepth = ply
        pos = self.pos
        mode = self.quiescence
        if mode == "none" or ply >= MAX_PLY:
            return self.evaluate(pos)
        if self.rule_result is not None:
            result = self.rule_result(pos)
            if result is not None:
                return (MATE - ply) * result
        pruned = False
        if in_check and self.quiescence_evasions:
            moves = pos.legal_moves()
            if not moves:
                return (MATE - ply) * self.variant.no_move_result(pos, in_check)
            best = -INFINITY
        else:
            pruned = mode == "pruned"
            if not pruned or in_check:
                legal = pos.legal_moves()
                if not legal:  # mate, or stalemate: a draw or a loss where the variant says so
                    return (MATE - ply) * self.variant.no_move_result(pos, in_check)
            best = (
                self.evaluate_within(pos, alpha, beta)
                if self.evaluate_within
                else self.evaluate(pos)
            )
            if best >= beta:
                return best
            if best > alpha:
                alpha = best
            if pruned:
                moves = pos.legal_captures()
            else:
                promotions = self.quiescence_promotions
                moves = [
                    m for m in legal if is_capture(pos, m) or (promotions and move_promotion(m))
                ]
                if mode == "safe":
                    moves = [m for m in moves if see(pos, m) >= 0]
            if len(moves) > 1:
                moves = captures_in_order(pos, moves, self.capture_key)
        values = pos._kind_values
        board = pos.board
        for move in moves:
            if pruned:
                gain = _gain(pos, move, values)
                if best + gain + DELTA_MARGIN <= alpha:
                    continue  # delta pruning: even winning this cannot reach alpha
                if (
                    move >> PROMOTION_SHIFT & PROMOTION_MASK
                    or values[board[move & SQUARE_MASK] & KIND_MASK] > gain
                ) and see(pos, move) < 0:
                    continue  # loses material (a capturer worth at most its victim cannot)
            stats.nodes += 1
            stats.qnodes += 1
            if stats.nodes >= self.next_check or self.stop_requested:
                self._check_limits()
            pos.make(move)
            score = -self._quiesce(-beta, -alpha, ply + 1, pos.is_check())
            pos.unmake()
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if score >= beta:
                        return best
        if checks and pruned and not in_check:
            best = self._quiet_checks(alpha, beta, ply, best)
        return best

    def _quiet_checks(self, alpha: int, beta: int, ply: int, best: int) -> int:
        """The quiet checks of quiescence's first ply (`SearchConfig.quiescence_checks`),
        searched after the captures failed to reach beta: each quiet legal move that gives
        check and loses no material by SEE, its reply searched as quiescence in check (every
        evasion, so a mate is found). The seed: Stockfish's qsearch, which generates quiet
        checks at its first ply (``DEPTH_QS_CHECKS``) and skips the moves SEE says lose;
        here after every capture rather than merged with them."""
        stats = self.stats
        pos = self.pos
        board = pos.board
        for move in pos.legal_moves():
            if (
                board[move >> SQUARE_BITS & SQUARE_MASK]
                or move >> SPECIAL_SHIFT == SIDE_CAPTURE
                or move >> PROMOTION_SHIFT & PROMOTION_MASK
            ):
                continue  # a capture or promotion: searched already
            if not gives_check(pos, move) or see(pos, move) < 0:
                continue
            stats.nodes += 1
            stats.qnodes += 1
            if stats.nodes >= self.next_check or self.stop_requested:
                self._check_limits()
            pos.make(move)
            score = -self._quiesce(-beta, -alpha, ply + 1, True)
            pos.unmake()
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if score >= beta:
                        break
        return best


def captures_in_order(pos: Position, moves: list[int], capture_key) -> list[int]:
    """``moves`` by ``capture_key`` (position, move -> score), greatest first, ties in their
    order: what ``moves.sort(key=..., reverse=True)`` gives, computed as one int per move (its
    key times the move count, plus its place counted from the end) sorted as plain ints, so
    the sort calls no key function; the default key, `victim_first`, is called directly (a C
    call in the compiled kernel)."""
    count = len(moves)
    by_victim = capture_key is victim_first
    packed = []
    for i in range(count):
        move = moves[i]
        key = victim_first(pos, move) if by_victim else capture_key(pos, move)
        packed.append(key * count + (count - 1 - i))
    packed.sort(reverse=True)
    ordered = []
    for key in packed:
        ordered.append(moves[count - 1 - key % count])
    return ordered


def victim_first(pos: Position, move: int) -> int:
    """MVV-LVA: the captured piece's value, then the capturer's cheapness; promotions count
    the promoted piece's value."""
    values = pos._kind_values
    board = pos.board
    gain = _gain(pos, move, values)
    return 16 * gain - values[board[move & SQUARE_MASK] & KIND_MASK] if gain else 0


def material_difference(pos: Position, move: int) -> int:
    """The material a capture or promotion gains minus its capturer's, greatest gain first,
    in the chessmaps values Greer's move ordering uses (the variant's ``chessmaps_values``,
    a kind's lowest value; the royal piece its capture-sequence value, so it captures last):
    Greer 2000 orders his quiescence's captures "in the same way as the capture moves of the
    complete move ordering method"."""
    variant = pos.variant
    table = variant.chessmaps_values
    values = table.material
    mover = pos.board[move_from(move)]
    capturer = (
        table.royal_exchange_value if mover in variant.royal_pieces else values[mover & KIND_MASK]
    )
    return _gain(pos, move, values) - capturer


def _gain(pos: Position, move: int, values) -> int:
    """What a capture or promotion gains: the victim's value plus the promoted piece's, in
    ``values`` (kind -> value). The move's fields read in place (`core.moves`' accessors
    written out, here and in quiescence: no function call per capture)."""
    victim = pos.board[move >> SQUARE_BITS & SQUARE_MASK]
    if move >> SPECIAL_SHIFT == SIDE_CAPTURE:
        victim = pos.variant.side_capture_victim[pos.side]
    promotion = move >> PROMOTION_SHIFT & PROMOTION_MASK
    return (values[victim & KIND_MASK] if victim else 0) + (values[promotion] if promotion else 0)


def _to_tt(score: int, ply: int) -> int:
    if score >= MATE_BOUND:
        return score + ply
    if score <= -MATE_BOUND:
        return score - ply
    return score


def _from_tt(score: int, ply: int) -> int:
    if score >= MATE_BOUND:
        return score - ply
    if score <= -MATE_BOUND:
        return score + ply
    return score
