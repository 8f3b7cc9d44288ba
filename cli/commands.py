"""The `perft` and `moves` commands: plain text on stdout, one item per line (`perft
--against` compares with an engine: `cli.perft_against`)."""

from __future__ import annotations

import argparse

from xqchess.cli import perft_against
from xqchess.cli.arguments import DEFAULT_NOTATION
from xqchess.core.errors import XQChessError
from xqchess.core.perft import divide, perft
from xqchess.variants import get_variant

#: deepest perft the command accepts. perft recurses once per ply, so the bound keeps far below
#: Python's recursion limit (1000 frames); 64 is generous, as 12 plies already take days here.
MAX_PERFT_DEPTH = 64


def run_perft(args: argparse.Namespace) -> int:
    """Perft (or its divide); with ``--against`` the comparison with an engine
    (`cli.perft_against`), whose exit status it returns."""
    if args.against:
        return perft_against.run(args)
    if args.moves or args.option:
        raise XQChessError("--moves and --option go with --against")
    variant = get_variant(args.variant)
    pos = variant.position(args.fen, strict=not args.lenient)
    notation = variant.require_notation(args.notation or DEFAULT_NOTATION)
    if not args.divide:
        print(perft(pos, args.depth))
        return 0
    rows = sorted(
        (variant.format_move(pos, move, notation), count) for move, count in divide(pos, args.depth)
    )
    for text, count in rows:
        print(f"{text}: {count}")
    print(sum(count for _, count in rows))
    return 0


def run_moves(args: argparse.Namespace) -> None:
    variant = get_variant(args.variant)
    pos = variant.position(args.fen, strict=not args.lenient)
    notation = variant.require_notation(args.notation or DEFAULT_NOTATION)
    for text in sorted(variant.format_move(pos, move, notation) for move in pos.legal_moves()):
        print(text)
