"""The kit's run: which oracle answers what (`Referees`), the parts run one after another
within a time budget (`check_game`), and a saved disagreement compared again (`replay`).

The parts and their shares of the budget: ``perft`` (a third: the oracle's counts, and the
game's shipped reference), ``moves`` (seeded random games compared move by move, with the text
of the moves: the ``notations`` row), ``endings`` (the positions of the game's suites and its
hand-made repetition cycles) and ``properties`` (the move generator's invariants). A part
that finds a disagreement goes on with its next game or position: each disagreement is found
from a fresh start.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from xqchess.cli.check import perft as perft_part
from xqchess.cli.check.differential import (
    Differential,
    Disagreement,
    play_cycle,
    play_random_game,
    position_after,
    settings_of,
    suite_fens,
)
from xqchess.cli.check.oracles import (
    ASPECTS,
    LIBRARY_ORACLES,
    EngineOracle,
    Oracle,
)
from xqchess.cli.check.properties import PROPERTIES, check_property
from xqchess.cli.external_engine import (
    DIALECTS,
    FAIRY_STOCKFISH,
    ExternalEngine,
    default_engine,
    program_name,
)
from xqchess.cli.perft_against import engine_words
from xqchess.core.errors import XQChessError
from xqchess.core.variant import Variant

#: the oracles ``--oracle`` names (``auto``: each question to the oracle the game's settings
#: name, where installed, else pyffish, else Fairy-Stockfish)
ORACLE_CHOICES = ("auto", "python-chess", "pyffish", "engine")
#: each part's share of the budget (perft's third is two parts oracle, one part reference)
SHARES = {"perft": 0.3, "moves": 0.45, "endings": 0.1, "properties": 0.15}
#: hypothesis examples per property per second of the budget (at least `MIN_EXAMPLES`)
EXAMPLES_PER_SECOND, MIN_EXAMPLES = 1.5, 10
#: seconds an engine has for each answer, by default
ENGINE_TIMEOUT = 60.0
#: the random games of ``--seed s`` are seeded s * SEED_STRIDE, s * SEED_STRIDE + 1, ...
SEED_STRIDE = 1_000_000
#: the most disagreements a part reports (it stops looking past them)
MAX_DISAGREEMENTS = 10


class NoOracle(XQChessError):
    """No oracle can be asked about the game."""


@dataclass
class Referees:
    """Who answers what: per question (`ASPECTS`) its oracle (absent: not compared), per
    notation (oracle, style, rank shift), and the oracle that counts perft."""

    aspects: dict[str, Oracle]
    writers: dict[str, tuple[Oracle, str, int]]
    perft: Oracle | None
    oracles: list[Oracle]

    def close(self) -> None:
        for oracle in self.oracles:
            oracle.close()

    def __enter__(self) -> Referees:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def described(self) -> str:
        """Who answers what, in one line."""
        answered: dict[str, list[str]] = {}
        for aspect, oracle in self.aspects.items():
            answered.setdefault(oracle.label, []).append(aspect.replace("_", " "))
        parts = [f"{label}: {', '.join(aspects)}" for label, aspects in answered.items()]
        if self.perft is not None:
            parts.append(f"perft: {self.perft.label}")
        return "; ".join(parts)


def fairy_stockfish_found() -> bool:
    """Whether the engine client's Fairy-Stockfish (`default_engine`) is there."""
    return Path(default_engine()).exists()


def library_oracle(name: str, settings: dict, required: bool) -> Oracle | None:
    """The library oracle ``name`` when installed and it knows the game (else None, or
    NoOracle saying why when ``required``)."""
    make = LIBRARY_ORACLES[name]
    if not make.installed():
        if required:
            raise NoOracle(f"{name} is not installed ({make.install})")
        return None
    oracle = make(settings)
    if not oracle.knows_game():
        if required:
            raise NoOracle(f"{name} does not play {settings['pyffish_variant']!r}")
        return None
    return oracle


def start_engine(
    variant: Variant, command: str, options: dict[str, str], timeout: float
) -> EngineOracle:
    words = engine_words(command)
    engine = ExternalEngine(words, DIALECTS["uci"], program_name(words), timeout)
    engine.start(variant, options)
    return EngineOracle(settings_of(variant), engine, timeout)


def referees(
    variant: Variant,
    choice: str = "auto",
    engine: str | None = None,
    options: dict[str, str] | None = None,
    count_perft: bool = True,
    timeout: float = ENGINE_TIMEOUT,
) -> Referees:
    """The oracles for ``choice`` (`ORACLE_CHOICES`); ``engine`` the engine's command line
    (default Fairy-Stockfish, used by ``auto`` for perft where it is found, unless not
    ``count_perft``; ``timeout`` seconds for each of its answers). NoOracle when none can
    answer; EngineFailure when the engine does not start or play the game."""
    if choice not in ORACLE_CHOICES:
        raise XQChessError(f"unknown oracle {choice!r} (one of {', '.join(ORACLE_CHOICES)})")
    settings = settings_of(variant)
    made: dict[str, Oracle] = {}

    def engine_oracle() -> Oracle | None:
        if "engine" not in made:
            if engine is None and not fairy_stockfish_found():
                return None
            made["engine"] = start_engine(
                variant, engine or FAIRY_STOCKFISH, options or {}, timeout
            )
        return made["engine"]

    def library(name: str, required: bool) -> Oracle | None:
        if name not in made:
            oracle = library_oracle(name, settings, required)
            if oracle is None:
                return None
            made[name] = oracle
        return made[name]

    try:
        if choice == "engine":
            oracle = engine_oracle()
            if oracle is None:
                raise NoOracle("Fairy-Stockfish is not found: name an engine with --engine")
            aspects = {aspect: oracle for aspect in ASPECTS if aspect in oracle.answers()}
            perft = oracle
        elif choice != "auto":
            oracle = library(choice, required=True)
            assert oracle is not None
            aspects = dict.fromkeys(ASPECTS, oracle)
            perft = oracle
        else:
            aspects = {}
            for aspect in ASPECTS:
                found = library(settings["oracles"][aspect], False) or library("pyffish", False)
                if found is None:
                    found = engine_oracle()
                if found is not None and aspect in found.answers():
                    aspects[aspect] = found
            if not aspects:
                raise NoOracle(
                    f"no oracle for {variant.name}: install pyffish (pip install pyffish) or "
                    "Fairy-Stockfish, or name an engine with --engine"
                )
            perft = (engine_oracle() if count_perft else None) or aspects.get("legal_moves")
        writers = {}
        for notation, spec in settings["notations"].items():
            if not spec:
                continue
            writer = made.get(spec["oracle"]) if choice == "auto" else made.get(choice)
            if writer is None and choice == "auto":
                writer = library(spec["oracle"], False)
            if writer is not None and spec["style"] in writer.styles:
                writers[notation] = (writer, spec["style"], spec.get("rank_shift", 0))
    except BaseException:
        for oracle in made.values():
            oracle.close()
        raise
    return Referees(aspects, writers, perft, list(made.values()))


@dataclass
class PartReport:
    """One part's row: what it compared and where it disagreed."""

    name: str
    oracle: str
    positions: int = 0
    compared: int = 0
    unit: str = ""
    seconds: float = 0.0
    note: str = ""
    disagreements: list[Disagreement] = field(default_factory=list)
    #: the endings its games reached: name -> positions that ended so
    endings: dict[str, int] = field(default_factory=dict)


@dataclass
class CheckReport:
    """A game's check: its referees and each part's report."""

    game: str
    referees: str
    parts: list[PartReport]

    @property
    def disagreements(self) -> list[Disagreement]:
        return [found for part in self.parts for found in part.disagreements]

    @property
    def endings(self) -> dict[str, int]:
        """The endings the parts' games reached: name -> positions that ended so."""
        reached: dict[str, int] = {}
        for part in self.parts:
            for name, count in part.endings.items():
                reached[name] = reached.get(name, 0) + count
        return reached


Progress = Callable[[str, float], None]


def check_game(
    variant: Variant,
    refs: Referees,
    budget: float = 60.0,
    seed: int = 0,
    on_progress: Progress = lambda step, fraction: None,
) -> CheckReport:
    """Run every part on ``variant`` against ``refs`` within about ``budget`` seconds; the
    report (``on_progress(step, fraction of the budget spent)`` as it goes)."""
    began = time.perf_counter()

    def progress(step: str) -> None:
        on_progress(step, min((time.perf_counter() - began) / budget, 1.0))

    settings = settings_of(variant)
    parts = [
        run_perft(variant, refs, budget * SHARES["perft"], seed, progress),
        *run_moves(variant, settings, refs, budget * SHARES["moves"], seed, progress),
        run_endings(variant, settings, refs, budget * SHARES["endings"], progress),
        run_properties(variant, budget, seed, progress),
    ]
    return CheckReport(variant.name, refs.described(), parts)


def run_perft(
    variant: Variant, refs: Referees, seconds: float, seed: int, progress: Callable[[str], None]
) -> PartReport:
    began = time.perf_counter()
    tally = perft_part.PerftTally()
    found: list[Disagreement] = []
    if refs.perft is not None:
        found += perft_part.compare_with_oracle(
            variant, refs.perft, seed, seconds * 2 / 3, tally, progress, MAX_DISAGREEMENTS
        )
    found += perft_part.compare_with_reference(
        variant, began + seconds - time.perf_counter(), tally
    )
    labels = ["shipped reference"] * bool(perft_part.perft_reference(variant))
    labels += [refs.perft.label] if refs.perft is not None else []
    return PartReport(
        "perft",
        " and ".join(labels) or "-",
        positions=tally.compared,
        compared=tally.leaves,
        unit="leaves",
        seconds=time.perf_counter() - began,
        note=f"to depth {tally.deepest}" if tally.deepest else "",
        disagreements=found,
    )


def run_moves(
    variant: Variant,
    settings: dict,
    refs: Referees,
    seconds: float,
    seed: int,
    progress: Callable[[str], None],
) -> list[PartReport]:
    """The seeded random games, as many as ``seconds`` allow (each start played once at least:
    the first run from each has an equal share of the time at most); two rows: the moves and
    their texts."""
    began = time.perf_counter()
    deadline = began + seconds
    differential = Differential(variant, settings, refs.aspects, refs.writers)
    starts = len(settings["differential"]["starts"])
    found: list[Disagreement] = []
    run = 0
    while run < starts or time.perf_counter() < deadline:
        progress(f"random game {run + 1}")
        share = deadline if run >= starts else began + seconds * (run + 1) / starts
        try:
            play_random_game(differential, seed * SEED_STRIDE + run, share)
        except Disagreement as disagreement:
            found.append(disagreement)
            if len(found) >= MAX_DISAGREEMENTS:
                break
        run += 1
    took = time.perf_counter() - began
    tally = differential.tally

    moves_oracle = ", ".join(
        sorted({oracle.label for aspect, oracle in refs.aspects.items() if aspect != "fen"})
    )
    writers = sorted({oracle.label for oracle, _, _ in refs.writers.values()})
    return [
        PartReport(
            "moves",
            moves_oracle or "-",
            tally.positions,
            tally.moves,
            "legal moves",
            took,
            f"{run} games, {len(tally.endings)} kind{'s' * (len(tally.endings) != 1)} of ending",
            [d for d in found if d.part == "moves"],
            {ending.name.lower(): count for ending, count in tally.endings.items()},
        ),
        PartReport(
            "notations",
            " and ".join(writers + ["read back"]),
            tally.positions,
            tally.texts,
            "move texts",
            0.0,
            ", ".join(variant.notations),
            [d for d in found if d.part == "notations"],
        ),
    ]


def run_endings(
    variant: Variant, settings: dict, refs: Referees, seconds: float, progress
) -> PartReport:
    """The game's suite positions (each compared once, move texts left to the random games)
    and its repetition cycles."""
    began = time.perf_counter()
    differential = Differential(variant, settings, refs.aspects, refs.writers, part="endings")
    found = []
    for cycle in settings["repetition_cycles"]:
        progress(f"repetition cycle ending {cycle['ending'].lower()}")
        try:
            play_cycle(differential, cycle)
        except Disagreement as disagreement:
            found.append(disagreement)
    fens = suite_fens(variant)
    compared = 0
    for number, fen in enumerate(fens):
        if time.perf_counter() - began > seconds or len(found) >= MAX_DISAGREEMENTS:
            break
        if number % 20 == 0:
            progress(f"suite position {number + 1} of {len(fens)}")
        differential.new_game(fen)
        compared += 1
        try:
            differential.compare(texts=False)
        except Disagreement as disagreement:
            found.append(disagreement)
    label = ", ".join(sorted({oracle.label for oracle in refs.aspects.values()}))
    cycles = len(settings["repetition_cycles"])
    return PartReport(
        "endings",
        label or "-",
        differential.positions,
        differential.tally.moves,
        "legal moves",
        time.perf_counter() - began,
        f"{cycles} repetition cycles, {compared} of {len(fens)} suite positions",
        found,
    )


def run_properties(variant: Variant, budget: float, seed: int, progress) -> PartReport:
    began = time.perf_counter()
    examples = max(MIN_EXAMPLES, round(budget * EXAMPLES_PER_SECOND))
    found = []
    ran = 0
    for name in PROPERTIES:
        progress(f"property {name.replace('_', ' ')}")
        result = check_property(variant, name, examples, seed)
        ran += result.examples
        if result.failure is not None:
            failure = result.failure
            found.append(
                Disagreement(
                    "properties",
                    name.replace("_", " "),
                    failure.start_fen,
                    list(failure.moves),
                    failure.fen,
                    failure.message,
                    "the property holds",
                    "invariant",
                )
            )
    return PartReport(
        "properties",
        "invariants",
        ran,
        len(PROPERTIES),
        "properties",
        time.perf_counter() - began,
        f"{examples} examples each (hypothesis)",
        found,
    )


def replay(variant: Variant, refs: Referees, record: dict) -> Disagreement | None:
    """A saved disagreement compared again: the same part and question at the same position;
    the disagreement found now, or None where the two now agree."""
    settings = settings_of(variant)
    start, moves, part = record["start"], record["moves"], record["part"]
    if part == "properties":
        name = record["aspect"].replace(" ", "_")
        pos = position_after(variant, start, moves)
        try:
            PROPERTIES[name](pos)
        except AssertionError as error:
            return Disagreement(
                part,
                record["aspect"],
                start,
                moves,
                pos.fen(),
                str(error),
                "the property holds",
                "invariant",
            )
        return None
    if part == "perft":
        if refs.perft is None:
            raise NoOracle("no oracle counts perft: name an engine with --engine")
        pos = position_after(variant, start, moves)
        at = perft_part.Start("replay", pos.fen(), [], pos)
        depth = record.get("depth") or 1
        ours = {variant.format_move(pos, m): n for m, n in perft_part.divide(pos, depth)}
        if ours == refs.perft.perft_divide(pos.fen(), [], depth):
            return None
        found = perft_part.locate(variant, refs.perft, at, depth)
        found.start, found.moves = start, moves + found.moves
        return found
    differential = Differential(variant, settings, refs.aspects, refs.writers, part=part)
    try:
        differential.replay(start, moves)
        differential.compare(texts=True)
    except Disagreement as disagreement:
        return disagreement
    return None
