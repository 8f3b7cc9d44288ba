"""Guard heuristic (Ke and Parng 1993, as the Chessprogramming wiki's "Guard Heuristic" gives
it): legal move ordering and forward pruning by the guard value of squares.

What the seed says: the guard value of a square is the sum of the capture strengths of the
pieces that control it, White's positive and Black's negative; and if the square holds a
defended black piece that is the target of a capture, that piece's (negative) capture strength
is added as well. Its pseudo-code, ``guardValueWPOV(sq)``, adds the occupant's strength only
when a white piece and a black piece both control the square and the occupant is black: from
White's point of view, only an opponent's piece that is attacked and defended counts, never
White's own. Capture strengths come from the variant's table (roughly the inverse of a piece's
value: chess K 1, Q 1, R 2, B 5, N 6, P 9; xiangqi general 1, advisor 9 (the seed's "guard"),
elephant 9, chariot 2 (the seed's "warrior"), horse 5, cannon 4, soldier 9).

`Guard.guard_value` is that function with any side in White's place: the side's controllers
count positive, the opponent's negative, and an opponent's occupant attacked by the side and
defended by the opponent adds its strength negatively. With the side White it is the seed's
``guardValueWPOV`` exactly. The ordering and the pruning read it for the side to move, so the
value of a square holding the mover's own piece never includes that piece. A square is unsafe
for the side to move when its guard value is negative.

Ordering (the seed's two rules, then the rest):

1. escape-first-if-origin-unsafe: moves of a piece standing on an unsafe square, the most
   valuable piece first;
2. capture-first-if-target-safe: captures onto a square safe for the mover, by MVV-LVA;
3. other moves, then quiet moves onto unsafe squares last.

Pruning (`prunable`): near the tips, a non-capture onto a square whose guard value for the mover
is below minus the margin is not searched. The search applies it only within the frontier depth
and never in check or to a checking move, and counts every prune.

What we do otherwise than the seed, deliberately: the seed gives the guard value from White's
point of view only, and we take it from the side to move's; the seed prunes moves with unsafe
targets near the tips, and we prune non-captures only, never the first move searched, never in
check and never a checking move; rule 3 (the order of the remaining moves) is ours, the seed
names only the first two. "Controlling" is the variant's `attackers`: the pieces that could
capture on the square as the board stands (pinned pieces included, x-ray attackers not).

What it is worth, measured: docs/search.md, "What the ordering is worth", and
docs/lab.md (guard pruning across games, with its Elo; each heuristic alone).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xqchess.core.moves import SQUARE_BITS, SQUARE_MASK, is_capture
from xqchess.core.pieces import COLOR_SHIFT, KIND_MASK, WHITE
from xqchess.core.search.captures import victim_first
from xqchess.ordering.heuristic import Heuristic

if TYPE_CHECKING:
    from xqchess.core.position import Board

ESCAPE = 2_000_000
SAFE_CAPTURE = 1_000_000


class Guard(Heuristic):
    name = "guard"

    def __init__(self, variant, margin: int = 0) -> None:
        super().__init__(variant)
        self.margin = margin
        #: capture strength per piece code (either color), from the variant's table
        self.strength = {
            piece: variant.capture_strength[piece & KIND_MASK] for piece in variant.piece_letters
        }

    def guard_value(self, board: Board, sq: int, side: int = WHITE) -> int:
        """The seed's ``guardValueWPOV`` with ``side`` in White's place (the default, the
        first player, White or Red, gives the seed's own function): the capture strengths of
        ``side``'s pieces controlling ``sq`` less those of the opponent's, less the strength of
        an opponent's piece on ``sq`` when ``side`` attacks it and the opponent defends it."""
        attackers = self.variant.attackers
        strength = self.strength
        attacking = attackers(board, sq, side)
        defending = attackers(board, sq, side ^ 1)
        value = sum(strength[board[s]] for s in attacking) - sum(
            strength[board[s]] for s in defending
        )
        occupant = board[sq]
        if attacking and defending and occupant and occupant >> COLOR_SHIFT != side:
            value -= strength[occupant]
        return value

    def board_values(self, board: Board, side: int = WHITE) -> list[int]:
        """Every square's `guard_value` for ``side``, in square-index order."""
        return [self.guard_value(board, sq, side) for sq in range(self.squares)]

    def value_for(self, node, sq: int) -> int:
        """The guard value of ``sq`` for the side to move (cached per node)."""
        cache = node.cache
        value = cache.get(sq)
        if value is None:
            value = cache[sq] = self.guard_value(node.pos.board, sq, node.side)
        return value

    def score(self, node, moves):
        pos = node.pos
        board = pos.board
        values = self.variant.piece_values
        scores = []
        for move in moves:
            frm, to = move & SQUARE_MASK, move >> SQUARE_BITS & SQUARE_MASK
            if self.value_for(node, frm) < 0:
                scores.append(ESCAPE + values[board[frm] & KIND_MASK])
            elif is_capture(pos, move):
                safe = self.value_for(node, to) >= 0
                scores.append(SAFE_CAPTURE + victim_first(pos, move) if safe else 0)
            else:
                scores.append(-1 if self.value_for(node, to) < 0 else 0)
        return scores

    def prunable(self, node, move) -> bool:
        return self.value_for(node, move >> SQUARE_BITS & SQUARE_MASK) < -self.margin
