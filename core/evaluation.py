"""Static evaluation from the variant's material values and piece-square tables, in two forms:
the middlegame tables alone (``squares``, the lab's evaluation, unchanged since the tables were
written) and a *tapered* one that blends middlegame and endgame tables by the game's phase
(``tapered``, the playing search's), as PeSTO and Fruit do.

`Position` keeps one sum per position incrementally in ``pos.score``: each table entry packs a
piece's middlegame value (low bits), its endgame value (shifted by `ENDGAME_SHIFT`) and its
weight in the game phase (shifted by `PHASE_SHIFT`), so one addition per piece moved updates
all three. Middlegame and endgame values are signed for their owner (first player positive);
phase weights count for both colors. The phase is the sum of the weights of the pieces on the
board, at most the variant's ``phase_total`` (the start position's sum): the full total is the
middlegame, 0 the bare endgame.

A game may give the tapered forms tables of their own (`TaperedTables`, made by tuning, as
`xqchess tune` does): ``squares`` then keeps the hand-written middlegame tables, which the lab's
published figures were made with, and ``tapered`` and ``terms`` read the tuned ones
(`Variant.tapered_piece_square`); a search using them sets them on its position for its
duration (`core.position.Position.use_tables`).

A third form, ``terms``, adds the variant's positional terms to the tapered sum
(`Variant.evaluation_terms`: pawn structure, mobility, king shelter and the like, each a
function of the position that returns a packed score), blended by the same phase. They are
computed at the evaluated node, not incrementally, and cached by the position's hash.

The search holds its evaluation as an `Evaluation` object (`evaluator`), whose ``score`` the
compiled kernel calls as a C method at every leaf.

Every form adds the position's ``tempo`` (`Position.tempo`: 0 unless a search sets its
configuration's) for the side to move: having the move is worth something, and without it a
search's scores swing between odd and even depths, as its leaves alternate sides. Seed:
Stockfish's evaluate.cpp, ``Tempo`` (T. Romstad, M. Costalba, J. Kiiski and the Stockfish
developers), and the Chess Programming Wiki's "Tempo".
"""

from __future__ import annotations

import json
import re
from array import array
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from xqchess.core.pieces import BLACK, KIND_MASK, PIECE_CODES, piece_code

if TYPE_CHECKING:
    from xqchess.core.position import Board, Position
    from xqchess.core.variant import Variant

#: where the endgame value and the phase weight sit in a packed score; each field below holds
#: any sum a board can reach (|value| < 2**19)
ENDGAME_SHIFT = 20
PHASE_SHIFT = 40
#: half a unit of each shifted field, for rounding: 1 << (ENDGAME_SHIFT - 1) and
#: 1 << (PHASE_SHIFT - 1), written with literal shifts so that the compiled kernel computes them
#: as 64-bit constants (its C int ``1 << 39`` would overflow)
_ENDGAME_HALF = 1 << 19
_PHASE_HALF = 1 << 39
#: the evaluations a search can use (`SearchConfig.evaluation`)
EVALUATIONS = ("squares", "tapered", "terms")
#: per color, the sign of its terms in a first-player score
SIGN = (1, -1)
#: the slots of a `TermsEvaluation`'s table of term sums (a power of two)
TERMS_CACHE_SIZE = 1 << 17
#: lazy evaluation (quiescence's stand pat): where the tapered score alone is this far above
#: beta or below alpha, the terms are taken not to bring it back into the window and are not
#: computed (centipawns)
LAZY_MARGIN = 150


def pack(middlegame: int, endgame: int, phase: int) -> int:
    """One packed score: middlegame and endgame values and a phase weight."""
    return middlegame + (endgame << ENDGAME_SHIFT) + (phase << PHASE_SHIFT)


def unpack(packed: int) -> tuple[int, int, int]:
    """(middlegame, endgame, phase) of a packed score (the fields may be negative)."""
    phase = (packed + _PHASE_HALF) >> PHASE_SHIFT
    rest = packed - (phase << PHASE_SHIFT)
    endgame = (rest + _ENDGAME_HALF) >> ENDGAME_SHIFT
    return rest - (endgame << ENDGAME_SHIFT), endgame, phase


@dataclass(frozen=True)
class TaperedTables:
    """The tapered evaluation's own tables, per piece kind: middlegame and endgame material
    values and square tables (by square index, from the first player's side, as
    ``Variant.square_tables``), made by tuning; ``source`` says how (the command that remakes
    them). The phase weights stay the variant's."""

    piece_values: dict[int, int]
    square_tables: dict[int, list[int]]
    endgame_piece_values: dict[int, int]
    endgame_square_tables: dict[int, list[int]]
    source: str

    def to_json(self) -> str:
        """The tables as JSON text (kinds as numbers), read back by `from_json`."""

        def by_kind(table: dict) -> dict[str, object]:
            return {str(kind): table[kind] for kind in sorted(table)}

        text = json.dumps(
            {
                "source": self.source,
                "piece_values": by_kind(self.piece_values),
                "square_tables": by_kind(self.square_tables),
                "endgame_piece_values": by_kind(self.endgame_piece_values),
                "endgame_square_tables": by_kind(self.endgame_square_tables),
            },
            indent=1,
        )
        # a square table on one line
        return re.sub(r"\[\s+([-\d,\s]+?)\s+\]", lambda m: f"[{' '.join(m[1].split())}]", text)

    @classmethod
    def from_json(cls, text: str, kinds: tuple[int, ...], size: int) -> TaperedTables:
        """Tables from `to_json`'s text for a game of ``kinds`` and ``size`` squares; raises
        ValueError naming the first fault (a kind missing, a table of the wrong size)."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise ValueError(f"tapered tables are not JSON: {error}") from None
        fields = {}
        for name in (
            "piece_values",
            "square_tables",
            "endgame_piece_values",
            "endgame_square_tables",
        ):
            given = data.get(name)
            if not isinstance(given, dict):
                raise ValueError(f"tapered tables have no {name}")
            table = {int(kind): value for kind, value in given.items()}
            for kind in kinds:
                value = table.get(kind)
                where = f"tapered tables' {name} for kind {kind}"
                if name.endswith("square_tables"):
                    if not isinstance(value, list) or len(value) != size:
                        raise ValueError(f"{where}: not {size} squares")
                    if not all(isinstance(entry, int) for entry in value):
                        raise ValueError(f"{where}: not whole numbers")
                elif not isinstance(value, int):
                    raise ValueError(f"{where}: not a whole number")
            fields[name] = table
        return cls(source=str(data.get("source", "")), **fields)


def piece_square_table(variant: Variant, tables: TaperedTables | None = None) -> list[list[int]]:
    """Per piece code and square: the packed middlegame and endgame values (material plus
    square bonus) and the piece's phase weight, values signed for the owner, from the
    variant's tables, or from ``tables`` where given (the variant's phase weights either way).
    The second player reads its kind's tables rank-mirrored (square tables are from the first
    player's side)."""
    geometry = variant.geometry
    table = [[0] * geometry.size for _ in range(PIECE_CODES)]
    source = tables if tables is not None else variant
    for kind, value in source.piece_values.items():
        squares = source.square_tables[kind]
        endgame_value = source.endgame_piece_values.get(kind, value)
        endgame_squares = source.endgame_square_tables.get(kind, squares)
        weight = variant.phase_weights.get(kind, 0)
        for sq in range(geometry.size):
            mirrored = geometry.square(
                geometry.file_of(sq), geometry.ranks - 1 - geometry.rank_of(sq)
            )
            table[kind][sq] = pack(value + squares[sq], endgame_value + endgame_squares[sq], weight)
            table[piece_code(kind, BLACK)][sq] = pack(
                -(value + squares[mirrored]), -(endgame_value + endgame_squares[mirrored]), weight
            )
    return table


def evaluate(pos: Position) -> int:
    """The middlegame tables' score for the side to move, in centipawns (``squares``), plus
    the position's tempo."""
    packed = pos.score
    rest = packed - (((packed + _PHASE_HALF) >> PHASE_SHIFT) << PHASE_SHIFT)
    score = rest - (((rest + _ENDGAME_HALF) >> ENDGAME_SHIFT) << ENDGAME_SHIFT)
    return (-score if pos.side else score) + pos.tempo


def _blend(packed: int, pos: Position) -> int:
    """A packed score blended by its phase, for the side to move, plus the position's tempo
    (`unpack`'s arithmetic written out: no tuple per evaluated node)."""
    phase = (packed + _PHASE_HALF) >> PHASE_SHIFT
    rest = packed - (phase << PHASE_SHIFT)
    endgame = (rest + _ENDGAME_HALF) >> ENDGAME_SHIFT
    middlegame = rest - (endgame << ENDGAME_SHIFT)
    total = pos._phase_total
    if phase > total:  # (not min(): a builtin call per evaluated node costs Python more)
        phase = total
    score = (middlegame * phase + endgame * (total - phase)) // total
    return (-score if pos.side else score) + pos.tempo


def evaluate_tapered(pos: Position) -> int:
    """The middlegame and endgame scores blended by the phase, for the side to move
    (``tapered``)."""
    return _blend(pos.score, pos)


def mobility_term(
    pos: Position,
    moves: dict[int, Callable[[Board, int, set[int]], int]],
    weights: dict[int, tuple[int, int]],
) -> int:
    """A mobility term, first player's view: per piece of a kind in ``moves``, its move count
    (``moves[kind](board, square, its color's squares)``) less the kind's zero point, times
    its packed weight (``weights[kind]``: zero point, weight)."""
    board = pos.board
    occupied = pos.occupied
    score = 0
    for color in (0, 1):
        own = occupied[color]
        term = 0
        for sq in own:
            kind = board[sq] & KIND_MASK
            count = moves.get(kind)
            if count is not None:
                zero, weight = weights[kind]
                term += (count(board, sq, own) - zero) * weight
        score += SIGN[color] * term
    return score


def open_file_term(
    pos: Position, blocker_kind: int, piece_kind: int, open_file: int, half_open_file: int
) -> int:
    """A file term, first player's view: each piece of ``piece_kind`` on a file with no
    ``blocker_kind`` piece of its own color gains ``half_open_file``, or ``open_file`` where
    the opponent has none there either (packed scores)."""
    board = pos.board
    files = pos.variant.geometry.files
    blocked: list[set[int]] = [set(), set()]
    pieces: list[list[int]] = [[], []]
    occupied = pos.occupied
    for color in (0, 1):
        for sq in occupied[color]:
            kind = board[sq] & KIND_MASK
            if kind == blocker_kind:
                blocked[color].add(sq % files)
            elif kind == piece_kind:
                pieces[color].append(sq % files)
    score = 0
    for color in (0, 1):
        for f in pieces[color]:
            if f not in blocked[color]:
                score += SIGN[color] * (half_open_file if f in blocked[color ^ 1] else open_file)
    return score


@dataclass(frozen=True)
class TermWeights:
    """The weights of a game's fitted terms (`Term`), by feature name: (middlegame, endgame)
    centipawns per unit of the feature's count; ``source`` says how they were made (the
    command that remakes them)."""

    weights: dict[str, tuple[int, int]]
    source: str

    def to_json(self) -> str:
        """The weights as JSON text, one feature a line, read back by `from_json`."""
        lines = ",\n".join(
            f"  {json.dumps(name)}: [{middlegame}, {endgame}]"
            for name, (middlegame, endgame) in self.weights.items()
        )
        return f'{{\n "source": {json.dumps(self.source)},\n "weights": {{\n{lines}\n }}\n}}'

    @classmethod
    def from_json(cls, text: str, features: tuple[str, ...]) -> TermWeights:
        """Weights from `to_json`'s text for exactly ``features``; raises ValueError naming
        the first fault (not JSON, a feature missing or unknown, a weight not two whole
        numbers)."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise ValueError(f"term weights are not JSON: {error}") from None
        given = data.get("weights") if isinstance(data, dict) else None
        if not isinstance(given, dict):
            raise ValueError("term weights have no weights")
        unknown = [name for name in given if name not in features]
        if unknown:
            raise ValueError(f"term weights name an unknown feature {unknown[0]!r}")
        weights = {}
        for name in features:
            value = given.get(name)
            if (
                not isinstance(value, list)
                or len(value) != 2
                or not all(type(entry) is int for entry in value)
            ):
                raise ValueError(f"term weight {name!r}: not two whole numbers")
            weights[name] = (value[0], value[1])
        return cls(weights, str(data.get("source", "")))


class Term:
    """A positional term as named features and their weights, the form `xqchess tune
    --terms` fits. ``count(pos)`` lists the counts of ``counted`` (the features the count
    function counts, ``features`` where None), each the first player's less the second's: the
    terms of one game may share one count over all their features, so that an evaluation
    using several of them counts the position once (`joined`). The term's packed score (first
    player's view) is the sum of each of its features' counts times the feature's weight.
    ``start`` are the published weights a fit starts from, ``weights`` the ones the term plays
    with (a game's fitted ones, or the start where it ships none)."""

    def __init__(
        self,
        features: tuple[str, ...],
        count: Callable[[Position], list[int]],
        start: dict[str, tuple[int, int]],
        weights: dict[str, tuple[int, int]] | None = None,
        counted: tuple[str, ...] | None = None,
    ) -> None:
        self.features = features
        self.count = count
        self.start = start
        self.weights = start if weights is None else weights
        self.counted = features if counted is None else counted
        unknown = [name for name in features if name not in self.counted]
        if unknown:
            raise ValueError(f"term feature {unknown[0]!r} is not counted")
        self.indices = [self.counted.index(name) for name in features]
        # one packed weight per counted feature, 0 for those of other terms
        self.packed = [0] * len(self.counted)
        for name, index in zip(features, self.indices):
            self.packed[index] = pack(*self.weights[name], 0)

    def counts(self, pos: Position) -> list[int]:
        """The counts of the term's own features, in the order of ``features``."""
        counts = self.count(pos)
        return [counts[index] for index in self.indices]

    def with_weights(self, weights: dict[str, tuple[int, int]]) -> Term:
        """The same term playing with ``weights``."""
        return Term(self.features, self.count, self.start, weights, self.counted)

    def score(self, pos: Position) -> int:
        """The term's packed score for ``pos``, first player's view."""
        counts = self.count(pos)
        packed = self.packed
        score = 0
        for index in range(len(packed)):
            count = counts[index]
            weight = packed[index]
            score += count * weight
        return score

    def __call__(self, pos: Position) -> int:
        return self.score(pos)


def joined(terms: tuple[Callable, ...]) -> tuple[Callable, ...]:
    """``terms`` with the `Term`s that share a count joined into one, which counts the
    position once for all of them (other term functions as they are)."""
    groups: dict[object, list[Term]] = {}
    others = []
    for term in terms:
        if isinstance(term, Term):
            groups.setdefault(term.count, []).append(term)
        else:
            others.append(term)
    result: list[Callable] = []
    for group in groups.values():
        first = group[0]
        if len(group) == 1:
            result.append(first)
            continue
        features = tuple(name for term in group for name in term.features)
        result.append(
            Term(
                features,
                first.count,
                {name: term.start[name] for term in group for name in term.features},
                {name: term.weights[name] for term in group for name in term.features},
                first.counted,
            )
        )
    return tuple(result + others)


def selected_terms(variant: Variant, names: tuple[str, ...] | None) -> tuple[Callable, ...]:
    """The term functions of ``variant`` named in ``names`` (None: all of them); raises
    ValueError naming a term the variant does not have."""
    terms = variant.evaluation_terms
    if names is None:
        return tuple(terms.values())
    unknown = [name for name in names if name not in terms]
    if unknown:
        raise ValueError(
            f"{variant.name} has no evaluation term {unknown[0]!r} (its terms: "
            f"{', '.join(terms) or 'none'})"
        )
    return tuple(terms[name] for name in names)


class Evaluation:
    """A static evaluation as the search calls it at every leaf: ``score(pos)``, for the side
    to move, in centipawns, and ``score_within(pos, alpha, beta)``, the lazy form quiescence
    stands pat with (the full score unless a subclass knows a cheaper one that cannot matter
    outside the window). An evaluation is also callable: ``evaluation(pos)`` is its score."""

    def score(self, pos: Position) -> int:
        raise NotImplementedError

    def score_within(self, pos: Position, alpha: int, beta: int) -> int:
        return self.score(pos)

    def __call__(self, pos: Position) -> int:
        return self.score(pos)


class SquaresEvaluation(Evaluation):
    """``squares``: `evaluate`."""

    def score(self, pos: Position) -> int:
        return evaluate(pos)


class TaperedEvaluation(Evaluation):
    """``tapered``: `evaluate_tapered`."""

    def score(self, pos: Position) -> int:
        return _blend(pos.score, pos)


class TermsEvaluation(Evaluation):
    """``terms``: the tapered sum plus the variant's terms named in ``names`` (None: all),
    for the side to move. The terms' sum depends on the board alone, so each evaluation keeps
    the sums it computed in a table of `TERMS_CACHE_SIZE` slots by position hash (a slot holds
    the last position that fell in it, its full hash kept to tell positions apart), which
    changes no score. ``score_within`` skips the terms where the tapered score is `LAZY_MARGIN`
    beyond the window."""

    def __init__(self, names: tuple[str, ...] | None = None) -> None:
        self.names = names
        self.variant: Variant | None = None
        #: the chosen terms of ``variant``: the `Term`s, scored as C methods, and the others
        self.counted_terms: list[Term] = []
        self.other_terms: list[Callable] = []
        self.cache_keys = array("Q", bytes(8 * TERMS_CACHE_SIZE))
        self.cache_values = array("q", bytes(8 * TERMS_CACHE_SIZE))
        self.cache_filled = bytearray(TERMS_CACHE_SIZE)

    def _choose(self, variant: Variant) -> None:
        """Take ``variant``'s terms (the cache is emptied: its sums were another game's)."""
        functions = joined(selected_terms(variant, self.names))
        self.counted_terms = [term for term in functions if isinstance(term, Term)]
        self.other_terms = [term for term in functions if not isinstance(term, Term)]
        self.cache_filled = bytearray(TERMS_CACHE_SIZE)
        self.variant = variant

    def terms(self, pos: Position) -> int:
        """The packed sum of the terms of ``pos``, first player's view."""
        if pos.variant is not self.variant:
            self._choose(pos.variant)
        filled = self.cache_filled  # C chars, compiled
        key = pos.hash
        slot = key & (TERMS_CACHE_SIZE - 1)
        if filled[slot] and self.cache_keys[slot] == key:
            return self.cache_values[slot]
        extra = 0
        for term in self.counted_terms:
            extra += term.score(pos)
        for function in self.other_terms:
            extra += function(pos)
        self.cache_keys[slot] = key
        self.cache_values[slot] = extra
        filled[slot] = 1
        return extra

    def score(self, pos: Position) -> int:
        return _blend(pos.score + self.terms(pos), pos)

    def score_within(self, pos: Position, alpha: int, beta: int) -> int:
        """The terms evaluation where it may fall in (alpha, beta), else the tapered one."""
        score = _blend(pos.score, pos)
        if score - LAZY_MARGIN >= beta or score + LAZY_MARGIN <= alpha:
            return score
        return self.score(pos)


def evaluator(name: str, terms: tuple[str, ...] | None = None) -> Evaluation:
    """The evaluation called ``name`` (one of `EVALUATIONS`); ``terms`` selects the ``terms``
    evaluation's terms. Raises ValueError for an unknown name."""
    if name == "terms":
        return TermsEvaluation(terms)
    if name == "tapered":
        return TaperedEvaluation()
    if name == "squares":
        return SquaresEvaluation()
    raise ValueError(f"evaluation {name!r} is not one of {', '.join(EVALUATIONS)}")
