"""Every public function and method of the library, fed arbitrary arguments: real squares, moves,
FENs of every game and moves in every notation, beside junk (integers of every size, floats with
nan and the infinities, booleans, None, text, bytes, containers, objects, the API's other types).
Each call returns, or refuses as documented: an `XQChessError` (a ValueError) for a bad value,
TypeError for an argument of the wrong type, raised by the library itself (a ``raise`` in one
of its modules, not an operation that failed deep inside) with a message that names the argument
or the bad value. A refused call leaves its board or game as it was; a query leaves it as it was
whatever it answers; and every call ends within `CALL_BOUND_S`.

The public callables are enumerated from the modules' ``__all__`` and their classes' members
(`public_callables`), so a new one without a case here fails
`test_every_public_callable_is_fuzzed`. Limits stay small where a valid value means work (search
depth 3, 2,000 nodes, 50 ms; perft depth 3); values past a limit's range must be refused at once.
"""

from __future__ import annotations

import inspect
import io
import linecache
import random
import re
import signal
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, fields
from functools import cached_property
from pathlib import Path
from typing import Any

import pytest
import xqchess
import xqchess.pgn
import xqchess.svg
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st
from xqchess import SEARCH_OPTIONS, VARIANTS, Board, Move, Outcome, Piece, Termination, XQChessError
from xqchess.core.evaluation import EVALUATIONS
from xqchess.core.search import PRESETS, SearchConfig
from xqchess.core.search.config import QUIESCENCE_MODES, QUIESCENCE_ORDERS
from xqchess.core.search.limits import LIMIT_RANGES
from xqchess.pgn import ChildNode, Game, GameNode
from xqchess.variants import get_variant

#: the longest a call may take, valid or refused (a valid one is kept small by its arguments)
CALL_BOUND_S = 2.0
#: a call still running after this long is stopped and reported as a hang
HANG_S = 10.0
#: the library's own files: a refusal is raised by a ``raise`` in one of them
PACKAGE = Path(xqchess.__file__).resolve().parent

FUZZ = settings(
    max_examples=50,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


# -- the public callables --------------------------------------------------------------------------

MODULES = {"": xqchess, "pgn.": xqchess.pgn, "svg.": xqchess.svg}


def _members(cls: type) -> Iterator[str]:
    """The public methods and properties of ``cls`` defined by the library (not the ones it
    inherits from Python's types); a property with a setter counts twice (``name=``)."""
    for name in dir(cls):
        if name.startswith("_"):
            continue
        owner = next(klass for klass in cls.__mro__ if name in vars(klass))
        if not owner.__module__.startswith("xqchess"):
            continue
        attribute = vars(owner)[name]
        if isinstance(attribute, property):
            yield name
            if attribute.fset is not None:
                yield name + "="
        elif inspect.isfunction(attribute) or isinstance(attribute, (classmethod, staticmethod)):
            yield name


def public_callables() -> set[str]:
    """Every public function and class of ``xqchess``, ``xqchess.pgn`` and ``xqchess.svg``
    (a class stands for its constructor) and every public method and property of the classes,
    by qualified name (``Board.push``, ``pgn.Game.board``)."""
    names = set()
    for prefix, module in MODULES.items():
        for name in module.__all__:
            value = getattr(module, name)
            if inspect.isclass(value) and value.__module__ == "builtins":
                continue  # Color, Square, PieceType: bool and int by their python-chess names
            if inspect.isfunction(value):
                names.add(prefix + name)
            elif inspect.isclass(value):
                names.add(prefix + name)
                if not issubclass(value, BaseException):
                    names.update(f"{prefix}{name}.{member}" for member in _members(value))
    return names


# -- positions and the values that make sense on them ----------------------------------------------


@dataclass(frozen=True)
class Scene:
    """A board to call methods on: a game, a position, moves played from it."""

    variant: str
    fen: str | None = None
    moves: tuple[str, ...] = ()
    strict: bool = True

    def board(self) -> Board:
        board = Board(self.variant, self.fen, strict=self.strict)
        for uci in self.moves:
            board.push_uci(uci)
        return board


def random_plies(variant: str, seed: int, plies: int) -> tuple[str, ...]:
    board, rng, played = Board(variant), random.Random(seed), []
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        played.append(board.push(rng.choice(moves)).uci())
    return tuple(played)


SCENES = [Scene(name) for name in VARIANTS]
SCENES += [Scene(name, None, random_plies(name, seed, 9)) for name in VARIANTS for seed in (1, 2)]
SCENES += [
    Scene("chess", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"),  # en passant
    Scene("chess", "7k/P7/8/8/8/8/8/K7 w - - 0 1"),  # a promotion
    Scene("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"),  # castling both ways
    Scene("chess", None, ("f2f3", "e7e5", "g2g4", "d8h4")),  # checkmate
    Scene("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"),  # stalemate
    Scene("chess", None, ("g1f3", "g8f6", "f3g1", "f6g8") * 2),  # a threefold repetition
    Scene("xiangqi", "4k4/9/9/9/9/9/9/9/9/3K1R3 w - - 0 1"),
    Scene("xiangqi", "4k4/4R4/9/9/9/9/9/9/9/4K4 w - - 0 1", strict=False),  # a general en prise
    Scene("xiangqi", "3k5/9/9/9/9/9/9/9/4P4/4K4 w - - 0 1", strict=False),  # a soldier behind
]

FENS = sorted({scene.board().fen() for scene in SCENES}) + [
    "8/8/8/8/8/8/8/8 w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
    "4k4/9/9/9/9/9/9/9/9/4K4 r - - 0 1",
]
MUTATED_FEN = st.builds(
    lambda fen, at, text, cut: fen[:at] + text + fen[at + cut :],
    st.sampled_from(FENS),
    st.integers(0, 80),
    st.text("0123456789/ -wbrRkKpPnNqQcCaAeEhH", max_size=3),
    st.integers(0, 4),
)
NOTATIONS = ("uci", "san", "iccs", "wxf", "chinese", "SAN", "pgn", "")
VARIANT_NAMES = (*VARIANTS, "Chess", "standard", "xiangqi ", "")
PIECES = [
    Piece.from_symbol(letter, name)
    for name in VARIANTS
    for letter in get_variant(name).letter_pieces
]
#: moves of every game: a few legal ones from each start, and the null move of each
FOREIGN_MOVES = [
    move for name in VARIANTS for move in [*list(Board(name).legal_moves)[:3], Move.null(name)]
]
GOOD_PGN = [str(Game.from_board(scene.board())) for scene in SCENES]
PGN_LINES = [line for text in GOOD_PGN for line in text.splitlines()] + [
    '[Variant "nonsense"]',
    '[FEN "8/8 w"]',
    '[Result "2-0"]',
    "{ a comment",
    "( a variation",
    "1. e4 e5 2. Qh5 *",
    "1. zz9 *",
    "%escape",
    "\ufeff",
    "",
]
MESSY_PGN = st.lists(st.sampled_from(PGN_LINES), max_size=12).map("\n".join)
#: fresh objects of the API's types, as arguments of the wrong type
API_OBJECTS = st.sampled_from(
    [
        Board,
        lambda: Board("xiangqi"),
        Move.null,
        lambda: Piece.from_symbol("K"),
        lambda: Outcome(Termination.CHECKMATE, True),
        lambda: Termination.STALEMATE,
        Game,
        lambda: xqchess.svg.Arrow(0, 1),
        lambda: Board().legal_moves,
        lambda: io.StringIO("1. e4 *"),
    ]
).map(lambda make: make())

#: junk but integers
JUNK_NOT_INT = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([float("nan"), float("inf"), -float("inf"), 2.5, -0.0, 1e308, 3.0]),
    st.booleans(),
    st.none(),
    st.text(max_size=12),
    st.sampled_from(["", " ", "\x00", "e2e4" * 500, "é", "🙂", "-1", "0000", "None", "\n"]),
    st.binary(max_size=8),
    st.lists(st.integers(-2, 90), max_size=3),
    st.tuples(st.integers(-2, 90), st.integers(-2, 90)),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.sampled_from([complex(1, 2), frozenset(), range(3), bytearray(b"e2"), Ellipsis, object]),
    st.builds(object),
    API_OBJECTS,
)
HUGE = st.sampled_from([2**31, 2**63, -(2**63) - 1, 10**100, -(10**100), 2**64 + 1])
JUNK = st.one_of(JUNK_NOT_INT, st.integers(-10, 100), HUGE)
#: junk for an argument whose valid values mean work (a search limit, a perft depth): never a
#: positive integer in the range the library takes
LIMIT_JUNK = st.one_of(JUNK_NOT_INT, st.integers(max_value=0), st.integers(min_value=10**16))


#: the edits a world's board goes through before the call
EDITS = ("set_piece_at", "push", "pop")


class World:
    """One example's world: a fresh board of a drawn scene, changed by a few edits (pieces
    put or taken off, moves played or taken back), and strategies of the values that make
    sense on it (each also drawn as junk by `either`)."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data
        self.scene = data.draw(st.sampled_from(SCENES), label="scene")
        self.board = self.scene.board()
        self.variant = self.board.variant
        geometry = self.variant.geometry
        pieces = [piece for piece in PIECES if piece.variant == self.variant.name] + [None]
        for edit in data.draw(st.lists(st.sampled_from(EDITS), max_size=3), label="edits"):
            if edit == "set_piece_at":
                square = data.draw(st.integers(0, geometry.size - 1))
                arguments: tuple[Any, ...] = (square, data.draw(st.sampled_from(pieces)))
            elif edit == "push":
                moves = list(self.board.legal_moves)
                if not moves:
                    continue
                arguments = (data.draw(st.sampled_from(moves)),)
            elif not self.board.move_stack:  # pop
                continue
            else:
                arguments = ()
            try:
                getattr(self.board, edit)(*arguments)
            except XQChessError:
                pass  # a position the game cannot be played from: refused, nothing changed

    def draw(self, strategy: st.SearchStrategy[Any], label: str | None = None) -> Any:
        return self.data.draw(strategy, label=label)

    def either(self, *valid: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
        """One of the ``valid`` values, or junk."""
        return st.one_of(*valid, JUNK)

    @cached_property
    def legal(self) -> list[Move]:
        return list(self.board.legal_moves)

    def square(self) -> st.SearchStrategy[Any]:
        geometry = self.variant.geometry
        names = [geometry.square_name(sq) for sq in range(geometry.size)]
        return self.either(
            st.integers(-3, geometry.size + 2),
            st.sampled_from(names + ["z9", "a0", "a11", "e", "E4", "e4 ", "i10"]),
        )

    def move(self) -> st.SearchStrategy[Any]:
        return self.either(self.a_move())

    def a_move(self) -> st.SearchStrategy[Move]:
        """A move: a legal one, a pseudo-legal one, another game's, or any of this game's."""
        others = list(self.board.pseudo_legal_moves) + FOREIGN_MOVES
        valid = [st.sampled_from(self.legal)] if self.legal else []
        return st.one_of(*valid, st.sampled_from(others), self.any_move())

    def any_move(self) -> st.SearchStrategy[Move]:
        """A move of the scene's game between any two squares, legal or not."""
        size, name = self.variant.geometry.size, self.variant.name
        return st.builds(
            lambda a, b: Move(a, b, variant=name) if a != b else Move.null(name),
            st.integers(0, size - 1),
            st.integers(0, size - 1),
        )

    def move_text(self) -> st.SearchStrategy[Any]:
        texts = [
            self.board.notation(move, notation)
            for move in self.legal[:6]
            for notation in self.board.notations
        ]
        texts += [move.uci() for move in FOREIGN_MOVES] + ["O-O", "O-O-O", "0000", "e8=Q", "C2=5"]
        shaped = st.text("abcdefghijklRNBQKCHAEP12345678910+-=x#", max_size=6)
        return self.either(st.sampled_from(texts), shaped)

    def notation(self) -> st.SearchStrategy[Any]:
        return self.either(st.sampled_from(NOTATIONS), st.none())

    def fen(self) -> st.SearchStrategy[Any]:
        return self.either(st.sampled_from(FENS), MUTATED_FEN)

    def variant_name(self) -> st.SearchStrategy[Any]:
        return self.either(st.sampled_from(VARIANT_NAMES))

    def piece(self) -> st.SearchStrategy[Any]:
        return self.either(st.sampled_from(PIECES), st.none())

    def a_board(self) -> st.SearchStrategy[Any]:
        """The scene's board, mostly; junk otherwise."""
        return st.one_of(st.just(self.board), st.just(self.board), JUNK)

    @cached_property
    def game(self) -> Game:
        """The game of the scene's board, with at least one move where the scene has one."""
        board = self.board.copy()
        if not board.move_stack and self.legal:
            board.push(self.legal[0])
        return Game.from_board(board)

    def node(self, cls: type[GameNode]) -> GameNode:
        nodes = [self.game, *self.game.mainline()]
        nodes = [node for node in nodes if isinstance(node, cls)] or [
            Game.from_board(Scene("chess", None, ("e2e4",)).board()).end()
        ]
        return self.draw(st.sampled_from(nodes), label="node")


# -- a call and what it may do ---------------------------------------------------------------------


@dataclass
class Call:
    """A call of ``function`` and what it must leave as it was: ``watched`` boards and games
    when it refuses, and when ``query`` (it only reads them) whatever it answers."""

    function: Callable[..., Any]
    args: tuple[Any, ...] = ()
    kwargs: dict[str, Any] = field(default_factory=dict)
    watched: tuple[Any, ...] = ()
    query: bool = False
    #: documented refusals besides XQChessError and TypeError (IndexError: pop on no moves)
    documented: tuple[type[BaseException], ...] = ()
    #: whether the arguments are ones the call must refuse (a value out of its range)
    refuse: bool = False

    def __str__(self) -> str:
        words = [shown(arg) for arg in self.args]
        words += [f"{key}={shown(value)}" for key, value in self.kwargs.items()]
        name = getattr(self.function, "__qualname__", repr(self.function))
        return f"{name}({', '.join(words)})"


def shown(value: object) -> str:
    """An argument as a failure report shows it (a text stream with its text)."""
    if isinstance(value, io.StringIO):
        return f"StringIO({value.getvalue()!r})"[:200]
    return repr(value)[:80]


def whole(value: object, low: int, high: int) -> bool:
    """Whether ``value`` is an int (not a bool) from ``low`` to ``high``."""
    return type(value) is int and low <= value <= high


def call(w: World, function: Callable[..., Any], *required: Any, **optional: Any) -> Call:
    """A call of ``function`` with a value drawn from each of the ``required`` strategies
    and, each drawn or left out, the ``optional`` ones by keyword; ``watch``, ``query`` and
    ``documented`` go to the `Call`."""
    settings = {
        key: optional.pop(key) for key in ("watch", "query", "documented") if key in optional
    }
    args = tuple(w.draw(strategy) for strategy in required)
    kwargs = {
        name: w.draw(strategy, label=name)
        for name, strategy in optional.items()
        if w.draw(st.booleans(), label=f"pass {name}")
    }
    return Call(
        function,
        args,
        kwargs,
        settings.get("watch", ()),
        settings.get("query", False),
        settings.get("documented", ()),
    )


class Overran(BaseException):
    """A call ran past `HANG_S` (a BaseException, so that no ``except Exception`` takes it)."""


@contextmanager
def stopped_after(seconds: float) -> Iterator[None]:
    """Raise `Overran` in the block once it has run ``seconds``; the alarm set before (the
    test's own timeout, pytest-timeout's) is set again afterwards, less the time spent."""

    def stop(signum: int, frame: object) -> None:
        raise Overran

    previous = signal.signal(signal.SIGALRM, stop)
    delay, interval = signal.getitimer(signal.ITIMER_REAL)
    signal.setitimer(signal.ITIMER_REAL, min(seconds, delay) if delay else seconds)
    start = time.monotonic()
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if delay:
            left = max(delay - (time.monotonic() - start), 0.001)
            signal.setitimer(signal.ITIMER_REAL, left, interval)


def state(thing: object) -> object:
    """What a call must not change: a board's game, position and moves; a game's headers and
    mainline."""
    if isinstance(thing, Board):
        return thing.variant.name, thing.fen(), thing.move_stack
    if isinstance(thing, GameNode):
        game = thing.game()
        return dict(game.headers), game.mainline_moves()
    raise AssertionError(f"no state for {thing!r}")


def _values(call: Call) -> Iterator[object]:
    """The arguments of a call and what they hold (a dict's keys and values, a list's items)."""
    stack = [*call.args, *call.kwargs.values()]
    while stack:
        value = stack.pop()
        yield value
        if isinstance(value, dict):
            stack += [*value.keys(), *value.values()]
        elif isinstance(value, (list, tuple)):
            stack += list(value)


def _clues(call: Call) -> tuple[set[str], set[str]]:
    """Words (argument names, type names, numbers) and texts (values) a message naming the
    fault of ``call`` holds one of."""
    words = set(call.kwargs)
    try:
        words |= set(inspect.signature(call.function).parameters)
    except (TypeError, ValueError):
        pass
    texts = set()
    receiver = getattr(call.function, "__self__", None)
    variant = None if inspect.isclass(receiver) else getattr(receiver, "variant", None)
    if variant is not None:  # the game, where a method has no meaning in it (xiangqi's SAN)
        words.add(variant if isinstance(variant, str) else variant.name)
    if receiver is not None and not call.args and not call.kwargs:
        # "pop from a board with no moves played", "cannot mirror the position: ..."
        words |= {type(receiver).__name__, call.function.__name__}
    for value in _values(call):
        words.add(type(value).__name__)
        if len(repr(value)) <= 40:
            texts.add(repr(value))
        if isinstance(value, Move):
            texts.add(value.uci())
        elif isinstance(value, str):
            texts.update({repr(value)[:20], repr(value.strip())[:20]})  # readers strip text
            if len(value) >= 3:
                texts.add(value[:20])
            else:
                words.add(value)
        elif isinstance(value, Piece):
            texts.add(value.symbol())
        elif isinstance(value, (int, float)) or value is None:
            words.add(str(value))
            if isinstance(receiver, Board) and whole(value, 0, receiver.variant.geometry.size - 1):
                words.add(receiver.square_name(value))
        elif isinstance(value, io.StringIO):  # a PGN text: its words
            words.add("PGN")
            texts.update(word for word in value.getvalue().split() if len(word) > 1)
    return words, texts


def names_the_fault(message: str, call: Call) -> bool:
    words, texts = _clues(call)
    folded = message.lower()
    for word in words:
        for form in {word, word.replace("_", " ")}:
            if re.search(rf"(?<![\w.]){re.escape(form.lower())}(?![\w])", folded):
                return True
    return any(text.lower() in folded for text in texts)


def raised_by_a_raise_in_the_library(error: BaseException) -> bool:
    """Whether ``error`` comes from a ``raise`` statement in the library's own files (not from
    an operation that failed, nor from Python's argument binding)."""
    traceback = error.__traceback__
    assert traceback is not None
    while traceback.tb_next is not None:
        traceback = traceback.tb_next
    path = Path(traceback.tb_frame.f_code.co_filename)
    path = (path if path.is_absolute() else PACKAGE / path).resolve()
    if PACKAGE not in path.parents or "tests" in path.relative_to(PACKAGE).parts:
        return False
    return linecache.getline(str(path), traceback.tb_lineno).strip().startswith("raise")


def run(call: Call) -> None:
    note(f"call: {call}")
    before = [state(thing) for thing in call.watched]
    refused: BaseException | None = None
    start = time.perf_counter()
    try:
        with stopped_after(HANG_S):
            result = call.function(*call.args, **call.kwargs)
            if isinstance(result, Iterator):
                result = list(result)
            repr(result)
    except (XQChessError, TypeError, *call.documented) as error:
        refused = error
    except Overran:
        pytest.fail(f"{call} still ran after {HANG_S} s")
    elapsed = time.perf_counter() - start
    assert elapsed < CALL_BOUND_S, f"{call} took {elapsed:.2f} s"
    assert refused is not None or not call.refuse, f"{call} was taken; it must be refused"
    if refused is not None:
        message = str(refused)
        assert message.strip(), f"{call} raised {type(refused).__name__} with no message"
        assert raised_by_a_raise_in_the_library(refused), (
            f"{call} raised {type(refused).__name__}: {message} from inside, not as a refusal"
        )
        assert names_the_fault(message, call), f"{call}: {message!r} names no argument or value"
    if refused is not None or call.query:
        assert [state(thing) for thing in call.watched] == before, f"{call} changed its board"
    else:
        for thing in call.watched:
            state(thing)  # still readable


# -- the cases, one per public callable ------------------------------------------------------------

#: a case builds a call of the callable it is named by, on a world
Build = Callable[[World, str], Call]
CASES: dict[str, Build] = {}


def member(name: str) -> str:
    """The method's (or property's) name of a case's name: ``push`` of ``Board.push``."""
    return name.rsplit(".", 1)[-1]


def case(*names: str) -> Callable[[Build], Build]:
    def register(build: Build) -> Build:
        for name in names:
            assert name not in CASES, name
            CASES[name] = build
        return build

    return register


def off_the_board(w: World, square: object) -> bool:
    """Whether ``square`` is of a wrong type, or an index the board lacks (a name may be
    either)."""
    return not isinstance(square, str) and not whole(square, 0, w.variant.geometry.size - 1)


def board_query(
    name: str,
    *arguments: Callable[[World], st.SearchStrategy[Any]],
    refuse: Callable[[World, object], bool] | None = None,
) -> None:
    """A case of the Board method ``name``, which only reads the board and must refuse a
    first argument for which ``refuse`` holds."""

    def build(w: World, name: str) -> Call:
        method = getattr(w.board, member(name))
        found = call(
            w, method, *(argument(w) for argument in arguments), watch=(w.board,), query=True
        )
        found.refuse = refuse is not None and refuse(w, found.args[0])
        return found

    case(f"Board.{name}")(build)


for _name in (
    "ply",
    "fen",
    "board_fen",
    "piece_map",
    "is_check",
    "is_checkmate",
    "is_stalemate",
    "is_insufficient_material",
    "can_claim_threefold_repetition",
    "can_claim_fifty_moves",
    "can_claim_draw",
    "mirror",
):
    board_query(_name)
for _name in ("parse_square", "square_name", "piece_at"):
    board_query(_name, World.square, refuse=off_the_board)
for _name in ("is_legal", "is_pseudo_legal", "gives_check", "san", "uci"):
    board_query(_name, World.move, refuse=lambda w, move: not isinstance(move, Move))
for _name in ("parse_uci", "parse_san"):
    board_query(_name, World.move_text)


@case(
    "Board.turn",
    "Board.fullmove_number",
    "Board.halfmove_clock",
    "Board.legal_moves",
    "Board.pseudo_legal_moves",
    "Board.notations",
    "Board.move_stack",
)
def _board_property(w: World, name: str) -> Call:
    return Call(lambda: getattr(w.board, member(name)), watched=(w.board,), query=True)


@case("Board")
def _board(w: World, name: str) -> Call:
    first = w.either(st.sampled_from(VARIANT_NAMES), st.sampled_from(FENS), MUTATED_FEN)
    found = call(w, Board, first, fen=st.one_of(st.none(), w.fen()), strict=w.either(st.booleans()))
    fen = found.kwargs.get("fen")
    found.refuse = (
        not isinstance(found.args[0], str)
        or not isinstance(fen, (str, type(None)))
        or not isinstance(found.kwargs.get("strict", True), bool)
    )
    return found


@case("Board.parse_notation")
def _parse_notation(w: World, name: str) -> Call:
    return call(
        w,
        w.board.parse_notation,
        w.move_text(),
        notation=w.notation(),
        watch=(w.board,),
        query=True,
    )


@case("Board.notation")
def _notation(w: World, name: str) -> Call:
    found = call(w, w.board.notation, w.move(), notation=w.notation(), watch=(w.board,), query=True)
    found.refuse = not isinstance(found.args[0], Move)
    return found


@case("Board.set_fen")
def _set_fen(w: World, name: str) -> Call:
    return call(w, w.board.set_fen, w.fen(), watch=(w.board,))


@case("Board.set_piece_at")
def _set_piece_at(w: World, name: str) -> Call:
    found = call(w, w.board.set_piece_at, w.square(), w.piece(), watch=(w.board,))
    found.refuse = off_the_board(w, found.args[0])
    return found


@case("Board.remove_piece_at")
def _remove_piece_at(w: World, name: str) -> Call:
    found = call(w, w.board.remove_piece_at, w.square(), watch=(w.board,))
    found.refuse = off_the_board(w, found.args[0])
    return found


@case("Board.push")
def _push(w: World, name: str) -> Call:
    return call(w, w.board.push, st.one_of(w.move(), w.move_text()), watch=(w.board,))


@case("Board.push_uci", "Board.push_san")
def _push_text(w: World, name: str) -> Call:
    return call(w, getattr(w.board, member(name)), w.move_text(), watch=(w.board,))


@case("Board.push_notation")
def _push_notation(w: World, name: str) -> Call:
    return call(w, w.board.push_notation, w.move_text(), notation=w.notation(), watch=(w.board,))


@case("Board.pop", "Board.peek")
def _pop_or_peek(w: World, name: str) -> Call:
    documented = () if w.board.move_stack else (IndexError,)
    method = getattr(w.board, member(name))
    return Call(method, watched=(w.board,), query=name == "Board.peek", documented=documented)


@case("Board.is_repetition")
def _is_repetition(w: World, name: str) -> Call:
    count = w.either(st.integers(0, 5))
    return call(w, w.board.is_repetition, count=count, watch=(w.board,), query=True)


@case("Board.outcome", "Board.is_game_over", "Board.result")
def _game_end(w: World, name: str) -> Call:
    return call(
        w,
        getattr(w.board, member(name)),
        claim_draw=w.either(st.booleans()),
        watch=(w.board,),
        query=True,
    )


@case("Board.copy")
def _copy(w: World, name: str) -> Call:
    stack = w.either(st.booleans(), st.integers(-3, 12))
    return call(w, w.board.copy, stack=stack, watch=(w.board,), query=True)


@case("LegalMoveGenerator", "PseudoLegalMoveGenerator")
def _move_view(w: World, name: str) -> Call:
    return call(w, getattr(xqchess, name), w.a_board())


@case("LegalMoveGenerator.count", "PseudoLegalMoveGenerator.count")
def _move_view_count(w: World, name: str) -> Call:
    view = getattr(xqchess, name.split(".")[0])(w.board)
    return Call(view.count, watched=(w.board,), query=True)


@case("LegalMoveGenerator.__contains__")
def _move_view_contains(w: World, name: str) -> Call:
    view = w.draw(st.sampled_from([w.board.legal_moves, w.board.pseudo_legal_moves]))
    return call(w, view.__contains__, w.move(), watch=(w.board,), query=True)


# -- Move, Piece, Outcome, Termination -------------------------------------------------------------


@case("Move")
def _move(w: World, name: str) -> Call:
    found = call(
        w,
        Move,
        w.square(),
        w.square(),
        promotion=w.either(st.integers(0, 9), st.none()),
        variant=w.variant_name(),
    )
    found.refuse = any(type(square) is not int or square < 0 for square in found.args)
    return found


@case("Move.from_code", "Piece.from_code")
def _from_code(w: World, name: str) -> Call:
    cls = getattr(xqchess, name.split(".")[0])
    codes = st.one_of(st.integers(0, 2**21), st.sampled_from([1, 17, 0x1A, 200, 3 << 14]))
    found = call(w, cls.from_code, w.either(codes), w.variant_name())
    code, variant = found.args
    if cls is Piece:
        game = get_variant(variant) if variant in VARIANTS else None
        found.refuse = game is None or type(code) is not int or code not in game.piece_letters
    else:  # from | to << 7 | promotion << 14 | special << 18, a special below 4
        found.refuse = not whole(code, 0, (1 << 20) - 1)
    return found


@case("Move.from_uci")
def _from_uci(w: World, name: str) -> Call:
    return call(w, Move.from_uci, w.move_text(), variant=w.variant_name())


@case("Move.null")
def _null(w: World, name: str) -> Call:
    return call(w, Move.null, variant=w.variant_name())


@case("Move.uci")
def _uci(w: World, name: str) -> Call:
    return Call(w.draw(w.a_move()).uci)


@case("Piece")
def _piece(w: World, name: str) -> Call:
    return call(w, Piece, w.either(st.integers(-1, 17)), w.either(st.booleans()), w.variant_name())


@case("Piece.from_symbol")
def _from_symbol(w: World, name: str) -> Call:
    letters = st.sampled_from(sorted({piece.symbol() for piece in PIECES}) + ["", "KK", "x", "帥"])
    return call(w, Piece.from_symbol, w.either(letters), variant=w.variant_name())


@case("Piece.code", "Piece.symbol", "Piece.unicode_symbol")
def _piece_methods(w: World, name: str) -> Call:
    piece = w.draw(st.sampled_from(PIECES))
    if name == "Piece.code":
        return Call(lambda: piece.code)
    if name == "Piece.symbol":
        return Call(piece.symbol)
    return call(w, piece.unicode_symbol, invert_color=w.either(st.booleans()))


TERMINATION_VALUES = st.one_of(
    st.sampled_from(list(Termination)), st.sampled_from([t.value for t in Termination])
)


@case("Outcome")
def _outcome(w: World, name: str) -> Call:
    found = call(w, Outcome, w.either(TERMINATION_VALUES), w.either(st.booleans(), st.none()))
    termination, winner = found.args
    found.refuse = not isinstance(termination, Termination) or winner not in (True, False, None)
    return found


@case("Outcome.won_by")
def _won_by(w: World, name: str) -> Call:
    found = call(w, Outcome.won_by, w.either(TERMINATION_VALUES), w.either(st.just(0), st.just(1)))
    found.refuse = not isinstance(found.args[0], Termination)
    return found


@case("Outcome.result")
def _result(w: World, name: str) -> Call:
    ending = w.draw(
        st.builds(Outcome, st.sampled_from(list(Termination)), st.sampled_from([True, False, None]))
    )
    return Call(ending.result)


@case("Termination")
def _termination(w: World, name: str) -> Call:
    found = call(w, Termination, w.either(TERMINATION_VALUES))
    value = found.args[0]
    found.refuse = not isinstance(value, (Termination, str)) or not any(
        value in (member, member.value) for member in Termination
    )
    return found


ERRORS = [name for name in xqchess.__all__ if name.endswith("Error")] + ["pgn.PgnError"]


@case(*ERRORS)
def _error(w: World, name: str) -> Call:
    cls = xqchess.pgn.PgnError if name == "pgn.PgnError" else getattr(xqchess, name)
    return Call(cls, tuple(w.draw(st.lists(JUNK, max_size=2))))


# -- search, perft, guard values -------------------------------------------------------------------

#: per search option, values the search takes that keep a search of a few plies quick
VALID_OPTIONS: dict[str, st.SearchStrategy[Any]] = {
    spec.name: st.booleans() for spec in fields(SearchConfig) if spec.type == "bool"
} | {
    "hash_mb": st.integers(1, 64),
    "multipv": st.integers(1, 4),
    "guard_prune_depth": st.integers(0, 4),
    "quiescence": st.sampled_from(QUIESCENCE_MODES),
    "quiescence_order": st.sampled_from(QUIESCENCE_ORDERS),
    "evaluation": st.sampled_from(EVALUATIONS),
    "eval_terms": st.one_of(
        st.none(),
        st.lists(st.sampled_from(["pawns", "mobility", "defence"]), max_size=2).map(tuple),
    ),
}
OPTION_VALUES = st.one_of(
    st.booleans(),
    st.integers(-2, 70),
    st.sampled_from(
        ["all", "safe", "pruned", "none", "mvvlva", "difference", "squares", "tapered"]
    ),
    st.tuples(st.sampled_from(["material", "mobility", "nonsense"])),
    JUNK,
)
ORDERINGS = st.sampled_from(
    [xqchess.DEFAULT_SPEC, "mvvlva,killer", "hash", "", "killer,killer", "nope"]
)


@case("SearchReport")
def _search_report(w: World, name: str) -> Call:
    return Call(xqchess.SearchReport, tuple(w.draw(st.lists(JUNK, min_size=6, max_size=7))))


@case("search")
def _search(w: World, name: str) -> Call:
    if w.draw(st.booleans(), label="valid"):  # a search that runs, in every configuration
        limit = w.draw(st.sampled_from(["depth", "movetime", "nodes"]))
        small = {"depth": (1, 3), "movetime": (1, 50), "nodes": (1, 2000)}[limit]
        options = w.draw(st.fixed_dictionaries({}, optional=VALID_OPTIONS))
        options[limit] = w.draw(st.integers(*small))
        options["preset"] = w.draw(st.sampled_from(list(PRESETS)))
        return Call(xqchess.search, (w.board,), options, watched=(w.board,), query=True)
    options = w.draw(
        st.dictionaries(
            st.sampled_from([*SEARCH_OPTIONS, "threads", "depth2"]), OPTION_VALUES, max_size=3
        )
    )
    found = call(
        w,
        xqchess.search,
        w.a_board(),
        depth=st.one_of(st.integers(1, 3), st.none(), LIMIT_JUNK),
        movetime=st.one_of(st.integers(1, 50), st.none(), LIMIT_JUNK),
        nodes=st.one_of(st.integers(1, 2000), st.none(), LIMIT_JUNK),
        ordering=st.one_of(ORDERINGS, JUNK),
        guard_margin=w.either(st.integers(0, 100)),
        preset=w.either(st.sampled_from([*PRESETS, "PLAY", ""])),
        watch=(w.board,),
        query=True,
    )
    found.kwargs.update(options)
    limits = {name: found.kwargs.get(name) for name in ("depth", "movetime", "nodes")}
    found.refuse = (
        not isinstance(found.args[0], Board)
        or all(value is None for value in limits.values())
        or any(
            value is not None and not whole(value, *LIMIT_RANGES[name])
            for name, value in limits.items()
        )
        or not whole(found.kwargs.get("guard_margin", 0), 0, 10**100)
    )
    return found


@case("perft")
def _perft(w: World, name: str) -> Call:
    depth = st.one_of(st.integers(1, 3), LIMIT_JUNK)
    found = call(w, xqchess.perft, w.a_board(), depth, watch=(w.board,), query=True)
    found.refuse = not isinstance(found.args[0], Board) or not whole(found.args[1], 1, 3)
    return found


@case("guard_values")
def _guard_values(w: World, name: str) -> Call:
    return call(w, xqchess.guard_values, w.a_board(), watch=(w.board,), query=True)


# -- pgn -------------------------------------------------------------------------------------------


def _headers(w: World) -> st.SearchStrategy[Any]:
    tags = st.sampled_from(["Event", "White", "Result", "Variant", "FEN", "SetUp", "Format", "X"])
    values = st.one_of(
        st.sampled_from(["*", "1-0", "2-0", "xiangqi", "Capablanca", "nonsense", "1", "WXF"]),
        st.sampled_from(FENS),
        MUTATED_FEN,
        JUNK,
    )
    return w.either(st.dictionaries(tags, values, max_size=4), st.none())


@case("pgn.read_game")
def _read_game(w: World, name: str) -> Call:
    text = st.one_of(st.sampled_from(GOOD_PGN), MESSY_PGN, st.text(max_size=40))
    handle = st.one_of(text.map(io.StringIO), text.map(lambda t: io.BytesIO(t.encode())), JUNK)
    return call(w, xqchess.pgn.read_game, handle)


@case("pgn.Game")
def _game(w: World, name: str) -> Call:
    return call(w, Game, headers=_headers(w))


@case("pgn.Game.from_board")
def _from_board(w: World, name: str) -> Call:
    return call(w, Game.from_board, w.a_board(), watch=(w.board,), query=True)


@case("pgn.Game.from_record")
def _from_record(w: World, name: str) -> Call:
    return call(w, Game.from_record, w.either(st.just(w.game.record())))


@case("pgn.Game.record", "pgn.Game.start_board")
def _game_methods(w: World, name: str) -> Call:
    return Call(getattr(w.game, member(name)), watched=(w.game,), query=True)


@case("pgn.GameNode")
def _game_node(w: World, name: str) -> Call:
    return call(w, GameNode, w.either(st.just(w.game), st.none()))


@case("pgn.ChildNode")
def _child_node(w: World, name: str) -> Call:
    parent = w.either(st.just(w.game), st.sampled_from([w.game, *w.game.mainline()]), st.none())
    return call(w, ChildNode, parent, w.move())


NODE_CLASSES = {"Game": Game, "ChildNode": ChildNode, "GameNode": GameNode}
NODE_QUERIES = (
    "game",
    "moves_to_here",
    "board",
    "ply",
    "next",
    "end",
    "mainline",
    "mainline_moves",
)


def _node_query(w: World, name: str) -> Call:
    node = w.node(NODE_CLASSES[name.split(".")[1]])
    return Call(getattr(node, member(name)), watched=(node,), query=True)


def _add_main_variation(w: World, name: str) -> Call:
    node = w.node(NODE_CLASSES[name.split(".")[1]])
    return call(w, node.add_main_variation, st.one_of(w.move(), w.move_text()), watch=(node,))


for _cls in NODE_CLASSES:
    case(*(f"pgn.{_cls}.{name}" for name in NODE_QUERIES))(_node_query)
    case(f"pgn.{_cls}.add_main_variation")(_add_main_variation)


# -- svg -------------------------------------------------------------------------------------------


@case("svg.Arrow")
def _arrow(w: World, name: str) -> Call:
    return call(w, xqchess.svg.Arrow, w.square(), w.square(), color=w.either(st.just("#ff0000")))


@case("svg.board")
def _svg_board(w: World, name: str) -> Call:
    arrow = st.one_of(
        st.builds(xqchess.svg.Arrow, w.square(), w.square()),
        st.tuples(w.square(), w.square()),
        st.tuples(w.square(), w.square(), w.either(st.just("red"))),
        JUNK,
    )
    drawn = call(
        w,
        xqchess.svg.board,
        w.a_board(),
        lastmove=st.one_of(st.none(), w.move()),
        check=st.one_of(st.none(), w.square()),
        arrows=w.either(st.lists(arrow, max_size=3)),
        squares=w.either(st.lists(w.square(), max_size=3), st.none()),
        flipped=w.either(st.booleans()),
        size=w.either(st.integers(1, 1000), st.none()),
        watch=(w.board,),
        query=True,
    )
    size = drawn.kwargs.get("size")
    drawn.refuse = not isinstance(drawn.args[0], Board) or not (
        size is None or whole(size, 1, xqchess.svg.MAX_SIZE)
    )
    return drawn


# -- the tests -------------------------------------------------------------------------------------

#: cases of members that are not public by name but take arguments from users
EXTRA_CASES = {"LegalMoveGenerator.__contains__"}


def test_every_public_callable_is_fuzzed():
    public = public_callables()
    assert not public - set(CASES), (
        f"public callables without a fuzz case: {sorted(public - set(CASES))}"
    )
    assert not set(CASES) - public - EXTRA_CASES, (
        f"cases of no public callable: {sorted(set(CASES) - public - EXTRA_CASES)}"
    )


@pytest.mark.parametrize("name", sorted(CASES))
@FUZZ
@given(data=st.data())
def test_a_call_works_or_refuses_as_documented(name, data):
    run(CASES[name](World(data), name))
