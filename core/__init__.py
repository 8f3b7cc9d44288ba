"""The variant-agnostic kernel: board geometry, positions with make/unmake, FEN, notation
helpers, PGN, perft, evaluation, static exchange, the transposition table and the search.

Nothing in this package knows which game is played; everything that differs between games
comes from the `Variant` object a position is built with. Whether its hot modules run compiled
or as Python is chosen by the package's `xqchess.kernel` before any of them is imported.
"""
