"""The `CapablancaVariant`: Capablanca chess (10x8) as Fairy-Stockfish's ``capablanca`` plays
it, built from its board description with chess's generic builders (`ChessLikeVariant`)."""

from xqchess.core.pieces import BLACK, WHITE, piece_code
from xqchess.core.variant import SQUARES, BoardStyle
from xqchess.variants.chess.variant import SYMBOLS, ChessLikeVariant
from xqchess.variants.chess.pieces import KINDS as CHESS_KINDS
from xqchess.variants.capablanca import rules
from xqchess.variants.capablanca.chessmaps import CHESSMAPS_VALUES
from xqchess.variants.capablanca.pieces import ARCHBISHOP, CHANCELLOR, DESCRIPTION
from xqchess.variants.capablanca.tables import (
    CAPTURE_STRENGTH, ENDGAME_SQUARE_TABLES, PHASE_WEIGHTS, PIECE_VALUES, SQUARE_TABLES,
)

START_FEN = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"
#: the perft bench's middlegame (both castlings open on both sides, every piece developed)
CASTLING_FEN = "r4k3r/pppq1ppppp/2nabcbn2/4p5/4P5/2NABCBN2/PPPQ1PPPPP/R4K3R w KQkq - 0 1"
#: Unicode has no archbishop or chancellor a terminal font draws in one cell, so they are
#: their FEN letters, upper case for White and lower for Black as in a FEN (one cell wide, and
#: the letter names the piece, A for archbishop, C for chancellor); the chess pieces keep
#: chess's symbols.
LETTER_GLYPHS = {ARCHBISHOP: "A", CHANCELLOR: "C"}
BOARD_STYLE = BoardStyle(
    SQUARES,
    glyphs={**{piece_code(kind, color): SYMBOLS[color][index]
               for color in (WHITE, BLACK) for index, kind in enumerate(CHESS_KINDS)},
            **{piece_code(kind, color): letter if color == WHITE else letter.lower()
               for color in (WHITE, BLACK) for kind, letter in LETTER_GLYPHS.items()}},
    piece_styles=("#000000", "#000000"),
    fills=("#f0d9b5", "#b58863"),
)


class CapablancaVariant(ChessLikeVariant):
    """Capablanca chess: chess on 10x8 with the archbishop (A) and chancellor (C), castling
    with the king three files over, promotion to Q C A R B N, Fairy-Stockfish's game end."""

    def __init__(self) -> None:
        self.name = "capablanca"
        self.start_fen = START_FEN
        self.letter_aliases = {}
        self.piece_values = PIECE_VALUES
        self.square_tables = SQUARE_TABLES
        self.endgame_square_tables = ENDGAME_SQUARE_TABLES
        self.phase_weights = PHASE_WEIGHTS
        self.capture_strength = CAPTURE_STRENGTH
        self.stalemate_loses = False
        # Greer's three king zones on ten files: queen side a-d, centre e-f (the king's start
        # and the files beside it, as chess's d-e), king side g-j (i1, the castled king's)
        self.royal_zone_files = ((0, 1, 2, 3), (4, 5), (6, 7, 8, 9))
        self.chessmaps_values = CHESSMAPS_VALUES
        self.pgn_variant_tag = "Capablanca"
        self.board_style = BOARD_STYLE
        self.suites = {"capablanca-middlegames": "capablanca-middlegames.epd"}
        self.perft_bench = (("startpos", None, 3), ("castling", CASTLING_FEN, 3))
        super().__init__(DESCRIPTION)

    outcome = staticmethod(rules.outcome)

    def rule_draw(self, pos) -> bool:
        """The 50-move rule, or dead material (tested only with few pieces left, as the search
        calls this at every node)."""
        few_pieces = len(pos.occupied[0]) + len(pos.occupied[1]) <= 6
        return pos.halfmove >= 100 or (few_pieces and rules.dead_material(pos))
