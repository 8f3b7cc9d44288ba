"""The variant-agnostic kernel: board geometry, positions with make/unmake, FEN, perft.

Nothing in this package knows which game is played; everything that differs between games
comes from the `Variant` object a position is built with.
"""
