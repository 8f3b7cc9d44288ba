"""Xiangqi (Chinese chess) under the Asian Xiangqi Federation rules as Fairy-Stockfish plays them."""
