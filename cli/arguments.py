"""Argument types and options shared by the `xqchess` commands."""

from __future__ import annotations

import argparse

from xqchess.variants import NAMES

#: the distribution whose metadata (pyproject.toml's version) names this program's version
PACKAGE = "xqchess"


def package_version() -> str:
    """The installed xqchess's version, read from its package metadata; 'unknown' when the
    code runs from a checkout that was never installed."""
    from importlib import metadata  # imported here: it costs tens of ms at every start

    try:
        return metadata.version(PACKAGE)
    except metadata.PackageNotFoundError:
        return "unknown"


class VersionAction(argparse.Action):
    """``--version``: print 'xqchess VERSION (KERNEL)' on stdout and exit, KERNEL saying
    whether the compiled or the pure-Python kernel is loaded (`xqchess.kernel.describe`); the
    metadata is read only when the option is given."""

    def __init__(
        self,
        option_strings: list[str],
        dest: str = argparse.SUPPRESS,
        help: str = "print the version and exit",
    ) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        from xqchess import kernel

        print(f"{PACKAGE} {package_version()} ({kernel.describe()})")
        parser.exit()


def int_between(minimum: int, maximum: int | None = None):
    """An argparse type: a whole number from ``minimum`` to ``maximum`` (None: no upper end)."""

    def convert(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, got {value}")
        if maximum is not None and value > maximum:
            raise argparse.ArgumentTypeError(f"must be at most {maximum}, got {value}")
        return value

    return convert


def positive_seconds(text: str) -> float:
    """An argparse type: a number of seconds above zero."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be above 0 seconds, got {text}")
    return value


positive_int = int_between(1)
non_negative_int = int_between(0)


def add_variant_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "variant", choices=NAMES, metavar="VARIANT", help="game: " + ", ".join(NAMES)
    )


def add_position_options(parser: argparse.ArgumentParser, purpose: str) -> None:
    """VARIANT, --fen and --lenient: the position a command works on."""
    add_variant_argument(parser)
    parser.add_argument("--fen", help=f"position to {purpose} (default: the initial position)")
    add_lenient_option(parser)


def add_lenient_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lenient",
        action="store_true",
        help="accept FEN placements no game can reach (as Fairy-Stockfish does), "
        "e.g. composed perft positions",
    )


#: the notation `perft --divide` and `moves` write when none is given
DEFAULT_NOTATION = "uci"


def add_notation_options(parser: argparse.ArgumentParser) -> None:
    """``--notation NOTATION`` or ``--san``, one or the other (argparse refuses both).
    ``notation`` is None when neither is given, meaning `DEFAULT_NOTATION`: argparse does not
    see a clash when the value given is the default object itself."""
    notations = parser.add_mutually_exclusive_group()
    notations.add_argument(
        "--notation",
        help=f"move notation to write: {DEFAULT_NOTATION} (default) or one "
        "the game writes (e.g. chess: san; xiangqi: iccs, wxf, "
        "chinese); an unknown one is answered with the game's list",
    )
    notations.add_argument(
        "--san", dest="notation", action="store_const", const="san", help="short for --notation san"
    )
