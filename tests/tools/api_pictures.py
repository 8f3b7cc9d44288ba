"""Make docs/api.md's pictures: one board of each game, a few moves into an opening, the last
move highlighted and an arrow on a next move, written as SVG by `xqchess.svg.board`.

    python tests/tools/api_pictures.py [FOLDER]    # default: docs/images

tests/test_svg.py checks that the committed pictures are what this makes.
"""

import sys
from pathlib import Path

import xqchess
import xqchess.svg

#: per game: the moves played (in the game's own notation) and the arrow: a next move's squares
OPENINGS = {
    "chess": (["e4", "e5", "Nf3", "Nc6", "Bb5"], ("a7", "a6")),
    "xiangqi": (["C2=5", "H8+7", "H2+3", "R9=8"], ("i1", "h1")),
    "capablanca": (["e4", "e5", "Ci3", "Ci6"], ("c1", "d3")),
    "minixiangqi": (["P4+1", "P4+1", "C6+3", "C6+3"], ("d3", "d4")),
    "shatranj": (["e3", "e6", "Nf3", "Nf6"], ("f1", "d3")),
}
SIZE = 360


def picture(name: str) -> str:
    moves, arrow = OPENINGS[name]
    board = xqchess.Board(name)
    for text in moves:
        board.push_notation(text)
    return xqchess.svg.board(board, lastmove=board.peek(), arrows=[arrow], size=SIZE)


def main() -> None:
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).parents[2] / "docs/images")
    folder.mkdir(parents=True, exist_ok=True)
    for name in xqchess.VARIANTS:
        (folder / f"{name}.svg").write_text(picture(name) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
