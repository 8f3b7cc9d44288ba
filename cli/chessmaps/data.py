"""`xqchess chessmaps data`: training and test positions for the chessmaps network, made by
Fairy-Stockfish self-play (Greer's paper took 10,000 + 10,000 positions from master games; we have
no such games for xiangqi, and none with a known strength for either game, so a fixed-depth
Fairy-Stockfish plays the strong side of both).

How a game is made (everything drawn from one RNG seeded by variant, seed and game number, so a
game is the same whatever else is generated, and files can be made in resumable chunks):

* Opening: a random number of random plies (``opening`` range, default 4-8), so that games
  differ; these plies are never recorded. Each is drawn uniformly among the sound moves: those
  whose Fairy-Stockfish score (MultiPV over every legal move, at ``opening_depth``, default 6)
  is within ``opening_margin`` centipawns (default 150) of the best, so the openings vary
  without the hung pieces that uniformly random moves give (the starts of master games are
  sound); 4 plies or more make two games with the same opening unlikely, since the play after
  it is deterministic.
* Then Fairy-Stockfish plays both sides at a fixed ``depth`` (Threads 1, a fixed Hash,
  ``ucinewgame`` before every game, so each search is a function of the game alone and the data
  is deterministic). It is told the whole game (start FEN and moves) so it sees repetitions.
* Every move it plays is checked by xqchess: it must be a legal move of our position, and the
  game stops where xqchess's `outcome` (with claimable draws) says it is over. A move xqchess
  refuses ends the game, unrecorded, with a warning (it has not happened in the shipped data).
* Sampling: one position in ``stride`` (default 3, from a random offset per game) is recorded
  with the move played, so the records are spread over the game, both sides' moves appear
  (the stride is odd), consecutive near-identical positions are avoided, and a data set of a
  given size covers three times as many games as recording every ply would.
* Resignation, as master games end: when the engine's score for the side to move is a mate or
  beyond ``resign`` centipawns in either direction for ``resign_plies`` plies in a row, the game
  stops; long won endings (rare in Greer's master games) do not dominate the data. A game also
  stops after ``max_plies`` plies.

Output: a gzip file (mtime 0, no file name inside, so the same options give the same bytes) of
text lines ``FEN<TAB>move_uci`` (``--scores``: ``FEN<TAB>move_uci<TAB>score_cp``, the engine's
score for the side to move, evaluation tuning's data), after one ``#`` line giving the command
that made it and the engine's name and version. `cli.records.read_records` reads it back;
`generate` returns the records.

The shipped files, chessmaps-{train,test}.txt.gz in the chess and xiangqi data folders, are
10,000 records each made with the defaults above, depth 10, seed 1 (train) and 2 (test); each
file's header line is the command that remakes it byte for byte (add ``--output FILE``;
``--chunks DIR`` to make it resumably). Until the command is wired into `xqchess`, run it as
``python -m xqchess.cli.chessmaps.data VARIANT ...``.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

from xqchess.cli.arguments import non_negative_int, positive_int
from xqchess.cli.external_engine import (
    DEBIAN_FAIRY_STOCKFISH,
    UCI,
    ExternalEngine,
    default_engine,
)
from xqchess.cli.records import (
    HEADER_PREFIX,
    MATE_SCORE,
    Record,
    parse_line,
    write_records,
)
from xqchess.core.errors import MoveError, XQChessError
from xqchess.variants import NAMES, get_variant

#: the command that generates data (written in every file's header)
COMMAND = "xqchess chessmaps data"
#: where the shipped data lives: {variant}-{train,test}.txt.gz

DEFAULT_DEPTH = 10
DEFAULT_HASH_MB = 16
DEFAULT_STRIDE = 3
DEFAULT_OPENING = (4, 8)
DEFAULT_OPENING_DEPTH = 6
DEFAULT_OPENING_MARGIN = 150
DEFAULT_RESIGN_CP = 1000
DEFAULT_RESIGN_PLIES = 6
DEFAULT_MAX_PLIES = 400
#: seconds to wait for one answer of the engine before declaring it hung
DEFAULT_TIMEOUT = 300.0
#: games per chunk file when generating resumably
CHUNK_GAMES = 10
MAX_DEPTH = 64


# -- options ---------------------------------------------------------------------------------


def check_options(
    variant_name: str,
    count: int,
    depth: int,
    seed: int,
    hash_mb: int,
    stride: int,
    opening: tuple[int, int],
    opening_depth: int,
    opening_margin: int,
    resign: int,
    resign_plies: int,
    max_plies: int,
) -> None:
    """XQChessError naming the first bad option value."""
    get_variant(variant_name)
    for name, value, low in (
        ("count", count, 1),
        ("depth", depth, 1),
        ("seed", seed, 0),
        ("hash", hash_mb, 1),
        ("stride", stride, 1),
        ("opening depth", opening_depth, 1),
        ("opening margin", opening_margin, 0),
        ("resign", resign, 1),
        ("resign plies", resign_plies, 1),
        ("max plies", max_plies, 1),
    ):
        if isinstance(value, bool) or not isinstance(value, int):
            raise XQChessError(f"{name} must be a whole number, got {value!r}")
        if value < low:
            raise XQChessError(f"{name} must be at least {low}, got {value}")
    for name, value in (("depth", depth), ("opening depth", opening_depth)):
        if value > MAX_DEPTH:
            raise XQChessError(f"{name} must be at most {MAX_DEPTH}, got {value}")
    low, high = opening
    if not (isinstance(low, int) and isinstance(high, int)) or not 0 <= low <= high:
        raise XQChessError(
            f"opening plies must be a range MIN-MAX with 0 <= MIN <= MAX, got {low}-{high}"
        )


def header(
    variant_name: str,
    count: int,
    depth: int,
    seed: int,
    hash_mb: int,
    stride: int,
    opening: tuple[int, int],
    opening_depth: int,
    opening_margin: int,
    resign: int,
    resign_plies: int,
    max_plies: int,
    engine_name: str,
    with_scores: bool = False,
) -> str:
    """The header line: the command that makes the file and the engine that played."""
    return (
        f"{HEADER_PREFIX}{COMMAND} {variant_name} --count {count} --depth {depth} "
        f"--seed {seed} --hash {hash_mb} --stride {stride} "
        f"--opening {opening[0]}-{opening[1]} --opening-depth {opening_depth} "
        f"--opening-margin {opening_margin} --resign {resign} "
        f"--resign-plies {resign_plies} --max-plies {max_plies}"
        + (" --scores" if with_scores else "")
        + f"  # engine: {engine_name}; records: FEN<TAB>move_uci"
        + ("<TAB>score_cp" if with_scores else "")
    )


# -- games -----------------------------------------------------------------------------------


class GameStats:
    """What generation saw: games, engine plies, records, why games ended, refused moves."""

    def __init__(self) -> None:
        self.games = 0
        self.plies = 0
        self.records = 0
        self.endings: dict[str, int] = {}
        self.refused = 0
        #: the header line of the data generated (set by `generate`)
        self.header = ""

    def end(self, why: str) -> None:
        self.endings[why] = self.endings.get(why, 0) + 1


def play_game(
    engine: ExternalEngine,
    variant_name: str,
    seed: int,
    game: int,
    depth: int,
    stride: int,
    opening: tuple[int, int],
    opening_depth: int,
    opening_margin: int,
    resign: int,
    resign_plies: int,
    max_plies: int,
    stats: GameStats | None = None,
    with_scores: bool = False,
) -> list[Record]:
    """The records of game number ``game`` of ``seed`` (a function of these and the options;
    ``with_scores`` adds the engine's score to each record and changes nothing else)."""
    stats = stats if stats is not None else GameStats()
    stats.games += 1
    variant = get_variant(variant_name)
    rng = random.Random(f"xqchess-chessmaps-data:{variant_name}:{seed}:{game}")
    pos = variant.position()
    start = pos.fen()
    moves: list[str] = []
    engine.new_game()
    for _ in range(rng.randint(*opening)):
        if pos.outcome(claim_draw=True) is not None:
            stats.end("over in the opening")
            return []
        legal = {variant.format_move(pos, move, "uci"): move for move in pos.legal_moves()}
        scores = engine.scored_moves(start, moves, opening_depth, len(legal))
        best = max(scores.values(), default=0)
        sound = sorted(
            text
            for text, score in scores.items()
            if score >= best - opening_margin and text in legal
        )
        if not sound:
            stats.refused += 1
            stats.end("engine opening moves refused")
            print(
                f"warning: none of {engine.name}'s opening moves {sorted(scores)} is legal "
                f"in {pos.fen()} (game {game}); game skipped",
                file=sys.stderr,
            )
            return []
        text = rng.choice(sound)
        moves.append(text)
        pos.make(legal[text])
    offset = rng.randrange(stride)
    records: list[Record] = []
    decided = 0
    for ply in range(max_plies):
        result = pos.outcome(claim_draw=True)
        if result is not None:
            stats.end(result.termination.value)
            return records
        text, score = engine.analyse(start, moves, depth)
        stats.plies += 1
        fen = pos.fen()
        if text is None:
            stats.refused += 1
            stats.end("engine had no move")
            print(
                f"warning: {engine.name} has no move in {fen} (game {game}), which xqchess "
                f"does not rule over; game ended",
                file=sys.stderr,
            )
            return records
        try:
            move = variant.parse_move(pos, text, "uci")
        except MoveError as error:
            stats.refused += 1
            stats.end("engine move refused")
            print(
                f"warning: {engine.name} played {text} in {fen} (game {game}); xqchess "
                f"refuses it: {error}; game ended",
                file=sys.stderr,
            )
            return records
        if (ply - offset) % stride == 0:
            played = variant.format_move(pos, move, "uci")
            records.append((fen, played, str(score)) if with_scores else (fen, played))
            stats.records += 1
        moves.append(text)
        pos.make(move)
        decided = decided + 1 if score is not None and abs(score) >= resign else 0
        if decided >= resign_plies:
            stats.end("resignation")
            return records
    stats.end("ply limit")
    return records


def _chunk_path(chunk_dir: Path, index: int) -> Path:
    return chunk_dir / f"chunk-{index:05d}.tsv"


def _read_chunk(path: Path, key: str) -> list[Record] | None:
    if not path.exists():
        return None
    lines = path.read_text(encoding="utf-8").splitlines()
    if not lines or lines[0] != key:
        raise XQChessError(
            f"chunk file {path} was made with other options (its first line is "
            f"{lines[0] if lines else 'missing'!r}); use another --chunks folder"
        )
    return [parse_line(line, path, number) for number, line in enumerate(lines[1:], 2)]


def _write_chunk(path: Path, key: str, records: list[Record]) -> None:
    temporary = path.with_suffix(".tmp")
    temporary.write_text(
        "".join(f"{line}\n" for line in [key] + ["\t".join(record) for record in records]),
        encoding="utf-8",
    )
    os.replace(temporary, path)


def generate(
    variant_name: str,
    count: int,
    depth: int = DEFAULT_DEPTH,
    seed: int = 0,
    engine: str | None = None,
    *,
    hash_mb: int = DEFAULT_HASH_MB,
    stride: int = DEFAULT_STRIDE,
    opening: tuple[int, int] = DEFAULT_OPENING,
    opening_depth: int = DEFAULT_OPENING_DEPTH,
    opening_margin: int = DEFAULT_OPENING_MARGIN,
    resign: int = DEFAULT_RESIGN_CP,
    resign_plies: int = DEFAULT_RESIGN_PLIES,
    max_plies: int = DEFAULT_MAX_PLIES,
    chunk_dir: str | Path | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    progress=None,
    stats: GameStats | None = None,
    with_scores: bool = False,
) -> list[Record]:
    """``count`` records from games 0, 1, 2, ... of ``seed``; ``stats.header`` (pass a
    `GameStats` to see it) is then the header line naming how they were made. With
    ``chunk_dir``, every ``CHUNK_GAMES`` games are saved there as one file and chunks found
    there are reused, so an interrupted run resumes; the result is the same either way.
    ``progress(records, stats)`` is called after every game."""
    check_options(
        variant_name,
        count,
        depth,
        seed,
        hash_mb,
        stride,
        opening,
        opening_depth,
        opening_margin,
        resign,
        resign_plies,
        max_plies,
    )
    stats = stats if stats is not None else GameStats()
    options = dict(
        depth=depth,
        stride=stride,
        opening=opening,
        opening_depth=opening_depth,
        opening_margin=opening_margin,
        resign=resign,
        resign_plies=resign_plies,
        max_plies=max_plies,
        with_scores=with_scores,
    )
    records: list[Record] = []
    path = engine or default_engine()
    with ExternalEngine([path], UCI, path, timeout) as fsf:
        fsf.start(get_variant(variant_name), {"Threads": "1", "Hash": str(hash_mb)})
        title = header(
            variant_name,
            count,
            depth,
            seed,
            hash_mb,
            stride,
            opening,
            opening_depth,
            opening_margin,
            resign,
            resign_plies,
            max_plies,
            fsf.name,
            with_scores,
        )
        # a chunk depends on every option but the count
        key = title.replace(f" --count {count} ", " ")
        folder = Path(chunk_dir) if chunk_dir is not None else None
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
        per_step = CHUNK_GAMES if folder is not None else 1
        step = 0
        while len(records) < count:
            saved = _read_chunk(_chunk_path(folder, step), key) if folder is not None else None
            if saved is None:
                saved = []
                for game in range(step * per_step, (step + 1) * per_step):
                    saved.extend(play_game(fsf, variant_name, seed, game, stats=stats, **options))
                    if progress:
                        progress(min(len(records) + len(saved), count), stats)
                if folder is not None:
                    _write_chunk(_chunk_path(folder, step), key, saved)
            else:
                stats.games += per_step
                stats.records += len(saved)
                if progress:
                    progress(min(len(records) + len(saved), count), stats)
            records.extend(saved)
            step += 1
    stats.header = title
    return records[:count]


# -- files -----------------------------------------------------------------------------------


def header_arguments(line: str) -> argparse.Namespace:
    """The options a header line names, as `add_arguments` parses them (``output`` is '-'),
    so that a file can be remade: ``generate(args.variant, args.count, args.depth, args.seed,
    **generate_options(args))``."""
    if not line.startswith(HEADER_PREFIX + COMMAND + " "):
        raise XQChessError(f"header {line[:60]!r} does not start with '# {COMMAND}'")
    words = line[len(HEADER_PREFIX + COMMAND) :].split("  #", 1)[0].split()
    parser = argparse.ArgumentParser(prog=COMMAND, add_help=False)
    add_arguments(parser)
    try:
        return parser.parse_args(words + ["--output", "-"])
    except SystemExit:
        raise XQChessError(f"header {line!r} has options {COMMAND} does not read") from None


def generate_options(args: argparse.Namespace) -> dict:
    """`generate`'s keyword options from parsed command-line arguments."""
    return dict(
        engine=args.engine,
        hash_mb=args.hash,
        stride=args.stride,
        opening=tuple(args.opening),
        opening_depth=args.opening_depth,
        opening_margin=args.opening_margin,
        resign=args.resign,
        resign_plies=args.resign_plies,
        max_plies=args.max_plies,
        chunk_dir=args.chunks,
        with_scores=args.scores,
    )


def shipped(variant_name: str, split: str) -> Path:
    """The path of the shipped data: ``split`` is 'train' or 'test'."""
    if split not in ("train", "test"):
        raise XQChessError(f"data split must be train or test, got {split!r}")
    return data_path(get_variant(variant_name), split)


def data_path(variant, split: str) -> Path:
    """The shipped data file of a game and split: ``chessmaps-SPLIT.txt.gz`` in the game's
    data folder (`Variant.data_file`)."""
    return Path(str(variant.data_file(f"chessmaps-{split}.txt.gz")))


# -- command line ----------------------------------------------------------------------------


def _opening_range(text: str) -> tuple[int, int]:
    low, sep, high = text.partition("-")
    try:
        values = (int(low), int(high if sep else low))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected MIN-MAX plies, got {text!r}") from None
    if not 0 <= values[0] <= values[1]:
        raise argparse.ArgumentTypeError(f"expected 0 <= MIN <= MAX, got {text!r}")
    return values


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `xqchess chessmaps data`."""
    parser.add_argument(
        "variant", choices=NAMES, metavar="VARIANT", help="game: " + ", ".join(NAMES)
    )
    parser.add_argument(
        "--count", type=positive_int, required=True, help="number of positions to record"
    )
    parser.add_argument(
        "--output",
        "-o",
        required=True,
        help="file to write (gzip text: a header line, then FEN<TAB>move_uci)",
    )
    parser.add_argument(
        "--depth",
        type=positive_int,
        default=DEFAULT_DEPTH,
        help=f"Fairy-Stockfish's search depth per move (default {DEFAULT_DEPTH})",
    )
    parser.add_argument(
        "--seed",
        type=non_negative_int,
        default=0,
        help="seed of the openings and sampling (default 0)",
    )
    parser.add_argument(
        "--engine",
        help="Fairy-Stockfish binary (default: fairy-stockfish on PATH, else "
        f"{DEBIAN_FAIRY_STOCKFISH})",
    )
    parser.add_argument(
        "--hash",
        type=positive_int,
        default=DEFAULT_HASH_MB,
        help=f"engine hash in MB (default {DEFAULT_HASH_MB})",
    )
    parser.add_argument(
        "--stride",
        type=positive_int,
        default=DEFAULT_STRIDE,
        help="record one position in STRIDE, from a random offset per game "
        f"(default {DEFAULT_STRIDE})",
    )
    parser.add_argument(
        "--opening",
        type=_opening_range,
        default=DEFAULT_OPENING,
        metavar="MIN-MAX",
        help="random sound plies before the engine plays "
        f"(default {DEFAULT_OPENING[0]}-{DEFAULT_OPENING[1]})",
    )
    parser.add_argument(
        "--opening-depth",
        type=positive_int,
        default=DEFAULT_OPENING_DEPTH,
        help="depth of the search that scores "
        f"the opening's candidate moves (default {DEFAULT_OPENING_DEPTH})",
    )
    parser.add_argument(
        "--opening-margin",
        type=non_negative_int,
        default=DEFAULT_OPENING_MARGIN,
        metavar="CP",
        help="an opening ply is drawn among the moves scored within CP "
        f"centipawns of the best (default {DEFAULT_OPENING_MARGIN})",
    )
    parser.add_argument(
        "--resign",
        type=positive_int,
        default=DEFAULT_RESIGN_CP,
        metavar="CP",
        help="stop a game when the engine's score is beyond CP "
        f"centipawns or a mate ... (default {DEFAULT_RESIGN_CP})",
    )
    parser.add_argument(
        "--resign-plies",
        type=positive_int,
        default=DEFAULT_RESIGN_PLIES,
        metavar="N",
        help=f"... for N plies in a row (default {DEFAULT_RESIGN_PLIES})",
    )
    parser.add_argument(
        "--max-plies",
        type=positive_int,
        default=DEFAULT_MAX_PLIES,
        help=f"stop a game after this many engine plies (default {DEFAULT_MAX_PLIES})",
    )
    parser.add_argument(
        "--chunks",
        metavar="DIR",
        help="save every %d games in DIR and reuse "
        "what is there, so an interrupted run resumes" % CHUNK_GAMES,
    )
    parser.add_argument(
        "--scores",
        action="store_true",
        help="add the engine's score for the side to move to each record (centipawns, "
        f"a mate as +-{MATE_SCORE}): evaluation tuning's data (`xqchess tune`)",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")


def run(args: argparse.Namespace) -> None:
    """Generate the data the options describe and write it; progress lines go to stderr."""
    started = time.monotonic()
    shown = [0.0]

    def progress(records: int, stats: GameStats) -> None:
        now = time.monotonic()
        if args.quiet or (now - shown[0] < 10 and records < args.count):
            return
        shown[0] = now
        elapsed = now - started
        print(
            f"{args.variant}: {records}/{args.count} positions, {stats.games} games, "
            f"{elapsed:.0f} s, {records / max(elapsed, 1e-9):.1f} positions/s",
            file=sys.stderr,
            flush=True,
        )

    stats = GameStats()
    records = generate(
        args.variant,
        args.count,
        args.depth,
        args.seed,
        progress=progress,
        stats=stats,
        **generate_options(args),
    )
    write_records(args.output, records, stats.header)
    if not args.quiet:
        endings = ", ".join(f"{why} {n}" for why, n in sorted(stats.endings.items()))
        print(
            f"wrote {len(records)} positions to {args.output} ({stats.games} games, "
            f"{stats.plies} engine plies this run; endings: {endings or 'none this run'}; "
            f"refused engine moves: {stats.refused})",
            file=sys.stderr,
        )


def main(argv: list[str] | None = None) -> int:
    """``python -m xqchess.cli.chessmaps.data``: the command without the `xqchess` front."""
    parser = argparse.ArgumentParser(prog=COMMAND, description=__doc__.splitlines()[0])
    add_arguments(parser)
    args = parser.parse_args(argv)
    try:
        run(args)
    except XQChessError as error:
        print(f"{COMMAND}: error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
