"""``pachisi replay FILE``: step through a recorded game, export any position.

Interactive: Enter or ``n`` shows the next move, ``p`` the previous one, a
number jumps to the position after that move (0 is the start), ``e FILE``
writes the position shown as FORMAT.md JSON, ``q`` quits. Non-interactive:
``--move N --export`` prints the JSON of the position after move N (``--text``
its one-line text form, ``--board`` the board) and exits.

The record is validated when it is loaded: a move that is not legal stops
everything with one line naming it (``pachisi.record.RecordError``).
"""

from __future__ import annotations

import argparse
import contextlib
from pathlib import Path
from typing import Any

from rich.console import Console

from ..errors import PachisiError
from ..moves import Action, parse_play
from ..position import Position
from ..record import Record, RecordError
from .board import LANGS, BoardView, render, result_text, throw_text, wrap

__all__ = ["Replay", "register", "run"]

HELP = """\
Keys:
  Enter, n     next move            p          previous move
  a number     the position after that move (0: the start)
  s, end       the start, the end of the record
  e [FILE]     export the position shown (FORMAT.md JSON to FILE,
               or show its one-line text form)
  q            quit"""


def register(subparsers: Any) -> None:
    """Add the ``replay`` subcommand to the ``pachisi`` command line."""
    p = subparsers.add_parser(
        "replay",
        help="step through a recorded game; export any position",
        description="Step through a game record (forward, back, jump to a move).",
    )
    p.add_argument("file", metavar="FILE", help="a game record (.pgame)")
    p.add_argument(
        "--move",
        type=int,
        default=None,
        metavar="N",
        help="the position after move N (0: the start; default: the end for --export)",
    )
    p.add_argument(
        "--export", action="store_true", help="print the FORMAT.md JSON of the position and exit"
    )
    p.add_argument(
        "--text", action="store_true", help="print the one-line text form of the position and exit"
    )
    p.add_argument("--board", action="store_true", help="print the board at the move and exit")
    p.add_argument("--indent", type=int, default=None, help="pretty-print the JSON")
    p.add_argument(
        "--lang",
        choices=LANGS,
        default="en",
        help="show the board's terms in Hindi (hi) or Kannada (kn) beside the English",
    )
    p.set_defaults(func=run)


class Replay:
    """A record, replayed: the position after every move and the view of each."""

    def __init__(self, record: Record, path: str = "", lang: str = "en") -> None:
        self.record = record
        self.positions: list[Position] = record.positions()
        self.path = path
        self.lang = lang

    @classmethod
    def load(cls, path: str, lang: str = "en") -> Replay:
        """Load and validate a record; :class:`PachisiError` names the file and the bad move."""
        try:
            rec = Record.load(path)
        except RecordError as exc:
            raise PachisiError(f"{path}: {exc}") from None
        return cls(rec, path, lang)

    @property
    def last(self) -> int:
        """The number of moves in the record."""
        return len(self.record.moves)

    def actions(self, move: int) -> tuple[Action, ...]:
        """The steps of move ``move`` (1-based)."""
        throw, notation = self.record.moves[move - 1]
        return parse_play(self.positions[move - 1], throw, notation).actions

    def log(self, move: int) -> list[str]:
        """The record's move lines up to ``move``."""
        out = []
        for i in range(1, move + 1):
            pos = self.positions[i - 1]
            throw, notation = self.record.moves[i - 1]
            names = pos.setup.colour_names
            who = "+".join(names[c] for c in pos.setup.players[pos.to_move])
            out.append(f"{i}. {who} {throw_text(throw)}: {notation}")
        return out

    def view(self, move: int) -> BoardView:
        """The board after ``move`` moves, the move itself marked."""
        pos = self.positions[move]
        rec = self.record
        kinds = rec.extra.get("Seats", "").split(",") if rec.extra.get("Seats") else None
        if move == 0:
            status = f"Start: {len(rec.moves)} moves in the record"
            return BoardView(
                pos,
                names=rec.names,
                kinds=kinds,
                status=status,
                footer=self._footer(move),
                lang=self.lang,
            )
        throw, notation = rec.moves[move - 1]
        before = self.positions[move - 1]
        names = before.setup.colour_names
        who = "+".join(names[c] for c in before.setup.players[before.to_move])
        status = f"{who.capitalize()} played {notation}"
        if pos.winner is not None and before.winner is None and not pos.is_over:
            status += f". {result_text(pos, rec.names)}"
        return BoardView(
            pos,
            throw=throw,
            highlight=self.actions(move),
            names=rec.names,
            kinds=kinds,
            log=self.log(move),
            status=status,
            caption=f"Move {move}/{self.last}",
            footer=self._footer(move),
            lang=self.lang,
        )

    def _footer(self, move: int) -> str:
        return f"Record: {self.path} · position after move {move} of {self.last}"


def _export(pos: Position, target: str) -> str:
    if not target:
        return f"The position in its text form (the next line):\n{pos.to_text()}"
    try:
        Path(target).write_text(pos.to_json(indent=2) + "\n", encoding="utf-8")
    except OSError as exc:
        return f"cannot write {target}: {exc.strerror}"
    return f"Position written to {target} (FORMAT.md JSON)"


def _interactive(console: Console, replay: Replay, move: int) -> int:
    message = ""
    while True:
        prompt = (
            f"Move {move}/{replay.last} (Enter/n next, p previous, number, "
            "e FILE export, ? help, q quit): "
        )
        # The message and the prompt broken between words, under a board that leaves room.
        lines = wrap(message, console.width) if message else []
        asked = wrap(prompt, console.width) if console.is_terminal else [prompt]
        reserve = len(lines) + len(asked) if console.is_terminal else None
        console.clear()
        console.print(render(replay.view(move), console.width, reserve))
        for line in lines:
            console.print(line, style="bold yellow1", markup=False, highlight=False, crop=False)
        for line in asked[:-1]:
            console.print(line, markup=False, highlight=False, crop=False)
        message = ""
        console.file.flush()
        try:
            answer = input(asked[-1].rstrip() + " ").strip()
        except EOFError:
            return 0
        word = answer.lower()
        if word in ("", "n", "next", "+"):
            if move < replay.last:
                move += 1
            else:
                message = "That was the last move of the record."
        elif word in ("p", "prev", "previous", "-", "b", "back"):
            if move > 0:
                move -= 1
            else:
                message = "This is the start of the game."
        elif word.isdigit():
            k = int(word)
            if k <= replay.last:
                move = k
            else:
                message = f"There is no move {k}: the record has {replay.last}."
        elif word in ("s", "start", "0"):
            move = 0
        elif word in ("end", "$", "last"):
            move = replay.last
        elif word == "e" or word.startswith("e "):
            message = _export(replay.positions[move], answer[1:].strip())
        elif word in ("?", "h", "help"):
            message = HELP
        elif word in ("q", "quit", "exit"):
            return 0
        else:
            message = f"Not understood: {answer!r}. Type ? for the keys."


def run(args: argparse.Namespace) -> int:
    """Run ``pachisi replay``; returns the exit status."""
    replay = Replay.load(args.file, args.lang)
    move = args.move
    if move is not None and not 0 <= move <= replay.last:
        raise PachisiError(f"no move {move}: {args.file} has {replay.last} moves")
    if args.export or args.text or args.board:
        pos = replay.positions[replay.last if move is None else move]
        if args.export:
            print(pos.to_json(indent=args.indent))
        if args.text:
            print(pos.to_text())
        if args.board:
            console = Console(highlight=False)
            console.print(render(replay.view(replay.last if move is None else move), console.width))
        return 0

    with contextlib.suppress(ImportError):
        import readline  # noqa: F401  (line editing for input())

    console = Console(highlight=False)
    try:
        return _interactive(console, replay, 0 if move is None else move)
    except KeyboardInterrupt:
        return 130
