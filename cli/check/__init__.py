"""The conformance kit: a game's rules checked against oracles and against its own invariants.

`xqchess check GAME` runs it (`command`); tests/ run the same parts. What is compared with what,
and how a disagreement is told, is in `oracles` (python-chess, pyffish, a UCI engine),
`differential` (seeded random games, move by move), `perft` (leaf counts, walked down to where
the move lists part) and `properties` (the move generator's invariants, with hypothesis).
"""
