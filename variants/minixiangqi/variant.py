"""The `MinixiangqiVariant`: minixiangqi described to the kernel, its move generator, attack
probes, faults, FEN checks, game-end rules and WXF notation built by xiangqi's builders from
the 7x7 board (`board`).

Rules, as Fairy-Stockfish's minixiangqi has them (checked against it, tests/test_minixiangqi*):
the general steps orthogonally inside its 3x3 palace, the generals may not face each other on an
open file, soldiers step forward or sideways from the start (there is no river), chariot,
cannon and horse move as in xiangqi. A side without a legal move loses (stalemate too). The
game is drawn after 100 plies without a capture (soldier moves do not reset the count) and by
the third occurrence of a position, unless one side gave check with every move of the cycle:
that side loses. Fairy-Stockfish has no chase rule in minixiangqi (its AXF chasing rule, and
the move limit's extension for checks that comes with it, are xiangqi's only).
"""

from xqchess.core.notation import COORDINATES
from xqchess.core.pieces import BLACK, PIECE_CODES, piece_code
from xqchess.core.variant import POINTS, BoardStyle, Variant
from xqchess.variants.xiangqi import pieces as xiangqi_pieces
from xqchess.variants.xiangqi import rules
from xqchess.variants.xiangqi.faults import make_faults
from xqchess.variants.xiangqi.fen import make_validate
from xqchess.variants.xiangqi.movegen import make_movegen
from xqchess.variants.xiangqi.pieces import RED
from xqchess.variants.xiangqi.variant import SYMBOLS
from xqchess.variants.xiangqi.wxf import make_wxf
from xqchess.variants.minixiangqi.board import (
    ALIASES, ATTACKS, BOARD, FILES, GEOMETRY, KINDS, LETTERS, NAMES, PALACE, START_FEN,
    START_SQUARES, TABLES,
)
from xqchess.variants.minixiangqi.tables import (
    CAPTURE_STRENGTH, CHESSMAPS_VALUES, PIECE_VALUES, SQUARE_TABLES,
)

MOVEGEN = make_movegen(TABLES, ATTACKS)
FAULTS = make_faults(TABLES, ATTACKS)
RULES = rules.make_rules(None)
WXF = make_wxf(BOARD, NAMES)
VALIDATE = make_validate(TABLES, ATTACKS, START_SQUARES, NAMES)

#: The first two middlegames of the shipped suite, for `xqchess bench perft`.
MIDDLEGAME_17_01 = "1rnk2r/p1p1pp1/c2n1c1/4p2/C2P1CP/1PPP3/1RNKN1R b - - 0 1"
MIDDLEGAME_17_02 = "r3n2/3kn2/1ppp2R/P3P2/P6/N2P3/R2KN2 b - - 0 1"


def file_numbers(numerals: tuple[str, str]) -> tuple[tuple[str, ...], ...]:
    """Per color, each file's WXF number (files a to g) in that color's ``numerals``."""
    return tuple(tuple(numerals[color][WXF.file_number(GEOMETRY.square(file, 0), color)]
                       for file in FILES) for color in (RED, BLACK))


#: xiangqi's pieces and board colors, no river, the two palaces ruled with their diagonals.
BOARD_STYLE = BoardStyle(
    POINTS,
    glyphs={piece_code(kind, color): SYMBOLS[color][xiangqi_pieces.KINDS.index(kind)]
            for color in (RED, BLACK) for kind in KINDS},
    piece_styles=("bold #b00000", "bold #101010"),
    fills=("#ecd3a0", "#ecd3a0"),
    line_color="#6a4a20",
    river=None,
    palaces=PALACE,
    file_numbers=file_numbers(("零一二三四五六七", "０１２３４５６７")),
    ascii_file_numbers=file_numbers(("01234567", "01234567")),
)


class MinixiangqiVariant(Variant):
    """Minixiangqi with Fairy-Stockfish's rules, FEN and UCI coordinates (ranks 1-7)."""

    def __init__(self) -> None:
        self.name = "minixiangqi"
        self.geometry = GEOMETRY
        self.kind_names = NAMES
        self.piece_letters = {}
        self.letter_aliases = {}
        for kind in KINDS:
            self.piece_letters[piece_code(kind, RED)] = LETTERS[kind]
            self.piece_letters[piece_code(kind, BLACK)] = LETTERS[kind].lower()
        for letter, kind in ALIASES.items():
            self.letter_aliases[letter] = piece_code(kind, RED)
            self.letter_aliases[letter.lower()] = piece_code(kind, BLACK)
        self.side_letters = {"w": RED, "b": BLACK, "r": RED}
        self.color_names = ("red", "black")
        self.start_fen = START_FEN
        self.royal_pieces = (piece_code(xiangqi_pieces.GENERAL, RED),
                             piece_code(xiangqi_pieces.GENERAL, BLACK))
        self.zeroing = [False] * PIECE_CODES
        self.rights_bits = 0
        self.rights_mask = []
        self.companion_moves = {}
        self.promotion_origin = (0, 0)
        self.side_capture_victim = (0, 0)
        self.piece_values = PIECE_VALUES
        self.square_tables = SQUARE_TABLES
        self.capture_strength = CAPTURE_STRENGTH
        self.stalemate_loses = True
        # the general's file: the palace's c, d and e files
        self.royal_zone_files = ((2,), (3,), (4,))
        self.chessmaps_values = CHESSMAPS_VALUES
        self.pgn_notation, self.pgn_variant_tag = "wxf", "minixiangqi"
        self.board_style = BOARD_STYLE
        self.suites = {"minixiangqi-middlegames": "minixiangqi-middlegames.epd"}
        self.perft_bench = (("startpos", None, 4),
                            ("minixiangqi.17.01", MIDDLEGAME_17_01, 3),
                            ("minixiangqi.17.02", MIDDLEGAME_17_02, 3))
        self.writers = {"uci": self.move_to_uci, "wxf": WXF.move_to_wxf}
        self.readers = {"uci": self.move_from_uci, "wxf": WXF.move_from_wxf}
        super().__init__()

    legal_moves = staticmethod(MOVEGEN.legal_moves)
    pseudo_legal_moves = staticmethod(MOVEGEN.pseudo_legal_moves)
    legal_captures = staticmethod(MOVEGEN.legal_captures)
    origin_legal_moves = staticmethod(MOVEGEN.origin_legal_moves)
    is_check = staticmethod(MOVEGEN.is_check)
    reach = staticmethod(FAULTS.reach)
    movement_fault = staticmethod(FAULTS.movement_fault)
    exposure_fault = staticmethod(FAULTS.exposure_fault)
    outcome = staticmethod(RULES.outcome)
    repetition_result = staticmethod(RULES.repetition_verdict)
    validate = staticmethod(VALIDATE)
    attackers = staticmethod(ATTACKS.attackers)
    all_attackers = staticmethod(ATTACKS.all_attackers)
    royal_attacked = staticmethod(ATTACKS.general_attacked)

    def attacked(self, pos, sq: int, by_color: int) -> bool:
        return ATTACKS.attacked(pos.board, sq, by_color)

    def rule_draw(self, pos) -> bool:
        """The move limit at 100 plies without a capture."""
        return pos.halfmove >= rules.MOVE_LIMIT_PLIES

    def detect_notation(self, text: str) -> str:
        """Lower-case coordinates are UCI (ranks 1-7, as Fairy-Stockfish), anything else WXF."""
        return "uci" if COORDINATES.fullmatch(text) else "wxf"
