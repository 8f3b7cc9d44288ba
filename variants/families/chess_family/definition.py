"""A chess-family game as data: the `ChessGame` definition its builder (`builder.build`) reads.

Chess and its relatives (Capablanca chess on 10x8, shatranj with its ferz and alfil) differ in
data only, as Fairy-Stockfish describes a variant by its configuration: the board's `Geometry`,
the piece kinds and how each moves (leaper offsets, slider directions; a compound piece is
simply both, e.g. the archbishop = bishop + knight), the pawns (start rank, double step,
promotion kinds), castling (per right: king and rook squares, the squares that must be empty
and those that must not be attacked), each game-end rule as a named option, and the tables
(values, square tables, capture strengths, chessmaps values), style, suites and perft bench.
The move generator, attack probes, faults, FEN, SAN and rules are the family's code
(`attacks`, `movegen`, `faults`, `fen`, `san`, `rules`), built once per definition; how its
board is drawn is `style`'s.

This module also holds the family's vocabulary: the steps pieces move by and FIDE's six pieces
(`STANDARD_PIECES`, kinds 1-6), which a game lists among its kinds or leaves out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from xqchess.core.evaluation import TaperedTables
from xqchess.core.geometry import Geometry
from xqchess.core.pieces import BLACK, WHITE, piece_code
from xqchess.core.variant import ChessmapsValues

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


PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = range(1, 7)
#: FIDE's pieces, how each moves, in data and in words (said when a move breaks the rule)
STANDARD_PIECES = {
    piece.kind: piece
    for piece in (
        PieceKind(
            PAWN,
            "P",
            "pawn",
            rule="a pawn moves one square straight ahead (two from its "
            "starting square) and captures one square diagonally forward",
        ),
        PieceKind(
            KNIGHT,
            "N",
            "knight",
            leaps=KNIGHT_JUMPS,
            rule="a knight jumps two squares along a rank or file and one square across",
        ),
        PieceKind(BISHOP, "B", "bishop", slides=DIAGONAL, rule="a bishop moves along diagonals"),
        PieceKind(ROOK, "R", "rook", slides=ORTHOGONAL, rule="a rook moves along ranks and files"),
        PieceKind(
            QUEEN,
            "Q",
            "queen",
            slides=ORTHOGONAL + DIAGONAL,
            rule="a queen moves along ranks, files and diagonals",
        ),
        PieceKind(
            KING,
            "K",
            "king",
            leaps=KING_STEPS,
            rule="a king steps one square in any direction, or castles",
        ),
    )
}
#: Unicode chess symbols of FIDE's pieces (pawn to king): outlined for White, solid for Black
SYMBOLS = ("♙♘♗♖♕♔", "♟♞♝♜♛♚")


@dataclass(frozen=True)
class ChessGame:
    """A chess-family game (see the module docstring); `builder.build` makes its `Variant`."""

    #: registry name, and the package whose ``data`` folder holds its suites and openings
    name: str
    package: str
    geometry: Geometry
    start_fen: str
    #: every kind, pawn and king included, in kind order
    kinds: tuple[PieceKind, ...]
    #: the kinds a pawn promotes to, in the order moves are generated
    promotion_kinds: tuple[int, ...]
    #: per color, the 0-based rank a pawn starts on (and, with ``double_step``, steps twice from)
    pawn_start_rank: tuple[int, int]
    castlings: tuple[Castling, ...]
    # -- tables (per piece kind) and the evaluation ------------------------------------------
    piece_values: dict[int, int]
    square_tables: dict[int, list[int]]
    capture_strength: dict[int, int]
    chessmaps_values: ChessmapsValues
    #: Greer's three king zones (queen side, centre, king side) as groups of files
    royal_zone_files: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    endgame_square_tables: dict[int, list[int]] = field(default_factory=dict)
    phase_weights: dict[int, int] = field(default_factory=dict)
    #: the tapered evaluation's own tables, made by tuning (`core.evaluation.TaperedTables`)
    tapered_tables: TaperedTables | None = None
    evaluation_terms: dict[str, Callable] = field(default_factory=dict)
    #: the playing search's switches this game sets otherwise than `PLAY` (SearchConfig field
    #: -> value): those a match showed to gain here and not in every game
    playing_switches: dict[str, bool | str | int] = field(default_factory=dict)
    # -- the family's rules, each a named option ---------------------------------------------
    #: a pawn on its start rank may step twice (and be taken en passant)
    double_step: bool = True
    #: True (chess, python-chess's rule): an en-passant square is recorded only where a legal
    #: capture onto it exists; False (Fairy-Stockfish): where a pawn of the side to move
    #: attacks it, legal or not.
    ep_needs_legal_capture: bool = True
    #: how the game ends (`rules.GAME_ENDS`): ``"fide"`` (FIDE and python-chess: 50 moves and
    #: threefold claimed, 75 and fivefold automatic, FIDE's dead material) or
    #: ``"fairy-stockfish"`` (the move rule and threefold repetition end the game, dead
    #: material by Fairy-Stockfish's ``has_insufficient_material``)
    game_end: str = "fide"
    #: plies without a capture or pawn move that draw (Fairy-Stockfish's ``nMoveRule`` x 2)
    move_rule_plies: int = 100
    #: a side without a legal move and not in check loses (shatranj), else it is a draw
    stalemate_loses: bool = False
    #: shatranj's bare king (`rules.bare_king_winner`): a side left with its king alone loses
    bare_king_loses: bool = False
    #: the kinds whose one piece can mate (Fairy-Stockfish's dead-material rule)
    mating_kinds: frozenset[int] = frozenset()
    # -- front ends and data -----------------------------------------------------------------
    #: per kind other than FIDE's six (which have chess's symbols), its one-cell glyph (White's;
    #: Black's is its lower case)
    letter_glyphs: dict[int, str] = field(default_factory=dict)
    pgn_variant_tag: str | None = None
    native_protocols: tuple[str, ...] = ()
    #: the suites it ships (name -> EPD file in its ``data`` folder, the default first) and its
    #: perft bench (label, FEN or None for the start, depth): the front ends read them and its
    #: board's style through the registry (`xqchess.variants`); its `Variant` has none of them
    suites: dict[str, str] = field(default_factory=dict)
    perft_bench: tuple[tuple[str, str | None, int], ...] = ()
    kind_by_letter: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind_by_letter", {k.letter: k.kind for k in self.kinds})

    pawn = property(lambda self: PAWN, doc="the pawn's kind (FIDE's)")
    king = property(lambda self: KING, doc="the royal kind (FIDE's)")
    rook = property(lambda self: ROOK, doc="the kind that castles with the king")

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

    @property
    def royal_pieces(self) -> tuple[int, int]:
        return (piece_code(KING, WHITE), piece_code(KING, BLACK))

    @property
    def pawns(self) -> tuple[int, int]:
        return (piece_code(PAWN, WHITE), piece_code(PAWN, BLACK))


def standard_castlings(
    geometry: Geometry,
    king_file: int,
    rook_files: tuple[int, int],
    king_targets: tuple[int, int],
    rook_targets: tuple[int, int],
    letters: str = "KQ",
) -> tuple[Castling, ...]:
    """Castling as chess has it on any width: kingside (the rook on ``rook_files[0]``) and
    queenside, for White on the first rank and Black on the last, with bits 1, 2 (White)
    and 4, 8 (Black). The king goes to ``king_targets[i]`` and the rook to ``rook_targets[i]``."""
    entries = []
    for color, rank in ((WHITE, 0), (BLACK, geometry.ranks - 1)):

        def sq(file: int, rank: int = rank) -> int:
            return geometry.square(file, rank)

        for wing_index, (wing, san) in enumerate((("kingside", "O-O"), ("queenside", "O-O-O"))):
            king_from, king_to = sq(king_file), sq(king_targets[wing_index])
            rook_from, rook_to = sq(rook_files[wing_index]), sq(rook_targets[wing_index])
            step = 1 if king_targets[wing_index] > king_file else -1
            crossed = [
                sq(f) for f in range(king_file + step, king_targets[wing_index] + step, step)
            ]
            files = {
                king_file,
                king_targets[wing_index],
                rook_files[wing_index],
                rook_targets[wing_index],
            }
            span = range(min(files), max(files) + 1)
            empty = tuple(sq(f) for f in span if f not in (king_file, rook_files[wing_index]))
            letter = letters[wing_index]
            entries.append(
                Castling(
                    letter if color == WHITE else letter.lower(),
                    color,
                    1 << (2 * color + wing_index),
                    wing,
                    san,
                    king_from,
                    king_to,
                    rook_from,
                    rook_to,
                    empty,
                    tuple(crossed),
                )
            )
    return tuple(entries)
