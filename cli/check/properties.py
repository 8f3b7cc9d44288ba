"""The move generator's invariants, checked with hypothesis on positions reached by random play.

Each property is a function of a `Position` that raises `PropertyViolation`, its message naming
on one line what broke, where the game's rules contradict themselves: make and unmake restore
everything, the partial generators agree with the full list, no legal move leaves the mover's
royal piece attacked, perft counts the legal moves, the FEN reads back, the attack probes
agree, and every notation reads back what it writes. None needs an oracle: the game is checked
against itself.

`check_properties` runs them all on a `Variant` (a registered game or any other instance, a
deliberately faulty one included). Hypothesis draws random walks of up to `MAX_PLIES` plies from
the game's start and from its perft reference positions (its ``data/perft.json``, where it ships
one), so the positions carry real history (undo stack, repetition hashes), and shrinks a failing
walk to a short one: the result gives its start, its moves in UCI and the position it reached.
The same seed gives the same results.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import hypothesis
from hypothesis import HealthCheck, Phase, Verbosity, given, settings
from hypothesis import strategies as st
from xqchess.cli.check.differential import perft_reference
from xqchess.core.errors import XQChessError
from xqchess.core.moves import SQUARE_BITS, is_capture, move_from, move_promotion
from xqchess.core.perft import perft
from xqchess.core.position import Position
from xqchess.core.variant import Variant

#: the longest random walk drawn, in plies
MAX_PLIES = 120
#: examples per property unless `EXAMPLES` or the caller says otherwise
DEFAULT_EXAMPLES = 100


class PropertyViolation(AssertionError):
    """A property that does not hold of a position; the message names what broke, on one line."""


def snapshot(pos: Position) -> dict[str, object]:
    """Everything make/unmake must restore, as one comparable value (attribute name -> value;
    ``undo`` is the undo stack's depth)."""
    return {
        "board": list(pos.board),
        "side": pos.side,
        "rights": pos.rights,
        "ep": pos.ep,
        "halfmove": pos.halfmove,
        "fullmove": pos.fullmove,
        "hash": pos.hash,
        "score": pos.score,
        "kings": list(pos.kings),
        "piece_counts": list(pos.piece_counts),
        "moves played": pos.moves_played(),
        "hashes": pos.hashes,
    }


def random_walk(variant: Variant, seed: int, plies: int, fen: str | None = None) -> Position:
    """The position after up to ``plies`` random legal moves from ``fen`` (the start when None;
    history kept), stopping early when the game is over."""
    rng = random.Random(seed)
    pos = variant.position(fen, strict=False)
    for _ in range(plies):
        moves = pos.legal_moves()
        if not moves:
            break
        pos.make(rng.choice(sorted(moves)))
        if -1 in pos.kings:  # a composed start let a royal piece fall: the game ended before
            pos.unmake()
            break
    return pos


# -- the properties --------------------------------------------------------------------------


def _uci(pos: Position, move: int) -> str:
    return pos.variant.format_move(pos, move)


def _difference(pos: Position, got: list[int], expected: list[int]) -> str:
    """How the move list ``got`` differs from ``expected``: the moves it adds and lacks, or
    that it lists them in another order."""
    extra = " ".join(_uci(pos, m) for m in got if m not in expected)
    missing = " ".join(_uci(pos, m) for m in expected if m not in got)
    if not extra and not missing:
        return "lists the same moves in another order or more than once"
    return ", ".join(
        f"{label} {moves}" for label, moves in (("adds", extra), ("lacks", missing)) if moves
    )


def make_unmake_restores_everything(pos: Position) -> None:
    """After each legal move the incremental hash and score equal those computed from scratch;
    unmaking it restores everything `snapshot` holds."""
    before = snapshot(pos)
    for move in pos.legal_moves():
        text = _uci(pos, move)
        pos.make(move)
        if pos.hash != pos.compute_hash():
            raise PropertyViolation(
                f"after {text} the incremental hash differs from the scratch one"
            )
        if pos.score != pos.compute_score():
            raise PropertyViolation(
                f"after {text} the incremental score {pos.score} differs from the scratch "
                f"{pos.compute_score()}"
            )
        pos.unmake()
        after = snapshot(pos)
        if after != before:
            changed = ", ".join(name for name in before if after[name] != before[name])
            raise PropertyViolation(f"unmaking {text} leaves {changed} changed")


def partial_generators_are_the_full_lists_parts(pos: Position) -> None:
    """The captures-only and one-piece generators give exactly the captures and promotions,
    and the piece's moves, of the full legal list, in its order; `is_legal` holds for exactly
    the legal moves among the pseudo-legal ones and arbitrary ints."""
    variant = pos.variant
    legal = pos.legal_moves()
    captures = variant.legal_captures(pos)
    expected = [m for m in legal if is_capture(pos, m) or move_promotion(m)]
    if captures != expected:
        raise PropertyViolation(
            "legal_captures, against the captures and promotions of legal_moves, "
            + _difference(pos, captures, expected)
        )
    for sq in range(variant.geometry.size):
        moves = variant.piece_legal_moves(pos, sq)
        expected = [m for m in legal if move_from(m) == sq]
        if moves != expected:
            raise PropertyViolation(
                f"piece_legal_moves of {variant.geometry.square_name(sq)}, against its moves in "
                f"legal_moves, {_difference(pos, moves, expected)}"
            )
    candidates = set(variant.pseudo_legal_moves(pos)) | set(legal)
    candidates |= {
        frm | to << SQUARE_BITS
        for frm in pos.occupied[pos.side]
        for to in range(0, variant.geometry.size, 7)
    }
    for move in sorted(candidates):
        if variant.is_legal(pos, move) != (move in legal):
            if move in legal:
                raise PropertyViolation(f"is_legal refuses {_uci(pos, move)}, a legal move")
            raise PropertyViolation(
                f"is_legal accepts {_uci(pos, move)} (move {move}), which legal_moves lacks"
            )


def no_legal_move_leaves_own_king_attacked(pos: Position) -> None:
    """After each legal move the mover's royal piece is not attacked."""
    variant = pos.variant
    mover = pos.side
    for move in pos.legal_moves():
        pos.make(move)
        attacked = variant.attacked(pos, pos.kings[mover], mover ^ 1)
        pos.unmake()
        if attacked:
            raise PropertyViolation(
                f"legal move {_uci(pos, move)} leaves {variant.color_names[mover]}'s royal piece "
                "attacked"
            )


def gives_check_is_the_check_after_the_move(pos: Position) -> None:
    """For each legal move, `Position.gives_check` tells whether the position after it is in
    check, and leaves everything `snapshot` holds as it was."""
    before = snapshot(pos)
    for move in pos.legal_moves():
        pos.make(move)
        check = pos.is_check()
        pos.unmake()
        if pos.gives_check(move) != check:
            raise PropertyViolation(
                f"gives_check says {_uci(pos, move)} {'does not check' if check else 'checks'}"
            )
        after = snapshot(pos)
        if after != before:
            changed = ", ".join(name for name in before if after[name] != before[name])
            raise PropertyViolation(f"gives_check of {_uci(pos, move)} leaves {changed} changed")


def perft_one_is_the_legal_move_count(pos: Position) -> None:
    """The legal moves are distinct; perft 1 (unbulked) counts them and perft 2 (bulk)
    counts the legal moves after each."""
    legal = pos.legal_moves()
    if len(set(legal)) != len(legal):
        twice = sorted({_uci(pos, m) for m in legal if legal.count(m) > 1})
        raise PropertyViolation(f"legal_moves lists {' '.join(twice)} more than once")
    counted = perft(pos, 1, bulk=False)
    if counted != len(legal):
        raise PropertyViolation(f"perft 1 counts {counted}, legal_moves lists {len(legal)}")
    counted = perft(pos, 2)
    expected = sum(_count_after(pos, move) for move in legal)
    if counted != expected:
        raise PropertyViolation(
            f"perft 2 counts {counted}, the legal moves after each legal move are {expected}"
        )


def _count_after(pos: Position, move: int) -> int:
    pos.make(move)
    count = len(pos.legal_moves())
    pos.unmake()
    return count


def fen_round_trips(pos: Position) -> None:
    """The position's FEN reads back as a position with the same FEN, board, hash and legal
    moves."""
    fen = pos.fen()
    try:
        again = pos.variant.position(fen, strict=False)
    except XQChessError as error:
        raise PropertyViolation(f"the FEN {fen} does not read back: {error}") from None
    if again.fen() != fen:
        raise PropertyViolation(f"the FEN {fen} reads back as {again.fen()}")
    if again.board != pos.board:
        raise PropertyViolation(f"the FEN {fen} reads back as another board")
    if again.hash != pos.hash:
        raise PropertyViolation(f"the FEN {fen} reads back with another hash")
    if sorted(again.legal_moves()) != sorted(pos.legal_moves()):
        raise PropertyViolation(
            f"the FEN {fen} reads back with other legal moves: "
            + _difference(pos, sorted(again.legal_moves()), sorted(pos.legal_moves()))
        )


def all_attackers_are_both_colors_attackers(pos: Position) -> None:
    """On every square, `all_attackers` lists each attacker once, and the same squares as
    `attackers` of both colors."""
    variant = pos.variant
    board = pos.board
    for sq in range(len(board)):
        both = variant.all_attackers(board, sq)
        name = variant.geometry.square_name(sq)
        if len(both) != len(set(both)):
            raise PropertyViolation(f"all_attackers of {name} lists a square more than once")
        each = variant.attackers(board, sq, 0) + variant.attackers(board, sq, 1)
        if set(both) != set(each):
            squares = [variant.geometry.square_name(s) for s in sorted(set(both) ^ set(each))]
            raise PropertyViolation(
                f"all_attackers of {name} and attackers of both colors differ on "
                + " ".join(squares)
            )


def every_notation_reads_back_what_it_writes(pos: Position) -> None:
    """Each legal move, written in each of the game's notations, reads back as that move; the
    position is left as it was. (Recognising the notation from the text is not asked: ICCS's
    ``d9d8`` is also UCI.)"""
    variant = pos.variant
    before = snapshot(pos)
    for move in pos.legal_moves():
        for notation in variant.notations:
            text = variant.format_move(pos, move, notation)
            try:
                read = variant.parse_move(pos, text, notation)
            except XQChessError as error:
                raise PropertyViolation(
                    f"{notation} writes {_uci(pos, move)} as {text!r}, which it refuses: {error}"
                ) from None
            if read != move:
                raise PropertyViolation(
                    f"{notation} writes {_uci(pos, move)} as {text!r}, which it reads as "
                    f"{_uci(pos, read)}"
                )
    if snapshot(pos) != before:
        raise PropertyViolation("writing and reading the moves changed the position")


#: every property by name, in the order they are checked
PROPERTIES: dict[str, Callable[[Position], None]] = {
    prop.__name__: prop
    for prop in (
        make_unmake_restores_everything,
        partial_generators_are_the_full_lists_parts,
        no_legal_move_leaves_own_king_attacked,
        gives_check_is_the_check_after_the_move,
        perft_one_is_the_legal_move_count,
        fen_round_trips,
        all_attackers_are_both_colors_attackers,
        every_notation_reads_back_what_it_writes,
    )
}

#: examples per property where not `DEFAULT_EXAMPLES`: the readers that render every legal
#: move to match the text cost milliseconds a move, so fewer (the oracle differential also
#: reads back every move at its sampled positions)
EXAMPLES = {every_notation_reads_back_what_it_writes.__name__: 25}


# -- the runner ------------------------------------------------------------------------------


@dataclass(frozen=True)
class PropertyFailure:
    """The walk hypothesis shrank a violation to: from ``start_fen``, the ``moves`` (UCI)
    reach ``fen``, where the property fails with ``message``."""

    start_fen: str
    moves: tuple[str, ...]
    fen: str
    message: str

    def __str__(self) -> str:
        moves = " ".join(self.moves) or "none"
        return f"{self.message}\n  from {self.start_fen}\n  moves {moves}\n  reaching {self.fen}"


@dataclass(frozen=True)
class PropertyResult:
    """One property checked: its name, the examples run until it failed or the count ran out
    (shrinking's replays not counted), and its failure (None when it held)."""

    name: str
    examples: int
    failure: PropertyFailure | None = None

    @property
    def passed(self) -> bool:
        return self.failure is None


def walk_starts(variant: Variant) -> list[str | None]:
    """Where the random walks start: the game's start (None) and its perft reference
    positions (none where it ships no ``perft.json``)."""
    return [None] + [entry["fen"] for entry in perft_reference(variant)]


def _failure(
    variant: Variant, start: str | None, played: list[int], fen: str, error: Exception
) -> PropertyFailure:
    """The failure of the walk from ``start`` through ``played`` (the moves as ints) to
    ``fen``: its moves written in UCI along the walk replayed."""
    start_fen = variant.start_fen if start is None else start
    replay = variant.position(start_fen, strict=False)
    moves = []
    for move in played:
        moves.append(variant.format_move(replay, move))
        replay.make(move)
    message = (
        str(error) if isinstance(error, PropertyViolation) else f"{type(error).__name__}: {error}"
    )
    return PropertyFailure(start_fen, tuple(moves), fen, message)


def check_property(
    variant: Variant,
    name: str,
    examples: int | None = None,
    seed: int = 0,
    on_example: Callable[[str], None] | None = None,
) -> PropertyResult:
    """The property ``name`` of `PROPERTIES` checked on ``examples`` random walks of
    ``variant`` (`EXAMPLES`' count, else `DEFAULT_EXAMPLES`, when None), drawn from ``seed``;
    ``on_example(name)`` is called before each example."""
    prop = PROPERTIES[name]
    count = 0
    failure: PropertyFailure | None = None

    @hypothesis.seed(f"{seed}:{name}")
    @settings(
        max_examples=EXAMPLES.get(name, DEFAULT_EXAMPLES) if examples is None else examples,
        database=None,
        deadline=None,
        phases=[Phase.generate, Phase.shrink],
        report_multiple_bugs=False,
        verbosity=Verbosity.quiet,
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.filter_too_much,
        ],
    )
    @given(
        start=st.sampled_from(walk_starts(variant)),
        walk_seed=st.integers(0, 2**32),
        plies=st.integers(0, MAX_PLIES),
    )
    def check(start: str | None, walk_seed: int, plies: int) -> None:
        nonlocal count, failure
        if failure is None:
            count += 1
            if on_example is not None:
                on_example(name)
        pos = random_walk(variant, walk_seed, plies, start)
        played = pos.moves_played()
        fen = pos.fen()
        try:
            prop(pos)
        except Exception as error:
            failure = _failure(variant, start, played, fen, error)
            raise

    try:
        check()
    except Exception:
        if failure is None:  # hypothesis itself failed, not the game: the kit's fault
            raise
    return PropertyResult(name, count, failure)


def check_properties(
    variant: Variant,
    examples: int | None = None,
    seed: int = 0,
    on_example: Callable[[str], None] | None = None,
) -> list[PropertyResult]:
    """Every property of `PROPERTIES` checked on ``variant`` (`check_property`), one failing
    not stopping the others."""
    return [check_property(variant, name, examples, seed, on_example) for name in PROPERTIES]
