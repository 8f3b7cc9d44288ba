"""Make README.md's and docs/commands.md's screenshots of `xqchess play`: the full-screen app run
headless at 100x30 cells, a few moves typed into its move box against the level-1 engine, saved
as Textual's SVG screenshot and rendered to PNG with cairosvg.

    python tests/tools/app_screenshots.py [FOLDER]    # default: docs/images

The engine panel's search time is pinned to `SHOWN_SECONDS` before each screenshot (its nodes
are the level-1 search's own), so a rerun on the same machine writes the same bytes; the PNG's
glyphs come from the machine's fonts.
"""

import asyncio
import html
import re
import sys
import unicodedata
from pathlib import Path

import cairosvg
from xqchess.cli.main import build_parser
from xqchess.cli.tui.app import PlayApp

#: per game: the moves typed, each answered by the engine
GAMES = {
    "chess": ["e4", "Nf3", "Bc4"],
    "xiangqi": ["C2=5", "H2+3", "R1=2"],
}
SIZE = (100, 30)
#: the engine panel's search time in the pictures, about a level-1 search's (a measured one
#: changes the speed shown from run to run)
SHOWN_SECONDS = 0.01
#: the PNG's fonts: a monospaced one with the chess symbols, and one with CJK glyphs
LATIN_FONT = "DejaVu Sans Mono"
WIDE_FONT = "Noto Sans Mono CJK SC"
#: seconds to wait for the engine's reply before giving up
REPLY_TIMEOUT = 60.0


async def screenshot(game: str) -> str:
    """The app's SVG screenshot after ``GAMES[game]``'s moves and the engine's replies."""
    args = build_parser().parse_args(["play", game, "--level", "1"])
    app = PlayApp(args)
    async with app.run_test(size=SIZE) as pilot:
        for number, move in enumerate(GAMES[game], 1):
            for character in move:
                await pilot.press(character)
            await pilot.press("enter")
            waited = 0.0
            while app.thinker is not None or len(app.game.moves) < 2 * number:
                if waited > REPLY_TIMEOUT:
                    raise RuntimeError(f"{game}: no reply to {move} in {REPLY_TIMEOUT:.0f} s")
                await pilot.pause(0.05)
                waited += 0.05
        if app.thinking is not None:
            app.thinking.ended = app.thinking.started + SHOWN_SECONDS
        await pilot.press("escape")  # the board: its cursor shown, the footer's keys live
        await pilot.pause(0.5)  # the engine panel's next redraw
        return app.export_screenshot(title=f"xqchess play {game}")


def for_cairo(svg: str) -> str:
    """The screenshot with fonts cairosvg can draw: it takes one font per text element, the
    first its CSS names, and falls back to no other for a missing glyph. Latin text, box
    drawing and chess symbols get `LATIN_FONT`, text with wide (CJK) characters `WIDE_FONT`."""
    svg = svg.replace("font-family: Fira Code, monospace;", f"font-family: {LATIN_FONT};")

    def font(match: re.Match[str]) -> str:
        wide = any(unicodedata.east_asian_width(c) in "WF" for c in html.unescape(match[2]))
        style = f' style="font-family: {WIDE_FONT}"' if wide else ""
        return f"<text{match[1]}{style}>{match[2]}</text>"

    return re.sub(r"<text([^>]*)>([^<]*)</text>", font, svg)


def main() -> None:
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).parents[2] / "docs/images")
    folder.mkdir(parents=True, exist_ok=True)
    for game in GAMES:
        svg = asyncio.run(screenshot(game))
        (folder / f"play-{game}.svg").write_text(svg, encoding="utf-8")
        cairosvg.svg2png(
            bytestring=for_cairo(svg).encode(), write_to=str(folder / f"play-{game}.png")
        )


if __name__ == "__main__":
    main()
