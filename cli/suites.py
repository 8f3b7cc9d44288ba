"""Test suites (EPD files): the ones shipped with the CLI and any file a user names.

Each game ships its suites in its package's ``data`` folder and names them in its definition's
``suites`` table (`xqchess.variants.suites`; the first is its default), so a new game brings
its own. Chess and xiangqi ship (copied from ../shared/data/suites, or made with
../shared/tools/gen_suite.py): ``bratko-kopec`` (24 chess positions), ``chess-middlegames``
(24, Fairy-Stockfish self-play with its depth-14 best move, seed 11), ``xiangqi-middlegames``
(24, likewise), and ``chess-middlegames-30`` and ``xiangqi-middlegames-30`` (30 each, seed 12;
the first line of each file is the command that made it), the 30 further middlegames of
Greer's Table 4; and, made by tests/tools/gen_middlegames.py, ``chess-middlegames-200`` and
``xiangqi-middlegames-200`` (200 each, seed 48; the first line of each file is the command
that remakes it with the same Fairy-Stockfish build), the lab's suites for intervals over
positions. Names joined by ``+`` are one suite of their positions in turn (all of one game):
Table 4's 54 positions are ``bratko-kopec+chess-middlegames-30``. Each line is the four EPD
fields and operations ``bm`` (best moves, in the game's PGN notation: SAN in chess, WXF in
xiangqi, where the older files give Fairy-Stockfish's SAN), ``am``, ``id`` and comments
``c0``-``c9``; a ``c0 "uci MOVE; ..."`` comment gives the best move in coordinates, and is read
in place of ``bm``. The variant of a suite is the one its first position parses as. Errors name
the file and line.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import NamedTuple

from xqchess.core.errors import XQChessError
from xqchess.core.variant import Variant
from xqchess.variants import NAMES, get_variant, suites

#: joins suite names into one suite
JOIN = "+"
KNOWN_OPERATIONS = {"bm", "am", "id"} | {f"c{i}" for i in range(10)}


class SuiteError(XQChessError):
    """A suite file is missing or has a bad line."""


class SuitePosition(NamedTuple):
    id: str
    fen: str
    best_moves: tuple[str, ...]  # in UCI coordinates; empty when the line names none


class Suite(NamedTuple):
    name: str
    variant: Variant
    positions: list[SuitePosition]


@cache
def shipped_suites() -> dict[str, Variant]:
    """Every game's shipped suites: suite name -> the game that ships it."""
    return {suite: get_variant(name) for name in NAMES for suite in suites(name)}


def default_suite_name(variant_name: str) -> str:
    """The name of the game's default suite (the first it ships); SuiteError if it has none."""
    shipped = suites(variant_name)
    if not shipped:
        raise SuiteError(f"{variant_name} ships no suite; name an EPD file with --suite")
    return next(iter(shipped))


def load_suite(name_or_path: str) -> Suite:
    """A shipped suite by name, an EPD file by path, or suites joined by ``+`` (one game)."""
    if JOIN in name_or_path and not Path(name_or_path).exists():
        parts = [load_suite(part) for part in name_or_path.split(JOIN)]
        games = {part.variant.name for part in parts}
        if len(games) > 1:
            raise SuiteError(
                f"suite {name_or_path!r} joins suites of different games "
                f"({', '.join(sorted(games))})"
            )
        return Suite(
            name_or_path,
            parts[0].variant,
            [position for part in parts for position in part.positions],
        )
    shipped = shipped_suites()
    if name_or_path in shipped:
        variant = shipped[name_or_path]
        text = variant.data_file(suites(variant.name)[name_or_path]).read_text("utf-8")
        return parse_suite(text, name_or_path, variant)
    path = Path(name_or_path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SuiteError(
            f"suite {name_or_path!r} is neither a shipped suite ({', '.join(shipped)}) nor a file"
        ) from None
    except (OSError, UnicodeDecodeError) as error:
        raise SuiteError(f"cannot read suite file {name_or_path}: {error}") from None
    return parse_suite(text, name_or_path)


def default_suite(variant_name: str) -> Suite:
    return load_suite(default_suite_name(variant_name))


def parse_suite(text: str, name: str, variant: Variant | None = None) -> Suite:
    """The suite in EPD ``text``, of ``variant`` (None: the first game whose FEN its first
    position is; a shipped suite names its game, as games on one board share FENs)."""
    positions = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        where = f"{name}:{number}"
        fields = line.split()
        fen = " ".join(fields[:4]) + " 0 1"
        if variant is None:
            variant = _variant_of(fen, where)
        try:
            pos = variant.position(fen)
        except XQChessError as error:
            raise SuiteError(f"{where}: {error}") from None
        operations = _operations(" ".join(fields[4:]), where)
        positions.append(
            SuitePosition(
                operations.get("id", f"{name}#{number}"),
                pos.fen(),
                _best_moves(variant, pos, operations, where),
            )
        )
    if not positions:
        raise SuiteError(f"{name}: no positions")
    return Suite(name, variant, positions)


def _variant_of(fen: str, where: str) -> Variant:
    errors = []
    for name in NAMES:
        try:
            get_variant(name).position(fen)
            return get_variant(name)
        except XQChessError as error:
            errors.append(f"{name}: {error}")
    raise SuiteError(f"{where}: not a position of any game ({'; '.join(errors)})")


def _operations(text: str, where: str) -> dict[str, str]:
    """EPD operations ``name value...;`` (a quoted value may contain ';')."""
    operations = {}
    item, quoted = "", False
    for char in text + ";":
        if char == '"':
            quoted = not quoted
        if char == ";" and not quoted:
            name, _, value = item.strip().partition(" ")
            if name:
                if name not in KNOWN_OPERATIONS:
                    raise SuiteError(f"{where}: unknown EPD operation {name!r}")
                operations[name] = value.strip().strip('"')
            item = ""
        else:
            item += char
    if quoted:
        raise SuiteError(f"{where}: unbalanced quote")
    return operations


def _best_moves(variant: Variant, pos, operations: dict[str, str], where: str) -> tuple:
    comment = operations.get("c0", "")
    if comment.startswith("uci "):
        texts, notation = [comment.split()[1].rstrip(";")], "uci"
    else:
        texts, notation = operations.get("bm", "").split(), None
    moves = []
    for text in texts:
        try:
            moves.append(variant.format_move(pos, variant.parse_move(pos, text, notation)))
        except XQChessError as error:
            raise SuiteError(f"{where}: best move {text!r}: {error}") from None
    return tuple(moves)
