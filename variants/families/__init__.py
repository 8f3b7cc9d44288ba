"""The family builders, not a game: each family's package turns a game's definition (a frozen
dataclass of data) into the `Variant` the kernel plays, with the move generation, attack
probes, faults, FEN checks, notation and rules every game of the family shares, and into the
`BoardStyle` the front ends draw it with.

* `chess_family`: a `ChessGame` (chess, Capablanca chess, shatranj ...).
* `xiangqi_family`: a `XiangqiGame` (xiangqi, minixiangqi ...).

`build` makes the `Variant` of any game's definition with its family's builder, `board_style`
its `BoardStyle`.
"""

from __future__ import annotations

from collections.abc import Callable

from xqchess.core.variant import Variant
from xqchess.variants.families.chess_family.builder import build as build_chess_game
from xqchess.variants.families.chess_family.definition import ChessGame
from xqchess.variants.families.chess_family.style import board_style as chess_board_style
from xqchess.variants.families.xiangqi_family.builder import build as build_xiangqi_game
from xqchess.variants.families.xiangqi_family.definition import XiangqiGame
from xqchess.variants.families.xiangqi_family.style import board_style as xiangqi_board_style
from xqchess.variants.style import BoardStyle

#: a game's definition, of any family: its rules and tables, and the front ends' data (its
#: board's look, the suites it ships, its perft bench)
GameDefinition = ChessGame | XiangqiGame
#: definition type -> its family's builder
BUILDERS: dict[type, Callable[..., Variant]] = {
    ChessGame: build_chess_game,
    XiangqiGame: build_xiangqi_game,
}
#: definition type -> how its family draws a game
STYLES: dict[type, Callable[..., BoardStyle]] = {
    ChessGame: chess_board_style,
    XiangqiGame: xiangqi_board_style,
}
#: what a game's package names its definition
DEFINITION_ATTRIBUTE = "GAME"


def is_definition(value: object) -> bool:
    """Whether ``value`` is a game definition some family builds."""
    return type(value) in BUILDERS


def build(definition: GameDefinition) -> Variant:
    """The `Variant` ``definition`` defines, made by its family's builder."""
    return BUILDERS[type(definition)](definition)


def board_style(definition: GameDefinition) -> BoardStyle:
    """How front ends draw the game ``definition`` defines, made by its family."""
    return STYLES[type(definition)](definition)
