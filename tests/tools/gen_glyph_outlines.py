"""The outlines `xqchess.svg` draws Chinese characters with, from a CJK font, into the package's
``data/glyph_outlines.json``, so that a picture shows them on a machine without a CJK font.

Usage: python tests/tools/gen_glyph_outlines.py FONT FACE [OUT]

FONT is a font file (a collection, ``.ttc``, is searched for the face whose full name is FACE);
the shipped file was made from Noto Serif CJK (SIL Open Font License 1.1; Debian's
fonts-noto-cjk) with

    python tests/tools/gen_glyph_outlines.py \\
        /usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc "Noto Serif CJK TC Bold"

Every character of every text that a registered game's board style holds and that holds a
CJK character (the pieces' characters, the river's inscriptions, the file numbers; spaces
included) gets its advance and its outline as SVG path data in a 1000-unit em box, x from
the glyph's origin, y down from the em box's top (the font's typographic ascender),
coordinates rounded to whole units. The file names the font, its version, its copyright and
licence (the outlines are the font's, under its licence) and this command. Needs fontTools
(a maintainer's tool, never a runtime dependency).
"""

import json
import sys
from pathlib import Path

import xqchess.svg
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTCollection, TTFont
from xqchess.variants import NAMES, board_style

EM = 1000
OUT = Path(__file__).resolve().parents[2] / "data" / "glyph_outlines.json"
COPYRIGHT, FULL_NAME, VERSION, LICENCE, LICENCE_URL = 0, 4, 5, 13, 14  # name table IDs


def characters() -> list[str]:
    """Every character of the registered games' style texts that hold a CJK character."""
    texts = set()
    for name in NAMES:
        style = board_style(name)
        texts |= {*style.glyphs.values(), *style.river_text}
        texts |= {number for numbers in style.file_numbers for number in numbers}
    cjk = [text for text in texts if any(ord(char) >= xqchess.svg.CJK_START for char in text)]
    return sorted({char for text in cjk for char in text})


def open_face(path: str, face: str) -> TTFont:
    """The font named ``face`` in the file at ``path``."""
    fonts = TTCollection(path).fonts if path.endswith((".ttc", ".otc")) else [TTFont(path)]
    for font in fonts:
        if font["name"].getDebugName(FULL_NAME) == face:
            return font
    names = [font["name"].getDebugName(FULL_NAME) for font in fonts]
    raise SystemExit(f"{path} holds no face {face!r}; it holds {names}")


def outline(font: TTFont, char: str) -> dict[str, object]:
    """``char``'s advance and its outline in the em box described above."""
    glyph_name = font.getBestCmap().get(ord(char))
    if glyph_name is None:
        raise SystemExit(f"the font has no glyph for {char!r}")
    glyphs, scale = font.getGlyphSet(), EM / font["head"].unitsPerEm
    top = font["OS/2"].sTypoAscender
    pen = SVGPathPen(glyphs, ntos=lambda value: str(round(value)))
    glyphs[glyph_name].draw(TransformPen(pen, (scale, 0, 0, -scale, 0, top * scale)))
    return {"advance": round(glyphs[glyph_name].width * scale), "d": pen.getCommands()}


def main() -> None:
    if len(sys.argv) not in (3, 4):
        raise SystemExit(__doc__)
    path, face = sys.argv[1], sys.argv[2]
    out = Path(sys.argv[3]) if len(sys.argv) == 4 else OUT
    font = open_face(path, face)
    os2 = font["OS/2"]
    if os2.sTypoAscender - os2.sTypoDescender != font["head"].unitsPerEm:
        raise SystemExit(f"{face}'s ascender and descender do not span its em")
    names = font["name"]
    data = {
        "font": face,
        "version": names.getDebugName(VERSION),
        "copyright": names.getDebugName(COPYRIGHT),
        "licence": f"{names.getDebugName(LICENCE)} {names.getDebugName(LICENCE_URL)}",
        "command": f'python tests/tools/gen_glyph_outlines.py {path} "{face}"',
        "em": EM,
        "glyphs": {char: outline(font, char) for char in characters()},
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, ensure_ascii=False, indent=1)
    out.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
