"""UCI analysis features GUIs and python-chess rely on: MultiPV, ``go searchmoves``, a score
for positions with no legal move (``info depth 0 score mate 0`` as Stockfish sends), and ``go``
values checked against each parameter's own range."""

import pytest

from xqchess.cli.protocols.ucci import UcciProtocol
from xqchess.cli.protocols.uci import UciProtocol
from test_protocols import ENGINE

chess = pytest.importorskip("chess")
engine_module = pytest.importorskip("chess.engine")

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


@pytest.fixture(scope="module")
def engine():
    engine = engine_module.SimpleEngine.popen_uci(ENGINE + ["uci"])
    yield engine
    engine.quit()


def test_python_chess_multipv_analysis_gives_distinct_best_lines(engine):
    board = chess.Board(KIWIPETE)
    infos = engine.analyse(board, engine_module.Limit(depth=2), multipv=3)
    assert [info["multipv"] for info in infos] == [1, 2, 3]
    firsts = [info["pv"][0] for info in infos]
    assert len(set(firsts)) == 3 and all(move in board.legal_moves for move in firsts)
    scores = [info["score"].white().score(mate_score=100_000) for info in infos]
    assert scores == sorted(scores, reverse=True)
    # the first line is the single-PV search's best line
    single = engine.analyse(board, engine_module.Limit(depth=2))
    assert single["pv"][0] == firsts[0] and single["score"] == infos[0]["score"]


def test_multipv_wider_than_the_legal_moves_lists_each_move_once(engine):
    board = chess.Board("7k/8/6K1/8/8/8/8/7R b - - 0 1")  # only Kg8
    infos = engine.analyse(board, engine_module.Limit(depth=2), multipv=5)
    assert [info["pv"][0] for info in infos] == [chess.Move.from_uci("h8g8")]


def test_searchmoves_restricts_the_root(engine):
    board = chess.Board()
    allowed = [chess.Move.from_uci(m) for m in ("a2a3", "h2h4")]
    result = engine.play(board, engine_module.Limit(depth=3), root_moves=allowed)
    assert result.move in allowed


@pytest.mark.parametrize("fen, mate", [
    ("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", True),  # checkmated
    ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", False),  # stalemated
])
def test_no_legal_move_still_gets_a_score(engine, fen, mate):
    info = engine.analyse(chess.Board(fen), engine_module.Limit(depth=3))
    assert info["depth"] == 0
    score = info["score"].relative
    assert score.is_mate() == mate and (score.mate() == 0 if mate else score.score() == 0)


def test_xiangqi_checkmated_side_gets_mate_zero_and_no_move():
    lines = []
    protocol = UciProtocol(lines.append)
    for command in ("setoption name UCI_Variant value xiangqi",
                    "position fen 3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1", "go depth 2"):
        protocol.handle(command)
    protocol.engine.finish()
    assert lines[-2].startswith("info depth 0 ") and " score mate 0" in lines[-2]
    assert lines[-1] == "bestmove (none)"


@pytest.mark.parametrize("command, fault", [
    ("go depth -5", "go depth must be between 1 and 1000000, got -5"),
    ("go depth 0", "go depth must be between 1 and 1000000, got 0"),
    ("go depth " + "9" * 26, "go depth must be between 1 and 1000000"),
    ("go nodes 0", "go nodes must be between 1 and"),
    ("go movestogo 0", "go movestogo must be between 1 and 1000000, got 0"),
    ("go winc -1", "go winc must be between 0 and"),
    ("go searchmoves", "go searchmoves needs at least one move"),
    ("go searchmoves e2e5", "e2e5"),
    ("setoption name MultiPV value 0", "MultiPV must be between 1 and 256, got 0"),
])
def test_bad_go_values_are_refused_by_their_own_range(command, fault):
    lines = []
    protocol = UciProtocol(lines.append)
    protocol.handle(command)
    protocol.engine.finish()
    assert len(lines) == 1 and lines[0].startswith("info string error: ")
    assert fault in lines[0]


def test_negative_clock_times_count_as_nearly_flagged_not_as_errors():
    lines = []
    protocol = UciProtocol(lines.append)
    protocol.handle("go wtime -20 btime 1000")
    protocol.engine.finish()
    assert lines[-1].startswith("bestmove ") and lines[-1] != "bestmove (none)"


@pytest.mark.parametrize("command, fault", [
    ("go depth 0", "go depth must be between 1 and 1000000, got 0"),
    ("go depth -5", "go depth must be between 1 and 1000000, got -5"),
    ("go nodes 0", "go nodes must be between 1 and"),
    ("go movestogo 0", "go movestogo must be between 1 and 1000000, got 0"),
    ("go time -1", "go time must be between 0 and"),
])
def test_ucci_go_values_are_refused_by_their_own_range(command, fault):
    lines = []
    protocol = UcciProtocol(lines.append)
    protocol.handle(command)
    protocol.engine.finish()
    assert len(lines) == 1 and lines[0].startswith("info string error: ") and fault in lines[0]
