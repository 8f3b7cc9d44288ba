"""Xiangqi's board: 9x10 points, each palace on files d-f of its side's three home ranks, the
river between ranks 5 and 6; and its per-square tables, which the evaluation terms read."""

from xqchess.core.geometry import Geometry
from xqchess.variants.families.xiangqi_family.board_tables import XiangqiBoard, build_tables
from xqchess.variants.families.xiangqi_family.definition import KINDS

GEOMETRY = Geometry(9, 10)
FILES = range(9)
#: Per color: the palace (files d-f of its three home ranks) and its half of the board.
PALACE = (GEOMETRY.region(range(3, 6), range(0, 3)), GEOMETRY.region(range(3, 6), range(7, 10)))
OWN_HALF = (GEOMETRY.region(FILES, range(0, 5)), GEOMETRY.region(FILES, range(5, 10)))
TABLES = build_tables(XiangqiBoard(GEOMETRY, PALACE, OWN_HALF, frozenset(KINDS)))
