"""A suite of middlegame positions for the heuristics lab, made by Fairy-Stockfish self-play,
each with Fairy-Stockfish's best move and score at a fixed depth.

Usage: python tests/tools/gen_middlegames.py VARIANT --seed S --count N --depth D --out FILE.epd

Each candidate position is drawn from its own RNG, seeded by the variant, the seed and the
candidate's number: from the start position, 2-4 uniformly random legal moves, then
Fairy-Stockfish plays both sides at `SELF_PLAY_NODES` nodes a move up to a target ply drawn in
16-44. A candidate is dropped when the game ends before the target ply (xqchess's `outcome`,
claimable draws included), the side to move is in check, its FEN repeats a kept position's, an
engine move is not legal in xqchess, or the score at the scoring depth is a mate or beyond
`MAX_SCORE` centipawns either way. The score is taken on the position as the suite states it
(the EPD fields, half-move clock 0), so a line can be re-scored from the file alone.

Each line is the four EPD fields, ``bm`` in the game's PGN notation (chess: SAN, xiangqi: WXF;
what cli/suites.py reads), ``c0 "uci MOVE; depth D score cp S"`` and ``id "VARIANT.SEED.NNN"``.
The first line gives the command and the engine's name, nodes per self-play move and scoring
depth.

Reproducible to the byte with the same engine build: one thread, a fixed hash, searches
limited by nodes and depth (never by time), and ``ucinewgame`` before each game and each
scoring, so every search is a function of its position and history alone; ``--count K`` with
the same seed gives the first K positions. Progress and the counts of dropped candidates go to
stderr. Needs Debian's fairy-stockfish (/usr/games/fairy-stockfish) or one on PATH.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

from xqchess.cli.external_engine import UCI, ExternalEngine, default_engine
from xqchess.cli.records import MATE_SCORE
from xqchess.core.errors import XQChessError
from xqchess.core.position import Position
from xqchess.variants import NAMES, get_variant

#: nodes Fairy-Stockfish searches for each self-play move
SELF_PLAY_NODES = 10_000
#: Fairy-Stockfish's hash table, in MB (fixed, as its size changes what a search finds)
HASH_MB = 16
#: random legal moves from the start, before self-play
RANDOM_OPENING_PLIES = (2, 4)
#: the ply (from the start) at which a candidate position is taken
TARGET_PLIES = (16, 44)
#: the largest score, in centipawns either way, that a kept position may have
MAX_SCORE = 300
#: seconds one engine search may take before the engine counts as hung
SEARCH_TIMEOUT = 600.0
SCRIPT = "tests/tools/gen_middlegames.py"


class SelfPlayEngine(ExternalEngine):
    """The engine client, with a search limited by nodes."""

    def move_at_nodes(self, fen: str, moves: list[str], nodes: int) -> str | None:
        """The engine's move after ``moves`` from ``fen`` when it searches ``nodes`` nodes
        (None: it has none)."""
        lines, _ = self._search(fen, moves, f"go nodes {nodes}", SEARCH_TIMEOUT)
        return self._move(lines[-1])


def header(args: argparse.Namespace, engine_name: str) -> str:
    return (
        f"# made by: python {SCRIPT} {args.variant} --seed {args.seed} --count {args.count} "
        f"--depth {args.depth} --out {args.out} ({engine_name}; self-play at "
        f"{SELF_PLAY_NODES} nodes a move, best move and score at depth {args.depth}; "
        f"Threads 1, Hash {HASH_MB} MB)"
    )


def self_play(
    engine: SelfPlayEngine, variant_name: str, seed: int, number: int
) -> tuple[Position | None, str]:
    """Candidate ``number``'s position (None when dropped) and why it was dropped."""
    variant = get_variant(variant_name)
    rng = random.Random(f"gen_middlegames:{variant_name}:{seed}:{number}")
    pos = variant.position()
    start = pos.fen()
    moves: list[str] = []
    for _ in range(rng.randint(*RANDOM_OPENING_PLIES)):
        legal = {variant.move_to_uci(pos, move): move for move in pos.legal_moves()}
        text = rng.choice(sorted(legal))
        moves.append(text)
        pos.make(legal[text])
    target = rng.randint(*TARGET_PLIES)
    engine.new_game()
    while len(moves) < target:
        if pos.outcome(claim_draw=True) is not None:
            return None, "game over before the target ply"
        text = engine.move_at_nodes(start, moves, SELF_PLAY_NODES)
        if text is None:
            return None, "game over before the target ply"
        try:
            pos.push(variant.parse_move(pos, text, "uci"))
        except XQChessError:
            return None, "engine move not legal in xqchess"
        moves.append(text)
    if pos.outcome(claim_draw=True) is not None:
        return None, "game over at the target ply"
    if pos.is_check():
        return None, "side to move in check"
    return pos, ""


def suite_line(
    engine: SelfPlayEngine, pos: Position, depth: int, position_id: str
) -> tuple[str | None, str]:
    """The EPD line of ``pos`` (None when dropped) and why it was dropped."""
    variant = pos.variant
    epd = " ".join(pos.fen().split()[:4])
    stated = variant.position(f"{epd} 0 1")
    engine.new_game()
    text, score = engine.analyse(stated.fen(), [], depth, SEARCH_TIMEOUT)
    if text is None or score is None:
        return None, "no move or score at the scoring depth"
    if abs(score) >= MATE_SCORE:
        return None, "mate at the scoring depth"
    if abs(score) > MAX_SCORE:
        return None, f"score beyond {MAX_SCORE} cp"
    try:
        move = variant.parse_move(stated, text, "uci")
    except XQChessError:
        return None, "engine move not legal in xqchess"
    best = variant.format_move(stated, move, variant.pgn_notation)
    return (
        f'{epd} bm {best}; c0 "uci {text}; depth {depth} score cp {score}"; id "{position_id}";'
    ), ""


def generate(args: argparse.Namespace) -> tuple[list[str], Counter[str]]:
    """The file's lines (header first) and the count of dropped candidates by reason."""
    variant = get_variant(args.variant)
    path = default_engine()
    dropped: Counter[str] = Counter()
    seen: set[str] = set()
    with SelfPlayEngine([path], UCI, path, SEARCH_TIMEOUT) as engine:
        engine.start(variant, {"Threads": "1", "Hash": str(HASH_MB)})
        lines = [header(args, engine.name)]
        number = 0
        while len(lines) <= args.count:
            number += 1
            pos, why = self_play(engine, args.variant, args.seed, number)
            line = None
            if pos is not None:
                epd = " ".join(pos.fen().split()[:4])
                if epd in seen:
                    why = "repeats a kept position"
                else:
                    position_id = f"{args.variant}.{args.seed}.{len(lines):03d}"
                    line, why = suite_line(engine, pos, args.depth, position_id)
            if line is None:
                dropped[why] += 1
                continue
            seen.add(epd)
            lines.append(line)
            print(f"{len(lines) - 1}/{args.count} (candidate {number}) {line}", file=sys.stderr)
    return lines, dropped


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variant", choices=NAMES, help="the game")
    parser.add_argument("--seed", type=int, default=48, help="the seed (default 48)")
    parser.add_argument("--count", type=int, default=200, help="positions to make (default 200)")
    parser.add_argument(
        "--depth", type=int, default=14, help="the scoring depth, in plies (default 14)"
    )
    parser.add_argument("--out", required=True, help="the EPD file to write")
    args = parser.parse_args(argv)
    if args.count < 1 or args.depth < 1:
        parser.error("--count and --depth must be at least 1")
    began = time.perf_counter()
    lines, dropped = generate(args)
    Path(args.out).write_text("\n".join(lines) + "\n", encoding="utf-8")
    kept = len(lines) - 1
    print(
        f"{kept} positions in {time.perf_counter() - began:.0f} s; dropped "
        f"{sum(dropped.values())}: "
        + (", ".join(f"{why} {count}" for why, count in dropped.most_common()) or "none"),
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
