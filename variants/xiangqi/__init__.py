"""Xiangqi (Chinese chess) as Fairy-Stockfish plays it: AXF rules, perpetual chase included."""

from xqchess.variants.xiangqi.definition import XIANGQI as GAME  # noqa: F401  (the registry's)
