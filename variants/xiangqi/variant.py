"""The `XiangqiVariant`: xiangqi described to the kernel (data, move generator, rules, notation)."""

from core.errors import MoveError
from core.notation import format_coordinates, parse_coordinates
from core.pieces import BLACK
from core.variant import Variant
from variants.xiangqi import fen, movegen, rules
from variants.xiangqi.attacks import attacked
from variants.xiangqi.pieces import (
    ALIASES, B_GENERAL, GEOMETRY, KINDS, LETTERS, R_GENERAL, RED,
)
from variants.xiangqi.tables import CAPTURE_STRENGTH, PIECE_VALUES, SQUARE_TABLES

START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
ICCS_RANK_BASE = 0


class XiangqiVariant(Variant):
    """Xiangqi with Fairy-Stockfish's rules, FEN and UCI coordinates (ranks 1-10)."""

    notations = ("uci", "iccs", "wxf", "chinese")

    def __init__(self) -> None:
        self.name = "xiangqi"
        self.geometry = GEOMETRY
        self.piece_letters = {}
        self.letter_aliases = {}
        for kind in KINDS:
            self.piece_letters[kind | RED << 3] = LETTERS[kind]
            self.piece_letters[kind | BLACK << 3] = LETTERS[kind].lower()
        for letter, kind in ALIASES.items():
            self.letter_aliases[letter] = kind | RED << 3
            self.letter_aliases[letter.lower()] = kind | BLACK << 3
        self.side_letters = {"w": RED, "b": BLACK, "r": RED}
        self.color_names = ("red", "black")
        self.start_fen = START_FEN
        self.royal_pieces = (R_GENERAL, B_GENERAL)
        self.zeroing = [False] * 16
        self.rights_bits = 0
        self.rights_mask = []
        self.companion_moves = {}
        self.promotion_origin = (0, 0)
        self.side_capture_victim = (0, 0)
        self.piece_values = PIECE_VALUES
        self.square_tables = SQUARE_TABLES
        self.capture_strength = CAPTURE_STRENGTH
        super().__init__()

    legal_moves = staticmethod(movegen.legal_moves)
    is_check = staticmethod(movegen.is_check)
    outcome = staticmethod(rules.outcome)
    validate = staticmethod(fen.validate)

    def attacked(self, pos, sq: int, by_color: int) -> bool:
        return attacked(pos.board, sq, by_color)
