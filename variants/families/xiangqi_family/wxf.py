"""WXF notation for xiangqi (C2=5, H8+7, R++2, 27=8), as Fairy-Stockfish writes it, and the
parts it is made of, from which the Chinese notation is written too.

A move is ``<piece><file or tandem mark><operator><number>``:

* files are numbered 1-9 from the mover's right (Red: a=9 ... i=1; Black: a=1 ... i=9);
* the operator is ``+`` (forward), ``-`` (backward) or ``=`` (sideways);
* the number is the count of ranks moved for a move along a file, else the destination file;
* two pieces of a kind on one file are told apart by ``+`` (front) or ``-`` (rear) in place of
  the file, unless the partner moved the same way would leave the board or its region (then
  the file is written); three or more (or two on each of two files, soldiers only) replace the
  piece letter by their index from the front, 1 = most advanced, and keep the file.

There is no capture or check mark, as in Fairy-Stockfish's NOTATION_XIANGQI_WXF.

`make_wxf(layout)` builds the writer and reader for one board layout (its files are numbered
from the mover's right whatever their count); xiangqi's own are bound below.
"""

from __future__ import annotations

from functools import partial
from types import SimpleNamespace
from typing import NamedTuple

from xqchess.core.errors import MoveError
from xqchess.core.moves import move_from, move_to
from xqchess.core.notation import parse_by_rendering
from xqchess.core.pieces import COLOR_SHIFT, KIND_MASK
from xqchess.variants.families.xiangqi_family.definition import (
    ADVISOR,
    CANNON,
    CHARIOT,
    ELEPHANT,
    GENERAL,
    HORSE,
    NAMES,
    SOLDIER,
)

WXF_LETTERS = {
    GENERAL: "K",
    ADVISOR: "A",
    ELEPHANT: "E",
    HORSE: "H",
    CHARIOT: "R",
    CANNON: "C",
    SOLDIER: "P",
}
#: Letters read besides those: the FEN letters of horse (N) and elephant (B).
LETTER_KINDS = {**{letter: kind for kind, letter in WXF_LETTERS.items()}, "N": HORSE, "B": ELEPHANT}
FORWARD = (1, -1)
#: The digits of WXF text: ASCII only (``str.isdigit`` also takes superscripts, which ``int``
#: refuses).
DIGITS = "0123456789"


class WxfParts(NamedTuple):
    """One move's WXF fields: who moves, how it is told apart, and where it goes."""

    kind: int
    index: int  # 1-based position from the front among 3+ tandem pieces, else 0
    tandem: str  # "+" (front) or "-" (rear) of two pieces on a file, else ""
    file: int  # from-file number in the mover's numbering (0 when ``tandem`` is used)
    operator: str  # "+", "-" or "="
    number: int  # ranks moved along a file, else destination file number
    tandem_count: int  # how many pieces of the kind share the from-file
    tandem_files: int  # on how many files two or more pieces of the kind stand (0 when the
    # moving piece has its file to itself: only tandem pieces need the count)


def normalize_wxf(text: str) -> str:
    """Canonical WXF: upper case, '.' as '=', N/B as H/E, a leading tandem mark moved after
    the letter (+R+2 -> R++2)."""
    text = text.strip().upper().replace(".", "=")
    if len(text) >= 2 and text[0] in "+-" and text[1].isalpha():
        text = text[1] + text[0] + text[2:]
    if text[:1] in LETTER_KINDS:
        text = WXF_LETTERS[LETTER_KINDS[text[0]]] + text[1:]
    return text


def looks_like_wxf(canonical: str) -> bool:
    """Whether canonical text has the shape of a WXF move (four fields)."""
    return (
        len(canonical) == 4
        and canonical[0] in (*WXF_LETTERS.values(), *DIGITS)
        and canonical[1] in DIGITS + "+-"
        and canonical[2] in "+-="
        and canonical[3] in DIGITS
    )


def make_wxf(layout, kind_names: dict[int, str] = NAMES) -> SimpleNamespace:
    """WXF for ``layout`` (a `board_tables.XiangqiBoard`): ``file_number``, ``wxf_parts``,
    ``move_to_wxf``, ``move_from_wxf`` and ``unmatched`` (naming kinds by ``kind_names``)."""
    GEOMETRY = layout.geometry
    #: the letters of the kinds on this board, in WXF order
    letters = ", ".join(letter for kind, letter in WXF_LETTERS.items() if kind in layout.kinds)

    def file_number(sq: int, color: int) -> int:
        """The WXF number of the file of ``sq``, counted from ``color``'s right."""
        file = GEOMETRY.file_of(sq)
        return GEOMETRY.files - file if color == 0 else file + 1

    def _ahead(a: int, b: int, color: int) -> bool:
        """Whether ``a`` is further forward than ``b`` for ``color``."""
        return (GEOMETRY.rank_of(a) - GEOMETRY.rank_of(b)) * FORWARD[color] > 0

    def _may_stand(kind: int, color: int, sq: int) -> bool:
        if kind in (GENERAL, ADVISOR):
            return sq in layout.palaces[color]
        if kind == ELEPHANT:
            return sq in layout.elephant_region(color)
        return True

    def wxf_parts(pos, move: int, plain: bool = False) -> WxfParts:
        """The WXF fields of ``move``; with ``plain``, the piece is named by its own file even
        where two or more of its kind share that file (no tandem mark or index)."""
        board = pos.board
        frm, to = move_from(move), move_to(move)
        piece = board[frm]
        kind, color = piece & KIND_MASK, piece >> COLOR_SHIFT
        same_file = [
            sq
            for sq in range(GEOMETRY.file_of(frm), GEOMETRY.size, GEOMETRY.files)
            if board[sq] == piece
        ]
        count = len(same_file)
        files_with_pairs = (
            sum(
                1
                for f in range(GEOMETRY.files)
                if board[f : GEOMETRY.size : GEOMETRY.files].count(piece) >= 2
            )
            if count >= 2
            else 0
        )
        ahead = sum(1 for sq in same_file if _ahead(sq, frm, color))
        index, tandem, file = 0, "", file_number(frm, color)
        if not plain and count >= (2 if files_with_pairs >= 2 else 3):
            index = ahead + 1
        elif not plain and count == 2:
            partner = next(sq for sq in same_file if sq != frm)
            moved = GEOMETRY.offset(
                partner,
                GEOMETRY.file_of(to) - GEOMETRY.file_of(frm),
                GEOMETRY.rank_of(to) - GEOMETRY.rank_of(frm),
            )
            if moved is not None and _may_stand(kind, color, moved):
                tandem, file = ("-" if ahead else "+"), 0
        drank = (GEOMETRY.rank_of(to) - GEOMETRY.rank_of(frm)) * FORWARD[color]
        operator = "=" if drank == 0 else "+" if drank > 0 else "-"
        if GEOMETRY.file_of(to) == GEOMETRY.file_of(frm):
            number = abs(drank)
        else:
            number = file_number(to, color)
        return WxfParts(kind, index, tandem, file, operator, number, count, files_with_pairs)

    def move_to_wxf(pos, move: int, plain: bool = False) -> str:
        """WXF text of ``move`` (legal in ``pos``), exactly as Fairy-Stockfish writes it; with
        ``plain``, naming the piece by its file where WXF would use a tandem mark or index."""
        parts = wxf_parts(pos, move, plain)
        head = str(parts.index) if parts.index else WXF_LETTERS[parts.kind]
        second = parts.tandem or str(parts.file)
        return f"{head}{second}{parts.operator}{parts.number}"

    def unmatched(pos, kind: int | None, file: int | None) -> str:
        """Why no move answers WXF or Chinese text naming a piece of ``kind`` (None: any, as WXF's
        index form has it) on ``file`` (None: told apart by a tandem mark or index): no such piece
        of the side to move there, or none that moves as the text says."""
        board, color = pos.board, pos.side
        named = f"{pos.variant.color_names[color]} {kind_names[kind] if kind else 'piece'}"
        pieces = [sq for sq in pos.occupied[color] if kind is None or board[sq] & KIND_MASK == kind]
        if file is None:
            where = " sharing its file with another"
            pieces = [
                sq
                for sq in pieces
                if any(
                    board[other] == board[sq] and other != sq
                    for other in range(GEOMETRY.file_of(sq), GEOMETRY.size, GEOMETRY.files)
                )
            ]
        else:
            where = f" on file {file}"
            pieces = [sq for sq in pieces if file_number(sq, color) == file]
        return f"no {named}{where} can move that way" if pieces else f"no {named}{where}"

    def _unmatched_wxf(pos, canonical: str) -> str:
        """`unmatched` for canonical WXF: ``R9``, ``R+`` (tandem) or ``27`` (index and file)."""
        head, second = canonical[0], canonical[1]
        return unmatched(pos, LETTER_KINDS.get(head), int(second) if second in DIGITS else None)

    def move_from_wxf(pos, text: str) -> int:
        canonical = normalize_wxf(text)
        kind = LETTER_KINDS.get(canonical[:1])
        if looks_like_wxf(canonical) and kind is not None and kind not in layout.kinds:
            raise MoveError(
                f"bad move text {text!r}: {pos.variant.name} has no {NAMES[kind]}; "
                f"its pieces are {letters}"
            )
        return parse_by_rendering(
            pos,
            text,
            move_to_wxf,
            normalize_wxf,
            looks_like_wxf,
            "WXF",
            "C2=5",
            plain=partial(move_to_wxf, plain=True),
            unmatched=_unmatched_wxf,
        )

    return SimpleNamespace(
        file_number=file_number,
        wxf_parts=wxf_parts,
        move_to_wxf=move_to_wxf,
        move_from_wxf=move_from_wxf,
        unmatched=unmatched,
    )
