"""Precomputed xiangqi move and attack tables, and the reverse attack probes.

Each table is built once from the pieces' step data and the board's regions: a horse target
comes with its leg square, an elephant target with its eye square, general and advisor steps stay
in the palace, elephants on their own half, and soldiers step sideways only across the river.
"""

from xqchess.core.pieces import COLOR_SHIFT, KIND_MASK
from xqchess.variants.xiangqi.pieces import (
    ADVISOR, CANNON, CHARIOT, ELEPHANT, GENERAL, GEOMETRY, HORSE, OWN_HALF, PALACE, SOLDIER,
)

ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL = ((1, 1), (-1, 1), (1, -1), (-1, -1))
FORWARD = (1, -1)  # rank direction of each color's advance


def _steps(directions, region):
    return [[t for t in (GEOMETRY.offset(sq, df, dr) for df, dr in directions)
             if t is not None and t in region and sq in region] for sq in range(GEOMETRY.size)]


def _blockable(jumps, region=None):
    """Per square, (target, blocking square) for jumps (dfile, drank, block dfile, block drank)."""
    table = []
    for sq in range(GEOMETRY.size):
        entries = []
        for df, dr, bf, br in jumps:
            target = GEOMETRY.offset(sq, df, dr)
            if target is not None and (region is None or (sq in region and target in region)):
                entries.append((target, GEOMETRY.offset(sq, bf, br)))
        table.append(entries)
    return table


def _soldier_steps(color):
    table = []
    for sq in range(GEOMETRY.size):
        steps = [GEOMETRY.offset(sq, 0, FORWARD[color])]
        if sq not in OWN_HALF[color]:
            steps += [GEOMETRY.offset(sq, -1, 0), GEOMETRY.offset(sq, 1, 0)]
        table.append([t for t in steps if t is not None])
    return table


#: (dfile, drank, leg dfile, leg drank): one orthogonal step (the leg), then one diagonal.
HORSE_JUMPS = tuple((df, dr, df // 2 if abs(df) == 2 else 0, dr // 2 if abs(dr) == 2 else 0)
                    for df, dr in ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1),
                                   (-2, 1), (-1, 2)))
ELEPHANT_JUMPS = tuple((2 * df, 2 * dr, df, dr) for df, dr in DIAGONAL)

ROOK_RAYS = GEOMETRY.rays(ORTHOGONAL)
#: HORSE_MOVES[sq]: (target, leg) for a horse on sq; the leg must be empty.
HORSE_MOVES = _blockable(HORSE_JUMPS)
#: HORSE_ATTACKERS[sq]: (horse square, leg) of each horse jump that lands on sq.
HORSE_ATTACKERS = [[] for _ in range(GEOMETRY.size)]
for _sq, _moves in enumerate(HORSE_MOVES):
    for _target, _leg in _moves:
        HORSE_ATTACKERS[_target].append((_sq, _leg))
#: Per color, per square: the moves of generals, advisors, elephants (with eye) and soldiers.
GENERAL_STEPS = tuple(_steps(ORTHOGONAL, PALACE[c]) for c in (0, 1))
ADVISOR_STEPS = tuple(_steps(DIAGONAL, PALACE[c]) for c in (0, 1))
ELEPHANT_MOVES = tuple(_blockable(ELEPHANT_JUMPS, OWN_HALF[c]) for c in (0, 1))
SOLDIER_STEPS = tuple(_soldier_steps(c) for c in (0, 1))
#: The same jumps and steps with the regions ignored (elephants across the river, soldiers
#: sideways before crossing), as Fairy-Stockfish's unbounded attack sets, which its chase rule
#: asks in places (`chase`).
ELEPHANT_JUMPS_ANYWHERE = _blockable(ELEPHANT_JUMPS)
SOLDIER_STEPS_ANYWHERE = tuple(
    [[t for t in (GEOMETRY.offset(sq, 0, FORWARD[c]), GEOMETRY.offset(sq, -1, 0),
                  GEOMETRY.offset(sq, 1, 0)) if t is not None] for sq in range(GEOMETRY.size)]
    for c in (0, 1))
#: SOLDIER_ATTACKERS[color][sq]: squares from which a soldier of color attacks sq.
SOLDIER_ATTACKERS = tuple([[] for _ in range(GEOMETRY.size)] for _ in (0, 1))
for _color in (0, 1):
    for _sq, _steps_from in enumerate(SOLDIER_STEPS[_color]):
        for _target in _steps_from:
            SOLDIER_ATTACKERS[_color][_target].append(_sq)
#: CHECK_ZONE[sq]: the squares whose occupancy decides whether a general on sq is attacked:
#: its file and rank (chariots, cannons and their screens, the facing general) and the four
#: diagonal neighbours (the legs of horses that could reach it).
CHECK_ZONE = [
    frozenset(s for ray in ROOK_RAYS[sq] for s in ray)
    | frozenset(t for t in (GEOMETRY.offset(sq, df, dr) for df, dr in DIAGONAL) if t is not None)
    for sq in range(GEOMETRY.size)
]


def _attacked_by_movers(board: list[int], sq: int, by_color: int, facing: bool) -> bool:
    """Attacks by chariots, cannons over one screen, horses with a free leg and soldiers; with
    ``facing``, also by the other general seen along an open line."""
    base = by_color << COLOR_SHIFT
    chariot = CHARIOT | base
    cannon = CANNON | base
    general = GENERAL | base if facing else -1
    for ray in ROOK_RAYS[sq]:
        screened = False
        for s in ray:
            p = board[s]
            if p:
                if screened:
                    if p == cannon:
                        return True
                    break
                if p == chariot or p == general:
                    return True
                screened = True
    horse = HORSE | base
    for s, leg in HORSE_ATTACKERS[sq]:
        if board[s] == horse and not board[leg]:
            return True
    soldier = SOLDIER | base
    for s in SOLDIER_ATTACKERS[by_color][sq]:
        if board[s] == soldier:
            return True
    return False


def generals_facing(board: list[int], kings: list[int]) -> bool:
    """Whether the generals on ``kings`` (by color) stand on one file with nothing between."""
    red, black = kings
    return GEOMETRY.file_of(red) == GEOMETRY.file_of(black) and not any(
        board[s] for s in GEOMETRY.between(red, black))


def general_attacked(board: list[int], sq: int, by_color: int) -> bool:
    """Whether the general on ``sq`` is attacked by ``by_color``: by a chariot, a cannon over one
    screen, a horse with a free leg, a soldier, or the other general on an open file."""
    return _attacked_by_movers(board, sq, by_color, True)


def attacked(board: list[int], sq: int, by_color: int) -> bool:
    """Whether a piece of ``by_color`` could capture on ``sq``. The facing-general rule counts
    only when ``sq`` holds the other general (generals never move along the file otherwise)."""
    target = board[sq]
    if target & KIND_MASK == GENERAL and target >> COLOR_SHIFT != by_color:
        return _attacked_by_movers(board, sq, by_color, True)
    if _attacked_by_movers(board, sq, by_color, False):
        return True
    base = by_color << COLOR_SHIFT
    general, advisor, elephant = GENERAL | base, ADVISOR | base, ELEPHANT | base
    return (any(board[s] == general for s in GENERAL_STEPS[by_color][sq])
            or any(board[s] == advisor for s in ADVISOR_STEPS[by_color][sq])
            or any(board[s] == elephant and not board[eye]
                   for s, eye in ELEPHANT_MOVES[by_color][sq]))


def attackers(board: list[int], sq: int, by_color: int) -> list[int]:
    """The squares of the pieces of ``by_color`` that could capture on ``sq`` now: chariots,
    cannons over exactly one screen, horses and elephants with a free leg or eye, soldiers, and
    the general and advisors inside their palace (the facing-general rule is not a capture)."""
    base = by_color << COLOR_SHIFT
    chariot, cannon = CHARIOT | base, CANNON | base
    found = []
    for ray in ROOK_RAYS[sq]:
        screened = False
        for s in ray:
            p = board[s]
            if p:
                if screened:
                    if p == cannon:
                        found.append(s)
                    break
                if p == chariot:
                    found.append(s)
                screened = True
    horse, elephant = HORSE | base, ELEPHANT | base
    found += [s for s, leg in HORSE_ATTACKERS[sq] if board[s] == horse and not board[leg]]
    found += [s for s, eye in ELEPHANT_MOVES[by_color][sq]
              if board[s] == elephant and not board[eye]]
    found += [s for s in SOLDIER_ATTACKERS[by_color][sq] if board[s] == SOLDIER | base]
    found += [s for s in ADVISOR_STEPS[by_color][sq] if board[s] == ADVISOR | base]
    found += [s for s in GENERAL_STEPS[by_color][sq] if board[s] == GENERAL | base]
    return found


#: Per square, (square, piece) of every soldier, advisor and general of either color that
#: would attack it from there, and (square, eye, piece) of every elephant: `all_attackers`'
#: one-pass tables (step attacks are symmetric in the palace and on the elephants' half).
STEP_ATTACKERS = [
    [(s, SOLDIER | color << COLOR_SHIFT) for color in (0, 1) for s in SOLDIER_ATTACKERS[color][sq]]
    + [(s, ADVISOR | color << COLOR_SHIFT) for color in (0, 1) for s in ADVISOR_STEPS[color][sq]]
    + [(s, GENERAL | color << COLOR_SHIFT) for color in (0, 1) for s in GENERAL_STEPS[color][sq]]
    for sq in range(GEOMETRY.size)]
ELEPHANT_ATTACKERS = [
    [(s, eye, ELEPHANT | color << COLOR_SHIFT) for color in (0, 1)
     for s, eye in ELEPHANT_MOVES[color][sq]]
    for sq in range(GEOMETRY.size)]


def all_attackers(board: list[int], sq: int) -> list[int]:
    """The squares of the pieces of both colors that could capture on ``sq``: the squares of
    ``attackers(board, sq, 0) + attackers(board, sq, 1)``, in one pass."""
    found = []
    for ray in ROOK_RAYS[sq]:
        screened = False
        for s in ray:
            p = board[s]
            if p:
                kind = p & KIND_MASK
                if screened:
                    if kind == CANNON:
                        found.append(s)
                    break
                if kind == CHARIOT:
                    found.append(s)
                screened = True
    found += [s for s, leg in HORSE_ATTACKERS[sq]
              if board[s] & KIND_MASK == HORSE and not board[leg]]
    found += [s for s, piece in STEP_ATTACKERS[sq] if board[s] == piece]
    found += [s for s, eye, piece in ELEPHANT_ATTACKERS[sq] if board[s] == piece and not board[eye]]
    return found
