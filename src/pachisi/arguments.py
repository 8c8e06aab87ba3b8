"""Argument helpers that the commands share: set-up options, positions named on the command line.

The ``pachisi`` command (:mod:`pachisi.cli`) and the commands of the front
ends and the library packages (``play``, ``simulate``, ``analyse``,
``train``...) read their arguments alike through these. A front end imports
them from here, never from :mod:`pachisi.cli`, which imports every command
that registers with it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, TextIO

from .errors import PachisiError
from .position import Position
from .rules import Setup, parse_options

__all__ = [
    "add_setup_arguments",
    "position_from_text",
    "read_position",
    "read_text_arg",
    "setup_from_args",
]


def read_text_arg(arg: str, stdin: TextIO | None = None) -> str:
    r"""The text a command-line argument names.

    ``-`` reads standard input; inline JSON (``{...}``) or a one-line
    position (text with spaces that names no file) is the text itself;
    anything else is a file, read as UTF-8. Errors are one-line
    :class:`PachisiError`\ s.
    """
    if arg == "-":
        return (stdin or sys.stdin).read()
    stripped = arg.strip()
    if stripped.startswith(("{", "[")) or (" " in stripped and not Path(arg).exists()):
        return arg
    try:
        return Path(arg).read_text(encoding="utf-8")
    except OSError as exc:
        raise PachisiError(f"cannot read {arg}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise PachisiError(f"{arg} is not UTF-8 text") from None


def position_from_text(text: str) -> Position:
    """A position written as FORMAT.md JSON or in the one-line text form."""
    if text.lstrip().startswith(("{", "[")) or not text.strip():
        return Position.from_json(text)
    return Position.from_text(text.strip())


def read_position(arg: str, stdin: TextIO | None = None) -> Position:
    """The position a command-line argument names (see :func:`read_text_arg`)."""
    return position_from_text(read_text_arg(arg, stdin))


def add_setup_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the set-up options that :func:`setup_from_args` reads (``--colours``,
    ``--teams``, ``--major``, ``--option``) to a subcommand's parser."""
    parser.add_argument(
        "--colours", help="colours in turn order, e.g. red,green (red+yellow for two)"
    )
    parser.add_argument("--teams", action="store_true", help="partnership game (partners opposite)")
    parser.add_argument("--major", help="eight-man: each player's major colour, e.g. red,blue")
    parser.add_argument("--option", action="append", metavar="NAME=VALUE", help="a rule switch")


def setup_from_args(args: argparse.Namespace, players: int | None = None) -> Setup:
    """The :class:`Setup` of the set-up options that ``new``, ``play`` and ``simulate`` share.

    Reads ``args.ruleset``, ``args.colours`` (``red,green`` or
    ``red+yellow,blue+green``), ``args.teams``, ``args.major`` and
    ``args.option`` (``NAME=VALUE`` strings); ``players`` is the number of
    players (default ``args.players``). A count that ``--colours``
    contradicts is an error, not a guess.
    """
    count = players if players is not None else getattr(args, "players", None)
    options = parse_options(args.option or [])
    chosen: Any = count
    if args.colours:
        chosen = [c.split("+") for c in args.colours.split(",")]
        if count is not None and len(chosen) != count:
            raise PachisiError(f"--colours names {len(chosen)} players, not {count}")
    majors = args.major.split(",") if args.major else None
    return Setup.create(
        args.ruleset, players=chosen, teams=args.teams or None, majors=majors, options=options
    )
