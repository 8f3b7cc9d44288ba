"""The oracles a game's rules are compared with, behind one interface: python-chess, pyffish
(Fairy-Stockfish's Python binding) and any UCI engine that answers ``go perft`` (Fairy-Stockfish
by default).

An oracle follows one game at a time: `reset` to a start position, then `play` each move (UCI
coordinates); at each position it says what it knows: the FEN, the legal moves, whether the side
to move is in check, the legal captures, how the game stands (`game_end`), a move written in a
notation style, and the perft divide. `ASPECTS` are the questions; `answers` names those an
oracle can answer for a game, the others are not compared. A question an oracle cannot answer
for this game raises `Unanswerable`.

How the game's end is compared: an oracle the game's settings name for it (``oracles.game_end``
in ``conformance.json``) rules every ending as the game does; any other oracle is asked only
where no move is legal (checkmate, stalemate and how they score), since its own draw rules
(FIDE's claims against Fairy-Stockfish's automatic ends, say) may differ by design.
"""

from __future__ import annotations

from xqchess.cli.external_engine import EngineFailure, ExternalEngine
from xqchess.cli.records import MATE_SCORE
from xqchess.core.outcome import Outcome
from xqchess.core.position import Position

#: the questions asked at every position
ASPECTS = ("fen", "legal_moves", "check", "captures", "game_end")
#: pyffish's mate value: a game-end value for the side to move
PYFFISH_MATE = 32000
#: seconds an engine has to answer ``d`` (a board dump): engines that do not are not asked
BOARD_DUMP_TIMEOUT = 2.0


class Unanswerable(Exception):
    """The oracle cannot answer this question for this game."""


def as_pyffish(outcome: Outcome | None, side: int) -> tuple[bool, int]:
    """An outcome as pyffish's game-end answers: (over, value for the side to move ``side``)."""
    if outcome is None:
        return False, 0
    if outcome.winner is None:
        return True, 0
    return True, PYFFISH_MATE if outcome.winner == (side == 0) else -PYFFISH_MATE


def terminal_end(pos: Position) -> tuple[bool, int]:
    """Our end where no move is legal, as pyffish's answer (over, value)."""
    return as_pyffish(pos.outcome(), pos.side)


class Oracle:
    """What every oracle answers; a subclass answers the `answers` it lists."""

    #: the oracle's name (``--oracle``), and how to install the library it needs
    name = ""
    install = ""
    #: the notation styles `write` knows
    styles: tuple[str, ...] = ()

    def __init__(self, settings: dict) -> None:
        self.settings = settings
        self.rules_endings = settings["oracles"].get("game_end") == self.name
        self.start: str | None = None
        self.moves: list[str] = []

    @property
    def label(self) -> str:
        """How reports name it."""
        return self.name

    def answers(self) -> set[str]:
        return set(ASPECTS)

    def knows_game(self) -> bool:
        """Whether the oracle plays the game at all."""
        return True

    @staticmethod
    def load() -> object:
        """The library the oracle asks (ImportError where it is not installed)."""
        return None

    @classmethod
    def installed(cls) -> bool:
        try:
            cls.load()
        except ImportError:
            return False
        return True

    def reset(self, start: str | None) -> None:
        """Follow a new game from ``start`` (None: the game's start position)."""
        self.start, self.moves = start, []

    def play(self, uci: str) -> None:
        self.moves.append(uci)

    def fen(self) -> str:
        raise Unanswerable("fen")

    def legal_moves(self) -> set[str]:
        raise Unanswerable("legal_moves")

    def check(self) -> bool:
        raise Unanswerable("check")

    def captures(self) -> set[str]:
        raise Unanswerable("captures")

    def game_end(self, pos: Position) -> tuple[object, object]:
        """(the oracle's view of how the game stands, ours), comparable."""
        raise Unanswerable("game_end")

    def write(self, uci: str, style: str) -> str:
        """A legal move of the current position written in ``style``."""
        raise Unanswerable(style)

    def write_game(self, style: str) -> list[str]:
        """Every move played, each written in the position it was played from."""
        raise Unanswerable(style)

    def perft_divide(self, fen: str, moves: list[str], depth: int) -> dict[str, int]:
        """Each legal move after ``moves`` from ``fen`` with its subtree's leaf count."""
        raise Unanswerable("perft")

    def close(self) -> None:
        """Release what the oracle holds (an engine's process)."""


class PythonChessOracle(Oracle):
    """python-chess's board after the moves played."""

    name = "python-chess"
    install = "pip install chess"
    styles = ("UCI", "SAN")

    def __init__(self, settings: dict) -> None:
        super().__init__(settings)
        self.library = self.load()
        self.board = self.library.Board()

    @staticmethod
    def load():
        import chess as python_chess

        return python_chess

    def knows_game(self) -> bool:
        """Chess only: where the game's settings name python-chess."""
        return self.name in self.settings["oracles"].values()

    def reset(self, start: str | None) -> None:
        super().reset(start)
        self.board = self.library.Board(start or self.library.STARTING_FEN)

    def play(self, uci: str) -> None:
        super().play(uci)
        self.board.push_uci(uci)

    def fen(self) -> str:
        return self.board.fen()

    def legal_moves(self) -> set[str]:
        return {move.uci() for move in self.board.legal_moves}

    def check(self) -> bool:
        return self.board.is_check()

    def captures(self) -> set[str]:
        return {move.uci() for move in self.board.generate_legal_captures()} | {
            move.uci() for move in self.board.legal_moves if move.promotion
        }

    def write(self, uci: str, style: str) -> str:
        return uci if style == "UCI" else self.board.san(self.library.Move.from_uci(uci))

    def write_game(self, style: str) -> list[str]:
        board = self.library.Board(self.start or self.library.STARTING_FEN)
        written = []
        for move in self.board.move_stack:
            written.append(move.uci() if style == "UCI" else board.san(move))
            board.push(move)
        return written

    def game_end(self, pos: Position) -> tuple[object, object]:
        """(python-chess's outcome, ours), each without and with draw claims, as (termination
        name, winner: True for White, False for Black, None for a draw) or None."""

        def said(outcome):
            return None if outcome is None else (outcome.termination.name, outcome.winner)

        if not self.rules_endings:
            return self._terminal(pos)
        theirs = [said(self.board.outcome(claim_draw=claim)) for claim in (False, True)]
        ours = [said(pos.outcome(claim_draw=claim)) for claim in (False, True)]
        return tuple(theirs), tuple(ours)

    def _terminal(self, pos: Position) -> tuple[object, object]:
        if pos.legal_moves():
            return None, None
        if self.board.is_checkmate():
            theirs = True, -PYFFISH_MATE
        else:
            theirs = True, 0
        return theirs, terminal_end(pos)

    def perft_divide(self, fen: str, moves: list[str], depth: int) -> dict[str, int]:
        board = self.library.Board(fen)
        for move in moves:
            board.push_uci(move)

        def count(level: int) -> int:
            if level == 1:
                return board.legal_moves.count()
            total = 0
            for move in board.legal_moves:
                board.push(move)
                total += count(level - 1)
                board.pop()
            return total

        counts = {}
        for move in board.legal_moves:
            board.push(move)
            counts[move.uci()] = 1 if depth == 1 else count(depth - 1)
            board.pop()
        return counts


class PyffishOracle(Oracle):
    """Fairy-Stockfish (pyffish) asked about the moves played."""

    name = "pyffish"
    install = "pip install pyffish"
    styles = ("UCI", "SAN", "XIANGQI_WXF", "LAN", "SHOGI_HOSKING", "JANGGI")

    def __init__(self, settings: dict) -> None:
        super().__init__(settings)
        self.sf = self.load()
        self.variant = settings["pyffish_variant"]
        self.dead_material_is_drawn = settings.get("dead_material_is_drawn", False)
        self.asks_immediate_end = settings.get("ask_immediate_end", False)
        self._fen: str | None = None
        self._legal: set[str] | None = None

    @staticmethod
    def load():
        import pyffish

        return pyffish

    def knows_game(self) -> bool:
        return self.variant in self.sf.variants()

    def reset(self, start: str | None) -> None:
        super().reset(start or self.sf.start_fen(self.variant))
        self._fen = self._legal = None

    def play(self, uci: str) -> None:
        super().play(uci)
        self._fen = self._legal = None

    def fen(self) -> str:
        """The FEN reached (asked once a ply, as are the legal moves: each pyffish call costs
        milliseconds)."""
        if self._fen is None:
            self._fen = self.sf.get_fen(self.variant, self.start, self.moves)
        return self._fen

    def legal_moves(self) -> set[str]:
        if self._legal is None:
            self._legal = set(self.sf.legal_moves(self.variant, self.fen(), []))
        return self._legal

    def check(self) -> bool:
        return self.sf.gives_check(self.variant, self.fen(), [])

    def captures(self) -> set[str]:
        fen = self.fen()
        return {
            move
            for move in self.legal_moves()
            if self.sf.is_capture(self.variant, fen, [], move) or move[-1].isalpha()
        }

    def _notation(self, style: str) -> int:
        return getattr(self.sf, "NOTATION_" + style)

    def write(self, uci: str, style: str) -> str:
        if style == "UCI":
            return uci
        return self.sf.get_san(self.variant, self.fen(), uci, False, self._notation(style))

    def write_game(self, style: str) -> list[str]:
        if style == "UCI" or not self.moves:
            return list(self.moves)
        return self.sf.get_san_moves(
            self.variant, self.start, self.moves, False, self._notation(style)
        )

    def game_end(self, pos: Position) -> tuple[object, object]:
        """(pyffish's end and value for the side to move, ours), as `as_pyffish` writes them:
        `game_result` where no move is legal, else `is_optional_game_end` (and dead material
        where the game draws by it); first `is_immediate_game_end`, where asked (a bare king,
        say). An oracle that does not rule the game's endings is asked where no move is legal
        only."""
        sf, name = self.sf, self.variant
        if not self.rules_endings:
            if pos.legal_moves():
                return None, None
            return (True, sf.game_result(name, self.start, self.moves)), terminal_end(pos)
        immediate = (
            sf.is_immediate_game_end(name, self.start, self.moves)
            if self.asks_immediate_end
            else (False, 0)
        )
        if immediate[0]:
            expected = immediate
        elif not pos.legal_moves():  # (the legal moves are compared first)
            expected = True, sf.game_result(name, self.start, self.moves)
        else:
            over, value = sf.is_optional_game_end(name, self.start, self.moves)
            if (
                not over
                and self.dead_material_is_drawn
                and all(sf.has_insufficient_material(name, self.fen(), []))
            ):
                over, value = True, 0
            expected = over, value if over else 0
        return expected, as_pyffish(pos.outcome(), pos.side)

    def perft_divide(self, fen: str, moves: list[str], depth: int) -> dict[str, int]:
        """Counted by asking pyffish's legal moves at every inner node (milliseconds a call:
        shallow depths only)."""
        sf, name = self.sf, self.variant
        start = sf.get_fen(name, fen, moves)

        def count(position: str, level: int) -> int:
            legal = sf.legal_moves(name, position, [])
            if level == 1:
                return len(legal)
            return sum(count(sf.get_fen(name, position, [m]), level - 1) for m in legal)

        return {
            move: 1 if depth == 1 else count(sf.get_fen(name, start, [move]), depth - 1)
            for move in sf.legal_moves(name, start, [])
        }


class EngineOracle(Oracle):
    """A UCI engine: its legal moves and perft from ``go perft``; the FEN and check from its
    board dump (``d``: ``Fen:`` and ``Checkers:`` lines, as Stockfish and Fairy-Stockfish
    print), where it answers one; where no move is legal, whether the game is decided from the
    score of a one-ply search: ``mate 0``, decided, or a draw (``mate 0`` says no more: a game
    its rules end in the mover's favour, a bare king say, scores the same). It rules no other
    ending."""

    name = "engine"

    def __init__(self, settings: dict, engine: ExternalEngine, timeout: float) -> None:
        super().__init__(settings)
        self.rules_endings = False
        self.engine = engine
        self.timeout = timeout
        self._dump: dict[str, str] | None = None
        self._legal: set[str] | None = None
        self.dumps = self._probe_dump()

    @property
    def label(self) -> str:
        return self.engine.name

    def _probe_dump(self) -> bool:
        """Whether the engine answers ``d`` with a ``Fen:`` line."""
        try:
            self.engine.ask("d", ("Fen:",), BOARD_DUMP_TIMEOUT)
        except EngineFailure:  # (no answer in time: the engine has no ``d``)
            self.engine.restart()
            return False
        self.engine.ready()  # the rest of the dump
        return True

    def answers(self) -> set[str]:
        return {"legal_moves", "game_end"} | ({"fen", "check"} if self.dumps else set())

    def reset(self, start: str | None) -> None:
        super().reset(start)
        self._dump = self._legal = None

    def play(self, uci: str) -> None:
        super().play(uci)
        self._dump = self._legal = None

    def _position(self) -> str:
        start = "startpos" if self.start is None else f"fen {self.start}"
        return f"position {start}" + (" moves " + " ".join(self.moves) if self.moves else "")

    def dump(self) -> dict[str, str]:
        if not self.dumps:
            raise Unanswerable("fen")
        if self._dump is None:
            self.engine.send(self._position())
            lines = self.engine.ask("d", ("Checkers:",), self.timeout)
            self._dump = {
                line.split(":", 1)[0]: line.split(":", 1)[1].strip()
                for line in lines
                if ":" in line
            }
        return self._dump

    def fen(self) -> str:
        return self.dump()["Fen"]

    def check(self) -> bool:
        return bool(self.dump()["Checkers"])

    def legal_moves(self) -> set[str]:
        if self._legal is None:
            self._legal = set(self.engine.perft_divide(self.start, self.moves, 1, self.timeout))
        return self._legal

    def game_end(self, pos: Position) -> tuple[object, object]:
        if self.legal_moves():
            return None, None
        _, score = self.engine.analyse(self.start, self.moves, 1, self.timeout)
        theirs = "decided" if score == -MATE_SCORE else "drawn"
        outcome = pos.outcome()
        return theirs, "drawn" if outcome is None or outcome.winner is None else "decided"

    def perft_divide(self, fen: str, moves: list[str], depth: int) -> dict[str, int]:
        return self.engine.perft_divide(fen, moves, depth, self.timeout)

    def close(self) -> None:
        self.engine.quit()


#: the oracles by name, each made from the game's settings
LIBRARY_ORACLES: dict[str, type[Oracle]] = {
    "python-chess": PythonChessOracle,
    "pyffish": PyffishOracle,
}
