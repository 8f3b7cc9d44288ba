"""Greer's valueboard and the influence of a move (Greer 2000, section 2.3 and Appendix A;
../shared/seeds/greer-2000-chessmaps-move-influence.txt), for every game on the kernel.

* **Piece values** (`square_values`): each piece's value from the variant's
  ``chessmaps_values`` (chess: Table A.1, pawn 10 ... queen 90, king 40; the two bishops 30 and
  31 by square color, the two rooks 50 and 49 by file), positive for the first player and
  negative for the second.
* **Valueboard** (`valueboard`): per square, "the sum values of all pieces that directly or
  indirectly attack" it, plus the value of the piece on it. A piece attacks a square when it
  could capture there (`Variant.attackers`: a pawn by its capture diagonals, a cannon over one
  screen), pins and legality aside: the valueboard counts attacks, the chessmap
  (`control.chessmap`) judges legal moves. It attacks indirectly when it could capture there
  once pieces in front of it that attack the square have captured there (Greer: "doubled with
  another piece on the square and so could move there only after the first piece has done
  so"): found by lifting the square's attackers off a scratch board, both colors, and asking
  again until no new one comes, so a bishop behind a pawn, a rook behind a queen, a piece
  behind an enemy piece on the same line and a cannon whose new screen is the piece left
  behind all count. Nothing counts behind a royal piece: it captures last and only where no
  recapture follows, so nothing follows it (the paper's h1 counts the g1 king, not the f1 rook
  behind it). This reproduces the paper's Figs. A.3 and A.4 square for square (tests).
* **Influence** (`influence`): the valueboard before and after the move; +1 where the change
  favours the mover (up for the first player, down for the second), -1 where it favours the
  opponent, 0 where nothing changed. The pieces keep their values through the move (a rook
  that passes the other rook's file stays the rook it was), as the paper's program, which
  followed each piece, did. The destination square is 0: "with 64 sectors, the sector that
  the piece moves to would not be considered as being influenced".
* **Sectors**: a layout is data, a sequence of square groups. `square_sectors` (one square
  each, the paper's Fig. 1 and its best) is the default; `block_sectors` makes coarser ones
  (2x2 blocks). `sector_influence` sums the valueboard change over each sector's squares (the
  destination square left out) and takes its sign from the mover's side. The paper's Fig. 2
  (11 sectors) survives in the seed text only in part (its lower half is blank), so it is not
  offered.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from xqchess.core.errors import XQChessError
from xqchess.core.moves import (
    COMPANION, SIDE_CAPTURE, move_from, move_promotion, move_special, move_to,
)
from xqchess.core.pieces import COLOR_SHIFT, KIND_MASK, WHITE
from xqchess.core.variant import BY_FILE, BY_SQUARE_COLOR

if TYPE_CHECKING:
    from xqchess.core.position import Position
    from xqchess.core.variant import Variant

#: A sector layout: groups of squares, one group per sector.
Layout = Sequence[Sequence[int]]


def square_values(pos: Position) -> list[int]:
    """Per square, the valueboard value of the piece on it (0 on an empty square): the
    variant's ``chessmaps_values``, the members of a pair told apart by ``pair_order``,
    negative for the second player."""
    return _board_values(pos.variant, pos.board)


def _board_values(variant: Variant, board: list[int]) -> list[int]:
    table = variant.chessmaps_values
    values = table.values
    order = table.pair_order
    geometry = variant.geometry
    files = geometry.files
    last_rank = geometry.ranks - 1
    result = [0] * len(board)
    paired: dict[int, list[tuple[int, int, int]]] = {}
    for sq, piece in enumerate(board):
        if not piece:
            continue
        kind = piece & KIND_MASK
        sign = -1 if piece >> COLOR_SHIFT else 1
        rule = order.get(kind)
        if rule is None:
            result[sq] = sign * values[kind][0]
        elif rule == BY_SQUARE_COLOR:
            light = (sq % files + sq // files) & 1
            kind_values = values[kind]
            result[sq] = sign * kind_values[min(light, len(kind_values) - 1)]
        elif rule == BY_FILE:  # collected, then numbered by (file, rank from its own side)
            rank = sq // files
            own_rank = last_rank - rank if sign < 0 else rank
            paired.setdefault(piece, []).append((sq % files, own_rank, sq))
        else:
            raise XQChessError(f"{variant.name}: unknown chessmaps pair order {rule!r}")
    for piece, members in paired.items():
        kind_values = values[piece & KIND_MASK]
        sign = -1 if piece >> COLOR_SHIFT else 1
        last = len(kind_values) - 1
        for index, (_, _, sq) in enumerate(sorted(members)):
            result[sq] = sign * kind_values[min(index, last)]
    return result


def carry(variant: Variant, move: int, table: list[int], promoted: int) -> list[int]:
    """A per-square ``table`` of the board before ``move``, made true of the board after it:
    each piece's entry goes with it (the mover's, and a castling rook's), a captured piece's
    goes, and a promoted piece's entry becomes ``promoted``."""
    frm, to = move_from(move), move_to(move)
    result = list(table)
    result[to] = promoted if move_promotion(move) else table[frm]
    result[frm] = 0
    special = move_special(move)
    if special == SIDE_CAPTURE:
        files = variant.geometry.files
        result[frm - frm % files + to % files] = 0
    elif special == COMPANION:
        c_from, c_to = variant.companion_moves[to]
        result[c_to], result[c_from] = table[c_from], 0
    return result


def values_after(pos: Position, move: int, before: list[int]) -> list[int]:
    """The piece values once ``move`` (legal in ``pos``) is played, each piece keeping the value
    it had in ``before`` (`square_values` of ``pos``); a promoted piece takes its new kind's
    first value."""
    promotion = move_promotion(move)
    promoted = 0
    if promotion:
        sign = -1 if pos.board[move_from(move)] >> COLOR_SHIFT else 1
        promoted = sign * pos.variant.chessmaps_values.values[promotion][0]
    return carry(pos.variant, move, before, promoted)


def attack_closure(variant: Variant, board: list[int], sq: int) -> list[int]:
    """The squares of every piece, of either color, that attacks ``sq`` directly or indirectly
    (once the pieces in front of it on its line have captured on ``sq``): the square's
    attackers are lifted off ``board`` and the attackers asked for again until no new one
    comes. A royal piece is found but never lifted: it captures last and only where nothing
    can recapture, so no piece ever follows it (the paper's Fig. A.3 counts the g1 king on h1
    but not the f1 rook behind it). ``board`` is restored before returning."""
    attackers = variant.attackers
    royal = variant.royal_pieces
    found: list[int] = []
    lifted: list[tuple[int, int]] = []
    new = attackers(board, sq, 0) + attackers(board, sq, 1)
    while new:
        found += new
        for s in new:
            piece = board[s]
            if piece != royal[0] and piece != royal[1]:
                lifted.append((s, piece))
                board[s] = 0
        new = [s for s in attackers(board, sq, 0) + attackers(board, sq, 1) if s not in found]
    for s, piece in lifted:
        board[s] = piece
    return found


def _valueboard(variant: Variant, board: list[int], values: list[int]) -> np.ndarray:
    scratch = list(board)
    result = np.array(values, dtype=np.int32)
    for sq in range(len(board)):
        closure = attack_closure(variant, scratch, sq)
        if closure:
            result[sq] += sum(values[s] for s in closure)
    return result


def valueboard(pos: Position) -> np.ndarray:
    """Greer's valueboard of ``pos``: per square (square-index order, int32), the value of the
    piece on it plus the values of all pieces attacking it directly or indirectly, the first
    player's positive and the second player's negative. ``pos`` is left as it was."""
    return _valueboard(pos.variant, pos.board, square_values(pos))


def _change(pos: Position, move: int) -> np.ndarray:
    """The valueboard after ``move`` minus the valueboard before, pieces keeping their values."""
    variant = pos.variant
    before_values = square_values(pos)
    before = _valueboard(variant, pos.board, before_values)
    scratch = pos.copy()
    scratch.make(move)
    after_values = values_after(pos, move, before_values)
    return _valueboard(variant, scratch.board, after_values) - before


def _mover_sign(pos: Position, move: int) -> int:
    return 1 if pos.board[move_from(move)] >> COLOR_SHIFT == WHITE else -1


def influence(pos: Position, move: int) -> np.ndarray:
    """The influence of ``move`` (legal in ``pos``) on every square, int8 in square-index
    order: +1 where the valueboard changes in the mover's favour, -1 where it changes in the
    opponent's, 0 where it does not change and on the destination square."""
    result = np.sign(_change(pos, move)).astype(np.int8) * np.int8(_mover_sign(pos, move))
    result[move_to(move)] = 0
    return result


def square_sectors(variant: Variant) -> tuple[tuple[int, ...], ...]:
    """The default layout: one sector per square, in square-index order (the paper's Fig. 1)."""
    return tuple((sq,) for sq in range(variant.geometry.size))


def block_sectors(variant: Variant, files: int = 2, ranks: int = 2) -> tuple[tuple[int, ...], ...]:
    """Sectors of ``files`` x ``ranks`` squares from the first player's a-file corner, rank
    by rank; blocks at the far edges are smaller where the board does not divide evenly."""
    geometry = variant.geometry
    if files < 1 or ranks < 1:
        raise XQChessError(f"sector blocks must be at least 1x1, not {files}x{ranks}")
    return tuple(
        tuple(geometry.square(f, r)
              for r in range(r0, min(r0 + ranks, geometry.ranks))
              for f in range(f0, min(f0 + files, geometry.files)))
        for r0 in range(0, geometry.ranks, ranks)
        for f0 in range(0, geometry.files, files))


def check_layout(variant: Variant, layout: Layout) -> None:
    """Raise XQChessError naming the fault when ``layout`` has an empty sector or a square
    that is not on the board."""
    size = variant.geometry.size
    for index, sector in enumerate(layout):
        if not len(sector):
            raise XQChessError(f"sector {index} of the layout has no squares")
        for sq in sector:
            if not (isinstance(sq, (int, np.integer)) and 0 <= sq < size):
                raise XQChessError(f"sector {index} names square {sq!r}, not one of 0..{size - 1}")


def sector_influence(pos: Position, move: int, layout: Layout) -> np.ndarray:
    """The influence of ``move`` per sector of ``layout`` (int8, one value per sector): the
    sign, from the mover's side, of the valueboard change summed over the sector's squares,
    the destination square left out. With `square_sectors` it equals `influence`."""
    check_layout(pos.variant, layout)
    change = _change(pos, move)
    change[move_to(move)] = 0
    sums = np.array([change[list(sector)].sum() for sector in layout], dtype=np.int64)
    return np.sign(sums).astype(np.int8) * np.int8(_mover_sign(pos, move))
