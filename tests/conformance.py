"""The conformance kit: each registered game's oracle settings and reference data, read from the
game's own data folder (`Variant.data_file`), and the differential comparison that
`test_conformance` runs on every game. No game is named here: what differs is in the data.

A game ships two files in `data/` (beside its suites and openings):

* ``perft.json``: Fairy-Stockfish's perft counts, ``{"positions": [{"name", "fen", "perft":
  {depth: count}}]}``, written by ``tests/tools/gen_perft_reference.py NAME SEED N``.
* ``conformance.json``, its oracle settings:

  - ``pyffish_variant``: the game's name in Fairy-Stockfish.
  - ``oracles``: which oracle, ``python-chess`` or ``pyffish``, answers each question: ``fen``
    (the FEN reached by the same moves), ``legal_moves``, ``check``, ``captures`` (its legal
    captures plus quiet promotions, against the captures-only generator) and ``game_end``.
  - ``notations``: per notation the game writes, how an oracle writes the same move:
    ``{"oracle": ..., "style": "SAN" | "XIANGQI_WXF" | "UCI", "rank_shift": n}`` (``UCI``: the
    oracle's coordinates, each rank number moved by ``rank_shift``, as ICCS counts ranks from
    0), or null where no oracle writes it: that notation is only written and read back.
  - ``ask_immediate_end``: pyffish's ``is_immediate_game_end`` is asked at every position
    first (where the game has such ends, or to make sure it has none; optional: each pyffish
    call costs milliseconds).
  - ``dead_material_is_drawn``: the game ends drawn when pyffish's
    ``has_insufficient_material`` holds for both sides (pyffish's ``is_optional_game_end``
    leaves that to the caller).
  - ``differential``: the seeded random games: ``starts`` (FENs, null for the start position;
    run ``i`` starts from ``starts[i % len]``), ``runs``, ``positions_per_run``, ``max_plies``
    (a new game begins past it; null: only when one ends), ``bias`` (``back``: chance of
    moving the last-moved piece straight back, ``check``: of giving check, ``back_that_checks``:
    always move back when that checks, so perpetual checks happen), ``captures_every`` and
    ``notations_every`` (every how many positions the captures and the text of every legal move
    are compared; the move played is compared at every ply), ``min_positions`` and ``endings``
    (the `Termination` names the games must reach, so each rule compared is exercised).
  - ``repetition_cycles``: hand-made cycles, ``{"start", "prefix", "cycle", "ending"}``: the
    prefix then the cycle three times, compared at every position, ending as named.
"""

from __future__ import annotations

import importlib
import json
import random
import re
from functools import cache

from helpers import as_pyffish, gives_check
from xqchess.core.outcome import Termination
from xqchess.core.position import Position
from xqchess.core.variant import Variant
from xqchess.variants import get_variant, suites

ASPECTS = ("fen", "legal_moves", "check", "captures", "game_end")


@cache
def conformance_settings(game: str) -> dict:
    """The game's ``data/conformance.json``."""
    return json.loads(get_variant(game).data_file("conformance.json").read_text())


@cache
def perft_reference(game: str) -> list[dict]:
    """The game's Fairy-Stockfish perft reference, ``data/perft.json``'s positions."""
    return json.loads(get_variant(game).data_file("perft.json").read_text())["positions"]


def oracle_names(settings: dict) -> set[str]:
    """Every oracle the settings consult."""
    names = set(settings["oracles"].values())
    return names | {spec["oracle"] for spec in settings["notations"].values() if spec}


def shift_ranks(text: str, shift: int) -> str:
    """Coordinates with each rank number moved by ``shift`` (UCI ``a1a2`` -> ICCS ``a0a1``)."""
    return re.sub(r"\d+", lambda rank: str(int(rank.group()) + shift), text)


class PythonChessOracle:
    """python-chess's board after the moves played from ``start``."""

    module = "chess"

    def __init__(self, settings: dict, start: str | None) -> None:
        self.chess = importlib.import_module(self.module)
        self.start = start or self.chess.STARTING_FEN
        self.board = self.chess.Board(self.start)

    def play(self, uci: str) -> None:
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
        """A legal move of the current position in ``style``."""
        return uci if style == "UCI" else self.board.san(self.chess.Move.from_uci(uci))

    def write_game(self, style: str) -> list[str]:
        """Every move played, each written in the position it was played from."""
        board = self.chess.Board(self.start)
        written = []
        for move in self.board.move_stack:
            written.append(move.uci() if style == "UCI" else board.san(move))
            board.push(move)
        return written

    def game_end(self, pos: Position) -> tuple[tuple, tuple]:
        """(python-chess's outcome, ours), each without and with draw claims, as (termination
        name, winner: True for White, False for Black, None for a draw) or None."""

        def said(outcome):
            return None if outcome is None else (outcome.termination.name, outcome.winner)

        theirs = [said(self.board.outcome(claim_draw=claim)) for claim in (False, True)]
        ours = [said(pos.outcome(claim_draw=claim)) for claim in (False, True)]
        return tuple(theirs), tuple(ours)


class PyffishOracle:
    """Fairy-Stockfish (pyffish) asked about the moves played from ``start``."""

    module = "pyffish"

    def __init__(self, settings: dict, start: str | None) -> None:
        self.sf = importlib.import_module(self.module)
        self.name = settings["pyffish_variant"]
        self.dead_material_is_drawn = settings.get("dead_material_is_drawn", False)
        self.asks_immediate_end = settings.get("ask_immediate_end", False)
        self.start = start or self.sf.start_fen(self.name)
        self.moves: list[str] = []
        self._fen: str | None = None
        self._legal: set[str] | None = None

    def play(self, uci: str) -> None:
        self.moves.append(uci)
        self._fen = self._legal = None

    def fen(self) -> str:
        """The FEN reached (asked once a ply, as are the legal moves: each pyffish call costs
        milliseconds)."""
        if self._fen is None:
            self._fen = self.sf.get_fen(self.name, self.start, self.moves)
        return self._fen

    def legal_moves(self) -> set[str]:
        if self._legal is None:
            self._legal = set(self.sf.legal_moves(self.name, self.fen(), []))
        return self._legal

    def check(self) -> bool:
        return self.sf.gives_check(self.name, self.fen(), [])

    def captures(self) -> set[str]:
        fen = self.fen()
        return {
            move
            for move in self.legal_moves()
            if self.sf.is_capture(self.name, fen, [], move) or move[-1].isalpha()
        }

    def _notation(self, style: str) -> int:
        return getattr(self.sf, "NOTATION_" + style)

    def write(self, uci: str, style: str) -> str:
        if style == "UCI":
            return uci
        return self.sf.get_san(self.name, self.fen(), uci, False, self._notation(style))

    def write_game(self, style: str) -> list[str]:
        if style == "UCI" or not self.moves:
            return list(self.moves)
        return self.sf.get_san_moves(
            self.name, self.start, self.moves, False, self._notation(style)
        )

    def game_end(self, pos: Position) -> tuple[tuple[bool, int], tuple[bool, int]]:
        """(pyffish's end and value for the side to move, ours), as `as_pyffish` writes them:
        `game_result` where no move is legal, else `is_optional_game_end` (and dead material
        where the game draws by it); first `is_immediate_game_end`, where asked (a bare king,
        say)."""
        sf, name = self.sf, self.name
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


ORACLES = {"python-chess": PythonChessOracle, "pyffish": PyffishOracle}


def start_position(variant: Variant, fen: str | None) -> tuple[Position, bool]:
    """The position ``fen`` and whether it passed the strict check (composed positions no game
    reaches are read leniently, and the FENs reached from them are read back the same way)."""
    try:
        return variant.position(fen), True
    except ValueError:
        return variant.position(fen, strict=False), False


class Differential:
    """Compares a game, position by position, with its oracles as its settings say."""

    def __init__(self, game: str, notations_every: int | None = None) -> None:
        self.variant = get_variant(game)
        self.settings = conformance_settings(game)
        differential = self.settings["differential"]
        self.captures_every = differential.get("captures_every", 0)
        self.notations_every = notations_every or differential.get("notations_every", 1)
        self.positions = 0
        self.endings: set[Termination] = set()

    def new_game(self, start: str | None) -> None:
        self.pos, self.strict = start_position(self.variant, start)
        self.oracles = {
            name: ORACLES[name](self.settings, start) for name in oracle_names(self.settings)
        }
        self.played: dict[str, list[str]] = {notation: [] for notation in self.variant.notations}

    def oracle(self, aspect: str):
        return self.oracles[self.settings["oracles"][aspect]]

    def compare(self, texts: bool | None = None) -> None:
        """The current position: FEN (and its round trip), legal moves, check, captures, game
        end, and every legal move's text (when ``texts``; by default every ``notations_every``
        positions)."""
        variant, pos = self.variant, self.pos
        fen = pos.fen()
        assert fen == self.oracle("fen").fen(), self.where()
        assert variant.position(fen, strict=self.strict).fen() == fen
        legal = pos.legal_moves()
        uci = {variant.format_move(pos, move): move for move in legal}
        assert len(uci) == len(legal), fen
        assert set(uci) == self.oracle("legal_moves").legal_moves(), self.where()
        assert pos.is_check() == self.oracle("check").check(), self.where()
        if texts is None:
            texts = self.positions % self.notations_every == 0
        if self.captures_every and self.positions % self.captures_every == 0:
            captures = {variant.format_move(pos, move) for move in variant.legal_captures(pos)}
            assert captures == self.oracle("captures").captures(), self.where()
        self.texts_compared = texts
        if texts:
            for text, move in uci.items():
                self.compare_notations(text, move)
        expected, ours = self.oracle("game_end").game_end(pos)
        assert ours == expected, self.where()
        for claim_draw in (False, True):
            outcome = pos.outcome(claim_draw=claim_draw)
            if outcome is not None:
                self.endings.add(outcome.termination)
        self.positions += 1

    def compare_notations(self, uci: str, move: int) -> None:
        """``move`` written in each notation: as its oracle writes it, and read back (but for
        UCI, whose reader `play` checks at every ply: it is the same for every game)."""
        for notation, spec in self.settings["notations"].items():
            text = self.variant.format_move(self.pos, move, notation)
            if spec is not None:
                expected = self.oracles[spec["oracle"]].write(uci, spec["style"])
                assert text == shift_ranks(expected, spec.get("rank_shift", 0)), self.where(uci)
            if notation != "uci":
                assert self.variant.parse_move(self.pos, text, notation) == move, (notation, text)

    def play(self, move: int) -> None:
        """Play ``move``, after writing it in every notation and reading it back (where
        `compare` has not just read back every legal move's text)."""
        pos = self.pos
        for notation in self.variant.notations:
            text = self.variant.format_move(pos, move, notation)
            if notation == "uci" or not self.texts_compared:
                assert self.variant.parse_move(pos, text, notation) == move, (notation, text)
            self.played[notation].append(text)
        uci = self.played["uci"][-1]
        pos.make(move)
        for oracle in self.oracles.values():
            oracle.play(uci)

    def finish_game(self) -> None:
        """Every move played, in each notation an oracle writes, as that oracle writes the game
        (one call: pyffish writes a whole game at the price of one move)."""
        for notation, spec in self.settings["notations"].items():
            if spec is not None:
                expected = self.oracles[spec["oracle"]].write_game(spec["style"])
                shift = spec.get("rank_shift", 0)
                assert self.played[notation] == [shift_ranks(text, shift) for text in expected], (
                    notation,
                    self.where(),
                )

    def game_over(self) -> bool:
        max_plies = self.settings["differential"].get("max_plies")
        return (
            not self.pos.legal_moves()
            or self.pos.outcome() is not None
            or (max_plies is not None and len(self.played["uci"]) > max_plies)
        )

    def where(self, *more) -> tuple:
        return (self.variant.name, self.pos.fen(), self.played.get("uci"), *more)


def choose(rng: random.Random, pos: Position, last_moves: list[str], bias: dict) -> int:
    """A random legal move, biased (``bias``) to move the last-moved piece straight back and to
    give check."""
    variant = pos.variant
    legal = sorted(pos.legal_moves())
    back_move = None
    if len(last_moves) >= 2:
        squares = re.fullmatch(r"([a-z]+\d+)([a-z]+\d+)", last_moves[-2])
        if squares:  # (a promotion cannot be taken back)
            back = squares.group(2) + squares.group(1)
            back_move = next((m for m in legal if variant.format_move(pos, m) == back), None)
    wants_check = bias.get("check", 0) or bias.get("back_that_checks", False)
    checking = [m for m in legal if gives_check(pos, m)] if wants_check else []
    if back_move is not None and bias.get("back_that_checks") and back_move in checking:
        return back_move
    roll = rng.random()
    if back_move is not None and roll < bias.get("back", 0):
        return back_move
    if checking and roll < bias.get("back", 0) + bias.get("check", 0):
        return rng.choice(checking)
    return rng.choice(legal)


def differential_runs(spec: dict, full: bool) -> int:
    """How many seeded runs a differential plays: all ``runs`` when ``full`` (the slow set),
    else the ``default_runs`` the game's settings name for the default set (all when none)."""
    return spec["runs"] if full else spec.get("default_runs", spec["runs"])


def run_random_games(
    game: str, notations_every: int | None = None, full: bool = True
) -> Differential:
    """The game's seeded random games (the first `differential_runs` of them), compared at
    every position."""
    differential = Differential(game, notations_every)
    spec = differential.settings["differential"]
    starts = spec["starts"]
    for seed in range(differential_runs(spec, full)):
        rng = random.Random(seed)
        start = starts[seed % len(starts)]
        stop = differential.positions + spec["positions_per_run"]
        differential.new_game(start)
        while True:
            differential.compare()
            if differential.positions >= stop:
                break
            if differential.game_over():
                differential.finish_game()
                differential.new_game(start)
                continue
            differential.play(
                choose(rng, differential.pos, differential.played["uci"], spec["bias"])
            )
        differential.finish_game()
    return differential


def suite_fens(variant: Variant) -> list[str]:
    """The positions of every suite the game ships (EPD: a FEN's first four fields, then
    operations)."""
    fens = []
    for file_name in suites(variant.name).values():
        for line in variant.data_file(file_name).read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                fens.append(" ".join(line.split()[:4]) + " 0 1")
    return fens


def play_cycle(game: str, cycle: dict) -> Differential:
    """A hand-made repetition cycle, compared at every position."""
    differential = Differential(game, notations_every=1)
    differential.new_game(cycle["start"])
    for text in cycle["prefix"] + cycle["cycle"] * 3:
        differential.compare()
        differential.play(differential.variant.parse_move(differential.pos, text, "uci"))
    differential.compare()
    differential.finish_game()
    return differential
