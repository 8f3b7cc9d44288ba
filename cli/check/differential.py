"""The differential: a game compared with its oracles position by position, through seeded
random games, the positions of its suites and hand-made repetition cycles, as the game's
settings (``data/conformance.json``) say; and what a disagreement is.

A game's settings (`settings_of`, defaults where it ships none):

* ``pyffish_variant``: the game's name in Fairy-Stockfish (default: its own name).
* ``oracles``: which oracle, ``python-chess`` or ``pyffish``, answers each question (`ASPECTS`):
  ``fen`` (the FEN reached by the same moves), ``legal_moves``, ``check``, ``captures`` (its
  legal captures plus quiet promotions, against the captures-only generator) and ``game_end``
  (default: pyffish for all).
* ``notations``: per notation the game writes, how an oracle writes the same move: ``{"oracle":
  ..., "style": "SAN" | "XIANGQI_WXF" | "UCI", "rank_shift": n}`` (``UCI``: the oracle's
  coordinates, each rank number moved by ``rank_shift``, as ICCS counts ranks from 0), or null
  where no oracle writes it: that notation is only written and read back (the default but for
  `PYFFISH_STYLES`).
* ``ask_immediate_end``: pyffish's ``is_immediate_game_end`` is asked at every position first
  (where the game has such ends, or to make sure it has none).
* ``dead_material_is_drawn``: the game ends drawn when pyffish's ``has_insufficient_material``
  holds for both sides.
* ``differential``: the seeded random games: ``starts`` (FENs, null for the start position;
  run ``i`` starts from ``starts[i % len]``), ``runs``, ``positions_per_run``, ``max_plies``
  (a new game begins past it; null: only when one ends), ``bias`` (``back``: chance of moving
  the last-moved piece straight back, ``check``: of giving check, ``back_that_checks``:
  always move back when that checks, so perpetual checks happen), ``captures_every`` and
  ``notations_every`` (every how many positions the captures and the text of every legal move
  are compared; the move played is compared at every ply), ``min_positions`` and ``endings``
  (the `Termination` names the games must reach, so each rule compared is exercised), and
  ``default``: values that replace these in the tests' default set (a smaller sample).
* ``repetition_cycles``: hand-made cycles, ``{"start", "prefix", "cycle", "ending"}``: the
  prefix then the cycle three times, compared at every position, ending as named.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections import Counter
from dataclasses import dataclass, field

from xqchess.cli.check.oracles import ASPECTS, Oracle, Unanswerable
from xqchess.core.errors import XQChessError
from xqchess.core.outcome import Termination
from xqchess.core.position import Position
from xqchess.core.variant import Variant
from xqchess.variants import suites

#: the random games of a game that ships no settings: from its start, the captures compared
#: every fifth position and every legal move's text every fourth
DEFAULT_DIFFERENTIAL = {
    "starts": [None],
    "runs": 40,
    "positions_per_run": 100,
    "max_plies": 200,
    "bias": {"back": 0.3, "check": 0.2},
    "captures_every": 5,
    "notations_every": 4,
    "min_positions": 0,
    "endings": [],
}
#: the part a notation's disagreement belongs to, whichever part found it
NOTATIONS = "notations"


#: the notations pyffish writes, by the name a game gives them: a game that ships no settings
#: has its moves in these compared with pyffish's text
PYFFISH_STYLES = {"san": "SAN", "wxf": "XIANGQI_WXF"}


def read_data(variant: Variant, name: str) -> object:
    """The game's ``data/NAME`` read as JSON (None where it ships none); XQChessError naming the
    file where it is not JSON."""
    path = variant.data_file(name)
    if not path.is_file():
        return None
    try:
        return json.loads(path.read_text())
    except json.JSONDecodeError as error:
        raise XQChessError(f"{variant.name}'s data/{name} is not JSON: {error}") from None


def settings_of(variant: Variant) -> dict:
    """The game's ``data/conformance.json``, with the defaults of a game that ships none (or
    leaves a key out)."""
    shipped = read_data(variant, "conformance.json") or {}
    if not isinstance(shipped, dict):
        raise XQChessError(f"{variant.name}'s data/conformance.json is not a JSON object")
    settings = {
        "pyffish_variant": variant.name,
        "oracles": dict.fromkeys(ASPECTS, "pyffish"),
        "notations": {
            notation: {"oracle": "pyffish", "style": PYFFISH_STYLES[notation]}
            if notation in PYFFISH_STYLES
            else None
            for notation in variant.notations
        },
        "differential": dict(DEFAULT_DIFFERENTIAL),
        "repetition_cycles": [],
    }
    differential = dict(DEFAULT_DIFFERENTIAL, **shipped.get("differential", {}))
    settings.update(shipped)
    settings["differential"] = differential
    return settings


def perft_reference(variant: Variant) -> list[dict]:
    """The game's shipped perft counts (``data/perft.json``: ``{"positions": [{"name", "fen",
    "perft": {depth: count}}]}``, Fairy-Stockfish's, written by
    ``tests/tools/gen_perft_reference.py``); none where it ships none."""
    reference = read_data(variant, "perft.json")
    try:
        return [] if reference is None else list(reference["positions"])
    except (KeyError, TypeError):
        raise XQChessError(f"{variant.name}'s data/perft.json has no list of positions") from None


def shift_ranks(text: str, shift: int) -> str:
    """Coordinates with each rank number moved by ``shift`` (UCI ``a1a2`` -> ICCS ``a0a1``)."""
    return re.sub(r"\d+", lambda rank: str(int(rank.group()) + shift), text)


def same_position(ours: str, theirs: str) -> bool:
    """Whether two FENs name one position: every field equal, but an en-passant square that
    one writes and the other does not (engines differ on writing one where no capture onto it
    is legal; the legal moves are compared on their own). An oracle the game's settings name
    for the FEN is held to every field."""
    a, b = ours.split(), theirs.split()
    if len(a) != len(b):
        return False
    return all(x == y or (i == 3 and "-" in (x, y)) for i, (x, y) in enumerate(zip(a, b)))


@dataclass
class Disagreement(Exception):
    """Where the game and an oracle (or an invariant) part: the part of the check, the
    question, the start position and the moves (UCI) to the position, its FEN, and what each
    side says."""

    part: str
    aspect: str
    start: str | None
    moves: list[str]
    fen: str
    ours: str
    theirs: str
    oracle: str
    #: the perft depth compared (perft's disagreements)
    depth: int | None = None

    def __str__(self) -> str:
        return (
            f"{self.part}: {self.aspect} differs at {self.fen} (after "
            f"{' '.join(self.moves) or 'no move'}): xqchess {self.ours}, {self.oracle} "
            f"{self.theirs}"
        )

    def record(self) -> dict:
        """The disagreement as the JSON file writes it."""
        return {
            key: getattr(self, key)
            for key in ("part", "aspect", "start", "moves", "fen", "ours", "theirs", "oracle")
        } | ({"depth": self.depth} if self.depth is not None else {})


def shown(value: object) -> str:
    """An answer as a disagreement shows it (move sets sorted)."""
    if isinstance(value, (set, frozenset)):
        return " ".join(sorted(value)) or "-"
    return str(value)


def start_position(variant: Variant, fen: str | None) -> tuple[Position, bool]:
    """The position ``fen`` and whether it passed the strict check (composed positions no game
    reaches are read leniently, and the FENs reached from them are read back the same way)."""
    try:
        return variant.position(fen), True
    except ValueError:
        return variant.position(fen, strict=False), False


def position_after(variant: Variant, start: str | None, moves: list[str]) -> Position:
    """The position the UCI ``moves`` reach from ``start`` (read as `start_position` does)."""
    pos, _ = start_position(variant, start)
    for text in moves:
        pos.make(variant.parse_move(pos, text, "uci"))
    return pos


@dataclass
class Tally:
    """What one part compared: positions, legal moves, notation texts, endings reached."""

    positions: int = 0
    moves: int = 0
    texts: int = 0
    endings: Counter = field(default_factory=Counter)


class Differential:
    """Compares a game, position by position, with its oracles: ``oracles`` maps each
    question (`ASPECTS`) to the oracle that answers it (absent: not compared), ``writers``
    each notation to (oracle, style, rank shift) (absent: written and read back only)."""

    def __init__(
        self,
        variant: Variant,
        settings: dict,
        oracles: dict[str, Oracle],
        writers: dict[str, tuple[Oracle, str, int]],
        part: str = "moves",
        notations_every: int | None = None,
    ) -> None:
        self.variant = variant
        self.settings = settings
        self.aspects = oracles
        self.writers = writers
        self.part = part
        self.oracles = {id(o): o for o in [*oracles.values(), *(w[0] for w in writers.values())]}
        differential = settings["differential"]
        self.captures_every = differential.get("captures_every", 0)
        self.notations_every = notations_every or differential.get("notations_every", 1)
        self.tally = Tally()
        self.texts_compared = False

    @property
    def positions(self) -> int:
        return self.tally.positions

    @property
    def endings(self) -> set[Termination]:
        return set(self.tally.endings)

    def new_game(self, start: str | None) -> None:
        self.start = start
        self.pos, self.strict = start_position(self.variant, start)
        for oracle in self.oracles.values():
            oracle.reset(start)
        self.played: dict[str, list[str]] = {notation: [] for notation in self.variant.notations}

    def disagree(
        self, aspect: str, ours: object, theirs: object, oracle: Oracle, part: str | None = None
    ) -> Disagreement:
        return Disagreement(
            part or self.part,
            aspect,
            self.start,
            list(self.played.get("uci", [])),
            self.pos.fen(),
            shown(ours),
            shown(theirs),
            oracle.label,
        )

    def ask(self, aspect: str, ours: object, question) -> None:
        """Compare ``ours`` with the answer of the oracle for ``aspect`` (``question(oracle)``);
        raise the Disagreement."""
        oracle = self.aspects.get(aspect)
        if oracle is None:
            return
        try:
            theirs = question(oracle)
        except Unanswerable:
            return
        if aspect == "fen" and self.settings["oracles"]["fen"] != oracle.name:
            if same_position(str(ours), str(theirs)):  # (an oracle the game does not name)
                return
        if ours == theirs:
            return
        if isinstance(ours, set) and isinstance(theirs, set):
            ours, theirs = (
                "only xqchess: " + shown(ours - theirs),
                f"only {oracle.label}: " + shown(theirs - ours),
            )
        raise self.disagree(aspect.replace("_", " "), ours, theirs, oracle)

    def compare(self, texts: bool | None = None) -> None:
        """The current position: FEN (and its round trip), legal moves, check, captures, game
        end, and every legal move's text (when ``texts``; by default every ``notations_every``
        positions). Raises Disagreement at the first difference."""
        variant, pos = self.variant, self.pos
        fen = pos.fen()
        self.ask("fen", fen, lambda oracle: oracle.fen())
        again = variant.position(fen, strict=self.strict).fen()
        if again != fen:
            raise Disagreement(
                self.part,
                "fen read back",
                self.start,
                self.played["uci"],
                fen,
                again,
                fen,
                "itself",
            )
        legal = pos.legal_moves()
        uci = {variant.format_move(pos, move): move for move in legal}
        if len(uci) != len(legal):
            raise Disagreement(
                self.part,
                "move texts",
                self.start,
                self.played["uci"],
                fen,
                f"{len(uci)} texts",
                f"{len(legal)} moves",
                "itself",
            )
        self.ask("legal_moves", set(uci), lambda oracle: oracle.legal_moves())
        self.tally.moves += len(uci)
        self.ask("check", pos.is_check(), lambda oracle: oracle.check())
        if self.captures_every and self.tally.positions % self.captures_every == 0:
            captures = {variant.format_move(pos, move) for move in variant.legal_captures(pos)}
            self.ask("captures", captures, lambda oracle: oracle.captures())
        if texts is None:
            texts = self.tally.positions % self.notations_every == 0
        self.texts_compared = texts
        if texts:
            for text, move in uci.items():
                self.compare_notations(text, move)
        oracle = self.aspects.get("game_end")
        if oracle is not None:
            try:
                theirs, ours = oracle.game_end(pos)
            except Unanswerable:
                pass
            else:
                if ours != theirs:
                    raise self.disagree("game end", ours, theirs, oracle)
        for claim_draw in (False, True):
            outcome = pos.outcome(claim_draw=claim_draw)
            if outcome is not None:
                self.tally.endings[outcome.termination] += 1
        self.tally.positions += 1

    def compare_notations(self, uci: str, move: int) -> None:
        """``move`` written in each notation: as its oracle writes it, and read back (but for
        UCI, whose reader `play` checks at every ply: it is the same for every game)."""
        for notation in self.variant.notations:
            text = self.variant.format_move(self.pos, move, notation)
            writer = self.writers.get(notation)
            if writer is not None:
                oracle, style, shift = writer
                expected = shift_ranks(oracle.write(uci, style), shift)
                if text != expected:
                    raise self.disagree(f"{notation} of {uci}", text, expected, oracle, NOTATIONS)
            if notation != "uci":
                self.read_back(notation, text, move)
            self.tally.texts += 1

    def read_back(self, notation: str, text: str, move: int) -> None:
        try:
            read = self.variant.parse_move(self.pos, text, notation)
        except ValueError as error:
            read = str(error)
        if read != move:
            raise Disagreement(
                NOTATIONS,
                f"{notation} read back",
                self.start,
                list(self.played["uci"]),
                self.pos.fen(),
                f"{text} reads {read}",
                f"{text} is {self.variant.format_move(self.pos, move)}",
                "itself",
            )

    def play(self, move: int) -> None:
        """Play ``move``, after writing it in every notation and reading it back (where
        `compare` has not just read back every legal move's text)."""
        pos = self.pos
        for notation in self.variant.notations:
            text = self.variant.format_move(pos, move, notation)
            if notation == "uci" or not self.texts_compared:
                self.read_back(notation, text, move)
            self.played[notation].append(text)
        uci = self.played["uci"][-1]
        pos.make(move)
        for oracle in self.oracles.values():
            oracle.play(uci)

    def finish_game(self) -> None:
        """Every move played, in each notation an oracle writes, as that oracle writes the game
        (one call: pyffish writes a whole game at the price of one move)."""
        for notation, (oracle, style, shift) in self.writers.items():
            try:
                expected = [shift_ranks(text, shift) for text in oracle.write_game(style)]
            except Unanswerable:
                continue
            if self.played[notation] != expected:
                at = next(
                    (i for i, (a, b) in enumerate(zip(self.played[notation], expected)) if a != b),
                    min(len(expected), len(self.played[notation])),
                )
                raise Disagreement(
                    NOTATIONS,
                    f"{notation} of the game's move {at + 1}",
                    self.start,
                    self.played["uci"][:at],
                    "(replayed)",
                    " ".join(self.played[notation][at : at + 1]) or "-",
                    " ".join(expected[at : at + 1]) or "-",
                    oracle.label,
                )

    def game_over(self) -> bool:
        max_plies = self.settings["differential"].get("max_plies")
        return (
            not self.pos.legal_moves()
            or self.pos.outcome() is not None
            or (max_plies is not None and len(self.played["uci"]) > max_plies)
        )

    def replay(self, start: str | None, moves: list[str]) -> None:
        """Reach the position after ``moves`` (UCI) from ``start``, comparing none before it."""
        self.new_game(start)
        for text in moves:
            self.texts_compared = False
            self.play(self.variant.parse_move(self.pos, text, "uci"))


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
    checking = [m for m in legal if pos.gives_check(m)] if wants_check else []
    if back_move is not None and bias.get("back_that_checks") and back_move in checking:
        return back_move
    roll = rng.random()
    if back_move is not None and roll < bias.get("back", 0):
        return back_move
    if checking and roll < bias.get("back", 0) + bias.get("check", 0):
        return rng.choice(checking)
    return rng.choice(legal)


def play_random_game(differential: Differential, seed: int, deadline: float | None = None) -> None:
    """Run ``seed`` of the seeded random games: from its start, ``positions_per_run``
    positions compared (a new game from the same start when one ends), or fewer where
    ``deadline`` (a `time.perf_counter` reading) comes first. Raises Disagreement at the
    first difference."""
    spec = differential.settings["differential"]
    rng = random.Random(seed)
    start = spec["starts"][seed % len(spec["starts"])]
    stop = differential.positions + spec["positions_per_run"]
    differential.new_game(start)
    while True:
        differential.compare()
        if differential.positions >= stop or (
            deadline is not None and time.perf_counter() > deadline
        ):
            break
        if differential.game_over():
            differential.finish_game()
            differential.new_game(start)
            continue
        differential.play(choose(rng, differential.pos, differential.played["uci"], spec["bias"]))
    differential.finish_game()


def suite_fens(variant: Variant) -> list[str]:
    """The positions of every suite the game ships (EPD: a FEN's first four fields, then
    operations)."""
    fens = []
    for file_name in suites(variant.name).values():
        for line in variant.data_file(file_name).read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                fens.append(" ".join(line.split()[:4]) + " 0 1")
    return fens


def play_cycle(differential: Differential, cycle: dict) -> None:
    """A hand-made repetition cycle, compared at every position; raises Disagreement also
    when it does not end as the cycle says."""
    differential.new_game(cycle["start"])
    for text in cycle["prefix"] + cycle["cycle"] * 3:
        differential.compare(texts=True)
        differential.play(differential.variant.parse_move(differential.pos, text, "uci"))
    differential.compare(texts=True)
    differential.finish_game()
    outcome = differential.pos.outcome()
    ending = outcome.termination.name if outcome else "no end"
    if ending != cycle["ending"]:
        raise Disagreement(
            differential.part,
            "repetition cycle's end",
            cycle["start"],
            differential.played["uci"],
            differential.pos.fen(),
            ending,
            cycle["ending"],
            "the game's settings",
        )
