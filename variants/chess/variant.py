"""The `ChessVariant`: FIDE chess described to the kernel (data, movegen, rules, notation)."""

from xqchess.core.notation import COORDINATES
from xqchess.core.pieces import BLACK, PIECE_CODES, WHITE, piece_code
from xqchess.core.variant import SQUARES, BoardStyle, Variant
from xqchess.variants.chess import attacks, faults, fen, movegen, rules, san
from xqchess.variants.chess.attacks import all_attackers, attacked, attackers
from xqchess.variants.chess.chessmaps import CHESSMAPS_VALUES
from xqchess.variants.chess.evaluation import EVALUATION_TERMS
from xqchess.variants.chess.pieces import (
    B_KING, B_PAWN, GEOMETRY, KINDS, LETTERS, NAMES, W_KING, W_PAWN,
)
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


class ChessVariant(Variant):
    """Standard chess under the FIDE Laws, with UCI and SAN notation."""

    def __init__(self) -> None:
        self.name = "chess"
        self.geometry = GEOMETRY
        self.piece_letters = {}
        for kind in KINDS:
            self.piece_letters[piece_code(kind, WHITE)] = LETTERS[kind]
            self.piece_letters[piece_code(kind, BLACK)] = LETTERS[kind].lower()
        self.kind_names = NAMES
        self.letter_aliases = {}
        self.side_letters = {"w": WHITE, "b": BLACK}
        self.color_names = ("white", "black")
        self.start_fen = START_FEN
        self.royal_pieces = (W_KING, B_KING)
        self.zeroing = [False] * PIECE_CODES
        self.zeroing[W_PAWN] = self.zeroing[B_PAWN] = True
        self.rights_bits = 4
        self.rights_mask = [15] * 64
        for bit, _, king_sq, _, rook_sq in fen.CASTLING_RIGHTS.values():
            self.rights_mask[king_sq] &= ~bit
            self.rights_mask[rook_sq] &= ~bit
        self.companion_moves = {6: (7, 5), 2: (0, 3), 62: (63, 61), 58: (56, 59)}
        self.promotion_origin = (W_PAWN, B_PAWN)
        self.side_capture_victim = (B_PAWN, W_PAWN)
        # en passant: the pawn taken stands one rank behind the square passed (ranks 6 and 3)
        self.side_capture_squares = {GEOMETRY.square(file, rank): GEOMETRY.square(file, rank + back)
                                     for file in range(GEOMETRY.files)
                                     for rank, back in ((5, -1), (2, 1))}
        self.piece_values = PIECE_VALUES
        self.square_tables = SQUARE_TABLES
        self.endgame_square_tables = ENDGAME_SQUARE_TABLES
        self.phase_weights = PHASE_WEIGHTS
        self.evaluation_terms = EVALUATION_TERMS
        self.capture_strength = CAPTURE_STRENGTH
        self.stalemate_loses = False
        # Greer's king zones: queen side a-c, centre d-e, king side f-h
        self.royal_zone_files = ((0, 1, 2), (3, 4), (5, 6, 7))
        self.chessmaps_values = CHESSMAPS_VALUES
        self.pgn_notation, self.pgn_variant_tag = "san", None
        self.board_style = BOARD_STYLE
        self.suites = {"bratko-kopec": "bratko-kopec.epd",
                       "chess-middlegames": "chess-middlegames.epd",
                       "chess-middlegames-30": "chess-middlegames-30.epd"}
        self.perft_bench = (("startpos", None, 4), ("kiwipete", KIWIPETE, 3))
        self.writers = {"uci": self.move_to_uci, "san": san.move_to_san}
        self.readers = {"uci": self.move_from_uci, "san": san.move_from_san}
        super().__init__()

    legal_moves = staticmethod(movegen.legal_moves)
    pseudo_legal_moves = staticmethod(movegen.pseudo_legal_moves)
    legal_captures = staticmethod(movegen.legal_captures)
    origin_legal_moves = staticmethod(movegen.origin_legal_moves)
    reach = staticmethod(faults.reach)
    movement_fault = staticmethod(faults.movement_fault)
    exposure_fault = staticmethod(faults.exposure_fault)
    ep_capture_possible = staticmethod(movegen.ep_capture_possible)
    outcome = staticmethod(rules.outcome)
    validate = staticmethod(fen.validate)
    parse_ep = staticmethod(fen.parse_ep)
    parse_rights = staticmethod(fen.parse_castling)
    format_rights = staticmethod(fen.format_castling)

    def attacked(self, pos, sq: int, by_color: int) -> bool:
        return attacked(pos.board, sq, by_color)

    attackers = staticmethod(attackers)
    all_attackers = staticmethod(all_attackers)
    royal_attacked = staticmethod(attacks.attacked)  # the board probe, not the method above

    def rule_draw(self, pos) -> bool:
        """The 50-move rule, or dead material (tested only with few pieces left, as the search
        calls this at every node)."""
        few_pieces = len(pos.occupied[0]) + len(pos.occupied[1]) <= 6
        return pos.halfmove >= 100 or (few_pieces and rules.is_insufficient_material(pos))

    def is_check(self, pos) -> bool:
        return attacked(pos.board, pos.kings[pos.side], pos.side ^ 1)

    def detect_notation(self, text: str) -> str:
        """Coordinates (e2e4, e7e8q) are UCI, anything else SAN."""
        return "uci" if COORDINATES.fullmatch(text) else "san"
