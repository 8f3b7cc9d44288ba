"""The chess family: a `ChessGame` definition (`definition`) and its builder (`builder`), with the
move generator, attack probes, faults, FEN, SAN and game-end rules every chess-like game shares."""
