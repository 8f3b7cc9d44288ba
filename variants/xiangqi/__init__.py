"""Xiangqi (Chinese chess) as Fairy-Stockfish plays it: AXF rules, perpetual chase included."""

from xqchess.variants.xiangqi.variant import XiangqiVariant as VARIANT  # noqa: F401  (the registry's)
