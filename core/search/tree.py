"""The search tree: negamax alpha-beta with principal-variation search, quiescence and a
transposition table, over any game's positions; the part of the search that runs once per
node, compiled by Cython in the compiled kernel (types in tree.pxd).

`Tree._search` and `Tree._expand` walk one node in the numbered steps of the map below;
`Tree._quiesce` walks quiescence's. The driver (`core.search.driver.Searcher`) calls
`Tree.search_root` once per depth and window and handles everything that happens once per
iteration. Game-agnostic: moves, checks, draws and repetition verdicts come from the position's
variant, move ordering from the `MoveOrderer` handed in.

The main search, `_search` then `_expand`:

- Step 1. Count the node; look at the limits every `CLOCK_CHECK_INTERVAL` nodes.
- Step 2. Check extension: one ply deeper in check.
- Step 3. Draws by rule, repetitions, the ply ceiling (not at the root).
- Step 4. At the horizon, quiescence.
- Step 5. An ending by the game's rules (not at the root).
- Step 6. Transposition table: the hash move, and a cutoff at non-PV nodes; without a hash
  move, internal iterative reduction.
- Step 7. The static score and whether it improved; reverse futility pruning (static null
  move); razoring.
- Step 8. Null move.
- Step 9. Moves: picked in stages, or generated and ordered in full; none is mate or
  stalemate.
- Step 10. Futility and late-move pruning's thresholds.
- Step 11. The move loop: guard, history, SEE, futility and late-move pruning;
  principal-variation search with late-move reductions, re-searched at full depth and window
  where it beats alpha.
- Step 12. A new best move: the principal variation; a beta cutoff teaches the orderer.
- Step 13. No legal move reached by a staged pick: mate or stalemate.
- Step 14. Store the result in the transposition table.

Quiescence, `_quiesce`:

- Step 1. Selective depth; the static evaluation where there is no quiescence or no ply left.
- Step 2. An ending by the game's rules; with ``quiescence_tt``, the transposition table: a
  stored bound that settles the window ends the node, and a position the table does not hold
  stores its result (as a bound, at depth 0) wherever it returns below.
- Step 3. In check, every evasion; otherwise stand pat on the static evaluation.
- Step 4. The mode's captures and promotions, in the configured order.
- Step 5. Delta pruning and SEE pruning (``pruned`` mode), then search each.
- Step 6. Quiet checks at quiescence's first ply (`_quiet_checks`).

A fixed-depth search without a time limit is deterministic.
"""

from __future__ import annotations

import functools
import math
import time
from array import array

from xqchess.core.evaluation import evaluator
from xqchess.core.moves import (
    PROMOTION_MASK,
    PROMOTION_SHIFT,
    SIDE_CAPTURE,
    SPECIAL_SHIFT,
    SQUARE_BITS,
    SQUARE_MASK,
    is_capture,
    move_promotion,
)
from xqchess.core.pieces import KIND_MASK, piece_code
from xqchess.core.position import Position
from xqchess.core.search.captures import (
    capture_gain,
    captures_in_order,
    material_difference,
    victim_first,
)
from xqchess.core.search.config import MAX_PRUNING_DEPTH, SearchConfig
from xqchess.core.search.limits import let_other_threads_run
from xqchess.core.search.node import MAX_PLY, RANK_KEYS, MoveOrderer, Node
from xqchess.core.search.scores import INFINITY, MATE, MATE_BOUND
from xqchess.core.search.stats import SearchStats
from xqchess.core.see import see
from xqchess.core.tt import EXACT, LOWER, UPPER, TranspositionTable

CLOCK_CHECK_INTERVAL = 16  # nodes between looks at the clock
#: Delta pruning's safety margin (centipawns): a capture is skipped in ``pruned`` quiescence
#: when standing pat plus what it takes plus this margin does not reach alpha.
DELTA_MARGIN = 200
# Futility pruning: at a node within the config's ``futility_depth`` plies of the leaves,
# quiet moves that give no check are skipped when the static score plus ``futility_base +
# futility_margin * plies`` centipawns does not reach alpha. Seed: the Chess Programming
# Wiki's "Futility Pruning" (Schaeffer; Heinz's extended futility pruning at two plies), the
# form Stockfish's search.cpp gives it further from the leaves. (Its settings are the
# config's: no constant here.)

#: Null move's depth reduction: the null move is searched to ``depth - 1 - NULL_REDUCTION``.
NULL_REDUCTION = 2
#: ... and with ``adaptive_null_move``, ``NULL_BASE_REDUCTION + depth // NULL_DEPTH_DIVISOR``
#: plies plus one per `NULL_LEAD_STEP` centipawns the static score stands above beta, at most
#: `NULL_LEAD_MAX` more. Seed: Stockfish's search.cpp (Stockfish 11: ``R = (823 + 67 * depth)
#: / 256 + min((eval - beta) / 200, 3)``, about 3 + depth / 4), here in whole plies from
#: depth / 3, as Ethereal and the Chess Programming Wiki's "Null Move Pruning" give it.
NULL_BASE_REDUCTION = 3
NULL_DEPTH_DIVISOR = 3
NULL_LEAD_STEP = 200
NULL_LEAD_MAX = 3
# Reverse futility pruning (static null move): at a non-PV node not in check with at most
# the config's ``reverse_futility_depth`` plies left, the static score minus
# ``reverse_futility_margin`` per ply still at or above beta is returned as the node's score
# (a fail-high) without searching a move.

#: Late-move reductions: a quiet move that gives no check, at a node not in check with at
#: least `LMR_MIN_DEPTH` plies left and `LMR_MIN_SEARCHED` moves already searched, is first
#: searched ``reduction_table(base, divisor)[depth][searched]`` plies shallower (the config's
#: ``lmr_base`` and ``lmr_divisor``; indexes clamped to the table), one ply less at a PV node
#: (but at least one).
#: With ``history_reductions``, a move whose entry in the orderer's history is at most 0 (no
#: cutoff credited to its from and to squares for this side since the entry last aged away, or,
#: under ``history:malus``, more failures than cutoffs by weight) is reduced a ply more. Seed:
#: Stockfish's search.cpp, which adjusts each reduction by the move's history score; it
#: differs in reading only the entry's sign, as the default table (``history:depth2``) only
#: ever grows (no penalty for the moves that did not cut off).
#: With ``cut_node_reductions``, a move at a node expected to cut off is reduced a ply more.
#: The expectation follows the nodes' types of Knuth and Moore's analysis of alpha-beta, as
#: Stockfish's search.cpp passes them down (``cutNode``): a PV node's first move leads to a PV
#: node; any other node's first move, and a null window searched at full depth, to the
#: opposite of its own; a reduced null window to a cut node; a null move to the opposite.
#: Seed: Stockfish's search.cpp (Stockfish 11: ``if (cutNode) r += 2``); it differs in adding
#: one ply, not two.
LMR_MIN_DEPTH = 3
LMR_MIN_SEARCHED = 3
LMR_TABLE_SIZE = 64
#: Late-move (move-count) pruning: at a non-PV node below the root, not in check, with at most
#: the config's ``late_move_pruning_depth`` plies left, once ``LATE_MOVE_COUNTS[depth]`` moves
#: have been picked (4, 7, 12, 19 ...) and one searched, the quiet moves left are skipped,
#: checks too, and a staged pick generates them no more. Seed: Stockfish's move count pruning
#: (search.cpp, ``futility_move_count(improving, depth)`` = (3 + depth²) / (2 - improving),
#: and its move picker's ``skipQuiets``; T. Romstad, M. Costalba, J. Kiiski and the Stockfish
#: developers). It differs as stated: the improving form unless the ``improving`` switch keeps
#: the static scores, and only at non-PV nodes.
LATE_MOVE_COUNTS = tuple(3 + depth * depth for depth in range(MAX_PRUNING_DEPTH + 1))
#: ... and with ``improving`` on, at a node whose static score has not improved, half as many
#: (Stockfish's ``(3 + depth²) / (2 - improving)``)
LATE_MOVE_COUNTS_WORSENING = tuple(count // 2 for count in LATE_MOVE_COUNTS)
#: History pruning: at a non-PV node below the root, not in check, with at most
#: `HISTORY_PRUNING_DEPTH` plies left, after the first move, a quiet move whose entry in the
#: orderer's history is at most 0 (as for ``history_reductions``) is skipped unless it gives
#: check. Seed: Stockfish's search.cpp, which prunes a quiet move at a low reduced depth whose
#: continuation history entries are below ``CounterMovePruneThreshold`` (0); it differs in
#: reading the orderer's from-to history and the depth left, not the reduced depth.
HISTORY_PRUNING_DEPTH = 3
#: Internal iterative reduction: a node below the root with no hash move and at least this many
#: plies left is searched a ply shallower (its move order is a guess, and the table will hold
#: a move for the next visit). Seed: the Chess Programming Wiki's "Internal Iterative
#: Reductions" (Ed Schröder's idea, as Ethereal and Stockfish use it).
IIR_DEPTH = 4
#: Razoring: at a non-PV node not in check with at most `RAZOR_DEPTH` plies left whose static
#: score plus ``RAZOR_MARGINS[depth]`` does not reach alpha, quiescence decides: a score still
#: at or below alpha is returned. Seed: the Chess Programming Wiki's "Razoring" (Birmingham
#: and Kent's idea; the form of Stockfish's search.cpp, quiescence in a null window at alpha).
RAZOR_DEPTH = 2
RAZOR_MARGINS = (0, 300, 500)
#: SEE pruning: below the root, not in check, with at most `SEE_PRUNING_DEPTH` plies left,
#: once a move has been searched, a capture whose static exchange loses more than
#: `SEE_CAPTURE_MARGIN` per ply left, or a quiet move losing more than `SEE_QUIET_MARGIN` per
#: ply left squared, is skipped unless it gives check. Seed: Stockfish's search.cpp (its
#: ``see_ge`` thresholds in the move loop's shallow-depth pruning).
SEE_PRUNING_DEPTH = 4
SEE_CAPTURE_MARGIN = 100
SEE_QUIET_MARGIN = 30
#: Singular extension: below the root, with at least `SINGULAR_DEPTH` plies left and a hash
#: move whose stored score is a lower bound or exact from at least ``depth -
#: SINGULAR_DEPTH_SLACK`` plies, every other move is searched to ``(depth - 1) // 2`` in a null
#: window at the stored score less `SINGULAR_MARGIN` per ply; when all fail low, the hash move
#: is singular and searched a ply deeper; when that bound itself reaches beta, the node returns
#: it (multi-cut). Seed: Stockfish's search.cpp (Stockfish 11's ``singularBeta = ttValue - 2 *
#: depth``, depth halved) and the Chess Programming Wiki's "Singular Extensions" (Anantharaman,
#: Campbell and Hsu, Deep Thought).
SINGULAR_DEPTH = 6
SINGULAR_DEPTH_SLACK = 3
SINGULAR_MARGIN = 2
#: Null-move verification: with at least this many plies left, a null move's fail-high is
#: returned only when a search of the node itself, as deep as the null move's and without a
#: null move there, fails high too (zugzwang caught far from the leaves). Seed: the Chess
#: Programming Wiki's "Null Move Pruning", verified null-move pruning (Tabibi and Netanyahu);
#: it differs from Stockfish's, which verifies with null moves barred for some plies, in
#: barring only the node's own.
NULL_VERIFICATION_DEPTH = 8
#: The static score of a node in check, which has none (the improving test treats it as no
#: evidence either way).
NO_EVAL = -INFINITY - 1


def _reduction(depth: int, searched: int, base: int, divisor: int) -> int:
    """Late-move reduction of the move after ``searched`` others at ``depth``: the
    logarithmic rule of Stockfish and Ethereal, base / 100 + ln(depth) ln(searched) /
    (divisor / 100) plies rounded down (the playing search's default 0.75 + ln(depth)
    ln(searched) / 2.25), at least 1 where reductions apply and at most ``depth - 2`` (the
    reduced search keeps at least one ply)."""
    if depth < LMR_MIN_DEPTH or searched < LMR_MIN_SEARCHED:
        return 0
    grown = int(base / 100 + math.log(depth) * math.log(searched) / (divisor / 100))
    return max(1, min(grown, depth - 2))


def adaptive_null_reduction(depth: int, lead: int) -> int:
    """The null move's reduction with ``adaptive_null_move`` at ``depth`` where the static
    score stands ``lead`` centipawns above beta (at least 0)."""
    steps = lead // NULL_LEAD_STEP
    return NULL_BASE_REDUCTION + depth // NULL_DEPTH_DIVISOR + min(steps, NULL_LEAD_MAX)


@functools.cache
def reduction_table(base: int, divisor: int) -> tuple[tuple[int, ...], ...]:
    """`_reduction` with ``base`` and ``divisor`` for every depth and number of moves searched
    below `LMR_TABLE_SIZE` (made once per pair)."""
    return tuple(
        tuple(_reduction(depth, searched, base, divisor) for searched in range(LMR_TABLE_SIZE))
        for depth in range(LMR_TABLE_SIZE)
    )


class SearchStopped(Exception):
    """Raised inside the tree when a limit is reached; the driver catches it."""


class Tree:
    """The per-node search of one orderer and configuration. The driver sets a search up with
    `begin`, sets the root's moves (``root_moves``, ``root_excluded``, ``root_restricted``) and
    calls `search_root`; the fields ``root_*`` report how far the root got."""

    def __init__(self, orderer: MoveOrderer, config: SearchConfig) -> None:
        self.orderer = orderer
        # the orderer's methods called per node, each looked up once, here
        self.pick_moves = orderer.pick
        self.order_moves = orderer.order
        self.quiet_history = orderer.quiet_history
        self.teach_cutoff = orderer.on_cutoff
        #: whether each node lists its quiet moves searched without a cutoff for the orderer
        self.lists_quiets = orderer.reads_quiets_searched
        self.config = config
        self.capture_key = (
            victim_first if config.quiescence_order == "mvvlva" else material_difference
        )
        #: the buffer quiescence sorts its captures' keys in (`captures_in_order`)
        self.capture_keys = array("q", bytes(8 * RANK_KEYS))
        self.evaluate = evaluator(config.evaluation, config.eval_terms)
        self.tt = TranspositionTable(config.hash_mb) if config.tt else None
        self.nodes_per_ply = [Node(ply, config.order_statistics) for ply in range(MAX_PLY + 2)]
        #: per ply, the static score of the node being expanded there (`NO_EVAL` in check),
        #: kept for the ``improving`` test two plies below
        self.static_evals = [NO_EVAL] * (MAX_PLY + 2)
        #: per ply, the move a singular-extension search leaves out there (0: none)
        self.excluded_moves = [0] * (MAX_PLY + 2)
        self.stop_requested = False
        self.stats = SearchStats()
        self.root_moves: list[int] = []
        self.root_excluded: set[int] = set()
        self.root_restricted = False
        self.root_first = 0
        self.root_best: int | None = None
        self._read_switches()

    def _read_switches(self) -> None:
        """Copy the config's switches the tree reads at every node into its own fields (typed
        in the compiled kernel: no attribute lookup on the config per node); once, as the
        config is frozen."""
        config = self.config
        self.check_extension = config.check_extension
        self.null_move = config.null_move
        self.staged = config.staged
        self.guard_prune_depth = config.guard_prune_depth
        self.futility = config.futility
        self.reverse_futility = config.reverse_futility
        self.late_move_pruning = config.late_move_pruning
        self.iir = config.iir
        self.razoring = config.razoring
        self.see_pruning = config.see_pruning
        self.improving = config.improving
        self.singular_extension = config.singular_extension
        self.null_move_verification = config.null_move_verification
        self.adaptive_null_move = config.adaptive_null_move
        self.history_reductions = config.history_reductions
        self.history_pruning = config.history_pruning
        self.cut_node_reductions = config.cut_node_reductions
        self.quiescence_checks = config.quiescence_checks
        self.quiescence_tt = config.quiescence_tt
        self.pvs = config.pvs
        self.lmr = config.lmr
        self.futility_depth = config.futility_depth
        self.futility_base = config.futility_base
        self.futility_margin = config.futility_margin
        self.reverse_futility_depth = config.reverse_futility_depth
        self.reverse_futility_margin = config.reverse_futility_margin
        self.late_move_pruning_depth = config.late_move_pruning_depth
        self.reductions = reduction_table(config.lmr_base, config.lmr_divisor)
        self.quiescence = config.quiescence
        self.quiescence_evasions = config.quiescence_evasions
        self.quiescence_promotions = config.quiescence_promotions
        self.order_statistics = config.order_statistics

    def stop(self) -> None:
        """Ask the running search (or, if none runs, the next one) to return as soon as
        possible; a thread-safe flag, cleared when that search returns."""
        self.stop_requested = True

    def begin(self, pos: Position, node_limit: int | None, hard_deadline: float | None) -> None:
        """Set up a search of ``pos``: its game's rules, fresh statistics, the node limit and
        the hard deadline (``time.perf_counter()`` seconds) it stops at."""
        self.pos = pos
        self.variant = variant = pos.variant
        self.rule_result = variant.rule_result
        self.rule_draw = variant.rule_draw
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
        self.stats = SearchStats()
        if not self.order_statistics:
            self.stats.cutoff_first_by = None
        self.hard_deadline = hard_deadline
        self.node_limit = node_limit
        self.next_check = min(CLOCK_CHECK_INTERVAL, node_limit or CLOCK_CHECK_INTERVAL)
        self.root_undo = pos.plies
        # check flags of the game's positions before the root, oldest first, aligned with
        # pos.hashes; the search appends one per node on its path
        self.checks = pos.checks_back(pos.plies)[:0:-1]
        self.pv_table: list[list[int]] = [[] for _ in range(MAX_PLY + 2)]

    def unwind(self) -> None:
        """Take back the moves a stopped search left on the position."""
        pos = self.pos
        while pos.plies > self.root_undo:
            pos.unmake_null() if pos.move_back(0) == 0 else pos.unmake()

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
        let_other_threads_run()
        self.next_check = nodes + CLOCK_CHECK_INTERVAL
        if self.node_limit:
            self.next_check = min(self.next_check, self.node_limit)

    def search_root(self, depth: int, alpha: int, beta: int) -> int:
        """The root searched to ``depth`` in the window (``alpha``, ``beta``); its best move
        and score so far, its first move and how many moves it searched to the end are left
        in the ``root_*`` fields (read when a limit cuts the search short)."""
        self.root_best = None
        self.root_best_score = -INFINITY
        self.root_alpha = alpha
        self.root_first = 0
        self.root_searched = 0
        # The root has no previous move, however it was reached: a search of a position
        # depends on the position and the game's history of repetitions, not on the path.
        return self._search(depth, alpha, beta, 0, 0, True, False, False)

    def _repetition_score(self, ply: int) -> int | None:
        """The score of a repetition of the current position inside its reversible stretch, or
        None: no repetition, or only ones the variant's rules judge at a later occurrence."""
        pos = self.pos
        current = pos.hash
        occurrences = 1
        for back in range(4, min(pos.halfmove, pos.plies) + 1, 2):
            if pos.hash_back(back) == current:
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
        cut_node: bool,
    ) -> int:
        """The score of the position at ``ply`` searched ``depth`` plies deep in the window
        (``alpha``, ``beta``): steps 1 to 5 of the map, then `_expand`. ``cut_node``: a cutoff
        is expected here (`LMR_MIN_DEPTH`'s notes)."""
        # Step 1. Count the node; look at the limits.
        stats = self.stats
        stats.nodes += 1
        if stats.nodes >= self.next_check or self.stop_requested:
            self._check_limits()
        pos = self.pos
        self.pv_table[ply] = []
        # Step 2. Check extension.
        in_check = pos.is_check()
        if in_check and self.check_extension:
            depth += 1
        self.checks.append(in_check)
        try:
            # Step 3. Draws by rule, repetitions, the ply ceiling.
            if ply:
                if self.rule_draw(pos):
                    return 0
                if pos.halfmove >= 4:  # a repetition takes four reversible plies at least
                    repeated = self._repetition_score(ply)
                    if repeated is not None:
                        return repeated
                if ply >= MAX_PLY:
                    return self.evaluate.score(pos)
            # Step 4. At the horizon, quiescence (which asks `rule_result` itself).
            if depth <= 0:
                return self._quiesce(alpha, beta, ply, in_check, self.quiescence_checks)
            # Step 5. An ending by the game's rules.
            if ply and self.rule_result is not None:
                result = self.rule_result(pos)
                if result is not None:
                    return (MATE - ply) * result
            return self._expand(
                depth, alpha, beta, ply, prev_move, is_pv, allow_null, in_check, cut_node
            )
        finally:
            self.checks.pop()

    def _expand(
        self, depth, alpha, beta, ply, prev_move, is_pv, allow_null, in_check, cut_node
    ) -> int:
        """Steps 6 to 14 of the map: the node's moves searched."""
        pos = self.pos
        stats = self.stats
        # Step 6. Transposition table: the hash move, and a cutoff at non-PV nodes.
        # A node searched for a singular extension leaves one move out: it neither takes a
        # cutoff from the table nor stores its result there.
        tt = self.tt
        key = pos.hash
        hash_move = 0
        excluded = self.excluded_moves[ply]
        tt_depth = -1
        tt_bound = UPPER
        tt_score = 0
        if tt:
            entry = tt.probe(key)
            if entry is not None:
                stats.tt_hits += 1
                hash_move = entry[4]
                tt_depth = entry[1]
                tt_score = _from_tt(entry[2], ply)
                tt_bound = entry[3]
                if tt_depth >= depth and not is_pv and ply and not excluded:
                    if (
                        tt_bound == EXACT
                        or (tt_bound == LOWER and tt_score >= beta)
                        or (tt_bound == UPPER and tt_score <= alpha)
                    ):
                        return tt_score
        if self.iir and ply and not hash_move and depth >= IIR_DEPTH:
            depth -= 1  # internal iterative reduction
        # Step 7. One static evaluation serves the improving test, reverse futility, razoring,
        # null move and futility (the last four at non-PV nodes not in check; the root is
        # always a PV node). Without the ``improving`` switch every node counts as improving.
        static_known = False
        static_score = 0
        improving = True
        if self.improving:
            if in_check:
                self.static_evals[ply] = NO_EVAL
            else:
                static_score = self.evaluate.score(pos)
                static_known = True
                self.static_evals[ply] = static_score
                if ply >= 2 and self.static_evals[ply - 2] != NO_EVAL:
                    improving = static_score > self.static_evals[ply - 2]
        if not is_pv and not in_check and ply:
            # Reverse futility pruning: a ply's margin less where the score is improving.
            if (
                self.reverse_futility
                and depth <= self.reverse_futility_depth
                and -MATE_BOUND < beta < MATE_BOUND  # no static fail-high against a mate
            ):
                if not static_known:
                    static_score = self.evaluate.score(pos)
                    static_known = True
                margin = self.reverse_futility_margin * (
                    depth - 1 if self.improving and improving else depth
                )
                if static_score - margin >= beta:
                    return static_score - margin
            # Razoring (never against a mate found: quiescence cannot see a shorter one).
            if self.razoring and depth <= RAZOR_DEPTH and -MATE_BOUND < alpha < MATE_BOUND:
                if not static_known:
                    static_score = self.evaluate.score(pos)
                    static_known = True
                if static_score + RAZOR_MARGINS[depth] <= alpha:
                    score = self._quiesce(alpha, alpha + 1, ply, False)
                    if score <= alpha:
                        return score
            # Step 8. Null move.
            if self.null_move and allow_null and depth >= 3 and not excluded:
                if not static_known:
                    static_score = self.evaluate.score(pos)
                    static_known = True
                if static_score >= beta and self._has_pieces(pos):
                    reduction = NULL_REDUCTION
                    if self.adaptive_null_move:
                        reduction = adaptive_null_reduction(depth, static_score - beta)
                    pos.make_null()
                    score = -self._search(
                        depth - 1 - reduction,
                        -beta,
                        -beta + 1,
                        ply + 1,
                        0,
                        False,
                        False,
                        not cut_node,
                    )
                    pos.unmake_null()
                    if score >= beta:
                        if not self.null_move_verification or depth < NULL_VERIFICATION_DEPTH:
                            return beta
                        # verified: the node itself, as deep, with no null move of its own
                        score = self._expand(
                            depth - 1 - reduction,
                            beta - 1,
                            beta,
                            ply,
                            prev_move,
                            False,
                            False,
                            False,
                            cut_node,
                        )
                        if score >= beta:
                            return beta
        # Singular extension: is the hash move the only good one? (Before the node's moves are
        # picked: the search of the others uses this ply's node.)
        singular_move = 0
        if (
            self.singular_extension
            and ply
            and hash_move
            and not excluded
            and depth >= SINGULAR_DEPTH
            and tt_depth >= depth - SINGULAR_DEPTH_SLACK
            and tt_bound != UPPER
            and -MATE_BOUND < tt_score < MATE_BOUND
        ):
            singular_beta = tt_score - SINGULAR_MARGIN * depth
            self.excluded_moves[ply] = hash_move
            try:
                score = self._expand(
                    (depth - 1) // 2,
                    singular_beta - 1,
                    singular_beta,
                    ply,
                    prev_move,
                    False,
                    False,
                    in_check,
                    False,
                )
            finally:
                self.excluded_moves[ply] = 0
            if score < singular_beta:
                singular_move = hash_move
            elif singular_beta >= beta:
                return singular_beta  # multi-cut: another move beats beta too
        # Step 9. Moves: picked in stages, or generated and ordered in full.
        node = self._node(ply, depth, prev_move, hash_move, in_check)
        ordered = self.pick_moves(node) if ply and self.staged else None
        if ordered is None:
            if ply:
                moves = pos.legal_moves()
            else:
                moves = [move for move in self.root_moves if move not in self.root_excluded]
            if not moves:
                return (MATE - ply) * self.variant.no_move_result(pos, in_check)
            stats.expanded += 1
            stats.branching_sum += len(moves)
            ordered = self.order_moves(node, moves)
            if not ply:
                self.root_first = ordered[0]
        # Step 10. Futility and late-move pruning's thresholds.
        prune = self.guard_prune_depth and depth <= self.guard_prune_depth and not in_check
        futility_score = None
        if self.futility and depth <= self.futility_depth and not is_pv and not in_check:
            futility_score = (
                (static_score if static_known else self.evaluate.score(pos))
                + self.futility_base
                + self.futility_margin * depth
            )
            if futility_score > alpha:
                futility_score = None
        # Late-move pruning: the same nodes as futility's (non-PV, not in check), below the
        # root, within its depth; `late_count` 0 where move counts prune nothing. Once that
        # many moves are picked and one searched, the node wants no more quiet moves
        # (``node.skip_quiets``): a staged pick does not even generate them.
        shallow = not is_pv and not in_check and ply
        late_count = (
            (LATE_MOVE_COUNTS if improving else LATE_MOVE_COUNTS_WORSENING)[depth]
            if self.late_move_pruning and shallow and depth <= self.late_move_pruning_depth
            else 0
        )
        see_prune = self.see_pruning and ply and not in_check and depth <= SEE_PRUNING_DEPTH
        history_prune = self.history_pruning and shallow and depth <= HISTORY_PRUNING_DEPTH
        # Step 11. The move loop.
        best_score, best_move = -INFINITY, 0
        original_alpha = alpha
        searched = 0
        index = -1  # the moves picked and not dropped, less one
        picking = iter(ordered)
        while True:
            if late_count and searched and index + 1 >= late_count:
                node.skip_quiets = True
            move = next(picking, 0)
            if not move:
                break
            # neither a capture nor a promotion (`core.moves.is_quiet` written out: no call)
            quiet = not (
                pos.board[move >> SQUARE_BITS & SQUARE_MASK]
                or move >> SPECIAL_SHIFT == SIDE_CAPTURE
                or move >> PROMOTION_SHIFT & PROMOTION_MASK
            )
            if quiet and node.skip_quiets:
                continue  # late-move pruning, checks too (a staged pick yields none of these)
            index += 1
            if move == excluded:
                continue
            if (
                prune
                and searched
                and not is_capture(pos, move)
                and self.orderer.prunable(node, move)
                and not pos.gives_check(move)
            ):
                stats.guard_prunes += 1
                continue
            # a quiet move the history has never seen cut off, or one losing material by SEE:
            # pruned unless it gives check
            skip = False
            if history_prune and searched and quiet:
                skip = self._unproven(node, move)
            if see_prune and searched and not skip:
                skip = see(pos, move) < -(
                    SEE_QUIET_MARGIN * depth * depth if quiet else SEE_CAPTURE_MARGIN * depth
                )
            futile = futility_score is not None and searched and quiet
            if (futile or skip) and not pos.gives_check(move):
                # futile: a quiet move cannot lift the score to alpha
                if futile and futility_score is not None:
                    best_score = max(best_score, futility_score)
                continue
            pos.make(move)
            new_depth = depth if move == singular_move else depth - 1
            # the child's expected type: below a PV node's first move, PV; below another
            # node's first move or a full-depth null window, the opposite of this node's; a
            # reduced null window expects a cutoff
            child_cut = not is_pv and not cut_node
            if not searched or not self.pvs:
                score = -self._search(
                    new_depth, -beta, -alpha, ply + 1, move, is_pv, True, child_cut
                )
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
                    reduction = self.reductions[min(depth, LMR_TABLE_SIZE - 1)][
                        min(searched, LMR_TABLE_SIZE - 1)
                    ]
                    if is_pv and reduction > 1:  # a ply less on the principal variation
                        reduction -= 1
                    if not improving and reduction < depth - 2:  # a ply more: not improving
                        reduction += 1
                    if self.cut_node_reductions and cut_node and reduction < depth - 2:
                        reduction += 1  # a ply more: a cutoff is expected here
                    if (
                        self.history_reductions
                        and reduction < depth - 2
                        and self._unproven(node, move)
                    ):
                        reduction += 1  # a ply more: no cutoff to its credit in the history
                score = -self._search(
                    new_depth - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    move,
                    False,
                    True,
                    True if reduction else not cut_node,
                )
                if score > alpha and (reduction or score < beta):
                    score = -self._search(
                        new_depth, -beta, -alpha, ply + 1, move, is_pv, True, child_cut
                    )
            pos.unmake()
            searched += 1
            if not ply:
                self.root_searched += 1
            # Step 12. A new best move; a beta cutoff teaches the orderer.
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
                            credited = stats.cutoff_first_by  # None: not kept
                            if credited is not None:
                                credited[self.orderer.first_placed_by(node)] += 1
                        self.teach_cutoff(node, move)
                        break
            if quiet and self.lists_quiets:
                node.quiets_searched.append(move)
        # Step 13. No legal move reached by a staged pick: mate or stalemate.
        if index < 0:
            return (MATE - ply) * self.variant.no_move_result(pos, in_check)
        if node.legal_count is not None:  # a staged pick that generated every move
            stats.expanded += 1
            stats.branching_sum += node.legal_count
        # Step 14. Store the result in the transposition table.
        if tt and not excluded and (ply or not (self.root_restricted or self.root_excluded)):
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

    def _unproven(self, node: Node, move: int) -> bool:
        """Whether the orderer's history holds the quiet ``move`` at ``node`` at most 0 (no
        cutoff to its credit, or more failures than cutoffs under malus): what history
        reductions and history pruning read. False where the orderer keeps no history."""
        learnt = self.quiet_history(node, move)
        return learnt is not None and learnt <= 0

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
        # Step 1. Selective depth; the static evaluation without quiescence or plies left.
        stats = self.stats
        if ply > stats.seldepth:  # (not max(): a builtin call per node costs Python more)
            stats.seldepth = ply
        pos = self.pos
        mode = self.quiescence
        if mode == "none" or ply >= MAX_PLY:
            return self.evaluate.score(pos)
        # Step 2. An ending by the game's rules; the transposition table.
        if self.rule_result is not None:
            result = self.rule_result(pos)
            if result is not None:
                return (MATE - ply) * result
        tt = self.tt if self.quiescence_tt else None
        key = 0
        fill = None  # the table where it holds nothing for the position: the result goes there
        if tt:
            key = pos.hash
            entry = tt.probe(key)
            if entry is None:
                fill = tt
            else:
                stats.tt_hits += 1
                tt_score = _from_tt(entry[2], ply)
                tt_bound = entry[3]
                if (
                    tt_bound == EXACT
                    or (tt_bound == LOWER and tt_score >= beta)
                    or (tt_bound == UPPER and tt_score <= alpha)
                ):
                    return tt_score
        original_alpha = alpha
        # Step 3. In check, every evasion; otherwise stand pat.
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
            best = self.evaluate.score_within(pos, alpha, beta)
            if best >= beta:
                if fill is not None:
                    fill.store(key, 0, _to_tt(best, ply), LOWER, 0)
                return best
            if best > alpha:
                alpha = best
            # Step 4. The mode's captures and promotions, in order.
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
                moves = captures_in_order(pos, moves, self.capture_key, self.capture_keys)
        # Step 5. Delta and SEE pruning, then each move searched.
        values = pos._kind_values
        board = pos.board
        for move in moves:
            if pruned:
                gain = capture_gain(pos, move, values)
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
                        if fill is not None:
                            fill.store(key, 0, _to_tt(best, ply), LOWER, move)
                        return best
        # Step 6. Quiet checks at quiescence's first ply.
        if checks and pruned and not in_check:
            best = self._quiet_checks(alpha, beta, ply, best)
        if fill is not None:
            bound = LOWER if best >= beta else EXACT if best > original_alpha else UPPER
            fill.store(key, 0, _to_tt(best, ply), bound, 0)
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
            if not pos.gives_check(move) or see(pos, move) < 0:
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


def _to_tt(score: int, ply: int) -> int:
    """A score as the table stores it: a mate counted from this node, not from the root."""
    if score >= MATE_BOUND:
        return score + ply
    if score <= -MATE_BOUND:
        return score - ply
    return score


def _from_tt(score: int, ply: int) -> int:
    """A stored score read back at ``ply``: a mate counted from the root again."""
    if score >= MATE_BOUND:
        return score - ply
    if score <= -MATE_BOUND:
        return score + ply
    return score
