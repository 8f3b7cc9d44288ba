"""The xiangqi family's builder: `build` turns a `XiangqiGame` definition into the `Variant` the
kernel plays: the per-square tables of its board, and from them its move generator, attack
probes, faults, FEN checks, WXF (and, as the definition asks, ICCS and Chinese) notation and
game-end rules, built once and bound to the instance as plain functions (the kernel's
``variant.legal_moves(pos)`` is one call of the generator, no delegation in the hot path).

What every game of the family shares: FEN letters per piece (upper case for Red, H and E also
read), Red and Black with Red first (``w``, also ``r``), no castling rights, companion moves,
promotions or side captures, no move but a capture resetting the clock, the general royal, a
side without a legal move losing, and the move limit of 100 plies without a capture.
"""

from __future__ import annotations

import re

from xqchess.core.notation import COORDINATES, format_coordinates, parse_coordinates
from xqchess.core.pieces import BLACK, PIECE_CODES, piece_code
from xqchess.core.variant import Variant
from xqchess.variants.families.xiangqi_family.attacks import make_attacks
from xqchess.variants.families.xiangqi_family.board_tables import (
    XiangqiBoard,
    build_tables,
    placement_squares,
)
from xqchess.variants.families.xiangqi_family.chase import make_chase
from xqchess.variants.families.xiangqi_family.chinese import make_chinese
from xqchess.variants.families.xiangqi_family.definition import (
    ALIASES,
    CHINESE,
    GENERAL,
    ICCS,
    LETTERS,
    NAMES,
    RED,
    XiangqiGame,
)
from xqchess.variants.families.xiangqi_family.faults import make_faults
from xqchess.variants.families.xiangqi_family.fen import make_validate
from xqchess.variants.families.xiangqi_family.movegen import make_movegen
from xqchess.variants.families.xiangqi_family.rules import make_rules, rule_draw
from xqchess.variants.families.xiangqi_family.wxf import make_wxf

ICCS_PATTERN = re.compile(r"[A-I][0-9]-[A-I][0-9]")
ICCS_RANK_BASE = 0


class XiangqiFamilyVariant(Variant):
    """A xiangqi-family game made from its `XiangqiGame` definition (``self.definition``)."""

    def __init__(self, game: XiangqiGame) -> None:
        self.definition = game
        board = XiangqiBoard(game.geometry, game.palaces, game.own_halves, frozenset(game.kinds))
        tables = build_tables(board)
        attacks = make_attacks(tables)
        movegen = make_movegen(tables, attacks)
        faults = make_faults(tables, attacks)
        rules = make_rules(make_chase(tables, attacks.attackers) if game.chase_rule else None)
        wxf = make_wxf(board, NAMES)
        letter_pieces = {
            **{LETTERS[kind]: piece_code(kind, RED) for kind in game.kinds},
            **{LETTERS[kind].lower(): piece_code(kind, BLACK) for kind in game.kinds},
        }
        start_squares = placement_squares(game.geometry, game.start_fen.split()[0], letter_pieces)
        # the definition's data
        self.name, self.data_package = game.name, game.package
        self.geometry, self.start_fen = game.geometry, game.start_fen
        self.kind_names = {kind: NAMES[kind] for kind in game.kinds}
        self.piece_values, self.square_tables = game.piece_values, game.square_tables
        self.capture_strength, self.evaluation_terms = game.capture_strength, game.evaluation_terms
        self.phase_weights, self.tapered_tables = game.phase_weights, game.tapered_tables
        self.playing_switches = game.playing_switches
        self.chessmaps_values, self.royal_zone_files = game.chessmaps_values, game.royal_zone_files
        self.pgn_notation, self.pgn_variant_tag = "wxf", game.pgn_variant_tag
        self.native_protocols = game.native_protocols
        # what every game of the family tells the kernel alike
        self.piece_letters, self.letter_aliases = {}, {}
        for kind in game.kinds:
            self.piece_letters[piece_code(kind, RED)] = LETTERS[kind]
            self.piece_letters[piece_code(kind, BLACK)] = LETTERS[kind].lower()
        for letter, kind in ALIASES.items():
            if kind in game.kinds:
                self.letter_aliases[letter] = piece_code(kind, RED)
                self.letter_aliases[letter.lower()] = piece_code(kind, BLACK)
        self.side_letters = {"w": RED, "b": BLACK, "r": RED}
        self.color_names = ("red", "black")
        self.royal_pieces = (piece_code(GENERAL, RED), piece_code(GENERAL, BLACK))
        self.zeroing = [False] * PIECE_CODES
        self.rights_bits = 0
        self.rights_mask = []
        self.companion_moves = {}
        self.promotion_origin = (0, 0)
        self.side_capture_victim = (0, 0)
        self.stalemate_loses = True
        # notation
        self.writers = {"uci": self.move_to_uci}
        self.readers = {"uci": self.move_from_uci}
        if ICCS in game.notations:
            self.writers[ICCS] = lambda pos, move: format_coordinates(self, move, ICCS_RANK_BASE)
            self.readers[ICCS] = lambda pos, text: parse_coordinates(
                self, pos, text.lower().replace("-", ""), ICCS_RANK_BASE
            )
        self.writers["wxf"], self.readers["wxf"] = wxf.move_to_wxf, wxf.move_from_wxf
        if CHINESE in game.notations:
            chinese = make_chinese(wxf)
            self.writers[CHINESE] = chinese.move_to_chinese
            self.readers[CHINESE] = chinese.move_from_chinese
        # the rules, bound once as plain functions
        self.legal_moves = movegen.legal_moves
        self.pseudo_legal_moves = movegen.pseudo_legal_moves
        self.legal_captures = movegen.legal_captures
        self.origin_legal_moves = movegen.origin_legal_moves
        self.candidate_moves = movegen.pseudo_legal_moves
        self.candidate_is_legal = movegen.candidate_is_legal
        self.is_check = movegen.is_check
        self.move_generator = movegen.generator
        self.reach = faults.reach
        self.movement_fault = faults.movement_fault
        self.exposure_fault = faults.exposure_fault
        self.outcome = rules.outcome
        self.repetition_result = rules.repetition_verdict
        self.validate = make_validate(tables, attacks, start_squares, NAMES)
        self.attackers = attacks.attackers
        self.attack_probe = attacks.probe
        self.all_attackers = attacks.all_attackers
        self.closure_probe = attacks.closure_probe
        self.royal_attacked = attacks.general_attacked
        probe = attacks.attacked

        def attacked(pos, sq: int, by_color: int) -> bool:
            return probe(pos.board, sq, by_color)

        self.attacked, self.rule_draw = attacked, rule_draw
        super().__init__()

    def detect_notation(self, text: str) -> str:
        """Chinese characters are Chinese, ``H2-E2`` (upper case with a dash) is ICCS, lower-case
        coordinates are UCI (ranks from 1, as Fairy-Stockfish), anything else is WXF (each where
        the game writes it)."""
        if not text.isascii() and CHINESE in self.writers:
            return CHINESE
        if ICCS_PATTERN.fullmatch(text) and ICCS in self.writers:
            return ICCS
        if COORDINATES.fullmatch(text):
            return "uci"
        return "wxf"


def build(game: XiangqiGame) -> XiangqiFamilyVariant:
    """The `Variant` ``game`` defines."""
    return XiangqiFamilyVariant(game)
