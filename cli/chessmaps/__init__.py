"""Greer's chessmaps network, its research tools: training and test data made with
Fairy-Stockfish (`data`), training and evaluation (`train`), and the cost of its ordering at a
node (`cost`, `xqchess bench chessmaps`)."""
