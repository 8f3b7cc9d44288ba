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
from xqchess.core.pieces import BLACK, piece_code
from xqchess.core.variant import POINTS, BoardStyle, Variant
from xqchess.variants.xiangqi import pieces as xiangqi_pieces
from xqchess.variants.xiangqi import rules
from xqchess.variants.xiangqi.faults import make_faults
from xqchess.variants.xiangqi.fen import make_validate
from xqchess.variants.xiangqi.movegen import make_movegen
from xqchess.variants.xiangqi.pieces import RED
from xqchess.variants.xiangqi.variant import SYMBOLS, file_numbers, set_family_data
from xqchess.variants.xiangqi.wxf import make_wxf
from xqchess.variants.minixiangqi.board import (
    ALIASES, ATTACKS, BOARD, GEOMETRY, KINDS, LETTERS, NAMES, PALACE, START_FEN,
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
    file_numbers=file_numbers(("零一二三四五六七", "０１２３４５６７"), GEOMETRY, WXF.file_number),
    ascii_file_numbers=file_numbers(("01234567", "01234567"), GEOMETRY, WXF.file_number),
)


class MinixiangqiVariant(Variant):
    """Minixiangqi with Fairy-Stockfish's rules, FEN and UCI coordinates (ranks 1-7)."""

    def __init__(self) -> None:
        self.name = "minixiangqi"
        self.geometry = GEOMETRY
        self.kind_names = NAMES
        set_family_data(self, KINDS, LETTERS, ALIASES, xiangqi_pieces.GENERAL)
        self.start_fen = START_FEN
        self.piece_values = PIECE_VALUES
        self.square_tables = SQUARE_TABLES
        self.capture_strength = CAPTURE_STRENGTH
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
