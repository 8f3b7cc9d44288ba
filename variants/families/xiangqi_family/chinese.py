"""Chinese xiangqi notation (炮二平五, 马８进７, 前车进二), written from the WXF fields and read
in traditional or simplified characters, with Chinese, full-width or ASCII numbers.

Red's files and distances are Chinese numerals, Black's full-width digits, both counted from
the mover's right as in WXF; 进 / 退 / 平 are forward / backward / sideways. Two pieces on a
file are 前 (front) and 后 (rear); three on a file are 前 / 中 / 后; otherwise the index from
the front (一, 二, ... for Red) stands before the piece, followed by the file when soldiers stand
in pairs on two files.
"""

from __future__ import annotations

import re
from functools import partial
from types import SimpleNamespace

from xqchess.core.notation import parse_by_rendering
from xqchess.variants.families.xiangqi_family.definition import (
    ADVISOR,
    CANNON,
    CHARIOT,
    ELEPHANT,
    GENERAL,
    HORSE,
    SOLDIER,
)
from xqchess.variants.families.xiangqi_family.wxf import LETTER_KINDS

PIECE_NAMES = (
    {
        GENERAL: "帅",
        ADVISOR: "仕",
        ELEPHANT: "相",
        HORSE: "马",
        CHARIOT: "车",
        CANNON: "炮",
        SOLDIER: "兵",
    },
    {
        GENERAL: "将",
        ADVISOR: "士",
        ELEPHANT: "象",
        HORSE: "马",
        CHARIOT: "车",
        CANNON: "炮",
        SOLDIER: "卒",
    },
)
NUMBERS = ("零一二三四五六七八九", "０１２３４５６７８９")
OPERATORS = {"+": "进", "-": "退", "=": "平"}
FRONT, MIDDLE, REAR = "前", "中", "后"

#: Every character a reader may type -> its canonical token.
CANONICAL = {}
for _chars, _token in (
    ("帅帥将將", "K"),
    ("仕士", "A"),
    ("相象", "E"),
    ("马馬傌", "H"),
    ("车車俥", "R"),
    ("炮砲包", "C"),
    ("兵卒", "P"),
    ("进進", "+"),
    ("退", "-"),
    ("平", "="),
    ("前", "f"),
    ("中", "m"),
    ("后後", "r"),
):
    for _char in _chars:
        CANONICAL[_char] = _token
for _digit in range(1, 10):
    for _numerals in NUMBERS + ("0123456789",):
        CANONICAL[_numerals[_digit]] = str(_digit)
#: Canonical tokens of a move: a position mark (front, middle, rear, or an index), the piece,
#: its file (unless a position mark tells it apart), the operator and the number.
WELL_FORMED = re.compile(r"([fmr]|[0-9])?([KAEHRCP])([0-9])?[+\-=][0-9]")


def normalize_chinese(text: str) -> str:
    """Canonical tokens of Chinese move text; characters outside the notation become '?'."""
    return "".join(CANONICAL.get(char, "?") for char in text if not char.isspace())


def make_chinese(wxf: SimpleNamespace) -> SimpleNamespace:
    """Chinese notation over a game's WXF (`wxf.make_wxf`): ``move_to_chinese`` and
    ``move_from_chinese``."""
    wxf_parts, unmatched = wxf.wxf_parts, wxf.unmatched

    def move_to_chinese(pos, move: int, plain: bool = False) -> str:
        """Chinese text of ``move`` (legal in ``pos``); with ``plain``, naming the piece by its file
        where the notation would tell pieces on one file apart by 前 / 中 / 后 or an index."""
        parts = wxf_parts(pos, move, plain)
        color = pos.side
        numbers = NUMBERS[color]
        piece = PIECE_NAMES[color][parts.kind]
        if parts.index:
            if parts.tandem_files < 2 and parts.tandem_count == 3:
                head = (FRONT, MIDDLE, REAR)[parts.index - 1] + piece
            elif parts.tandem_count == 2:
                head = (FRONT, REAR)[parts.index - 1] + piece
            else:
                head = numbers[parts.index] + piece
            if parts.tandem_files >= 2:
                head += numbers[parts.file]
        elif parts.tandem:
            head = (FRONT if parts.tandem == "+" else REAR) + piece
        else:
            head = piece + numbers[parts.file]
        return head + OPERATORS[parts.operator] + numbers[parts.number]

    def _unmatched_chinese(pos, canonical: str) -> str:
        """`wxf.unmatched` for the canonical tokens of a Chinese move."""
        _, letter, file = WELL_FORMED.fullmatch(canonical).groups()
        return unmatched(pos, LETTER_KINDS[letter], int(file) if file else None)

    def move_from_chinese(pos, text: str) -> int:
        return parse_by_rendering(
            pos,
            text,
            move_to_chinese,
            normalize_chinese,
            WELL_FORMED.fullmatch,
            "Chinese",
            "炮二平五",
            plain=partial(move_to_chinese, plain=True),
            unmatched=_unmatched_chinese,
        )

    return SimpleNamespace(move_to_chinese=move_to_chinese, move_from_chinese=move_from_chinese)
