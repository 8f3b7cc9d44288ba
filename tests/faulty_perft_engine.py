"""A UCI engine for the tests of `xqchess perft --against`: it answers ``go perft N`` with this
package's move generator and one deliberate fault, named on its command line.

    python faulty_perft_engine.py FAULT

FAULT is ``none``; ``no-en-passant`` (chess: en passant captures are never generated);
``en-passant-into-check`` (chess: en passant also when it leaves the king in check);
``castle-through-check`` (chess: castling also when the king crosses an attacked square);
``horse-leg`` (xiangqi: a horse also jumps when its leg is blocked); or, for the client's
error handling, ``garbage`` (nonsense instead of counts), ``die`` (exits on ``go``) or
``hang`` (never answers ``go``).
"""

from __future__ import annotations

import sys
import time

from xqchess.core.moves import (
    COMPANION,
    DOUBLE_STEP,
    SIDE_CAPTURE,
    SPECIAL_SHIFT,
    move_from,
    move_special,
    move_to,
)
from xqchess.core.pieces import COLOR_SHIFT
from xqchess.core.position import Position
from xqchess.variants import get_definition, get_variant

#: a horse's jumps (files, ranks) and the leg square's offset that blocks each
#: the faults an engine client must survive, with what its one line of error says
FAILURES = [
    ("die", "exited"),
    ("hang", "did not answer"),
    ("garbage", "answered go perft with 'banana'"),
]

HORSE_JUMPS = [
    ((df, dr), (df // 2, 0) if abs(df) == 2 else (0, dr // 2))
    for df, dr in ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
]


def blocked_horse_jumps(pos: Position) -> list[int]:
    """Moves of the side to move's horses over a blocked leg (illegal in xiangqi)."""
    geometry, board = pos.variant.geometry, pos.board
    jumps = []
    for sq in range(geometry.size):
        piece = board[sq]
        if not piece or piece >> COLOR_SHIFT != pos.side:
            continue
        if pos.variant.piece_letters[piece].lower() != "n":
            continue
        file, rank = geometry.file_of(sq), geometry.rank_of(sq)
        for (df, dr), (lf, lr) in HORSE_JUMPS:
            to_file, to_rank = file + df, rank + dr
            if not (0 <= to_file < geometry.files and 0 <= to_rank < geometry.ranks):
                continue
            target = board[geometry.square(to_file, to_rank)]
            leg = board[geometry.square(file + lf, rank + lr)]
            if leg and not (target and target >> COLOR_SHIFT == pos.side):
                jumps.append(sq | geometry.square(to_file, to_rank) << 7)
    return jumps


def own_piece(pos: Position, sq: int, letter: str) -> bool:
    piece = pos.board[sq]
    return (
        bool(piece)
        and piece >> COLOR_SHIFT == pos.side
        and (pos.variant.piece_letters[piece].lower() == letter)
    )


def en_passant_captures(pos: Position) -> list[int]:
    """Every en passant capture the last move (a double step) allows, legal or not: the king
    may be left in check. (The position keeps an ep square only where a capture is legal.)"""
    if not pos.plies or move_special(pos.move_back(0)) != DOUBLE_STEP:
        return []
    geometry = pos.variant.geometry
    victim = move_to(pos.move_back(0))
    passed = (move_from(pos.move_back(0)) + victim) // 2
    captures = []
    for side_step in (-1, 1):
        file = geometry.file_of(victim) + side_step
        if 0 <= file < geometry.files:
            sq = geometry.square(file, geometry.rank_of(victim))
            if own_piece(pos, sq, "p"):
                captures.append(sq | passed << 7 | SIDE_CAPTURE << SPECIAL_SHIFT)
    return captures


def castlings_through_check(pos: Position) -> list[int]:
    """Castlings the rights and the empty squares allow, from a king not in check to a square
    not attacked, whatever attacks the squares the king crosses."""
    rights = pos.fen().split()[2]
    moves = []
    for castling in get_definition(pos.variant.name).castlings:
        if (
            castling.color == pos.side
            and castling.letter in rights
            and own_piece(pos, castling.king_from, "k")
            and own_piece(pos, castling.rook_from, "r")
            and not any(pos.board[sq] for sq in castling.empty)
            and not pos.is_check()
            and not pos.variant.attacked(pos, castling.king_to, pos.side ^ 1)
        ):
            moves.append(castling.king_from | castling.king_to << 7 | COMPANION << SPECIAL_SHIFT)
    return moves


def moves(pos: Position, fault: str) -> list[int]:
    legal = pos.legal_moves()
    if fault == "no-en-passant":
        return [move for move in legal if move_special(move) != SIDE_CAPTURE]
    if fault == "en-passant-into-check":
        return legal + [move for move in en_passant_captures(pos) if move not in legal]
    if fault == "castle-through-check":
        return legal + [move for move in castlings_through_check(pos) if move not in legal]
    if fault == "horse-leg":
        return legal + blocked_horse_jumps(pos)
    return legal


def perft(pos: Position, depth: int, fault: str) -> int:
    if depth == 0:
        return 1
    total = 0
    for move in moves(pos, fault):
        pos.make(move)
        total += perft(pos, depth - 1, fault)
        pos.unmake()
    return total


def move_text(pos: Position, move: int) -> str:
    geometry = pos.variant.geometry
    return geometry.square_name(move & 127) + geometry.square_name(move >> 7 & 127)


def main() -> None:
    fault = sys.argv[1]
    variant = get_variant("chess")
    pos = variant.position()
    for line in sys.stdin:
        words = line.split()
        if words[:1] == ["uci"]:
            print("id name faulty")
            print("option name UCI_Variant type combo default chess var chess var xiangqi")
            print("uciok", flush=True)
        elif words[:1] == ["isready"]:
            print("readyok", flush=True)
        elif words[:4] == ["setoption", "name", "UCI_Variant", "value"]:
            variant = get_variant(words[4])
        elif words[:1] == ["position"]:
            at = words.index("moves") if "moves" in words else len(words)
            pos = variant.position(" ".join(words[2:at]) if words[1] == "fen" else None)
            for text in words[at + 1 :]:
                pos.make(variant.parse_move(pos, text, "uci"))
        elif words[:2] == ["go", "perft"]:
            if fault == "die":
                return
            if fault == "hang":
                time.sleep(3600)
            if fault == "garbage":
                print("banana\nNodes searched: 0", flush=True)
                continue
            depth, total = int(words[2]), 0
            for move in moves(pos, fault):
                pos.make(move)
                count = perft(pos, depth - 1, fault)
                pos.unmake()
                print(f"{move_text(pos, move)}: {count}")
                total += count
            print(f"\nNodes searched: {total}", flush=True)
        elif words[:1] == ["quit"]:
            return


if __name__ == "__main__":
    main()
