"""Perft against Fairy-Stockfish's reference counts: every position, every recorded depth.

Depths whose count is at most 200,000 run by default; deeper ones are marked slow.
"""

import pytest

from xqchess.core.perft import divide, perft
from helpers import DEFAULT_PERFT_LIMIT, perft_reference
from xqchess.variants import NAMES, get_variant

VARIANTS = NAMES  # every registered game


def perft_cases():
    for variant_name in VARIANTS:
        for entry in perft_reference(variant_name):
            for depth, count in entry["perft"].items():
                marks = [pytest.mark.slow] if count > DEFAULT_PERFT_LIMIT else []
                yield pytest.param(variant_name, entry["fen"], int(depth), count, marks=marks,
                                   id=f"{variant_name}-{entry['name']}-d{depth}")


@pytest.mark.parametrize("variant_name,fen,depth,expected", list(perft_cases()))
def test_perft_matches_reference(variant_name, fen, depth, expected):
    pos = get_variant(variant_name).position(fen, strict=False)
    before = pos.fen()
    assert perft(pos, depth) == expected
    assert pos.fen() == before


@pytest.mark.parametrize("variant_name", VARIANTS)
def test_unbulked_perft_and_divide_agree_with_bulk(variant_name):
    entry = perft_reference(variant_name)[1]
    pos = get_variant(variant_name).position(entry["fen"], strict=False)
    expected = entry["perft"]["2"]
    assert perft(pos, 2, bulk=False) == expected
    assert sum(count for _, count in divide(pos, 2)) == expected
