"""How a chess-family game ends, each rule a named option of its `ChessGame` (`make_rules`).

* ``game_end="fide"``: FIDE's Laws with python-chess's semantics and order of precedence:
  checkmate, stalemate, dead material (FIDE's: no pawn and no piece but a lone knight, or
  bishops all on squares of one color), the 75-move rule and fivefold repetition; the 50-move
  rule and threefold repetition only when a draw is claimed (now or after one move).
* ``game_end="fairy-stockfish"``: as Fairy-Stockfish judges it (checked against pyffish): no
  legal move loses when in check (and when not, with ``stalemate_loses``), else draws; the
  move rule (``move_rule_plies``; mate on the last ply still wins, as no legal move is judged
  first) and threefold repetition (the third occurrence, back to the last capture or pawn
  move) draw whether or not claimed, as the arbiter applies Fairy-Stockfish's "optional" game
  ends; dead material by Fairy-Stockfish's ``has_insufficient_material`` for each color.
* ``bare_king_loses`` (shatranj, Fairy-Stockfish's extinction rule): a side left with its king
  alone loses, unless it is to move and its opponent has one piece beside the king, which it
  may take to bare that king too (then neither wins). Fairy-Stockfish judges this first and
  gives no legal move once it applies (`bare_king_winner`); dead material never applies.
"""

from __future__ import annotations

from types import SimpleNamespace

from xqchess.core.outcome import Outcome, Termination
from xqchess.core.pieces import COLOR_SHIFT, KIND_MASK
from xqchess.variants.families.chess_family.definition import (
    BISHOP,
    KING,
    KNIGHT,
    PAWN,
    ChessGame,
)

#: the game ends `make_rules` knows
GAME_ENDS = ("fide", "fairy-stockfish")
#: pieces on the board at most, kings included, for the search to test dead material
FEW_PIECES = 6


def bare_king_winner(pos) -> int | None:
    """The winner by the bare-king rule, or None: the side that moved last left bare while the
    side to move keeps a piece loses; the side to move left bare loses when its opponent has
    two pieces or more beside the king."""
    mover = pos.side
    own, other = pos.piece_counts[mover], pos.piece_counts[mover ^ 1]
    if other == 1 and own >= 2:
        return mover
    if own == 1 and other >= 3:
        return mover ^ 1
    return None


def make_rules(game: ChessGame) -> SimpleNamespace:
    """``outcome(pos, claim_draw)``, ``rule_draw(pos)`` (the search's test, every node),
    ``insufficient_material(pos)`` (dead material) and ``draw_claims`` (claimable draw ->
    whether the side to move may claim it; none under Fairy-Stockfish's game end) of ``game``."""
    if game.game_end not in GAME_ENDS:
        raise ValueError(f"game end {game.game_end!r} is not one of {', '.join(GAME_ENDS)}")
    square_colors = game.square_colors
    mating_kinds = game.mating_kinds
    move_rule = game.move_rule_plies
    stalemate = Outcome(Termination.STALEMATE, None) if not game.stalemate_loses else None
    move_rule_end = Termination.FIFTY_MOVES if move_rule == 100 else Termination.MOVE_LIMIT

    def fide_dead_material(pos) -> bool:
        """Neither side can ever mate: no pawn and no piece but knights and bishops, and either
        a lone knight beside the kings or only bishops that all stand on squares of one color."""
        knights = 0
        bishop_square_colors = set()
        for sq, piece in enumerate(pos.board):
            kind = piece & KIND_MASK
            if kind == KNIGHT:
                knights += 1
            elif kind == BISHOP:
                bishop_square_colors.add(square_colors[sq])
            elif kind and kind != KING:
                return False
        if knights:
            return knights == 1 and not bishop_square_colors
        return len(bishop_square_colors) <= 1

    def fairy_insufficient(pos, color: int) -> bool:
        """Fairy-Stockfish's ``Position::has_insufficient_material(color)``: ``color`` cannot
        mate when it has no pawn and no mating piece, and either only bishops (the kings aside),
        all bishops on the board on squares of one color and no other piece anywhere, or only
        unbound pieces (knights) with no other piece on the board but that one to help."""
        board = pos.board
        own_bishops = own_unbound = 0
        bishop_colors = set()
        others = 0  # pieces other than kings, either color
        unbound_anywhere = False
        white, black = pos.occupied
        for sq in white | black:
            piece = board[sq]
            kind = piece & KIND_MASK
            if kind == KING:
                continue
            own = piece >> COLOR_SHIFT == color
            if own and (kind in mating_kinds or kind == PAWN):
                return False
            others += 1
            if kind == BISHOP:
                bishop_colors.add(square_colors[sq])
                own_bishops += own
            else:
                unbound_anywhere = True
                own_unbound += own
        if own_bishops and (len(bishop_colors) > 1 or unbound_anywhere):
            return False
        return not (own_unbound and others >= 2)

    def fairy_dead_material(pos) -> bool:
        return fairy_insufficient(pos, 0) and fairy_insufficient(pos, 1)

    if game.bare_king_loses:

        def dead_material(pos) -> bool:
            return False
    else:
        dead_material = fide_dead_material if game.game_end == "fide" else fairy_dead_material

    def can_claim_fifty_moves(pos, legal: list[int]) -> bool:
        """The move rule's count reached with a move left to play, now or after one legal
        move (python-chess's ``can_claim_fifty_moves``)."""
        if pos.halfmove >= move_rule:
            return bool(legal)
        if pos.halfmove < move_rule - 1:
            return False
        for move in legal:
            pos.make(move)
            claim = pos.halfmove >= move_rule and bool(pos.legal_moves())
            pos.unmake()
            if claim:
                return True
        return False

    def can_claim_threefold_repetition(pos, legal: list[int]) -> bool:
        """The position occurred three times, or one legal move makes it occur a third time."""
        if pos.repetitions() >= 3:
            return True
        for move in legal:
            pos.make(move)
            claim = pos.repetitions() >= 3
            pos.unmake()
            if claim:
                return True
        return False

    def no_move(pos) -> Outcome:
        if pos.is_check():
            return Outcome.won_by(Termination.CHECKMATE, pos.side ^ 1)
        return stalemate or Outcome.won_by(Termination.STALEMATE, pos.side ^ 1)

    def fide_outcome(pos, claim_draw: bool = False) -> Outcome | None:
        """How the game has ended, in python-chess's order of precedence, or None."""
        legal = pos.legal_moves()
        if not legal:
            if pos.is_check():
                return Outcome.won_by(Termination.CHECKMATE, pos.side ^ 1)
            if not dead_material(pos):
                return no_move(pos)
        if dead_material(pos):
            return Outcome(Termination.INSUFFICIENT_MATERIAL, None)
        if pos.halfmove >= move_rule * 3 // 2:
            return Outcome(Termination.SEVENTYFIVE_MOVES, None)
        if pos.repetitions() >= 5:
            return Outcome(Termination.FIVEFOLD_REPETITION, None)
        if claim_draw:
            if can_claim_fifty_moves(pos, legal):
                return Outcome(Termination.FIFTY_MOVES, None)
            if can_claim_threefold_repetition(pos, legal):
                return Outcome(Termination.THREEFOLD_REPETITION, None)
        return None

    def fairy_outcome(pos, claim_draw: bool = False) -> Outcome | None:
        """How the game has ended, or None; ``claim_draw`` changes nothing (module docstring)."""
        if game.bare_king_loses:
            winner = bare_king_winner(pos)
            if winner is not None:
                return Outcome.won_by(Termination.BARE_KING, winner)
        if not pos.legal_moves():
            return no_move(pos)
        if pos.halfmove >= move_rule:
            return Outcome(move_rule_end, None)
        if pos.halfmove >= 4 and pos.repetitions() >= 3:
            return Outcome(Termination.THREEFOLD_REPETITION, None)
        if dead_material(pos):
            return Outcome(Termination.INSUFFICIENT_MATERIAL, None)
        return None

    def rule_draw(pos) -> bool:
        """The move rule, or dead material (tested only with few pieces left, as the search
        calls this at every node)."""
        if pos.halfmove >= move_rule:
            return True
        counts = pos.piece_counts
        return counts[0] + counts[1] <= FEW_PIECES and dead_material(pos)

    draw_claims = {
        Termination.FIFTY_MOVES: lambda pos: can_claim_fifty_moves(pos, pos.legal_moves()),
        Termination.THREEFOLD_REPETITION: (
            lambda pos: can_claim_threefold_repetition(pos, pos.legal_moves())
        ),
    }
    return SimpleNamespace(
        outcome=fide_outcome if game.game_end == "fide" else fairy_outcome,
        draw_claims=draw_claims if game.game_end == "fide" else {},
        rule_draw=rule_draw,
        insufficient_material=dead_material,
    )
