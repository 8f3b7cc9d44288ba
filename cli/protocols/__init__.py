"""The engine protocols front end: UCI (every game, as Fairy-Stockfish speaks it) and UCCI
(xiangqi's GUIs), for GUIs and match runners."""
