"""Precomputed chess attack tables and the reverse attack probe used for check and legality."""

from xqchess.core.pieces import BLACK, COLOR_SHIFT, KIND_MASK, WHITE
from xqchess.variants.chess.pieces import BISHOP, GEOMETRY, KING, KNIGHT, PAWN, QUEEN, ROOK

ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL = ((1, 1), (-1, 1), (1, -1), (-1, -1))
KNIGHT_JUMPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))

KNIGHT_TARGETS = GEOMETRY.leaps(KNIGHT_JUMPS)
KING_TARGETS = GEOMETRY.leaps(ORTHOGONAL + DIAGONAL)
ORTHOGONAL_RAYS = GEOMETRY.rays(ORTHOGONAL)
DIAGONAL_RAYS = GEOMETRY.rays(DIAGONAL)
QUEEN_RAYS = [o + d for o, d in zip(ORTHOGONAL_RAYS, DIAGONAL_RAYS)]
#: PAWN_ATTACKERS[color][sq]: the squares from which a pawn of ``color`` attacks ``sq``.
PAWN_ATTACKERS = (GEOMETRY.leaps(((-1, -1), (1, -1))), GEOMETRY.leaps(((-1, 1), (1, 1))))
#: PAWN_CAPTURES[color][sq]: the squares a pawn of ``color`` on ``sq`` attacks.
PAWN_CAPTURES = (PAWN_ATTACKERS[1], PAWN_ATTACKERS[0])


def attacked(board: list[int], sq: int, by_color: int) -> bool:
    """Whether a piece of ``by_color`` attacks ``sq`` on ``board``."""
    base = by_color << COLOR_SHIFT
    knight = KNIGHT | base
    for s in KNIGHT_TARGETS[sq]:
        if board[s] == knight:
            return True
    pawn = PAWN | base
    for s in PAWN_ATTACKERS[by_color][sq]:
        if board[s] == pawn:
            return True
    rook = ROOK | base
    queen = QUEEN | base
    for ray in ORTHOGONAL_RAYS[sq]:
        for s in ray:
            p = board[s]
            if p:
                if p == rook or p == queen:
                    return True
                break
    bishop = BISHOP | base
    for ray in DIAGONAL_RAYS[sq]:
        for s in ray:
            p = board[s]
            if p:
                if p == bishop or p == queen:
                    return True
                break
    king = KING | base
    for s in KING_TARGETS[sq]:
        if board[s] == king:
            return True
    return False


def attackers(board: list[int], sq: int, by_color: int) -> list[int]:
    """The squares of the pieces of ``by_color`` that attack ``sq`` (direct attacks only):
    knights, pawns, the king, then along the orthogonal and the diagonal rays."""
    base = by_color << COLOR_SHIFT
    knight = KNIGHT | base
    found = [s for s in KNIGHT_TARGETS[sq] if board[s] == knight]
    pawn = PAWN | base
    for s in PAWN_ATTACKERS[by_color][sq]:
        if board[s] == pawn:
            found.append(s)
    king = KING | base
    for s in KING_TARGETS[sq]:
        if board[s] == king:
            found.append(s)
    queen = QUEEN | base
    for rays, slider in ((ORTHOGONAL_RAYS[sq], ROOK | base), (DIAGONAL_RAYS[sq], BISHOP | base)):
        for ray in rays:
            for s in ray:
                p = board[s]
                if p:
                    if p == slider or p == queen:
                        found.append(s)
                    break
    return found


BLACK_PAWN = PAWN | BLACK << COLOR_SHIFT


def all_attackers(board: list[int], sq: int) -> list[int]:
    """The squares of the pieces of both colors that attack ``sq``: the squares of
    ``attackers(board, sq, WHITE) + attackers(board, sq, BLACK)``, in one pass."""
    found = [s for s in KNIGHT_TARGETS[sq] if board[s] & KIND_MASK == KNIGHT]
    found += [s for s in KING_TARGETS[sq] if board[s] & KIND_MASK == KING]
    found += [s for s in PAWN_ATTACKERS[WHITE][sq] if board[s] == PAWN]
    found += [s for s in PAWN_ATTACKERS[BLACK][sq] if board[s] == BLACK_PAWN]
    for rays, slider in ((ORTHOGONAL_RAYS, ROOK), (DIAGONAL_RAYS, BISHOP)):
        for ray in rays[sq]:
            for s in ray:
                p = board[s]
                if p:
                    kind = p & KIND_MASK
                    if kind == slider or kind == QUEEN:
                        found.append(s)
                    break
    return found
