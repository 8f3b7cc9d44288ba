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
from itertools import chain, islice

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
        #: the column of the heuristic whose quiet ceiling makes captures a stage, if any
        column = 1 if self.first_stage else 0
        self.capture_column = (
            column
            if self.stageable
            and column < len(heuristics)
            and heuristics[column].quiet_ceiling is not None
            else None
        )
        #: the heuristics next after the capture stage (or the first), while each names a
        #: few moves above all others (`Heuristic.leading`: the killers, the countermove):
        #: their moves are tried before the other moves are generated
        start = column + 1 if self.capture_column is not None else 1 if self.first_stage else 0
        self.leading_heuristics = []
        if self.stageable:
            for heuristic in heuristics[start:]:
                if type(heuristic).leading is vars(Heuristic)["leading"]:
                    break
                self.leading_heuristics.append(heuristic)

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
        """The legal moves of ``node`` in `order`'s order, generated in stages as the search
        reaches them (see the module's docstring), each move's legality tested only when it is
        reached (`Variant.candidate_is_legal`); ``node.legal_count`` is set once every move has
        been picked. None when a heuristic's scores depend on the other
        moves scored (`Heuristic.per_move`) or there is no heuristic (generation order): the
        search then generates and orders in full."""
        return self._stages(node) if self.stageable else None

    def _stages(self, node: Node) -> Iterator[int]:
        pos = node.pos
        variant = pos.variant
        # where every candidate is legal, the candidates are the legal moves (in their order:
        # `Variant.candidate_moves`), generated without the default method's Python call
        candidate_is_legal = None if variant.candidates_are_legal else variant.candidate_is_legal
        in_check = node.in_check
        record = node.record_order
        tried = []
        first = self.first_stage.first_move(node) if self.first_stage else 0
        if first and pos.is_legal(first):
            if record:
                # the first heuristic scores this move alone above the rest: it separates it
                node.order_keys = [(1,), (0,)]
            tried.append(first)
            yield first
        column = self.capture_column
        ceiling = None if column is None else self.heuristics[column].quiet_ceiling
        if column is not None:
            captures = (
                pos.legal_captures()
                if candidate_is_legal is None
                else variant.candidate_moves(pos, False)
            )
            captures = [m for m in captures if m not in tried]
            columns = heuristic_columns(self.heuristics, node, captures)
            scores = columns[column]
            ranking = ranked(
                columns,
                [i for i in range(len(captures)) if scores[i] > ceiling],
                node.rank_keys,
            )
            legal = (
                iter(ranking)
                if candidate_is_legal is None
                else (i for i in ranking if candidate_is_legal(pos, captures[i], in_check))
            )
            leading = list(islice(legal, 2))
            if record and leading and not tried:
                # the second move is the next capture of this stage, or one scoring at most
                # the ceiling in this heuristic's column
                first_keys = key_at(columns, leading[0])
                second = (
                    key_at(columns, leading[1])
                    if len(leading) > 1
                    else first_keys[:column] + (ceiling,)
                )
                node.order_keys = [first_keys, second]
            for i in chain(leading, legal):
                tried.append(captures[i])
                yield captures[i]
        # the moves the next heuristics rank above all the others left, in their order, where
        # legal and (after a capture stage) scoring in its column what the quiet moves score:
        # the full sort's next moves
        for heuristic in self.leading_heuristics:
            for move in heuristic.leading(node):
                if (
                    move
                    and move not in tried
                    and (
                        column is None or self.heuristics[column].score(node, [move])[0] == ceiling
                    )
                    and pos.is_legal(move)
                ):
                    if record and not tried:
                        # the move the full sort puts second is not known before every move
                        # is generated: the statistic pays for that generation, and the full
                        # sort keeps the scores of its first two moves
                        self.order(node, pos.legal_moves())
                    tried.append(move)
                    yield move
        candidates = (
            pos.legal_moves() if candidate_is_legal is None else variant.candidate_moves(pos)
        )
        rest = [m for m in candidates if m not in tried] if tried else candidates
        columns = heuristic_columns(self.heuristics, node, rest)
        ranking = ranked(columns, list(range(len(rest))), node.rank_keys)
        legal = (
            iter(ranking)
            if candidate_is_legal is None
            else (i for i in ranking if candidate_is_legal(pos, rest[i], in_check))
        )
        leading = list(islice(legal, 2))
        if record and not tried:
            node.order_keys = [key_at(columns, i) for i in leading]
        count = len(tried)
        for i in chain(leading, legal):
            count += 1
            yield rest[i]
        node.legal_count = count

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
