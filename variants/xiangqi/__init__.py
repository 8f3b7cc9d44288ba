"""Xiangqi (Chinese chess) as Fairy-Stockfish plays it: AXF rules, perpetual chase included."""
