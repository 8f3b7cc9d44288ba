"""Greer's safe/unsafe split (`safe` in ordering specs), pinned to hand-worked positions in both
games: a move is unsafe exactly when the piece moved would be lost for less on its target."""

import pytest
from xqchess.core.search import Node
from xqchess.ordering.spec import build_pipeline
from xqchess.variants import get_variant

CASES = [
    # White knight d3; black pawn d6 guards c5 and e5, black pawn c5 guarded by d6:
    # Nxc5 dxc5 gives a pawn (100) for the knight (320); Ne5 and Nb4 (guarded by the c5 pawn)
    # are taken for nothing; the other knight and king moves are not attacked.
    ("chess", "4k3/8/3p4/2p5/8/3N4/8/K7 w - - 0 1", {"d3c5", "d3e5", "d3b4"}),
    # Red chariot a1; the black horse c6 (legs b6 free) attacks a5 and a7 on the chariot's file;
    # nothing guards them, so the chariot would be lost for nothing there.
    ("xiangqi", "3k5/9/9/9/2n6/9/9/9/9/R3K4 w - - 0 1", {"a1a5", "a1a7"}),
]


@pytest.mark.parametrize("variant_name, fen, unsafe", CASES)
def test_unsafe_moves_are_those_losing_material_on_their_target(variant_name, fen, unsafe):
    variant = get_variant(variant_name)
    pos = variant.position(fen)
    pipeline = build_pipeline("safe", variant)
    node = Node(0)
    node.pos = pos
    moves = pos.legal_moves()
    scores = dict(zip(moves, pipeline.heuristics[0].score(node, moves)))
    assert {variant.format_move(pos, m) for m, s in scores.items() if s == 0} == unsafe
    ordered = pipeline.order(node, moves)
    split = len(moves) - len(unsafe)
    assert {variant.format_move(pos, m) for m in ordered[split:]} == unsafe
    # within each group the generation order is kept (a stable sort)
    assert ordered[:split] == [m for m in moves if scores[m]]
