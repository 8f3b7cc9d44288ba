"""The chessmaps view (`xqchess chessmaps VARIANT`), its place in `xqchess play`
(``show chessmap``) and the cost benchmark (`xqchess bench chessmaps`): the JSON object's keys,
lengths and values in both games, sectors only from a network (none without one, and the text
says why), a move's influence in every notation, one-line errors, the boards' fixed-width cells
within 120 columns, a scripted play session and the benchmark's lines."""

import argparse
import io
import json
import re
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from rich.cells import cell_len
from rich.console import Console
from test_play import play
from xqchess.board_view import BoardView
from xqchess.cli.chessmaps import cost as chessmaps_cost
from xqchess.cli.suites import default_suite_name, load_suite
from xqchess.cli.tui import chessmaps_view
from xqchess.core.errors import XQChessError
from xqchess.ordering.chessmaps.control import chessmap
from xqchess.ordering.chessmaps.valueboard import influence, valueboard
from xqchess.variants import NAMES, get_variant

ROOT = Path(__file__).resolve().parent.parent
SIZES = {name: get_variant(name).geometry.size for name in NAMES}
#: a middlegame of each game with the second player to move (the others from their suites)
MIDDLEGAMES = {
    "chess": "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R b KQkq - 0 5",
    "xiangqi": "r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN1C1N2/9/R1BAKAB1R b - - 3 3",
    "capablanca": "r2b1kbcr1/pppq1ppp1p/2n4n2/1N6p1/9P/3PP2PP1/PP3PPB2/R2BQK1CNR b KQq - 0 1",
    "minixiangqi": "1rnk2r/p1p1pp1/c2n1c1/4p2/C2P1CP/1PPP3/1RNKN1R b - - 0 1",
}
MIDDLEGAMES.update(
    {
        name: load_suite(default_suite_name(name)).positions[0].fen
        for name in NAMES
        if name not in MIDDLEGAMES
    }
)
#: a move of the first player from the start, in every notation each game reads
START_MOVES = {"chess": ("Nf3", "g1f3"), "xiangqi": ("C2=5", "h3e3", "H2-E2", "炮二平五")}
SECOND_MOVES = {"chess": "Nxe4", "xiangqi": "a10a8"}
SCREEN_COLUMNS, SCREEN_LINES = 120, 40
#: the games whose data folder ships trained chessmaps weights (the others list no sectors)
SHIPPED_NETWORKS = ("chess", "xiangqi")
#: the games with scripted moves and screen layouts above (the JSON tests run on every game)
SCRIPTED = tuple(START_MOVES)


def args(variant, **options):
    values = dict(variant=variant, fen=None, lenient=False, move=None, json=False, ascii=False)
    values.update(options)
    return argparse.Namespace(**values)


def run_json(capsys, variant, **options):
    chessmaps_view.run(args(variant, json=True, **options))
    out = capsys.readouterr().out
    assert out.count("\n") == 1  # one object on one line
    return json.loads(out)


def run_text(capsys, variant, **options):
    chessmaps_view.run(args(variant, **options))
    return capsys.readouterr().out


def square_names(variant):
    geometry = variant.geometry
    return [geometry.square_name(sq) for sq in range(geometry.size)]


@pytest.fixture
def no_network(monkeypatch):
    """No trained weights, whether or not a shipped file exists by now."""

    def missing(name):
        raise XQChessError(f"no shipped chessmaps weights for {name}")

    monkeypatch.setattr(chessmaps_view, "shipped_network", missing)


@pytest.fixture
def some_network(monkeypatch):
    """A network of the right shape (untrained: the view only needs its ordering)."""
    network = pytest.importorskip("xqchess.ordering.chessmaps.network")
    from xqchess.ordering.chessmaps.features import input_size

    nets = {}

    def fake(name):
        geometry = get_variant(name).geometry
        nets.setdefault(name, network.init_network(input_size(geometry), 16, geometry.size, seed=7))
        return nets[name], "a test network"

    monkeypatch.setattr(chessmaps_view, "shipped_network", fake)
    return lambda name: fake(name)[0]


# -- --json --------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant_name", NAMES)
@pytest.mark.parametrize("which", ["start", "middlegame"])
def test_json_keys_lengths_and_values(capsys, variant_name, which):
    variant = get_variant(variant_name)
    fen = None if which == "start" else MIDDLEGAMES[variant_name]
    result = run_json(capsys, variant_name, fen=fen)
    pos = variant.position(fen)
    assert set(result) == {"chessmap", "valueboard", "sectors"}
    size = SIZES[variant_name]
    assert len(result["chessmap"]) == len(result["valueboard"]) == size
    assert set(result["chessmap"]) <= {-1, 0, 1}
    assert {-1, 1} <= set(result["chessmap"])  # both sides control something
    assert all(type(v) is int for v in result["chessmap"] + result["valueboard"])
    assert result["chessmap"] == chessmap(pos).tolist()
    assert result["valueboard"] == valueboard(pos).tolist()
    files = variant.geometry.files
    if which == "start":  # square-index order: rank 1 (the first player's) first
        assert all(v > 0 for v in result["valueboard"][:files])
        assert all(v < 0 for v in result["valueboard"][-files:])
    if variant_name in SHIPPED_NETWORKS:  # every square once, in the network's order
        assert sorted(result["sectors"]) == sorted(square_names(variant))
    else:
        assert result["sectors"] == []


@pytest.mark.parametrize("variant_name", NAMES)
def test_sectors_are_the_networks_order_as_uci_square_names(capsys, some_network, variant_name):
    from xqchess.ordering.chessmaps.network import sector_order

    variant = get_variant(variant_name)
    fen = MIDDLEGAMES[variant_name]
    result = run_json(capsys, variant_name, fen=fen)
    pos = variant.position(fen)
    order = sector_order(pos, some_network(variant_name))
    assert result["sectors"] == [variant.geometry.square_name(sq) for sq in order]
    assert sorted(result["sectors"]) == sorted(square_names(variant))
    assert all(re.fullmatch(r"[a-z](10|[1-9])", name) for name in result["sectors"])
    if variant_name == "xiangqi":  # UCI ranks 1-10, as Fairy-Stockfish writes them
        assert "e10" in result["sectors"] and "e0" not in result["sectors"]
    text = run_text(capsys, variant_name, fen=fen)
    assert "sectors, most important first by a test network: " + " ".join(
        result["sectors"][:8]
    ) in " ".join(text.split())
    assert "no trained network" not in text


@pytest.mark.parametrize("variant_name", NAMES)
def test_without_a_network_no_sectors_and_the_text_says_why(capsys, no_network, variant_name):
    assert run_json(capsys, variant_name)["sectors"] == []
    text = " ".join(run_text(capsys, variant_name).split())
    assert (
        "sectors: none listed, no trained network is available (no shipped chessmaps "
        f"weights for {variant_name})" in text
    )


# -- --move --------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant_name", SCRIPTED)
def test_move_influence_equals_influence_in_every_notation(capsys, variant_name):
    variant = get_variant(variant_name)
    pos = variant.position()
    expected = None
    for text in START_MOVES[variant_name]:
        result = run_json(capsys, variant_name, move=text)
        assert set(result) == {"chessmap", "valueboard", "sectors", "influence"}
        assert len(result["influence"]) == SIZES[variant_name]
        assert set(result["influence"]) <= {-1, 0, 1}
        move = variant.parse_move(pos, text)
        assert result["influence"] == influence(pos, move).tolist()
        assert result["influence"][move >> 7 & 127] == 0  # the destination is not counted
        expected = expected or result["influence"]
        assert result["influence"] == expected  # the same move, however written


@pytest.mark.parametrize("variant_name", SCRIPTED)
def test_move_of_the_second_player(capsys, variant_name):
    variant = get_variant(variant_name)
    fen = MIDDLEGAMES[variant_name]
    pos = variant.position(fen)
    move = variant.parse_move(pos, SECOND_MOVES[variant_name])
    result = run_json(capsys, variant_name, fen=fen, move=SECOND_MOVES[variant_name])
    assert result["influence"] == influence(pos, move).tolist()
    assert pos.fen() == fen  # left as it was
    text = run_text(capsys, variant_name, fen=fen, move=SECOND_MOVES[variant_name])
    assert "influence of " in text and "the mover's (Black's) favour" in " ".join(text.split())


# -- errors --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "variant_name,options,fault",
    [
        ("chess", dict(fen="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1"), "rank"),
        ("chess", dict(fen=""), "empty"),
        ("chess", dict(move="e5"), ""),
        ("chess", dict(move="Nf9"), ""),
        ("chess", dict(move=""), ""),
        (
            "xiangqi",
            dict(fen="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w - - 0 1"),
            "",
        ),
        ("xiangqi", dict(move="C2=9"), ""),
        ("xiangqi", dict(move="h3h11"), ""),
    ],
)
def test_bad_input_is_a_one_line_error(capsys, variant_name, options, fault):
    for json_mode in (False, True):
        with pytest.raises(XQChessError) as raised:
            chessmaps_view.run(args(variant_name, json=json_mode, **options))
        message = str(raised.value)
        assert message and "\n" not in message and fault in message
        assert capsys.readouterr().out == ""  # nothing half-printed


def test_lenient_positions():
    fens = {
        "chess": "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1",  # nine pawns
        "xiangqi": "4k4/9/9/9/9/4A4/9/9/9/4K4 w - - 0 1",
    }  # an advisor out of its palace
    for variant_name, fen in fens.items():
        with pytest.raises(XQChessError):
            chessmaps_view.run(args(variant_name, fen=fen, json=True))
        out = io.StringIO()
        sys_stdout, sys.stdout = sys.stdout, out
        try:
            chessmaps_view.run(args(variant_name, fen=fen, json=True, lenient=True))
        finally:
            sys.stdout = sys_stdout
        assert len(json.loads(out.getvalue())["chessmap"]) == SIZES[variant_name]


# -- drawing -------------------------------------------------------------------------------------


def rendered(variant_name, fen=None, move=None, ascii_pieces=False):
    variant = get_variant(variant_name)
    pos = variant.position(fen)
    inspection = chessmaps_view.inspect(pos, variant.parse_move(pos, move) if move else 0)
    console = Console(width=200, record=True, file=io.StringIO(), color_system=None)
    console.print(chessmaps_view.render(inspection, BoardView(ascii_pieces)))
    return console.export_text(), inspection


@pytest.mark.parametrize("variant_name", SCRIPTED)
def test_boards_have_fixed_width_cells_and_fit_120_columns(variant_name):
    """Each board row: the rank, one cell per file (' P+' on the chessmap, ' P+123' on the
    valueboard, the piece's two cells blank on an empty square), the rank again; the chessmap
    row shows the chessmap's values and the valueboard row the valueboard's."""
    variant = get_variant(variant_name)
    geometry = variant.geometry
    text, inspection = rendered(variant_name, MIDDLEGAMES[variant_name], ascii_pieces=True)
    assert all(ord(c) < 128 for c in text)
    assert max(cell_len(line) for line in text.splitlines()) <= SCREEN_COLUMNS
    rows = [line for line in text.splitlines() if re.match(r"^[ \d]\d  ", line)]
    assert len(rows) == geometry.ranks
    letters = text.splitlines()[1]  # under the titles: each file's letter over its pieces
    right = rows[0].index("  ", 3 + 4 * geometry.files) + 2  # where the valueboard starts
    for file in range(geometry.files):
        assert letters[3 + 4 * file + 1] == letters[right + 3 + 7 * file + 1] == "abcdefghi"[file]
    signs = {1: "+", 0: ".", -1: "-"}
    for line, rank in zip(rows, range(geometry.ranks - 1, -1, -1)):
        match = re.fullmatch(
            rf"([ \d]\d) (.{{{4 * geometry.files}}}) (\d+) +([ \d]\d) "
            rf"(.{{{7 * geometry.files}}}) (\d+)",
            line,
        )
        assert match, line
        assert {int(match[i]) for i in (1, 3, 4, 6)} == {rank + geometry.rank_base}
        control, values = match[2], match[5]
        for file in range(geometry.files):
            sq = geometry.square(file, rank)
            letter = variant.piece_letters.get(inspection.pos.board[sq], " ")
            sign = signs[int(inspection.chessmap[sq])]
            assert control[4 * file : 4 * file + 4] == f" {letter} {sign}"
            cell = values[7 * file : 7 * file + 7]
            assert cell[:3] == f" {letter} "
            assert int(cell[3:]) == inspection.valueboard[sq]


@pytest.mark.parametrize("variant_name", SCRIPTED)
def test_influence_board_and_its_squares(variant_name):
    move = START_MOVES[variant_name][0]
    text, inspection = rendered(variant_name, move=move)
    assert f"influence of {move} ({START_MOVES[variant_name][1]})" in text
    geometry = get_variant(variant_name).geometry
    plus = [geometry.square_name(sq) for sq, v in enumerate(inspection.influence) if v > 0]
    assert f"favour: {' '.join(plus)};" in " ".join(text.split())
    assert max(cell_len(line) for line in text.splitlines()) <= SCREEN_COLUMNS


def test_the_view_never_asks_which_game_it_is():
    for module in ("cli/tui/chessmaps_view.py", "cli/chessmaps/cost.py"):
        source = (ROOT / module).read_text(encoding="utf-8")
        assert not re.search(r"\.name\s*[!=]=|[\"'](chess|xiangqi)[\"']", source), module


# -- xqchess play --------------------------------------------------------------------------------


@pytest.mark.parametrize("variant_name", SCRIPTED)
def test_show_chessmap_in_a_scripted_game(variant_name):
    move = START_MOVES[variant_name][0]
    out = play(
        variant_name,
        ["help", "show chessmap", move, "show chessmap", "show nothing"],
        "--side",
        "both",
        "--ascii",
    )
    assert re.search(r"^  show chessmap +toggle the chessmaps view", out, re.M)  # help
    assert out.count("chessmap: who controls each square") == 2  # on, and after the move
    assert out.count("valueboard: the values of the piece and its attackers") == 2
    assert out.count("sectors: none listed") + out.count("sectors, most important") == 2
    assert "show guard | show order | show chessmap" in out
    views = out.split("> show chessmap", 1)[1]  # (help's notation examples are not ASCII)
    assert [c for c in views if ord(c) >= 128] == []
    assert "who controls" not in out.rsplit("> show chessmap", 1)[1]  # toggled off again


@pytest.mark.parametrize("variant_name", NAMES)
def test_show_chessmap_fits_a_120_by_40_terminal(variant_name, some_network):
    from xqchess.cli.tui.play import PlaySession

    options = SimpleNamespace(
        variant=variant_name,
        ascii=False,
        flip=False,
        level=1,
        notation=None,
        side="both",
        fen=None,
        first=None,
    )
    console = Console(width=SCREEN_COLUMNS, record=True, file=io.StringIO())
    session = PlaySession(options, console, interactive=False)
    session.cmd_show("chessmap")
    lines = [line.rstrip() for line in console.export_text().splitlines()]
    assert len(lines) + 1 <= SCREEN_LINES, "\n".join(lines)  # and the prompt
    assert max(cell_len(line) for line in lines) <= SCREEN_COLUMNS, "\n".join(lines)
    assert any("sectors, most important first" in line for line in lines)
    assert lines[-1].endswith("move 1")  # the status line follows the view


# -- the cost benchmark --------------------------------------------------------------------------


def test_cost_bench_prints_its_lines(capsys):
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)  # as the bench parser has it
    chessmaps_cost.add_cost_arguments(parser)
    chessmaps_cost.run_cost(parser.parse_args(["--positions", "1", "--repeat", "1"]))
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("chessmaps cost at a node")
    assert lines[1].split() == [
        "game",
        "position",
        "moves",
        "chessmap",
        "influence",
        "network",
        "total",
        "pipeline",
        "multiple",
    ]
    for variant_name in NAMES:
        rows = [line for line in lines if line.startswith(variant_name + " ")]
        assert len(rows) == 2 and "mean of 1" in rows[1], lines
        for row in rows:
            assert re.search(r"(\d+\.\d+|-)\s+\d+\.\d+\s+\d+\.\d+\s+\d+x$", row), row
    assert sum("; network: " in line for line in lines) == len(NAMES)
