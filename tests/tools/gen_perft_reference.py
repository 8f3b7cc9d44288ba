"""Perft reference counts for a registered game, from Fairy-Stockfish, into the game's folder.

Usage: python tests/tools/gen_perft_reference.py GAME SEED NRANDOM [NAME=FEN ...]

Writes the game's ``data/perft.json`` (`Variant.data_file`), which the conformance harness
(tests/test_conformance.py) checks perft against. The start position, each named FEN and NRANDOM
positions reached by seeded uniformly random play (6 to 90 plies, game not over) are each
counted at depths 1, 2, ... until a depth's count passes BUDGET nodes (that depth is kept).
Fairy-Stockfish knows the game by the ``pyffish_variant`` of its ``data/conformance.json``.
Needs pyffish and the fairy-stockfish binary (Debian's package: /usr/games/fairy-stockfish).
"""

import json
import random
import shutil
import subprocess
import sys

import pyffish as sf
from xqchess.variants import get_variant

BUDGET = 1_000_000
MAX_DEPTH = 6
FAIRY_STOCKFISH = shutil.which("fairy-stockfish") or "/usr/games/fairy-stockfish"


class Perft:
    """The fairy-stockfish binary, over UCI, counting perft for one variant."""

    def __init__(self, variant: str) -> None:
        self.engine = subprocess.Popen(
            [FAIRY_STOCKFISH], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.read_until("uciok")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send("isready")
        self.read_until("readyok")

    def send(self, command: str) -> None:
        self.engine.stdin.write(command + "\n")
        self.engine.stdin.flush()

    def read_until(self, prefix: str) -> str:
        while True:
            line = self.engine.stdout.readline()
            if not line:
                raise RuntimeError("fairy-stockfish stopped")
            if line.startswith(prefix):
                return line

    def count(self, fen: str, depth: int) -> int:
        self.send(f"position fen {fen}")
        self.send(f"go perft {depth}")
        return int(self.read_until("Nodes searched").split(":")[1])

    def close(self) -> None:
        self.send("quit")
        self.engine.wait()


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
    game, seed, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    target = get_variant(game).data_file("perft.json")
    variant = json.loads(get_variant(game).data_file("conformance.json").read_text())[
        "pyffish_variant"
    ]
    rng = random.Random(seed)
    start = sf.start_fen(variant)
    items = [("startpos", start)] + [tuple(arg.split("=", 1)) for arg in sys.argv[4:]]
    items += [(f"random-{i}", random_fen(rng, variant, start)) for i in range(count)]
    engine = Perft(variant)
    positions = []
    for name, fen in items:
        assert sf.validate_fen(fen, variant) == 1, (name, fen)
        counts = {}
        for depth in range(1, MAX_DEPTH + 1):
            counts[str(depth)] = nodes = engine.count(fen, depth)
            if nodes > BUDGET:
                break
        positions.append({"name": name, "fen": fen, "perft": counts})
        print(game, name, counts, file=sys.stderr)
    engine.close()
    command = "python tests/tools/gen_perft_reference.py " + " ".join(sys.argv[1:])
    with target.open("w") as out:  # (a source checkout's folder: the data is not installed)
        json.dump(
            {
                "variant": game,
                "oracle": "Fairy-Stockfish perft",
                "command": command,
                "positions": positions,
            },
            out,
            indent=1,
        )
    print(f"wrote {target}", file=sys.stderr)


if __name__ == "__main__":
    main()
