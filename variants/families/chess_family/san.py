"""SAN of a chess-like game (Nbd7, exd6, e8=Q+, O-O-O#), written and read (UCI is the
kernel's coordinates). `San` is built from a `ChessGame`."""

from __future__ import annotations

import re

from xqchess.core.errors import AmbiguousMoveError, IllegalMoveError, MoveError
from xqchess.core.geometry import FILE_LETTERS
from xqchess.core.legality import promotion_fault, rejection
from xqchess.core.moves import (
    COMPANION,
    SIDE_CAPTURE,
    move_from,
    move_promotion,
    move_special,
    move_to,
)
from xqchess.core.pieces import KIND_MASK
from xqchess.variants.families.chess_family.definition import ChessGame
from xqchess.variants.families.chess_family.faults import Faults

CASTLING_PATTERN = re.compile(r"([O0])-\1(-\1)?")
ANNOTATIONS = "+#!?"


class San:
    """SAN for the game ``desc`` describes, its refusals explained by ``faults``."""

    def __init__(self, desc: ChessGame, faults: Faults) -> None:
        self.desc = desc
        self.geometry = geometry = desc.geometry
        self.faults = faults
        self.letters = {piece.kind: piece.letter for piece in desc.kinds}
        self.names = {piece.kind: piece.name for piece in desc.kinds}
        self.kind_of_letter = {letter: kind for kind, letter in self.letters.items()}
        pieces = "".join(letter for kind, letter in self.letters.items() if kind != desc.pawn)
        promotions = "".join(self.letters[kind] for kind in desc.promotion_kinds)
        files = f"a-{FILE_LETTERS[geometry.files - 1]}"
        ranks = "|".join(str(rank + geometry.rank_base) for rank in reversed(range(geometry.ranks)))
        self.pattern = re.compile(
            rf"([{pieces}])?([{files}])?({ranks})?x?-?([{files}](?:{ranks}))"
            rf"(?:=?([{promotions}{promotions.lower()}]))?"
        )
        self.example = "e.g. Nf3, exd5, e8=Q, O-O"

    def _is_capture(self, pos, move: int) -> bool:
        return bool(pos.board[move_to(move)]) or move_special(move) == SIDE_CAPTURE

    def castling_san(self, pos, move: int) -> str:
        return self.faults.castling_of(pos.side, move_from(move), move_to(move)).san

    def move_to_san(self, pos, move: int) -> str:
        """SAN of ``move`` (legal in ``pos``), with + or # when it checks or mates."""
        geometry = self.geometry
        if move_special(move) == COMPANION:
            text = self.castling_san(pos, move)
        else:
            frm, to = move_from(move), move_to(move)
            kind = pos.board[frm] & KIND_MASK
            capture = "x" if self._is_capture(pos, move) else ""
            target = geometry.square_name(to)
            if kind == self.desc.pawn:
                text = (FILE_LETTERS[geometry.file_of(frm)] + capture if capture else "") + target
                if move_promotion(move):
                    text += "=" + self.letters[move_promotion(move)]
            else:
                text = self.letters[kind] + self._disambiguation(pos, move, kind) + capture + target
        pos.make(move)
        if pos.is_check():
            text += "+" if pos.legal_moves() else "#"
        pos.unmake()
        return text

    def _disambiguation(self, pos, move: int, kind: int) -> str:
        geometry = self.geometry
        frm, to = move_from(move), move_to(move)
        rivals = [
            move_from(m)
            for m in pos.legal_moves()
            if move_to(m) == to
            and move_from(m) != frm
            and pos.board[move_from(m)] & KIND_MASK == kind
        ]
        if not rivals:
            return ""
        name = geometry.square_name(frm)
        if all(geometry.file_of(r) != geometry.file_of(frm) for r in rivals):
            return name[0]
        if all(geometry.rank_of(r) != geometry.rank_of(frm) for r in rivals):
            return name[1:]
        return name

    def move_from_san(self, pos, text: str) -> int:
        """The legal move SAN ``text`` names; MoveError says whether it is malformed,
        ambiguous or illegal, and why."""
        geometry, desc = self.geometry, self.desc
        san = text.strip().rstrip(ANNOTATIONS)
        legal = pos.legal_moves()
        castling = CASTLING_PATTERN.fullmatch(san)
        if castling:
            wanted = "O-O-O" if castling.group(2) else "O-O"
            entry = next(
                (c for c in desc.castlings if c.color == pos.side and c.san == wanted), None
            )
            if entry is None:
                raise IllegalMoveError(f"illegal move {text}: {desc.name} has no castling")
            matches = [
                m for m in legal if move_special(m) == COMPANION and move_to(m) == entry.king_to
            ]
            if not matches:
                raise IllegalMoveError(
                    f"illegal move {text}: {self.faults.castling_fault(pos, entry)}"
                )
        else:
            match = self.pattern.fullmatch(san)
            if not match:
                raise MoveError(f"bad move text {text!r}: not SAN ({self.example}) or UCI")
            letter, from_file, from_rank, target, promotion = match.groups()
            kind = self.kind_of_letter[letter] if letter else desc.pawn
            to = geometry.parse_square(target)
            if kind == desc.pawn and not from_file:
                from_file = target[0]  # a pawn that does not capture stays on its file
            origins = [
                frm
                for frm in sorted(pos.occupied[pos.side])
                if pos.board[frm] & KIND_MASK == kind
                and (not from_file or geometry.square_name(frm)[0] == from_file)
                and (not from_rank or geometry.square_name(frm)[1:] == from_rank)
            ]
            moves = [
                m
                for m in legal
                if move_from(m) in origins and move_to(m) == to and move_special(m) != COMPANION
            ]
            promotion_kind = self.kind_of_letter[promotion.upper()] if promotion else 0
            matches = [m for m in moves if move_promotion(m) == promotion_kind]
            if not matches:
                reason = (
                    promotion_fault(pos, moves, promotion_kind)
                    if moves
                    else self._refusal(pos, kind, origins, to, from_file, from_rank)
                )
                raise IllegalMoveError(f"illegal move {text}: {reason}")
        if len(matches) > 1:
            names = ", ".join(self.move_to_san(pos, m) for m in matches)
            raise AmbiguousMoveError(f"ambiguous move {text}: could be {names}")
        return matches[0]

    def _refusal(
        self,
        pos,
        kind: int,
        origins: list[int],
        to: int,
        from_file: str | None,
        from_rank: str | None,
    ) -> str:
        """Why no legal move takes a piece of ``kind`` from one of ``origins`` (those of the
        side to move on ``from_file`` and ``from_rank`` where given) to ``to``."""
        faults = self.faults
        if kind == self.desc.king:
            castling = next(
                (
                    faults.castling_of(pos.side, frm, to)
                    for frm in origins
                    if faults.castling_of(pos.side, frm, to)
                ),
                None,
            )
            if castling:
                return f"castling is written {castling.san}"
        where = (
            f" on {from_file}{from_rank}"
            if from_file and from_rank
            else f" on the {from_file}-file"
            if from_file
            else f" on rank {from_rank}"
            if from_rank
            else ""
        )
        name = f"{pos.variant.color_names[pos.side]} {self.names[kind]}{where}"
        if not origins:
            return f"no {name}"
        reaching = [frm for frm in origins if to in faults.reach(pos, frm)]
        if not reaching and len(origins) > 1:
            return f"no {name} can move to {self.geometry.square_name(to)}"
        return "; ".join(dict.fromkeys(rejection(pos, frm, to) for frm in reaching or origins))
