"""Record files of positions from self-play (`xqchess chessmaps data`): gzip text (or plain),
a ``#`` header line naming the command that made the file, then one record per line: the
position's FEN, the move played there in UCI, and optionally the engine's score for the side
to move, tab-separated. The chessmaps network trains on the moves (`cli.chessmaps`), evaluation
tuning on the scores (`cli.tuning`)."""

from __future__ import annotations

import gzip
import io
import os
from pathlib import Path

from xqchess.core.errors import XQChessError
from xqchess.variants import get_variant

#: one record: the position (xqchess FEN, side to move included) and the move played, in UCI;
#: in a scored file, a third field: the engine's score for the side to move, in centipawns (a
#: mate as +-`MATE_SCORE`), as text
Record = tuple[str, ...]
#: a mate's score in a record (either sign)
MATE_SCORE = 100000
HEADER_PREFIX = "# "


def encode(records: list[Record], title: str) -> bytes:
    """The gzip file's bytes: the header line, then one ``FEN<TAB>move`` line per record;
    mtime 0 and no file name in the gzip header, so equal records give equal bytes."""
    text = title + "\n" + "".join("\t".join(record) + "\n" for record in records)
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, compresslevel=9, mtime=0) as stream:
        stream.write(text.encode("utf-8"))
    return buffer.getvalue()


def write_records(path: str | Path, records: list[Record], title: str) -> None:
    """Write the data file at ``path`` (atomically: a temporary file renamed over it)."""
    path = Path(path)
    temporary = path.with_name(path.name + ".tmp")
    try:
        temporary.write_bytes(encode(records, title))
        os.replace(temporary, path)
    except OSError as error:
        raise XQChessError(f"cannot write {path}: {error.strerror or error}") from None


def parse_line(line: str, path, number: int) -> Record:
    fields = line.split("\t")
    if len(fields) not in (2, 3) or not all(fields):
        raise XQChessError(
            f"{path} line {number}: expected FEN<TAB>move or FEN<TAB>move<TAB>score, "
            f"got {line[:60]!r}"
        )
    if len(fields) == 3 and not fields[2].lstrip("-").isdigit():
        raise XQChessError(f"{path} line {number}: score {fields[2][:20]!r} is not a whole number")
    return tuple(fields)


def read_text(path: str | Path) -> str:
    """The text of a data file, gzip-compressed or plain."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise XQChessError(f"cannot read {path}: {error.strerror or error}") from None
    if data[:2] == b"\x1f\x8b":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError) as error:
            raise XQChessError(f"{path} is not a readable gzip file: {error}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise XQChessError(f"{path} is not UTF-8 text") from None


def read_header(path: str | Path) -> str | None:
    """The file's header line (the command that made it), or None when it has none."""
    for line in read_text(path).splitlines():
        return line if line.startswith("#") else None
    return None


def read_records(path: str | Path, variant_name: str | None = None) -> list[Record]:
    """The records of a data file (``#`` lines and blank lines skipped). With ``variant_name``,
    every FEN must be a position of that game and its move legal there (XQChessError naming
    the line otherwise)."""
    records = []
    variant = get_variant(variant_name) if variant_name is not None else None
    for number, line in enumerate(read_text(path).splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        record = parse_line(line, path, number)
        if variant is not None:
            try:
                variant.parse_move(variant.position(record[0]), record[1], "uci")
            except XQChessError as error:
                raise XQChessError(f"{path} line {number}: {error}") from None
        records.append(record)
    return records
