"""Why a chess move is refused, read from the move generator's tables: where each piece could
go were nothing in its way, what is in its way, and which castling condition fails."""

from xqchess.core.legality import piece_on, royal_exposure, square_name
from xqchess.core.moves import COMPANION, move_from, move_special, move_to
from xqchess.core.pieces import COLOR_SHIFT, KIND_MASK
from xqchess.variants.chess.attacks import KING_TARGETS, KNIGHT_TARGETS, PAWN_CAPTURES, attackers
from xqchess.variants.chess.movegen import CASTLINGS, PAWN_START_RANK, PAWN_STEP, SLIDER_RAYS
from xqchess.variants.chess.pieces import BISHOP, GEOMETRY, KING, KNIGHT, PAWN, QUEEN, ROOK

#: How each piece moves, said when a move breaks the rule.
MOVE_RULES = {
    PAWN: "a pawn moves one square straight ahead (two from its starting square) and captures "
          "one square diagonally forward",
    KNIGHT: "a knight jumps two squares along a rank or file and one square across",
    BISHOP: "a bishop moves along diagonals",
    ROOK: "a rook moves along ranks and files",
    QUEEN: "a queen moves along ranks, files and diagonals",
    KING: "a king steps one square in any direction, or castles",
}
WINGS = {6: "kingside", 2: "queenside"}  # castling: the king's target file -> the wing


def reach(pos, frm: int) -> list[int]:
    """The squares the piece on ``frm`` could move to were nothing in its way: steps and jumps,
    whole rays, a pawn's pushes and diagonal captures, the king's castling targets."""
    piece = pos.board[frm]
    kind, color = piece & KIND_MASK, piece >> COLOR_SHIFT
    if kind == PAWN:
        step = PAWN_STEP[color]
        pushes = [frm + step]
        if GEOMETRY.rank_of(frm) == PAWN_START_RANK[color]:
            pushes.append(frm + 2 * step)
        return pushes + PAWN_CAPTURES[color][frm]
    if kind == KNIGHT:
        return KNIGHT_TARGETS[frm]
    if kind == KING:
        return KING_TARGETS[frm] + [c[2] for c in CASTLINGS[color] if c[1] == frm]
    return [sq for ray in SLIDER_RAYS[kind][frm] for sq in ray]


def castling_of(color: int, frm: int, to: int) -> tuple | None:
    """The `CASTLINGS` entry of ``color`` whose king goes from ``frm`` to ``to``, if any."""
    return next((c for c in CASTLINGS[color] if c[1] == frm and c[2] == to), None)


def castling_fault(pos, castling: tuple) -> str:
    """Why the side to move cannot castle as ``castling`` (a `CASTLINGS` entry) says: no right,
    a piece between king and rook, the king in check, or a square it crosses or lands on
    attacked."""
    bit, frm, to, empty, safe = castling
    board = pos.board
    us, them = pos.side, pos.side ^ 1
    color, wing = pos.variant.color_names[us], WINGS[GEOMETRY.file_of(to)]
    if not pos.rights & bit:
        return f"{color} has no right to castle {wing}"
    blockers = [sq for sq in empty if board[sq]]
    if blockers:
        return (f"castling {wing} is blocked by "
                f"{' and '.join(piece_on(pos, sq) for sq in blockers)}")
    if attackers(board, frm, them):
        return "the king cannot castle out of check"
    crossed, landing = safe
    attacked = crossed if attackers(board, crossed, them) else landing
    how = "through" if attacked == crossed else "into"
    by = " and ".join(piece_on(pos, sq) for sq in attackers(board, attacked, them))
    return f"the king cannot castle {how} check: {square_name(pos, attacked)} is attacked by {by}"


def movement_fault(pos, frm: int, to: int, rank_base: int | None = None) -> str:
    """Why no pseudo-legal move takes the side to move's piece on ``frm`` to ``to``: a castling
    condition, a move the piece never makes, a pawn's diagonal step with nothing to capture, or
    the piece standing in the way."""
    board = pos.board
    kind = board[frm] & KIND_MASK
    castling = castling_of(pos.side, frm, to) if kind == KING else None
    if castling:
        return castling_fault(pos, castling)
    mover, target = piece_on(pos, frm, rank_base), square_name(pos, to, rank_base)
    if to not in reach(pos, frm):
        return f"{mover} cannot move to {target}: {MOVE_RULES[kind]}"
    if kind == PAWN and GEOMETRY.file_of(to) != GEOMETRY.file_of(frm):
        return f"{mover} moves diagonally only to capture, and {target} is empty"
    blocker = next(sq for sq in GEOMETRY.between(frm, to) + [to] if board[sq])
    return f"{mover} is blocked by {piece_on(pos, blocker, rank_base)}"


def exposure_fault(pos, move: int, rank_base: int | None = None) -> str:
    """Why the pseudo-legal ``move`` is illegal: castling out of, through or into check, or the
    king left (or put) in check."""
    if move_special(move) == COMPANION:
        return castling_fault(pos, castling_of(pos.side, move_from(move), move_to(move)))
    return royal_exposure(pos, move, rank_base)
