"""Chess under the FIDE Laws as a variant of the kernel."""

from xqchess.variants.chess.variant import ChessVariant as VARIANT  # noqa: F401  (the registry's)
