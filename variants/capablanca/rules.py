"""Capablanca chess's game end, as Fairy-Stockfish judges it (checked against pyffish).

* No legal move: checkmate loses; stalemate is a draw.
* 50-move rule: 100 plies without a capture or pawn move is a draw (Fairy-Stockfish's
  ``is_optional_game_end``; mate on the 100th ply still wins, as no legal move is judged first).
* Threefold repetition: the third occurrence of a position (same side to move, castling rights
  and en-passant square; compared back to the last capture or pawn move) is a draw.
* Insufficient material: a draw when neither side can mate, by Fairy-Stockfish's
  ``has_insufficient_material`` for each color (`insufficient_material`).

Fairy-Stockfish reports the 50-move rule and repetition as "optional" game ends, which its
front ends (pychess-variants, its own xboard mode) apply as the arbiter would; `outcome`
reports them whether or not draws are claimed, as the xiangqi rules do.
"""

from __future__ import annotations

from xqchess.core.outcome import Outcome, Termination
from xqchess.core.pieces import COLOR_SHIFT, KIND_MASK
from xqchess.variants.capablanca.pieces import (
    ARCHBISHOP, BISHOP, CHANCELLOR, DESCRIPTION, KING, PAWN, QUEEN, ROOK,
)

#: Fairy-Stockfish's mating pieces (of those Capablanca chess has): one of them, or a pawn
#: (which may promote to one), always gives its side mating material.
MATING_KINDS = frozenset((ROOK, QUEEN, ARCHBISHOP, CHANCELLOR))
SQUARE_COLORS = DESCRIPTION.square_colors


def insufficient_material(pos, color: int) -> bool:
    """Fairy-Stockfish's ``Position::has_insufficient_material(color)`` for Capablanca chess:
    ``color`` cannot mate when it has no pawn and no mating piece, and either only bishops
    (the kings aside), all bishops on the board on squares of one color and no other piece
    anywhere, or only knights (unbound pieces) with no other piece on the board but that one
    knight to help."""
    board = pos.board
    own_bishops = own_unbound = 0
    bishop_colors = set()
    others = 0  # pieces other than kings, either color
    unbound_anywhere = False
    for sq in pos.occupied[0] | pos.occupied[1]:
        piece = board[sq]
        kind = piece & KIND_MASK
        if kind == KING:
            continue
        own = piece >> COLOR_SHIFT == color
        if own and (kind in MATING_KINDS or kind == PAWN):
            return False
        others += 1
        if kind == BISHOP:
            bishop_colors.add(SQUARE_COLORS[sq])
            own_bishops += own
        else:
            unbound_anywhere = True
            own_unbound += own
    if own_bishops and (len(bishop_colors) > 1 or unbound_anywhere):
        return False
    if own_unbound and others >= 2:
        return False
    return True


def dead_material(pos) -> bool:
    """Neither side can mate."""
    return insufficient_material(pos, 0) and insufficient_material(pos, 1)


def outcome(pos, claim_draw: bool = False) -> Outcome | None:
    """How the game has ended, or None; ``claim_draw`` changes nothing (see module docstring)."""
    if not pos.legal_moves():
        if pos.is_check():
            return Outcome(Termination.CHECKMATE, pos.side ^ 1)
        return Outcome(Termination.STALEMATE, None)
    if pos.halfmove >= 100:
        return Outcome(Termination.FIFTY_MOVES, None)
    if pos.halfmove >= 4 and pos.repetitions() >= 3:
        return Outcome(Termination.THREEFOLD_REPETITION, None)
    if dead_material(pos):
        return Outcome(Termination.INSUFFICIENT_MATERIAL, None)
    return None
