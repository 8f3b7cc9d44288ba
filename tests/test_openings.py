"""Opening files for `xqchess match`: FEN, EPD and move-list lines, comments, errors that name
the line; the shipped sets legal, distinct, and (with Fairy-Stockfish installed) balanced."""

from __future__ import annotations

import os

import pytest
from xqchess.cli.external_engine import UCI, ExternalEngine, default_engine
from xqchess.cli.match.openings import (
    OPENINGS_FILE,
    Opening,
    OpeningError,
    load_openings,
    read_openings,
    shipped_openings,
)
from xqchess.variants import NAMES, get_variant

ENGINE = default_engine()
#: Fairy-Stockfish's depth and the largest score (centipawns, either side) called balanced
BALANCE_DEPTH = 14
BALANCE_BOUND = 150
#: seconds Fairy-Stockfish may take over one search
SEARCH_TIMEOUT = 600


def test_lines_of_every_kind():
    chess = get_variant("chess")
    text = """
        # a comment line, then a blank one

        rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1
        r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5; id "Ruy";
        1.e4 e5 2. Nf3 Nc6   # SAN with move numbers, glued or not
        d2d4 d7d5 c2c4       # coordinates
    """
    openings = read_openings(text, chess, "test")
    assert [len(opening.moves) for opening in openings] == [0, 0, 4, 3]
    assert openings[0].fen.split()[1] == "b"
    assert openings[1].fen.startswith("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w")
    assert openings[1].position(chess).fen() == openings[2].position(chess).fen().replace(
        " 2 3", " 0 1"
    )
    assert openings[3].position(chess).side == 1 and openings[2].fen is None


@pytest.mark.parametrize(
    "text,fault",
    [
        ("e2e4 e7e5\ne2e5\n", "test line 2: "),
        ("# nothing\n\n", "test holds no opening"),
        ("f2f3 e7e5 g2g4 d8h4", "test line 1: the game is already over"),
        ("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "already over"),
    ],
)
def test_bad_lines_name_the_line(text, fault):
    with pytest.raises(OpeningError, match=fault) as error:
        read_openings(text, get_variant("chess"), "test")
    assert "\n" not in str(error.value)


def test_a_missing_file_is_one_line(tmp_path):
    with pytest.raises(OpeningError, match="cannot read openings file"):
        load_openings(str(tmp_path / "none.txt"), get_variant("xiangqi"))


#: the games that ship an opening set (the others start every match game from the start)
WITH_OPENINGS = tuple(
    name for name in NAMES if get_variant(name).data_file(OPENINGS_FILE).is_file()
)


def test_chess_and_xiangqi_ship_openings_and_the_others_start_from_the_start():
    assert {"chess", "xiangqi"} <= set(WITH_OPENINGS)
    for name in set(NAMES) - set(WITH_OPENINGS):
        assert shipped_openings(get_variant(name)) == [Opening(None, (), "initial position")]


@pytest.mark.parametrize("name", WITH_OPENINGS)
def test_the_shipped_sets_are_twenty_distinct_main_lines(name):
    variant = get_variant(name)
    openings = shipped_openings(variant)
    assert len(openings) == 20
    assert all(opening.fen is None and 6 <= len(opening.moves) <= 10 for opening in openings)
    positions = {opening.position(variant).fen() for opening in openings}
    assert len(positions) == 20


def fairy_stockfish_scores(variant_name: str, move_lists: list[list[str]]) -> list[int]:
    """Fairy-Stockfish's score of each position, in centipawns for the first player."""
    scores = []
    with ExternalEngine([ENGINE], UCI, ENGINE, SEARCH_TIMEOUT) as engine:
        engine.start(get_variant(variant_name))
        for moves in move_lists:
            engine.new_game()
            _, score = engine.analyse(None, moves, BALANCE_DEPTH)
            scores.append(score if len(moves) % 2 == 0 else -score)
    return scores


@pytest.mark.skipif(
    not os.access(ENGINE, os.X_OK),
    reason="fairy-stockfish is not installed "
    "(Debian package fairy-stockfish: /usr/games/fairy-stockfish)",
)
@pytest.mark.slow  # a check of the shipped data, half a minute of Fairy-Stockfish per game
@pytest.mark.parametrize("name", WITH_OPENINGS)
def test_fairy_stockfish_judges_every_shipped_opening_balanced(name):
    variant = get_variant(name)
    move_lists = []
    for opening in shipped_openings(variant):
        pos = variant.position()
        words = []
        for move in opening.moves:
            words.append(variant.move_to_uci(pos, move))
            pos.make(move)
        move_lists.append(words)
    scores = fairy_stockfish_scores(name, move_lists)
    unbalanced = [
        (score, moves) for score, moves in zip(scores, move_lists) if abs(score) > BALANCE_BOUND
    ]
    assert len(scores) == 20 and not unbalanced
