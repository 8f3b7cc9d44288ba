"""UCI analysis features GUIs and python-chess rely on: MultiPV, ``go searchmoves``, ``go mate``
(a proven mate, however deep it takes), a score for positions with no legal move (``info depth 0
score mate 0`` as Stockfish sends), and ``go`` values checked against each parameter's own
range."""

import pytest
from test_protocols import ENGINE
from xqchess.cli.protocols.ucci import UcciProtocol
from xqchess.cli.protocols.uci import UciProtocol

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


@pytest.mark.parametrize(
    "fen, mate",
    [
        ("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", True),  # checkmated
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", False),  # stalemated
    ],
)
def test_no_legal_move_still_gets_a_score(engine, fen, mate):
    info = engine.analyse(chess.Board(fen), engine_module.Limit(depth=3))
    assert info["depth"] == 0
    score = info["score"].relative
    assert score.is_mate() == mate and (score.mate() == 0 if mate else score.score() == 0)


def test_xiangqi_checkmated_side_gets_mate_zero_and_no_move():
    lines = []
    protocol = UciProtocol(lines.append)
    for command in (
        "setoption name UCI_Variant value xiangqi",
        "position fen 3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1",
        "go depth 2",
    ):
        protocol.handle(command)
    protocol.engine.finish()
    assert lines[-2].startswith("info depth 0 ") and " score mate 0" in lines[-2]
    assert lines[-1] == "bestmove (none)"


@pytest.mark.parametrize(
    "command, fault",
    [
        ("go depth -5", "go depth must be between 1 and 1000000, got -5"),
        ("go depth 0", "go depth must be between 1 and 1000000, got 0"),
        ("go depth " + "9" * 26, "go depth must be between 1 and 1000000"),
        ("go nodes 0", "go nodes must be between 1 and"),
        ("go movestogo 0", "go movestogo must be between 1 and 1000000, got 0"),
        ("go winc -1", "go winc must be between 0 and"),
        ("go searchmoves", "go searchmoves needs at least one move"),
        ("go searchmoves e2e5", "e2e5"),
        ("setoption name MultiPV value 0", "MultiPV must be between 1 and 256, got 0"),
    ],
)
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


@pytest.mark.parametrize(
    "command, fault",
    [
        ("go depth 0", "go depth must be between 1 and 1000000, got 0"),
        ("go depth -5", "go depth must be between 1 and 1000000, got -5"),
        ("go nodes 0", "go nodes must be between 1 and"),
        ("go movestogo 0", "go movestogo must be between 1 and 1000000, got 0"),
        ("go time -1", "go time must be between 0 and"),
    ],
)
def test_ucci_go_values_are_refused_by_their_own_range(command, fault):
    lines = []
    protocol = UcciProtocol(lines.append)
    protocol.handle(command)
    protocol.engine.finish()
    assert len(lines) == 1 and lines[0].startswith("info string error: ") and fault in lines[0]


# -- go mate N -------------------------------------------------------------------------------


def mates_within(board, moves):
    """Whether the side to move forces mate within ``moves`` moves (python-chess, the oracle,
    trying every move and every defence)."""
    return any(move_mates_within(board, move, moves) for move in list(board.legal_moves))


def move_mates_within(board, move, moves):
    """Whether ``move`` forces mate within ``moves`` moves, whatever the defence."""
    board.push(move)
    try:
        if board.is_checkmate():
            return True
        if moves == 1 or not any(board.legal_moves):
            return False
        for reply in list(board.legal_moves):
            board.push(reply)
            try:
                if not mates_within(board, moves - 1):
                    return False
            finally:
                board.pop()
        return True
    finally:
        board.pop()


#: (FEN, moves to mate): Fairy-Stockfish's `go mate N` reports each of these distances, and the
#: test proves them with python-chess (the first move forces mate in N; nothing mates sooner).
MATE_PROBLEMS = [
    # 1.Kb6 (or 1.Kc7) Kb8 2.Rh8#; late-move reductions put it beyond depth 3
    ("k7/8/2K5/8/8/8/8/7R w - - 0 1", 2),
    # the end of Morphy's Opera Game (Paris 1858): 18.Qb8+ Nxb8 19.Rd8#
    ("4kb1r/p2n1ppp/4q3/4p1B1/4P3/1Q6/PPP2PPP/2KR4 w k - 0 18", 2),
    # Legal's mate pattern: 1.Nf6+ gxf6 2.Bxf7#
    ("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 10", 2),
    # Black to move: 1...Bc5+ 2.Kxc5 Qb6+ 3.Kd5 Qd6#
    ("r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1", 3),
    # Philidor's legacy: 1.Nf7+ Kg8 2.Nh6+ Kh8 3.Qg8+ Rxg8 4.Nf7# (smothered)
    ("r6k/6pp/8/6N1/2Q5/8/8/6K1 w - - 0 1", 4),
]


@pytest.mark.parametrize("fen, moves", MATE_PROBLEMS)
def test_go_mate_reports_the_proven_mate_and_its_first_move(engine, fen, moves):
    """``go mate N`` searches until a mate in at most N moves is proven, however deep that
    takes: before, it searched depth 2N - 1 and reported ``cp 562`` in the KRK position."""
    board = chess.Board(fen)
    result = engine.play(board, engine_module.Limit(mate=moves), info=engine_module.INFO_ALL)
    assert result.info["score"].relative.mate() == moves
    assert result.info["pv"][0] == result.move
    assert move_mates_within(board, result.move, moves)
    assert moves == 1 or not mates_within(board, moves - 1)


def test_go_mate_goes_on_past_a_longer_mate():
    """Asked for a mate in 1 where the fastest is in 2 (KRK), the search does not stop at the
    mate in 2 it finds at depth 4: only ``depth 6`` ends it."""
    lines = []
    protocol = UciProtocol(lines.append)
    for command in ("position fen k7/8/2K5/8/8/8/8/7R w - - 0 1", "go mate 1 depth 6"):
        protocol.handle(command)
    protocol.engine.thread.join(60)
    depths = [int(line.split()[2]) for line in lines if line.startswith("info depth")]
    assert depths[-1] == 6 and "score mate 2" in lines[-2]


#: Xiangqi mates (UCI_Variant xiangqi), as in test_search's MATES; pyffish proves the first move.
XIANGQI_MATES = [
    ("5k3/9/9/9/9/9/9/9/9/3K3R1 w - - 0 1", 2),
    ("4ka3/9/9/9/9/9/9/9/9/3K1R3 w - - 0 1", 3),
]


def xiangqi_move_mates_within(sf, fen, line, moves):
    """Whether the last move of ``line`` forces mate within ``moves`` moves in xiangqi (pyffish:
    a side with no legal move has lost, stalemated or not)."""
    replies = sf.legal_moves("xiangqi", fen, line)
    if not replies:
        return True
    if moves == 1:
        return False
    return all(
        any(
            xiangqi_move_mates_within(sf, fen, line + [reply, move], moves - 1)
            for move in sf.legal_moves("xiangqi", fen, line + [reply])
        )
        for reply in replies
    )


@pytest.mark.parametrize("fen, moves", XIANGQI_MATES)
def test_go_mate_in_xiangqi(fen, moves):
    sf = pytest.importorskip("pyffish")
    lines = []
    protocol = UciProtocol(lines.append)
    for command in (
        "setoption name UCI_Variant value xiangqi",
        f"position fen {fen}",
        f"go mate {moves}",
    ):
        protocol.handle(command)
    protocol.engine.thread.join(60)
    assert f" score mate {moves} " in lines[-2]
    best = lines[-1].split()[1]
    assert xiangqi_move_mates_within(sf, fen, [best], moves)
