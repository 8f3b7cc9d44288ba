"""The `ChessVariant`: FIDE chess described to the kernel (data, movegen, rules, notation), and
`ChessLikeVariant`, the base any chess-like game builds from its `BoardDescription`."""

from __future__ import annotations

from xqchess.core.notation import COORDINATES
from xqchess.core.outcome import Termination
from xqchess.core.pieces import BLACK, PIECE_CODES, WHITE, piece_code
from xqchess.core.variant import SQUARES, BoardStyle, Variant
from xqchess.variants.chess import rules
from xqchess.variants.chess.attacks import CHESS_ATTACKS, build_attacks
from xqchess.variants.chess.board import BoardDescription
from xqchess.variants.chess.chessmaps import CHESSMAPS_VALUES
from xqchess.variants.chess.evaluation import EVALUATION_TERMS
from xqchess.variants.chess.faults import CHESS_FAULTS, Faults
from xqchess.variants.chess.fen import CHESS_FEN, FenRules
from xqchess.variants.chess.movegen import CHESS_MOVEGEN, build_movegen
from xqchess.variants.chess.pieces import DESCRIPTION, KINDS
from xqchess.variants.chess.san import CHESS_SAN, San
from xqchess.variants.chess.tables import (
    CAPTURE_STRENGTH, PHASE_WEIGHTS, ENDGAME_SQUARE_TABLES, PIECE_VALUES, SQUARE_TABLES,
)

START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#: the perft bench's middlegame: every special move within three plies
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
#: Unicode chess symbols in kind order (pawn to king): outlined for White, solid for Black.
SYMBOLS = ("♙♘♗♖♕♔", "♟♞♝♜♛♚")
#: Black symbols on light and dark wooden squares, as most chess boards look.
BOARD_STYLE = BoardStyle(
    SQUARES,
    glyphs={piece_code(kind, color): SYMBOLS[color][index]
            for color in (WHITE, BLACK) for index, kind in enumerate(KINDS)},
    piece_styles=("#000000", "#000000"),
    fills=("#f0d9b5", "#b58863"),
)


class ChessLikeVariant(Variant):
    """A chess-like game built from a `BoardDescription`: its board data, move generator,
    attack probes, faults, FEN fields and SAN. A subclass sets ``name``, ``start_fen`` and
    the tables (values, square tables, capture strengths, style, chessmaps ...) and its
    rules (`outcome`, `rule_draw`), then calls ``super().__init__(description)``; the
    generators, built once per description, are bound as instance attributes (one call from
    the kernel to the closure, no delegation in the hot path)."""

    #: the parts built from a description (built for chess at import; see `build_parts`)
    _parts: dict = {}

    @staticmethod
    def build_parts(desc: BoardDescription) -> tuple:
        """(attacks, movegen, faults, fen, san) of ``desc``, built once per description."""
        parts = ChessLikeVariant._parts.get(id(desc))
        if parts is None or parts[0] is not desc:
            attacks = build_attacks(desc)
            movegen = build_movegen(desc, attacks)
            faults = Faults(desc, attacks, movegen)
            parts = (desc, attacks, movegen, faults, FenRules(desc, attacks, movegen),
                     San(desc, faults))
            ChessLikeVariant._parts[id(desc)] = parts
        return parts[1:]

    def __init__(self, desc: BoardDescription) -> None:
        self.description = desc
        attacks, movegen, faults, fen, san = self.build_parts(desc)
        self.geometry = desc.geometry
        self.piece_letters = {}
        for piece in desc.kinds:
            self.piece_letters[piece_code(piece.kind, WHITE)] = piece.letter
            self.piece_letters[piece_code(piece.kind, BLACK)] = piece.letter.lower()
        self.kind_names = {piece.kind: piece.name for piece in desc.kinds}
        self.letter_aliases = getattr(self, "letter_aliases", {})
        self.side_letters = {"w": WHITE, "b": BLACK}
        self.color_names = ("white", "black")
        self.royal_pieces = desc.royal_pieces
        white_pawn, black_pawn = desc.pawns
        self.zeroing = [False] * PIECE_CODES
        self.zeroing[white_pawn] = self.zeroing[black_pawn] = True
        self.rights_bits = len(desc.castlings)
        full = (1 << self.rights_bits) - 1
        self.rights_mask = [full] * desc.geometry.size
        for c in desc.castlings:
            self.rights_mask[c.king_from] &= ~c.bit
            self.rights_mask[c.rook_from] &= ~c.bit
        self.companion_moves = {c.king_to: (c.rook_from, c.rook_to) for c in desc.castlings}
        self.promotion_origin = (white_pawn, black_pawn)
        self.side_capture_victim = (black_pawn, white_pawn)
        # en passant: the pawn taken stands one step beyond the square passed
        self.side_capture_squares = {}
        for mover in (WHITE, BLACK):
            passed_rank = desc.pawn_start_rank[mover] + (1 if mover == WHITE else -1)
            for file in range(desc.geometry.files):
                passed = desc.geometry.square(file, passed_rank)
                self.side_capture_squares[passed] = passed + desc.pawn_step[mover]
        self.pgn_notation, self.pgn_variant_tag = "san", getattr(self, "pgn_variant_tag", None)
        self.writers = {"uci": self.move_to_uci, "san": san.move_to_san}
        self.readers = {"uci": self.move_from_uci, "san": san.move_from_san}
        # the generators and probes, bound once (instance attributes shadow the methods below)
        self.legal_moves = movegen.legal_moves
        self.pseudo_legal_moves = movegen.pseudo_legal_moves
        self.legal_captures = movegen.legal_captures
        self.origin_legal_moves = movegen.origin_legal_moves
        self.ep_capture_possible = movegen.ep_capture_possible
        self.reach = faults.reach
        self.movement_fault = faults.movement_fault
        self.exposure_fault = faults.exposure_fault
        self.validate = fen.validate
        self.parse_ep = fen.parse_ep
        self.parse_rights = fen.parse_castling
        self.format_rights = fen.format_castling
        self.attackers = attacks.attackers
        self.all_attackers = attacks.all_attackers
        self.royal_attacked = attacks.attacked  # the board probe, not the method below
        self._attacked = attacked = attacks.attacked

        def is_check(pos) -> bool:
            return attacked(pos.board, pos.kings[pos.side], pos.side ^ 1)

        self.is_check = is_check
        super().__init__()

    # the Variant interface's methods, for the ABC; instances use the attributes bound above
    def legal_moves(self, pos):
        return self.legal_moves(pos)

    def pseudo_legal_moves(self, pos):
        return self.pseudo_legal_moves(pos)

    def reach(self, pos, frm):
        return self.reach(pos, frm)

    def movement_fault(self, pos, frm, to, rank_base=None):
        return self.movement_fault(pos, frm, to, rank_base)

    def validate(self, pos, strict=True):
        return self.validate(pos, strict)

    def attacked(self, pos, sq: int, by_color: int) -> bool:
        return self._attacked(pos.board, sq, by_color)

    def attackers(self, board, sq, by_color):
        return self.attackers(board, sq, by_color)

    def detect_notation(self, text: str) -> str:
        """Coordinates (e2e4, e7e8q) are UCI, anything else SAN."""
        return "uci" if COORDINATES.fullmatch(text) else "san"


# chess's parts are the modules' own (built at import)
ChessLikeVariant._parts[id(DESCRIPTION)] = (DESCRIPTION, CHESS_ATTACKS, CHESS_MOVEGEN,
                                            CHESS_FAULTS, CHESS_FEN, CHESS_SAN)


class ChessVariant(ChessLikeVariant):
    """Standard chess under the FIDE Laws, with UCI and SAN notation."""

    def __init__(self) -> None:
        self.name = "chess"
        self.start_fen = START_FEN
        self.letter_aliases = {}
        self.piece_values = PIECE_VALUES
        self.square_tables = SQUARE_TABLES
        self.endgame_square_tables = ENDGAME_SQUARE_TABLES
        self.phase_weights = PHASE_WEIGHTS
        self.evaluation_terms = EVALUATION_TERMS
        self.capture_strength = CAPTURE_STRENGTH
        self.stalemate_loses = False
        self.claimable_draws = (Termination.FIFTY_MOVES, Termination.THREEFOLD_REPETITION)
        self.native_protocols = ("uci",)
        # Greer's king zones: queen side a-c, centre d-e, king side f-h
        self.royal_zone_files = ((0, 1, 2), (3, 4), (5, 6, 7))
        self.chessmaps_values = CHESSMAPS_VALUES
        self.pgn_variant_tag = None
        self.board_style = BOARD_STYLE
        self.suites = {"bratko-kopec": "bratko-kopec.epd",
                       "chess-middlegames": "chess-middlegames.epd",
                       "chess-middlegames-30": "chess-middlegames-30.epd"}
        self.perft_bench = (("startpos", None, 4), ("kiwipete", KIWIPETE, 3))
        super().__init__(DESCRIPTION)

    outcome = staticmethod(rules.outcome)

    def rule_draw(self, pos) -> bool:
        """The 50-move rule, or dead material (tested only with few pieces left, as the search
        calls this at every node)."""
        few_pieces = len(pos.occupied[0]) + len(pos.occupied[1]) <= 6
        return pos.halfmove >= 100 or (few_pieces and rules.is_insufficient_material(pos))


