"""Minixiangqi as Fairy-Stockfish plays it: xiangqi on a 7x7 board without a river, advisors or
elephants."""

from xqchess.variants.minixiangqi.definition import MINIXIANGQI as GAME  # noqa: F401
