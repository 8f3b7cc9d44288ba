"""A game being played in `xqchess play`, whichever front end shows it: the position and its
moves, the moves taken back (for redo), how and why the game ended, draw claims and
resignation, the players' clocks, and the game as PGN or FEN, loaded and saved.

The line mode (`xqchess.cli.tui.play`) and the full-screen app (`xqchess.cli.tui.app`) both
keep their game here, so the two play by the same rules of the table.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from pathlib import Path

from xqchess.core.errors import XQChessError
from xqchess.core.moves import COMPANION, move_from, move_special, move_to
from xqchess.core.outcome import Outcome, Termination
from xqchess.core.pgn import TAG, GameRecord, PgnError, read_pgn, write_pgn
from xqchess.core.position import Position
from xqchess.core.variant import Variant
from xqchess.variants import NAMES, get_variant

#: the first field of a FEN: ranks of piece letters and digits between slashes. PGN move text
#: never starts so (a result such as 1/2-1/2 has a dash)
FEN_PLACEMENT = re.compile(r"[A-Za-z0-9]+(?:/[A-Za-z0-9]+)+")
#: the PGN result of a game still being played
UNFINISHED = "*"


def is_fen(text: str) -> bool:
    """Whether ``text`` is taken for a FEN rather than PGN: one line whose first field is a
    board placement (a FEN with too few or too many fields is then reported as such)."""
    lines = text.strip().splitlines()
    return len(lines) == 1 and FEN_PLACEMENT.fullmatch(lines[0].split()[0]) is not None


def termination_text(outcome: Outcome, names: tuple[str, str]) -> str:
    """How a game ended, in words, with the result; ``names``: the sides' names, White's (Red's)
    first."""
    reason = outcome.termination.value
    if outcome.winner is None:
        return f"Draw by {reason} ({outcome.result()})"
    winner = names[0 if outcome.winner else 1].capitalize()
    if outcome.termination in (
        Termination.CHECKMATE,
        Termination.STALEMATE,
        Termination.PERPETUAL_CHECK,
        Termination.PERPETUAL_CHASE,
    ):
        return f"{reason.capitalize()}: {winner} wins ({outcome.result()})"
    return f"{winner} wins by {reason} ({outcome.result()})"


def human_sides(side: str) -> set[int]:
    """The sides humans play for ``--side``: ``white`` or ``red`` (the first player),
    ``black``, ``both`` or ``none`` (the engine plays itself)."""
    return {"both": {0, 1}, "none": set(), "white": {0}, "red": {0}, "black": {1}}[side]


class TimeControlError(XQChessError):
    """A time control that is not MINUTES+SECONDS with sensible numbers."""


@dataclass
class Clocks:
    """Both players' clocks under a time control of ``base`` seconds and ``increment`` seconds
    a move (Fischer's): the side to move's clock runs from `start` until `press`; a clock that
    reaches zero has fallen (`fallen`). Times are `time.monotonic` seconds unless ``now`` is
    given, so that tests can run a clock without waiting."""

    base: float
    increment: float
    remaining: list[float] = field(default_factory=list)
    #: the side whose clock runs (None: stopped), and since when
    running: int | None = None
    since: float = 0.0

    def __post_init__(self) -> None:
        self.remaining = [self.base, self.base]

    @classmethod
    def parse(cls, text: str) -> Clocks:
        """``MINUTES+SECONDS`` (``5+3``: five minutes a side, three seconds added a move;
        ``5``: no increment)."""
        base, _, increment = text.partition("+")
        try:
            minutes, seconds = float(base), float(increment or 0)
        except ValueError:
            raise TimeControlError(
                f"time control {text!r} is not MINUTES+SECONDS (for example 5+3)"
            ) from None
        if not 0 < minutes <= 600 or not 0 <= seconds <= 600:
            raise TimeControlError(
                f"time control {text!r}: minutes must be above 0 and at most 600, "
                f"seconds from 0 to 600"
            )
        return cls(minutes * 60, seconds)

    def _now(self, now: float | None) -> float:
        return time.monotonic() if now is None else now

    def left(self, side: int, now: float | None = None) -> float:
        """Seconds left on ``side``'s clock (never below zero)."""
        spent = self._now(now) - self.since if self.running == side else 0.0
        return max(self.remaining[side] - spent, 0.0)

    def start(self, side: int, now: float | None = None) -> None:
        """Start ``side``'s clock (the other's stops)."""
        self.stop(now)
        self.running, self.since = side, self._now(now)

    def stop(self, now: float | None = None) -> None:
        if self.running is not None:
            self.remaining[self.running] = self.left(self.running, now)
            self.running = None

    def press(self, now: float | None = None) -> None:
        """The running side has moved: its increment is added and the other's clock starts."""
        if self.running is None:
            return
        mover = self.running
        self.stop(now)
        self.remaining[mover] += self.increment
        self.start(mover ^ 1, now)

    def fallen(self, now: float | None = None) -> int | None:
        """The side whose flag has fallen, if any."""
        side = self.running
        return side if side is not None and self.left(side, now) <= 0 else None

    @staticmethod
    def text(seconds: float) -> str:
        """A clock's reading: ``4:59`` (tenths under ten seconds: ``0:09.3``)."""
        if seconds < 10:
            return f"0:{seconds:04.1f}"
        whole = int(seconds)
        return f"{whole // 60}:{whole % 60:02d}"


class Game:
    """The game on the table: ``pos`` after the moves from ``start_fen``, the moves taken back
    (``redone`` by `redo`), and ``result`` (how it ended, in words) with ``result_code``
    (PGN's); ``standard_fen`` is where a new game starts."""

    def __init__(self, variant: Variant, standard_fen: str, start_fen: str) -> None:
        self.variant = variant
        self.names = variant.color_names
        self.standard_fen = standard_fen
        self.start_fen = start_fen
        self.pos: Position = variant.position(start_fen, strict=False)
        self.taken_back: list[int] = []  # the moves undone, the most recent last
        self.result: str | None = None
        self.result_code = UNFINISHED

    @classmethod
    def from_options(cls, variant: Variant, fen: str | None, first: str | None) -> Game:
        """The game ``--fen`` and ``--first`` ask for: from ``fen`` (checked as the command
        line checks it), else from the initial position with ``first`` (``white``, ``red`` or
        ``black``) to move, where `new` games start too."""
        fields = variant.start_fen.split()
        if first:
            if fen is not None:
                raise XQChessError(
                    "--first applies to the initial position; a --fen says who moves"
                )
            fields[1] = "b" if first == "black" else "w"
        standard = " ".join(fields)
        return cls(variant, standard, standard if fen is None else variant.position(fen).fen())

    # -- reading the game ------------------------------------------------------------------

    @property
    def moves(self) -> list[int]:
        """The moves played from the start position, in order."""
        return self.pos.moves_played()

    @property
    def last_move(self) -> int:
        return self.pos.move_back(0) if self.pos.plies else 0

    @property
    def over(self) -> bool:
        return self.result is not None

    def side_name(self, side: int) -> str:
        return self.names[side].capitalize()

    def move_texts(self, notation: str) -> list[str]:
        """The moves played, each in ``notation`` as written in its own position."""
        pos = self.variant.position(self.start_fen, strict=False)
        texts = []
        for move in self.moves:
            texts.append(self.variant.format_move(pos, move, notation))
            pos.make(move)
        return texts

    def moves_from(self, sq: int) -> list[int]:
        """The legal moves of the piece on ``sq``."""
        return [move for move in self.pos.legal_moves() if move_from(move) == sq]

    def moves_between(self, frm: int, to: int) -> list[int]:
        """The legal moves a click on ``frm`` then on ``to`` names: the piece's moves to
        ``to`` (several when it promotes), or its castling with the rook on ``to``."""
        companions = self.variant.companion_moves
        return [
            move
            for move in self.moves_from(frm)
            if move_to(move) == to
            or (move_special(move) == COMPANION and companions[move_to(move)][0] == to)
        ]

    def claimable(self) -> Outcome | None:
        """A draw the side to move may claim now (None when the game is over or there is none)."""
        if self.over or self.pos.outcome() is not None:
            return None
        claim = self.pos.outcome(claim_draw=True)
        return claim if claim is not None and claim.winner is None else None

    # -- playing ---------------------------------------------------------------------------

    def play(self, move: int) -> None:
        """Play ``move`` (legal: the caller parsed or chose it) and judge the position."""
        self.pos.make(move)
        self.taken_back.clear()
        self.judge()

    def judge(self) -> None:
        """End the game if its rules end it in this position."""
        outcome = self.pos.outcome()
        if outcome is not None:
            self.finish(termination_text(outcome, self.names), outcome.result())

    def finish(self, text: str, code: str) -> None:
        self.result, self.result_code = text, code

    def reopen(self) -> None:
        self.result, self.result_code = None, UNFINISHED

    def undo(self) -> bool:
        """Take back the last move (it can be redone); False when there is none."""
        if not self.pos.plies:
            return False
        self.taken_back.append(self.pos.move_back(0))
        self.pos.unmake()
        self.reopen()
        return True

    def redo(self) -> bool:
        """Play again the last move taken back; False when there is none."""
        if not self.taken_back:
            return False
        self.pos.make(self.taken_back.pop())
        self.judge()
        return True

    def resign(self, loser: int) -> None:
        code = "1-0" if loser else "0-1"
        self.finish(
            f"{self.side_name(loser)} resigns: {self.side_name(loser ^ 1)} wins ({code})", code
        )

    def flag(self, loser: int) -> None:
        """``loser``'s time ran out: the other side wins."""
        code = "1-0" if loser else "0-1"
        self.finish(
            f"{self.side_name(loser)} lost on time: {self.side_name(loser ^ 1)} wins ({code})",
            code,
        )

    def claim_draw(self) -> str | None:
        """End the game drawn if the side to move may claim it; the reason in words, or None
        (`no_draw_text` says why not)."""
        claim = self.claimable()
        if claim is None:
            return None
        self.finish("Draw claimed: " + termination_text(claim, self.names), "1/2-1/2")
        return self.result

    def no_draw_text(self) -> str:
        """Why no draw can be claimed, from the draws the game's rules let a player claim."""
        claims = [termination.value for termination in self.variant.draw_claims]
        if not claims:
            return (
                f"No draw can be claimed in {self.variant.name}: its rules declare every "
                f"draw themselves, as soon as it arises."
            )
        return (
            f"No draw can be claimed now (the draws a player may claim in "
            f"{self.variant.name}: {', '.join(claims)})."
        )

    # -- new games, loading and saving -----------------------------------------------------

    def restart(self, start_fen: str) -> None:
        """A new game from ``start_fen``."""
        self.set_game(start_fen, [])

    def set_game(self, start_fen: str, moves: list[int]) -> None:
        """Play ``moves`` from ``start_fen`` as the game now."""
        pos = self.variant.position(start_fen, strict=False)
        for move in moves:
            pos.make(move)
        self.start_fen, self.pos = start_fen, pos
        self.taken_back.clear()
        self.reopen()
        self.judge()

    def record(self, players: tuple[str, str]) -> GameRecord:
        """The game as a PGN record, ``players`` White's (Red's) first."""
        return GameRecord(
            self.variant,
            self.start_fen,
            self.moves,
            {"White": players[0], "Black": players[1]},
            self.result_code,
        )

    def pgn(self, players: tuple[str, str]) -> str:
        return write_pgn(self.record(players))

    def save(self, path: str, players: tuple[str, str]) -> None:
        """Write the game as PGN to the file ``path``; XQChessError saying why it cannot."""
        try:
            Path(path).write_text(self.pgn(players), encoding="utf-8")
        except OSError as error:
            raise XQChessError(f"cannot save {path}: {error.strerror}") from None

    def load_source(self, source: str) -> str:
        """Load the file ``source`` (a PGN game or a FEN, told apart by content), or
        ``source`` itself when it is a FEN and no such file exists; what was loaded, in words.
        On any error (an XQChessError naming the source and the fault) the game stays."""
        path = Path(source)
        if is_fen(source) and not path.exists():
            text = source
        else:
            try:
                text = path.read_text(encoding="utf-8")
            except OSError as error:
                raise XQChessError(f"cannot load {source}: {error.strerror}") from None
            except UnicodeDecodeError:
                raise XQChessError(f"cannot load {source}: not a text file") from None
        try:
            return self.load(text, source)
        except XQChessError as error:
            raise XQChessError(f"cannot load {source}: {error}") from None

    def load(self, text: str, source: str) -> str:
        """Take the FEN or PGN game in ``text`` (from ``source``) as the game now, told apart
        by content; what was loaded, in words. On any error (an XQChessError naming the
        fault) the game stays as it was."""
        if is_fen(text):
            start_fen = self.variant.position(text.strip()).fen()
            self.set_game(start_fen, [])
            return f"Loaded the position {start_fen}" + (
                f" from {source}" if source != text else ""
            )
        start_fen, moves = self._read_game(text, source)
        origin = (
            "the standard start"
            if start_fen == self.variant.start_fen
            else f"the position {start_fen}"
        )
        count = f"{len(moves)} move" + ("" if len(moves) == 1 else "s")
        self.set_game(start_fen, moves)
        return f"Loaded the game in {source}: {count} from {origin}"

    def _read_game(self, text: str, source: str) -> tuple[str, list[int]]:
        """The start FEN and moves of the PGN game in ``text``; a PGN without any tag is
        taken for a game of the game being played."""
        if not TAG.search(text) and self.variant.pgn_variant_tag is not None:
            text = f'[Variant "{self.variant.pgn_variant_tag}"]\n{text}'
        game = read_pgn(text, [get_variant(name) for name in NAMES])
        if game.variant is not self.variant:
            raise PgnError(f"{source} is a {game.variant.name} game; this is {self.variant.name}")
        return game.start_fen, game.moves
