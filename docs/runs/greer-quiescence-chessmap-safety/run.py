"""An experiment, not part of the package: Table 3's quiescence with the chessmap's safety
(Greer 2000, section 4: a move is safe when the capture sequence on its target square,
played out as the chessmap plays it, loses no material) in place of the kernel's SEE.

The kernel cannot take the chessmap's safety as a switch (core/ imports nothing from
ordering/), so this script swaps the function the quiescence filter calls, `see` as
`xqchess.core.search` imported it, for one that returns the net material of
`ordering.chessmaps.control.Exchanges.outcome`, and then runs `xqchess lab` with the given
arguments (the main search's ordering keeps its own safety: `safe` still uses SEE). The
journal's config is named `greer-chessmap-safety`; its settings equal `greer`'s, so keep its
journal in a folder of its own (this one). Run from the repository root, e.g.

    python docs/runs/greer-quiescence-chessmap-safety/run.py --suite bratko-kopec \
        --config greer-chessmap-safety --depth 4 --spec safe,history:seed --jobs 1 \
        --out docs/runs/greer-quiescence-chessmap-safety
"""

import sys

import xqchess.core.search as search
from xqchess.cli import lab
from xqchess.cli.main import main
from xqchess.ordering.chessmaps.control import Exchanges

_last: list = [None, None]  # (position hash, its Exchanges): one build per quiescence node


def chessmap_net(pos, move: int) -> int:
    """What ``move`` nets on its target square by the chessmap's capture sequences
    (not negative: safe)."""
    if _last[0] != pos.hash:
        _last[0], _last[1] = pos.hash, Exchanges(pos)
    return _last[1].outcome(move)[2]


search.see = chessmap_net
lab.CONFIGS["greer-chessmap-safety"] = lab.CONFIGS["greer"]

if __name__ == "__main__":
    sys.exit(main(["lab", *sys.argv[1:]]))
