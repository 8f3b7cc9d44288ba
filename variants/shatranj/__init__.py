"""Shatranj (medieval chess: ferz, alfil, bare king) as Fairy-Stockfish plays it."""

from xqchess.variants.shatranj.definition import SHATRANJ as GAME  # noqa: F401  (the registry's)
