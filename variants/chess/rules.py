"""Chess game end: checkmate, stalemate, insufficient material, the 50/75-move rules and
threefold/fivefold repetition, with the same semantics as FIDE and python-chess."""

from xqchess.core.outcome import Outcome, Termination
from xqchess.core.pieces import KIND_MASK
from xqchess.variants.chess.pieces import BISHOP, DESCRIPTION, KNIGHT, PAWN, QUEEN, ROOK

SQUARE_COLORS = DESCRIPTION.square_colors


def is_insufficient_material(pos) -> bool:
    """Neither side can ever mate: no pawns, rooks or queens, and either a lone knight beside
    the kings or only bishops that all stand on squares of one color."""
    knights = 0
    bishop_square_colors = set()
    for sq, piece in enumerate(pos.board):
        kind = piece & KIND_MASK
        if kind in (PAWN, ROOK, QUEEN):
            return False
        if kind == KNIGHT:
            knights += 1
        elif kind == BISHOP:
            bishop_square_colors.add(SQUARE_COLORS[sq])
    if knights:
        return knights == 1 and not bishop_square_colors
    return len(bishop_square_colors) <= 1


def can_claim_fifty_moves(pos, legal: list[int]) -> bool:
    """50 moves by each side without a capture or pawn move, now or after one such move."""
    if pos.halfmove >= 100:
        return True
    if pos.halfmove < 99:
        return False
    for move in legal:
        pos.make(move)
        claim = pos.halfmove >= 100 and bool(pos.legal_moves())
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


def outcome(pos, claim_draw: bool = False) -> Outcome | None:
    """How the game has ended, in python-chess's order of precedence, or None if it goes on."""
    legal = pos.legal_moves()
    if not legal:
        if pos.is_check():
            return Outcome(Termination.CHECKMATE, pos.side ^ 1)
        if not is_insufficient_material(pos):
            return Outcome(Termination.STALEMATE, None)
    if is_insufficient_material(pos):
        return Outcome(Termination.INSUFFICIENT_MATERIAL, None)
    if pos.halfmove >= 150:
        return Outcome(Termination.SEVENTYFIVE_MOVES, None)
    if pos.repetitions() >= 5:
        return Outcome(Termination.FIVEFOLD_REPETITION, None)
    if claim_draw:
        if can_claim_fifty_moves(pos, legal):
            return Outcome(Termination.FIFTY_MOVES, None)
        if can_claim_threefold_repetition(pos, legal):
            return Outcome(Termination.THREEFOLD_REPETITION, None)
    return None
