"""The kit's perft part: this package's leaf counts compared with an oracle's, from the start,
from the game's reference positions and from seeded random positions reached by play, one
depth after another while the time allowed lasts; where a count differs, walked down
(`find_divergence`) to the position whose legal move lists differ. The game's shipped
reference counts (``data/perft.json``, Fairy-Stockfish's) are compared too, where it ships
them, at the depths the time allows.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from xqchess.cli.check.differential import Disagreement, perft_reference, start_position
from xqchess.cli.check.oracles import Oracle, Unanswerable
from xqchess.cli.perft_against import SelfContradiction, find_divergence
from xqchess.core.perft import divide, perft
from xqchess.core.position import Position
from xqchess.core.variant import Variant

#: the deepest perft the part tries
MAX_DEPTH = 8
#: seeded random positions: how many, and the plies played from the start to each
RANDOM_POSITIONS, RANDOM_PLIES = 4, (10, 60)


@dataclass
class PerftTally:
    """What the perft part compared: (position, depth) pairs, their leaves, the deepest."""

    compared: int = 0
    leaves: int = 0
    deepest: int = 0


@dataclass
class Start:
    """A position perft counts from: how it is told (FEN and moves from it) and reached."""

    name: str
    fen: str
    moves: list[str]
    pos: Position


def random_starts(variant: Variant, seed: int) -> list[Start]:
    """Positions reached by seeded random play from the start (a game that ends early stops
    there), each told by its FEN: a move generator under test may have played a move the
    oracle would refuse on the way."""
    rng = random.Random(seed)
    starts = []
    for number in range(RANDOM_POSITIONS):
        pos = variant.position()
        for _ in range(rng.randint(*RANDOM_PLIES)):
            legal = sorted(pos.legal_moves())
            if not legal or pos.outcome() is not None:
                break
            pos.make(rng.choice(legal))
        fen = pos.fen()
        starts.append(Start(f"random {number + 1}", fen, [], start_position(variant, fen)[0]))
    return starts


def perft_starts(variant: Variant, seed: int) -> list[Start]:
    """The start position, the game's reference positions and seeded random ones."""
    starts = [Start("start", variant.position().fen(), [], variant.position())]
    for entry in perft_reference(variant)[1:]:
        pos, _ = start_position(variant, entry["fen"])
        starts.append(Start(entry["name"], pos.fen(), [], pos))
    return starts + random_starts(variant, seed)


def compare_with_oracle(
    variant: Variant,
    oracle: Oracle,
    seed: int,
    seconds: float,
    tally: PerftTally,
    on_step: Callable[[str], None] = lambda step: None,
    max_found: int = 10,
) -> list[Disagreement]:
    """Deepen perft over `perft_starts` while ``seconds`` last (a depth is begun where the
    last one's time, times the growth of the tree it saw, still fits), comparing every count
    with the oracle's; a position that disagrees is walked down to its divergence and not
    deepened (``max_found`` of them at most)."""
    deadline = time.perf_counter() + seconds
    found: list[Disagreement] = []
    starts = perft_starts(variant, seed)
    #: per start still deepened, the seconds its next depth is expected to take, and its
    #: last depth's leaves (the tree grows by their ratio from one depth to the next)
    pending = dict.fromkeys(range(len(starts)), 0.0)
    leaves = dict.fromkeys(range(len(starts)), 1)
    for depth in range(1, MAX_DEPTH + 1):
        for index, start in enumerate(starts):
            estimate = pending.get(index)
            if estimate is None or time.perf_counter() + estimate > deadline:
                pending.pop(index, None)
                continue
            on_step(f"perft {depth} from {start.name}")
            began = time.perf_counter()
            try:
                theirs = oracle.perft_divide(start.fen, start.moves, depth)
            except Unanswerable:
                return found
            ours = {
                variant.format_move(start.pos, move): count
                for move, count in divide(start.pos, depth)
            }
            tally.compared += 1
            tally.leaves += sum(ours.values())
            if ours != theirs:
                found.append(locate(variant, oracle, start, depth))
                pending.pop(index)
                if len(found) >= max_found:
                    return found
                continue
            tally.deepest = max(tally.deepest, depth)
            took = time.perf_counter() - began
            growth = sum(ours.values()) / max(leaves[index], 1)
            leaves[index] = sum(ours.values())
            pending[index] = took * max(growth, 1.0)
    return found


def locate(variant: Variant, oracle: Oracle, start: Start, depth: int) -> Disagreement:
    """The divergence under a count that differs, as a Disagreement."""

    def their_divide(path: list[str], level: int) -> dict[str, int]:
        return oracle.perft_divide(start.fen, start.moves + path, level)

    try:
        divergence = find_divergence(their_divide, "uci", start.pos, depth)
    except SelfContradiction as error:
        return Disagreement(
            "perft",
            f"perft {depth}",
            start.fen,
            start.moves,
            start.pos.fen(),
            "consistent counts",
            str(error),
            oracle.label,
            depth,
        )
    assert divergence is not None  # (the counts differ)
    return Disagreement(
        "perft",
        "legal moves",
        start.fen,
        start.moves + divergence.path,
        divergence.fen,
        "only xqchess: " + (" ".join(divergence.only_ours) or "-"),
        f"only {oracle.label}: " + (" ".join(divergence.only_theirs) or "-"),
        oracle.label,
        depth - len(divergence.path),
    )


def compare_with_reference(
    variant: Variant, seconds: float, tally: PerftTally
) -> list[Disagreement]:
    """The game's shipped reference counts, each depth of each position in order while
    ``seconds`` last (a count begun where the last one's time, times its branching, fits)."""
    deadline = time.perf_counter() + seconds
    found = []
    for entry in perft_reference(variant):
        pos, _ = start_position(variant, entry["fen"])
        estimate = 0.0
        previous = 1
        for depth, expected in sorted((int(d), n) for d, n in entry["perft"].items()):
            if time.perf_counter() + estimate * expected / previous > deadline:
                break
            began = time.perf_counter()
            count = perft(pos, depth)
            estimate, previous = time.perf_counter() - began, max(expected, 1)
            tally.compared += 1
            tally.leaves += count
            if count != expected:
                found.append(
                    Disagreement(
                        "perft",
                        f"perft {depth}",
                        entry["fen"],
                        [],
                        pos.fen(),
                        str(count),
                        str(expected),
                        "shipped reference",
                        depth,
                    )
                )
                break
            tally.deepest = max(tally.deepest, depth)
    return found
