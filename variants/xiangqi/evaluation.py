"""Xiangqi's positional evaluation terms (the ``terms`` evaluation, `core.evaluation`): the
defence advisors and elephants give against the opponent's attackers, horse and cannon
mobility, chariots on open files and the hollow cannon against the general.

These are the terms xiangqi programs weigh beyond material and square tables (ElephantEye's
evaluation by Morning Yellow has each of them: advisor and elephant worth that grows with the
opponent's attacking force, trapped horses, open files for chariots, the hollow-cannon threat);
the weights are ours, in that program's range; what each term is worth, measured by matches,
is in docs/results.md, "What each switch is worth". Xiangqi has no endgame tables (CHANGELOG.md
says why they were dropped), so each term scores the middlegame and the endgame alike. Each term is
a function of the position returning a packed score (`core.evaluation.pack`), Red's view.
"""

from xqchess.core.evaluation import SIGN, mobility_term, open_file_term, pack
from xqchess.core.pieces import BLACK, COLOR_SHIFT, KIND_MASK, WHITE
from xqchess.variants.families.xiangqi_family.definition import (
    ADVISOR,
    CANNON,
    CHARIOT,
    ELEPHANT,
    HORSE,
    SOLDIER,
)
from xqchess.variants.xiangqi.board_tables import GEOMETRY, TABLES

FILES = GEOMETRY.files
HORSE_MOVES = TABLES.horse_moves
ROOK_RAYS = TABLES.rook_rays

#: the opponent's attacking force: units per attacking piece it still has
ATTACK_UNITS = {CHARIOT: 2, HORSE: 1, CANNON: 1}
#: per advisor and per elephant a side keeps, its worth per attack unit of the opponent (up to
#: 8 units: two chariots, two horses, two cannons)
DEFENDER_WORTH = {ADVISOR: pack(5, 5, 0), ELEPHANT: pack(4, 4, 0)}

#: kind -> (the move count scored 0, packed weight per move beyond it); a horse's moves are
#: the jumps whose leg is free to a square no piece of its own holds, a cannon's the empty
#: squares it slides to (its captures need a screen, and count as attacks, not mobility)
MOBILITY = {HORSE: (4, pack(4, 4, 0)), CANNON: (6, pack(1, 1, 0))}

CHARIOT_OPEN_FILE = pack(15, 15, 0)  # no soldier of either side on the chariot's file
CHARIOT_HALF_OPEN_FILE = pack(8, 8, 0)  # none of its own, an enemy soldier somewhere on it

#: an enemy cannon on the general's file with no piece between: any piece that steps between
#: is pinned or gives the cannon its screen (the "hollow cannon", 空头炮)
HOLLOW_CANNON = pack(-60, -60, 0)


def defence(pos) -> int:
    """Each advisor and elephant a side keeps is worth more the more attackers the opponent
    has: `DEFENDER_WORTH` times the opponent's `ATTACK_UNITS`."""
    board = pos.board
    units = [0, 0]
    defenders = [0, 0]
    occupied = pos.occupied
    for color in (WHITE, BLACK):
        for sq in occupied[color]:
            kind = board[sq] & KIND_MASK
            if kind in ATTACK_UNITS:
                units[color] += ATTACK_UNITS[kind]
            elif kind in DEFENDER_WORTH:
                defenders[color] += DEFENDER_WORTH[kind]
    return defenders[WHITE] * units[BLACK] - defenders[BLACK] * units[WHITE]


def _cannon_slides(board, sq, own) -> int:
    moves = 0
    for ray in ROOK_RAYS[sq]:
        for s in ray:
            if board[s]:
                break
            moves += 1
    return moves


#: kind -> its move count, function(board, square, its color's squares)
MOVE_COUNTS = {
    HORSE: lambda board, sq, own: len(
        [target for target, leg in HORSE_MOVES[sq] if not board[leg] and target not in own]
    ),
    CANNON: _cannon_slides,
}


def mobility(pos) -> int:
    """Horse and cannon mobility, from `MOBILITY`'s zero points: a horse hemmed in by its
    legs and its own pieces loses, one with many free jumps gains."""
    return mobility_term(pos, MOVE_COUNTS, MOBILITY)


def chariot_files(pos) -> int:
    """A chariot on a file with no soldier gains `CHARIOT_OPEN_FILE`, on one with only enemy
    soldiers `CHARIOT_HALF_OPEN_FILE`."""
    return open_file_term(pos, SOLDIER, CHARIOT, CHARIOT_OPEN_FILE, CHARIOT_HALF_OPEN_FILE)


def general_safety(pos) -> int:
    """`HOLLOW_CANNON` for each enemy cannon that faces a general along its file with no piece
    between."""
    board = pos.board
    score = 0
    for color in (WHITE, BLACK):
        general = pos.kings[color]
        if general < 0:
            continue
        enemy_cannon = CANNON | (color ^ 1) << COLOR_SHIFT
        for ray in ROOK_RAYS[general]:
            if ray[0] % FILES != general % FILES:
                continue  # along the rank
            for s in ray:
                if board[s]:
                    if board[s] == enemy_cannon:
                        score += SIGN[color] * HOLLOW_CANNON
                    break
    return score


#: the terms, by the names `SearchConfig.eval_terms` and the UCI option EvalTerms use
EVALUATION_TERMS = {
    "defence": defence,
    "mobility": mobility,
    "chariots": chariot_files,
    "general": general_safety,
}
