"""The heuristics lab (a research tool): the matrix of suites x searcher configs x depths x
orderings (`matrix`) over test suites (`xqchess.cli.suites`), where its searches run
(`runners`), the 95% intervals of its measures (`intervals`), each switch's Elo by self-play
(`elo`) and its pictures (`plots`). From Python, `run` gives the rows `xqchess lab` prints and
writes."""

from xqchess.cli.lab.matrix import run

__all__ = ["run"]
