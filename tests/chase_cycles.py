"""Generated xiangqi repetition cycles for the chase rule's differential test.

From middlegame positions (the shipped xiangqi suites, each walked on a few random plies), one
side shuffles an attacker between two squares while the other shuffles the piece it attacks,
another piece, or a checking piece; each 4-ply cycle is played until the start position has
occurred three times. Attackers are taken in turn from every kind that can chase (chariot,
cannon, horse, elephant, advisor, soldier), preferring a move that lands on an attack, so that
protected and unprotected targets, pinned and free pieces, crossed and uncrossed soldiers and
generals as sole defenders all occur; some cycles have checks, some chases on both sides, and
half start one or two plies after the suite position so the earlier occurrence is not the start.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from xqchess.core.moves import move_from, move_to
from xqchess.core.pieces import COLOR_SHIFT, KIND_MASK
from xqchess.variants import get_variant
from xqchess.variants.families.xiangqi_family.definition import (
    ADVISOR,
    CANNON,
    CHARIOT,
    ELEPHANT,
    GENERAL,
    HORSE,
    SOLDIER,
)

XIANGQI = get_variant("xiangqi")
attackers = XIANGQI.attackers
SUITES = Path(__file__).parent.parent / "variants" / "xiangqi" / "data"
ATTACKER_KINDS = (CHARIOT, CANNON, HORSE, ELEPHANT, ADVISOR, SOLDIER)
CYCLES_TO_THREEFOLD = 2  # the start, then after each of two cycles
#: Kinds whose chases a random position often allows; for the others a chase is searched for
#: only in the position at hand.
READY_CHASERS = (CHARIOT, CANNON, HORSE)
STRONG_CHASE = 2  # `_chased_home`'s score of a chase that should count


@dataclass
class Cycle:
    start: str  # the FEN the moves start from
    moves: list[str]  # UCI moves: a prefix, then the cycle twice
    attacker_kind: int
    first_compared: int  # the number of moves after which comparisons start


def suite_fens() -> list[str]:
    fens = []
    for name in ("xiangqi-middlegames.epd", "xiangqi-middlegames-30.epd"):
        for line in (SUITES / name).read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                fields = line.split()
                fens.append(" ".join(fields[:4]) + " 0 1")
    return fens


def _reverse(pos, move: int) -> int | None:
    """The legal move taking the piece that just made ``move`` back, if any."""
    frm, to = move_from(move), move_to(move)
    return next((m for m in pos.legal_moves() if move_from(m) == to and move_to(m) == frm), None)


def _strikes(pos, move: int) -> bool:
    """Whether the piece moved by ``move`` attacks an enemy piece other than the general."""
    pos.make(move)
    to = move_to(move)
    board = pos.board
    hit = any(
        board[s]
        and board[s] >> COLOR_SHIFT == pos.side
        and board[s] & KIND_MASK != GENERAL
        and to in attackers(board, s, pos.side ^ 1)
        for s in range(len(board))
    )
    pos.unmake()
    return hit


def _shuffle(pos, move: int, reply_choices) -> tuple[int, int, int] | None:
    """(move, reply, reverse of move), each legal in turn and the reply reversible, or None."""
    pos.make(move)
    try:
        for reply in reply_choices(pos, move):
            pos.make(reply)
            back = _reverse(pos, move)
            if back is not None:
                pos.make(back)
                reply_back = _reverse(pos, reply)
                pos.unmake()
                if reply_back is not None:
                    pos.unmake()
                    return move, reply, back
            pos.unmake()
        return None
    finally:
        pos.unmake()


def generate(count: int, seed: int) -> list[Cycle]:
    rng = random.Random(seed)
    fens = suite_fens()
    cycles: list[Cycle] = []
    tries = 0
    while len(cycles) < count:
        tries += 1
        kind = ATTACKER_KINDS[len(cycles) % len(ATTACKER_KINDS)]
        cycle = _one_cycle(rng, rng.choice(fens), kind)
        if cycle is not None:
            cycles.append(cycle)
        assert tries < count * 50, "cycle generation keeps failing"
    return cycles


def _one_cycle(rng: random.Random, fen: str, kind: int) -> Cycle | None:
    pos = XIANGQI.position(fen)
    moves: list[str] = []
    for _ in range(rng.randrange(0, 12)):  # walk a few plies off the suite position
        legal = sorted(pos.legal_moves())
        if not legal:
            return None
        move = rng.choice(legal)
        moves.append(XIANGQI.format_move(pos, move))
        pos.make(move)
    start = pos.fen()
    moves = []
    if rng.random() < 0.5:  # a prefix: the earlier occurrence is then not the start
        for _ in range(rng.randrange(1, 3)):
            quiet = [m for m in sorted(pos.legal_moves()) if not pos.board[move_to(m)]]
            if not quiet:
                return None
            move = rng.choice(quiet)
            moves.append(XIANGQI.format_move(pos, move))
            pos.make(move)
    if pos.outcome() is not None:
        return None
    legal = sorted(pos.legal_moves())
    mine = [
        m
        for m in legal
        if pos.board[move_from(m)] & KIND_MASK == kind and not pos.board[move_to(m)]
    ]
    if not mine:
        return None
    striking = [m for m in mine if _strikes(pos, m)]
    rng.shuffle(striking)
    rng.shuffle(mine)
    mode = rng.random()
    if mode < 0.6:  # a chase: the attacked piece flees where the attacker strikes from home
        pairs = _chase_pairs(pos, striking)
        best = max((score for score, _, _ in pairs), default=0)
        if best < STRONG_CHASE and kind in READY_CHASERS and rng.random() < 0.8:
            return None  # try another position
        chosen = [(move, reply) for score, move, reply in pairs if score == best]
        if chosen:
            found = _as_cycle(pos, *rng.choice(chosen))
            if found is not None:
                return Cycle(start, moves + found * CYCLES_TO_THREEFOLD, kind, len(moves) + 4)
        if kind in READY_CHASERS:
            return None  # try another position
    candidates = (striking + mine) if rng.random() < 0.85 else mine

    def replies(after, move):
        quiet = [m for m in sorted(after.legal_moves()) if not after.board[move_to(m)]]
        rng.shuffle(quiet)
        if mode < 0.7:  # move an attacked piece away and back
            struck = {
                s
                for s in range(len(after.board))
                if after.board[s]
                and after.board[s] >> COLOR_SHIFT == after.side
                and attackers(after.board, s, after.side ^ 1)
            }
            quiet.sort(key=lambda m: move_from(m) not in struck)
        elif mode < 0.85:  # chase back: mutual chases
            quiet.sort(key=lambda m: not _strikes(after, m))
        elif mode < 0.95:  # check back
            quiet.sort(key=lambda m: not after.gives_check(m))
        return quiet[:12]

    for move in candidates[:6]:
        found = _shuffle(pos, move, replies)
        if found is not None:
            cycle = _as_cycle(pos, found[0], found[1])
            if cycle is not None:
                return Cycle(start, moves + cycle * CYCLES_TO_THREEFOLD, kind, len(moves) + 4)
    return None


def _as_cycle(pos, move: int, reply: int) -> list[str] | None:
    """The 4-ply cycle ``move``, ``reply`` and both taken back, in UCI, if all are legal."""
    probe = pos.copy()
    texts = []
    for step in (move, reply, None, None):
        if step is None:
            step = _reverse(probe, probe.move_back(1))
            if step is None:
                return None
        texts.append(XIANGQI.format_move(probe, step))
        probe.make(step)
    return texts


def _chase_pairs(pos, striking: list[int]) -> list[tuple[int, int, int]]:
    """(`_chased_home` score, move, reply) for each striking move and each quiet reply of a
    piece it attacks."""
    pairs = []
    for move in striking:
        pos.make(move)
        to = move_to(move)
        for reply in sorted(pos.legal_moves()):
            frm = move_from(reply)
            if not pos.board[move_to(reply)] and to in attackers(pos.board, frm, pos.side ^ 1):
                score = _chased_home(pos, move, reply)
                if score:
                    pairs.append((score, move, reply))
        pos.unmake()
    return pairs


#: Kinds a chase counts against whether protected or not, per attacking kind.
WEAKER_THAN = {
    HORSE: {CHARIOT},
    CANNON: {CHARIOT},
    ELEPHANT: {CHARIOT, CANNON, HORSE},
    ADVISOR: {CHARIOT, CANNON, HORSE},
}


def _chased_home(pos, move: int, reply: int) -> int:
    """How well ``move`` and ``reply`` make a 4-ply chase: 0 unless the piece that made
    ``move`` attacks the piece that makes ``reply`` and, back home after it, attacks it again;
    else 1, or 2 if
    that piece is also stronger than the attacker, or of another kind and unprotected on both
    squares."""
    flee_from = move_from(reply)
    if (move_to(move)) not in attackers(pos.board, flee_from, pos.side ^ 1):
        return 0
    bare_at_first = not attackers(pos.board, flee_from, pos.side)
    pos.make(reply)
    back = _reverse(pos, move)
    score = 0
    if back is not None:
        pos.make(back)
        home, target = move_from(move), move_to(reply)
        board = pos.board
        if home in attackers(board, target, pos.side ^ 1):
            score = 1
            kind, target_kind = board[home] & KIND_MASK, board[target] & KIND_MASK
            if target_kind in WEAKER_THAN.get(kind, ()) or (
                target_kind != kind and bare_at_first and not attackers(board, target, pos.side)
            ):
                score = 2
        pos.unmake()
    pos.unmake()
    return score
