"""The ``terms`` evaluation: each game's positional terms hand-worked on small positions, every
term antisymmetric under swapping the colors (a position and its color-flipped mirror score
opposite), the cached evaluator equal to the tapered sum plus the terms, and term names
checked where a user gives them (search command, UCI option)."""

import subprocess
import sys

import pytest
from helpers import random_walk
from xqchess.core.errors import XQChessError
from xqchess.core.evaluation import Term, TermsEvaluation, evaluate_tapered, pack, unpack
from xqchess.core.pieces import COLOR_SHIFT, KIND_MASK
from xqchess.core.position import Position
from xqchess.variants import NAMES, get_variant


def term(variant_name: str, name: str, fen: str) -> tuple[int, int]:
    """(middlegame, endgame) of one term, first player's view; a fitted term (`Term`) with the
    weights it starts from, the published ones."""
    variant = get_variant(variant_name)
    function = variant.evaluation_terms[name]
    if isinstance(function, Term):
        function = function.with_weights(function.start)
    middlegame, endgame, phase = unpack(function(variant.position(fen)))
    assert phase == 0
    return middlegame, endgame


# -- chess, with Fruit 2.1's weights ---------------------------------------------------------


def test_chess_pawns_doubled_isolated_and_passed():
    """White a2, b2, b3: b doubled (-10, -20); all three passed on ranks 2 and 3 (Fruit's
    minimum, 10 and 20, each). Black h7: isolated (-10, -20) and passed (10, 20)."""
    assert term("chess", "pawns", "4k3/7p/8/8/8/1P6/PP6/4K3 w - - 0 1") == (20, 40)


def test_chess_passed_pawn_bonus_grows_with_its_rank():
    """A lone isolated passer on the 7th rank: 70 and 140 (Fruit's maximum) less 10 and 20."""
    assert term("chess", "pawns", "4k3/2P5/8/8/8/8/8/4K3 w - - 0 1") == (60, 120)
    assert term("chess", "pawns", "4k3/8/8/8/2P5/8/8/4K3 w - - 0 1") == (
        10 + 60 * 26 // 256 - 10,
        20 + 120 * 26 // 256 - 20,
    )


def test_chess_mobility_counts_squares_from_fruits_zero_points():
    """Knight a1: b3 and c2, 2 squares against Fruit's 4, times 4. Rook a1: a2-a8 and b1-d1
    (the king on e1 is its own), 10 against 7, times 2 and 4."""
    assert term("chess", "mobility", "4k3/8/8/8/8/8/8/N3K3 w - - 0 1") == (-8, -8)
    assert term("chess", "mobility", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1") == (6, 12)


def test_chess_rooks_on_open_files_and_the_bishop_pair():
    """Ra1 on a file with a black pawn only: half-open (10, 10); Rh1 on an open file (20, 20);
    two bishops (50, 50)."""
    assert term("chess", "rooks", "4k3/p7/8/8/8/8/1P6/R3K2R w - - 0 1") == (30, 30)
    assert term("chess", "rooks", "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1") == (50, 50)


def test_chess_king_shelter():
    """Kg1 behind f2, g2 (distance 6: no penalty) and h3 (distance 5: 36 - 25 = 11); Ke8 with
    no pawn on d, e (counted twice) or f: 4 x 36. Middlegame only."""
    assert term("chess", "shelter", "4k3/8/8/8/8/7P/5PP1/6K1 w - - 0 1") == (144 - 11, 0)


def test_chess_counts_the_features_beyond_fruits():
    """Knight f6 reaches eight squares, d7 and e8 in the black king's zone: mobility 8 - 4 and
    two zone squares. Pawns b2, c2, c3: c doubled, c3 supported by b2, b2 and c2 a phalanx,
    all passed (two on the second rank, one on the third)."""
    chess = get_variant("chess")
    mobility = chess.evaluation_terms["mobility"]
    assert mobility.counts(chess.position("4k3/8/5N2/8/8/8/8/4K3 b - - 0 1")) == [4, 0, 0, 0, 2]
    pawns = chess.evaluation_terms["pawns"]
    assert pawns.features[:4] == tuple(
        f"pawns.{name}" for name in ("doubled", "isolated", "supported", "phalanx")
    )
    white = pawns.counts(chess.position("4k3/8/8/8/8/2P5/1PP5/4K3 w - - 0 1"))
    black = pawns.counts(chess.position("4k3/1pp5/2p5/8/8/8/8/4K3 w - - 0 1"))
    assert white == [1, 0, 1, 2, 2, 1, 0, 0, 0, 0]
    assert black == [-count for count in white]


def python_chess_counts(fen: str) -> list[int]:
    """Chess's feature counts (`feature_counts`' order) written from their definitions with
    python-chess's square sets and attacks, square by square: the oracle of the one-pass,
    bitboard count."""
    chess = pytest.importorskip("chess")
    board = chess.Board(fen)
    per_color = []
    for color in (chess.WHITE, chess.BLACK):
        ahead = 1 if color == chess.WHITE else -1
        pawns = board.pieces(chess.PAWN, color)
        enemy = board.pieces(chess.PAWN, not color)
        files = [chess.square_file(sq) for sq in pawns]
        doubled = sum(files.count(f) - 1 for f in set(files))
        isolated = sum(1 for f in files if f - 1 not in files and f + 1 not in files)
        supported = sum(1 for sq in pawns if board.attackers(color, sq) & pawns)
        phalanx = sum(
            1
            for sq in pawns
            if any(0 <= chess.square_file(sq) + side < 8 and sq + side in pawns for side in (-1, 1))
        )
        passed = [0] * 8
        for sq in pawns:
            f, r = chess.square_file(sq), chess.square_rank(sq)
            if not any(
                abs(chess.square_file(e) - f) <= 1 and (chess.square_rank(e) - r) * ahead > 0
                for e in enemy
            ):
                passed[r if color == chess.WHITE else 7 - r] += 1
        enemy_king = board.king(not color)
        zone = chess.SquareSet()
        if enemy_king is not None:
            zone = board.attacks(enemy_king) | chess.SquareSet([enemy_king])
        mobility = []
        in_zone = 0
        for kind, zero in (
            (chess.KNIGHT, 4),
            (chess.BISHOP, 6),
            (chess.ROOK, 7),
            (chess.QUEEN, 13),
        ):
            total = 0
            for sq in board.pieces(kind, color):
                reach = board.attacks(sq) & ~board.occupied_co[color]
                total += len(reach) - zero
                in_zone += len(reach & zone)
            mobility.append(total)
        own_files = set(files)
        enemy_files = {chess.square_file(sq) for sq in enemy}
        rooks = [chess.square_file(sq) for sq in board.pieces(chess.ROOK, color)]
        open_files = sum(1 for f in rooks if f not in own_files and f not in enemy_files)
        half_open = sum(1 for f in rooks if f not in own_files and f in enemy_files)
        pair = len(board.pieces(chess.BISHOP, color)) >= 2
        deficit = 0
        king = board.king(color)
        if king is not None:
            kf, kr = chess.square_file(king), chess.square_rank(king)
            for f in range(max(0, kf - 1), min(7, kf + 1) + 1):
                in_front = [
                    chess.square_rank(sq)
                    for sq in pawns
                    if chess.square_file(sq) == f and (chess.square_rank(sq) - kr) * ahead > 0
                ]
                nearest = 0
                if in_front:
                    rank = min(in_front) if color == chess.WHITE else max(in_front)
                    nearest = 7 - rank if color == chess.WHITE else rank
                deficit += (2 if f == kf else 1) * (36 - nearest * nearest)
        per_color.append(
            [doubled, isolated, supported, phalanx, *passed[1:7], *mobility, in_zone]
            + [open_files, half_open, int(pair), deficit]
        )
    return [white - black for white, black in zip(*per_color)]


def test_chess_counts_agree_with_python_chess():
    """Every feature of chess's one-pass count, against its definition written with
    python-chess, on positions of random games."""
    from xqchess.variants.chess.evaluation import FEATURES, feature_counts

    for seed in range(300):
        pos = random_walk("chess", seed, seed % 150)
        counts = feature_counts(pos)
        assert len(counts) == len(FEATURES)
        assert counts == python_chess_counts(pos.fen()), seed


# -- xiangqi -----------------------------------------------------------------------------------


def test_xiangqi_a_missing_advisor_costs_its_worth_times_the_attack():
    """Red without one advisor: its defenders are worth 5 + 2 x 4 against Black's 2 x 5 + 2 x 4,
    each times the other side's 8 attack units (two chariots, horses and cannons)."""
    fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNB1KABNR w - - 0 1"
    assert term("xiangqi", "defence", fen) == (13 * 8 - 18 * 8,) * 2
    assert term("xiangqi", "defence", get_variant("xiangqi").start_fen) == (0, 0)


def test_xiangqi_horse_and_cannon_mobility():
    """Horse a0: b2 and c1 (legs a1 and b0 free), 2 against 4, times 4. Cannon a0: a1-a9 and
    b0-d0, 12 quiet moves against 6, times 1."""
    assert term("xiangqi", "mobility", "3k5/9/9/9/9/9/9/9/9/N3K4 w - - 0 1") == (-8, -8)
    assert term("xiangqi", "mobility", "3k5/9/9/9/9/9/9/9/9/C3K4 w - - 0 1") == (6, 6)
    blocked = "3k5/9/9/9/9/9/9/9/R8/NR2K4 w - - 0 1"  # both legs blocked by chariots
    assert term("xiangqi", "mobility", blocked) == (-16, -16)


def test_xiangqi_chariots_on_open_files():
    """Chariot a0 behind its own soldier a3: nothing; chariot i0 on a file with a black soldier
    only: half-open (8)."""
    fen = "3k5/9/9/8p/9/9/P8/9/9/R3K3R w - - 0 1"
    assert term("xiangqi", "chariots", fen) == (8, 8)
    assert term("xiangqi", "chariots", fen.replace("8p", "9")) == (15 + 0, 15 + 0)


def test_xiangqi_hollow_cannon_against_the_general():
    """A black cannon on e5 facing the red general on e0 with nothing between; with a screen
    between (a red soldier on e3) the cannon gives check and no hollow-cannon term."""
    assert term("xiangqi", "general", "3k5/9/9/9/4c4/9/9/9/9/4K4 w - - 0 1") == (-60, -60)
    assert term("xiangqi", "general", "3k5/9/9/9/4c4/9/4P4/9/9/4K4 w - - 0 1") == (0, 0)


# -- every term, every game ------------------------------------------------------------------


def color_flipped(pos: Position) -> Position:
    """The position with the colors swapped and the board mirrored rank for rank."""
    geometry = pos.variant.geometry
    board = [0] * geometry.size
    for sq, piece in enumerate(pos.board):
        if piece:
            mirrored = geometry.square(
                geometry.file_of(sq), geometry.ranks - 1 - geometry.rank_of(sq)
            )
            board[mirrored] = (piece & KIND_MASK) | ((piece >> COLOR_SHIFT) ^ 1) << COLOR_SHIFT
    return Position(pos.variant, board, pos.side ^ 1)


#: the games that define positional terms (the terms are optional variant data)
WITH_TERMS = tuple(name for name in NAMES if get_variant(name).evaluation_terms)


def test_chess_and_xiangqi_define_terms():
    assert {"chess", "xiangqi"} <= set(WITH_TERMS)


@pytest.mark.parametrize("name", WITH_TERMS)
def test_every_term_is_antisymmetric_in_the_colors(name):
    variant = get_variant(name)
    for seed in range(40):
        pos = random_walk(name, seed, 10 + seed * 3)
        flipped = color_flipped(pos)
        for term_name, function in variant.evaluation_terms.items():
            assert function(flipped) == -function(pos), (term_name, seed)


@pytest.mark.parametrize("name", WITH_TERMS)
def test_the_terms_evaluation_is_the_tapered_sum_plus_the_terms(name):
    variant = get_variant(name)
    evaluate_all = TermsEvaluation()
    evaluate_all_but_first = TermsEvaluation(tuple(list(variant.evaluation_terms)[1:]))
    evaluate_none = TermsEvaluation(())
    for seed in range(20):
        pos = random_walk(name, seed, 30)
        extra = sum(function(pos) for function in variant.evaluation_terms.values())
        base = pos.score
        pos.score = base + extra
        expected = evaluate_tapered(pos)
        pos.score = base
        for _ in range(2):  # computed, then from the cache
            assert evaluate_all(pos) == expected
        assert evaluate_none(pos) == evaluate_tapered(pos)
        first = list(variant.evaluation_terms.values())[0]
        pos.score = base + extra - first(pos)
        expected = evaluate_tapered(pos)
        pos.score = base
        assert evaluate_all_but_first(pos) == expected


def test_terms_sharing_a_count_are_joined_into_one():
    """Chess's four terms read one count: joined, they are one term scoring their sum; a term
    naming a feature its count does not count is refused."""
    from xqchess.core.evaluation import joined

    chess = get_variant("chess")
    terms = tuple(chess.evaluation_terms.values())
    (one,) = joined(terms)
    assert one.features == tuple(name for term in terms for name in term.features)
    for seed in range(20):
        pos = random_walk("chess", seed, 40)
        assert one(pos) == sum(term(pos) for term in terms)
    xiangqi_terms = tuple(get_variant("xiangqi").evaluation_terms.values())
    assert joined(xiangqi_terms) == xiangqi_terms  # functions of their own, as they are
    pawns = chess.evaluation_terms["pawns"]
    with pytest.raises(ValueError, match="'pawns.backward' is not counted"):
        Term(("pawns.backward",), pawns.count, {"pawns.backward": (0, 0)}, None, pawns.counted)


def test_chess_terms_play_with_the_shipped_fitted_weights():
    """Knight a1: two squares, two below Fruit's zero point for the knight, times the shipped
    weight; the counts are White's less Black's, one per feature."""
    from xqchess.variants.chess.evaluation import TERM_WEIGHTS

    chess = get_variant("chess")
    mobility = chess.evaluation_terms["mobility"]
    pos = chess.position("4k3/8/8/8/8/8/8/N3K3 w - - 0 1")
    assert mobility.counts(pos) == [-2, 0, 0, 0, 0]
    assert mobility(pos) == -2 * pack(*TERM_WEIGHTS.weights["mobility.knight"], 0)
    assert mobility.counts(chess.position("n3k3/8/8/8/8/8/8/4K3 w - - 0 1")) == [2, 0, 0, 0, 0]
    assert TERM_WEIGHTS.source.startswith("xqchess tune chess --data ")
    assert TERM_WEIGHTS.source.endswith(" --terms")
    features = [name for function in chess.evaluation_terms.values() for name in function.features]
    assert sorted(features) == sorted(TERM_WEIGHTS.weights)


def test_search_rejects_an_unknown_term_in_one_line():
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "xqchess.cli.main",
            "search",
            "xiangqi",
            "--depth",
            "1",
            "--evaluation",
            "terms",
            "--eval-terms",
            "pawns",
        ],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "xqchess: error: xiangqi has no evaluation term "
        "'pawns' (its terms: defence, mobility, chariots, "
        "general)"
    ]


def test_the_engine_keeps_its_terms_when_a_name_is_refused():
    from xqchess.cli.engine import Engine, EngineOptionError

    engine = Engine("xiangqi")
    engine.set_eval_terms("chariots, general")
    assert engine.eval_terms == ("chariots", "general")
    with pytest.raises(EngineOptionError, match="chess has no evaluation term 'chariots'"):
        engine.set_variant("chess")
    assert engine.variant.name == "xiangqi" and engine.eval_terms == ("chariots", "general")
    with pytest.raises(EngineOptionError, match="'pawns'"):
        engine.set_eval_terms("pawns")
    assert engine.eval_terms == ("chariots", "general")
    engine.set_eval_terms("none")
    assert engine.eval_terms == ()
    engine.set_eval_terms("all")
    assert engine.eval_terms is None
    assert isinstance(EngineOptionError("x"), XQChessError)


def test_lazy_evaluation_skips_the_terms_only_far_outside_the_window():
    """Quiescence stands pat with ``score_within``: the terms where the tapered score is within
    `LAZY_MARGIN` of the window, the tapered score alone beyond it."""
    from xqchess.core.evaluation import LAZY_MARGIN

    variant = get_variant("chess")
    pos = variant.position("4k3/8/8/8/8/8/8/N3K3 w - - 0 1")  # a knight with two squares
    evaluate_all = TermsEvaluation()
    tapered, full = evaluate_tapered(pos), evaluate_all(pos)
    assert 0 < tapered - full < LAZY_MARGIN
    within = evaluate_all.score_within
    assert within(pos, tapered - 1, tapered + 1) == full
    assert within(pos, tapered + LAZY_MARGIN, tapered + LAZY_MARGIN + 1) == tapered
    assert within(pos, tapered - LAZY_MARGIN - 1, tapered - LAZY_MARGIN) == tapered
    assert within(pos, tapered + LAZY_MARGIN - 1, tapered + LAZY_MARGIN) == full
