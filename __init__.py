"""xqchess: chess and xiangqi on one variant-agnostic engine kernel, as a Python library.

The public API, in python-chess's vocabulary and for every registered game (`VARIANTS`):
`Board` (a game: legal moves as live views, moves read and written in every notation the game
has, undo, FEN, pieces by square, check, game end and draw claims), `Move` and `Piece` by value,
colours as python-chess's booleans (`WHITE` = `RED` = ``True``, `BLACK` = ``False``), `Outcome`,
and the engine: `search`, `perft` and `guard_values`. Errors are the `ValueError` subclasses of
`xqchess.core.errors`, re-exported here. docs/api.md is the reference, with python-chess's names
mapped to these. The library's layers are importable as ``xqchess.core``, ``xqchess.variants``
and ``xqchess.ordering``; the command line's research tools (the lab: ``xqchess.cli.lab.run``)
stand on it, and it imports nothing from them.

>>> import xqchess
>>> board = xqchess.Board()
>>> board.legal_moves.count()
20
>>> board.push_san("e4")
Move.from_uci('e2e4')
>>> board.fen()
'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
>>> board.turn == xqchess.BLACK
True
>>> xiangqi = xqchess.Board("xiangqi")
>>> len(xiangqi.legal_moves)
44
>>> xiangqi.push_notation("C2=5")
Move.from_uci('h3e3', 'xiangqi')
>>> xiangqi.push_notation("马８进７")
Move.from_uci('h10g8', 'xiangqi')
>>> xiangqi.piece_at("g8")
Piece.from_symbol('n', 'xiangqi')
>>> xqchess.search(xqchess.Board("xiangqi", "4k4/9/9/9/9/9/9/9/9/3K1R3 w - - 0 1"), depth=2).mate
1
"""

# first: choosing the kernel (compiled or Python) precedes every kernel module's import
from xqchess import kernel  # noqa: F401 (imported for its effect)
from xqchess.analysis import SEARCH_OPTIONS, SearchReport, guard_values, perft, search
from xqchess.board import Board, LegalMoveGenerator, PseudoLegalMoveGenerator
from xqchess.core.errors import (
    AmbiguousMoveError,
    FenError,
    IllegalMoveError,
    MoveError,
    PieceError,
    SquareError,
    UnknownVariantError,
    XQChessError,
)
from xqchess.core.outcome import Outcome, Termination
from xqchess.move import BLACK, COLORS, RED, WHITE, Color, Move, Piece, PieceType, Square
from xqchess.ordering.spec import DEFAULT_SPEC
from xqchess.variants import NAMES as VARIANTS

__all__ = [
    "VARIANTS",
    "WHITE",
    "BLACK",
    "RED",
    "COLORS",
    "Color",
    "Square",
    "PieceType",
    "Board",
    "LegalMoveGenerator",
    "PseudoLegalMoveGenerator",
    "Move",
    "Piece",
    "Outcome",
    "Termination",
    "DEFAULT_SPEC",
    "SEARCH_OPTIONS",
    "SearchReport",
    "search",
    "perft",
    "guard_values",
    "XQChessError",
    "FenError",
    "MoveError",
    "IllegalMoveError",
    "AmbiguousMoveError",
    "UnknownVariantError",
    "SquareError",
    "PieceError",
]
