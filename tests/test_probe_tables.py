"""The tables the search's hottest loops index one entry at a time are tuples, which Python's
interpreter indexes through a specialised subscript (bytes take a slower generic path and
yield ints where these loops test truth: docs/speed.md, Pure-Python mode), a guard of the
pure-Python kernel's speed; and their contents are what the probes need, worked out by hand."""

from xqchess.core.pieces import BLACK, WHITE, piece_code
from xqchess.variants.chess.definition import CHESS
from xqchess.variants.families.chess_family.attacks import build_attacks
from xqchess.variants.families.chess_family.definition import (
    BISHOP,
    KING,
    KNIGHT,
    PAWN,
    QUEEN,
    ROOK,
)


def hit_codes(hit) -> frozenset:
    return frozenset(code for code, flag in enumerate(hit) if flag)


def test_the_chess_check_tests_hit_tables_are_tuples_of_booleans():
    """The tables `attacked_on` (the move generator's check test) walks."""
    attacks = build_attacks(CHESS)
    leaps_by_color, slides_by_color = attacks.leaps_by_color, attacks.slides_by_color
    for color in (WHITE, BLACK):
        hits = [hit for _, hit in leaps_by_color[color] + slides_by_color[color]]
        for hit in hits:
            assert type(hit) is tuple and {type(flag) for flag in hit} == {bool}
        # leapers: the knight, the pawn, the king; sliders: diagonals and orthogonals
        expected = {
            frozenset({piece_code(KNIGHT, color)}),
            frozenset({piece_code(PAWN, color)}),
            frozenset({piece_code(KING, color)}),
            frozenset({piece_code(BISHOP, color), piece_code(QUEEN, color)}),
            frozenset({piece_code(ROOK, color), piece_code(QUEEN, color)}),
        }
        assert {hit_codes(hit) for hit in hits} == expected and len(hits) == 5
