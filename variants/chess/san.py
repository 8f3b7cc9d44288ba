"""Chess SAN (Nbd7, exd6, e8=Q+, O-O-O#), written and read (UCI is the kernel's coordinates)."""

import re

from xqchess.core.errors import AmbiguousMoveError, IllegalMoveError, MoveError
from xqchess.core.legality import promotion_fault, rejection
from xqchess.core.moves import (
    COMPANION, SIDE_CAPTURE, SQUARE_BITS, move_from, move_promotion, move_special, move_to,
)
from xqchess.core.pieces import KIND_MASK
from xqchess.variants.chess.faults import castling_fault, castling_of, reach
from xqchess.variants.chess.movegen import CASTLINGS
from xqchess.variants.chess.pieces import GEOMETRY, KING, LETTERS, NAMES, PAWN

KIND_OF_LETTER = {letter: kind for kind, letter in LETTERS.items()}
SAN_PATTERN = re.compile(r"([NBRQK])?([a-h])?([1-8])?x?-?([a-h][1-8])(?:=?([NBRQnbrq]))?")
CASTLING_PATTERN = re.compile(r"([O0])-\1(-\1)?")
ANNOTATIONS = "+#!?"


def _is_capture(pos, move: int) -> bool:
    return bool(pos.board[move_to(move)]) or move_special(move) == SIDE_CAPTURE


def _castling_san(move: int) -> str:
    return "O-O" if GEOMETRY.file_of(move_to(move)) == 6 else "O-O-O"


def move_to_san(pos, move: int) -> str:
    """SAN of ``move`` (legal in ``pos``), with + or # when it checks or mates."""
    if move_special(move) == COMPANION:
        text = _castling_san(move)
    else:
        frm, to = move_from(move), move_to(move)
        kind = pos.board[frm] & KIND_MASK
        capture = "x" if _is_capture(pos, move) else ""
        target = GEOMETRY.square_name(to)
        if kind == PAWN:
            text = (GEOMETRY.square_name(frm)[0] + capture if capture else "") + target
            if move_promotion(move):
                text += "=" + LETTERS[move_promotion(move)]
        else:
            text = LETTERS[kind] + _disambiguation(pos, move, kind) + capture + target
    pos.make(move)
    if pos.is_check():
        text += "+" if pos.legal_moves() else "#"
    pos.unmake()
    return text


def _disambiguation(pos, move: int, kind: int) -> str:
    frm, to = move_from(move), move_to(move)
    rivals = [move_from(m) for m in pos.legal_moves()
              if move_to(m) == to and move_from(m) != frm and pos.board[move_from(m)] & KIND_MASK == kind]
    if not rivals:
        return ""
    name = GEOMETRY.square_name(frm)
    if all(GEOMETRY.file_of(r) != GEOMETRY.file_of(frm) for r in rivals):
        return name[0]
    if all(GEOMETRY.rank_of(r) != GEOMETRY.rank_of(frm) for r in rivals):
        return name[1]
    return name


def move_from_san(pos, text: str) -> int:
    """The legal move SAN ``text`` names; MoveError says whether it is malformed, ambiguous or
    illegal, and why."""
    san = text.strip().rstrip(ANNOTATIONS)
    legal = pos.legal_moves()
    castling = CASTLING_PATTERN.fullmatch(san)
    if castling:
        target_file = 2 if castling.group(2) else 6
        matches = [m for m in legal if move_special(m) == COMPANION
                   and GEOMETRY.file_of(move_to(m)) == target_file]
        if not matches:
            entry = next(c for c in CASTLINGS[pos.side] if GEOMETRY.file_of(c[2]) == target_file)
            raise IllegalMoveError(f"illegal move {text}: {castling_fault(pos, entry)}")
    else:
        match = SAN_PATTERN.fullmatch(san)
        if not match:
            raise MoveError(f"bad move text {text!r}: not SAN (e.g. Nf3, exd5, e8=Q, O-O) or UCI")
        letter, from_file, from_rank, target, promotion = match.groups()
        kind = KIND_OF_LETTER[letter] if letter else PAWN
        to = GEOMETRY.parse_square(target)
        if kind == PAWN and not from_file:
            from_file = target[0]  # a pawn that does not capture stays on its file
        origins = [frm for frm in sorted(pos.occupied[pos.side])
                   if pos.board[frm] & KIND_MASK == kind
                   and (not from_file or GEOMETRY.square_name(frm)[0] == from_file)
                   and (not from_rank or GEOMETRY.square_name(frm)[1] == from_rank)]
        moves = [m for m in legal if move_from(m) in origins and move_to(m) == to
                 and move_special(m) != COMPANION]
        promotion_kind = KIND_OF_LETTER[promotion.upper()] if promotion else 0
        matches = [m for m in moves if move_promotion(m) == promotion_kind]
        if not matches:
            reason = (promotion_fault(pos, moves, promotion_kind) if moves
                      else _refusal(pos, kind, origins, to, from_file, from_rank))
            raise IllegalMoveError(f"illegal move {text}: {reason}")
    if len(matches) > 1:
        names = ", ".join(move_to_san(pos, m) for m in matches)
        raise AmbiguousMoveError(f"ambiguous move {text}: could be {names}")
    return matches[0]


def _refusal(pos, kind: int, origins: list[int], to: int, from_file: str | None,
             from_rank: str | None) -> str:
    """Why no legal move takes a piece of ``kind`` from one of ``origins`` (those of the side to
    move on ``from_file`` and ``from_rank`` where given) to ``to``."""
    if kind == KING and any(castling_of(pos.side, frm, to) for frm in origins):
        return f"castling is written {_castling_san(to << SQUARE_BITS)}"
    where = (f" on {from_file}{from_rank}" if from_file and from_rank
             else f" on the {from_file}-file" if from_file
             else f" on rank {from_rank}" if from_rank else "")
    name = f"{pos.variant.color_names[pos.side]} {NAMES[kind]}{where}"
    if not origins:
        return f"no {name}"
    reaching = [frm for frm in origins if to in reach(pos, frm)]
    if not reaching and len(origins) > 1:
        return f"no {name} can move to {GEOMETRY.square_name(to)}"
    return "; ".join(dict.fromkeys(rejection(pos, frm, to) for frm in reaching or origins))
