"""Rectangular board geometry: square numbering, square names and precomputed per-square tables.

Squares are small ints, ``rank * files + file``, rank 0 being the first player's back rank.
Variants describe their pieces with direction or offset data; the helpers here turn that data
into per-square lists once, so move generators index lists and never test board edges.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from xqchess.core.errors import XQChessError

FILE_LETTERS = "abcdefghijklmnopqrstuvwxyz"


class Geometry:
    """A board of ``files`` x ``ranks`` squares; ``rank_base`` is the number of the first rank."""

    __slots__ = ("files", "ranks", "size", "rank_base", "_names")

    def __init__(self, files: int, ranks: int, rank_base: int = 1) -> None:
        if not (1 <= files <= len(FILE_LETTERS) and 1 <= ranks):
            raise XQChessError(f"unsupported board size {files}x{ranks}")
        self.files = files
        self.ranks = ranks
        self.size = files * ranks
        self.rank_base = rank_base
        self._names = {self.square_name(sq): sq for sq in range(self.size)}

    def square(self, file: int, rank: int) -> int:
        return rank * self.files + file

    def file_of(self, sq: int) -> int:
        return sq % self.files

    def rank_of(self, sq: int) -> int:
        return sq // self.files

    def on_board(self, file: int, rank: int) -> bool:
        return 0 <= file < self.files and 0 <= rank < self.ranks

    def offset(self, sq: int, dfile: int, drank: int) -> int | None:
        """The square ``dfile`` files and ``drank`` ranks from ``sq``, or None off the board."""
        file, rank = sq % self.files + dfile, sq // self.files + drank
        return self.square(file, rank) if self.on_board(file, rank) else None

    def square_name(self, sq: int, rank_base: int | None = None) -> str:
        base = self.rank_base if rank_base is None else rank_base
        return f"{FILE_LETTERS[sq % self.files]}{sq // self.files + base}"

    def parse_square(self, name: str, rank_base: int | None = None) -> int:
        """The square called ``name`` (e.g. ``e4``); raises XQChessError naming the bad text."""
        if rank_base is None or rank_base == self.rank_base:
            sq = self._names.get(name)
        else:
            sq = self._names.get(self._rebase(name, rank_base))
        if sq is None:
            raise XQChessError(f"bad square {name!r}")
        return sq

    def _rebase(self, name: str, rank_base: int) -> str:
        digits = name[1:]
        if not (name[:1].isalpha() and digits.isdigit()):
            return name
        return f"{name[0]}{int(digits) - rank_base + self.rank_base}"

    def rays(self, directions: Iterable[tuple[int, int]]) -> list[list[list[int]]]:
        """Per square, the non-empty rays (squares in order of distance) along ``directions``."""
        table = []
        for sq in range(self.size):
            rays = []
            for dfile, drank in directions:
                ray = []
                target = self.offset(sq, dfile, drank)
                while target is not None:
                    ray.append(target)
                    target = self.offset(target, dfile, drank)
                if ray:
                    rays.append(ray)
            table.append(rays)
        return table

    def leaps(self, offsets: Iterable[tuple[int, int]]) -> list[list[int]]:
        """For each square, the squares one jump of ``offsets`` away that lie on the board."""
        offsets = list(offsets)
        return [
            [t for t in (self.offset(sq, df, dr) for df, dr in offsets) if t is not None]
            for sq in range(self.size)
        ]

    def between(self, a: int, b: int) -> list[int]:
        """Squares strictly between ``a`` and ``b`` on a shared rank, file or diagonal, else []."""
        df = self.file_of(b) - self.file_of(a)
        dr = self.rank_of(b) - self.rank_of(a)
        if a == b or not (df == 0 or dr == 0 or abs(df) == abs(dr)):
            return []
        steps = max(abs(df), abs(dr))
        sf, sr = (df > 0) - (df < 0), (dr > 0) - (dr < 0)
        file, rank = self.file_of(a), self.rank_of(a)
        return [self.square(file + sf * i, rank + sr * i) for i in range(1, steps)]

    def table_from_diagram(self, diagram: str) -> list[int]:
        """A per-square table from numbers laid out as a board diagram, last rank on top."""
        rows = [[int(v) for v in line.split()] for line in diagram.strip().splitlines()]
        if len(rows) != self.ranks or any(len(row) != self.files for row in rows):
            raise XQChessError(f"square table diagram is not {self.files}x{self.ranks}")
        return [value for row in reversed(rows) for value in row]

    def region(self, files: Sequence[int], ranks: Sequence[int]) -> frozenset[int]:
        """The set of squares on the given files and ranks (palaces, halves of the board)."""
        return frozenset(self.square(f, r) for f in files for r in ranks)


def bytes_table(table: list[list[int]] | None) -> list[bytes] | None:
    """Per square, its squares (leap targets, steps, attackers) as bytes (squares are below
    128): the probes' and the move generators' tables, which the compiled kernel walks as C
    chars. None stays None (a kind that does not leap)."""
    return None if table is None else [bytes(squares) for squares in table]


def bytes_rays(rays: list[list[list[int]]] | None) -> list[list[bytes]] | None:
    """Per square, its rays, each as bytes (see `bytes_table`)."""
    return None if rays is None else [[bytes(ray) for ray in square] for square in rays]
