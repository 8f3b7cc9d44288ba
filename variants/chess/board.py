"""The board description a chess-like game is built from (issue 17).

Chess and its relatives on other boards (Capablanca chess on 10x8) differ in data only: the
board's `Geometry`, the piece kinds and how each moves (leaper offsets, slider directions; a
compound piece is simply both, e.g. the archbishop = bishop + knight), the pawns (direction,
start rank, double step, promotion rank and kinds) and castling (per right: king and rook
squares, the squares that must be empty and those that must not be attacked). The move
generator, attack detection, faults, FEN, SAN and rules of this package are built from a
`BoardDescription` by `build_attacks`, `build_movegen` and friends, so a new game of the family
is a description and its tables, as Fairy-Stockfish describes a variant by its configuration.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xqchess.core.geometry import Geometry
from xqchess.core.pieces import BLACK, WHITE, piece_code

#: (file, rank) steps
ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL = ((1, 1), (-1, 1), (1, -1), (-1, -1))
KNIGHT_JUMPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
KING_STEPS = ORTHOGONAL + DIAGONAL


@dataclass(frozen=True)
class PieceKind:
    """One kind of piece: its code's kind, FEN letter (upper case), name, how it moves (jumps
    by ``leaps``, slides along ``slides``; both for a compound piece) and that rule in words
    (what a refused move is told)."""

    kind: int
    letter: str
    name: str
    leaps: tuple[tuple[int, int], ...] = ()
    slides: tuple[tuple[int, int], ...] = ()
    rule: str = ""


@dataclass(frozen=True)
class Castling:
    """One castling right: its FEN letter (upper case for White), the wing's name and SAN, the
    king's and the rook's squares before and after, the squares that must be empty (all
    squares both pieces cross or land on, but their own) and the squares the king must not find
    attacked, its start square left out (a king in check never castles), in the order it
    crosses them, the landing square last."""

    letter: str
    color: int
    bit: int
    wing: str
    san: str
    king_from: int
    king_to: int
    rook_from: int
    rook_to: int
    empty: tuple[int, ...]
    safe: tuple[int, ...]


@dataclass(frozen=True)
class BoardDescription:
    """A chess-like game's board and pieces (see the module docstring)."""

    geometry: Geometry
    #: every kind, pawn and king included, in kind order
    kinds: tuple[PieceKind, ...]
    pawn: int
    king: int
    #: the kind that castles with the king
    rook: int
    #: the kinds a pawn promotes to, in the order moves are generated
    promotion_kinds: tuple[int, ...]
    #: per color, the 0-based rank a pawn starts on (and may step twice from)
    pawn_start_rank: tuple[int, int]
    castlings: tuple[Castling, ...]
    #: True (chess, python-chess's rule): an en-passant square is recorded only where a legal
    #: capture onto it exists; False (Fairy-Stockfish): where a pawn of the side to move
    #: attacks it, legal or not.
    ep_needs_legal_capture: bool = True
    kind_by_letter: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind_by_letter", {k.letter: k.kind for k in self.kinds})

    @property
    def pawn_step(self) -> tuple[int, int]:
        """Per color, the square offset of one pawn step forward."""
        files = self.geometry.files
        return (files, -files)

    @property
    def last_rank(self) -> tuple[int, int]:
        return (self.geometry.ranks - 1, 0)

    @property
    def square_colors(self) -> list[int]:
        """Per square, its color: 0 for a1's (dark), 1 for the other."""
        geometry = self.geometry
        return [(geometry.file_of(sq) + geometry.rank_of(sq)) & 1 for sq in range(geometry.size)]

    def piece(self, kind: int) -> PieceKind:
        return next(k for k in self.kinds if k.kind == kind)

    def code(self, kind: int, color: int) -> int:
        return piece_code(kind, color)

    @property
    def royal_pieces(self) -> tuple[int, int]:
        return (piece_code(self.king, WHITE), piece_code(self.king, BLACK))

    @property
    def pawns(self) -> tuple[int, int]:
        return (piece_code(self.pawn, WHITE), piece_code(self.pawn, BLACK))


def standard_castlings(geometry: Geometry, king_file: int, rook_files: tuple[int, int],
                       king_targets: tuple[int, int], rook_targets: tuple[int, int],
                       letters: str = "KQ") -> tuple[Castling, ...]:
    """Castling as chess has it on any width: kingside (the rook on ``rook_files[0]``) and
    queenside, for White on the first rank and Black on the last, with bits 1, 2 (White)
    and 4, 8 (Black). The king goes to ``king_targets[i]`` and the rook to ``rook_targets[i]``."""
    entries = []
    for color, rank in ((WHITE, 0), (BLACK, geometry.ranks - 1)):
        for wing_index, (wing, san) in enumerate((("kingside", "O-O"), ("queenside", "O-O-O"))):
            sq = lambda f: geometry.square(f, rank)  # noqa: E731
            king_from, king_to = sq(king_file), sq(king_targets[wing_index])
            rook_from, rook_to = sq(rook_files[wing_index]), sq(rook_targets[wing_index])
            step = 1 if king_targets[wing_index] > king_file else -1
            crossed = [sq(f) for f in range(king_file + step, king_targets[wing_index] + step, step)]
            files = {king_file, king_targets[wing_index], rook_files[wing_index],
                     rook_targets[wing_index]}
            span = range(min(files), max(files) + 1)
            empty = tuple(sq(f) for f in span
                          if f not in (king_file, rook_files[wing_index]))
            letter = letters[wing_index]
            entries.append(Castling(
                letter if color == WHITE else letter.lower(), color,
                1 << (2 * color + wing_index), wing, san,
                king_from, king_to, rook_from, rook_to, empty, tuple(crossed)))
    return tuple(entries)
