"""A move-ordering pipeline: heuristics in priority order, combined lexicographically.

Each heuristic scores every move; moves are sorted by the tuple of scores, so the first
heuristic decides, the next breaks its ties, and so on; moves tied throughout keep generation
order. The heuristic that separated the first move from the second is credited when that move
fails high (the search's "cutoff placed first by" statistic), under the name its ``credit``
gives (chessmaps names the category and the sector source). A pipeline of one heuristic that
orders in stages (`Heuristic.staged`) hands the search a `StagedOrder`: the same order, each
move worked out only when the search reaches it. Staged picking (`Pipeline.pick`) ranks moves
by one integer per move instead of a tuple (`ordering.ranking.ranked`): the same order, without a
tuple per move and a key call per comparison. The scores that separated the first move from
the second are kept (``Node.order_keys``) only where the node asks for them
(``Node.record_order``): a search without the statistic does none of that work.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from xqchess.core.moves import is_quiet
from xqchess.core.search.node import Node
from xqchess.ordering.heuristic import Heuristic
from xqchess.ordering.ranking import key_at, ranked

GENERATION_ORDER = "generation order"


_EXHAUSTED = object()


def heuristic_columns(heuristics: list[Heuristic], node: Node, moves: list[int]) -> list[list[int]]:
    """Each heuristic's scores of ``moves``, in priority order (a module function: the
    compiled kernel calls each heuristic's scoring as a C method)."""
    columns = []
    for heuristic in heuristics:
        columns.append(heuristic.score(node, moves))
    return columns


def report_cutoff(
    heuristics: list[Heuristic], quiet_learners: list[Heuristic], node: Node, move: int
) -> None:
    """Tell each heuristic that ``move`` failed high at ``node``, and each of
    ``quiet_learners`` which quiet moves the search tried there before it (the node's fields
    read once, not once per heuristic)."""
    pos, prev_move, depth, ply, side = node.pos, node.prev_move, node.depth, node.ply, node.side
    for heuristic in heuristics:
        heuristic.on_cutoff(pos, move, prev_move, depth, ply, side)
    quiets = node.quiets_searched
    if quiets:
        for heuristic in quiet_learners:
            heuristic.on_quiets_before_cutoff(pos, move, quiets, depth, side)


class StagedOrder:
    """Moves in search order, taken from a heuristic's stages as they are first asked for
    (iterating or indexing), and kept so they can be read again."""

    __slots__ = ("stages", "moves")

    def __init__(self, stages: Iterator[int]) -> None:
        self.stages = stages
        self.moves: list[int] = []

    def _reach(self, index: int) -> bool:
        """Take moves from the stages until ``index`` is there; whether it is."""
        moves = self.moves
        while len(moves) <= index:
            move = next(self.stages, _EXHAUSTED)
            if move is _EXHAUSTED:
                return False
            moves.append(move)
        return True

    def __iter__(self) -> Iterator[int]:
        index = 0
        while self._reach(index):
            yield self.moves[index]
            index += 1

    def __getitem__(self, index: int) -> int:
        if index < 0 or not self._reach(index):
            raise IndexError(index)
        return self.moves[index]


#: The stages of a `StagedPick`, in the order it walks them: the hash move; the captures'
#: generation and ranking, then the captures in turn; the leading moves (killers,
#: countermove); the rest's generation and ranking, then the rest in turn; nothing left.
FIRST_MOVE, CAPTURES, CAPTURE_MOVES, LEADING_MOVES, REST, REST_MOVES, DONE = range(7)


class StagedPick:
    """The legal moves of one node in its pipeline's order (`Pipeline.order`'s), worked out in
    stages as the search asks for them (`Pipeline.pick`): an iterator whose state is its stage
    and its place in it, as Stockfish's movepick.cpp walks its stages, so that a node left at
    a cutoff leaves nothing to wind up. The stages:

    - the first heuristic's move to try before any generation (the hash move), where legal
      (checked from its piece's moves alone);
    - where the heuristic after it bounds what quiet moves score (`Heuristic.quiet_ceiling`:
      ``see``, ``mvvlva``), the captures and promotions scoring above that bound, from the
      game's captures-only generator, ranked by every heuristic;
    - the moves the next heuristics rank above all others (`Heuristic.leading`: the killers,
      the countermove), where legal, not yet tried and scoring what quiet moves score, each
      heuristic asked for them when it is reached;
    - the rest, generated, scored and ranked.

    Each stage is ranked by the tables as they stand when it is reached, each move's legality
    tested only when it is reached (`Variant.candidate_is_legal`, where the game has one), and
    ``node.legal_count`` set once every move has been picked. Once ``node.skip_quiets`` is set,
    no quiet move is tested or yielded, and none generated where the rest has not been reached
    after a capture stage (its captures and promotions below the bound are then the rest).
    Where the node keeps the order statistic (``node.record_order``), a ranked stage looks two
    moves ahead to record the scores that separate its first move from its second."""

    __slots__ = (
        "node",
        "pos",
        "pipeline",
        "legality",
        "stage",
        "tried",
        "moves",
        "ranking",
        "at",
        "ahead",
        "captures",
        "capture_scores",
        "leading_at",
        "leading_moves",
        "leading_place",
        "count",
        "skipped",
    )

    def __init__(self, pipeline: Pipeline, node: Node) -> None:
        # (read back through the typed fields: C reads in the compiled kernel)
        self.node = node
        self.pipeline = pipeline
        self.pos = self.node.pos
        variant = self.pos.variant
        if variant is not self.pipeline.candidate_game:
            self.pipeline.candidate_game = variant
            self.pipeline.candidate_test = (
                None if variant.candidates_are_legal else variant.candidate_is_legal
            )
        #: the game's legality test of a candidate move; None where every candidate is legal
        #: (the candidates are then the legal moves, generated without a Python call)
        self.legality = self.pipeline.candidate_test
        self.stage = FIRST_MOVE
        self.tried: list[int] = []  # the moves yielded before the rest's stage
        self.moves: list[int] = []  # the ranked stage's moves
        self.ranking: list[int] = []  # their indexes in order
        self.at = 0  # the next place in the ranking
        self.ahead: list[int] = []  # indexes looked ahead for the order statistic
        self.captures: list[int] = []  # the capture stage's moves, and their scores in its column
        self.capture_scores: list[int] = []
        self.leading_at = -1  # the leading heuristic whose moves are being tried
        self.leading_moves: list[int] = []  # its moves
        self.leading_place = 0  # the next of them
        self.count = 0  # the legal moves yielded
        self.skipped = False  # whether quiet moves were left out (then no legal count)

    def __iter__(self) -> StagedPick:
        return self

    def __next__(self) -> int:
        move = self.next_move()
        if not move:
            raise StopIteration
        return move

    def next_move(self) -> int:
        """The next move, or 0 when none is left."""
        node = self.node
        while True:
            stage = self.stage
            if stage == CAPTURE_MOVES or stage == REST_MOVES:
                index = self._next_ranked()
                if index >= 0:
                    move = self.moves[index]
                    self.count += 1
                    if stage == CAPTURE_MOVES:
                        self.tried.append(move)
                    return move
                if stage == REST_MOVES:
                    if not self.skipped:
                        node.legal_count = self.count
                    self.stage = DONE
                    return 0
                self.stage = LEADING_MOVES
            elif stage == FIRST_MOVE:
                self.stage = CAPTURES
                first_stage = self.pipeline.first_stage
                first = first_stage.first_move(node) if first_stage is not None else 0
                if (
                    first
                    and not (node.skip_quiets and is_quiet(self.pos, first))
                    and self.pos.is_legal(first)
                ):
                    if node.record_order:
                        # the first heuristic scores this move alone above the rest
                        node.order_keys = [(1,), (0,)]
                    self.tried.append(first)
                    self.count += 1
                    return first
            elif stage == CAPTURES:
                self._rank_captures()
            elif stage == LEADING_MOVES:
                move = self._next_leading()
                if move:
                    self.tried.append(move)
                    self.count += 1
                    return move
                self.stage = REST
            elif stage == REST:
                self._rank_rest()
            else:
                return 0

    def _next_ranked(self) -> int:
        """The index of the ranked stage's next move that is legal (and, in the rest, not a
        quiet move the node no longer wants), or -1 when none is left."""
        if self.ahead:
            return self.ahead.pop(0)
        node = self.node
        pos = self.pos
        moves = self.moves
        ranking = self.ranking
        rest = self.stage == REST_MOVES
        while self.at < len(ranking):
            index = ranking[self.at]
            self.at += 1
            move = moves[index]
            if rest and node.skip_quiets and is_quiet(pos, move):
                self.skipped = True
            elif self.legality is None or self.legality(pos, move, node.in_check):
                return index
        return -1

    def _candidates(self, quiets: bool) -> list[int]:
        """The node's candidate moves, captures and promotions only unless ``quiets``: its
        legal moves where every candidate is legal (generated without a Python call)."""
        pos = self.pos
        if self.legality is None:
            return pos.legal_moves() if quiets else pos.legal_captures()
        return pos.variant.candidate_moves(pos, quiets)

    def _look_ahead(self) -> list[int]:
        """The ranked stage's first two moves (indexes), taken now and kept to be yielded
        first: what the order statistic compares."""
        ahead = []
        for _ in range(2):
            index = self._next_ranked()
            if index >= 0:
                ahead.append(index)
        self.ahead = ahead
        return list(ahead)

    def _rank_captures(self) -> None:
        """The captures scoring above the bound, ranked (where the pipeline has a capture
        stage; else on to the leading moves)."""
        self.stage = LEADING_MOVES
        column = self.pipeline.capture_column
        if column < 0:
            return
        node = self.node
        tried = self.tried
        ceiling = self.pipeline.capture_ceiling
        captures = [m for m in self._candidates(False) if m not in tried]
        columns = heuristic_columns(self.pipeline.heuristics, node, captures)
        scores = self.capture_scores = columns[column]
        self.moves = self.captures = captures
        self.ranking = ranked(
            columns, [i for i in range(len(captures)) if scores[i] > ceiling], node.rank_keys
        )
        self.at = 0
        self.stage = CAPTURE_MOVES
        if node.record_order:
            leading = self._look_ahead()
            if leading and not tried:
                # the second move is the next capture of this stage, or one scoring at most
                # the ceiling in this heuristic's column
                first_keys = key_at(columns, leading[0])
                second = (
                    key_at(columns, leading[1])
                    if len(leading) > 1
                    else first_keys[:column] + (ceiling,)
                )
                node.order_keys = [first_keys, second]

    def _next_leading(self) -> int:
        """The next of the moves the leading heuristics rank above the others left that is
        legal, not yet tried, wanted and (after a capture stage) scoring in its column what
        the quiet moves score: the full sort's next moves; 0 when none is left."""
        node = self.node
        pos = self.pos
        pipeline = self.pipeline
        column = pipeline.capture_column
        while True:
            if self.leading_place < len(self.leading_moves):
                move = self.leading_moves[self.leading_place]
                self.leading_place += 1
                if (
                    move
                    and not (node.skip_quiets and is_quiet(pos, move))
                    and move not in self.tried
                    and (
                        column < 0
                        or pipeline.heuristics[column].score(node, [move])[0]
                        == pipeline.capture_ceiling
                    )
                    and pos.is_legal(move)
                ):
                    if node.record_order and not self.tried:
                        # the move the full sort puts second is not known before every move
                        # is generated: the statistic pays for that generation, and the full
                        # sort keeps the scores of its first two moves
                        pipeline.order(node, pos.legal_moves())
                    return move
            else:
                self.leading_at += 1
                if self.leading_at >= len(pipeline.leading_heuristics):
                    return 0
                self.leading_moves = pipeline.leading_heuristics[self.leading_at].leading(node)
                self.leading_place = 0

    def _rank_rest(self) -> None:
        """The moves not yet tried, ranked: generated, or, where the node wants no more quiet
        moves after a capture stage, the captures and promotions below its bound."""
        node = self.node
        pos = self.pos
        tried = self.tried
        if node.skip_quiets and self.pipeline.capture_column >= 0:
            ceiling = self.pipeline.capture_ceiling
            scores = self.capture_scores
            candidates = [m for i, m in enumerate(self.captures) if scores[i] <= ceiling]
        else:
            candidates = self._candidates(True)
        if node.skip_quiets:
            self.skipped = True
            rest = [m for m in candidates if m not in tried and not is_quiet(pos, m)]
        else:
            rest = [m for m in candidates if m not in tried] if tried else candidates
        columns = heuristic_columns(self.pipeline.heuristics, node, rest)
        self.moves = rest
        self.ranking = ranked(columns, list(range(len(rest))), node.rank_keys)
        self.at = 0
        self.stage = REST_MOVES
        if node.record_order:
            leading = self._look_ahead()
            if not tried:
                node.order_keys = [key_at(columns, i) for i in leading]


class Pipeline:
    """Implements `core.search.node.MoveOrderer` with a list of heuristics."""

    def __init__(self, heuristics: list[Heuristic], spec: str) -> None:
        self.heuristics = heuristics
        self.spec = spec
        #: the heuristics that learn from the quiet moves searched before a cutoff; the search
        #: lists those moves only where there is one
        self.quiet_learners = [h for h in heuristics if h.penalises_quiets]
        self.reads_quiets_searched = bool(self.quiet_learners)
        self.stageable = bool(heuristics) and all(h.per_move for h in heuristics)
        #: the first heuristic, when it has a move to try before generation (the hash move)
        first = heuristics[0] if self.stageable else None
        # (the base's method read from its namespace: as an attribute, the compiled kernel
        # would read the C method itself)
        self.first_stage = (
            first if first and type(first).first_move is not vars(Heuristic)["first_move"] else None
        )
        #: the column of the heuristic whose quiet ceiling makes captures a stage (-1: none),
        #: and that ceiling
        column = 1 if self.first_stage else 0
        staged_captures = (
            self.stageable
            and column < len(heuristics)
            and heuristics[column].quiet_ceiling is not None
        )
        self.capture_column = column if staged_captures else -1
        self.capture_ceiling = heuristics[column].quiet_ceiling if staged_captures else 0
        #: the heuristics next after the capture stage (or the first), while each names a
        #: few moves above all others (`Heuristic.leading`: the killers, the countermove):
        #: their moves are tried before the other moves are generated
        start = column + 1 if staged_captures else 1 if self.first_stage else 0
        self.leading_heuristics = []
        if self.stageable:
            for heuristic in heuristics[start:]:
                if type(heuristic).leading is vars(Heuristic)["leading"]:
                    break
                self.leading_heuristics.append(heuristic)
        #: the game whose legality test of a candidate move `candidate_test` holds (None where
        #: its candidates are all legal), looked up at the first pick of a position of it
        self.candidate_game = None
        self.candidate_test = None

    def order(self, node: Node, moves: list[int]) -> Sequence[int]:
        if not self.heuristics:
            node.order_keys = None
            return moves
        if len(self.heuristics) == 1:
            stages = self.heuristics[0].staged(node, moves)
            if stages is not None:
                if node.record_order:
                    # the heuristic's stages separate the first move from the second
                    node.order_keys = [(0,), (-1,)][: len(moves)]
                return StagedOrder(stages)
        keys = list(zip(*heuristic_columns(self.heuristics, node, moves)))
        ranking = sorted(range(len(moves)), key=keys.__getitem__, reverse=True)
        if node.record_order:
            node.order_keys = [keys[i] for i in ranking[:2]]
        return [moves[i] for i in ranking]

    def pick(self, node: Node) -> Iterator[int] | None:
        """The legal moves of ``node`` in `order`'s order, worked out in stages as the search
        reaches them (a `StagedPick`); None when a heuristic's scores depend on the other moves
        scored (`Heuristic.per_move`) or there is no heuristic (generation order): the search
        then generates and orders in full."""
        return StagedPick(self, node) if self.stageable else None

    def scored(self, node: Node, moves: list[int]) -> list[tuple[int, tuple]]:
        """(move, each heuristic's score) in search order: what `xqchess play`'s ``show order``
        displays."""
        ordered = self.order(node, moves)
        columns = heuristic_columns(self.heuristics, node, ordered)
        return list(zip(ordered, zip(*columns))) if columns else [(m, ()) for m in ordered]

    def first_placed_by(self, node: Node) -> str:
        keys = node.order_keys
        if keys and len(keys) == 2:
            for heuristic, first, second in zip(self.heuristics, keys[0], keys[1]):
                if first != second:
                    return heuristic.credit(node, first)
        elif keys:  # a single legal move
            return "only move"
        return GENERATION_ORDER

    def on_cutoff(self, node: Node, move: int) -> None:
        report_cutoff(self.heuristics, self.quiet_learners, node, move)

    def prunable(self, node: Node, move: int) -> bool:
        return any(h.prunable(node, move) for h in self.heuristics)

    def quiet_history(self, node: Node, move: int) -> int | None:
        for heuristic in self.heuristics:
            learnt = heuristic.quiet_history(node, move)
            if learnt is not None:
                return learnt
        return None

    def new_search(self) -> None:
        for heuristic in self.heuristics:
            heuristic.new_search()

    def reset(self) -> None:
        for heuristic in self.heuristics:
            heuristic.reset()
