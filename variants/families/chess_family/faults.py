"""Why a move of a chess-like game is refused, read from the move generator's tables: where
each piece could go were nothing in its way, what is in its way, and which castling condition
fails. `Faults` is built from a `ChessGame`."""

from __future__ import annotations

from types import SimpleNamespace

from xqchess.core.legality import piece_on, royal_exposure, square_name
from xqchess.core.moves import COMPANION, move_from, move_special, move_to
from xqchess.core.pieces import COLOR_SHIFT, KIND_MASK
from xqchess.variants.families.chess_family.definition import ChessGame


class Faults:
    """The refusal reasons of the game ``desc`` describes (its `build_attacks` and
    `build_movegen` tables)."""

    def __init__(self, desc: ChessGame, attacks: SimpleNamespace, movegen: SimpleNamespace) -> None:
        self.desc = desc
        self.geometry = desc.geometry
        self.attacks = attacks
        self.movegen = movegen
        #: How each piece moves, said when a move breaks the rule.
        self.move_rules = {piece.kind: piece.rule for piece in desc.kinds}
        #: per color, per (king from, king to): the castling
        self.castlings = {(c.color, c.king_from, c.king_to): c for c in desc.castlings}

    def reach(self, pos, frm: int) -> list[int]:
        """The squares the piece on ``frm`` could move to were nothing in its way: steps and
        jumps, whole rays, a pawn's pushes and diagonal captures, the king's castling targets."""
        desc, attacks = self.desc, self.attacks
        piece = pos.board[frm]
        kind, color = piece & KIND_MASK, piece >> COLOR_SHIFT
        if kind == desc.pawn:
            step = desc.pawn_step[color]
            pushes = [frm + step]
            if desc.double_step and self.geometry.rank_of(frm) == desc.pawn_start_rank[color]:
                pushes.append(frm + 2 * step)
            return pushes + attacks.PAWN_CAPTURES[color][frm]
        targets = list(attacks.LEAPS[kind][frm]) if attacks.LEAPS[kind] else []
        if kind == desc.king:
            return targets + [
                c.king_to for c in desc.castlings if c.color == color and c.king_from == frm
            ]
        if attacks.RAYS[kind]:
            targets += [sq for ray in attacks.RAYS[kind][frm] for sq in ray]
        return targets

    def castling_of(self, color: int, frm: int, to: int):
        """The `Castling` of ``color`` whose king goes from ``frm`` to ``to``, if any."""
        return self.castlings.get((color, frm, to))

    def castling_fault(self, pos, castling) -> str:
        """Why the side to move cannot castle as ``castling`` (a `Castling`) says: no right,
        a piece between king and rook, the king in check, or a square it crosses or lands on
        attacked."""
        attackers = self.attacks.attackers
        board = pos.board
        us, them = pos.side, pos.side ^ 1
        color, wing = pos.variant.color_names[us], castling.wing
        if not pos.rights & castling.bit:
            return f"{color} has no right to castle {wing}"
        blockers = [sq for sq in castling.empty if board[sq]]
        if blockers:
            return (
                f"castling {wing} is blocked by "
                f"{' and '.join(piece_on(pos, sq) for sq in blockers)}"
            )
        if attackers(board, castling.king_from, them):
            return "the king cannot castle out of check"
        attacked = next(
            (sq for sq in castling.safe if attackers(board, sq, them)), castling.safe[-1]
        )
        how = "into" if attacked == castling.king_to else "through"
        by = " and ".join(piece_on(pos, sq) for sq in attackers(board, attacked, them))
        return (
            f"the king cannot castle {how} check: {square_name(pos, attacked)} is attacked by {by}"
        )

    def movement_fault(self, pos, frm: int, to: int, rank_base: int | None = None) -> str:
        """Why no pseudo-legal move takes the side to move's piece on ``frm`` to ``to``: a
        castling condition, a move the piece never makes, a pawn's diagonal step with nothing
        to capture, or the piece standing in the way."""
        board = pos.board
        geometry = self.geometry
        kind = board[frm] & KIND_MASK
        castling = self.castling_of(pos.side, frm, to) if kind == self.desc.king else None
        if castling:
            return self.castling_fault(pos, castling)
        mover, target = piece_on(pos, frm, rank_base), square_name(pos, to, rank_base)
        if to not in self.reach(pos, frm):
            return f"{mover} cannot move to {target}: {self.move_rules[kind]}"
        if kind == self.desc.pawn and geometry.file_of(to) != geometry.file_of(frm):
            return f"{mover} moves diagonally only to capture, and {target} is empty"
        blocker = next(sq for sq in geometry.between(frm, to) + [to] if board[sq])
        return f"{mover} is blocked by {piece_on(pos, blocker, rank_base)}"

    def exposure_fault(self, pos, move: int, rank_base: int | None = None) -> str:
        """Why the pseudo-legal ``move`` is illegal: castling out of, through or into check,
        or the king left (or put) in check."""
        if move_special(move) == COMPANION:
            return self.castling_fault(
                pos, self.castling_of(pos.side, move_from(move), move_to(move))
            )
        return royal_exposure(pos, move, rank_base)
