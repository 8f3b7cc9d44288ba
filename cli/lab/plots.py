"""The lab's pictures, drawn with matplotlib (the optional extra ``xqchess[plot]``). From the
rows `Lab.summarise` gives, and the Elo rows of self-play matches, `write_plots` writes as SVG
and PNG each figure the rows can fill: nodes relative to the baseline per ordering with the
games side by side, guard pruning's nodes saved against its best-move agreement (beside its
Elo), nodes by depth, and the Elo of each switch. Intervals are the rows' 95% ones, drawn
wherever a row has both bounds. The same rows give the same SVG bytes: the metadata is fixed,
the ids are hashed with a fixed salt, and matplotlib's default style is used whatever the
local matplotlibrc says.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from xqchess.core.errors import XQChessError

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = [
    "Look",
    "Picture",
    "PlottingUnavailableError",
    "depth_trend_figure",
    "elo_figure",
    "figures",
    "ratio_figure",
    "tradeoff_figure",
    "write_plots",
]


class PlottingUnavailableError(XQChessError):
    """matplotlib, which the lab's pictures need, is not installed."""


#: the creator written into every picture's metadata
CREATOR = "xqchess lab"
#: the salt matplotlib hashes into the SVG's ids (clip paths, markers, hatches); fixed, so that
#: the same rows give the same bytes where matplotlib would draw a random salt per process
SVG_HASH_SALT = "xqchess-lab"
#: the formats `write_plots` can write
FORMATS = ("svg", "png")
#: the PNG's resolution, dots per inch
PNG_DPI = 150
#: matplotlib's settings over its default style; text is drawn as outlines so that the SVG
#: looks the same where its font is missing
STYLE = {
    "svg.hashsalt": SVG_HASH_SALT,
    "svg.fonttype": "path",
    "font.size": 9,
    "axes.titlesize": 10,
    "figure.titlesize": 11,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.color": "#dddddd",
    "axes.axisbelow": True,
    "legend.frameon": False,
    "hatch.linewidth": 0.8,
}
#: Okabe and Ito's colours, told apart with every common kind of colour blindness; each
#: series also has its own marker (lines, points) and hatch (bars)
COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#000000")
MARKERS = ("o", "s", "^", "D", "v", "P", "X")
HATCHES = ("", "//", "..", "xx", "\\\\", "--", "++")
#: the colour of reference lines (the baseline, zero Elo, full agreement) and error bars
INK = "#333333"
#: a white box behind the figures' labels, so that lines under them do not cross the text
LABEL_BOX = {"boxstyle": "round,pad=0.1", "facecolor": "white", "edgecolor": "none"}
#: the Elo rows of this switch (`cli.lab.elo.SWITCHES`) go beside guard pruning's trade-off
GUARD_PRUNING = "guard-prune"
#: the longest line of an ordering spec under a bar group; longer specs break at commas
SPEC_LINE = 14


class Picture(NamedTuple):
    """One figure and the file name (without suffix) and title it is written with."""

    name: str
    title: str
    figure: Figure


class Look(NamedTuple):
    """How one series is told apart in a figure: colour, marker and bar hatch."""

    colour: str
    marker: str
    hatch: str


def _look(index: int) -> Look:
    return Look(
        COLOURS[index % len(COLOURS)],
        MARKERS[index % len(MARKERS)],
        HATCHES[index % len(HATCHES)],
    )


def _matplotlib() -> Any:
    """The matplotlib module; PlottingUnavailableError says how to install it."""
    try:
        import matplotlib
    except ImportError:
        raise PlottingUnavailableError(
            "the lab's pictures need matplotlib: pip install 'xqchess[plot]'"
        ) from None
    return matplotlib


@contextmanager
def _style() -> Iterator[None]:
    """matplotlib's default style with `STYLE` over it, the local matplotlibrc ignored;
    PlottingUnavailableError where matplotlib is missing."""
    _matplotlib()
    import matplotlib.style

    with matplotlib.style.context(["default", STYLE]):
        yield


def _new_figure(width: float, height: float) -> Figure:
    """A figure drawn by Agg, outside pyplot's registry (nothing to close, no global state)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(width, height), layout="constrained")
    FigureCanvasAgg(figure)
    return figure


def _finite(value: Any) -> bool:
    return isinstance(value, (int, float)) and math.isfinite(value)


def _interval(row: dict, key: str) -> tuple[float, float] | None:
    """A row's 95% interval of a measure, when both bounds are there and finite."""
    low, high = row.get(f"{key}_low"), row.get(f"{key}_high")
    return (low, high) if _finite(low) and _finite(high) else None


def _whiskers(values: list[float], intervals: list[tuple[float, float]]) -> list[list[float]]:
    """matplotlib's errors below and above each value (never negative)."""
    return [
        [max(0.0, value - low) for value, (low, _) in zip(values, intervals)],
        [max(0.0, high - value) for value, (_, high) in zip(values, intervals)],
    ]


def _slug(text: str) -> str:
    """Text as part of a file name: letters, digits, '.', '_' and '-'."""
    return re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-") or "config"


def _game_labels(rows: Sequence[dict]) -> dict[str, str]:
    """Each suite's series name: its game, or 'game (suite)' where the rows hold several
    suites of one game."""
    suites: dict[str, list[str]] = {}
    for row in rows:
        names = suites.setdefault(row["variant"], [])
        if row["suite"] not in names:
            names.append(row["suite"])
    return {
        suite: variant if len(names) == 1 else f"{variant} ({suite})"
        for variant, names in suites.items()
        for suite in names
    }


def _looks(names: Sequence[str]) -> dict[str, Look]:
    """Each series' look, by its first appearance: a game keeps it in every figure."""
    return {name: _look(index) for index, name in enumerate(dict.fromkeys(names))}


def _wrap_spec(spec: str) -> str:
    """An ordering spec on lines of at most `SPEC_LINE` characters (where its parts allow),
    broken after a comma or a colon."""
    lines: list[str] = []
    for piece in re.findall(r"[^,:]+[,:]?|[,:]", spec):
        if lines and len(lines[-1]) + len(piece) <= SPEC_LINE:
            lines[-1] += piece
        else:
            lines.append(piece)
    return "\n".join(lines)


def _setting(spec: str, prune: int, margin: int, *, with_spec: bool, wrap: bool) -> str:
    """A cell's ordering and pruning in a label: the spec (unless all share it) and
    'prune DEPTH:MARGIN' when it prunes."""
    pruning = f"prune {prune}:{margin}" if prune else ""
    if not with_spec:
        return pruning or "no pruning"
    text = _wrap_spec(spec) if wrap else spec
    return f"{text}\n{pruning}" if wrap and pruning else f"{text} {pruning}".rstrip()


def _cell(row: dict) -> tuple[str, int, int]:
    return row["spec"], row["prune"], row["margin"]


@_style()
def ratio_figure(rows: Sequence[dict], looks: dict[str, Look] | None = None) -> Figure:
    """Nodes relative to the baseline (``vs_baseline``) of the rows of one config and depth:
    a group of bars per spec and pruning, one bar per game, whiskers for the 95% interval, a
    line at 1 (the baseline) and a '*' on each bar whose difference from it holds at 95%."""
    labels = _game_labels(rows)
    looks = looks or _looks(list(labels.values()))
    cells = list(dict.fromkeys(_cell(row) for row in rows))
    games = list(dict.fromkeys(labels[row["suite"]] for row in rows))
    with_spec = len({spec for spec, _, _ in cells}) > 1
    bar = 0.8 / len(games)
    figure = _new_figure(max(6.4, 1.2 + len(cells) * (0.45 + 0.45 * len(games))), 4.8)
    axes = figure.subplots()
    top = 1.0
    for game_index, game in enumerate(games):
        look = looks[game]
        placed = [
            (cell_index, row)
            for cell_index, cell in enumerate(cells)
            for row in rows
            if labels[row["suite"]] == game and _cell(row) == cell and _finite(row["vs_baseline"])
        ]
        xs = [index - 0.4 + bar * (game_index + 0.5) for index, _ in placed]
        heights = [row["vs_baseline"] for _, row in placed]
        axes.bar(
            xs,
            heights,
            bar,
            color=look.colour,
            hatch=look.hatch,
            edgecolor="white",
            linewidth=0.5,
            label=game,
        )
        bounded = [
            (x, row["vs_baseline"], interval)
            for x, (_, row) in zip(xs, placed)
            if (interval := _interval(row, "vs_baseline"))
        ]
        if bounded:
            axes.errorbar(
                [x for x, _, _ in bounded],
                [value for _, value, _ in bounded],
                yerr=_whiskers(
                    [value for _, value, _ in bounded], [interval for _, _, interval in bounded]
                ),
                fmt="none",
                ecolor=INK,
                elinewidth=1,
                capsize=3,
            )
        for x, (_, row) in zip(xs, placed):
            interval = _interval(row, "vs_baseline")
            end = max(row["vs_baseline"], interval[1] if interval else 0.0)
            top = max(top, end)
            mark = "*" if row.get("vs_baseline_holds") else ""
            axes.annotate(
                f"{_ratio_text(row['vs_baseline'])}{mark}",
                (x, end),
                xytext=(0, 2),
                textcoords="offset points",
                ha="center",
                va="bottom",
                fontsize=7,
                rotation=90 if len(games) > 2 else 0,
                bbox=LABEL_BOX,
            )
    axes.axhline(1.0, color=INK, linestyle="--", linewidth=1, label="the baseline (1)")
    axes.set_ylim(0, top * 1.18)
    axes.set_xticks(
        range(len(cells)),
        [_setting(*cell, with_spec=with_spec, wrap=True) for cell in cells],
        fontsize=8,
    )
    axes.set_ylabel("nodes ÷ the baseline's nodes (whiskers: 95% interval)")
    axes.set_xlabel("move ordering" if with_spec else f"guard pruning of {cells[0][0]}")
    axes.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0))
    first = rows[0]
    figure.suptitle(f"Nodes relative to the baseline: {first['config']}, depth {first['depth']}")
    axes.set_title(
        "bars: average nodes ÷ the baseline's, over the same positions; "
        "* the difference holds at 95%",
        fontsize=8,
    )
    return figure


def _ratio_text(ratio: float) -> str:
    """A ratio to two decimals, or two significant digits below 0.1."""
    return f"{ratio:.2f}" if ratio >= 0.1 else f"{ratio:.2g}"


def _point_label(row: dict, shared: set[str]) -> str:
    """A pruned row's name beside its point: its pruning, with its spec, config and depth
    unless every point shares them (the ``shared`` keys)."""
    label = f"{row['prune']}:{row['margin']}"
    if "depth" not in shared:
        label += f", depth {row['depth']}"
    if "config" not in shared:
        label = f"{row['config']} {label}"
    return label if "spec" in shared else f"{row['spec']} {label}"


def _guard_elo_rows(elo_rows: Sequence[dict]) -> list[dict]:
    return [
        row for row in elo_rows if row.get("switch") == GUARD_PRUNING and _finite(row.get("elo"))
    ]


def _elo_points(
    axes: Axes, elo_rows: Sequence[dict], looks: dict[str, Look], positions: list[float]
) -> None:
    """Each Elo row as a point at its y position, whiskers for its interval, its figure
    beside it, and a line at zero."""
    axes.axvline(0.0, color=INK, linestyle="--", linewidth=1)
    for row, y in zip(elo_rows, positions):
        look = looks[row["variant"]]
        interval = _interval(row, "elo")
        axes.errorbar(
            [row["elo"]],
            [y],
            xerr=_whiskers([row["elo"]], [interval]) if interval else None,
            fmt=look.marker,
            color=look.colour,
            ecolor=look.colour,
            elinewidth=1.5,
            capsize=3,
            markersize=6,
        )
        notes = [f"{row['games']} games"]
        if row.get("verdict"):
            notes.append(row["verdict"])
        if not interval:
            notes.append("no interval")
        axes.annotate(
            f"{row['elo']:+.1f} ({', '.join(notes)})".replace("-", "\N{MINUS SIGN}"),
            (interval[1] if interval else row["elo"], y),
            xytext=(5, 0),
            textcoords="offset points",
            va="center",
            fontsize=7,
        )
    axes.margins(x=0.45, y=0.2)


@_style()
def tradeoff_figure(
    rows: Sequence[dict],
    looks: dict[str, Look] | None = None,
    elo_rows: Sequence[dict] | None = None,
) -> Figure:
    """Guard pruning's trade-off: for each pruned row, the nodes it saves against the
    baseline (1 - ``vs_baseline``) and how often it keeps the unpruned search's best move
    (``agree_unpruned_pct``), both with their 95% intervals, a colour and marker per game and
    each point named by its pruning and depth; beside it, when Elo rows name guard pruning,
    each game's Elo of it by self-play."""
    labels = _game_labels(rows)
    elo_rows = _guard_elo_rows(elo_rows or [])
    looks = looks or _looks([*labels.values(), *(row["variant"] for row in elo_rows)])
    pruned = [
        row
        for row in rows
        if row["prune"]
        and _finite(row.get("vs_baseline"))
        and _finite(row.get("agree_unpruned_pct"))
    ]
    shared = {key for key in ("spec", "config", "depth") if len({row[key] for row in pruned}) == 1}
    saved = {id(row): 100 * (1 - row["vs_baseline"]) for row in pruned}
    # neighbours along the x axis put their names above and below their points in turn
    below = {id(row) for row in sorted(pruned, key=lambda row: saved[id(row)])[1::2]}
    figure = _new_figure(10.0 if elo_rows else 7.0, 5.0)
    if elo_rows:
        axes, elo_axes = figure.subplots(1, 2, width_ratios=(2, 1))
    else:
        axes = figure.subplots()
    for game in dict.fromkeys(labels[row["suite"]] for row in pruned):
        look = looks[game]
        points = [row for row in pruned if labels[row["suite"]] == game]
        xs = [saved[id(row)] for row in points]
        ys = [row["agree_unpruned_pct"] for row in points]
        axes.scatter(xs, ys, color=look.colour, marker=look.marker, s=36, label=game, zorder=3)
        for row, x, y in zip(points, xs, ys):
            ratio = _interval(row, "vs_baseline")
            agreement = _interval(row, "agree_unpruned_pct")
            if ratio or agreement:
                axes.errorbar(
                    [x],
                    [y],
                    xerr=_whiskers([x], [(100 * (1 - ratio[1]), 100 * (1 - ratio[0]))])
                    if ratio
                    else None,
                    yerr=_whiskers([y], [agreement]) if agreement else None,
                    fmt="none",
                    ecolor=look.colour,
                    elinewidth=1,
                    capsize=2,
                )
            axes.annotate(
                _point_label(row, shared),
                (x, y),
                xytext=(5, -4 if id(row) in below else 4),
                textcoords="offset points",
                va="top" if id(row) in below else "bottom",
                fontsize=7,
                bbox=LABEL_BOX,
            )
    axes.axhline(100.0, color=INK, linestyle=":", linewidth=1)
    axes.axvline(0.0, color=INK, linestyle=":", linewidth=1)
    axes.margins(0.12)
    bottom, top = axes.get_ylim()
    axes.set_ylim(bottom, min(top, 102.0))  # no agreement beyond 100%
    axes.set_xlabel("nodes saved against the baseline (%)\nwhiskers: 95% interval")
    axes.set_ylabel("best move as the unpruned search's (%)\nwhiskers: 95% interval")
    named = ", ".join(
        f"{key} {pruned[0][key]}" if key == "depth" else pruned[0][key]
        for key in ("spec", "config", "depth")
        if key in shared
    )
    caption = "points: pruning frontier:margin"
    axes.set_title(f"{caption}; {named}" if named else caption, fontsize=8)
    axes.legend(loc="best")
    if elo_rows:
        games = [row["variant"] for row in elo_rows]
        many = len({row["switch"] for row in elo_rows}) > 1
        positions = list(range(len(elo_rows)))[::-1]
        _elo_points(elo_axes, elo_rows, looks, positions)
        elo_axes.set_yticks(
            positions,
            [f"{game}: {row['switch']}" if many else game for game, row in zip(games, elo_rows)],
        )
        elo_axes.set_ylim(-1, len(elo_rows))
        elo_axes.grid(False, axis="y")
        elo_axes.set_xlabel("Elo by self-play\nwhiskers: 95% interval")
        elo_axes.set_title("what it is worth in play", fontsize=8)
    figure.suptitle("Guard pruning: nodes saved against best-move agreement")
    return figure


@_style()
def depth_trend_figure(rows: Sequence[dict]) -> Figure:
    """Average nodes by depth (log scale) of the rows of one config, as Greer's Table 4: a
    panel per game, a line per spec and pruning (its own colour and marker), whiskers for the
    95% interval."""
    labels = _game_labels(rows)
    games = list(dict.fromkeys(labels[row["suite"]] for row in rows))
    cells = list(dict.fromkeys(_cell(row) for row in rows))
    depths = sorted({row["depth"] for row in rows})
    figure = _new_figure(max(6.4, 0.8 + 4.2 * len(games)), 4.2 + 0.22 * len(cells))
    panels = figure.subplots(1, len(games), squeeze=False)[0]
    spread = 0.06 * min(1.0, 4 / len(cells))  # side steps so that whiskers do not overlap
    for axes, game in zip(panels, games):
        for index, cell in enumerate(cells):
            look = _look(index)
            points = sorted(
                (row for row in rows if labels[row["suite"]] == game and _cell(row) == cell),
                key=lambda row: row["depth"],
            )
            if not points:
                continue
            step = (index - (len(cells) - 1) / 2) * spread
            xs = [row["depth"] + step for row in points]
            ys = [row["avg_nodes"] for row in points]
            axes.plot(
                xs,
                ys,
                color=look.colour,
                marker=look.marker,
                markersize=5,
                linewidth=1.5,
                label=_setting(*cell, with_spec=True, wrap=False),
            )
            bounded = [
                (x, y, interval)
                for x, y, row in zip(xs, ys, points)
                if (interval := _interval(row, "avg_nodes"))
            ]
            if bounded:
                axes.errorbar(
                    [x for x, _, _ in bounded],
                    [y for _, y, _ in bounded],
                    yerr=_whiskers([y for _, y, _ in bounded], [i for _, _, i in bounded]),
                    fmt="none",
                    ecolor=look.colour,
                    elinewidth=1,
                    capsize=2,
                )
        axes.set_yscale("log")
        axes.set_xticks(depths)
        axes.set_title(game)
        axes.set_xlabel("depth (plies)")
    panels[0].set_ylabel("average nodes, log scale (whiskers: 95% interval)")
    handles, names = panels[0].get_legend_handles_labels()
    figure.legend(handles, names, loc="outside lower center", ncols=min(2, len(cells)))
    figure.suptitle(f"Nodes by depth: {rows[0]['config']}")
    return figure


@_style()
def elo_figure(elo_rows: Sequence[dict], looks: dict[str, Look] | None = None) -> Figure:
    """The Elo of each switch by self-play, the games side by side: a row per switch, a
    point per game with whiskers for its 95% interval (none where a bound is missing), its
    figure, games and verdict beside it, and a line at zero."""
    shown = [row for row in elo_rows if _finite(row.get("elo"))]
    looks = looks or _looks([row["variant"] for row in shown])
    switches = list(dict.fromkeys(row["switch"] for row in shown))
    games = list(dict.fromkeys(row["variant"] for row in shown))
    figure = _new_figure(7.5, 1.4 + 0.35 * len(switches) * max(2, len(games)))
    axes = figure.subplots()
    band = 0.7 / max(1, len(games))
    for game_index, game in enumerate(games):
        mine = [row for row in shown if row["variant"] == game]
        positions = [
            len(switches)
            - 1
            - switches.index(row["switch"])
            - band * (game_index - (len(games) - 1) / 2)
            for row in mine
        ]
        _elo_points(axes, mine, looks, positions)
        axes.plot([], [], looks[game].marker, color=looks[game].colour, label=game)
    axes.set_yticks(range(len(switches)), switches[::-1])
    axes.set_ylim(-0.6, len(switches) - 0.4)
    axes.grid(False, axis="y")
    axes.set_xlabel("Elo gained by switching it on (whiskers: 95% interval)")
    axes.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0))
    figure.suptitle("Elo of each switch by self-play")
    return figure


def figures(rows: Sequence[dict], elo_rows: Sequence[dict] | None = None) -> list[Picture]:
    """Every figure the rows can fill, in the order `write_plots` writes them: nodes relative
    to the baseline per config and depth with 2 or more specs or prunings; guard pruning's
    trade-off when a row prunes; nodes by depth per config with 2 or more depths; the Elo of
    each switch when there are Elo rows. Each game keeps its `Look` in every figure. The
    figures are drawn in the lab's style; `write_plots` also saves them in it, which fixes
    the SVG's hash salt."""
    rows = list(rows)
    elo_rows = [row for row in elo_rows or [] if _finite(row.get("elo"))]
    labels = _game_labels(rows)
    looks = _looks([*labels.values(), *(row["variant"] for row in elo_rows)])
    pictures = []
    groups: dict[tuple[str, int], list[dict]] = {}
    for row in rows:
        groups.setdefault((row["config"], row["depth"]), []).append(row)
    for (config, depth), members in groups.items():
        if len({_cell(row) for row in members}) > 1 and any(
            _finite(row.get("vs_baseline")) for row in members
        ):
            pictures.append(
                Picture(
                    f"ratios-{_slug(config)}-d{depth}",
                    f"Nodes relative to the baseline: {config}, depth {depth}",
                    ratio_figure(members, looks),
                )
            )
    if any(
        row["prune"] and _finite(row.get("vs_baseline")) and _finite(row.get("agree_unpruned_pct"))
        for row in rows
    ):
        pictures.append(
            Picture(
                "guard-tradeoff",
                "Guard pruning: nodes saved against best-move agreement",
                tradeoff_figure(rows, looks, elo_rows),
            )
        )
    configs: dict[str, list[dict]] = {}
    for row in rows:
        configs.setdefault(row["config"], []).append(row)
    for config, members in configs.items():
        if len({row["depth"] for row in members}) > 1:
            pictures.append(
                Picture(
                    f"depth-trend-{_slug(config)}",
                    f"Nodes by depth: {config}",
                    depth_trend_figure(members),
                )
            )
    if elo_rows:
        pictures.append(
            Picture("elo", "Elo of each switch by self-play", elo_figure(elo_rows, looks))
        )
    return pictures


def _save_options(picture: Picture) -> dict[str, dict]:
    """savefig's options per format: fixed metadata (no date, the lab as creator)."""
    return {
        "svg": {"metadata": {"Creator": CREATOR, "Date": None, "Title": picture.title}},
        "png": {"dpi": PNG_DPI, "metadata": {"Software": CREATOR, "Title": picture.title}},
    }


def write_plots(
    rows: Sequence[dict],
    out_dir: str | Path,
    elo_rows: Sequence[dict] | None = None,
    formats: Sequence[str] = FORMATS,
) -> list[Path]:
    """Write each of `figures` into ``out_dir`` (created if need be) as NAME.svg and
    NAME.png (or the ``formats`` named); return the paths written, a figure's formats
    together. The same rows give the same SVG bytes. PlottingUnavailableError when
    matplotlib is missing; XQChessError names an unknown format or a file that cannot be
    written."""
    for name in formats:
        if name not in FORMATS:
            raise XQChessError(f"unknown picture format {name!r}; expected {' or '.join(FORMATS)}")
    out = Path(out_dir)
    written = []
    with _style():
        for picture in figures(rows, elo_rows):
            options = _save_options(picture)
            for name in formats:
                path = out / f"{picture.name}.{name}"
                try:
                    out.mkdir(parents=True, exist_ok=True)
                    picture.figure.savefig(path, **options[name])
                except OSError as error:
                    raise XQChessError(
                        f"cannot write the lab's picture {str(path)!r}: {error.strerror}"
                    ) from None
                written.append(path)
    return written
