"""Xiangqi piece kinds and codes, the 9x10 board and its regions (palaces, each side's half)."""

from xqchess.core.geometry import Geometry
from xqchess.core.pieces import BLACK, WHITE, piece_code

RED = WHITE  # Red moves first, as White does in chess

GENERAL, ADVISOR, ELEPHANT, HORSE, CHARIOT, CANNON, SOLDIER = range(1, 8)
KINDS = (GENERAL, ADVISOR, ELEPHANT, HORSE, CHARIOT, CANNON, SOLDIER)
#: Fairy-Stockfish's FEN letters (upper case for Red).
LETTERS = {GENERAL: "K", ADVISOR: "A", ELEPHANT: "B", HORSE: "N", CHARIOT: "R", CANNON: "C",
           SOLDIER: "P"}
#: Names in messages.
NAMES = {GENERAL: "general", ADVISOR: "advisor", ELEPHANT: "elephant", HORSE: "horse",
         CHARIOT: "chariot", CANNON: "cannon", SOLDIER: "soldier"}
#: Letters accepted on input besides those: H for horse and E for elephant.
ALIASES = {"H": HORSE, "E": ELEPHANT}
#: How many of each kind a side starts with (and can never exceed).
START_COUNTS = {GENERAL: 1, ADVISOR: 2, ELEPHANT: 2, HORSE: 2, CHARIOT: 2, CANNON: 2, SOLDIER: 5}

GEOMETRY = Geometry(9, 10)
FILES = range(9)

#: Per color: the palace (files d-f of its three home ranks) and its half of the board.
PALACE = (GEOMETRY.region(range(3, 6), range(0, 3)), GEOMETRY.region(range(3, 6), range(7, 10)))
OWN_HALF = (GEOMETRY.region(FILES, range(0, 5)), GEOMETRY.region(FILES, range(5, 10)))

R_GENERAL, R_ADVISOR, R_ELEPHANT, R_HORSE, R_CHARIOT, R_CANNON, R_SOLDIER = (
    piece_code(kind, RED) for kind in KINDS)
B_GENERAL, B_ADVISOR, B_ELEPHANT, B_HORSE, B_CHARIOT, B_CANNON, B_SOLDIER = (
    piece_code(kind, BLACK) for kind in KINDS)
