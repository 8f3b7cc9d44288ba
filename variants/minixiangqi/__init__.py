"""Minixiangqi as Fairy-Stockfish plays it: xiangqi on a 7x7 board without a river, advisors or
elephants."""

from xqchess.variants.minixiangqi.variant import MinixiangqiVariant as VARIANT  # noqa: F401
