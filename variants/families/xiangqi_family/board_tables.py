"""A xiangqi-family board described as data, and the per-square tables built from it.

A game of the family (xiangqi, minixiangqi) is a `XiangqiBoard`: the `Geometry`, each color's
palace, each color's own half (None: no river, so soldiers step sideways from the start and
elephants, if any, are not confined) and the piece kinds that exist. `build_tables` turns that
description into every per-square table the move generator, the attack probes, the fault
messages, the chase rule and the FEN checks read (`Tables`), so that one generator serves any
board size and region layout: the hot loops index these lists and never test edges or regions.
Tables of kinds the game lacks are empty per square, so their probes cost nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from xqchess.core.geometry import Geometry
from xqchess.core.pieces import COLOR_SHIFT
from xqchess.variants.families.xiangqi_family.definition import (
    ADVISOR,
    ELEPHANT,
    GENERAL,
    HORSE,
    KINDS,
    SOLDIER,
)

ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL = ((1, 1), (-1, 1), (1, -1), (-1, -1))
FORWARD = (1, -1)  # rank direction of each color's advance

#: (dfile, drank, leg dfile, leg drank): one orthogonal step (the leg), then one diagonal.
HORSE_JUMPS = tuple(
    (df, dr, df // 2 if abs(df) == 2 else 0, dr // 2 if abs(dr) == 2 else 0)
    for df, dr in ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
)
ELEPHANT_JUMPS = tuple((2 * df, 2 * dr, df, dr) for df, dr in DIAGONAL)


@dataclass(frozen=True)
class XiangqiBoard:
    """The board of a xiangqi-family game: its geometry and regions, and the kinds it has."""

    geometry: Geometry
    #: per color, the squares its general (and advisors) may stand on
    palaces: tuple[frozenset[int], frozenset[int]]
    #: per color, its own side of the river (its elephants stay there, its soldiers step only
    #: forward there); None: the board has no river
    own_halves: tuple[frozenset[int], frozenset[int]] | None
    #: the piece kinds the game has (the general's among them)
    kinds: frozenset[int] = frozenset(KINDS)

    @property
    def river(self) -> int | None:
        """The last rank (0-based) of the first player's half, or None without a river."""
        if self.own_halves is None:
            return None
        return max(self.geometry.rank_of(sq) for sq in self.own_halves[0])

    def elephant_region(self, color: int) -> frozenset[int]:
        """Where ``color``'s elephants may stand: its own half (the whole board, no river)."""
        if self.own_halves is None:
            return frozenset(range(self.geometry.size))
        return self.own_halves[color]

    def crossed(self, color: int, sq: int) -> bool:
        """Whether a soldier of ``color`` on ``sq`` has crossed the river (always, no river)."""
        return self.own_halves is None or sq not in self.own_halves[color]


def placement_squares(
    geometry: Geometry, placement: str, letters: dict[str, int]
) -> dict[int, list[int]]:
    """Piece code -> its squares in a FEN placement field (last rank first), given the letters
    (``letters``: FEN letter -> piece code); for deriving start squares and counts."""
    found: dict[int, list[int]] = {}
    for row, text in enumerate(placement.split("/")):
        rank, file = geometry.ranks - 1 - row, 0
        for char in text:
            if char.isdigit():
                file += int(char)
            else:
                found.setdefault(letters[char], []).append(geometry.square(file, rank))
                file += 1
    return found


class Tables:
    """Every per-square table of a `XiangqiBoard` (see the attribute comments)."""

    def __init__(self, board: XiangqiBoard) -> None:
        g = self.geometry = board.geometry
        self.board = board
        size = g.size
        kinds = board.kinds

        def steps(directions, region, kind):
            if kind not in kinds:
                return [[] for _ in range(size)]
            return [
                [
                    t
                    for t in (g.offset(sq, df, dr) for df, dr in directions)
                    if t is not None and t in region and sq in region
                ]
                for sq in range(size)
            ]

        def blockable(jumps, region=None):
            table = []
            for sq in range(size):
                entries = []
                for df, dr, bf, br in jumps:
                    target = g.offset(sq, df, dr)
                    if target is not None and (
                        region is None or (sq in region and target in region)
                    ):
                        entries.append((target, g.offset(sq, bf, br)))
                table.append(entries)
            return table

        def soldier_steps(color, bounded):
            if SOLDIER not in kinds:
                return [[] for _ in range(size)]
            table = []
            for sq in range(size):
                step = [g.offset(sq, 0, FORWARD[color])]
                if not bounded or board.crossed(color, sq):
                    step += [g.offset(sq, -1, 0), g.offset(sq, 1, 0)]
                table.append([t for t in step if t is not None])
            return table

        #: per square, the four orthogonal rays (chariots, cannons, the facing generals)
        self.rook_rays = g.rays(ORTHOGONAL)
        #: horse_moves[sq]: (target, leg) for a horse on sq; the leg must be empty
        self.horse_moves = blockable(HORSE_JUMPS) if HORSE in kinds else [[] for _ in range(size)]
        #: horse_attackers[sq]: (horse square, leg) of each horse jump that lands on sq
        self.horse_attackers = [[] for _ in range(size)]
        for sq, moves in enumerate(self.horse_moves):
            for target, leg in moves:
                self.horse_attackers[target].append((sq, leg))
        #: per color, per square: the steps of generals and advisors inside the palace, the
        #: elephants' jumps (with eye) on their half and the soldiers' steps
        self.general_steps = tuple(steps(ORTHOGONAL, board.palaces[c], GENERAL) for c in (0, 1))
        self.advisor_steps = tuple(steps(DIAGONAL, board.palaces[c], ADVISOR) for c in (0, 1))
        self.elephant_moves = tuple(
            blockable(ELEPHANT_JUMPS, board.elephant_region(c))
            if ELEPHANT in kinds
            else [[] for _ in range(size)]
            for c in (0, 1)
        )
        self.soldier_steps = tuple(soldier_steps(c, True) for c in (0, 1))
        #: the same jumps and steps with the regions ignored (elephants across the river,
        #: soldiers sideways before crossing), as Fairy-Stockfish's unbounded attack sets,
        #: which its chase rule asks in places (`chase`)
        self.elephant_jumps_anywhere = blockable(ELEPHANT_JUMPS)
        self.soldier_steps_anywhere = tuple(soldier_steps(c, False) for c in (0, 1))
        #: soldier_attackers[color][sq]: squares from which a soldier of color attacks sq
        self.soldier_attackers = tuple([[] for _ in range(size)] for _ in (0, 1))
        for color in (0, 1):
            for sq, targets in enumerate(self.soldier_steps[color]):
                for target in targets:
                    self.soldier_attackers[color][target].append(sq)
        #: check_zone[sq]: the squares whose occupancy decides whether a general on sq is
        #: attacked: its file and rank (chariots, cannons and their screens, the facing
        #: general) and the four diagonal neighbours (the legs of horses that could reach it)
        self.check_zone = [
            frozenset(s for ray in self.rook_rays[sq] for s in ray)
            | frozenset(t for t in (g.offset(sq, df, dr) for df, dr in DIAGONAL) if t is not None)
            for sq in range(size)
        ]
        #: per square, (square, piece) of every soldier, advisor and general of either color
        #: that would attack it from there, and (square, eye, piece) of every elephant:
        #: `all_attackers`' one-pass tables (step attacks are symmetric in the palace and on
        #: the elephants' half)
        self.step_attackers = [
            [
                (s, SOLDIER | color << COLOR_SHIFT)
                for color in (0, 1)
                for s in self.soldier_attackers[color][sq]
            ]
            + [
                (s, ADVISOR | color << COLOR_SHIFT)
                for color in (0, 1)
                for s in self.advisor_steps[color][sq]
            ]
            + [
                (s, GENERAL | color << COLOR_SHIFT)
                for color in (0, 1)
                for s in self.general_steps[color][sq]
            ]
            for sq in range(size)
        ]
        self.elephant_attackers = [
            [
                (s, eye, ELEPHANT | color << COLOR_SHIFT)
                for color in (0, 1)
                for s, eye in self.elephant_moves[color][sq]
            ]
            for sq in range(size)
        ]
        #: per square, its four orthogonal and four diagonal neighbours (a horse's legs lie
        #: among the first, an elephant's eye and the squares an advisor attacks among the
        #: second)
        self.orthogonal_neighbours = g.leaps(ORTHOGONAL)
        self.diagonal_neighbours = g.leaps(DIAGONAL)
        #: per square, the bitmask of the rest of its rank and file (rook pseudo-attacks)
        self.lines = [sum(1 << s for ray in self.rook_rays[sq] for s in ray) for sq in range(size)]
        #: per color, the bitmask of the squares where its soldiers have not crossed the river
        self.uncrossed_mask = tuple(
            sum(1 << s for s in range(size) if not board.crossed(c, s)) for c in (0, 1)
        )
        #: per file, the bitmask of its squares
        self.file_masks = [
            sum(1 << g.square(file, rank) for rank in range(g.ranks)) for file in range(g.files)
        ]


def build_tables(board: XiangqiBoard) -> Tables:
    """The per-square tables of ``board``."""
    return Tables(board)
