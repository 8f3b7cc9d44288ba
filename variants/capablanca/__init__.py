"""Capablanca chess (10x8, archbishop and chancellor) as Fairy-Stockfish plays it."""

from xqchess.variants.capablanca.definition import CAPABLANCA as GAME  # noqa: F401  (the registry's)
