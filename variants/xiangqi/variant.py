"""The `XiangqiVariant`: xiangqi described to the kernel (data, move generator, rules, notation)."""

import re

from core.errors import MoveError
from core.notation import COORDINATES, format_coordinates, parse_coordinates
from core.pieces import BLACK
from core.variant import Variant
from variants.xiangqi import chinese, fen, movegen, rules, wxf
from variants.xiangqi.attacks import attacked
from variants.xiangqi.pieces import (
    ALIASES, B_GENERAL, GEOMETRY, KINDS, LETTERS, R_GENERAL, RED,
)
from variants.xiangqi.tables import CAPTURE_STRENGTH, PIECE_VALUES, SQUARE_TABLES

ICCS_PATTERN = re.compile(r"[A-I]\d-[A-I]\d")
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

    def format_move(self, pos, move: int, notation: str = "uci") -> str:
        """``move`` in UCI coordinates (h3e3, ranks 1-10), ICCS (h2e2, ranks 0-9), WXF (C2=5)
        or Chinese (炮二平五)."""
        if notation == "uci":
            return format_coordinates(self, move)
        if notation == "iccs":
            return format_coordinates(self, move, ICCS_RANK_BASE)
        if notation == "wxf":
            return wxf.move_to_wxf(pos, move)
        if notation == "chinese":
            return chinese.move_to_chinese(pos, move)
        raise MoveError(f"unknown xiangqi notation {notation!r}; expected one of "
                        f"{', '.join(self.notations)}")

    def parse_move(self, pos, text: str, notation: str | None = None) -> int:
        """The legal move ``text`` names. Without ``notation`` the form decides: Chinese
        characters are Chinese, ``H2-E2`` (upper case with a dash) is ICCS, lower-case
        coordinates are UCI (ranks 1-10, as Fairy-Stockfish), anything else is WXF."""
        text = text.strip()
        if notation is None:
            if not text.isascii():
                notation = "chinese"
            elif ICCS_PATTERN.fullmatch(text):
                notation = "iccs"
            elif COORDINATES.fullmatch(text):
                notation = "uci"
            else:
                notation = "wxf"
        if notation == "uci":
            return parse_coordinates(self, pos, text)
        if notation == "iccs":
            return parse_coordinates(self, pos, text.lower().replace("-", ""), ICCS_RANK_BASE)
        if notation == "wxf":
            return wxf.move_from_wxf(pos, text)
        if notation == "chinese":
            return chinese.move_from_chinese(pos, text)
        raise MoveError(f"unknown xiangqi notation {notation!r}; expected one of "
                        f"{', '.join(self.notations)}")
