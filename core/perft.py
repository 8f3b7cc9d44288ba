"""Perft: count the leaf nodes of the legal move tree, the standard test of a move generator."""

from __future__ import annotations

from xqchess.core.position import Position


def perft(pos: Position, depth: int, bulk: bool = True) -> int:
    """Leaf count at ``depth``. With ``bulk`` the last ply counts legal moves without playing
    them; without it every move is made and unmade (the benchmark's honest workload)."""
    if depth <= 0:
        return 1
    moves = pos.legal_moves()
    if depth == 1:
        if bulk:
            return len(moves)
        for move in moves:
            pos.make(move)
            pos.unmake()
        return len(moves)
    nodes = 0
    for move in moves:
        pos.make(move)
        nodes += perft(pos, depth - 1, bulk)
        pos.unmake()
    return nodes


def divide(pos: Position, depth: int) -> list[tuple[int, int]]:
    """Per legal move, the leaf count of its subtree at ``depth`` (``depth`` >= 1)."""
    counts = []
    for move in pos.legal_moves():
        pos.make(move)
        counts.append((move, perft(pos, depth - 1)))
        pos.unmake()
    return counts
