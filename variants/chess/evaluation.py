"""Chess's positional evaluation terms (the ``terms`` evaluation, `core.evaluation`): pawn
structure, piece mobility, king shelter, rooks on open files and the bishop pair.

Each term is a `core.evaluation.Term` over one count, `feature_counts`: every feature's count,
White's less Black's, in one pass over the board's bytes, the pawns, rooks and bishops gathered
as bitboards (compiled with the kernel, in C integers: no set or tuple per call).
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
#: bitboards: bit ``sq`` is square ``sq`` (a1 = 0); in Python, shifts left are cut to 64 bits
#: as the compiled kernel's C unsigned long longs are
assert FILES * RANKS <= 64
MASK64 = (1 << 64) - 1
BIT = 1  # (a C unsigned long long, compiled, for ``BIT << sq``)
EVERY_SECOND_BIT = MASK64 // 3  # 0x5555...
EVERY_SECOND_PAIR = MASK64 // 5  # 0x3333...
EVERY_SECOND_NIBBLE = MASK64 // 17  # 0x0f0f...
EVERY_BYTE = MASK64 // 255  # 0x0101...
FIRST_RANK = (1 << FILES) - 1
NOT_FIRST_FILE = MASK64 ^ sum(1 << rank * FILES for rank in range(RANKS))
NOT_LAST_FILE = MASK64 ^ sum(1 << rank * FILES + FILES - 1 for rank in range(RANKS))
#: per square, its rook rays then its bishop rays (`RAYS_PER_SQUARE` of them, from
#: `DIAGONAL_FIRST` the bishop's), each `RAY_SLOTS` squares long, ended early by `NO_SQUARE`
NO_SQUARE = 255
RAY_SLOTS = max(FILES, RANKS)
RAYS_PER_SQUARE = 2 * len(ORTHOGONAL)
DIAGONAL_FIRST = len(ORTHOGONAL)


def _slots(lines: list[list[int]], count: int, slots: int) -> bytes:
    """``count`` lines of squares, each in ``slots`` bytes ended early by `NO_SQUARE`."""
    lines = lines + [[]] * (count - len(lines))
    return b"".join(bytes(line) + bytes([NO_SQUARE]) * (slots - len(line)) for line in lines)


RAYS = bytearray(
    b"".join(
        _slots(orthogonal, DIAGONAL_FIRST, RAY_SLOTS) + _slots(diagonal, DIAGONAL_FIRST, RAY_SLOTS)
        for orthogonal, diagonal in zip(GEOMETRY.rays(ORTHOGONAL), GEOMETRY.rays(DIAGONAL))
    )
)
#: per square, its knight jumps in `KNIGHT_SLOTS` bytes, ended early by `NO_SQUARE`
KNIGHT_SLOTS = len(KNIGHT_JUMPS)
KNIGHT_SQUARES = bytearray(
    b"".join(_slots([targets], 1, KNIGHT_SLOTS) for targets in GEOMETRY.leaps(KNIGHT_JUMPS))
)

# -- pawn structure (Fruit's pawn.cpp) --------------------------------------------------------
#: a passed pawn's features by its rank counted from its own side, second to seventh
PASSED_RANKS = tuple(range(1, RANKS - 1))
PAWN_FEATURES = ("pawns.doubled", "pawns.isolated", "pawns.supported", "pawns.phalanx") + tuple(
    f"pawns.passed{rank + 1}" for rank in PASSED_RANKS
)
#: Fruit's passed pawn bonus by relative rank: its minimum (10, 20) plus its maximum (70, 140)
#: less the minimum, times Bonus[rank] / 256
_PASSED_SCALE = (0, 0, 0, 26, 77, 154, 256, 0)
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


def _up_fill(board: int) -> int:
    """``board`` and every square above its squares on their files."""
    board |= board << FILES & MASK64
    board |= board << 2 * FILES & MASK64
    board |= board << 4 * FILES & MASK64
    return board


def _down_fill(board: int) -> int:
    """``board`` and every square below its squares on their files."""
    board |= board >> FILES
    board |= board >> 2 * FILES
    board |= board >> 4 * FILES
    return board


def _beside(board: int) -> int:
    """The squares one file left or right of ``board``'s squares, on their ranks."""
    return (board & NOT_LAST_FILE) << 1 | (board & NOT_FIRST_FILE) >> 1


def _popcount(board: int) -> int:
    """The squares of ``board`` (bits summed in pairs, fours, bytes, then all bytes at once)."""
    board -= board >> 1 & EVERY_SECOND_BIT
    board = (board & EVERY_SECOND_PAIR) + (board >> 2 & EVERY_SECOND_PAIR)
    board = board + (board >> 4) & EVERY_SECOND_NIBBLE
    return (board * EVERY_BYTE & MASK64) >> 56


def _pawn_counts(white: int, black: int, white_files: int, black_files: int) -> list[int]:
    """Doubled, isolated, supported (defended by a pawn), phalanx (a pawn of its own beside
    it) and passed pawns (by relative rank), from each color's pawn bitboard and the files
    its pawns hold. Left out of Fruit's: backward and candidate pawns, and the passed pawn's
    dynamic endgame bonuses (unstoppable, free path, king distance)."""
    # the squares in front of each color's pawns, on their files
    ahead_of_white = _up_fill(white << FILES & MASK64)
    ahead_of_black = _down_fill(black >> FILES)
    counts = []
    # a pawn with one of its own behind it on its file: a file's pawns less one
    counts.append(_popcount(white & ahead_of_white) - _popcount(black & ahead_of_black))
    counts.append(
        _popcount(white & (MASK64 ^ _beside(white_files)))
        - _popcount(black & (MASK64 ^ _beside(black_files)))
    )
    white_attacks = (
        (white & NOT_FIRST_FILE) << FILES - 1 | (white & NOT_LAST_FILE) << FILES + 1
    ) & MASK64
    black_attacks = (black & NOT_FIRST_FILE) >> FILES + 1 | (black & NOT_LAST_FILE) >> FILES - 1
    counts.append(_popcount(white & white_attacks) - _popcount(black & black_attacks))
    counts.append(_popcount(white & _beside(white)) - _popcount(black & _beside(black)))
    # passed: no enemy pawn ahead on its file or the two beside it
    white_passed = white & (MASK64 ^ (ahead_of_black | _beside(ahead_of_black)))
    black_passed = black & (MASK64 ^ (ahead_of_white | _beside(ahead_of_white)))
    for rank in range(1, RANKS - 1):
        counts.append(
            _popcount(white_passed & FIRST_RANK << rank * FILES)
            - _popcount(black_passed & FIRST_RANK << (RANKS - 1 - rank) * FILES)
        )
    return counts


def _reach(board: bytearray, first: int, last: int, color: int, zone: int) -> int:
    """The squares along the rays of `RAYS` from ``first`` to ``last`` up to and including the
    first piece, less that piece where it is ``color``'s own, plus `ZONE_UNIT` times those of
    them in ``zone`` (a square mask)."""
    cells = board  # C chars, compiled (`core.position.BOARD`); likewise the rays
    rays = RAYS
    reach = 0
    for ray in range(first, last):
        for index in range(ray * RAY_SLOTS, ray * RAY_SLOTS + RAY_SLOTS):
            s = rays[index]
            if s == NO_SQUARE:
                break
            p = cells[s]
            if p and p >> COLOR_SHIFT == color:
                break
            reach += ZONE_UNIT if zone >> s & 1 else 1
            if p:
                break
    return reach


def feature_counts(pos) -> list[int]:
    """Every feature's count (`FEATURES`' order), White's less Black's, in one pass over the
    board: the mobility as each piece is met, the pawns, rooks and bishops as bitboards for
    the rest. The king shelter counts the pawns in front of each king on its file and the two
    beside it (the king's file counted twice): per file, 36 - d**2 where the nearest such pawn
    is d ranks from the last rank, 36 with none."""
    board = pos.board
    cells = board  # C chars, compiled (`core.position.BOARD`); likewise the tables
    knights_table = KNIGHT_SQUARES
    kings = pos.kings
    white_king = kings[0]
    black_king = kings[1]
    white_zone = KING_ZONES[white_king] if white_king >= 0 else 0
    black_zone = KING_ZONES[black_king] if black_king >= 0 else 0
    white_pawns = black_pawns = white_rooks = black_rooks = 0
    white_bishops = black_bishops = 0
    knights = bishops = rooks = queens = zone_squares = 0
    for sq in range(FILES * RANKS):
        p = cells[sq]
        if not p:
            continue
        kind = p & KIND_MASK
        color = p >> COLOR_SHIFT
        if kind == PAWN:
            if color:
                black_pawns |= BIT << sq
            else:
                white_pawns |= BIT << sq
            continue
        zone = white_zone if color else black_zone
        first = sq * RAYS_PER_SQUARE
        if kind == KNIGHT:
            reach = 0
            for index in range(sq * KNIGHT_SLOTS, sq * KNIGHT_SLOTS + KNIGHT_SLOTS):
                s = knights_table[index]
                if s == NO_SQUARE:
                    break
                q = cells[s]
                if not q or q >> COLOR_SHIFT != color:
                    reach += ZONE_UNIT if zone >> s & 1 else 1
            zero = KNIGHT_ZERO
        elif kind == BISHOP:
            reach = _reach(board, first + DIAGONAL_FIRST, first + RAYS_PER_SQUARE, color, zone)
            zero = BISHOP_ZERO
            if color:
                black_bishops += 1
            else:
                white_bishops += 1
        elif kind == ROOK:
            reach = _reach(board, first, first + DIAGONAL_FIRST, color, zone)
            zero = ROOK_ZERO
            if color:
                black_rooks |= BIT << sq
            else:
                white_rooks |= BIT << sq
        elif kind == QUEEN:
            reach = _reach(board, first, first + RAYS_PER_SQUARE, color, zone)
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
    white_files = _down_fill(_up_fill(white_pawns))
    black_files = _down_fill(_up_fill(black_pawns))
    counts = _pawn_counts(white_pawns, black_pawns, white_files, black_files)
    counts += [knights, bishops, rooks, queens, zone_squares]
    open_files = MASK64 ^ (white_files | black_files)
    counts.append(_popcount(white_rooks & open_files) - _popcount(black_rooks & open_files))
    counts.append(
        _popcount(white_rooks & black_files & (MASK64 ^ white_files))
        - _popcount(black_rooks & white_files & (MASK64 ^ black_files))
    )
    counts.append((white_bishops >= 2) - (black_bishops >= 2))
    deficit = 0
    if white_king >= 0:
        deficit += _shelter_deficit(board, white_king, 0)
    if black_king >= 0:
        deficit -= _shelter_deficit(board, black_king, 1)
    counts.append(deficit)
    return counts


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


#: every feature's start, by name
START_WEIGHTS = PAWN_START | MOBILITY_START | ROOK_START | SHELTER_START
FEATURES = PAWN_FEATURES + MOBILITY_FEATURES + ROOK_FEATURES + SHELTER_FEATURES
#: the fitted weights the terms play with
TERM_WEIGHTS = TermWeights.from_json(
    (resources.files(__package__) / "data" / "term-weights.json").read_text(encoding="utf-8"),
    FEATURES,
)


def _term(features: tuple[str, ...]) -> Term:
    return Term(
        features,
        feature_counts,
        {name: START_WEIGHTS[name] for name in features},
        {name: TERM_WEIGHTS.weights[name] for name in features},
        FEATURES,
    )


#: the terms, by the names `SearchConfig.eval_terms` and the UCI option EvalTerms use; all
#: four read one count (`feature_counts`), which the terms evaluation makes once a position
EVALUATION_TERMS = {
    "pawns": _term(PAWN_FEATURES),
    "mobility": _term(MOBILITY_FEATURES),
    "rooks": _term(ROOK_FEATURES),
    "shelter": _term(SHELTER_FEATURES),
}
