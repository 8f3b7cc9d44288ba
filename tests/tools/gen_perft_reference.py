"""Perft reference counts for any game Fairy-Stockfish plays, from the `fairy-stockfish` binary.

Usage: python tests/tools/gen_perft_reference.py VARIANT SEED NRANDOM OUT.json [NAME=FEN ...]

The start position, each named FEN and NRANDOM positions reached by seeded uniformly random
play (6 to 90 plies, game not over) are each counted at depths 1, 2, ... until a depth's count
passes BUDGET nodes (that depth is kept). Needs pyffish and fairy-stockfish (../shared/tools).
"""

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2].parent / "shared" / "tools"))

import pyffish as sf  # noqa: E402
from fsf import FSF_Engine  # noqa: E402

BUDGET = 1_000_000
MAX_DEPTH = 6


def random_fen(rng: random.Random, variant: str, start: str) -> str:
    while True:
        moves = []
        for _ in range(rng.randint(6, 90)):
            legal = sf.legal_moves(variant, start, moves)
            if not legal:
                break
            moves.append(rng.choice(legal))
        fen = sf.get_fen(variant, start, moves)
        if sf.legal_moves(variant, fen, []) and not sf.is_immediate_game_end(variant, fen, [])[0]:
            return fen


def main() -> None:
    variant, seed, count, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    rng = random.Random(seed)
    start = sf.start_fen(variant)
    items = [("startpos", start)] + [tuple(arg.split("=", 1)) for arg in sys.argv[5:]]
    items += [(f"random-{i}", random_fen(rng, variant, start)) for i in range(count)]
    engine = FSF_Engine(variant)
    positions = []
    for name, fen in items:
        assert sf.validate_fen(fen, variant) == 1, (name, fen)
        counts = {}
        for depth in range(1, MAX_DEPTH + 1):
            counts[str(depth)] = nodes = engine.perft(fen, depth)
            if nodes > BUDGET:
                break
        positions.append({"name": name, "fen": fen, "perft": counts})
        print(variant, name, counts, file=sys.stderr)
    engine.close()
    command = "python tests/tools/gen_perft_reference.py " + " ".join(sys.argv[1:])
    Path(out).write_text(json.dumps({"variant": variant, "oracle": "Fairy-Stockfish perft",
                                     "command": command, "positions": positions}, indent=1))


if __name__ == "__main__":
    main()
