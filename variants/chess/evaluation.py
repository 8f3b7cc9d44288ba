"""Chess's positional evaluation terms (the ``terms`` evaluation, `core.evaluation`): pawn
structure, piece mobility, king shelter, rooks on open files and the bishop pair.

Each term is a function of the position returning a packed middlegame/endgame score
(`core.evaluation.pack`) from White's point of view. The weights are Fruit 2.1's (Fabien
Letouzey's evaluation, 2005: eval.cpp, pawn.cpp and material.cpp), the simplest published set
that covers these terms; what we leave out of Fruit's is named in each docstring. What each term is
worth, measured by matches, is in docs/results.md, "What each switch is worth".
"""

from xqchess.core.evaluation import SIGN, mobility_term, open_file_term, pack
from xqchess.core.pieces import BLACK, COLOR_SHIFT, KIND_MASK, WHITE
from xqchess.variants.chess.tables import GEOMETRY
from xqchess.variants.families.chess_family.definition import (
    BISHOP,
    DIAGONAL,
    KNIGHT,
    KNIGHT_JUMPS,
    ORTHOGONAL,
    PAWN,
    QUEEN,
    ROOK,
)

KNIGHT_TARGETS = GEOMETRY.leaps(KNIGHT_JUMPS)
DIAGONAL_RAYS = GEOMETRY.rays(DIAGONAL)
ORTHOGONAL_RAYS = GEOMETRY.rays(ORTHOGONAL)

FILES = GEOMETRY.files
RANKS = GEOMETRY.ranks

# -- pawn structure (Fruit's pawn.cpp) --------------------------------------------------------
DOUBLED = pack(-10, -20, 0)  # each pawn with a pawn of its own color behind it on its file
ISOLATED = pack(-10, -20, 0)  # a pawn with no pawn of its color on a neighbouring file
#: a passed pawn's bonus by its rank counted from its own side (0: the first rank): Fruit's
#: minimum (10, 20) plus its maximum (70, 140) less the minimum, times Bonus[rank] / 256
_PASSED_SCALE = (0, 0, 0, 26, 77, 154, 256, 0)
PASSED = tuple(pack(10 + 60 * scale // 256, 20 + 120 * scale // 256, 0) for scale in _PASSED_SCALE)

# -- mobility (Fruit's eval.cpp: squares a piece reaches that no piece of its own holds) -----
#: kind -> (the square count scored 0, packed middlegame and endgame weight per square beyond)
MOBILITY = {
    KNIGHT: (4, pack(4, 4, 0)),
    BISHOP: (6, pack(5, 5, 0)),
    ROOK: (7, pack(2, 4, 0)),
    QUEEN: (13, pack(1, 2, 0)),
}

# -- rooks, bishops ----------------------------------------------------------------------------
ROOK_SEMI_OPEN_FILE = pack(10, 10, 0)  # no pawn of its own on the rook's file
ROOK_OPEN_FILE = pack(20, 20, 0)  # no pawn at all on it
BISHOP_PAIR = pack(50, 50, 0)  # material.cpp

# -- king shelter (Fruit's pawn.cpp shelter_file, middlegame only) -----------------------------
#: the shelter penalty of a file whose nearest pawn of the king's color in front of the king
#: stands ``distance`` ranks from the last rank (0: no such pawn): 36 - distance**2
SHELTER_FULL = 36


def _relative_rank(sq: int, color: int) -> int:
    rank = GEOMETRY.rank_of(sq)
    return rank if color == WHITE else RANKS - 1 - rank


#: PASSED_SPAN[color][sq]: the squares in front of a pawn of ``color`` on ``sq``, on its file
#: and the neighbouring ones: a pawn is passed when no enemy pawn stands on any of them
PASSED_SPAN = tuple(
    tuple(
        frozenset(
            GEOMETRY.square(f, r)
            for f in range(max(0, GEOMETRY.file_of(sq) - 1), min(FILES, GEOMETRY.file_of(sq) + 2))
            for r in range(RANKS)
            if _relative_rank(GEOMETRY.square(f, r), color) > _relative_rank(sq, color)
        )
        for sq in range(GEOMETRY.size)
    )
    for color in (WHITE, BLACK)
)
RELATIVE_RANK = tuple(
    tuple(_relative_rank(sq, color) for sq in range(GEOMETRY.size)) for color in (WHITE, BLACK)
)


def _pawns(pos) -> tuple[list[int], list[int]]:
    board = pos.board
    occupied = pos.occupied
    return tuple(
        [sq for sq in occupied[color] if board[sq] & KIND_MASK == PAWN] for color in (WHITE, BLACK)
    )


def pawn_structure(pos) -> int:
    """Doubled, isolated and passed pawns. Left out of Fruit's: backward and candidate pawns,
    and the passed pawn's dynamic endgame bonuses (unstoppable, free path, king distance)."""
    pawns = _pawns(pos)
    score = 0
    for color in (WHITE, BLACK):
        own = pawns[color]
        enemy = pawns[color ^ 1]
        files = [0] * (FILES + 2)  # padded: files[f + 1] counts the pawns on file f
        for sq in own:
            files[sq % FILES + 1] += 1
        span = PASSED_SPAN[color]
        ranks = RELATIVE_RANK[color]
        term = 0
        for count in files:
            if count > 1:
                term += (count - 1) * DOUBLED
        for sq in own:
            f = sq % FILES + 1
            if not files[f - 1] and not files[f + 1]:
                term += ISOLATED
            if span[sq].isdisjoint(enemy):
                term += PASSED[ranks[sq]]
        score += SIGN[color] * term
    return score


def _slider_reach(board, rays, own) -> int:
    count = 0
    for ray in rays:
        for s in ray:
            if board[s]:
                if s not in own:
                    count += 1
                break
            count += 1
    return count


#: kind -> its move count, function(board, square, its color's squares)
MOVE_COUNTS = {
    KNIGHT: lambda board, sq, own: len([t for t in KNIGHT_TARGETS[sq] if t not in own]),
    BISHOP: lambda board, sq, own: _slider_reach(board, DIAGONAL_RAYS[sq], own),
    ROOK: lambda board, sq, own: _slider_reach(board, ORTHOGONAL_RAYS[sq], own),
    QUEEN: lambda board, sq, own: (
        _slider_reach(board, ORTHOGONAL_RAYS[sq], own)
        + _slider_reach(board, DIAGONAL_RAYS[sq], own)
    ),
}


def mobility(pos) -> int:
    """Per knight, bishop, rook and queen, the squares it moves to (empty or enemy-held),
    counted from Fruit's zero points. Left out of Fruit's: nothing (Fruit weighs captures and
    moves alike and defences 0, as here)."""
    return mobility_term(pos, MOVE_COUNTS, MOBILITY)


def rooks_and_bishops(pos) -> int:
    """Rooks on open and half-open files, and the bishop pair. Left out of Fruit's: rooks and
    queens on the seventh rank, trapped and blocked pieces."""
    board = pos.board
    score = open_file_term(pos, PAWN, ROOK, ROOK_OPEN_FILE, ROOK_SEMI_OPEN_FILE)
    occupied = pos.occupied
    for color in (WHITE, BLACK):
        bishop = BISHOP | color << COLOR_SHIFT
        if len([sq for sq in occupied[color] if board[sq] == bishop]) >= 2:
            score += SIGN[color] * BISHOP_PAIR
    return score


def king_shelter(pos) -> int:
    """The pawns in front of each king on its file and the two beside it (the king's file
    counted twice), a middlegame penalty of 36 - d**2 per file whose nearest such pawn is d
    ranks from the last rank, 36 with none. Left out of Fruit's: the castling squares' shelter
    (Fruit takes the best of the king's square and where it may castle to), pawn storms and the
    attack on the squares around the king."""
    board = pos.board
    occupied = pos.occupied
    score = 0
    for color in (WHITE, BLACK):
        king = pos.kings[color]
        if king < 0:
            continue
        ranks = RELATIVE_RANK[color]
        king_rank = ranks[king]
        king_file = king % FILES
        nearest = {}
        pawn = PAWN | color << COLOR_SHIFT
        for sq in occupied[color]:
            if board[sq] == pawn and ranks[sq] > king_rank:
                f = sq % FILES
                if abs(f - king_file) <= 1 and ranks[sq] < nearest.get(f, RANKS):
                    nearest[f] = ranks[sq]
        penalty = 0
        for f in range(max(0, king_file - 1), min(FILES, king_file + 2)):
            rank = nearest.get(f)
            distance = RANKS - 1 - rank if rank is not None else 0
            file_penalty = SHELTER_FULL - distance * distance
            penalty += 2 * file_penalty if f == king_file else file_penalty
        score -= SIGN[color] * penalty
    return score


#: the terms, by the names `SearchConfig.eval_terms` and the UCI option EvalTerms use
EVALUATION_TERMS = {
    "pawns": pawn_structure,
    "mobility": mobility,
    "rooks": rooks_and_bishops,
    "shelter": king_shelter,
}
