"""The xiangqi generators' legality shortcut against the whole probe.

Not in check and with the general staying, `movegen.exposes` probes only the rays and horse legs
a move can open (`movegen.opened`). Here every pseudo-legal move of random placements, in
xiangqi and minixiangqi, is tried on a copy of the board and judged by the whole probe
(`attacks.attacked_by_movers` on the general's square after the move); `legal_of` must keep
exactly the moves that probe calls safe, and `candidate_legal` must agree move by move.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from xqchess.core.moves import move_from, move_to
from xqchess.core.pieces import COLOR_SHIFT
from xqchess.core.position import Position
from xqchess.variants import get_variant
from xqchess.variants.families.xiangqi_family import movegen
from xqchess.variants.families.xiangqi_family.attacks import attacked_by_movers
from xqchess.variants.families.xiangqi_family.definition import (
    CANNON,
    CHARIOT,
    GENERAL,
    HORSE,
    SOLDIER,
)

#: the pieces placed at random: those whose attacks a move can open or that attack the general
PLACED = (CHARIOT, CANNON, HORSE, SOLDIER)


def random_position(variant, tables, rng: random.Random, side: int) -> Position:
    """Both generals somewhere in their palaces, then up to 40 chariots, cannons, horses and
    soldiers of either color on random squares."""
    size = variant.geometry.size
    board = [0] * size
    start = variant.position()
    for color in (0, 1):
        square = start.kings[color]
        for _ in range(rng.randrange(4)):
            square = rng.choice(list(tables.general_steps[color][square]) or [square])
        board[square] = GENERAL | color << COLOR_SHIFT
    free = [s for s in range(size) if not board[s]]
    for s in rng.sample(free, rng.randrange(2, min(40, len(free)))):
        board[s] = rng.choice(PLACED) | rng.randrange(2) << COLOR_SHIFT
    return Position(variant, board, side)


@pytest.mark.parametrize("name", ["xiangqi", "minixiangqi"])
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), side=st.integers(0, 1))
def test_the_shortcut_agrees_with_the_whole_probe(name, seed, side):
    variant = get_variant(name)
    tables = variant.move_generator  # the generators' MoveTables (`core.generator`)
    pos = random_position(variant, tables, random.Random(seed), side)
    us, them = pos.side, pos.side ^ 1
    ksq = pos.kings[us]
    probe = (tables.rook_rays, tables.horse_attackers, tables.soldier_attackers, True)
    in_check = attacked_by_movers(*probe, pos.board, ksq, them)
    legal = set(movegen.legal_of(tables, pos))
    for move in movegen.pseudo_moves(tables, pos):
        frm, to = move_from(move), move_to(move)
        after = pos.board[:]
        after[to], after[frm] = after[frm], 0
        safe = not attacked_by_movers(*probe, after, to if frm == ksq else ksq, them)
        assert (move in legal) == safe, (pos.fen(), variant.move_to_uci(pos, move))
        assert movegen.candidate_legal(tables, pos, move, in_check) == safe
