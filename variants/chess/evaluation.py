"""Chess's positional evaluation terms (the ``terms`` evaluation, `core.evaluation`): pawn
structure, piece mobility, king shelter, rooks on open files and the bishop pair.

Each term is a `core.evaluation.Term`: its count function lists, per feature, White's count
less Black's, read from the board's bytes (compiled with the kernel: no set or tuple per call).
The features and the weights they start from are Fruit 2.1's (Fabien Letouzey's evaluation,
2005: eval.cpp, pawn.cpp and material.cpp), the simplest published set that covers these
terms, and three of ours that the fit alone weighs (supported and phalanx pawns, the squares of
the enemy king's zone); what we leave out of Fruit's is named in each docstring. The terms
play with the weights ``xqchess tune chess --terms`` fitted to positions Fairy-Stockfish
scored (data/term-weights.json, whose ``source`` is the command that makes it again). What
each term is worth, measured by matches, is in docs/results.md, "What each switch is worth".
"""

from importlib import resources

from xqchess.core.evaluation import Term, TermWeights
from xqchess.core.pieces import COLOR_SHIFT, KIND_MASK
from xqchess.variants.chess.tables import GEOMETRY
from xqchess.variants.families.chess_family.definition import (
    BISHOP,
    DIAGONAL,
    KING_STEPS,
    KNIGHT,
    KNIGHT_JUMPS,
    ORTHOGONAL,
    PAWN,
    QUEEN,
    ROOK,
)

FILES = GEOMETRY.files
RANKS = GEOMETRY.ranks
#: per square, its knight jumps and its bishop and rook rays, as bytes of squares
KNIGHT_TARGETS = [bytes(targets) for targets in GEOMETRY.leaps(KNIGHT_JUMPS)]
DIAGONAL_RAYS = [[bytes(ray) for ray in rays] for rays in GEOMETRY.rays(DIAGONAL)]
ORTHOGONAL_RAYS = [[bytes(ray) for ray in rays] for rays in GEOMETRY.rays(ORTHOGONAL)]
BLACK_PAWN = PAWN | 1 << COLOR_SHIFT
WHITE_BISHOP = BISHOP
BLACK_BISHOP = BISHOP | 1 << COLOR_SHIFT
WHITE_ROOK = ROOK
BLACK_ROOK = ROOK | 1 << COLOR_SHIFT

# -- pawn structure (Fruit's pawn.cpp) --------------------------------------------------------
#: a passed pawn's features by its rank counted from its own side, second to seventh
PASSED_RANKS = tuple(range(1, RANKS - 1))
PAWN_FEATURES = ("pawns.doubled", "pawns.isolated", "pawns.supported", "pawns.phalanx") + tuple(
    f"pawns.passed{rank + 1}" for rank in PASSED_RANKS
)
#: Fruit's passed pawn bonus by relative rank: its minimum (10, 20) plus its maximum (70, 140)
#: less the minimum, times Bonus[rank] / 256
_PASSED_SCALE = (0, 0, 0, 26, 77, 154, 256, 0)
#: `pawn_counts`' work buffer, per file padded by one each side: each color's pawns (White's
#: from 0, Black's from `PADDED`), White's lowest pawn rank (from `LOWEST`; RANKS: none),
#: Black's highest plus one (from `HIGHEST`; 0: none), then each color's passed pawns by
#: relative rank (from `PASSED`)
PADDED = FILES + 2
LOWEST = 2 * PADDED
HIGHEST = 3 * PADDED
PASSED = 4 * PADDED
PAWN_WORK = bytes(2 * PADDED) + bytes([RANKS]) * PADDED + bytes(PADDED) + bytes(2 * RANKS)
PAWN_START = {
    "pawns.doubled": (-10, -20),  # each pawn with a pawn of its own color behind it on its file
    "pawns.isolated": (-10, -20),  # a pawn with no pawn of its color on a neighbouring file
    # ours, not Fruit's (0: the fit alone weighs them): a pawn defended by a pawn of its own,
    # a pawn with one of its own beside it on its rank
    "pawns.supported": (0, 0),
    "pawns.phalanx": (0, 0),
} | {
    f"pawns.passed{rank + 1}": (
        10 + 60 * _PASSED_SCALE[rank] // 256,
        20 + 120 * _PASSED_SCALE[rank] // 256,
    )
    for rank in PASSED_RANKS
}

# -- mobility (Fruit's eval.cpp: squares a piece reaches that no piece of its own holds) -----
MOBILITY_FEATURES = (
    "mobility.knight",
    "mobility.bishop",
    "mobility.rook",
    "mobility.queen",
    "mobility.king_zone",
)
#: per square, the mask of the squares a king there guards and its own: its zone
KING_ZONES = [
    sum(1 << s for s in (sq, *steps)) for sq, steps in enumerate(GEOMETRY.leaps(KING_STEPS))
]
#: `_reach` counts a square of the zone as this many (a zone square counts once in the
#: mobility and once in the zone)
ZONE_UNIT = 256
#: per kind, the square count scored 0 (Fruit's)
KNIGHT_ZERO, BISHOP_ZERO, ROOK_ZERO, QUEEN_ZERO = 4, 6, 7, 13
MOBILITY_START = {
    "mobility.knight": (4, 4),
    "mobility.bishop": (5, 5),
    "mobility.rook": (2, 4),
    "mobility.queen": (1, 2),
    "mobility.king_zone": (0, 0),  # ours, not Fruit's: the fit alone weighs it
}

# -- rooks, bishops ----------------------------------------------------------------------------
ROOK_FEATURES = ("rooks.open_file", "rooks.half_open_file", "rooks.bishop_pair")
ROOK_START = {
    "rooks.open_file": (20, 20),  # no pawn at all on the rook's file
    "rooks.half_open_file": (10, 10),  # none of its own, an enemy pawn on it
    "rooks.bishop_pair": (50, 50),  # material.cpp
}

# -- king shelter (Fruit's pawn.cpp shelter_file, middlegame only) -----------------------------
SHELTER_FEATURES = ("shelter.deficit",)
#: a file's shelter deficit is 36 - d**2 where the nearest pawn of the king's color in front of
#: the king stands d ranks from the last rank (0: no such pawn); Fruit's weight is -1
SHELTER_FULL = 36
SHELTER_START = {"shelter.deficit": (-1, 0)}


def pawn_counts(pos) -> list[int]:
    """Doubled, isolated, supported (defended by a pawn), phalanx (a pawn of its own beside
    it) and passed pawns (by relative rank). Left out of Fruit's: backward
    and candidate pawns, and the passed pawn's dynamic endgame bonuses (unstoppable, free path,
    king distance)."""
    board = pos.board
    cells = board  # C chars, compiled (`core.position.BOARD`); likewise the work buffer
    work_buffer = bytearray(PAWN_WORK)
    work = work_buffer
    doubled = isolated = supported = phalanx = 0
    for sq in range(FILES * RANKS):
        p = cells[sq]
        if p & KIND_MASK == PAWN:
            f = sq % FILES + 1
            r = sq // FILES
            if p == PAWN:
                work[f] += 1
                if r < work[LOWEST + f]:
                    work[LOWEST + f] = r
            else:
                work[PADDED + f] += 1
                if r + 1 > work[HIGHEST + f]:
                    work[HIGHEST + f] = r + 1
    for f in range(1, FILES + 1):
        if work[f] > 1:
            doubled += work[f] - 1
        if work[PADDED + f] > 1:
            doubled -= work[PADDED + f] - 1
    for sq in range(FILES * RANKS):
        p = cells[sq]
        if p & KIND_MASK == PAWN:
            f = sq % FILES + 1
            r = sq // FILES
            left = f > 1
            right = f < FILES
            if p == PAWN:
                behind = sq - FILES
                if (left and cells[behind - 1] == PAWN) or (right and cells[behind + 1] == PAWN):
                    supported += 1
                if (left and cells[sq - 1] == PAWN) or (right and cells[sq + 1] == PAWN):
                    phalanx += 1
                if not work[f - 1] and not work[f + 1]:
                    isolated += 1
                high = HIGHEST + f
                if work[high - 1] <= r + 1 and work[high] <= r + 1 and work[high + 1] <= r + 1:
                    work[PASSED + r] += 1
            else:
                behind = sq + FILES
                if (left and cells[behind - 1] == p) or (right and cells[behind + 1] == p):
                    supported -= 1
                if (left and cells[sq - 1] == p) or (right and cells[sq + 1] == p):
                    phalanx -= 1
                if not work[PADDED + f - 1] and not work[PADDED + f + 1]:
                    isolated -= 1
                low = LOWEST + f
                if work[low - 1] >= r and work[low] >= r and work[low + 1] >= r:
                    work[PASSED + 2 * RANKS - 1 - r] += 1
    counts = [doubled, isolated, supported, phalanx]
    for r in range(1, RANKS - 1):
        counts.append(work[PASSED + r] - work[PASSED + RANKS + r])
    return counts


def _reach(board: bytearray, rays: list[bytes], color: int, zone: int) -> int:
    """The squares along ``rays`` up to and including the first piece, less that piece where
    it is ``color``'s own, plus `ZONE_UNIT` times those of them in ``zone`` (a square mask)."""
    cells = board  # C chars, compiled (`core.position.BOARD`)
    reach = 0
    for ray in rays:
        for s in ray:
            p = cells[s]
            if p and p >> COLOR_SHIFT == color:
                break
            reach += ZONE_UNIT if zone >> s & 1 else 1
            if p:
                break
    return reach


def mobility_counts(pos) -> list[int]:
    """Per knight, bishop, rook and queen, the squares it moves to (empty or enemy-held),
    counted from Fruit's zero points, and (ours, not Fruit's) how many of them lie in the enemy
    king's zone (`KING_ZONES`). Left out of Fruit's: nothing (Fruit weighs captures and moves
    alike and defences 0, as here)."""
    board = pos.board
    cells = board  # C chars, compiled (`core.position.BOARD`)
    kings = pos.kings
    king = kings[0]
    white_zone = KING_ZONES[king] if king >= 0 else 0
    king = kings[1]
    black_zone = KING_ZONES[king] if king >= 0 else 0
    knights = bishops = rooks = queens = zone_squares = 0
    for sq in range(FILES * RANKS):
        p = cells[sq]
        if not p:
            continue
        kind = p & KIND_MASK
        color = p >> COLOR_SHIFT
        zone = white_zone if color else black_zone
        if kind == KNIGHT:
            reach = 0
            targets = KNIGHT_TARGETS[sq]
            for s in targets:
                q = cells[s]
                if not q or q >> COLOR_SHIFT != color:
                    reach += ZONE_UNIT if zone >> s & 1 else 1
            zero = KNIGHT_ZERO
        elif kind == BISHOP:
            reach = _reach(board, DIAGONAL_RAYS[sq], color, zone)
            zero = BISHOP_ZERO
        elif kind == ROOK:
            reach = _reach(board, ORTHOGONAL_RAYS[sq], color, zone)
            zero = ROOK_ZERO
        elif kind == QUEEN:
            reach = _reach(board, DIAGONAL_RAYS[sq], color, zone) + _reach(
                board, ORTHOGONAL_RAYS[sq], color, zone
            )
            zero = QUEEN_ZERO
        else:
            continue
        in_zone = reach // ZONE_UNIT
        reach = reach % ZONE_UNIT + in_zone - zero
        if color:
            reach = -reach
            in_zone = -in_zone
        zone_squares += in_zone
        if kind == KNIGHT:
            knights += reach
        elif kind == BISHOP:
            bishops += reach
        elif kind == ROOK:
            rooks += reach
        else:
            queens += reach
    return [knights, bishops, rooks, queens, zone_squares]


def rook_counts(pos) -> list[int]:
    """Rooks on open and half-open files, and the bishop pair. Left out of Fruit's: rooks and
    queens on the seventh rank, trapped and blocked pieces."""
    board = pos.board
    cells = board  # C chars, compiled (`core.position.BOARD`); likewise the buffer
    pawn_buffer = bytearray(2 * FILES)  # per color, its pawns on each file
    pawns = pawn_buffer
    white_bishops = black_bishops = 0
    for sq in range(FILES * RANKS):
        p = cells[sq]
        if p == PAWN:
            pawns[sq % FILES] += 1
        elif p == BLACK_PAWN:
            pawns[FILES + sq % FILES] += 1
        elif p == WHITE_BISHOP:
            white_bishops += 1
        elif p == BLACK_BISHOP:
            black_bishops += 1
    open_files = half_open_files = 0
    for sq in range(FILES * RANKS):
        p = cells[sq]
        if p == WHITE_ROOK or p == BLACK_ROOK:
            own = 0 if p == WHITE_ROOK else FILES
            if not pawns[own + sq % FILES]:
                sign = 1 if p == WHITE_ROOK else -1
                if pawns[FILES - own + sq % FILES]:
                    half_open_files += sign
                else:
                    open_files += sign
    return [open_files, half_open_files, (white_bishops >= 2) - (black_bishops >= 2)]


def _shelter_deficit(board: bytearray, king: int, color: int) -> int:
    """The shelter deficit of ``color``'s king on ``king`` (its file counted twice)."""
    cells = board  # C chars, compiled (`core.position.BOARD`)
    pawn = PAWN | color << COLOR_SHIFT
    step = -FILES if color else FILES
    king_file = king % FILES
    deficit = 0
    for f in range(king_file - 1, king_file + 2):
        if f < 0 or f >= FILES:
            continue
        nearest = 0  # the nearest pawn's distance from the last rank (0: none)
        sq = king - king_file + f + step
        distance = RANKS - 2 - (king // FILES if not color else RANKS - 1 - king // FILES)
        while 0 <= sq < FILES * RANKS:
            if cells[sq] == pawn:
                nearest = distance
                break
            sq += step
            distance -= 1
        file_deficit = SHELTER_FULL - nearest * nearest
        deficit += 2 * file_deficit if f == king_file else file_deficit
    return deficit


def shelter_counts(pos) -> list[int]:
    """The pawns in front of each king on its file and the two beside it (the king's file
    counted twice): per file, 36 - d**2 where the nearest such pawn is d ranks from the last
    rank, 36 with none. Left out of Fruit's: the castling squares' shelter (Fruit takes the best
    of the king's square and where it may castle to), pawn storms and the attack on the squares
    around the king."""
    board = pos.board
    kings = pos.kings
    deficit = 0
    for color in (0, 1):
        king = kings[color]
        if king >= 0:
            own = _shelter_deficit(board, king, color)
            deficit += -own if color else own
    return [deficit]


#: every feature's start, by name
START_WEIGHTS = PAWN_START | MOBILITY_START | ROOK_START | SHELTER_START
FEATURES = PAWN_FEATURES + MOBILITY_FEATURES + ROOK_FEATURES + SHELTER_FEATURES
#: the fitted weights the terms play with
TERM_WEIGHTS = TermWeights.from_json(
    (resources.files(__package__) / "data" / "term-weights.json").read_text(encoding="utf-8"),
    FEATURES,
)


def _term(features: tuple[str, ...], count) -> Term:
    return Term(
        features,
        count,
        {name: START_WEIGHTS[name] for name in features},
        {name: TERM_WEIGHTS.weights[name] for name in features},
    )


#: the terms, by the names `SearchConfig.eval_terms` and the UCI option EvalTerms use
EVALUATION_TERMS = {
    "pawns": _term(PAWN_FEATURES, pawn_counts),
    "mobility": _term(MOBILITY_FEATURES, mobility_counts),
    "rooks": _term(ROOK_FEATURES, rook_counts),
    "shelter": _term(SHELTER_FEATURES, shelter_counts),
}
