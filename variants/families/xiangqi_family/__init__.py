"""The xiangqi family: a `XiangqiGame` definition (`definition`) and its builder (`builder`), with
the board tables, move generator, attack probes, faults, FEN checks, WXF and Chinese notation
and game-end rules (perpetual check and chase) every xiangqi-like game shares."""
