"""What a xiangqi move chases, as Fairy-Stockfish's AXF chasing rule decides it.

`chased(after, before, move, victim)` is the set (a bitmask, bit ``1 << square``) of the
victim's pieces that ``move`` newly chases, the board being ``before`` the move and ``after`` it
and ``victim`` the side to move after it. It follows Fairy-Stockfish's ``Position::chased()``
(src/position.cpp) rule by rule:

* Targets: never the general and never a soldier that has not crossed the river. A horse or
  cannon chases a chariot, an elephant or advisor chases a chariot, cannon or horse, protected
  or not. Pieces of the attacker's own kind count only when pinned (or, horse on horse, when
  the attacked horse's leg is blocked so that it cannot strike back). Any other target counts
  when unprotected: protection is judged with the attacker taken off the board, pinned
  defenders do not protect, and a general alone does not when its recapture would face the
  other general.
* New attacks only: those of the moved piece (not a general or soldier; a chariot or cannon
  not along the line it moved on), and those a move discovers (a horse's leg or an elephant's
  eye freed, a line opened through the origin, a cannon given a screen on the destination).
* A move that pins a defender makes the pieces that defender guarded count as chased when the
  mover attacks them; a move that sets up a discovered check makes the pieces the discovering
  piece attacks count, unless the general can take them back legally.

Where Fairy-Stockfish asks a piece's attacks without its region (its ``attacks_bb``: elephants
across the river, advisors outside the palace, uncrossed soldiers sideways) so does this module,
and where it asks them inside the region (``attacks_from``, ``attackers_to``) so does this one:
the verdicts must be the oracle's, quirks included.

`make_chase(tables, attackers)` builds `chased`, `cycle_chases` and the attack sets they read
for one board (`board_tables.Tables` and the probes of `attacks.make_attacks`); xiangqi's own
are bound below.

`perpetual_chase` tells who chased throughout a repeated cycle, the way Fairy-Stockfish's
``is_optional_game_end`` does: both sides' chase sets intersected move by move, each chased piece
followed as it moves (`rules` judges perpetual check first).
"""

from __future__ import annotations

from types import SimpleNamespace

from xqchess.core.moves import move_from, move_to
from xqchess.core.pieces import COLOR_SHIFT, KIND_MASK
from xqchess.core.position import BOARD
from xqchess.variants.families.xiangqi_family.definition import (
    ADVISOR,
    CANNON,
    CHARIOT,
    ELEPHANT,
    GENERAL,
    HORSE,
    SOLDIER,
)

MEMO_LIMIT = 1 << 16


def _bits(squares) -> int:
    """The bitmask of ``squares``."""
    mask = 0
    for s in squares:
        mask |= 1 << s
    return mask


def _squares(mask: int):
    """The squares of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _by_kind(board: list[int], color: int) -> list[int]:
    """Per kind, the bitmask of the squares of ``color``'s pieces of that kind."""
    masks = [0] * (KIND_MASK + 1)
    for s, p in enumerate(board):
        if p and p >> COLOR_SHIFT == color:
            masks[p & KIND_MASK] |= 1 << s
    return masks


def follow_back(mask: int, move: int) -> int:
    """``mask`` as it stood before ``move``: a piece on its destination goes back to its origin
    (Fairy-Stockfish's ``undo_move_board``), so that a chased piece is followed as it moves."""
    to = move_to(move)
    if move and mask >> to & 1:
        return mask ^ (1 << to) | 1 << move_from(move)
    return mask


def perpetual_chase(back: int, chases: list[int | None], moves: list[int]) -> int | None:
    """Who chased throughout a cycle back to the position ``back`` plies ago, for the side to
    move: +1 the opponent alone (the side to move wins), -1 the side to move alone, 0 both, None
    neither. ``chases[j]``: what the move into the position ``j`` plies back chased (None where
    no move led there: the start, or a null move); ``moves[j]``: that move. Like
    Fairy-Stockfish, the opponent's chases are intersected from the last move back to the one
    into the earlier occurrence, the side to move's over its moves in between."""
    chase_them = follow_back(chases[0], moves[1]) & chases[2]
    for j in range(4, back + 1, 2):
        if chases[j] is not None:
            chase_them = follow_back(chase_them, moves[j - 1]) & chases[j]
    chase_us = follow_back(chases[1], moves[2]) & chases[3]
    for j in range(5, back, 2):
        chase_us = follow_back(chase_us, moves[j - 1]) & chases[j]
    if not (chase_them or chase_us):
        return None
    return (bool(chase_them) > bool(chase_us)) - (bool(chase_us) > bool(chase_them))


def make_chase(tables, attackers) -> SimpleNamespace:
    """The chase rule's pieces for the board of ``tables`` (``attackers``: its
    `attacks.make_attacks` probe): ``attacks``, ``blockers``, ``chased`` and ``cycle_chases``."""
    geometry = tables.geometry
    ROOK_RAYS = tables.rook_rays
    HORSE_MOVES = tables.horse_moves
    HORSE_ATTACKERS = tables.horse_attackers
    ELEPHANT_MOVES = tables.elephant_moves
    ELEPHANT_JUMPS_ANYWHERE = tables.elephant_jumps_anywhere
    ADVISOR_STEPS = tables.advisor_steps
    GENERAL_STEPS = tables.general_steps
    SOLDIER_STEPS = tables.soldier_steps
    SOLDIER_STEPS_ANYWHERE = tables.soldier_steps_anywhere
    ORTHOGONAL_NEIGHBOURS = tables.orthogonal_neighbours
    DIAGONAL_NEIGHBOURS = tables.diagonal_neighbours
    LINES = tables.lines
    OWN_HALF_MASK = tables.uncrossed_mask
    FILE_MASKS = tables.file_masks

    def _line_attacks(board: list[int], sq: int, hops: int) -> int:
        """The pieces a chariot (``hops`` 0) or a cannon (``hops`` 1) on ``sq`` strikes."""
        found = 0
        for ray in ROOK_RAYS[sq]:
            screens = 0
            for s in ray:
                if board[s]:
                    if screens == hops:
                        found |= 1 << s
                        break
                    screens += 1
        return found

    def attacks(board: list[int], kind: int, color: int, sq: int, bounded: bool) -> int:
        """The squares a ``kind`` of ``color`` on ``sq`` attacks on ``board`` (its occupancy only
        matters): inside the piece's region, uncrossed soldiers forward only, when ``bounded``
        (Fairy-Stockfish's ``attacks_from``), else with the region ignored (``attacks_bb``)."""
        if kind == CHARIOT:
            return _line_attacks(board, sq, 0)
        if kind == CANNON:
            return _line_attacks(board, sq, 1)
        if kind == HORSE:
            return _bits(t for t, leg in HORSE_MOVES[sq] if not board[leg])
        if kind == ELEPHANT:
            jumps = ELEPHANT_MOVES[color][sq] if bounded else ELEPHANT_JUMPS_ANYWHERE[sq]
            return _bits(t for t, eye in jumps if not board[eye])
        if kind == ADVISOR:
            return _bits(ADVISOR_STEPS[color][sq] if bounded else DIAGONAL_NEIGHBOURS[sq])
        if kind == GENERAL:
            return _bits(GENERAL_STEPS[color][sq] if bounded else ORTHOGONAL_NEIGHBOURS[sq])
        if bounded:
            return _bits(SOLDIER_STEPS[color][sq])
        return _bits(SOLDIER_STEPS_ANYWHERE[color][sq])

    def blockers(board: list[int], general: int) -> int:
        """The pieces of either color whose removal would let a piece of the other side newly
        attack the general on ``general``: the piece before an enemy chariot on its lines, the two
        screens before an enemy cannon, and the leg of an enemy horse (Fairy-Stockfish's
        ``blockers_for_king``; the facing generals are not counted here)."""
        enemy = (board[general] >> COLOR_SHIFT ^ 1) << COLOR_SHIFT
        chariot, cannon, horse = CHARIOT | enemy, CANNON | enemy, HORSE | enemy
        found = 0
        for ray in ROOK_RAYS[general]:
            seen = []
            for s in ray:
                if board[s]:
                    seen.append(s)
                    if len(seen) == 3:
                        break
            if len(seen) >= 2 and board[seen[1]] == chariot:
                found |= 1 << seen[0]
            if len(seen) == 3 and board[seen[2]] == cannon:
                found |= 1 << seen[0] | 1 << seen[1]
        for s, leg in HORSE_ATTACKERS[general]:
            if board[s] == horse and board[leg]:
                found |= 1 << leg
        return found

    def chased(after: list[int], before: list[int], move: int, victim: int) -> int:
        """The victim's pieces (a square bitmask) that ``move``, played from ``before`` to
        ``after``, newly chases (see the module docstring)."""
        mover = victim ^ 1
        frm, to = move_from(move), move_to(move)
        kinds = _by_kind(after, victim)
        victims = 0
        for mask in kinds:
            victims |= mask
        own_general = (kinds[GENERAL] & -kinds[GENERAL]).bit_length() - 1
        their_general = after.index(GENERAL | mover << COLOR_SHIFT)
        own_blockers = blockers(after, own_general)
        pins = own_blockers
        # The facing-generals rule pins a lone piece of the victim's on the mover's general's file.
        on_file = victims & FILE_MASKS[geometry.file_of(their_general)]
        if on_file >> own_general & 1:
            others = on_file ^ 1 << own_general
            if others & (others - 1) == 0:
                pins |= others
        shielded = kinds[GENERAL] | kinds[SOLDIER] & OWN_HALF_MASK[victim]
        result = 0

        def add_chased(attacker_sq: int, kind: int, targets: int) -> None:
            nonlocal result
            if not targets & ~result:
                return
            targets &= ~shielded
            if kind == HORSE or kind == CANNON:
                result |= targets & kinds[CHARIOT]
            if kind == ELEPHANT or kind == ADVISOR:
                result |= targets & (kinds[CHARIOT] | kinds[CANNON] | kinds[HORSE])
            if kind == HORSE and any(after[s] for s in DIAGONAL_NEIGHBOURS[attacker_sq]):
                for s in _squares(targets & kinds[HORSE]):
                    if attacks(after, HORSE, victim, s, False) >> attacker_sq & 1:
                        targets ^= 1 << s
            else:
                targets &= ~kinds[kind] | pins
            if not targets:
                return
            without = BOARD(after)
            without[attacker_sq] = 0
            for s in _squares(targets):
                roots = _bits(attackers(without, s, victim)) & ~pins
                if not roots or (
                    roots == 1 << own_general and _line_attacks(without, their_general, 0) >> s & 1
                ):
                    result |= 1 << s

        moved = after[to] & KIND_MASK
        if moved != GENERAL and moved != SOLDIER:
            direct = attacks(after, moved, mover, to, True) & victims
            if moved == CHARIOT or moved == CANNON:
                direct &= ~(LINES[frm] & LINES[to] | 1 << frm | 1 << to)  # the line it moved on
            add_chased(to, moved, direct)

        mover_base = mover << COLOR_SHIFT
        candidates = {s for s in ORTHOGONAL_NEIGHBOURS[frm] if after[s] == HORSE | mover_base}
        candidates |= {s for s in DIAGONAL_NEIGHBOURS[frm] if after[s] == ELEPHANT | mover_base}
        candidates |= {
            s
            for s in _squares(LINES[frm])
            if after[s] in (CHARIOT | mover_base, CANNON | mover_base)
        }
        candidates |= {s for s in _squares(LINES[to]) if after[s] == CANNON | mover_base}
        for s in candidates:
            kind = after[s] & KIND_MASK
            discovered = (
                victims
                & attacks(after, kind, mover, s, False)
                & ~attacks(before, kind, mover, s, False)
            )
            add_chased(s, kind, discovered)

        new_blockers = own_blockers & ~blockers(before, own_general)
        if new_blockers & victims:
            their_blockers = blockers(after, their_general)
            for s in _squares(new_blockers & victims):
                guarded = (
                    victims & ~shielded & attacks(after, after[s] & KIND_MASK, victim, s, False)
                )
                for s2 in _squares(guarded):
                    if _bits(attackers(after, s2, mover)) & ~their_blockers:
                        result |= 1 << s2
        reach = _bits(GENERAL_STEPS[victim][own_general])
        for s in _squares(new_blockers & ~victims):
            struck = attacks(after, after[s] & KIND_MASK, mover, s, True) & victims
            result |= struck & ~reach
            if struck & reach:
                bare = BOARD(after)
                bare[s] = bare[own_general] = 0
                for s2 in _squares(struck & reach):
                    if _bits(attackers(bare, s2, mover)) & ~(1 << s):
                        result |= 1 << s2
        return result

    #: What `chased` found, by (hash of the position before the move, move): a search judges the
    #: same cycles again and again. Cleared when it grows past MEMO_LIMIT entries.
    _memo: dict[tuple[int, int], int] = {}

    def cycle_chases(pos, back: int) -> tuple[list[int | None], list[int]]:
        """For the positions 0 to ``back`` plies before ``pos`` (0: now), what the move into each
        chased and that move (`perpetual_chase`'s ``chases`` and ``moves``), read off the undo stack
        with the boards rebuilt backwards."""
        board = BOARD(pos.board)
        victim = pos.side
        chases: list[int | None] = []
        moves: list[int] = []
        for j in range(back + 1):
            if j >= pos.plies:
                chases.append(None)
                moves.append(0)
                break
            move, captured = pos.move_back(j), pos.captured_back(j)
            moves.append(move)
            if not move:  # a null move: nothing chased, nothing moved
                chases.append(None)
                victim ^= 1
                continue
            frm, to = move_from(move), move_to(move)
            before = BOARD(board)
            before[frm], before[to] = board[to], captured
            key = (pos.hash_back(j + 1), move)
            found = _memo.get(key)
            if found is None:
                if len(_memo) >= MEMO_LIMIT:
                    _memo.clear()
                found = _memo[key] = chased(board, before, move, victim)
            chases.append(found)
            board = before
            victim ^= 1
        return chases, moves

    return SimpleNamespace(
        attacks=attacks, blockers=blockers, chased=chased, cycle_chases=cycle_chases, memo=_memo
    )
