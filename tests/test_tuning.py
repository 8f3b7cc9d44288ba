"""Evaluation tuning (`xqchess tune`, `cli.tuning`) and the tables it makes: the fit's linear
model is the engine's tapered evaluation term for term, a fit recovers tables that made the
scores it is given, the tables survive their JSON file, and a search scores with the tapered
tables only while it runs, the lab's ``squares`` keeping the hand-written ones."""

import json
import shlex
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from helpers import random_walk
from xqchess.cli import tuning
from xqchess.cli.main import main
from xqchess.core.evaluation import (
    TaperedTables,
    TermWeights,
    evaluate,
    evaluate_tapered,
    piece_square_table,
)
from xqchess.core.search import Limits, SearchConfig, Searcher
from xqchess.ordering.spec import DEFAULT_SPEC, build_pipeline
from xqchess.variants import get_variant


def walked_positions(name: str, count: int) -> list:
    """Positions along seeded random games, each with a quiet legal move, not in check."""
    found = []
    for seed in range(count * 3):
        pos = random_walk(name, seed, 10 + seed % 50)
        if pos.is_check():
            continue
        captures = set(pos.legal_captures())
        quiet = [move for move in pos.legal_moves() if move not in captures]
        if quiet:
            found.append((pos, quiet[0]))
        if len(found) == count:
            break
    return found


def scored_records(name: str, tables: TaperedTables, count: int) -> list[tuple[str, str, str]]:
    """Records scored by ``tables``' tapered evaluation, as `chessmaps data --scores` writes."""
    variant = get_variant(name)
    packed = piece_square_table(variant, tables)
    records = []
    for pos, move in walked_positions(name, count):
        pos.use_tables(packed)
        records.append(
            (pos.fen(), variant.format_move(pos, move, "uci"), str(evaluate_tapered(pos)))
        )
    return records


def hand_tables(variant) -> TaperedTables:
    values = dict(variant.piece_values)
    return TaperedTables(
        values, variant.square_tables, values, variant.square_tables, "hand-written"
    )


@pytest.mark.parametrize("name", ["xiangqi", "chess"])
def test_the_fits_model_is_the_tapered_evaluation(name):
    """`Layout.features` times the parameters of a set of tables is `evaluate_tapered` with
    those tables, position by position (up to the evaluation's rounding to whole
    centipawns): the fit tunes exactly what the search evaluates."""
    variant = get_variant(name)
    layout = tuning.Layout(variant)
    rng = np.random.default_rng(7)
    parameters = layout.start() + rng.integers(-30, 30, layout.count)
    if layout.symmetric:  # mirrored squares share a slot: make the tables agree
        parameters = layout.start() + 0.0
        for kind in layout.kinds:
            for sq in range(layout.size):
                slot = layout.slot[sq]
                parameters[layout.middlegame_square(kind, sq)] += (slot * 7 + kind) % 23 - 11
                parameters[layout.endgame_square(kind, sq)] += (slot * 5 + kind) % 19 - 9
    tables = layout.tables(parameters, "test")
    packed = piece_square_table(variant, tables)
    records = []
    expected = []
    for pos, move in walked_positions(name, 40):
        pos.use_tables(packed)
        records.append((pos.fen(), variant.format_move(pos, move, "uci"), "0"))
        expected.append(evaluate_tapered(pos))
    features = layout.features(records)
    assert len(features.targets) == len(records)
    model = features.evaluate(np.round(parameters))
    assert np.all(np.abs(model - np.array(expected)) <= 1)


def test_xiangqi_shares_mirrored_squares_and_chess_does_not():
    xiangqi = tuning.Layout(get_variant("xiangqi"))
    assert xiangqi.symmetric and xiangqi.slot[0] == xiangqi.slot[8] == 0
    chess = tuning.Layout(get_variant("chess"))
    assert not chess.symmetric and chess.slot[7] == 7


def test_a_fit_moves_the_tables_towards_those_that_scored_the_positions():
    """Scores made with a chariot worth 1,100 and a cannon worth 350 (hand: 900 and 450):
    the fit, from the hand tables, lowers the loss and moves both values towards the truth."""
    variant = get_variant("xiangqi")
    layout = tuning.Layout(variant)
    chariot, cannon = 5, 6
    assert variant.kind_names[chariot] == "chariot" and variant.kind_names[cannon] == "cannon"
    values = dict(variant.piece_values)
    values[chariot], values[cannon] = 1100, 350
    truth = TaperedTables(values, variant.square_tables, values, variant.square_tables, "truth")
    records = scored_records("xiangqi", truth, 150)
    features = layout.features(records)
    start = layout.start()
    fitted = tuning.fit(layout, features, steps=400, rate=2.0)
    assert tuning.loss(features, fitted) < tuning.loss(features, start) / 4
    for kind, hand, true in ((chariot, 900, 1100), (cannon, 450, 350)):
        middle = fitted[layout.middlegame_value(kind)]
        assert abs(middle - true) < abs(hand - true) / 2


def test_quiet_positions_only():
    """Records in check, with a capture played, or scored as a mate are left out."""
    variant = get_variant("xiangqi")
    layout = tuning.Layout(variant)
    pos = variant.position("4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1")  # black in check
    checked = (pos.fen(), variant.format_move(pos, pos.legal_moves()[0], "uci"), "10")
    pos = variant.position("4k4/9/9/9/4r4/9/9/4R4/9/3K5 w - - 0 1")
    capture = (pos.fen(), "e3e6", "10")
    quiet = (pos.fen(), "d1d2", "10")
    mate = (pos.fen(), "d1d2", "100000")
    far = (pos.fen(), "d1d2", str(tuning.MAX_SCORE + 1))
    features = layout.features([checked, capture, quiet, mate, far])
    assert list(features.targets) == [10.0]


def test_tables_survive_their_json_file_and_bad_files_are_refused():
    variant = get_variant("xiangqi")
    tables = variant.tapered_tables
    kinds = tuple(sorted(variant.piece_values))
    again = TaperedTables.from_json(tables.to_json(), kinds, variant.geometry.size)
    assert again == tables
    data = json.loads(tables.to_json())
    del data["endgame_square_tables"][str(kinds[2])]
    with pytest.raises(ValueError, match="endgame_square_tables for kind"):
        TaperedTables.from_json(json.dumps(data), kinds, variant.geometry.size)
    data = json.loads(tables.to_json())
    data["square_tables"][str(kinds[0])] = data["square_tables"][str(kinds[0])][:-1]
    with pytest.raises(ValueError, match="not 90 squares"):
        TaperedTables.from_json(json.dumps(data), kinds, variant.geometry.size)
    with pytest.raises(ValueError, match="not JSON"):
        TaperedTables.from_json("{", kinds, variant.geometry.size)


@pytest.mark.parametrize("name", ["chess", "xiangqi"])
def test_the_shipped_tables_name_the_command_that_made_them(name):
    tables = get_variant(name).tapered_tables
    assert tables.source.startswith(f"xqchess tune {name} --data ")


@pytest.mark.slow
@pytest.mark.parametrize("name", ["chess", "xiangqi"])
def test_the_shipped_tables_are_remade_by_their_command(name, tmp_path):
    """The command in the tables' ``source``, run from the repository root on the shipped
    scored positions, writes the shipped tables again, entry for entry (minutes each)."""
    variant = get_variant(name)
    words = shlex.split(variant.tapered_tables.source)
    assert words[:2] == ["xqchess", "tune"]
    root = Path(__file__).resolve().parent.parent
    data = words.index("--data")
    for index in range(data + 1, len(words)):
        if words[index].startswith("--"):
            break
        words[index] = str(root / words[index])
    out = tmp_path / "again.json"
    assert main(words[1:] + ["--output", str(out)]) == 0
    again = TaperedTables.from_json(
        out.read_text(), tuple(sorted(variant.piece_values)), variant.geometry.size
    )
    assert replace(again, source="") == replace(variant.tapered_tables, source="")


@pytest.mark.parametrize("name", ["chess", "xiangqi"])
@pytest.mark.parametrize("evaluation", ["squares", "tapered"])
def test_a_search_scores_with_its_evaluations_tables_and_puts_the_position_back(name, evaluation):
    """A depth-1 search with quiescence off scores each root move by the static evaluation
    of its evaluation's tables; afterwards the position has its own tables and score back."""
    variant = get_variant(name)
    assert variant.tapered_piece_square is not variant.piece_square
    pos = random_walk(name, 3, 30)
    before = (pos.fen(), pos.score)
    config = SearchConfig(
        evaluation=evaluation, quiescence="none", tt=False, pvs=False, iterative=False
    )
    searcher = Searcher(build_pipeline(DEFAULT_SPEC, variant), config)
    result = searcher.search(pos, Limits(depth=1))
    assert (pos.fen(), pos.score) == before and pos._psq is variant.piece_square
    tables = variant.piece_square if evaluation == "squares" else variant.tapered_piece_square
    static = evaluate if evaluation == "squares" else evaluate_tapered
    best = None
    pos.use_tables(tables)
    for move in pos.legal_moves():
        pos.make(move)
        score = -static(pos)
        pos.unmake()
        best = score if best is None else max(best, score)
    pos.use_tables(variant.piece_square)
    assert result.score == best


def test_the_tune_command_writes_tables_that_load(tmp_path):
    variant = get_variant("xiangqi")
    records = scored_records("xiangqi", hand_tables(variant), 40)
    data = tmp_path / "scored.txt"
    data.write_text("# test data\n" + "".join("\t".join(r) + "\n" for r in records))
    out = tmp_path / "tables.json"
    code = main(["tune", "xiangqi", "--data", str(data), "--steps", "20", "-o", str(out)])
    assert code == 0
    tables = TaperedTables.from_json(
        out.read_text(), tuple(sorted(variant.piece_values)), variant.geometry.size
    )
    assert tables.source.startswith("xqchess tune xiangqi --data ")
    assert "--steps 20" in tables.source


def test_the_tune_command_refuses_records_without_scores(tmp_path, capsys):
    pos = get_variant("xiangqi").position()
    data = tmp_path / "moves.txt"
    data.write_text(f"{pos.fen()}\th3e3\n")
    assert main(["tune", "xiangqi", "--data", str(data), "-o", str(tmp_path / "t.json")]) == 2
    err = capsys.readouterr().err
    assert "without scores" in err and err.count("\n") == 1


def test_the_tune_command_refuses_a_bad_holdout(tmp_path, capsys):
    code = main(
        ["tune", "xiangqi", "--data", "x", "--holdout", "1", "-o", str(tmp_path / "t.json")]
    )
    assert code == 2 and "holdout" in capsys.readouterr().err


# -- the terms' weights (--terms) --------------------------------------------------------------


def terms_records(weights: dict[str, tuple[int, int]], count: int) -> list[tuple[str, str, str]]:
    """Chess records scored by the tapered tables plus the terms with ``weights``."""
    variant = get_variant("chess")
    terms = [function.with_weights(weights) for function in variant.evaluation_terms.values()]
    records = []
    for pos, move in walked_positions("chess", count):
        pos.use_tables(variant.tapered_piece_square)
        base = pos.score
        pos.score = base + sum(term(pos) for term in terms)
        score = evaluate_tapered(pos)
        pos.score = base
        records.append((pos.fen(), variant.format_move(pos, move, "uci"), str(score)))
    return records


def test_the_terms_fits_model_is_the_terms_evaluation():
    """`TermLayout.features` times the tables' scale at 100 and the played weights is the
    ``terms`` evaluation, to the centipawn the two roundings of the phase blend can part by."""
    variant = get_variant("chess")
    layout = tuning.TermLayout(variant)
    played = {name: w for term in layout.terms for name, w in term.weights.items()}
    records = terms_records(played, 60)
    features = layout.features(records)
    parameters = np.array([100.0] + [float(x) for name in layout.names for x in played[name]])
    assert len(features.targets) == len(records)
    assert np.max(np.abs(features.evaluate(parameters) - features.targets)) <= 2
    assert np.count_nonzero(features.evaluate(parameters) - features.evaluate(layout.start()))


def test_a_terms_fit_moves_the_weights_towards_those_that_scored_the_positions():
    """Scores made with a knight's mobility worth 20 a square and a bishop's 1 (published: 4
    and 5): the fit lowers the loss, moves both towards the truth and keeps the tables' scale
    near 1, and the written weights are the fitted ones over that scale."""
    variant = get_variant("chess")
    layout = tuning.TermLayout(variant)
    truth = {name: w for term in layout.terms for name, w in term.start.items()}
    truth["mobility.knight"], truth["mobility.bishop"] = (20, 20), (1, 1)
    features = layout.features(terms_records(truth, 150))
    start = layout.start()
    fitted = tuning.fit(layout, features, steps=400, rate=1.0)
    assert tuning.loss(features, fitted) < tuning.loss(features, start) / 4
    assert abs(fitted[0] - 100) < 5
    for name, published in (("mobility.knight", 4), ("mobility.bishop", 5)):
        middle = fitted[1 + 2 * layout.names.index(name)]
        assert abs(middle - truth[name][0]) < abs(published - truth[name][0]) / 2
    weights = layout.weights(fitted, "test")
    knight = 1 + 2 * layout.names.index("mobility.knight")
    assert weights.weights["mobility.knight"][0] == round(fitted[knight] / (fitted[0] / 100))


def test_term_weights_survive_their_json_file_and_bad_files_are_refused():
    from xqchess.variants.chess.evaluation import FEATURES, TERM_WEIGHTS

    assert TermWeights.from_json(TERM_WEIGHTS.to_json(), FEATURES) == TERM_WEIGHTS
    data = json.loads(TERM_WEIGHTS.to_json())
    del data["weights"]["pawns.doubled"]
    with pytest.raises(ValueError, match="'pawns.doubled': not two whole numbers"):
        TermWeights.from_json(json.dumps(data), FEATURES)
    data["weights"]["pawns.doubled"] = [1, 2.5]
    with pytest.raises(ValueError, match="'pawns.doubled': not two whole numbers"):
        TermWeights.from_json(json.dumps(data), FEATURES)
    data["weights"]["pawns.doubled"] = [1, 2]
    data["weights"]["pawns.tripled"] = [1, 2]
    with pytest.raises(ValueError, match="unknown feature 'pawns.tripled'"):
        TermWeights.from_json(json.dumps(data), FEATURES)
    with pytest.raises(ValueError, match="not JSON"):
        TermWeights.from_json("{", FEATURES)
    with pytest.raises(ValueError, match="no weights"):
        TermWeights.from_json("[]", FEATURES)


def test_the_tune_command_fits_term_weights_that_load(tmp_path, capsys):
    from xqchess.variants.chess.evaluation import FEATURES

    data = tmp_path / "scored.txt"
    terms = tuning.TermLayout(get_variant("chess")).terms
    records = terms_records({name: w for term in terms for name, w in term.start.items()}, 30)
    data.write_text("# test data\n" + "".join("\t".join(r) + "\n" for r in records))
    out = tmp_path / "weights.json"
    code = main(["tune", "chess", "--terms", "--data", str(data), "--steps", "20", "-o", str(out)])
    assert code == 0
    weights = TermWeights.from_json(out.read_text(), FEATURES)
    assert weights.source.startswith("xqchess tune chess --data ")
    assert weights.source.endswith("--steps 20 --rate 1 --ridge 1e-08 --holdout 0.1 --terms")
    assert "the tables' scale" in capsys.readouterr().err


def test_a_game_without_fitted_terms_is_refused(tmp_path, capsys):
    code = main(["tune", "xiangqi", "--terms", "--data", "x", "-o", str(tmp_path / "w.json")])
    assert code == 2
    assert "xiangqi has no evaluation terms to fit" in capsys.readouterr().err


@pytest.mark.slow
def test_the_shipped_term_weights_are_remade_by_their_command(tmp_path):
    """The command in the chess term weights' ``source`` writes them again (a minute)."""
    from xqchess.variants.chess.evaluation import FEATURES, TERM_WEIGHTS

    words = shlex.split(TERM_WEIGHTS.source)
    assert words[:2] == ["xqchess", "tune"] and "--terms" in words
    root = Path(__file__).resolve().parent.parent
    for index in range(words.index("--data") + 1, len(words)):
        if words[index].startswith("--"):
            break
        words[index] = str(root / words[index])
    out = tmp_path / "again.json"
    assert main(words[1:] + ["--output", str(out)]) == 0
    assert TermWeights.from_json(out.read_text(), FEATURES).weights == TERM_WEIGHTS.weights
