"""`Searcher`: the search's driver, plain Python around the compiled `Tree`. It does what
happens once per search or per iteration: the evaluation's tables set on the position, the
root moves (``searchmoves``), iterative deepening, aspiration windows, MultiPV lines, the soft
deadline between iterations, the iteration a limit cut short, and the fallback move when no
root move was searched to the end."""

from __future__ import annotations

import gc
import time

from xqchess.core.moves import is_capture
from xqchess.core.position import Position
from xqchess.core.search.config import PLAY, SearchConfig
from xqchess.core.search.limits import Limits, deadlines
from xqchess.core.search.node import MAX_PLY, MoveOrderer
from xqchess.core.search.report import Iteration, SearchResult, Unfinished
from xqchess.core.search.scores import INFINITY, MATE, MATE_BOUND, mate_in
from xqchess.core.search.tree import SearchStopped, Tree
from xqchess.core.see import see

#: The aspiration window's first half-width around the previous iteration's score
#: (centipawns), from `ASPIRATION_DEPTH` on; it widens fourfold on each fail.
ASPIRATION_WINDOW = 50
ASPIRATION_DEPTH = 4


class Searcher(Tree):
    """Searches positions of any game with a given move orderer and configuration (`PLAY`
    when none is given): the driver of the compiled `Tree` it extends."""

    def __init__(self, orderer: MoveOrderer, config: SearchConfig | None = None) -> None:
        if config is not None and not isinstance(config, SearchConfig):
            raise TypeError(f"config must be a SearchConfig, got {type(config).__name__}")
        super().__init__(orderer, config or PLAY)

    def new_game(self) -> None:
        """Forget what was learnt: the orderer's tables and the transposition table."""
        self.orderer.reset()
        if self.tt:
            self.tt.clear()

    def search(self, pos: Position, limits: Limits, on_iteration=None) -> SearchResult:
        """Search ``pos`` (left as it was) within ``limits``; ``on_iteration(iteration)`` is
        called after each completed depth. Always returns a legal move if one exists: the best
        move of the deepest iteration, or of an unfinished one when it searched that move first
        or no iteration finished; when not one root move was searched to the end, the
        `_fallback_move`. Limits and stop requests are honoured at every node.

        The position is scored with its evaluation's tables while the search runs
        (`Variant.tapered_piece_square` unless the evaluation is ``squares``), and with the
        configuration's tempo.

        Python's cyclic garbage collector is paused while it runs (and restarted after, if
        it was running): the tree allocates lists and tuples by the million but makes no
        reference cycles, so the collector's passes would find nothing to free."""
        collecting = gc.isenabled()
        gc.disable()
        tables = pos.use_tables(
            pos.variant.piece_square
            if self.config.evaluation == "squares"
            else pos.variant.tapered_piece_square
        )
        tempo, pos.tempo = pos.tempo, self.config.tempo
        try:
            return self._iterate(pos, limits, on_iteration)
        finally:
            pos.use_tables(tables)
            pos.tempo = tempo
            if collecting:
                gc.enable()

    def _iterate(self, pos: Position, limits: Limits, on_iteration) -> SearchResult:
        """`search`'s iterative deepening."""
        self.start = time.perf_counter() if limits.started is None else limits.started
        self.soft_deadline, hard_deadline = deadlines(limits, pos.side, self.start)
        self.begin(pos, limits.nodes, hard_deadline)
        stats = self.stats
        self.orderer.new_search()
        if self.tt:
            self.tt.new_search()
        legal = pos.legal_moves()
        wanted = set(limits.searchmoves or legal)
        self.root_moves = [move for move in legal if move in wanted]
        self.root_restricted = len(self.root_moves) < len(legal)
        self.root_excluded = set()
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
                self.unwind()
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

    def _elapsed_ms(self) -> int:
        return int((time.perf_counter() - self.start) * 1000)

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
            return self.search_root(depth, -INFINITY, INFINITY)
        width = ASPIRATION_WINDOW
        alpha, beta = guess - width, guess + width
        while True:
            score = self.search_root(depth, alpha, beta)
            if alpha < score < beta or (alpha == -INFINITY and beta == INFINITY):
                return score
            width *= 4
            if score <= alpha:
                alpha = max(score - width, -INFINITY) if width < INFINITY else -INFINITY
            else:
                beta = min(score + width, INFINITY) if width < INFINITY else INFINITY
