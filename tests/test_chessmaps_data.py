"""The chessmaps training and test data (cli/chessmaps/data.py): Fairy-Stockfish self-play,
deterministic to the byte, every record legal in xqchess; the file format round-trips; bad
options and a missing or broken engine are one-line errors; the shipped files regenerate from
their header."""

from __future__ import annotations

import gzip
import os

import pytest
from xqchess.cli import records as record_files
from xqchess.cli.chessmaps import data
from xqchess.cli.external_engine import default_engine
from xqchess.core.errors import XQChessError
from xqchess.variants import NAMES, get_variant

ENGINE = default_engine()
needs_engine = pytest.mark.skipif(
    not os.access(ENGINE, os.X_OK),
    reason="fairy-stockfish is not installed (Debian package fairy-stockfish: "
    "/usr/games/fairy-stockfish)",
)
#: a low depth and short games keep the engine tests to a few seconds
QUICK = dict(depth=3, opening=(2, 4), opening_depth=2, max_plies=40)


def assert_legal(variant_name: str, records: list[record_files.Record]) -> None:
    variant = get_variant(variant_name)
    for fen, move in records:
        pos = variant.position(fen)
        assert pos.outcome(claim_draw=True) is None, fen
        assert variant.format_move(pos, variant.parse_move(pos, move, "uci"), "uci") == move


def one_line(error: pytest.ExceptionInfo) -> str:
    message = str(error.value)
    assert message and "\n" not in message
    return message


@needs_engine
@pytest.mark.parametrize("variant_name", NAMES)
def test_generation_is_deterministic_and_legal(variant_name, tmp_path):
    files = []
    for attempt in range(2):
        stats = data.GameStats()
        records = data.generate(variant_name, 12, seed=5, stats=stats, **QUICK)
        assert len(records) == 12
        assert_legal(variant_name, records)
        path = tmp_path / f"{attempt}.txt.gz"
        record_files.write_records(path, records, stats.header)
        files.append(path.read_bytes())
        assert record_files.read_records(path, variant_name) == records
    assert files[0] == files[1]
    header = record_files.read_header(tmp_path / "0.txt.gz")
    assert header.startswith(f"# {data.COMMAND} {variant_name} --count 12 --depth 3 --seed 5 ")
    assert "Fairy-Stockfish" in header
    other = data.generate(variant_name, 12, seed=6, **QUICK)
    assert other != record_files.read_records(tmp_path / "0.txt.gz")


@needs_engine
def test_scores_are_added_to_the_same_records(tmp_path):
    """``with_scores`` adds the engine's score for the side to move and changes nothing else; the
    header says so, and the file reads back with its third field."""
    plain = data.generate("xiangqi", 10, seed=4, **QUICK)
    stats = data.GameStats()
    scored = data.generate("xiangqi", 10, seed=4, stats=stats, with_scores=True, **QUICK)
    assert [record[:2] for record in scored] == plain
    assert all(len(record) == 3 and int(record[2]) == int(record[2]) for record in scored)
    assert " --scores  # " in stats.header and stats.header.endswith("<TAB>score_cp")
    path = tmp_path / "scored.txt.gz"
    record_files.write_records(path, scored, stats.header)
    assert record_files.read_records(path, "xiangqi") == scored


@needs_engine
def test_sampling_skips_the_opening_and_spreads_over_both_sides():
    stats = data.GameStats()
    records = data.generate("chess", 30, seed=2, stats=stats, **QUICK)
    assert stats.games >= 2 and stats.plies >= 2 * len(records)  # one ply in three recorded
    sides = {fen.split()[1] for fen, _ in records}
    assert sides == {"w", "b"}
    start = get_variant("chess").start_fen
    assert all(fen != start for fen, _ in records)


@needs_engine
def test_chunks_resume_to_the_same_records(tmp_path, monkeypatch):
    monkeypatch.setattr(data, "CHUNK_GAMES", 2)
    whole = data.generate("xiangqi", 20, seed=3, **QUICK)
    folder = tmp_path / "chunks"
    assert data.generate("xiangqi", 20, seed=3, chunk_dir=folder, **QUICK) == whole
    chunks = sorted(folder.iterdir())
    chunks[-1].unlink()  # an interrupted run: the last chunk never written
    assert data.generate("xiangqi", 20, seed=3, chunk_dir=folder, **QUICK) == whole
    with pytest.raises(XQChessError) as error:  # other options, same folder
        data.generate("xiangqi", 20, seed=4, chunk_dir=folder, **QUICK)
    assert "other options" in one_line(error)


def test_records_round_trip(tmp_path):
    records = [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e2e4"),
        ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "c7c5"),
    ]
    title = "# xqchess chessmaps data chess --count 2  # engine: test"
    path = tmp_path / "chess.txt.gz"
    record_files.write_records(path, records, title)
    assert record_files.read_records(path, "chess") == records
    assert record_files.read_header(path) == title
    raw = path.read_bytes()
    assert raw[4:8] == b"\0\0\0\0"  # gzip mtime 0
    assert gzip.decompress(raw).decode() == title + "\n" + "".join(
        f"{fen}\t{move}\n" for fen, move in records
    )
    record_files.write_records(tmp_path / "again.gz", records, title)
    assert (tmp_path / "again.gz").read_bytes() == raw  # the name is not stored
    plain = tmp_path / "plain.txt"
    plain.write_text(gzip.decompress(raw).decode())
    assert record_files.read_records(plain) == records


@pytest.mark.parametrize(
    "text, fault",
    [
        ("no tab here\n", "line 1: expected FEN<TAB>move"),
        ("a\tb\tc\td\n", "line 1: expected FEN<TAB>move"),
        ("a\tb\tten\n", "line 1: score 'ten' is not a whole number"),
        (
            "# header\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\te2e5\n",
            "line 2: illegal move e2e5",
        ),
        (
            "# header\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1\te2e4\n",
            "line 2: FEN halfmove clock",
        ),
    ],
)
def test_bad_records_are_one_line_errors(tmp_path, text, fault):
    path = tmp_path / "bad.txt"
    path.write_text(text)
    with pytest.raises(XQChessError) as error:
        record_files.read_records(path, "chess")
    assert fault in one_line(error)


def test_unreadable_files_are_one_line_errors(tmp_path):
    with pytest.raises(XQChessError) as error:
        record_files.read_records(tmp_path / "missing.txt.gz")
    assert "cannot read" in one_line(error)
    broken = tmp_path / "broken.gz"
    broken.write_bytes(b"\x1f\x8b\x08\x00garbage")
    with pytest.raises(XQChessError) as error:
        record_files.read_records(broken)
    assert "not a readable gzip file" in one_line(error)


@pytest.mark.parametrize(
    "options, fault",
    [
        (dict(count=0), "count must be at least 1, got 0"),
        (dict(count=-5), "count must be at least 1, got -5"),
        (dict(count="10"), "count must be a whole number, got '10'"),
        (dict(count=2.5), "count must be a whole number, got 2.5"),
        (dict(depth=0), "depth must be at least 1, got 0"),
        (dict(depth=99), "depth must be at most 64, got 99"),
        (dict(seed=-1), "seed must be at least 0, got -1"),
        (dict(stride=0), "stride must be at least 1, got 0"),
        (dict(opening=(5, 2)), "opening plies must be a range MIN-MAX"),
        (dict(variant_name="shogi"), "unknown variant 'shogi'"),
    ],
)
def test_bad_options_are_one_line_errors(options, fault):
    arguments = dict(
        variant_name="chess", count=10, depth=10, seed=1, engine="/nonexistent/engine"
    )  # refused before any engine starts
    arguments.update(options)
    with pytest.raises(XQChessError) as error:
        data.generate(**arguments)
    assert fault in one_line(error)


def test_missing_engine_is_a_one_line_error(tmp_path):
    path = str(tmp_path / "no-such-fairy-stockfish")
    with pytest.raises(XQChessError) as error:
        data.generate("chess", 5, depth=3, seed=1, engine=path)
    message = one_line(error)
    assert message.startswith(f"cannot start engine {path!r}: ") and "No such file" in message


@pytest.mark.skipif(not os.access("/bin/true", os.X_OK), reason="no /bin/true")
def test_engine_that_dies_is_a_one_line_error():
    with pytest.raises(XQChessError) as error:
        data.generate("chess", 5, depth=3, seed=1, engine="/bin/true")
    assert "engine '/bin/true' " in one_line(error) and "exited" in one_line(error)


def test_engine_that_is_not_an_engine_is_a_one_line_error(tmp_path):
    script = tmp_path / "silent-engine"
    script.write_text('#!/bin/sh\nwhile read line; do echo "heard $line"; done\n')
    script.chmod(0o755)
    with pytest.raises(XQChessError) as error:
        data.generate("chess", 5, depth=3, seed=1, engine=str(script), timeout=1)
    assert f"engine {str(script)!r} did not answer 'uciok' within 1 s" in one_line(error)


def test_command_line_errors_are_one_line(tmp_path, capsys):
    assert (
        data.main(
            [
                "chess",
                "--count",
                "3",
                "--engine",
                str(tmp_path / "none"),
                "--output",
                str(tmp_path / "out.gz"),
            ]
        )
        == 2
    )
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot start engine" in err
    with pytest.raises(SystemExit) as exit_:
        data.main(["chess", "--count", "0", "--output", str(tmp_path / "out.gz")])
    assert exit_.value.code == 2
    assert "--count: must be at least 1, got 0" in capsys.readouterr().err


def test_header_names_the_options():
    title = data.header(
        "xiangqi", 10000, 10, 2, 16, 3, (4, 8), 6, 150, 1000, 6, 400, "Fairy-Stockfish 11.1 LB 64"
    )
    args = data.header_arguments(title)
    assert (args.variant, args.count, args.depth, args.seed) == ("xiangqi", 10000, 10, 2)
    assert data.generate_options(args) == dict(
        engine=None,
        hash_mb=16,
        stride=3,
        opening=(4, 8),
        opening_depth=6,
        opening_margin=150,
        resign=1000,
        resign_plies=6,
        max_plies=400,
        chunk_dir=None,
        with_scores=False,
    )
    scored = data.header(
        "xiangqi", 10, 8, 1, 16, 1, (4, 8), 6, 150, 1000, 6, 400, "Fairy-Stockfish", True
    )
    assert data.generate_options(data.header_arguments(scored))["with_scores"] is True


SHIPPED = [(variant_name, split) for variant_name in NAMES for split in ("train", "test")]


def shipped_or_skip(variant_name: str, split: str):
    path = data.shipped(variant_name, split)
    if not path.exists():
        pytest.skip(f"{path.name} is not generated yet")
    return path


@pytest.mark.parametrize("variant_name, split", SHIPPED)
def test_shipped_data_says_where_it_came_from(variant_name, split):
    path = shipped_or_skip(variant_name, split)
    args = data.header_arguments(record_files.read_header(path))
    assert args.variant == variant_name and args.depth >= 10
    shipped = record_files.read_records(path)
    assert len(shipped) == args.count
    assert len(set(shipped)) > 0.95 * len(shipped)
    assert_legal(variant_name, shipped[::97])  # a spread sample: all of them take a while


def test_train_and_test_data_differ():
    for variant_name in NAMES:
        train, test = (data.shipped(variant_name, split) for split in ("train", "test"))
        if not (train.exists() and test.exists()):
            continue
        seeds = {data.header_arguments(record_files.read_header(p)).seed for p in (train, test)}
        assert len(seeds) == 2
        train_records = record_files.read_records(train)
        overlap = set(train_records) & set(record_files.read_records(test))
        assert len(overlap) < 0.02 * len(train_records)  # common openings may repeat


@needs_engine
@pytest.mark.parametrize("variant_name, split", SHIPPED)
def test_shipped_data_regenerates_from_its_header(variant_name, split):
    """The first game's records, made again at the file's options, are the file's first
    records byte for byte (the whole file would take a quarter of an hour)."""
    path = shipped_or_skip(variant_name, split)
    args = data.header_arguments(record_files.read_header(path))
    options = data.generate_options(args)
    options["max_plies"] = 40  # the first game's start only
    remade = data.generate(variant_name, 5, args.depth, args.seed, **options)
    assert remade == record_files.read_records(path)[:5]
