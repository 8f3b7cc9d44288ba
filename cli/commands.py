"""The `perft` and `moves` commands: plain text on stdout, one item per line."""

from __future__ import annotations

import argparse

from core.errors import XQChessError
from core.perft import divide, perft
from core.variant import Variant
from variants import get_variant


def checked_notation(variant: Variant, notation: str) -> str:
    if notation not in variant.notations:
        raise XQChessError(f"notation {notation!r} is not one of "
                           f"{', '.join(variant.notations)} for {variant.name}")
    return notation


def run_perft(args: argparse.Namespace) -> None:
    variant = get_variant(args.variant)
    pos = variant.position(args.fen, strict=not args.lenient)
    notation = checked_notation(variant, args.notation)
    if not args.divide:
        print(perft(pos, args.depth))
        return
    rows = sorted((variant.format_move(pos, move, notation), count) for move, count in divide(pos, args.depth))
    for text, count in rows:
        print(f"{text}: {count}")
    print(sum(count for _, count in rows))


def run_moves(args: argparse.Namespace) -> None:
    variant = get_variant(args.variant)
    pos = variant.position(args.fen, strict=not args.lenient)
    notation = checked_notation(variant, args.notation)
    for text in sorted(variant.format_move(pos, move, notation) for move in pos.legal_moves()):
        print(text)
