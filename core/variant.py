"""The `Variant` protocol: everything the kernel needs to know about a game.

A variant is data plus a move generator. The data (geometry, piece letters, start FEN, tables
for make/unmake, evaluation and move ordering) are attributes; move generation, attack
detection, game-end rules and notation are methods. The kernel (positions, FEN, perft, search)
and every ordering heuristic talk to a game only through this interface.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from importlib import resources
from typing import TYPE_CHECKING

from xqchess.core.errors import FenError, MoveError
from xqchess.core.evaluation import TaperedTables, piece_square_table
from xqchess.core.fen import parse_board, parse_fen
from xqchess.core.generator import MoveGenerator, generator_of
from xqchess.core.geometry import Geometry
from xqchess.core.legality import royal_exposure
from xqchess.core.moves import is_capture, move_from, move_promotion
from xqchess.core.notation import format_coordinates, parse_coordinates
from xqchess.core.pieces import KIND_MASK
from xqchess.core.probe import (
    LOW_SQUARES,
    AttackProbe,
    ClosureProbe,
    closure_probe_of,
    probe_of,
)
from xqchess.core.see import exchange_lines, exchange_values
from xqchess.core.zobrist import Zobrist

if sys.version_info >= (3, 11):
    from importlib.resources.abc import Traversable
else:  # Python 3.10: the same class, under its older name (removed in 3.14)
    from importlib.abc import Traversable

if TYPE_CHECKING:
    from xqchess.core.outcome import Outcome, Termination
    from xqchess.core.position import Board, Position


#: `ChessmapsValues.pair_order` values: how the pieces of one kind and color are told apart, by
#: the color of their square (chess bishops) or by their file (a side first; on one file, the
#: one nearer its own side first).
BY_SQUARE_COLOR, BY_FILE = "square_color", "file"


@dataclass(frozen=True)
class ChessmapsValues:
    """The piece values of Greer's chessmaps heuristic (Greer 2000, Table A.1): what a piece adds
    to the valueboard as an attacker or occupant, and its material in the capture sequences that
    decide the control of a square (`ordering.chessmaps`). Counted positive for the first player
    and negative for the second.

    The pieces of a pair get values one apart (chess: bishops 30 and 31, rooks 50 and 49), as
    the paper does, so that a move of one cannot leave the valueboard as a move of the other
    would: the offset names the piece, it is not material. Capture sequences therefore weigh a
    piece by its kind's lowest value (a rook for a rook is an even trade) and use the values
    only to order captures (the lower first, the royal piece last).
    """

    #: kind -> the values of that kind's pieces in pair order (one value: all pieces alike); the
    #: royal kind's is its value as an attacker or occupant (chess: the king's 40).
    values: dict[int, tuple[int, ...]]
    #: kind -> `BY_SQUARE_COLOR` or `BY_FILE` for the kinds whose pieces are told apart; the
    #: i-th piece in that order takes ``values[kind][i]``, any beyond the last the last value.
    pair_order: dict[int, str]
    #: the royal piece's material in capture sequences (chess: the king's 200), above any sum
    #: a capture sequence can win, so that it captures last and only where it is safe.
    royal_exchange_value: int
    #: kind -> the (file, rank) steps along which that kind slides, for the closeness heuristic
    #: of Greer's move ordering (section 4: "a bishop or queen along a diagonal, and a rook or
    #: queen along a row or column"); kinds not named are scored as kings and knights are.
    slider_directions: dict[int, tuple[tuple[int, int], ...]] = field(default_factory=dict)

    @cached_property
    def material(self) -> dict[int, int]:
        """Per kind, a piece's material in capture sequences: the kind's lowest value (the
        offsets of a pair only name its pieces)."""
        return {kind: min(values) for kind, values in self.values.items()}


class Variant:
    """Base class of the games: a family's builder (`xqchess.variants.families`) makes one from
    a game's definition, setting the attributes below, the rules' functions among them (bound
    to the instance, so the kernel calls them directly), before calling ``super().__init__()``:

    * ``name``: registry name (``"chess"``).
    * ``geometry``: the `Geometry` of the board.
    * ``piece_letters``: piece code -> FEN letter (upper case for the first player).
    * ``kind_names``: piece kind -> its name in messages (``"knight"``, ``"chariot"``).
    * ``letter_aliases``: extra FEN letters accepted on input -> piece code.
    * ``side_letters``: FEN side-to-move letter -> color (the first one per color is written).
    * ``color_names``: the two colors' names (``("white", "black")``).
    * ``start_fen``: the initial position.
    * ``royal_pieces``: per color, the piece code whose capture ends the game (king, general).
    * ``zeroing``: per piece code, True when moving it resets the half-move clock.
    * ``rights_bits``: how many bits of castling-like rights the FEN carries (0 if none).
    * ``rights_mask``: per square, the rights kept when a move leaves or enters the square.
    * ``companion_moves``: ``to`` square -> (from, to) of the second piece of a COMPANION move.
    * ``promotion_origin`` / ``side_capture_victim``: per color, the piece a promoted piece was
      and the piece a SIDE_CAPTURE removes, so unmake can restore them.
    * ``side_capture_squares`` (optional): ``to`` square of a SIDE_CAPTURE -> the square of the
      piece it removes (chess: the pawn passed by en passant).
    * ``piece_values``, ``square_tables``, ``capture_strength``: per piece kind, the evaluation
      and move-ordering tables (``capture_strength`` is the guard heuristic's).
    * ``endgame_piece_values``, ``endgame_square_tables``, ``phase_weights`` (optional): the
      tapered evaluation's endgame values and tables where they differ from the middlegame's,
      and each kind's weight in the game phase (`core.evaluation`; none: no tapering).
    * ``tapered_tables`` (optional): a `TaperedTables` the ``tapered`` and ``terms``
      evaluations read instead of the tables above (which ``squares`` keeps): tables made by
      tuning, where the hand-written ones must stay for the lab's figures.
    * ``playing_switches`` (optional): `SearchConfig` fields this game's playing search sets
      otherwise than the `PLAY` preset (`core.search.playing_config`): a switch a match showed
      to gain in this game and not in every game.
    * ``evaluation_terms`` (optional): term name -> function(position) -> packed middlegame
      and endgame score (`core.evaluation.pack`, first player's view): the positional terms the
      ``terms`` evaluation adds (pawn structure, mobility, king safety ...).
    * ``writers`` / ``readers``: per notation name, how moves are written and read.
    * ``stalemate_loses``: True when a side without a legal move loses even if not in check.
    * ``draw_claims`` (optional): the draws a player may claim (`outcome` with ``claim_draw``),
      each `Termination` member with its test, function(pos) -> bool: whether the side to move
      may claim it now (now or after one of its legal moves, as FIDE's Laws and python-chess's
      ``can_claim_*`` say); none where the rules declare every draw themselves, as the arbiter
      does in xiangqi.
    * ``native_protocols`` (optional): the engine protocols made for this game (chess: UCI;
      xiangqi: UCCI), so that an engine speaking one plays it unless it says otherwise: the
      games a UCI engine plays are those its ``UCI_Variant`` option offers, else chess.
    * ``pgn_notation`` / ``pgn_variant_tag``: the notation of PGN move text, and the value of
      the ``[Variant]`` tag (None: the game's PGN has no such tag).
    * ``royal_zone_files``: three groups of files (queen side, centre, king side in chess; the
      palace's three files in xiangqi): where the royal piece stands, an input of the chessmaps
      network (Greer 2000, section 3).
    * ``chessmaps_values``: the valueboard and capture-sequence values of the chessmaps
      heuristic (a `ChessmapsValues`; chess: Greer's Table A.1).
    * ``royal_attacked``: function(board, sq, by_color) -> bool, whether the royal piece on
      ``sq`` of a bare board (a sequence of piece codes of `core.position.BOARD`'s type, which
      the compiled kernel requires, no `Position`) is attacked by ``by_color``,
      every rule that makes a royal square unsafe included (xiangqi: the facing general); the
      chessmaps heuristic tests the legality of captures with it on a scratch board.
    * ``data_package`` (optional): the package whose ``data`` folder holds the game's files
      (`data_file`): the chessmaps network's weights, which the kernel reads, and the suites
      and openings the command line reads.

    How a game is drawn, the suites it ships and its perft bench are front-end data, read
    from the game's definition through the registry (`xqchess.variants`), not carried here.
    """

    name: str
    geometry: Geometry
    piece_letters: dict[int, str]
    kind_names: dict[int, str]
    letter_aliases: dict[str, int]
    side_letters: dict[str, int]
    color_names: tuple[str, str]
    start_fen: str
    royal_pieces: tuple[int, int]
    zeroing: list[bool]
    rights_bits: int
    rights_mask: list[int]
    companion_moves: dict[int, tuple[int, int]]
    promotion_origin: tuple[int, int]
    side_capture_victim: tuple[int, int]
    side_capture_squares: dict[int, int] = {}
    piece_values: dict[int, int]
    square_tables: dict[int, list[int]]
    capture_strength: dict[int, int]
    endgame_piece_values: dict[int, int] = {}
    endgame_square_tables: dict[int, list[int]] = {}
    phase_weights: dict[int, int] = {}
    tapered_tables: TaperedTables | None = None
    evaluation_terms: dict[str, Callable[[Position], int]] = {}
    playing_switches: dict[str, bool | str | int] = {}
    stalemate_loses: bool
    draw_claims: dict[Termination, Callable[[Position], bool]] = {}
    native_protocols: tuple[str, ...] = ()
    pgn_notation: str
    pgn_variant_tag: str | None
    royal_zone_files: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    chessmaps_values: ChessmapsValues
    royal_attacked: Callable[[Board, int, int], bool]
    #: the package whose ``data`` folder holds the game's files (None: the class's own)
    data_package: str | None = None

    def __init__(self) -> None:
        self.zobrist = Zobrist(self.geometry.size, self.rights_bits)
        self.piece_square = piece_square_table(self)
        #: the packed tables of the ``tapered`` and ``terms`` evaluations (`piece_square`
        #: itself where the game has no `tapered_tables`)
        self.tapered_piece_square = (
            self.piece_square
            if self.tapered_tables is None
            else piece_square_table(self, self.tapered_tables)
        )
        self.exchange_values = exchange_values(self)
        self.exchange_lines = exchange_lines(self.geometry)
        #: per kind code, its ``piece_values`` value (0 for none): a list the search indexes
        self.kind_values = [self.piece_values.get(kind, 0) for kind in range(KIND_MASK + 1)]
        self.attack_probe = probe_of(self)
        self.closure_probe = closure_probe_of(self)
        self.move_generator = generator_of(self)
        #: whether every move `candidate_moves` lists is legal, so that staged picking need not
        #: ask `candidate_is_legal` of each move it reaches: so unless the game gives its own
        #: test (derived, never declared, so that a game with a test cannot skip it)
        self.candidates_are_legal = (
            getattr(self.candidate_is_legal, "__func__", None) is Variant.candidate_is_legal
        )
        self.letter_pieces = {letter: piece for piece, letter in self.piece_letters.items()}
        self.letter_pieces.update(self.letter_aliases)
        #: the start position's phase: the tapered evaluation's middlegame
        self.phase_total = max(
            1,
            sum(
                self.phase_weights.get(piece & KIND_MASK, 0)
                for piece in parse_board(self, self.start_fen.split()[0])
                if piece
            ),
        )

    def data_file(self, name: str) -> Traversable:
        """The file ``name`` in the ``data`` folder of the game's package (``data_package``, else
        the one defining the variant's class), where a game ships its data files (the chessmaps
        weights, its suites and openings)."""
        package = self.data_package or type(self).__module__.rpartition(".")[0]
        return resources.files(package) / "data" / name

    # -- positions ---------------------------------------------------------------------------

    def position(self, fen: str | None = None, strict: bool = True) -> Position:
        """A position from ``fen`` (the start position when None); raises FenError if bad.
        ``strict=False`` accepts placements no game can reach (see `core.fen.parse_fen`)."""
        return parse_fen(self, self.start_fen if fen is None else fen, strict)

    # -- rules -------------------------------------------------------------------------------

    #: function(pos) -> list[int]: all legal moves of the side to move.
    legal_moves: Callable[[Position], list[int]]

    def no_move_result(self, pos: Position, in_check: bool) -> int:
        """The result for the side to move when it has no legal move: -1 when it loses (mated,
        or stalemated where ``stalemate_loses``), 0 for a draw, 1 when it wins (a game that
        `rule_result` says a rule has ended in its favour leaves no legal move either). The
        search scores such a node by it."""
        if self.rule_result is not None:
            result = self.rule_result(pos)
            if result is not None:
                return result
        return -1 if in_check or self.stalemate_loses else 0

    def legal_captures(self, pos: Position) -> list[int]:
        """The legal captures and promotions of the side to move (the moves quiescence
        searches and staged move picking tries before the others), in the order
        `legal_moves` lists them. A variant gives a generator that skips the quiet moves; this
        default filters the full list."""
        return [
            move for move in self.legal_moves(pos) if is_capture(pos, move) or move_promotion(move)
        ]

    def candidate_moves(self, pos: Position, quiets: bool = True) -> list[int]:
        """A superset of the legal moves (of the legal captures and promotions without
        ``quiets``), in the order `legal_moves` lists them, whose legality staged move picking
        tests with `candidate_is_legal` only for the moves the search reaches. By default the
        legal moves themselves; a game whose legality test costs a probe per move gives its
        pseudo-legal moves, and its `candidate_is_legal` with them (without one, staged picking
        generates with `legal_moves` and `legal_captures` directly)."""
        return self.legal_moves(pos) if quiets else self.legal_captures(pos)

    def candidate_is_legal(self, pos: Position, move: int, in_check: bool) -> bool:
        """Whether ``move``, one of `candidate_moves`, is legal (``in_check``: whether the side
        to move is in check, which the caller knows)."""
        return True

    def piece_legal_moves(self, pos: Position, frm: int) -> list[int]:
        """The legal moves of the side to move's piece on ``frm`` (none when ``frm`` is off the
        board or holds none of its pieces), in the order `legal_moves` lists them
        (`Position.piece_legal_moves`)."""
        return pos.piece_legal_moves(frm)

    def origin_legal_moves(self, pos: Position, frm: int) -> list[int]:
        """`piece_legal_moves` where ``frm`` holds a piece of the side to move. A variant gives
        a generator for one piece; this default filters the full list."""
        return [move for move in self.legal_moves(pos) if move_from(move) == frm]

    def is_legal(self, pos: Position, move: int) -> bool:
        """Whether ``move``, any int (a transposition table's move, say), is legal in ``pos``:
        found among its piece's legal moves, without generating the others'
        (`Position.is_legal`, whose compiled form takes a 64-bit int: no move lies beyond)."""
        return -(1 << 63) <= move < 1 << 63 and pos.is_legal(move)

    #: the generators above and `is_check` as one object (`core.generator`), which `Position`
    #: calls at every node: a game family gives its own; by default, this variant's functions
    #: wrapped
    move_generator: MoveGenerator

    #: function(pos) -> list[int]: the moves the pieces' movement rules allow, ignoring the own
    #: royal piece's safety.
    pseudo_legal_moves: Callable[[Position], list[int]]

    #: function(pos, frm) -> list[int]: the squares the piece on ``frm`` could move to were
    #: nothing in its way (no blocker, leg, eye or missing screen or victim): its pseudo-legal
    #: targets and those it is denied.
    reach: Callable[[Position, int], list[int]]

    #: function(pos, frm, to, rank_base=None) -> str: why the movement rules do not take the side
    #: to move's piece on ``frm`` to the empty or enemy-held ``to`` (no pseudo-legal move does):
    #: it never moves so, or what is in the way. Squares are named with ranks from
    #: ``rank_base`` (the geometry's when None).
    movement_fault: Callable[..., str]

    def exposure_fault(self, pos: Position, move: int, rank_base: int | None = None) -> str:
        """Why the pseudo-legal ``move`` is not legal: by default, it leaves the royal piece
        attacked (`core.legality.royal_exposure`)."""
        return royal_exposure(pos, move, rank_base)

    #: function(pos, sq, by_color) -> bool: whether a piece of ``by_color`` attacks ``sq`` (for
    #: check: as a capture of a royal).
    attacked: Callable[[Position, int, int], bool]

    #: function(board, sq, by_color) -> list[int]: the squares of the pieces of ``by_color`` that
    #: could capture on ``sq`` on ``board`` (``pos.board`` or a copy made with
    #: `core.position.BOARD`) as it stands (so removing a piece reveals x-ray attackers and
    #: moves cannon screens).
    attackers: Callable[[Board, int, int], list[int]]
    #: the same probe as an object (`core.probe`), which the kernel's exchange evaluation
    #: calls: a game family gives its own; by default, `attackers` wrapped
    attack_probe: AttackProbe

    def all_attackers(self, board: Board, sq: int) -> list[int]:
        """The squares of the pieces of both colors that could capture on ``sq``: those of
        ``attackers(board, sq, 0) + attackers(board, sq, 1)``, in some order. A variant may
        give a one-pass version (`core.closure`'s definition of `attack_closure` asks it
        round after round)."""
        return self.attackers(board, sq, 0) + self.attackers(board, sq, 1)

    #: `attack_closure` as an object (`core.probe`), which the chessmaps valueboard calls for
    #: its squares: a game family gives a one-pass version; by default, the definition
    closure_probe: ClosureProbe

    def attack_closure(self, board: Board, sq: int) -> tuple[list[int], int]:
        """The squares of the pieces of both colors that attack ``sq`` directly or indirectly
        (`core.closure.attack_closure`), and a mask of the board squares the answer depends
        on: ``sq``'s closure is the same on any board that agrees on them. Asked of the
        game's `closure_probe`: by default the definition, with the squares it read."""
        probe = self.closure_probe
        found = bytearray(len(board))
        count = probe.closure(board, sq, found)
        return list(found[:count]), probe.low | probe.high << LOW_SQUARES

    def insufficient_material(self, pos: Position) -> bool:
        """Whether the material left is too little for either side ever to win, as the game's
        rules end a game on it (chess: FIDE's dead material; python-chess's
        ``is_insufficient_material``). By default the rules know no such end: False."""
        return False

    #: function(pos) -> the result for the side to move (1 win, -1 loss, 0 draw) of a game a
    #: rule beside mate and stalemate has ended (shatranj's bare king), None while play goes
    #: on; None where the game has no such rule. The search asks it at every node when set
    #: (a quiescence that stands pat would not see the game over otherwise).
    rule_result: Callable[[Position], int | None] | None = None

    def rule_draw(self, pos: Position) -> bool:
        """Whether the rules make the position a draw whatever is played next (the search's
        cheap test: move-count rules and dead material), the side to move having a move."""
        return False

    def repetition_result(self, pos: Position, checks: list[bool], occurrences: int) -> int | None:
        """The verdict on ``pos`` repeated inside the search, for the side to move: +1 win,
        -1 loss, 0 draw, or None where the rules judge this cycle only at a later occurrence
        (the search then plays on). ``checks[i]`` tells whether the side to move ``i`` plies
        back was in check, from 0 (now) to the distance of the earlier occurrence judged;
        ``occurrences`` counts the position's occurrences back to that one, this one
        included. By default every repetition is a draw."""
        return 0

    def is_check(self, pos: Position) -> bool:
        """Whether the side to move's royal piece is attacked."""
        return self.attacked(pos, pos.kings[pos.side], pos.side ^ 1)

    def ep_capture_possible(self, pos: Position, sq: int) -> bool:
        """Whether the side to move has a legal side capture onto ``sq`` (after a double step)."""
        return False

    #: function(pos, claim_draw=False) -> Outcome | None: the game's end if it is over (with
    #: claimable draws when ``claim_draw``), else None.
    outcome: Callable[..., Outcome | None]

    # -- FEN hooks ---------------------------------------------------------------------------

    def parse_rights(self, text: str, pos: Position) -> int:
        """The rights bitmask of a FEN rights field (``-`` when the game has none)."""
        if text != "-":
            raise FenError(f"FEN rights field {text!r} must be '-' in {self.name}")
        return 0

    def format_rights(self, rights: int) -> str:
        return "-"

    def parse_ep(self, text: str, pos: Position) -> int | None:
        """The ep square of a FEN field, or None; raises FenError when the field is impossible."""
        if text != "-":
            raise FenError(f"FEN en-passant field {text!r} must be '-' in {self.name}")
        return None

    #: function(pos, strict=True): raise FenError naming the fault when ``pos`` cannot be played
    #: (always checked) or, when ``strict``, when no game can reach its placement.
    validate: Callable[..., None]

    # -- notation ----------------------------------------------------------------------------

    #: notation name -> function(pos, move) writing a legal move; the first is the default.
    writers: dict[str, Callable[[Position, int], str]]
    #: notation name -> function(pos, text) returning the legal move the text names.
    readers: dict[str, Callable[[Position, str], int]]

    @property
    def notations(self) -> tuple[str, ...]:
        return tuple(self.writers)

    def move_to_uci(self, pos: Position, move: int) -> str:
        return format_coordinates(self, move)

    def move_from_uci(self, pos: Position, text: str) -> int:
        return parse_coordinates(self, pos, text)

    def require_notation(self, notation: str) -> str:
        """``notation`` if the variant writes and reads it, else MoveError listing those it does."""
        if notation not in self.writers:
            raise MoveError(
                f"notation {notation!r} is not one of {', '.join(self.notations)} for {self.name}"
            )
        return notation

    def detect_notation(self, text: str) -> str:
        """Which notation move text is written in, judged from its form."""
        return "uci"

    def format_move(self, pos: Position, move: int, notation: str = "uci") -> str:
        """``move`` (legal in ``pos``) written in ``notation``, one of ``self.notations``."""
        return self.writers[self.require_notation(notation)](pos, move)

    def parse_move(self, pos: Position, text: str, notation: str | None = None) -> int:
        """The legal move ``text`` names, in ``notation``, or in the notation its form shows."""
        text = text.strip()
        notation = self.detect_notation(text) if notation is None else notation
        return self.readers[self.require_notation(notation)](pos, text)
