"""The chessmaps network's inputs and targets (Greer 2000, section 3), seen from the side to move.

Inputs, ``size + ROYAL_INPUTS`` values (chess 64 + 6 = 70, xiangqi 90 + 6 = 96):

* the chessmap (`control.chessmap`, section 2.2): one control value per square, +1 / 0 / -1;
* six royal-zone inputs: for the mover's royal piece, then for the opponent's, one input per
  group of ``variant.royal_zone_files`` (chess: queen side a-c, centre d-e, king side f-h;
  xiangqi: the palace's d, e and f files), +1 for the group whose files hold the piece and -1
  for the other two (all three -1 when a lenient position lacks the piece).

Target, ``size`` values: the influence of the move played (`valueboard.influence`, section 2.3),
+1 where the move's change of the valueboard favours the mover, -1 where it favours the
opponent, 0 elsewhere (the destination square included).

Orientation ("all positions were considered from the White side, so when it was Black to move
the position was reversed", section 3). When the first player moves, everything is as the
board stands. When the second player moves, the board is reversed:

1. ranks are mirrored, files kept: the value of square (file f, rank r) goes to input
   (f, ranks - 1 - r), so the mover's back rank is always rank 0 and its king side stays on
   the same files (chess e8 -> e1, g8 -> g1; xiangqi e10 -> e1);
2. control values change sign, so +1 always means "the side to move controls the square";
3. the royal inputs list the mover's royal piece first (inputs size..size+2) and the
   opponent's second (size+3..size+5).

The target gets step 1 only: influence is already signed from the mover's side. Sector index
``i`` of an input or target therefore names the real square ``orient_squares(geometry,
side)[i]``, the same permutation both ways (mirroring is its own inverse).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache

import numpy as np
from xqchess.core.geometry import Geometry
from xqchess.core.position import Position
from xqchess.ordering.chessmaps.control import chessmap
from xqchess.ordering.chessmaps.valueboard import influence

#: The royal-zone inputs: three zones for each of the two royal pieces.
ROYAL_INPUTS = 6
#: The value of a zone input whose group holds the royal piece, and of the others.
IN_ZONE, OUT_OF_ZONE = 1.0, -1.0
#: The sides: the first player (chess white, xiangqi red) and the second.
FIRST, SECOND = 0, 1


def input_size(geometry: Geometry) -> int:
    """The number of network inputs for a board: one per square plus the royal zones."""
    return geometry.size + ROYAL_INPUTS


def orient_squares(geometry: Geometry, side: int) -> np.ndarray:
    """Sector index -> real square as seen by ``side``: the identity for the first player,
    the rank mirror for the second (its own inverse, so it maps real squares back too). A
    read-only array, made once per board shape and side."""
    return _orientation(geometry.files, geometry.ranks, side)


@cache
def _orientation(files: int, ranks: int, side: int) -> np.ndarray:
    squares = np.arange(files * ranks)
    if side != FIRST:
        squares = (ranks - 1 - squares // files) * files + squares % files
    squares.flags.writeable = False
    return squares


def royal_zones(pos: Position) -> np.ndarray:
    """The six royal-zone inputs of ``pos``: the mover's royal piece's three, then the
    opponent's, each +1 for the zone its file lies in and -1 for the other two."""
    variant = pos.variant
    files = variant.geometry.files
    out = np.full(ROYAL_INPUTS, OUT_OF_ZONE)
    zones = variant.royal_zone_files
    for slot, color in enumerate((pos.side, pos.side ^ 1)):
        sq = pos.kings[color]
        if sq < 0:
            continue
        for zone, group in enumerate(zones):
            if sq % files in group:
                out[slot * len(zones) + zone] = IN_ZONE
    return out


def inputs(pos: Position, control: np.ndarray | None = None) -> np.ndarray:
    """The network's input vector for ``pos`` (float64, length size + 6), from the mover's side;
    ``control`` is its chessmap when the caller has it already."""
    geometry = pos.variant.geometry
    size = geometry.size
    control = chessmap(pos) if control is None else control
    result = np.empty(size + ROYAL_INPUTS)
    squares = result[:size]
    if pos.side == FIRST:
        squares[:] = control
    else:
        squares[:] = control[orient_squares(geometry, pos.side)]
        np.negative(squares, out=squares)  # as floats: a neutral square becomes -0.0
    result[size:] = royal_zones(pos)
    return result


def target(pos: Position, move: int) -> np.ndarray:
    """The influence of ``move`` in ``pos`` (float64, length size), in the orientation of
    `inputs`: sector ``i`` is the real square ``orient_squares(geometry, pos.side)[i]``."""
    values = np.asarray(influence(pos, move), dtype=np.float64)
    return values[orient_squares(pos.variant.geometry, pos.side)]


def dataset(
    variant, records: Iterable[tuple[str, str]], progress: Callable[[], None] | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """Inputs and targets, one row per ``(fen, move_uci)`` record: (n, size + 6) and (n, size)
    arrays (float32, the values being -1, 0 and +1). ``progress`` is called once per record.
    A bad FEN or move raises the kernel's FenError / MoveError."""
    xs, ys = [], []
    for fen, uci in records:
        pos = variant.position(fen)
        move = variant.move_from_uci(pos, uci)
        xs.append(inputs(pos))
        ys.append(target(pos, move))
        if progress is not None:
            progress()
    size = variant.geometry.size
    x = np.array(xs, dtype=np.float32).reshape(len(xs), size + ROYAL_INPUTS)
    y = np.array(ys, dtype=np.float32).reshape(len(ys), size)
    return x, y
