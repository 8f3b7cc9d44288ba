"""The family builders, not a game: each family's package turns a game's definition (a frozen
dataclass of data) into the `Variant` the kernel plays, with the move generation, attack
probes, faults, FEN checks, notation and rules every game of the family shares.

* `chess_family`: a `ChessGame` (chess, Capablanca chess, shatranj ...).
* `xiangqi_family`: a `XiangqiGame` (xiangqi, minixiangqi ...).

`build` makes the `Variant` of any game's definition with its family's builder.
"""

from __future__ import annotations

from xqchess.core.variant import Variant
from xqchess.variants.families.chess_family.builder import build as build_chess_game
from xqchess.variants.families.chess_family.definition import ChessGame
from xqchess.variants.families.xiangqi_family.builder import build as build_xiangqi_game
from xqchess.variants.families.xiangqi_family.definition import XiangqiGame

#: definition type -> its family's builder
BUILDERS = {ChessGame: build_chess_game, XiangqiGame: build_xiangqi_game}
#: what a game's package names its definition
DEFINITION_ATTRIBUTE = "GAME"


def is_definition(value: object) -> bool:
    """Whether ``value`` is a game definition some family builds."""
    return type(value) in BUILDERS


def build(definition) -> Variant:
    """The `Variant` ``definition`` defines, made by its family's builder."""
    return BUILDERS[type(definition)](definition)
