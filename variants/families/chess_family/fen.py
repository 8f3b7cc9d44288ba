"""FEN rules of a chess-like game: the castling and en-passant fields and the checks a legal
placement passes. `FenRules` is built from a `ChessGame`."""

from __future__ import annotations

from types import SimpleNamespace

from xqchess.core.errors import FenError
from xqchess.core.fen import require_waiting_side_safe
from xqchess.core.pieces import COLOR_SHIFT, KIND_MASK, piece_code
from xqchess.variants.families.chess_family.definition import ChessGame


class FenRules:
    """The FEN fields and placement checks of the game ``desc`` describes."""

    def __init__(self, desc: ChessGame, attacks: SimpleNamespace, movegen: SimpleNamespace) -> None:
        self.desc = desc
        self.geometry = desc.geometry
        self.attacks = attacks
        self.movegen = movegen
        #: FEN castling letter -> (rights bit, king piece, king square, rook piece, rook square)
        self.castling_rights = {
            c.letter: (
                c.bit,
                piece_code(desc.king, c.color),
                c.king_from,
                piece_code(desc.rook, c.color),
                c.rook_from,
            )
            for c in desc.castlings
        }
        files = self.geometry.files
        #: the most pawns and pieces a side can have (a full first and second rank)
        self.max_pawns, self.max_pieces = files, 2 * files
        self.back_rank_squares = list(range(files)) + list(
            range(self.geometry.size - files, self.geometry.size)
        )

    def parse_castling(self, text: str, pos) -> int:
        if text == "-":
            return 0
        rights = 0
        geometry = self.geometry
        for letter in text:
            entry = self.castling_rights.get(letter)
            if entry is None:
                raise FenError(f"FEN castling field {text!r} has a bad letter {letter!r}")
            bit, king, king_sq, rook, rook_sq = entry
            if rights & bit:
                raise FenError(f"FEN castling field {text!r} repeats {letter!r}")
            if pos.board[king_sq] != king or pos.board[rook_sq] != rook:
                raise FenError(
                    f"FEN castling right {letter!r} needs a king on "
                    f"{geometry.square_name(king_sq)} and a rook on "
                    f"{geometry.square_name(rook_sq)}"
                )
            rights |= bit
        return rights

    def format_castling(self, rights: int) -> str:
        return (
            "".join(letter for letter, entry in self.castling_rights.items() if rights & entry[0])
            or "-"
        )

    def parse_ep(self, text: str, pos) -> int | None:
        """The en-passant square if a capture onto it is possible (as the game's
        `ep_capture_possible` counts it), None for '-' or an uncapturable square; FenError if
        impossible."""
        names = pos.variant.color_names
        desc, geometry = self.desc, self.geometry
        if text == "-":
            return None
        if not desc.double_step:
            raise FenError(
                f"FEN en-passant field {text!r} must be '-' in {pos.variant.name}: "
                "its pawns never step twice"
            )
        try:
            sq = geometry.parse_square(text)
        except ValueError:
            raise FenError(f"FEN en-passant field {text!r} is not a square") from None
        mover = pos.side ^ 1
        expected_rank = desc.pawn_start_rank[mover] + (1 if mover == 0 else -1)
        if geometry.rank_of(sq) != expected_rank:
            raise FenError(
                f"FEN en-passant square {text} is not on rank {expected_rank + 1} "
                f"with {names[pos.side]} to move"
            )
        step = desc.pawn_step[mover]
        pawn = desc.pawns[mover]
        if pos.board[sq + step] != pawn or pos.board[sq] or pos.board[sq - step]:
            raise FenError(f"FEN en-passant square {text} does not follow a double pawn step")
        return sq if self.movegen.ep_capture_possible(pos, sq) else None

    def validate(self, pos, strict: bool = True) -> None:
        """Raise FenError unless each side has one king, no pawn stands on its first or last
        rank and the side not to move is not in check; when ``strict``, also unless the counts
        of pawns, pieces and checkers are possible in a game."""
        names = pos.variant.color_names
        board = pos.board
        desc = self.desc
        for color, king in enumerate(desc.royal_pieces):
            count = board.count(king)
            if count != 1:
                raise FenError(f"FEN has {count} {names[color]} kings, expected 1")
            pieces = sum(1 for p in board if p and p >> COLOR_SHIFT == color)
            pawns = board.count(piece_code(desc.pawn, color))
            if strict and pawns > self.max_pawns:
                raise FenError(
                    f"FEN has {pawns} {names[color]} pawns, at most {self.max_pawns} are possible"
                )
            if strict and pieces > self.max_pieces:
                raise FenError(
                    f"FEN has {pieces} {names[color]} pieces, at most "
                    f"{self.max_pieces} are possible"
                )
        for sq in self.back_rank_squares:
            if board[sq] & KIND_MASK == desc.pawn:
                raise FenError(f"FEN has a pawn on {self.geometry.square_name(sq)}, on a back rank")
        require_waiting_side_safe(pos)
        checkers = self.attacks.attackers(board, pos.kings[pos.side], pos.side ^ 1)
        if strict and len(checkers) > 2:
            raise FenError(
                f"FEN has the {names[pos.side]} king checked by "
                f"{len(checkers)} pieces, at most 2 are possible"
            )
