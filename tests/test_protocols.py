"""The engine protocols as real clients use them: python-chess driving `xqchess uci` through a
complete game under a clock and analyses; a scripted Fairy-Stockfish-style client playing
xiangqi through UCI_Variant with every move checked by pyffish; a scripted UCCI session;
hypothesis-generated garbage that never breaks the engine; and liveness of isready and stop
during a search (generous bounds: they guard liveness, not speed)."""

import dataclasses
import queue
import subprocess
import sys
import threading
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from xqchess.cli.main import main as command_line
from xqchess.cli.protocols.ucci import UcciProtocol
from xqchess.cli.protocols.uci import UciProtocol
from xqchess.core.errors import FenError
from xqchess.core.position import Position
from xqchess.core.search import playing_config
from xqchess.variants import NAMES, get_variant

ENGINE = [sys.executable, "-m", "xqchess.cli.main"]
XIANGQI_START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


class Process:
    """A running engine process read line by line on a thread, with timeouts."""

    def __init__(self, command: str) -> None:
        self.proc = subprocess.Popen(
            ENGINE + [command],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))

    def send(self, line: str) -> None:
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def expect(self, prefix: str, timeout: float = 30.0) -> tuple[str, list[str], float]:
        """The first line starting with ``prefix``, the lines before it, and seconds waited."""
        start = time.perf_counter()
        seen = []
        while True:
            remaining = timeout - (time.perf_counter() - start)
            line = self.lines.get(timeout=max(remaining, 0.001))
            if line.startswith(prefix):
                return line, seen, time.perf_counter() - start
            seen.append(line)

    def close(self) -> int:
        self.send("quit")
        return self.proc.wait(timeout=30)


def test_python_chess_plays_a_complete_game_under_a_clock_and_analyses():
    chess = pytest.importorskip("chess")
    engine_module = pytest.importorskip("chess.engine")

    engine = engine_module.SimpleEngine.popen_uci(ENGINE + ["uci"])
    try:
        assert engine.id["name"].startswith("xqchess")
        board = chess.Board()
        clocks = {chess.WHITE: 4.0, chess.BLACK: 4.0}
        while not board.is_game_over(claim_draw=True):
            limit = engine_module.Limit(
                white_clock=clocks[chess.WHITE],
                black_clock=clocks[chess.BLACK],
                white_inc=0.05,
                black_inc=0.05,
            )
            start = time.perf_counter()
            result = engine.play(board, limit)
            clocks[board.turn] += 0.05 - (time.perf_counter() - start)
            assert clocks[board.turn] > 0, "lost on time"
            assert result.move in board.legal_moves
            board.push(result.move)
        assert board.outcome(claim_draw=True) is not None
        info = engine.analyse(
            chess.Board("k7/8/2K5/8/8/8/8/7R w - - 0 1"), engine_module.Limit(depth=6)
        )
        assert info["score"].white().mate() == 2
        assert info["pv"][0] in chess.Board("k7/8/2K5/8/8/8/8/7R w - - 0 1").legal_moves
    finally:
        engine.quit()


def test_xiangqi_game_through_uci_variant_is_legal_move_by_move():
    sf = pytest.importorskip("pyffish")
    engine = Process("uci")
    engine.send("uci")
    engine.expect("uciok")
    engine.send("setoption name UCI_Variant value xiangqi")
    moves = []
    for _ in range(40):
        legal = sf.legal_moves("xiangqi", XIANGQI_START, moves)
        if not legal or sf.is_optional_game_end("xiangqi", XIANGQI_START, moves)[0]:
            break
        engine.send(f"position fen {XIANGQI_START} moves {' '.join(moves)}".rstrip())
        engine.send("go movetime 60")
        line, infos, _ = engine.expect("bestmove")
        move = line.split()[1]
        assert move in legal, (moves, move)
        assert any(info.startswith("info depth") for info in infos)
        moves.append(move)
    assert len(moves) >= 20
    assert engine.close() == 0


def test_ucci_session_with_iccs_coordinates():
    engine = Process("ucci")
    engine.send("ucci")
    _, options, _ = engine.expect("ucciok")
    assert any(line.startswith("option hashsize") for line in options)
    engine.send("isready")
    engine.expect("readyok")
    engine.send("setoption hashsize 8")
    engine.send("position startpos moves h2e2 h9g7")
    engine.send("go depth 2")
    line, infos, _ = engine.expect("bestmove")
    assert infos and infos[-1].startswith("info depth 2 score ")
    xiangqi = get_variant("xiangqi")
    pos = xiangqi.position()
    for text in ("h2e2", "h9g7"):
        pos.make(xiangqi.parse_move(pos, text, "iccs"))
    assert xiangqi.parse_move(pos, line.split()[1], "iccs") in pos.legal_moves()
    engine.send("position fen 4k4/9/9/9/9/9/9/9/9/3K1R3 w - - 0 1")  # mate in 1: f0f8
    engine.send("go depth 1")
    assert engine.expect("bestmove")[0] == "bestmove f0f8"
    engine.send("position fen 3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1")  # no move: a loss
    engine.send("go depth 2")
    assert engine.expect("nobestmove")[0] == "nobestmove"
    engine.send("quit")
    assert engine.expect("bye")[0] == "bye"
    assert engine.proc.wait(timeout=30) == 0


def test_isready_and_stop_answered_during_an_infinite_search():
    """The search never ends by itself, so any answer comes while it runs; the bound, loose
    enough for a loaded machine, tells a prompt answer from one that waits for a search."""
    engine = Process("uci")
    engine.send("position startpos")
    engine.send("go infinite")
    time.sleep(0.5)
    engine.send("isready")
    _, _, waited = engine.expect("readyok", timeout=10)
    assert waited < 3.0
    engine.send("stop")
    line, _, waited = engine.expect("bestmove", timeout=10)
    assert waited < 3.0
    assert line.split()[1] in {
        "a2a3",
        "a2a4",
        "b2b3",
        "b2b4",
        "c2c3",
        "c2c4",
        "d2d3",
        "d2d4",
        "e2e3",
        "e2e4",
        "f2f3",
        "f2f4",
        "g2g3",
        "g2g4",
        "h2h3",
        "h2h4",
        "b1a3",
        "b1c3",
        "g1f3",
        "g1h3",
    }
    assert engine.close() == 0


def test_errors_are_info_strings_and_change_nothing():
    out = []
    uci = UciProtocol(out.append)
    uci.handle("position startpos moves e2e4")
    before = uci.engine.pos.fen()
    for line in [
        "position startpos moves e2e4 e7e5 e1e3",
        "position fen 8/8/8 w - - 0 1",
        "position",
        "setoption name Hash value -3",
        "setoption name Ordering value x",
        "setoption name GuardPrune value 2",
        "setoption name Nope value 1",
        "setoption name Tempo value 101",
        "setoption name Tempo value x",
        "setoption name FutilityDepth value 17",
        "setoption name LMRDivisor value 10",
        "go depth x",
        "go sideways 3",
        "frobnicate",
    ]:
        out.clear()
        uci.handle(line)
        assert len(out) == 1 and out[0].startswith("info string error: "), (line, out)
        assert "internal error" not in out[0]
        assert uci.engine.pos.fen() == before
    assert uci.engine.ordering == "hash,see,killer,countermove,history"
    assert "tempo" not in uci.engine.switches
    assert "futility_depth" not in uci.engine.switches and "lmr_divisor" not in uci.engine.switches


def test_the_tempo_option_sets_the_search_tempo():
    out = []
    uci = UciProtocol(out.append)
    uci.handle("uci")
    play = playing_config(uci.engine.variant)
    assert f"option name Tempo type spin default {play.tempo} min 0 max 100" in out
    uci.handle("setoption name Tempo value 25")
    assert uci.engine.ensure_searcher().config.tempo == 25


def test_the_pruning_options_set_the_pruning_reach_and_margins():
    """Each whole-number setting of the pruning is a spin option with the game's playing
    default and the configuration's range; setting one changes that field alone."""
    out = []
    uci = UciProtocol(out.append)
    uci.handle("uci")
    play = playing_config(uci.engine.variant)
    options = {
        "FutilityDepth": ("futility_depth", 0, 16),
        "FutilityBase": ("futility_base", 0, 2000),
        "FutilityMargin": ("futility_margin", 0, 2000),
        "ReverseFutilityDepth": ("reverse_futility_depth", 0, 16),
        "ReverseFutilityMargin": ("reverse_futility_margin", 0, 2000),
        "LateMovePruningDepth": ("late_move_pruning_depth", 0, 16),
        "LMRBase": ("lmr_base", 0, 400),
        "LMRDivisor": ("lmr_divisor", 50, 1000),
    }
    for option, (field, low, high) in options.items():
        default = getattr(play, field)
        assert f"option name {option} type spin default {default} min {low} max {high}" in out
    before = uci.engine.ensure_searcher().config
    chosen = dict(zip(options, (4, 61, 62, 5, 64, 6, 66, 67)))
    for option, value in chosen.items():
        uci.handle(f"setoption name {option} value {value}")
    config = uci.engine.ensure_searcher().config
    changed = {
        field: getattr(config, field)
        for field in dataclasses.asdict(config)
        if getattr(config, field) != getattr(before, field)
    }
    assert changed == {options[option][0]: value for option, value in chosen.items()}


def refused_placements(variant):
    """Per color, the first start position with that color's royal piece moved to an empty
    square (the first empty one, counting from a1) that the game's own validation refuses:
    (FEN, its reason). Chess: the waiting king put in check; xiangqi: a general out of its
    palace."""
    start = variant.position()
    refused = []
    for color in (0, 1):
        for sq, occupant in enumerate(start.board):
            if occupant:
                continue
            board = list(start.board)
            board[sq], board[start.kings[color]] = board[start.kings[color]], 0
            fen = Position(variant, board, start.side).fen()
            try:
                variant.position(fen)
            except FenError as error:
                refused.append((fen, str(error)))
                break
    return refused


def command_line_refusal(capsys, variant_name, fen):
    """The reason `xqchess moves VARIANT --fen FEN` gives for refusing ``fen`` (exit code 2)."""
    capsys.readouterr()
    assert command_line(["moves", variant_name, "--fen", fen]) == 2
    error = capsys.readouterr().err
    assert error.startswith("xqchess: error: ") and error.count("\n") == 1, error
    return error.removeprefix("xqchess: error: ").rstrip("\n")


def protocol_in(protocol, variant_name):
    """A protocol in-process, its output lines collected, playing ``variant_name``."""
    out = []
    engine = protocol(out.append)
    if engine.engine.variant.name != variant_name:
        engine.handle(f"setoption name UCI_Variant value {variant_name}")
    assert out == [] and engine.engine.variant.name == variant_name
    return engine, out


#: (protocol, game): UCI in every game, UCCI in the one it plays
PROTOCOL_GAMES = [pytest.param(UciProtocol, name, id=f"uci-{name}") for name in NAMES] + [
    pytest.param(UcciProtocol, UcciProtocol(print).engine.variant.name, id="ucci")
]
#: Positions, each with the reason the command line gives (hand-written)
IMPOSSIBLE = [
    (
        "xiangqi",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/K8/RNBA1ABNR w - - 0 1",
        "FEN has a red general on a2, outside its palace",
    ),
    (
        "xiangqi",
        "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
        "FEN has the generals facing on an open file with red to move",
    ),
    (
        "minixiangqi",
        "rcnkncr/p1ppp1p/7/7/7/P1PPP1P/KCN1NCR w - - 0 1",
        "FEN has a red general on a1, outside its palace",
    ),
]
#: Fairy-Stockfish's harmless leniency: fields after the side to move left off at the end
LENIENT = [
    (
        UciProtocol,
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 0 1",
    ),
    (
        UciProtocol,
        "chess",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    ),
    (
        UciProtocol,
        "minixiangqi",
        "rcnkncr/p1ppp1p/7/7/7/P1PPP1P/RCNKNCR b -",
        "rcnkncr/p1ppp1p/7/7/7/P1PPP1P/RCNKNCR b - - 0 1",
    ),
    (
        UcciProtocol,
        "xiangqi",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r",
        XIANGQI_START,
    ),
]


def _refuses_and_keeps_the_position(engine, out, fen, reason):
    """``position fen FEN`` (with and without moves after it) answers ``info string error:
    REASON`` and keeps the previous position, from which ``go depth 1`` then plays."""
    variant = engine.engine.variant
    first = variant.position().legal_moves()[0]
    first_text = variant.format_move(variant.position(), first, engine.move_notation)
    engine.handle(f"position startpos moves {first_text}")
    previous = engine.engine.pos.fen()
    for line in (f"position fen {fen}", f"position fen {fen} moves {first_text}"):
        out.clear()
        engine.handle(line)
        assert out == [f"info string error: {reason}"], line
        assert engine.engine.pos.fen() == previous
    out.clear()
    engine.handle("go depth 1")
    engine.engine.finish()
    best = out[-1].split()
    assert best[0] == "bestmove"
    pos = variant.position(previous)
    assert variant.parse_move(pos, best[1], engine.move_notation) in pos.legal_moves()


@pytest.mark.parametrize("protocol, variant_name", PROTOCOL_GAMES)
def test_position_refuses_what_the_command_line_refuses_and_keeps_the_previous_one(
    capsys, protocol, variant_name
):
    """`position` once took FENs the command line refuses (a general outside its
    palace, the side not to move in check). A placement the game's validation refuses, one
    royal piece moved per color, gets the command line's reason, word for word."""
    placements = refused_placements(get_variant(variant_name))
    assert placements, "every game refuses some placement of its royal pieces"
    for fen, reason in placements:
        assert command_line_refusal(capsys, variant_name, fen) == reason
        engine, out = protocol_in(protocol, variant_name)
        _refuses_and_keeps_the_position(engine, out, fen, reason)


@pytest.mark.parametrize("variant_name, fen, reason", IMPOSSIBLE)
def test_unreachable_positions_are_refused_with_the_command_line_reason(
    capsys, variant_name, fen, reason
):
    protocols = [UciProtocol] + ([UcciProtocol] if variant_name == "xiangqi" else [])
    assert command_line_refusal(capsys, variant_name, fen) == reason
    for protocol in protocols:
        engine, out = protocol_in(protocol, variant_name)
        _refuses_and_keeps_the_position(engine, out, fen, reason)


@pytest.mark.parametrize("protocol, variant_name, short, fen", LENIENT)
def test_position_takes_fields_left_off_as_fairy_stockfish_and_the_command_line_do(
    capsys, protocol, variant_name, short, fen
):
    capsys.readouterr()
    assert command_line(["moves", variant_name, "--fen", short]) == 0
    engine, out = protocol_in(protocol, variant_name)
    engine.handle(f"position fen {short}")
    assert out == [] and engine.engine.pos.fen() == fen


@pytest.mark.parametrize("protocol, variant_name", PROTOCOL_GAMES)
def test_an_illegal_move_after_position_keeps_the_previous_position(protocol, variant_name):
    """``position startpos moves M M``: the second M (the same squares, now the other side's
    turn and an empty origin) is refused and the position from before the command stays."""
    engine, out = protocol_in(protocol, variant_name)
    variant = engine.engine.variant
    start = variant.position()
    moves = start.legal_moves()
    first = variant.format_move(start, moves[0], engine.move_notation)
    second = variant.format_move(start, moves[-1], engine.move_notation)
    engine.handle(f"position startpos moves {second}")
    previous = engine.engine.pos.fen()
    engine.handle(f"position startpos moves {first} {first}")
    assert len(out) == 1 and out[0].startswith(f"info string error: illegal move {first}: ")
    assert engine.engine.pos.fen() == previous


@pytest.mark.parametrize(
    "protocol, line, name",
    [
        (UciProtocol, "go depth 3 depth 4", "depth"),
        (UciProtocol, "go nodes 100 movetime 50 nodes 200", "nodes"),
        (UciProtocol, "go wtime 1000 btime 1000 wtime 2000", "wtime"),
        (UciProtocol, "go infinite infinite", "infinite"),
        (UciProtocol, "go searchmoves e2e4 depth 2 searchmoves d2d4", "searchmoves"),
        (UcciProtocol, "go depth 3 depth 4", "depth"),
        (UcciProtocol, "go time 5 increment 1 time 3", "time"),
    ],
)
def test_a_repeated_go_parameter_is_refused_naming_it(protocol, line, name):
    """``go depth 3 depth 4`` was once taken without a word (the last one counted)."""
    out = []
    engine = protocol(out.append)
    engine.handle(line)
    assert out == [f"info string error: go {name} is given twice; give each parameter once"]
    assert engine.engine.thread is None  # no search started


COMMAND_WORDS = [
    "uci",
    "ucci",
    "isready",
    "ucinewgame",
    "setoption",
    "name",
    "value",
    "Hash",
    "UCI_Variant",
    "xiangqi",
    "chess",
    "Ordering",
    "GuardPrune",
    "position",
    "startpos",
    "fen",
    "moves",
    "go",
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "infinite",
    "stop",
    "ponderhit",
    "e2e4",
    "h3e3",
    "h2e2",
    "-1",
    "0",
    "1",
    "99999999999999999999",
    "w",
    "b",
    "-",
    "KQkq",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR",
    "8/8/8/8",
    "炮二平五",
    "\x00",
    "time",
    "increment",
    "banmoves",
    "setoption hashsize",
]
LINES = st.lists(st.one_of(st.sampled_from(COMMAND_WORDS), st.text(max_size=12)), max_size=10).map(
    " ".join
)


@pytest.mark.parametrize("protocol", [UciProtocol, UcciProtocol])
def test_protocol_fuzz_never_breaks_the_engine(protocol):
    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.lists(LINES, max_size=6))
    def check(lines):
        out = []
        engine = protocol(out.append)
        for line in lines:
            if line.split()[:1] == ["go"]:
                line = "go nodes 200"  # keep any search short
            engine.handle(line)
        engine.engine.finish()
        out.clear()
        engine.handle("isready")
        assert out == ["readyok"]
        assert all("internal error" not in line for line in out)

    check()


def test_garbage_on_stdin_does_not_end_the_process():
    engine = Process("uci")
    for line in [
        "",
        "   ",
        "go nodes",
        "position fen",
        "setoption",
        "\x00\x01",
        "position startpos moves zz",
        "go depth 99999999999999999999",
        "stop",
        "ponderhit",
        "ucinewgame",
    ]:
        engine.send(line)
    engine.send("isready")
    engine.expect("readyok", timeout=10)
    assert engine.proc.poll() is None
    engine.send("stop")
    assert engine.close() == 0


@pytest.mark.parametrize(
    "script", ["go\n", "go ponder\n", "position startpos moves e2e4\ngo wtime 1000\n"]
)
def test_unbounded_go_ends_at_end_of_input(script):
    result = subprocess.run(
        ENGINE + ["uci"], input=script, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0 and result.stdout.splitlines()[-1].startswith("bestmove ")
