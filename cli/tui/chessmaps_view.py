"""`xqchess chessmaps VARIANT`: Greer's chessmaps seen on a position, and the
view `xqchess play` shows with ``show chessmap``.

Drawn on the game's board, each square's number in a fixed-width cell beside its piece and the
cell colored for the player it favours (green: the first player, sky blue: the second), as the
guard heat map is:

* the **chessmap** (`ordering.chessmaps.control.chessmap`, Greer's section 2.1): ``+`` the
  first player controls the square, ``-`` the second, ``·`` (``.`` with ``--ascii``) neutral;
* the **valueboard** (`ordering.chessmaps.valueboard.valueboard`, section 2.3): the value of
  the piece on the square plus those of every piece attacking it directly or indirectly, the
  first player's positive;
* with ``--move``, the move's **influence** (`valueboard.influence`): ``+`` where the move
  changes the valueboard in the mover's favour, ``-`` in the opponent's, ``·`` unchanged (the
  destination is never counted), colored for the player the change favours, the move's
  squares highlighted;
* the **sectors** (one square each, the paper's best layout) most important first, by the
  game's shipped network (`ordering.chessmaps.network`). Without trained weights the view says
  so and lists none: there is no stand-in ordering.

The chessmap and the valueboard stand side by side in narrow cells, so both fit 120 columns
(xiangqi's: 115), and ``show chessmap`` in `play` fits a 120x40 terminal. ``--json`` prints one
object instead: ``chessmap`` and ``valueboard`` (square-index order: rank by rank from the first
player's side, files a-h or a-i), ``sectors`` (UCI square names, most important first; empty
without a network) and, with ``--move``, ``influence``.

The command's parser is built by `xqchess.cli.main`, one subcommand per game, with the game's
name as ``args.variant``; this module adds its options (`add_arguments`) and runs it (`run`).
"""

from __future__ import annotations

import argparse
import json
import textwrap
from dataclasses import dataclass

import numpy as np
from rich.console import Console
from rich.text import Text
from xqchess.board_view import BoardView, HeatMap
from xqchess.cli.arguments import add_lenient_option
from xqchess.core.errors import XQChessError
from xqchess.core.moves import move_from
from xqchess.core.pieces import COLOR_SHIFT
from xqchess.core.position import Position
from xqchess.ordering.chessmaps.control import chessmap
from xqchess.ordering.chessmaps.network import sector_order, shipped_path
from xqchess.ordering.chessmaps.network import shipped_network as load_shipped_network
from xqchess.ordering.chessmaps.valueboard import influence, valueboard
from xqchess.variants import get_variant

#: the valueboard size from which its cells have the deepest color: a pawn's square that a
#: queen and a rook attack (10 + 90 + 50, Table A.1's values)
VALUEBOARD_SATURATION = 150
#: columns between the chessmap and the valueboard
GAP = 2
#: text width of the sector list and the legends (the boards' own width at most 115)
TEXT_WIDTH = 110
#: how many sectors `xqchess play`'s view lists (the command lists them all)
PLAY_SECTORS = 16
NO_NETWORK = "no trained network is available"


def number_label(value: int) -> str:
    """A valueboard number: signed, a plain 0 where nothing counts."""
    return f"{value:+d}" if value else "0"


def sign_label(neutral: str):
    """The text of a -1/0/+1 value: "-", ``neutral`` or "+"."""
    texts = {1: "+", 0: neutral, -1: "-"}
    return lambda value: texts[int(np.sign(value))]


# -- the sector ordering ------------------------------------------------------------------------


@dataclass
class Ranking:
    """The sectors of a position most important first (empty when no network ranks them) and
    where the ordering comes from, or why there is none."""

    squares: list[int]
    source: str


def shipped_network(variant_name: str):
    """The game's shipped chessmaps network and a description of it; XQChessError when no
    trained weights ship."""
    variant = get_variant(variant_name)
    net = load_shipped_network(variant)
    sizes = "-".join(str(size) for size in net.sizes)
    return net, f"the shipped network {variant_name} {shipped_path(variant).name}, {sizes}"


def rank_sectors(pos: Position, net=None, description: str = "the given network") -> Ranking:
    """The network's sector ordering of ``pos`` (``net``: the game's shipped network), or an
    empty ranking saying why there is none."""
    try:
        if net is None:
            net, description = shipped_network(pos.variant.name)
        return Ranking(sector_order(pos, net), description)
    except XQChessError as error:
        return Ranking([], f"{NO_NETWORK} ({error})")


# -- what the view shows ------------------------------------------------------------------------


@dataclass
class Inspection:
    """The chessmaps of one position: its chessmap, valueboard and sector ranking, and with a
    move that move's influence."""

    pos: Position
    chessmap: np.ndarray
    valueboard: np.ndarray
    ranking: Ranking
    move: int = 0
    influence: np.ndarray | None = None

    def square_names(self, squares) -> list[str]:
        geometry = self.pos.variant.geometry
        return [geometry.square_name(int(sq)) for sq in squares]

    def as_json(self) -> dict:
        """The ``--json`` object: lists in square-index order, sectors as UCI square names."""
        result = {
            "chessmap": [int(v) for v in self.chessmap],
            "valueboard": [int(v) for v in self.valueboard],
            "sectors": self.square_names(self.ranking.squares),
        }
        if self.influence is not None:
            result["influence"] = [int(v) for v in self.influence]
        return result


def inspect(pos: Position, move: int = 0, net=None) -> Inspection:
    """The chessmaps of ``pos`` (left as it was), with ``move``'s influence when one is given;
    the sectors ranked by ``net`` (default: the game's shipped network, when there is one)."""
    return Inspection(
        pos,
        chessmap(pos),
        valueboard(pos),
        rank_sectors(pos, net),
        move,
        influence(pos, move) if move else None,
    )


# -- drawing ------------------------------------------------------------------------------------


def side_by_side(left: Text, right: Text, gap: int = GAP) -> Text:
    """Two blocks of lines next to each other, ``right`` starting ``gap`` columns after the
    widest line of ``left``."""
    left_lines = left.split("\n", allow_blank=True)
    right_lines = right.split("\n", allow_blank=True)
    width = max((line.cell_len for line in left_lines), default=0)
    result = Text()
    for index in range(max(len(left_lines), len(right_lines))):
        line = left_lines[index].copy() if index < len(left_lines) else Text()
        if index < len(right_lines) and right_lines[index].plain:
            line.append(" " * (width - line.cell_len + gap))
            line.append_text(right_lines[index])
        result.append_text(line)
        result.append("\n")
    result.rstrip()
    return result


def titled(title: str, board: Text) -> Text:
    text = Text()
    text.append(title + "\n", style="bold")
    text.append_text(board)
    return text


def wrapped(text: str) -> str:
    return "\n".join(textwrap.wrap(text, TEXT_WIDTH, subsequent_indent="  "))


def render(
    inspection: Inspection,
    view: BoardView,
    flipped: bool = False,
    sectors: int | None = None,
    last_move: int = 0,
) -> Text:
    """The view as text: the chessmap and the valueboard side by side with their legend, the
    sectors (the first ``sectors`` of them; None: all), and the move's influence if any;
    ``last_move`` highlighted on both boards, as on the guard map."""
    pos = inspection.pos
    variant = pos.variant
    first, second = (name.capitalize() for name in variant.color_names)
    signs = sign_label("." if view.ascii else "·")
    neutral = signs(0)
    control = view.render_heat(
        pos,
        HeatMap(inspection.chessmap, signs, saturation=1, compact=True, min_width=1),
        flipped,
        last_move,
    )
    values = view.render_heat(
        pos,
        HeatMap(
            inspection.valueboard,
            number_label,
            saturation=VALUEBOARD_SATURATION,
            compact=True,
            min_width=4,
        ),
        flipped,
        last_move,
    )
    text = side_by_side(
        titled("chessmap: who controls each square", control),
        titled("valueboard: the values of the piece and its attackers", values),
    )
    text.append("\n")
    text.append(
        wrapped(
            f"chessmap: + {first} controls the square, - {second}, {neutral} "
            f"neutral. valueboard: {first}'s pieces count positive, {second}'s "
            f"negative. Colors: {first} green, {second} blue."
        )
        + "\n"
    )
    text.append_text(sector_text(inspection, sectors))
    if inspection.influence is not None:
        text.append("\n\n")
        text.append_text(influence_text(inspection, view, flipped))
    return text


def sector_text(inspection: Inspection, limit: int | None = None) -> Text:
    """The sectors most important first, or why none are listed."""
    ranking = inspection.ranking
    if not ranking.squares:
        return Text(wrapped(f"sectors: none listed, {ranking.source}"))
    names = inspection.square_names(ranking.squares)
    shown = names if limit is None else names[:limit]
    more = f" ... and {len(names) - len(shown)} more" if len(shown) < len(names) else ""
    return Text(
        wrapped(f"sectors, most important first by {ranking.source}: " + " ".join(shown) + more)
    )


def influence_text(inspection: Inspection, view: BoardView, flipped: bool = False) -> Text:
    """The move's influence on the board before it, the move's squares highlighted."""
    pos, move, values = inspection.pos, inspection.move, inspection.influence
    variant = pos.variant
    mover = pos.board[move_from(move)] >> COLOR_SHIFT
    names = [name.capitalize() for name in variant.color_names]
    sign = 1 if mover == 0 else -1
    signs = sign_label("." if view.ascii else "·")
    board = view.render_heat(
        pos,
        HeatMap(
            values,
            signs,
            heat=[sign * int(v) for v in values],
            saturation=1,
            compact=True,
            min_width=1,
        ),
        flipped,
        last_move=move,
    )
    written = variant.format_move(pos, move, variant.pgn_notation)
    uci = variant.format_move(pos, move)
    title = f"influence of {written}" + (f" ({uci})" if uci != written else "")
    text = titled(title, board)
    squares = inspection.square_names
    plus = " ".join(squares(np.flatnonzero(values > 0))) or "nowhere"
    minus = " ".join(squares(np.flatnonzero(values < 0))) or "nowhere"
    text.append(
        "\n"
        + wrapped(
            f"+ the valueboard changes in the mover's ({names[mover]}'s) favour: {plus}; "
            f"- in {names[mover ^ 1]}'s: {minus}; "
            f"{signs(0)} unchanged (the destination square is never counted)."
        )
    )
    return text


# -- the command --------------------------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``xqchess chessmaps VARIANT`` (the caller sets ``variant``)."""
    parser.add_argument("--fen", help="the position to inspect (default: the initial position)")
    add_lenient_option(parser)
    parser.add_argument(
        "--move", help="also the influence of this move, in any notation the game reads"
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="print one JSON object (chessmap, valueboard, sectors, influence)",
    )
    parser.add_argument("--ascii", action="store_true", help="letters instead of piece symbols")


def run(args: argparse.Namespace) -> None:
    variant = get_variant(args.variant)
    pos = variant.position(args.fen, strict=not getattr(args, "lenient", False))
    text = getattr(args, "move", None)
    move = variant.parse_move(pos, text) if text is not None else 0
    inspection = inspect(pos, move)
    if getattr(args, "json", False):
        print(json.dumps(inspection.as_json()))
        return
    console = Console(highlight=False, soft_wrap=True)
    console.print(render(inspection, BoardView(getattr(args, "ascii", False))))
