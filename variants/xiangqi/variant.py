"""The `XiangqiVariant`: xiangqi described to the kernel (data, move generator, rules, notation)."""

import re

from xqchess.core.notation import COORDINATES, format_coordinates, parse_coordinates
from xqchess.core.pieces import BLACK, PIECE_CODES, piece_code
from xqchess.core.variant import POINTS, BoardStyle, Variant
from xqchess.variants.xiangqi import chinese, faults, fen, movegen, rules, wxf
from xqchess.variants.xiangqi.attacks import (
    BOARD, all_attackers, attacked, attackers, general_attacked,
)
from xqchess.variants.xiangqi.chessmaps import CHESSMAPS_VALUES
from xqchess.variants.xiangqi.evaluation import EVALUATION_TERMS
from xqchess.variants.xiangqi.pieces import (
    ALIASES, GENERAL, GEOMETRY, KINDS, LETTERS, NAMES, RED,
)
from xqchess.variants.xiangqi.tables import CAPTURE_STRENGTH, PIECE_VALUES, SQUARE_TABLES

ICCS_PATTERN = re.compile(r"[A-I][0-9]-[A-I][0-9]")
START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
ICCS_RANK_BASE = 0
MIDDLEGAME_11_01 = "2bak1b1r/4a4/6nc1/1rp1p2Cp/p5n2/P1PC4P/4P4/4BNN2/1c7/R2AKAB1R w - - 0 1"
MIDDLEGAME_11_02 = "2bakar2/9/2n1b1n2/p3p3p/7c1/3N4P/P3P4/4C1N2/7C1/2BAKAB2 w - - 0 1"
#: The pieces' characters in kind order (general to soldier), for Red and for Black.
SYMBOLS = ("帥仕相傌俥炮兵", "將士象馬車砲卒")


def file_numbers(numerals: tuple[str, str], geometry=GEOMETRY,
                 file_number=wxf.file_number) -> tuple[tuple[str, ...], ...]:
    """Per color, each file's WXF number (files a, b, ...) in that color's ``numerals`` (indexed
    by value), as Chinese boards print them along that side's edge; ``file_number`` is the
    game's WXF file numbering."""
    return tuple(tuple(numerals[color][file_number(geometry.square(file, 0), color)]
                       for file in range(geometry.files)) for color in (RED, BLACK))


def set_family_data(variant: Variant, kinds, letters: dict[int, str], aliases: dict[str, int],
                    general: int) -> None:
    """What every game of the xiangqi family tells the kernel alike: FEN letters per piece
    (upper case for Red, ``aliases`` accepted on input), Red and Black with Red first (``w``,
    also ``r``), no rights, companion moves, promotions or side captures, no move resetting
    the clock but a capture, the ``general`` kind royal, and no move meaning a loss."""
    variant.piece_letters, variant.letter_aliases = {}, {}
    for kind in kinds:
        variant.piece_letters[piece_code(kind, RED)] = letters[kind]
        variant.piece_letters[piece_code(kind, BLACK)] = letters[kind].lower()
    for letter, kind in aliases.items():
        variant.letter_aliases[letter] = piece_code(kind, RED)
        variant.letter_aliases[letter.lower()] = piece_code(kind, BLACK)
    variant.side_letters = {"w": RED, "b": BLACK, "r": RED}
    variant.color_names = ("red", "black")
    variant.royal_pieces = (piece_code(general, RED), piece_code(general, BLACK))
    variant.zeroing = [False] * PIECE_CODES
    variant.rights_bits = 0
    variant.rights_mask = []
    variant.companion_moves = {}
    variant.promotion_origin = (0, 0)
    variant.side_capture_victim = (0, 0)
    variant.stalemate_loses = True


#: Red and black pieces on a light wooden board ruled in brown, with 楚河 漢界 on the river.
BOARD_STYLE = BoardStyle(
    POINTS,
    glyphs={piece_code(kind, color): SYMBOLS[color][index]
            for color in (RED, BLACK) for index, kind in enumerate(KINDS)},
    piece_styles=("bold #b00000", "bold #101010"),
    fills=("#ecd3a0", "#ecd3a0"),
    line_color="#6a4a20",
    river=BOARD.river,
    river_text=("楚  河", "漢  界"),
    ascii_river_text=("Chu He", "Han Jie"),
    palaces=BOARD.palaces,
    file_numbers=file_numbers(chinese.NUMBERS),  # Red 九 ... 一, Black １ ... ９
    ascii_file_numbers=file_numbers(("0123456789", "0123456789")),
)


class XiangqiVariant(Variant):
    """Xiangqi with Fairy-Stockfish's rules, FEN and UCI coordinates (ranks 1-10)."""

    def __init__(self) -> None:
        self.name = "xiangqi"
        self.geometry = GEOMETRY
        self.kind_names = NAMES
        set_family_data(self, KINDS, LETTERS, ALIASES, GENERAL)
        self.start_fen = START_FEN
        self.piece_values = PIECE_VALUES
        self.square_tables = SQUARE_TABLES
        self.capture_strength = CAPTURE_STRENGTH
        self.evaluation_terms = EVALUATION_TERMS
        # the general's file: the palace's d, e and f files
        self.royal_zone_files = ((3,), (4,), (5,))
        self.chessmaps_values = CHESSMAPS_VALUES
        self.pgn_notation, self.pgn_variant_tag = "wxf", "xiangqi"
        self.native_protocols = ("ucci",)
        self.board_style = BOARD_STYLE
        self.suites = {"xiangqi-middlegames": "xiangqi-middlegames.epd",
                       "xiangqi-middlegames-30": "xiangqi-middlegames-30.epd"}
        # the middlegames are the first two of the xiangqi-middlegames suite
        self.perft_bench = (("startpos", None, 3), ("xiangqi.11.01", MIDDLEGAME_11_01, 3),
                            ("xiangqi.11.02", MIDDLEGAME_11_02, 3))
        self.writers = {
            "uci": self.move_to_uci,
            "iccs": lambda pos, move: format_coordinates(self, move, ICCS_RANK_BASE),
            "wxf": wxf.move_to_wxf,
            "chinese": chinese.move_to_chinese,
        }
        self.readers = {
            "uci": self.move_from_uci,
            "iccs": lambda pos, text: _read_iccs(self, pos, text),
            "wxf": wxf.move_from_wxf,
            "chinese": chinese.move_from_chinese,
        }
        super().__init__()

    legal_moves = staticmethod(movegen.legal_moves)
    pseudo_legal_moves = staticmethod(movegen.pseudo_legal_moves)
    legal_captures = staticmethod(movegen.legal_captures)
    origin_legal_moves = staticmethod(movegen.origin_legal_moves)
    reach = staticmethod(faults.reach)
    movement_fault = staticmethod(faults.movement_fault)
    exposure_fault = staticmethod(faults.exposure_fault)
    is_check = staticmethod(movegen.is_check)
    outcome = staticmethod(rules.outcome)
    validate = staticmethod(fen.validate)

    def attacked(self, pos, sq: int, by_color: int) -> bool:
        return attacked(pos.board, sq, by_color)

    attackers = staticmethod(attackers)
    all_attackers = staticmethod(all_attackers)
    royal_attacked = staticmethod(general_attacked)

    def rule_draw(self, pos) -> bool:
        """The move limit at 100 plies without a capture. (The search ignores the extension for
        excessive checks that `rules.outcome` applies.)"""
        return pos.halfmove >= rules.MOVE_LIMIT_PLIES

    repetition_result = staticmethod(rules.repetition_verdict)

    def detect_notation(self, text: str) -> str:
        """Chinese characters are Chinese, ``H2-E2`` (upper case with a dash) is ICCS, lower-case
        coordinates are UCI (ranks 1-10, as Fairy-Stockfish), anything else is WXF."""
        if not text.isascii():
            return "chinese"
        if ICCS_PATTERN.fullmatch(text):
            return "iccs"
        if COORDINATES.fullmatch(text):
            return "uci"
        return "wxf"


def _read_iccs(variant: XiangqiVariant, pos, text: str) -> int:
    return parse_coordinates(variant, pos, text.lower().replace("-", ""), ICCS_RANK_BASE)
