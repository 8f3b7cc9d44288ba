"""How the chess family's games are drawn: `board_style` makes a `ChessGame`'s `BoardStyle`
(front-end data, read through the registry, never the kernel's)."""

from __future__ import annotations

from xqchess.core.pieces import BLACK, WHITE, piece_code
from xqchess.variants.families.chess_family.definition import STANDARD_PIECES, SYMBOLS, ChessGame
from xqchess.variants.style import SQUARES, BoardStyle


def board_style(game: ChessGame) -> BoardStyle:
    """Wooden squares: FIDE's pieces by their chess symbols, any other by its letter glyph
    (upper case for White, lower for Black), black on both colors of square."""
    standard = list(STANDARD_PIECES)
    glyphs = {}
    for piece in game.kinds:
        for color in (WHITE, BLACK):
            if piece.kind in game.letter_glyphs:
                glyph = game.letter_glyphs[piece.kind]
                glyph = glyph if color == WHITE else glyph.lower()
            else:
                glyph = SYMBOLS[color][standard.index(piece.kind)]
            glyphs[piece_code(piece.kind, color)] = glyph
    return BoardStyle(
        SQUARES, glyphs=glyphs, piece_styles=("#000000", "#000000"), fills=("#f0d9b5", "#b58863")
    )
