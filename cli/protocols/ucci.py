"""`xqchess ucci`: the UCCI protocol of Chinese xiangqi GUIs, on the same engine as UCI.

Differences from UCI: ``ucci``/``ucciok``; moves in ICCS coordinates (files a-i, ranks 0-9, e.g.
``h2e2``); ``setoption NAME VALUE`` without keywords (hashsize, usemillisec, newgame); ``go``
with ``depth``, ``nodes`` or ``time T [increment I | movestogo M]`` (seconds unless
``setoption usemillisec true``); ``bestmove`` or ``nobestmove``; ``quit`` answered ``bye``.
Bad input is answered with ``info string error: ...`` and changes nothing.
"""

from __future__ import annotations

from xqchess.cli.arguments import package_version
from xqchess.cli.protocols.uci import (
    AUTHOR,
    MAX_HASH_MB,
    ProtocolError,
    UciProtocol,
    int_value,
    serve,
)
from xqchess.core.search import Limits, Searcher, pv_text

#: UCCI ``go`` parameters with the range of whole numbers each accepts (times in seconds, or
#: milliseconds after ``setoption usemillisec true``).
UCCI_GO_PARAMETERS = {
    "depth": (1, 10**6),
    "nodes": (1, 10**15),
    "time": (0, 10**12),
    "increment": (0, 10**12),
    "movestogo": (1, 10**6),
    "opptime": (0, 10**12),
    "oppincrement": (0, 10**12),
    "oppmovestogo": (1, 10**6),
}


class UcciProtocol(UciProtocol):
    """UCCI front end: xiangqi only, ICCS moves."""

    move_notation = "iccs"
    no_move = "nobestmove"

    def __init__(self, write) -> None:
        super().__init__(write)
        self.engine.set_variant("xiangqi")
        self.milliseconds = False

    def cmd_ucci(self, args: list[str]) -> None:
        self.send(f"id name xqchess {package_version()}")
        self.send(f"id author {AUTHOR}")
        self.send(f"option hashsize type spin min 1 max {MAX_HASH_MB} default 16")
        self.send("option usemillisec type check default false")
        self.send("option newgame type button")
        self.send("ucciok")

    def cmd_uci(self, args: list[str]) -> None:
        raise ProtocolError("this is the UCCI front end; start `xqchess uci` for UCI")

    def cmd_setoption(self, args: list[str]) -> None:
        if not args:
            raise ProtocolError("setoption needs an option name")
        name, value = args[0].lower(), " ".join(args[1:])
        if name == "hashsize":
            self.engine.set_hash(int_value(value, "hashsize", 1, MAX_HASH_MB))
        elif name == "usemillisec":
            if value not in ("true", "false"):
                raise ProtocolError(f"usemillisec needs true or false, got {value!r}")
            self.milliseconds = value == "true"
        elif name == "newgame":
            self.engine.new_game()
        else:
            raise ProtocolError(f"unknown option {args[0]!r}")

    def cmd_banmoves(self, args: list[str]) -> None:
        raise ProtocolError("banmoves is not supported")

    def cmd_go(self, args: list[str]) -> None:
        limits = Limits()
        unit = 1 if self.milliseconds else 1000
        tokens = [t for t in args if t not in ("ponder", "draw")]
        names = tokens[::2]
        for name, value in zip(names, tokens[1::2]):
            if name not in UCCI_GO_PARAMETERS:
                raise ProtocolError(f"unknown go parameter {name!r}")
            if names.count(name) > 1:
                raise ProtocolError(f"go {name} is given twice; give each parameter once")
            number = int_value(value, f"go {name}", *UCCI_GO_PARAMETERS[name])
            if name == "depth":
                limits.depth = number
            elif name == "nodes":
                limits.nodes = number
            elif name == "time":
                limits.wtime = limits.btime = max(number * unit, 1)
            elif name == "increment":
                limits.winc = limits.binc = number * unit
            elif name == "movestogo":
                limits.movestogo = number
        if len(tokens) % 2:
            raise ProtocolError(f"go {tokens[-1]} needs a value")
        self.engine.go(limits, self._report_iteration, self._report_best)

    def cmd_quit(self, args: list[str]) -> None:
        super().cmd_quit(args)
        self.send("bye")

    def _send_info(
        self,
        searcher: Searcher,
        depth: int,
        seldepth: int,
        score: int,
        pv: list[int],
        time_ms: int,
        multipv: str = "",
    ) -> None:
        moves = " ".join(pv_text(self.engine.variant, searcher.pos, pv, self.move_notation))
        # UCCI scores are plain numbers; mates are the search's 30000 - plies.
        self.send(
            f"info depth {depth} score {score} time {time_ms} "
            f"nodes {searcher.stats.nodes}{' pv ' + moves if moves else ''}"
        )


def run_ucci(args) -> None:
    serve(UcciProtocol)
