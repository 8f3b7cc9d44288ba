"""`xqchess perft --against ENGINE`: compare this package's perft with another engine's and
walk down to where their move generators part.

Both count the same position (``go perft N`` over UCI or UCCI: Stockfish's and
Fairy-Stockfish's output, ``move: count`` lines and a total). Where the totals differ, the
first move whose counts differ is played on both sides and the comparison repeats one ply
shallower, until a position is reached where the two legal move lists themselves differ: its
path, its FEN, and the moves only one side has are the answer. ``reference`` says whose rules
are taken as right in the wording: ``xqchess`` (the default; an engine author's own engine is
under test) or ``engine`` (this package's move generator is).
"""

from __future__ import annotations

import argparse
import shutil
from collections.abc import Callable
from dataclasses import dataclass

from xqchess.cli.external_engine import (
    DIALECTS,
    FAIRY_STOCKFISH,
    ExternalEngine,
    default_engine,
    engine_command,
    parse_options,
    program_name,
)
from xqchess.core.perft import divide
from xqchess.core.position import Position
from xqchess.core.variant import Variant
from xqchess.variants import get_variant

#: exit statuses: the counts agree; they differ (the divergence printed). An engine that fails
#: is an error (2, from `cli.main`).
AGREE, DIFFER = 0, 1


@dataclass
class Divergence:
    """Where two move generators part: the moves from the given position to the position
    whose legal move lists differ (in the engine's notation), its FEN, and the moves only
    this package and only the engine generate there."""

    path: list[str]
    fen: str
    only_ours: list[str]
    only_theirs: list[str]


@dataclass
class Level:
    """One ply of the descent: the position's path and depth, both totals, and the moves whose
    counts differ (move, ours, theirs)."""

    path: list[str]
    depth: int
    ours: int
    theirs: int
    differing: list[tuple[str, int | None, int | None]]


class SelfContradiction(Exception):
    """The engine's counts differ from ours at a move, yet one ply down every count agrees:
    the engine's perft disagrees with itself (a hash or counting fault, not its rules)."""


def find_divergence(
    their_divide: Callable[[list[str], int], dict[str, int]],
    notation: str,
    pos: Position,
    depth: int,
    on_level: Callable[[Level], None] = lambda level: None,
) -> Divergence | None:
    """Compare perft ``depth`` from ``pos`` with the other side's divide (``their_divide(path,
    depth)``: each legal move after the moves ``path`` from ``pos``, in ``notation``, with its
    count) and descend to the first position whose legal move lists differ; None when every
    count agrees. Each compared ply goes to ``on_level``."""
    variant = pos.variant
    pos = pos.copy()
    path: list[str] = []
    while True:
        ours = {
            variant.format_move(pos, move, notation): count for move, count in divide(pos, depth)
        }
        theirs = their_divide(path, depth)
        differing = sorted(
            (move, ours.get(move), theirs.get(move))
            for move in set(ours) | set(theirs)
            if ours.get(move) != theirs.get(move)
        )
        on_level(Level(list(path), depth, sum(ours.values()), sum(theirs.values()), differing))
        if set(ours) != set(theirs):
            return Divergence(
                path, pos.fen(), sorted(set(ours) - set(theirs)), sorted(set(theirs) - set(ours))
            )
        if not differing:
            if path:
                raise SelfContradiction(
                    f"after {' '.join(path)} every count agrees, yet one ply up the engine "
                    f"counted this move differently: its perft disagrees with itself"
                )
            return None
        move_text = differing[0][0]
        pos.make(variant.parse_move(pos, move_text, notation))
        path.append(move_text)
        depth -= 1


def engine_words(text: str) -> list[str]:
    """The engine's command line; ``fairy-stockfish`` also finds Debian's, off PATH."""
    words = engine_command(text)
    if words[0] == FAIRY_STOCKFISH and shutil.which(FAIRY_STOCKFISH) is None:
        words[0] = default_engine()
    return words


def describe(divergence: Divergence, reference: str, name: str) -> list[str]:
    """The divergence in words, the ``reference`` side's rules taken as right."""
    where = " ".join(divergence.path) or "(the position itself)"
    if reference == "xqchess":
        missing, extra, who = divergence.only_ours, divergence.only_theirs, name
    else:
        missing, extra, who = divergence.only_theirs, divergence.only_ours, "xqchess"
    return [
        f"the legal moves differ after {where}",
        f"  FEN {divergence.fen}",
        f"  {who} misses: {' '.join(missing) or '-'}",
        f"  {who} has extra: {' '.join(extra) or '-'}",
    ]


def run(args: argparse.Namespace) -> int:
    """Print the comparison, level by level, and the divergence; the exit status."""
    variant: Variant = get_variant(args.variant)
    pos = variant.position(args.fen, strict=not args.lenient)
    fen = pos.fen()  # the engine is told the position itself, never "startpos"
    words = engine_words(args.against)
    engine = ExternalEngine(words, DIALECTS[args.protocol], program_name(words), args.timeout)
    notation = engine.dialect.move_notation
    moves = list(args.moves or [])
    for text in moves:
        pos.make(variant.parse_move(pos, text, notation))

    def show(level: Level) -> None:
        where = " ".join(level.path) or "the position"
        verdict = "agree" if level.ours == level.theirs else "differ"
        print(
            f"depth {level.depth} after {where}: xqchess {level.ours}, "
            f"{engine.name} {level.theirs} ({verdict})"
        )
        for move, ours, theirs in level.differing[:10]:
            counts = ["-" if count is None else str(count) for count in (ours, theirs)]
            print(f"  {move}: xqchess {counts[0]}, {engine.name} {counts[1]}")
        if len(level.differing) > 10:
            print(f"  ... and {len(level.differing) - 10} more")

    with engine:
        engine.start(variant, parse_options(args.option or []))
        try:
            divergence = find_divergence(
                lambda path, depth: engine.perft_divide(fen, moves + path, depth, args.timeout),
                notation,
                pos,
                args.depth,
                show,
            )
        except SelfContradiction as error:
            print(error)
            return DIFFER
    if divergence is None:
        print(f"perft {args.depth}: xqchess and {engine.name} agree")
        return AGREE
    for line in describe(divergence, args.reference, engine.name):
        print(line)
    return DIFFER
