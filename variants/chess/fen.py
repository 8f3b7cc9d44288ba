"""Chess FEN rules: the castling and en-passant fields and the checks a legal placement passes."""

from xqchess.core.errors import FenError
from xqchess.core.fen import require_waiting_side_safe
from xqchess.core.pieces import COLOR_SHIFT, KIND_MASK, piece_code
from xqchess.variants.chess.attacks import attackers
from xqchess.variants.chess.movegen import ep_capture_possible
from xqchess.variants.chess.pieces import (
    B_KING, B_PAWN, B_ROOK, GEOMETRY, PAWN, W_KING, W_PAWN, W_ROOK,
)

#: FEN castling letter -> (rights bit, king piece, king square, rook piece, rook square)
CASTLING_RIGHTS = {
    "K": (1, W_KING, 4, W_ROOK, 7),
    "Q": (2, W_KING, 4, W_ROOK, 0),
    "k": (4, B_KING, 60, B_ROOK, 63),
    "q": (8, B_KING, 60, B_ROOK, 56),
}


def parse_castling(text: str, pos) -> int:
    if text == "-":
        return 0
    rights = 0
    for letter in text:
        entry = CASTLING_RIGHTS.get(letter)
        if entry is None:
            raise FenError(f"FEN castling field {text!r} has a bad letter {letter!r}")
        bit, king, king_sq, rook, rook_sq = entry
        if rights & bit:
            raise FenError(f"FEN castling field {text!r} repeats {letter!r}")
        if pos.board[king_sq] != king or pos.board[rook_sq] != rook:
            raise FenError(f"FEN castling right {letter!r} needs a king on "
                           f"{GEOMETRY.square_name(king_sq)} and a rook on "
                           f"{GEOMETRY.square_name(rook_sq)}")
        rights |= bit
    return rights


def format_castling(rights: int) -> str:
    return "".join(letter for letter, entry in CASTLING_RIGHTS.items() if rights & entry[0]) or "-"


def parse_ep(text: str, pos) -> int | None:
    """The en-passant square if a legal capture onto it exists (as python-chess and the
    repetition rules count it), None for '-' or an uncapturable square; FenError if impossible."""
    names = pos.variant.color_names
    if text == "-":
        return None
    try:
        sq = GEOMETRY.parse_square(text)
    except ValueError:
        raise FenError(f"FEN en-passant field {text!r} is not a square") from None
    mover = pos.side ^ 1
    expected_rank = 2 if mover == 0 else 5
    if GEOMETRY.rank_of(sq) != expected_rank:
        raise FenError(f"FEN en-passant square {text} is not on rank {expected_rank + 1} "
                       f"with {names[pos.side]} to move")
    step = 8 if mover == 0 else -8
    pawn = W_PAWN if mover == 0 else B_PAWN
    if pos.board[sq + step] != pawn or pos.board[sq] or pos.board[sq - step]:
        raise FenError(f"FEN en-passant square {text} does not follow a double pawn step")
    return sq if ep_capture_possible(pos, sq) else None


def validate(pos, strict: bool = True) -> None:
    """Raise FenError unless each side has one king, no pawn stands on its first or last rank
    and the side not to move is not in check; when ``strict``, also unless the counts of pawns,
    pieces and checkers are possible in a game."""
    names = pos.variant.color_names
    board = pos.board
    for color, king in enumerate((W_KING, B_KING)):
        count = board.count(king)
        if count != 1:
            raise FenError(f"FEN has {count} {names[color]} kings, expected 1")
        pieces = sum(1 for p in board if p and p >> COLOR_SHIFT == color)
        pawns = board.count(piece_code(PAWN, color))
        if strict and pawns > 8:
            raise FenError(f"FEN has {pawns} {names[color]} pawns, at most 8 are possible")
        if strict and pieces > 16:
            raise FenError(f"FEN has {pieces} {names[color]} pieces, at most 16 are possible")
    for sq in list(range(8)) + list(range(56, 64)):
        if board[sq] & KIND_MASK == PAWN:
            raise FenError(f"FEN has a pawn on {GEOMETRY.square_name(sq)}, on a back rank")
    require_waiting_side_safe(pos)
    checkers = attackers(board, pos.kings[pos.side], pos.side ^ 1)
    if strict and len(checkers) > 2:
        raise FenError(f"FEN has the {names[pos.side]} king checked by "
                       f"{len(checkers)} pieces, at most 2 are possible")
