"""The heuristics lab (a research tool): the matrix of suites x searcher configs x depths x
orderings (`matrix`) over test suites (`xqchess.cli.suites`) and where its searches run
(`runners`). From Python, `run` gives the rows `xqchess lab` prints and writes."""

from xqchess.cli.lab.matrix import run

__all__ = ["run"]
