"""Chess under the FIDE Laws: its definition (`definition.CHESS`), tables, evaluation terms and
data, built by the chess family's builder."""

from xqchess.variants.chess.definition import CHESS as GAME  # noqa: F401  (the registry's)
