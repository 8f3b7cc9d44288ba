"""Capablanca chess (10x8, archbishop and chancellor) as Fairy-Stockfish plays it."""

from xqchess.variants.capablanca.variant import CapablancaVariant as VARIANT  # noqa: F401  (the registry's)
