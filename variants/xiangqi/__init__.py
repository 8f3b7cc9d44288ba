"""Xiangqi (Chinese chess) as Fairy-Stockfish plays it: AXF rules without perpetual chase."""
