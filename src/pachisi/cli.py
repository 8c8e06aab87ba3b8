"""The ``pachisi`` command line.

``pachisi moves POSITION --throw A,B`` and ``pachisi moves --batch`` follow
FORMAT.md exactly; ``pachisi new`` prints a start position; ``pachisi bench``
measures the engine. Every error is one line on standard error and a
non-zero exit status, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import re
import sys
from collections.abc import Sequence
from importlib import resources
from typing import Any, NoReturn

from . import __version__
from ._accel import engine

# The argument helpers every command shares (front ends import them from pachisi.arguments).
from .arguments import (
    add_setup_arguments,
    position_from_text,
    read_position,
    read_text_arg,
    setup_from_args,
)
from .bench import bench_all
from .dice import dice_for, parse_throw
from .errors import PachisiError
from .extras import EXTRA_OF, requirements
from .game import first_player
from .moves import legal_plays
from .position import Position
from .rules import ALL_RULESETS

__all__ = [
    "add_setup_arguments",
    "build_parser",
    "main",
    "moves_output",
    "position_from_text",
    "read_position",
    "read_text_arg",
    "setup_from_args",
    "version_text",
]

#: The subcommands that live outside the core, loaded lazily: name -> (module, summary).
#: Only the module of the command being run is imported (its ``register(subparsers)``
#: adds the command's parser); ``pachisi --help`` lists the others by their summary, so
#: no front end (rich, the web server, numpy) is imported to parse a core command.
COMMANDS: dict[str, tuple[str, str]] = {
    "play": (
        "pachisi.terminal.play",
        "play a game in the terminal (people and computer players)",
    ),
    "replay": ("pachisi.terminal.replay", "step through a recorded game; export any position"),
    "simulate": (
        "pachisi.terminal.simulate",
        "many games between computer players: win rates, lengths, captures",
    ),
    "analyse": (
        "pachisi.terminal.analyse",
        "win chances; rank the plays of a throw; review a recorded game",
    ),
    "serve": ("pachisi.web.serve", "play in the browser: start the web server"),
    "club": ("pachisi.web.club", "run a club: grant the moderator role"),
    "train": (
        "pachisi.training.command",
        "train a value network by self-play (the learned player's evaluation)",
    ),
}


EXIT_USAGE = 2
EXIT_ERROR = 1


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"pachisi: {message}\n")


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or exc.__class__.__name__


def moves_output(position: Position, throw: Sequence[int]) -> dict[str, Any]:
    """The object ``pachisi moves`` prints for ``position`` and ``throw``."""
    return {
        "outcomes": [
            {"play": p.notation, "position": p.position.to_dict()}
            for p in legal_plays(position, throw)
        ]
    }


def _batch_line(line: str) -> dict[str, Any]:
    try:
        req = json.loads(line)
    except ValueError as exc:  # also an integer of more than 4,300 digits
        return {"error": f"not valid JSON ({exc})"}
    except RecursionError:
        return {"error": "not valid JSON (nested too deeply)"}
    if not isinstance(req, dict) or "position" not in req or "throw" not in req:
        return {"error": 'each line must be {"position": {...}, "throw": [A, B]} ([D]: one die)'}
    try:
        pos = Position.from_dict(req["position"])
        return moves_output(pos, req["throw"])
    except PachisiError as exc:
        return {"error": _one_line(exc)}
    except Exception as exc:  # a bug must not stop the other lines
        return {"error": f"internal error: {_one_line(exc)}"}


def _cmd_moves(args: argparse.Namespace) -> int:
    if args.batch:
        if args.position is not None or args.throw is not None:
            raise PachisiError("--batch reads everything from standard input")
        out = sys.stdout
        for line in sys.stdin:
            line = line.rstrip("\n")
            if not line.strip():
                result: dict[str, Any] = {"error": "empty line"}
            else:
                result = _batch_line(line)
            out.write(json.dumps(result) + "\n")
            out.flush()
        return 0
    if args.position is None:
        raise PachisiError("give a POSITION file (or - for standard input), or --batch")
    if args.throw is None:
        raise PachisiError("give the throw with --throw A,B (ludo, maedn: --throw D)")
    pos = read_position(args.position, sys.stdin)
    result = moves_output(pos, parse_throw(args.throw, dice_for(pos.ruleset).count))
    sys.stdout.write(json.dumps(result, indent=args.indent) + "\n")
    return 0


def _cmd_new(args: argparse.Namespace) -> int:
    setup = setup_from_args(args)
    if args.first == "roll":
        first, _ = first_player(setup, random.Random(args.seed))
    else:
        if not (args.first.isascii() and args.first.isdigit()):
            raise PachisiError(f"--first takes a player index or 'roll', not {args.first!r}")
        first = int(args.first)
    pos = Position.initial(setup, first)
    if args.text:
        print(pos.to_text())
    else:
        print(pos.to_json(indent=args.indent))
    return 0


def _cmd_bench(args: argparse.Namespace) -> int:
    if args.seconds <= 0:
        raise PachisiError("--seconds must be positive")
    results = bench_all(args.seconds, args.ruleset)
    if args.json:
        keys = (
            "ruleset",
            "players",
            "games_per_s",
            "throws_per_s",
            "plays_per_s",
            "throws_per_game",
            "path",
        )
        print(json.dumps([{k: r.as_dict()[k] for k in keys} for r in results]))
        return 0
    print(f"engine: {engine()}")
    print(
        f"{'ruleset':<10} {'path':<8} {'players':>7} {'games/s':>9} {'throws/s':>10}"
        f" {'plays/s':>10} {'throws/game':>12} {'games':>6}"
    )
    for r in results:
        print(
            f"{r.ruleset:<10} {r.path:<8} {r.players:>7} {r.games_per_s:>9.1f}"
            f" {r.throws_per_s:>10.0f} {r.plays_per_s:>10.0f} {r.throws_per_game:>12.1f}"
            f" {r.games:>6}"
        )
    print("(single core; plays/s = legal-play generations per second of generation time)")
    return 0


def _missing(command: str, module: str) -> str:
    """The one line for a command whose module or third-party package is not installed:
    the extra that brings it and, where the metadata says, the pip command for it (the
    packages from the index; pachisi itself is installed from its source or wheel)."""
    package = module.partition(".")[0]
    extra = EXTRA_OF.get(package)
    if extra is None:
        return f"the {command} command needs {module}, not installed"
    line = f"the {command} command needs {package}, not installed (the {extra} extra)"
    reqs = requirements(extra)
    if reqs:
        line += ": pip install " + " ".join(f"'{r}'" for r in reqs)
    return line


def _network_versions() -> str:
    """The shipped value networks' file format and encoding versions, in one line.

    Read from the weights files themselves (standard library only: the core never
    loads :mod:`pachisi.learn`), grouped by (format, version, encoding).
    """
    folder = resources.files("pachisi").joinpath("learn", "weights")
    groups: dict[str, list[str]] = {}
    try:
        entries = sorted(
            (e for e in folder.iterdir() if e.name.endswith(".json")),
            key=lambda e: e.name.removesuffix(".json"),
        )
    except OSError:  # not shipped (a trimmed installation)
        entries = []
    for entry in entries:
        name = entry.name.removesuffix(".json")
        try:
            data = json.loads(entry.read_text(encoding="utf-8"))
            key = f"{data['format']} {data['version']}, encoding {data['encoding']}"
        except (OSError, ValueError, KeyError, TypeError):
            key = "unreadable"
        groups.setdefault(key, []).append(name)
    if not groups:
        return "networks: none installed"
    return "; ".join(f"networks: {key} ({', '.join(names)})" for key, names in groups.items())


def version_text() -> str:
    """What ``pachisi --version`` prints: the version, the engine, the networks' versions."""
    return f"pachisi {__version__} ({engine()} engine)\n{_network_versions()}\n"


class _VersionAction(argparse.Action):
    """``--version``, computed only when asked for (it reads the weights files)."""

    def __init__(self, option_strings: Sequence[str], dest: str, help: str | None = None) -> None:
        super().__init__(
            option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, nargs=0, help=help
        )

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        sys.stdout.write(version_text())
        parser.exit(0)


def _command_named(argv: Sequence[str] | None) -> str | None:
    """The subcommand on the command line ``argv``: its first word that is not an option."""
    words = sys.argv[1:] if argv is None else argv
    return next((w for w in words if not w.startswith("-")), None)


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The argument parser of the ``pachisi`` command line ``argv`` (default ``sys.argv``).

    The parser has every core command and, of the lazily loaded :data:`COMMANDS`,
    the full parser of the one ``argv`` names (the others only as names in the help).
    """
    parser = _Parser(
        prog="pachisi",
        description="The Pachisi family of race games: Pagade, Whitman, Parcheesi, Eight-Man.",
    )
    parser.add_argument(
        "--version",
        action=_VersionAction,
        help="print the version, the engine and the networks' file versions, and exit",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    m = sub.add_parser(
        "moves",
        help="every legal outcome of a throw (FORMAT.md)",
        description=(
            "Print every legal outcome of a throw in a position as FORMAT.md JSON, or answer"
            " one JSON request per line of standard input (--batch)."
        ),
    )
    m.add_argument("position", nargs="?", help="position file (JSON or text form), or -")
    m.add_argument("--throw", help="the two dice as they fell, A,B (ludo, maedn: one die, D)")
    m.add_argument("--batch", action="store_true", help="JSON lines on standard input")
    m.add_argument("--indent", type=int, default=None, help="pretty-print the JSON")
    m.set_defaults(func=_cmd_moves)

    n = sub.add_parser(
        "new",
        help="print a start position",
        description="Print the start position of a game (FORMAT.md JSON, or --text).",
    )
    n.add_argument("ruleset", choices=ALL_RULESETS)
    n.add_argument("--players", type=int, default=None, help="number of players")
    add_setup_arguments(n)
    n.add_argument("--first", default="0", help="first player's index, or 'roll' (§3.7)")
    n.add_argument("--seed", type=int, default=None, help="seed for --first roll")
    n.add_argument("--text", action="store_true", help="print the one-line text form")
    n.add_argument("--indent", type=int, default=None, help="pretty-print the JSON")
    n.set_defaults(func=_cmd_new)

    b = sub.add_parser(
        "bench",
        help="single-core speed on random games",
        description="Measure the rules engine on random games, one core, each ruleset.",
    )
    b.add_argument("--ruleset", choices=ALL_RULESETS, default=None)
    b.add_argument("--seconds", type=float, default=5.0, help="per ruleset")
    b.add_argument("--json", action="store_true", help="one JSON list of results")
    b.set_defaults(func=_cmd_bench)

    # Commands that live outside the core: only the one named on the command line is
    # imported and adds its own parser; the others are listed by their summary.
    wanted = _command_named(argv)
    for name, (module_name, summary) in COMMANDS.items():
        if name != wanted:
            sub.add_parser(name, help=summary, add_help=False)
            continue
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:  # the command itself, or what it needs
            parser.error(_missing(name, exc.name or module_name))
        module.register(sub)
    return parser


_NEGATIVE_LIST = re.compile(r"-\d[\d,\s-]*")


def _attach_negative_values(argv: Sequence[str]) -> list[str]:
    """``--throw -1,2`` as ``--throw=-1,2``: argparse takes a word that starts with a dash
    and is not a plain negative number for an option, and says "expected one argument";
    attached, the value reaches the command, which says what is wrong with it."""
    out: list[str] = []
    for word in argv:
        prev = out[-1] if out else ""
        plain_number = re.fullmatch(r"-\d+|-\d*\.\d+", word)  # argparse takes these itself
        if (
            prev.startswith("--")
            and "=" not in prev
            and _NEGATIVE_LIST.fullmatch(word)
            and not plain_number
        ):
            out[-1] = f"{prev}={word}"
        else:
            out.append(word)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    argv = _attach_negative_values(sys.argv[1:] if argv is None else argv)
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return EXIT_USAGE
    try:
        return int(args.func(args))
    except PachisiError as exc:
        print(f"pachisi: {_one_line(exc)}", file=sys.stderr)
        return EXIT_ERROR
    except ValueError as exc:
        print(f"pachisi: {_one_line(exc)}", file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        print("pachisi: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # never a traceback for the user
        print(f"pachisi: internal error: {_one_line(exc)}", file=sys.stderr)
        return 70


if __name__ == "__main__":
    sys.exit(main())
