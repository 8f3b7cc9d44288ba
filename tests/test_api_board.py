"""The Board vocabulary of python-chess, for every game: colours as booleans, the
constructors, squares by name or index, pieces, the live move views, moves by value, the game's
state, ends and claims, copies, comparison and mirror; wrong types are TypeErrors and refused
values change nothing. tests/test_api_oracle.py compares the same answers with python-chess and
pyffish over random games; these are the hand-worked cases."""

import pytest
import xqchess
from xqchess import BLACK, RED, WHITE, Board, Move, Piece, Termination

FOOLS_MATE = ("f3", "e5", "g4", "Qh4#")


def fools_mate() -> Board:
    board = Board()
    for san in FOOLS_MATE:
        board.push_san(san)
    return board


# -- colours ----------------------------------------------------------------------------------


def test_colours_are_python_chess_booleans():
    assert WHITE is True and BLACK is False and RED is WHITE
    assert xqchess.COLORS == (True, False)
    board = Board("xiangqi")
    assert board.turn is RED
    board.push_uci("h3e3")
    assert board.turn is BLACK


def test_the_winner_is_a_colour_so_python_chess_idioms_hold():
    outcome = fools_mate().outcome()
    assert outcome is not None and outcome.winner is BLACK
    assert not outcome.winner  # `if outcome.winner:` reads "White won" in python-chess
    assert outcome.result() == "0-1"
    mated = Board("xiangqi", "3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1")
    assert mated.is_checkmate() and mated.outcome().winner is RED
    assert mated.result() == "1-0"


def test_piece_colours_are_booleans():
    board = Board("xiangqi")
    assert board.piece_at("e1") == Piece(1, RED, "xiangqi")
    assert board.piece_at("e10").color is BLACK and board.piece_at("e10").symbol() == "k"


# -- constructors -----------------------------------------------------------------------------


def test_board_constructors():
    fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
    assert Board().fen() == Board("chess").fen() == xqchess.Board("chess", None).fen()
    assert Board(fen).fen() == fen and Board(fen).variant.name == "chess"
    assert Board("xiangqi").fen().startswith("rnbakabnr/9/1c5c1")
    assert Board("minixiangqi", "2k4/7/7/7/7/7/3K3 w - - 0 1").turn is WHITE
    with pytest.raises(xqchess.UnknownVariantError, match="shogi"):
        Board("shogi")
    with pytest.raises(xqchess.FenError):
        Board("8/8/8 w - - 0 1")
    with pytest.raises(TypeError, match="game name or a FEN"):
        Board(42)  # type: ignore[arg-type]


def test_the_namespace_is_the_public_names():
    for leaked in ("annotations", "dataclass", "fields"):
        assert not hasattr(xqchess, leaked), leaked
    assert all(hasattr(xqchess, name) for name in xqchess.__all__)
    assert {"Board", "Move", "Piece", "WHITE", "BLACK", "RED", "Outcome"} <= set(xqchess.__all__)


# -- the position ---------------------------------------------------------------------------


def test_position_fields():
    board = Board()
    for uci in ("e2e4", "e7e5", "g1f3"):
        board.push_uci(uci)
    assert board.turn is BLACK and board.ply() == 3
    assert board.fullmove_number == 2 and board.halfmove_clock == 1
    assert board.board_fen() == "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R"
    board.set_fen("4k3/8/8/8/8/8/8/4K3 b - - 7 40")
    assert board.move_stack == [] and board.ply() == 79 and board.halfmove_clock == 7


def test_squares_by_name_or_index():
    chess, xiangqi = Board(), Board("xiangqi")
    assert chess.parse_square("e4") == 28 and chess.square_name(63) == "h8"
    # xiangqi: 9 files, rank 0 Red's back rank: a10 is 9 * 9 + 0, Black's general e10 is 85
    assert xiangqi.parse_square("a10") == 81 and xiangqi.square_name(85) == "e10"
    assert xiangqi.piece_at(85) == xiangqi.piece_at("e10") == Piece.from_symbol("k", "xiangqi")
    with pytest.raises(xqchess.SquareError, match="'j1'"):
        xiangqi.piece_at("j1")
    with pytest.raises(xqchess.SquareError, match="0 to 89"):
        xiangqi.piece_at(90)
    with pytest.raises(TypeError, match="square"):
        chess.piece_at(4.0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="square"):
        chess.piece_at(True)


def test_piece_map_and_placing_pieces():
    board = Board("chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    board.push_uci("e1d1")
    assert board.piece_map() == {3: Piece.from_symbol("K"), 60: Piece.from_symbol("k")}
    board.set_piece_at("a7", Piece(xqchess.PieceType(4), BLACK))
    assert board.fen() == "4k3/r7/8/8/8/8/8/3K4 b - - 1 1" and board.move_stack == []
    assert board.remove_piece_at("a7") == Piece.from_symbol("r")
    assert board.remove_piece_at("a7") is None
    fen = board.fen()
    with pytest.raises(xqchess.FenError):
        board.remove_piece_at("e8")  # no black king: no game
    with pytest.raises(xqchess.PieceError, match="xiangqi piece"):
        board.set_piece_at("a1", Piece.from_symbol("c", "xiangqi"))
    assert board.fen() == fen


def test_placing_pieces_drops_the_rights_the_placement_cannot_hold():
    """As python-chess: the castling rights and en-passant square a placement cannot hold go."""
    board = Board()
    assert board.remove_piece_at("h1") == Piece.from_symbol("R")
    assert board.fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1"
    passant = Board("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2")
    passant.remove_piece_at("e5")
    assert passant.fen() == "4k3/8/8/3p4/8/8/8/4K3 w - - 0 2"
    capablanca = Board("capablanca")
    with pytest.raises(xqchess.FenError, match="0 white kings"):
        capablanca.remove_piece_at("f1")  # the king: no game, whatever the rights
    assert capablanca == Board("capablanca")


def test_pieces():
    knight = Piece.from_symbol("N")
    assert (knight.piece_type, knight.color, knight.symbol(), knight.unicode_symbol()) == (
        2,
        WHITE,
        "N",
        "♘",
    )
    assert knight.unicode_symbol(invert_color=True) == "♞" and str(knight) == "N"
    assert Piece.from_symbol("h", "xiangqi") == Piece.from_symbol("n", "xiangqi")  # horse alias
    assert Piece.from_symbol("a", "xiangqi").unicode_symbol() == "士"
    with pytest.raises(xqchess.PieceError, match="'A'"):
        Piece.from_symbol("A")
    with pytest.raises(xqchess.PieceError, match="bad piece type 9"):
        Piece(9, WHITE)
    with pytest.raises(TypeError, match="colour"):
        Piece(1, 0)  # type: ignore[arg-type]


# -- moves ----------------------------------------------------------------------------------


def test_moves_by_value():
    move = Move.from_uci("e7e8q")
    assert (move.from_square, move.to_square, move.promotion) == (52, 60, 5)
    assert move.uci() == str(move) == "e7e8q" and move == Move(52, 60, 5)
    assert Move.from_uci("h10g8", "xiangqi") == Move(88, 69, variant="xiangqi")
    assert Move.null().uci() == "0000" and not Move.null() and Move.from_uci("0000") == Move.null()
    with pytest.raises(xqchess.MoveError, match="bad move text 'e9e1'"):
        Move.from_uci("e9e1")
    with pytest.raises(xqchess.MoveError, match="bad move text"):
        Move.from_uci("Nf3")
    # python-chess refuses a move to its own square; a1a1 would otherwise be the null move
    with pytest.raises(xqchess.MoveError, match="leaves its square"):
        Move.from_uci("a1a1")
    with pytest.raises(xqchess.MoveError, match="leaves its square"):
        Move.from_uci("e2e2")
    with pytest.raises(TypeError, match="move text"):
        Move.from_uci(1234)  # type: ignore[arg-type]


def test_the_move_views_are_live():
    board = Board()
    legal = board.legal_moves
    assert legal.count() == len(legal) == 20 and bool(legal)
    assert Move.from_uci("e2e4") in legal and Move.from_uci("e2e5") not in legal
    assert "e2e4" not in legal and Move.from_uci("e2e4", "capablanca") not in legal
    board.push_san("e4")
    assert legal.count() == 20 and Move.from_uci("e7e5") in legal  # Black's moves now
    fools = fools_mate()
    assert not fools.legal_moves and list(fools.legal_moves) == []


def test_pseudo_legal_moves_ignore_the_kings_safety():
    pinned = Board("4k3/8/8/8/8/4r3/4B3/4K3 w - - 0 1")
    # the bishop on e2 is pinned by the rook on e3 against the king on e1
    bishop_move = Move.from_uci("e2d3")
    assert bishop_move in pinned.pseudo_legal_moves and bishop_move not in pinned.legal_moves
    assert pinned.is_pseudo_legal(bishop_move) and not pinned.is_legal(bishop_move)
    assert set(pinned.legal_moves) <= set(pinned.pseudo_legal_moves)


def test_pushing_and_parsing():
    board = Board()
    assert board.push_uci("e2e4") == Move.from_uci("e2e4")
    assert board.parse_san("e5") == Move.from_uci("e7e5") == board.parse_uci("e7e5")
    assert board.push(board.parse_san("e5")) == Move.from_uci("e7e5")
    assert board.san(Move.from_uci("g1f3")) == "Nf3" and board.uci(Move(6, 21)) == "g1f3"
    assert board.peek() == Move.from_uci("e7e5") and board.pop() == Move.from_uci("e7e5")
    xiangqi = Board("xiangqi")
    assert xiangqi.parse_notation("C2=5") == xiangqi.parse_uci("h3e3")
    assert xiangqi.notation(Move.from_uci("h3e3", "xiangqi"), "chinese") == "炮二平五"


@pytest.mark.parametrize(
    "action, error, match",
    [
        (lambda b: b.push(42), TypeError, "expected a Move"),
        (lambda b: b.push_uci("e2e5"), xqchess.IllegalMoveError, "e2e5"),
        (lambda b: b.push(Move.from_uci("e2e5")), xqchess.IllegalMoveError, "e2e5"),
        (lambda b: b.push(Move.null()), xqchess.IllegalMoveError, "null move"),
        (lambda b: b.push_san("Nf6"), xqchess.IllegalMoveError, "Nf6"),
        (lambda b: b.parse_uci("e2"), xqchess.MoveError, "bad move text"),
        (lambda b: b.is_legal("e2e4"), TypeError, "expected a Move"),
        (lambda b: b.gives_check(Move.from_uci("e2e5")), xqchess.IllegalMoveError, "e2e5"),
        (lambda b: b.gives_check("e2e4"), TypeError, "expected a Move"),
        (lambda b: b.is_repetition("3"), TypeError, "count"),
        (lambda b: b.copy(stack="all"), TypeError, "stack"),
        (lambda b: b.outcome(claim_draw=1), TypeError, "claim_draw"),
        (lambda b: b.set_fen("8/8 w"), xqchess.FenError, "2 ranks"),
    ],
)
def test_refused_arguments_change_nothing(action, error, match):
    board = Board()
    board.push_san("e4")
    board.push_san("c5")
    fen, stack = board.fen(), board.move_stack
    with pytest.raises(error, match=match):
        action(board)
    assert board.fen() == fen and board.move_stack == stack


def test_san_has_no_meaning_in_xiangqi():
    board = Board("xiangqi")
    with pytest.raises(xqchess.MoveError, match="xiangqi has no SAN; its notations are uci"):
        board.push_san("Nf3")
    with pytest.raises(xqchess.MoveError, match="no SAN"):
        board.san(Move.from_uci("h3e3", "xiangqi"))
    assert board.move_stack == []


# -- state, ends and claims -----------------------------------------------------------------


def test_checkmate_stalemate_and_insufficient_material():
    assert fools_mate().is_checkmate() and not fools_mate().is_stalemate()
    stalemate = Board("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert stalemate.is_stalemate() and stalemate.outcome().winner is None
    assert stalemate.result() == "1/2-1/2"
    assert Board("8/8/4k3/8/8/2B5/4K3/8 w - - 0 1").is_insufficient_material()
    assert not Board("8/8/4k3/8/8/2R5/4K3/8 w - - 0 1").is_insufficient_material()
    # xiangqi: a general alone cannot mate, yet the game has no dead-material rule
    assert not Board("xiangqi", "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1").is_insufficient_material()
    # xiangqi: the general on d10 may go to d9 (the a9 chariot's rank) or e10 (the e5
    # chariot's file) only: stalemate, which loses
    stalemated = Board("xiangqi", "3k5/R8/9/9/9/4R4/9/9/9/4K4 b - - 0 1")
    assert stalemated.is_stalemate() and not stalemated.is_checkmate()
    assert stalemated.outcome() == xqchess.Outcome(Termination.STALEMATE, RED)


def test_repetition_and_the_draw_claims():
    board = Board()
    for _ in range(2):
        for uci in ("g1f3", "g8f6", "f3g1", "f6g8"):
            board.push_uci(uci)
    assert board.is_repetition(3) and not board.is_repetition(4)
    assert board.can_claim_threefold_repetition() and board.can_claim_draw()
    assert board.outcome() is None
    claimed = board.outcome(claim_draw=True)
    assert claimed is not None and claimed.termination == Termination.THREEFOLD_REPETITION
    assert board.result(claim_draw=True) == "1/2-1/2" and board.result() == "*"
    assert not board.copy(stack=False).is_repetition(2)  # history dropped
    assert board.copy(stack=4).is_repetition(2) and not board.copy(stack=4).is_repetition(3)
    fifty = Board("4k3/8/8/8/8/8/8/R3K3 w - - 99 80")
    assert not fifty.is_game_over() and fifty.can_claim_fifty_moves()  # Ra2 makes it 100
    assert not Board("4k3/8/8/8/8/8/8/R3K3 w - - 98 80").can_claim_fifty_moves()
    # python-chess: no claim without a move left to play (fool's mate, the clock at 100)
    mated = Board("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 100 3")
    assert mated.is_checkmate() and not mated.can_claim_fifty_moves()


def test_xiangqi_ends_are_named_terminations():
    board = Board("xiangqi", "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1")
    for _ in range(3):
        for uci in ("e2d2", "d10e10", "d2e2", "e10d10"):
            board.push_uci(uci)
    outcome = board.outcome()
    assert outcome is not None and outcome.termination == Termination.PERPETUAL_CHECK
    assert outcome.winner is BLACK and board.result() == "0-1"  # Red checked throughout
    assert not board.can_claim_draw() and board.is_repetition(3)
    limit = Board("xiangqi", "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 100 60")
    assert limit.outcome() == xqchess.Outcome(Termination.MOVE_LIMIT, None)


# -- copies, comparison, mirror -----------------------------------------------------------


def test_copies_and_comparison():
    board = Board("xiangqi")
    board.push_uci("h3e3")
    copy = board.copy()
    assert copy == board and copy is not board and copy.move_stack == board.move_stack
    copy.push_uci("h10g8")
    assert copy != board and len(board.move_stack) == 1
    assert board.copy(stack=False) == board and board.copy(stack=False).move_stack == []
    assert Board() != Board("capablanca") and Board() != "a board"
    assert Board("8/8/8/8/8/8/8/K1k5 w - - 0 1") != Board("8/8/8/8/8/8/8/K1k5 w - - 1 1")


def test_mirror():
    # python-chess: chess.Board(FEN).mirror().fen() for this position
    board = Board("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 5")
    assert board.mirror().fen() == "r3k2r/8/8/8/3Pp3/8/8/R3K2R b KQkq d3 0 5"
    start = Board("xiangqi")
    assert start.mirror() == Board("xiangqi", start.fen().replace(" w ", " b "))
    board = Board("xiangqi", "4k4/9/9/9/9/9/9/9/3R5/3K5 w - - 0 1")
    assert board.mirror().fen() == "3k5/3r5/9/9/9/9/9/9/9/4K4 b - - 0 1"
