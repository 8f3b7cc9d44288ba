"""The chess family's builder: `build` turns a `ChessGame` definition into the `Variant` the
kernel plays, its move generator, attack probes, faults, FEN fields, SAN and rules built from
the definition once and bound to the instance as plain functions (the kernel's
``variant.legal_moves(pos)`` is one call of the generator, no delegation in the hot path)."""

from __future__ import annotations

from xqchess.core.notation import COORDINATES
from xqchess.core.pieces import BLACK, PIECE_CODES, WHITE, piece_code
from xqchess.core.variant import Variant
from xqchess.variants.families.chess_family.attacks import build_attacks
from xqchess.variants.families.chess_family.definition import ChessGame
from xqchess.variants.families.chess_family.faults import Faults
from xqchess.variants.families.chess_family.fen import FenRules
from xqchess.variants.families.chess_family.movegen import build_movegen
from xqchess.variants.families.chess_family.rules import bare_king_winner, make_rules
from xqchess.variants.families.chess_family.san import San


class ChessFamilyVariant(Variant):
    """A chess-family game made from its `ChessGame` definition (``self.definition``)."""

    def __init__(self, game: ChessGame) -> None:
        self.definition = game
        attacks = build_attacks(game)
        movegen = build_movegen(game, attacks)
        faults = Faults(game, attacks, movegen)
        fen = FenRules(game, attacks, movegen)
        san = San(game, faults)
        rules = make_rules(game)
        # the definition's data
        self.name, self.data_package = game.name, game.package
        self.geometry, self.start_fen = game.geometry, game.start_fen
        self.piece_values, self.square_tables = game.piece_values, game.square_tables
        self.endgame_square_tables = game.endgame_square_tables
        self.tapered_tables, self.playing_switches = game.tapered_tables, game.playing_switches
        self.phase_weights, self.evaluation_terms = game.phase_weights, game.evaluation_terms
        self.capture_strength = game.capture_strength
        self.chessmaps_values, self.royal_zone_files = game.chessmaps_values, game.royal_zone_files
        self.stalemate_loses = game.stalemate_loses
        self.native_protocols = game.native_protocols
        self.pgn_notation, self.pgn_variant_tag = "san", game.pgn_variant_tag
        # what the kernel derives from the pieces, pawns and castlings
        self.piece_letters = {}
        for piece in game.kinds:
            self.piece_letters[piece_code(piece.kind, WHITE)] = piece.letter
            self.piece_letters[piece_code(piece.kind, BLACK)] = piece.letter.lower()
        self.kind_names = {piece.kind: piece.name for piece in game.kinds}
        self.letter_aliases = {}
        self.side_letters = {"w": WHITE, "b": BLACK}
        self.color_names = ("white", "black")
        self.royal_pieces = game.royal_pieces
        white_pawn, black_pawn = game.pawns
        self.zeroing = [False] * PIECE_CODES
        self.zeroing[white_pawn] = self.zeroing[black_pawn] = True
        self.rights_bits = len(game.castlings)
        full = (1 << self.rights_bits) - 1
        self.rights_mask = [full] * game.geometry.size
        for c in game.castlings:
            self.rights_mask[c.king_from] &= ~c.bit
            self.rights_mask[c.rook_from] &= ~c.bit
        self.companion_moves = {c.king_to: (c.rook_from, c.rook_to) for c in game.castlings}
        self.promotion_origin = (white_pawn, black_pawn)
        self.side_capture_victim = (black_pawn, white_pawn)
        # en passant: the pawn taken stands one step beyond the square passed
        self.side_capture_squares = {}
        if game.double_step:
            for mover in (WHITE, BLACK):
                passed_rank = game.pawn_start_rank[mover] + (1 if mover == WHITE else -1)
                for file in range(game.geometry.files):
                    passed = game.geometry.square(file, passed_rank)
                    self.side_capture_squares[passed] = passed + game.pawn_step[mover]
        self.writers = {"uci": self.move_to_uci, "san": san.move_to_san}
        self.readers = {"uci": self.move_from_uci, "san": san.move_from_san}
        # the rules, bound once as plain functions
        self.legal_moves = movegen.legal_moves
        self.legal_captures = movegen.legal_captures
        self.origin_legal_moves = movegen.origin_legal_moves
        if not game.bare_king_loses:
            self.move_generator = movegen.generator  # what `Position` calls (`core.generator`)
        else:  # the rules wrap the generator: `Position` calls them, wrapped in turn
            self.legal_moves = _ended_by_bare_king(movegen.legal_moves)
            self.legal_captures = _ended_by_bare_king(movegen.legal_captures)
            self.origin_legal_moves = _ended_by_bare_king(movegen.origin_legal_moves)
            self.rule_result = _bare_king_result
        self.pseudo_legal_moves = movegen.pseudo_legal_moves
        self.ep_capture_possible = movegen.ep_capture_possible
        self.reach = faults.reach
        self.movement_fault = faults.movement_fault
        self.exposure_fault = faults.exposure_fault
        self.validate = fen.validate
        self.parse_ep = fen.parse_ep
        self.parse_rights = fen.parse_castling
        self.format_rights = fen.format_castling
        self.attackers = attacks.attackers
        self.attack_probe = attacks.probe
        self.all_attackers = attacks.all_attackers
        self.closure_probe = attacks.closure_probe
        self.royal_attacked = probe = attacks.attacked
        self.outcome = rules.outcome
        self.rule_draw = rules.rule_draw
        self.insufficient_material = rules.insufficient_material
        self.draw_claims = rules.draw_claims

        def attacked(pos, sq: int, by_color: int) -> bool:
            return probe(pos.board, sq, by_color)

        self.attacked, self.is_check = attacked, movegen.is_check
        super().__init__()

    def detect_notation(self, text: str) -> str:
        """Coordinates (e2e4, e7e8q) are UCI, anything else SAN."""
        return "uci" if COORDINATES.fullmatch(text) else "san"


def _bare_king_result(pos) -> int | None:
    """`Variant.rule_result` by the bare-king rule: 1 when it has ended the game in the side
    to move's favour, -1 against it, None while play goes on."""
    winner = bare_king_winner(pos)
    if winner is None:
        return None
    return 1 if winner == pos.side else -1


def _ended_by_bare_king(generator):
    """``generator`` (of all legal moves, the legal captures or one piece's legal moves)
    giving none once the bare-king rule has ended the game, as Fairy-Stockfish's move list
    does."""

    def moves(pos, *where) -> list[int]:
        return [] if bare_king_winner(pos) is not None else generator(pos, *where)

    return moves


def build(game: ChessGame) -> ChessFamilyVariant:
    """The `Variant` ``game`` defines."""
    return ChessFamilyVariant(game)
