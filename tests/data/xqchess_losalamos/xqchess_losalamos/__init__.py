"""Los Alamos chess (6x6, no bishops) for xqchess: the entry point names `GAME`."""

from xqchess_losalamos.definition import LOS_ALAMOS as GAME  # noqa: F401  (the entry point's)
