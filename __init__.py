"""xqchess: chess and xiangqi on one variant-agnostic engine kernel, as a Python library.

The public API, in the manner of python-chess and for both games: `Board` (a game: legal moves,
moves read and written in every notation the game has, undo, FEN, check, game end), `Move`,
`search`, `perft` and `guard_values`; errors are the `ValueError` subclasses of
`xqchess.core.errors`. The library's layers are importable as ``xqchess.core``,
``xqchess.variants`` and ``xqchess.ordering``; the command line's research tools (the lab:
``xqchess.cli.lab.run``) stand on it, and it imports nothing from them.

>>> import xqchess
>>> board = xqchess.Board("chess")
>>> len(board.legal_moves)
20
>>> board.push_san("e4")
Move('e4')
>>> board.fen()
'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
>>> xiangqi = xqchess.Board("xiangqi")
>>> len(xiangqi.legal_moves)
44
>>> xiangqi.push_notation("C2=5")
Move('C2=5')
>>> xiangqi.push_notation("马８进７")
Move('H8+7')
>>> xiangqi.peek().uci()
'h10g8'
>>> xqchess.search(xqchess.Board("xiangqi", "4k4/9/9/9/9/9/9/9/9/3K1R3 w - - 0 1"), depth=2).mate
1
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from xqchess import svg
from xqchess.board_view import BoardView
from xqchess.core.errors import (
    AmbiguousMoveError,
    FenError,
    IllegalMoveError,
    MoveError,
    UnknownVariantError,
    XQChessError,
)
from xqchess.core.outcome import Outcome, Termination
from xqchess.core.perft import perft as _perft
from xqchess.core.position import Position
from xqchess.core.report import result_dict
from xqchess.core.search import Limits, SearchConfig, Searcher, mate_in
from xqchess.ordering.guard import Guard
from xqchess.ordering.spec import DEFAULT_SPEC, build_pipeline
from xqchess.variants import NAMES as VARIANTS
from xqchess.variants import get_variant

__all__ = [
    "VARIANTS",
    "DEFAULT_SPEC",
    "Board",
    "Move",
    "SearchReport",
    "search",
    "perft",
    "guard_values",
    "Outcome",
    "Termination",
    "XQChessError",
    "FenError",
    "MoveError",
    "IllegalMoveError",
    "AmbiguousMoveError",
    "UnknownVariantError",
]
#: Search options `search` takes besides the limits and the ordering: `SearchConfig`'s fields.
SEARCH_OPTIONS = tuple(f.name for f in fields(SearchConfig))


class Move:
    """A move of one game. Moves compare and hash by value (the game and the move: squares,
    promotion and kind), as python-chess's do; ``str`` writes the move in the game's own
    notation (SAN in chess, WXF in xiangqi) as it reads in the position it was made from.

    >>> board = Board("chess")
    >>> move = board.push_notation("g1f3")
    >>> str(move), move.uci()
    ('Nf3', 'g1f3')
    >>> move == Board("chess").push_san("Nf3") and move in Board("chess").legal_moves
    True
    """

    __slots__ = ("variant", "code", "_before", "_text")

    def __init__(self, variant, code: int, before: Position) -> None:
        self.variant = variant
        self.code = code
        self._before = before
        self._text: str | None = None

    def uci(self) -> str:
        """The move in UCI coordinates (xiangqi: Fairy-Stockfish's, ranks 1-10)."""
        return self.variant.format_move(self._before, self.code, "uci")

    def __str__(self) -> str:
        if self._text is None:
            self._text = self.variant.format_move(
                self._before, self.code, self.variant.pgn_notation
            )
        return self._text

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Move)
            and self.code == other.code
            and self.variant.name == other.variant.name
        )

    def __hash__(self) -> int:
        return hash((self.variant.name, self.code))


class Board:
    """A game of chess or xiangqi: a position with its history of moves.

    ``variant`` is a name from `VARIANTS`; ``fen`` the start position (None: the game's initial
    one); ``strict=False`` accepts the placements Fairy-Stockfish accepts but no game reaches.
    A refused move or FEN raises one of the `xqchess.core.errors` classes and changes nothing.

    >>> board = Board("chess")
    >>> for san in ("f3", "e5", "g4", "Qh4#"):
    ...     _ = board.push_san(san)
    >>> board.is_check(), board.is_game_over()
    (True, True)
    >>> board.outcome().termination.value, board.outcome().result()
    ('checkmate', '0-1')
    >>> board.pop()
    Move('Qh4#')
    >>> board.push_san("Ke6")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    xqchess.core.errors.IllegalMoveError: illegal move Ke6: the black king on e8 cannot move...
    """

    def __init__(
        self, variant: str = "chess", fen: str | None = None, *, strict: bool = True
    ) -> None:
        self.variant = get_variant(variant)
        self.position: Position = self.variant.position(fen, strict=strict)
        self._stack: list[Move] = []

    # -- moves -------------------------------------------------------------------------------

    @property
    def legal_moves(self) -> list[Move]:
        """The legal moves, in the kernel's generation order."""
        before = self.position.copy()
        return [Move(self.variant, code, before) for code in self.position.legal_moves()]

    def push(self, move: Move | str) -> Move:
        """Play ``move`` (a `Move`, or text in any notation the game reads); returns it."""
        if isinstance(move, str):
            return self.push_notation(move)
        if move.variant.name != self.variant.name:
            raise IllegalMoveError(
                f"a {move.variant.name} move cannot be played in {self.variant.name}"
            )
        return self._play(move.code)

    def push_san(self, san: str) -> Move:
        """Play a chess move written in SAN (``Nf3``, ``O-O``, ``e8=Q``)."""
        return self.push_notation(san, "san")

    def push_notation(self, text: str, notation: str | None = None) -> Move:
        """Play a move written in ``notation`` (None: recognised from the text): chess `san`
        or `uci`; xiangqi `wxf`, `iccs`, `uci` or `chinese`."""
        return self._play(self.variant.parse_move(self.position, text, notation))

    def _play(self, code: int) -> Move:
        """Play the move ``code`` (refused with the reason unless legal) and record it."""
        before = self.position.copy()
        self.position.push(code)
        move = Move(self.variant, code, before)
        self._stack.append(move)
        return move

    def pop(self) -> Move:
        """Take back the last move and return it; IndexError when there is none."""
        if not self._stack:
            raise IndexError("pop from a board with no moves played")
        self.position.unmake()
        return self._stack.pop()

    def peek(self) -> Move:
        """The last move played; IndexError when there is none."""
        if not self._stack:
            raise IndexError("peek at a board with no moves played")
        return self._stack[-1]

    @property
    def move_stack(self) -> list[Move]:
        """The moves played on this board, oldest first (a copy)."""
        return list(self._stack)

    def notation(self, move: Move, notation: str | None = None) -> str:
        """``move`` (legal here) written in ``notation`` (None: the game's own, SAN or WXF).

        >>> board = Board("xiangqi")
        >>> move = board.legal_moves[0]
        >>> [board.notation(move, n) for n in ("wxf", "iccs", "uci", "chinese")]
        ['R9+1', 'a0a1', 'a1a2', '车九进一']
        """
        if move.code not in self.position.legal_moves():
            raise IllegalMoveError(f"{move} is not a legal move in {self.fen()}")
        written = self.variant.require_notation(notation or self.variant.pgn_notation)
        return self.variant.format_move(self.position, move.code, written)

    def san(self, move: Move) -> str:
        """``move`` (legal here) in SAN (chess)."""
        return self.notation(move, "san")

    # -- state -------------------------------------------------------------------------------

    def fen(self) -> str:
        return self.position.fen()

    def is_check(self) -> bool:
        return self.position.is_check()

    def outcome(self, claim_draw: bool = False) -> Outcome | None:
        """How the game ended (termination and winner), or None while it goes on; with
        ``claim_draw`` the draws a player may claim count too (chess)."""
        return self.position.outcome(claim_draw)

    def is_game_over(self, claim_draw: bool = False) -> bool:
        return self.outcome(claim_draw) is not None

    def copy(self) -> Board:
        """An independent board with the same position and history."""
        other = Board.__new__(Board)
        other.variant = self.variant
        other.position = self.position.copy()
        other._stack = list(self._stack)
        return other

    def __str__(self) -> str:
        """The board as text, the far side's rank first: FEN letters, ``.`` for empty.

        >>> print(Board("xiangqi", "4k4/9/9/9/9/9/9/9/9/3K1R3 w - - 0 1"))
        . . . . k . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . K . R . . .
        """
        geometry = self.variant.geometry
        letters = self.variant.piece_letters
        board = self.position.board
        return "\n".join(
            " ".join(
                letters[board[rank * geometry.files + file]]
                if board[rank * geometry.files + file]
                else "."
                for file in range(geometry.files)
            )
            for rank in reversed(range(geometry.ranks))
        )

    def __repr__(self) -> str:
        return f"Board({self.variant.name!r}, {self.fen()!r})"

    def __rich__(self):
        """The terminal UI's board (rich renderable), the last move highlighted."""
        return BoardView().render(
            self.position, False, self._stack[-1].code if self._stack else 0, None
        )

    def _repr_svg_(self) -> str:
        """The board as an SVG picture for Jupyter (`xqchess.svg.board`), the last move and a
        royal piece in check highlighted."""
        king = self.position.kings[self.position.side]
        check = king if king >= 0 and self.is_check() else None
        lastmove = self.peek() if self.move_stack else None
        return svg.board(self, lastmove=lastmove, check=check, size=390)


@dataclass
class SearchReport:
    """What `search` found: the best move (None with no legal move), the score from the side
    to move's view in centipawns (mates beyond ±29,000), the moves to mate if any (negative
    when being mated), the principal variation, the depth behind the move, and the statistics
    `xqchess search --json` prints (moves in the game's own notation)."""

    best_move: Move | None
    score: int
    mate: int | None
    pv: list[Move]
    depth: int
    statistics: dict


def search(
    board: Board,
    depth: int | None = None,
    movetime: int | None = None,
    nodes: int | None = None,
    ordering: str = DEFAULT_SPEC,
    guard_margin: int = 0,
    **options,
) -> SearchReport:
    """Search ``board``'s position within the limits given (at least one: ``depth`` in plies,
    ``movetime`` in ms, ``nodes``; the first reached ends it) with the ordering pipeline
    ``ordering`` (a spec string, see docs/search.md) and the `SearchConfig` ``options`` (``tt``,
    ``pvs``, ``iterative``, ``quiescence``, ``null_move``, ``lmr``, ``guard_prune_depth``,
    ``hash_mb``, ``multipv``). The board is left as it was.

    >>> report = search(Board("chess", "k7/8/2K5/8/8/8/8/7R w - - 0 1"), depth=4)
    >>> report.mate, [str(m) for m in report.pv]
    (2, ['Kb6', 'Kb8', 'Rh8#'])
    >>> report.statistics["nodes"] == report.statistics["iterations"][-1]["nodes"] + sum(
    ...     it["nodes"] for it in report.statistics["iterations"][:-1])
    True
    """
    if depth is None and movetime is None and nodes is None:
        raise XQChessError("search needs a limit: depth, movetime or nodes")
    unknown = sorted(set(options) - set(SEARCH_OPTIONS))
    if unknown:
        raise XQChessError(
            f"unknown search option {unknown[0]!r}; expected one of {', '.join(SEARCH_OPTIONS)}"
        )
    variant = board.variant
    searcher = Searcher(build_pipeline(ordering, variant, guard_margin), SearchConfig(**options))
    position = board.position.copy()
    result = searcher.search(position, Limits(depth=depth, movetime=movetime, nodes=nodes))
    statistics = result_dict(variant, position, result, variant.pgn_notation)
    pv, probe = [], position.copy()
    for code in result.pv:
        pv.append(Move(variant, code, probe.copy()))
        probe.make(code)
    best = Move(variant, result.best_move, position) if result.best_move else None
    return SearchReport(best, result.score, mate_in(result.score), pv, result.depth, statistics)


def perft(board: Board, depth: int) -> int:
    """The number of leaf nodes of the legal move tree ``depth`` plies deep.

    >>> perft(Board("chess"), 3), perft(Board("xiangqi"), 2)
    (8902, 1920)
    """
    if depth < 1:
        raise XQChessError(f"perft depth must be at least 1, got {depth}")
    return _perft(board.position.copy(), depth)


def guard_values(board: Board) -> dict[str, int]:
    """Each square's guard value by its UCI name: the guard heuristic's seed rule
    (``guardValueWPOV`` of Ke and Parng), from White's/Red's point of view; negative is
    controlled by Black.

    >>> values = guard_values(Board("chess", "4k3/8/3p4/4N3/8/2B5/8/4K3 w - - 0 1"))
    >>> values["e5"]  # the knight: bishop 5 against pawn 9, its own strength not added
    -4
    """
    values = Guard(board.variant).board_values(board.position.board)
    return {board.variant.geometry.square_name(sq): value for sq, value in enumerate(values)}
