"""``pachisi play``: a whole game in the terminal, people and computer players.

Every seat is a person (``human``) or a computer player (``greedy``, also
called ``bot``, or ``random``). A person chooses each step of a throw from
the numbered legal steps, or types it in the move notation, and may undo
steps until the throw is confirmed. With ``--dice manual`` the players throw
real dice and type what fell; the program referees. The game is saved after
every throw (``pachisi.record``), so Ctrl-C, a closed terminal or ``q``
loses nothing: ``pachisi play --resume FILE`` goes on.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import re
import signal
import time
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

from rich.console import Console, Group
from rich.text import Text

from ..arguments import add_setup_arguments, setup_from_args
from ..arguments import read_position as read
from ..bots import Player, canonical_level, fitting, ladder_help, make_player, unfit_among
from ..describe import PHRASES
from ..dice import Throw, dice_for, parse_throw
from ..errors import PachisiError
from ..game import Game, first_player
from ..moves import Action, Play, Turn, legal_plays, turn_of_notation
from ..position import Position
from ..record import Record, RecordError, now_iso
from ..rules import ALL_RULESETS, ONE_DIE_RULESETS, Setup
from .board import (
    LANGS,
    BoardView,
    MoveNote,
    is_doublet,
    level_name,
    moves_since,
    render,
    result_words,
    since_text,
    step_description,
    third_six,
    throw_text,
    wrap,
)
from .choices import ChoiceLayout, choice_layout, choice_lines, densest_rows
from .stops import StopSignals
from .words import MESSAGES, say

__all__ = ["normalise", "read_position", "register", "run", "seat_kinds"]

#: Seat kinds: a person, or a computer player of pachisi.bots.
HUMAN = "human"
_KIND_ALIASES = {
    "human": HUMAN,
    "h": HUMAN,
    "person": HUMAN,
    "me": HUMAN,
    "you": HUMAN,
    "bot": "greedy",
    "computer": "greedy",
    "cpu": "greedy",
}


def one_die_players(ruleset: str = "ludo", n: int = 2) -> tuple[str, ...]:
    """The computer players that play ``n``-player Ludo or MADN (RULES-LUDO.md): those
    that :func:`pachisi.bots.fitting` lists (``random``, ``greedy`` and ``expectimax``
    with their evaluation of these games, :mod:`pachisi.bots.one_die`); ``bot`` is
    ``greedy`` there."""
    return fitting(Setup.create(ruleset, players=n))


#: The keys while a person plays a throw (in English; ``say(lang, "help")`` in others).
HELP = MESSAGES["en"]["help"]


class _Quit(Exception):
    """The player typed q."""


class _Hangup(Exception):
    """The terminal went away (SIGHUP) or the program was asked to stop (SIGTERM)."""


def register(subparsers: Any) -> None:
    """Add the ``play`` subcommand to the ``pachisi`` command line."""
    p = subparsers.add_parser(
        "play",
        help="play a game in the terminal (people and computer players)",
        description=(
            "Play a whole game in the terminal. Each seat is a person or a computer "
            "player; the game is saved after every throw."
        ),
        epilog=(
            "examples:  pachisi play parcheesi --players human,bot,bot,bot\n"
            "           pachisi play pagade --players human,expectimax --lang hi\n"
            "           pachisi play ludo --players human,random,random\n"
            "           pachisi play maedn --players human,human --dice manual\n"
            "           pachisi play whitman --players 2 --dice manual\n"
            "           pachisi play --resume pachisi-20260101-120000.pgame"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "ruleset",
        nargs="?",
        choices=ALL_RULESETS,
        default=None,
        help="pagade, whitman, parcheesi (default), eight-man, ludo or maedn",
    )
    p.add_argument("--players-count", type=int, default=None, metavar="N", help="how many players")

    add_setup_arguments(p)
    p.add_argument(
        "--players",
        "--seats",
        metavar="KINDS|N",
        help="who sits at each seat, in turn order: human, or a computer player ("
        + ladder_help()
        + "; bot is casual); default: human,bot,bot,...; the number of seats is the number "
        "of players "
        "(a number alone is just the number of players, like --players-count)",
    )
    p.add_argument("--names", help="players' names, comma-separated, in turn order")
    p.add_argument("--seed", type=int, default=None, help="seed for the dice and the bots")
    p.add_argument(
        "--dice",
        choices=("random", "manual"),
        default=None,
        help="random (default), or manual: throw real dice and type what fell",
    )
    p.add_argument("--first", default=None, help="first player's index (default: throw for it)")
    p.add_argument("--save", metavar="FILE", help="game file (default: pachisi-DATE-TIME.pgame)")
    p.add_argument("--resume", metavar="FILE", help="continue a saved game")
    p.add_argument(
        "--from",
        dest="from_position",
        metavar="POSITION",
        help="start from a position: a FORMAT.md JSON file, JSON text or the text form",
    )
    p.add_argument(
        "--auto",
        action="store_true",
        help="play forced steps (only one legal step) and passes without asking",
    )
    p.add_argument(
        "--no-confirm",
        dest="confirm",
        action="store_false",
        help="do not ask to confirm a throw once its steps are made",
    )
    p.add_argument(
        "--lang",
        choices=LANGS,
        default="en",
        help=(
            "play in Hindi (hi) or Kannada (kn): messages and prompts in that language, "
            "the board's terms beside the English"
        ),
    )
    p.add_argument(
        "--delay",
        type=float,
        default=0.5,
        metavar="SECONDS",
        help="pause after each computer throw (default 0.5; 0 for none)",
    )
    p.set_defaults(func=run)


# ---------------------------------------------------------------------------
# Set-up


def seat_kinds(text: str | None, n: int, ruleset: str = "parcheesi") -> list[str]:
    """Seat kinds from ``--players`` (``human,bot,...``) for ``n`` players of ``ruleset``.

    >>> seat_kinds("human,bot,random", 3)
    ['human', 'greedy', 'random']
    >>> seat_kinds(None, 2)
    ['human', 'greedy']
    """
    known = one_die_players(ruleset, n) if ruleset in ONE_DIE_RULESETS else ()
    bot = "greedy" if not known or "greedy" in known else known[0]
    if text is None:
        return [HUMAN] + [bot] * (n - 1)
    kinds = []
    for raw in text.split(","):
        word = raw.strip().lower()
        kind = _KIND_ALIASES.get(word, word)
        if kind == "greedy" and word != "greedy":
            kind = bot
        if kind != HUMAN:
            make_player(kind)  # ValueError names the known players
            kind = kind.removeprefix("bot-").removeprefix("bot:")
            if known and canonical_level(kind) not in known:
                those = ", ".join(f"{k} ({level_name(k)})" for k in known)
                raise PachisiError(
                    f"--players: {kind} does not play {ruleset} yet; "
                    f"the computer players that do: {those}"
                )
        kinds.append(kind)
    if len(kinds) != n:
        raise PachisiError(
            f"--players: {len(kinds)} seat kinds for {n} players "
            f"(give one per player, e.g. {','.join(seat_kinds(None, n))})"
        )
    return kinds


def _default_names(kinds: Sequence[str]) -> list[str]:
    """People are You (or Player N), computer players their level and a number.

    >>> _default_names(["human", "greedy", "greedy", "random"])
    ['You', 'Casual 1', 'Casual 2', 'Beginner 1']
    """
    humans = sum(1 for k in kinds if k == HUMAN)
    out = []
    count: dict[str, int] = {}
    for i, k in enumerate(kinds):
        if k == HUMAN:
            out.append("You" if humans == 1 else f"Player {i + 1}")
        else:
            level = level_name(k)
            count[level] = count.get(level, 0) + 1
            out.append(f"{level} {count[level]}")
    return out


def read_position(arg: str) -> Position:
    """A position from a file, JSON text or the one-line text form."""
    return read(arg)


def _default_path() -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = Path(f"pachisi-{stamp}.pgame")
    k = 2
    while path.exists():
        path = Path(f"pachisi-{stamp}-{k}.pgame")
        k += 1
    return path


def move_line(number: int, position: Position, throw: Throw, notation: str) -> str:
    """One move as the record writes it: ``12. red 5-2: R0-1 R1-3`` (``12. red 6: R0-1``
    with one die)."""
    names = position.setup.colour_names
    who = "+".join(names[c] for c in position.setup.players[position.to_move])
    return f"{number}. {who} {throw_text(throw)}: {notation}"


# ---------------------------------------------------------------------------
# The session


class _Session:
    """One sitting at the board: the game, the seats, the file it is saved to."""

    def __init__(
        self,
        console: Console,
        game: Game,
        kinds: list[str],
        names: list[str],
        *,
        dice: str,
        path: Path,
        started: str,
        extra: dict[str, str],
        args: argparse.Namespace,
        log: list[str],
    ) -> None:
        self.console = console
        self.game = game
        self.kinds = kinds
        self.names = names
        self.dice = dice
        self.path = path
        self.started = started
        self.extra = extra
        self.auto: bool = args.auto
        self.confirm: bool = args.confirm
        self.lang: str = args.lang
        self.delay: float = max(0.0, args.delay)
        self.log = log
        seed = game.seed if game.seed is not None else 0
        why = unfit_among((k for k in kinds if k != HUMAN), game.position.setup)
        if why is not None:
            raise PachisiError(why)
        self.bots: list[Player | None] = [
            None if k == HUMAN else make_player(k, seed=seed * 101 + i) for i, k in enumerate(kinds)
        ]
        self.message = ""
        #: Comment lines of a resumed record, kept when it is saved again.
        self.comments: dict[int, list[str]] = {}
        #: Why the last save failed ('' when it did not).
        self.unsaved = ""
        #: The plays of the last hint (``h1``, ``h2``, ... choose them).
        self.hinted: list[Play] = []
        #: The page of legal steps shown when they do not all fit (``>`` and ``<`` turn it).
        self.page = 0
        self._since: tuple[tuple[int, int], list[MoveNote]] = ((-1, -1), [])
        #: The (history length, seat) whose throws since were shown on a screen of their own.
        self._seen = (-1, -1)

    # -- saving ----------------------------------------------------------------

    def save(self) -> bool:
        """Save the game to :attr:`path`; False (and a message on screen) when it cannot be
        written: the game goes on in memory and ``save FILE`` saves it elsewhere."""
        rec = Record.from_game(self.game, names=self.names, dice=self.dice, started=self.started)
        rec.extra = dict(self.extra)
        rec.extra["Seats"] = ",".join(self.kinds)
        rec.comments = self.comments
        try:
            rec.save(self.path)
        except OSError as exc:
            error = exc.strerror or exc
            self.unsaved = say(self.lang, "msg.cannot_save", path=self.path, error=error)
            self.message = say(self.lang, "msg.save_failed", why=self.unsaved)
            return False
        self.unsaved = ""
        return True

    # -- drawing ---------------------------------------------------------------

    def view(
        self,
        throw: Throw | None = None,
        steps: Sequence[Action] = (),
        status: str = "",
        highlight: Sequence[Action] | None = None,
        caption: str = "",
    ) -> BoardView:
        return BoardView(
            self.game.position,
            throw=throw,
            steps=steps,
            highlight=highlight,
            names=self.names,
            kinds=self.kinds,
            log=self.log,
            status=status,
            footer=say(self.lang, "footer", path=self.path),
            lang=self.lang,
            caption=caption,
            since=self.since() if not caption else (),
            since_seen=self._seen == (len(self.game.history), self.game.position.to_move),
        )

    def catch_up(self, throw: Throw | None = None) -> None:
        """When the throws since the person's last turn do not all fit beside the board,
        show them first on a screen of their own (Enter goes on); the screens of the throw
        then keep the captures and the latest throws."""
        game = self.game
        key = (len(game.history), game.position.to_move)
        notes = self.since()
        if not notes or not self.console.is_terminal or self._seen == key:
            return
        view = self.view(throw)
        if self.rows(view, 3) + 3 <= self.console.height:
            return
        self._seen = key
        self.message = since_text(notes, game.position.ruleset, self.lang)
        prompt = say(self.lang, "prompt.catch_up")
        self.draw(replace(view, since=()), prompt=prompt)
        self.common_command(self.prompt(prompt))

    def since(self) -> list[MoveNote]:
        """The throws played since the person to move last threw (none for a computer)."""
        game = self.game
        seat = game.position.to_move
        if self.bots[seat] is not None or game.is_over:
            return []
        key = (len(game.history), seat)
        if self._since[0] != key:
            self._since = (key, moves_since(game.history, seat))
        return self._since[1]

    def plan(
        self, view: BoardView, prompt: str = "", steps: int = 0
    ) -> tuple[BoardView | None, list[str], int]:
        """Where the screen puts the message, and the rows left for the legal steps.

        On a terminal the board, ``steps`` rows under it (at least), the message and the
        prompt must fit its height, so that no line is lost off the top: the message
        goes under the board when it fits there, else in the panel's place beside the
        board, else (a long help) the screen leaves the board out. Returns the view to
        draw (None: no board), the message's lines under the board and the rows left
        for the steps (everything, when the output is not a terminal)."""
        con = self.console
        width, height = con.width, con.height
        asked = len(self.prompt_lines(prompt)) if prompt else 0
        if not con.is_terminal:  # a script reads it: whole lines
            return view, self.message.split("\n") if self.message else [], 10**6
        message = wrap(self.message, width) if self.message else []
        under = steps + len(message) + asked
        rows = self.rows(view, under)
        if rows + under <= height or not message:
            return view, message, height - rows - len(message) - asked
        noted = replace(view, note=self.message)
        rows = self.rows(noted, steps + asked)
        if rows + steps + asked <= height:
            return noted, [], height - rows - asked
        return None, message, height - len(message) - asked

    def rows(self, view: BoardView, reserve: int) -> int:
        """The rows the board and its panel take on the console, ``reserve`` rows kept."""
        con = self.console
        return len(con.render_lines(render(view, con.width, reserve), con.options))

    def draw(
        self,
        view: BoardView,
        below: Sequence[Any] = (),
        reserve: int | None = None,
        prompt: str = "",
        plan: tuple[BoardView | None, list[str], int] | None = None,
    ) -> None:
        """Clear the screen and print the board, ``below``, the message and the lines of
        ``prompt`` but its last (:meth:`ask` writes that one); the message where
        :meth:`plan` puts it. ``reserve``: the rows printed under the board
        (:func:`pachisi.terminal.board.render`)."""
        con = self.console
        shown, message, _ = plan if plan is not None else self.plan(view, prompt)
        con.clear()
        if shown is not None:
            if reserve is None and con.is_terminal:
                reserve = len(message) + (len(self.prompt_lines(prompt)) if prompt else 0)
            con.print(render(shown, con.width, reserve))
        for item in below:
            con.print(item)
        for line in message:
            con.print(line, style="bold yellow1", markup=False, highlight=False, soft_wrap=True)
        for line in self.prompt_lines(prompt)[:-1]:
            con.print(line, markup=False, highlight=False, soft_wrap=True)
        self.message = ""

    def prompt_lines(self, prompt: str) -> list[str]:
        """``prompt`` broken at spaces to the terminal's width (one line when the output is
        not a terminal); the last line keeps its trailing space."""
        con = self.console
        if not con.is_terminal:
            return [prompt]
        lines = wrap(prompt, con.width)
        if prompt.endswith(" ") and not lines[-1].endswith(" "):
            lines[-1] += " "
        return lines

    def ask(self, prompt: str) -> str:
        """One line from the person at the keyboard (EOFError when input ends)."""
        self.console.file.flush()
        return input(prompt).strip()

    def prompt(self, prompt: str) -> str:
        """Ask with the last line of ``prompt`` as :meth:`draw` wrapped it (the lines before
        it are on the screen already); the answer as :func:`normalise` reads it."""
        return normalise(self.ask(self.prompt_lines(prompt)[-1]))

    # -- the game ----------------------------------------------------------------

    def loop(self) -> None:
        game = self.game
        while not game.is_over:
            pos = game.position
            seat = pos.to_move
            throw = self.obtain_throw()
            bot = self.bots[seat]
            if bot is None:
                play = self.human_throw(throw)
                if play is None:  # the typed throw is to be typed again
                    continue
            else:
                play = bot.choose(pos, throw, game.legal_plays())
            number = len(game.history) + 1
            game.push(play)
            self.log.append(move_line(number, pos, throw, play.notation))
            self.save()
            if bot is not None and self.delay > 0:
                who = self.who(seat)
                status = say(self.lang, "status.bot_played", who=who, notation=play.notation)
                caption = say(self.lang, "caption.last")
                self.draw(self.view(throw, highlight=play.actions, caption=caption, status=status))
                time.sleep(self.delay)
        self.draw(self.view())

    def who(self, seat: int) -> str:
        """A seat's colours (in the session's language) and its player's name."""
        names = self.game.position.setup.colour_names
        words = PHRASES.get(self.lang, PHRASES["en"])
        colours = "+".join(
            words.get(f"colour.{names[c]}", names[c].capitalize())
            for c in self.game.position.setup.players[seat]
        )
        return f"{colours} ({self.names[seat]})"

    def obtain_throw(self) -> Throw:
        game = self.game
        if self.dice == "random":
            return game.roll()
        if game.throw is not None:
            return game.throw
        dice = dice_for(game.position.ruleset)
        seat = game.position.to_move
        faces = ", ".join(map(str, dice.faces))
        self.catch_up()
        one = dice.count == 1
        while True:
            example = f"{dice.faces[-1]}" if one else f"{dice.faces[-1]} {dice.faces[1]}"
            key = "prompt.die" if one else "prompt.dice"
            prompt = say(self.lang, key, who=self.who(seat), faces=faces, example=example)
            self.draw(self.view(), prompt=prompt)
            answer = self.prompt(prompt)
            if self.common_command(answer, allow_help=False):
                continue
            try:
                return game.set_throw(parse_throw(answer, dice.count))
            except PachisiError as exc:
                error = "error.die" if one else "error.dice"
                self.message = say(self.lang, error, answer=repr(answer), error=exc)

    def common_command(self, answer: str, allow_help: bool = True) -> bool:
        """q, ?, e FILE: handled here (True), else False."""
        word = answer.lower()
        if word in ("q", "quit", "exit"):
            raise _Quit
        if word in ("?", "h", "help"):
            one = self.game.position.ruleset in ONE_DIE_RULESETS
            self.message = say(
                self.lang, "help" if allow_help else "help.die" if one else "help.dice"
            )
            return True
        if word == "e" or word.startswith("e "):
            self.export(answer[1:].strip())
            return True
        if word == "save" or word.startswith("save "):
            self.save_as(answer[4:].strip())
            return True
        return False

    def save_as(self, target: str) -> None:
        """``save FILE``: save the game to FILE from now on."""
        if not target:
            self.message = say(self.lang, "msg.save_where", path=self.path)
            return
        previous = self.path
        self.path = Path(target)
        if self.save():
            self.message = say(self.lang, "msg.saved_to", path=self.path)
        else:
            self.path = previous

    def export(self, target: str) -> None:
        pos = self.game.position
        if not target:
            self.message = say(self.lang, "msg.export_text") + "\n" + pos.to_text()
            return
        try:
            Path(target).write_text(pos.to_json(indent=2) + "\n", encoding="utf-8")
        except OSError as exc:
            self.message = say(self.lang, "msg.cannot_write", path=target, error=exc.strerror)
            return
        self.message = say(self.lang, "msg.exported", path=target)

    # -- a person's throw ----------------------------------------------------------

    def human_throw(self, throw: Throw) -> Play | None:
        """A person plays ``throw`` step by step: the play, or None when the throw is to be
        typed again (``t`` with physical dice)."""
        turn = Turn(self.game.position, throw)
        forced: list[bool] = []  # per step made: whether it was the only one (--auto)
        self.hinted = []  # a hint is for this throw only
        self.page = 0
        self.catch_up(throw)
        while True:
            self.forced_steps(turn, forced)
            if turn.is_complete:
                play = self.finish(turn, forced)
                if play is not None:
                    return play
            elif self.one_step(turn, forced):
                return None

    def forced_steps(self, turn: Turn, forced: list[bool]) -> None:
        """With ``--auto``, make every step that is the only legal one."""
        while self.auto and not turn.is_complete:
            legal = turn.legal_steps()
            if len(legal) != 1:
                return
            turn.push(legal[0])
            forced.append(True)

    def finish(self, turn: Turn, forced: list[bool]) -> Play | None:
        """The throw is fully played: its play once it stands (nothing to play, every step
        forced, or confirmed), else None (undone, or another command was typed)."""
        throw = turn.throw
        names = turn.position.setup.colour_names
        steps = turn.steps
        if not steps:
            return turn.play() if self.nothing_moves(turn) else None
        notation = " ".join(a.notation(names) for a in steps)
        if all(forced):
            self.message = say(self.lang, "msg.forced", throw=_dash(throw), notation=notation)
            return turn.play()
        if not self.confirm:
            return turn.play()
        prompt = say(self.lang, "prompt.confirm", notation=notation)
        status = say(self.lang, "status.all_played")
        self.draw(self.view(throw, steps, status=status), prompt=prompt)
        answer = self.prompt(prompt)
        word = answer.lower()
        if word in ("", "y", "yes", "ok"):
            return turn.play()
        if word in ("u", "undo"):
            self.undo(turn, forced)
        elif word == "hint":
            self.hint(throw, made=True)
        elif self.take_hint(turn, forced, word):
            pass
        elif not self.common_command(answer):
            self.message = say(self.lang, "error.confirm", answer=repr(answer))
        return None

    def nothing_moves(self, turn: Turn) -> bool:
        """A throw with no legal step: say so (and wait for Enter unless ``--auto``).
        False when a command was typed instead, to be asked again."""
        throw = turn.throw
        if self.auto:
            self.message = say(self.lang, "msg.nothing_moves", throw=_dash(throw))
            return True
        status = _pass_status(turn.position, throw, self.lang)
        prompt = say(self.lang, "prompt.pass", status=status)
        self.draw(self.view(throw, status=status), prompt=prompt)
        answer = self.prompt(prompt)
        return not self.common_command(answer)

    def one_step(self, turn: Turn, forced: list[bool]) -> bool:
        """Ask for the next step(s) and make them; True when the throw is to be typed again."""
        throw = turn.throw
        pos = turn.position
        legal = turn.legal_steps()
        view = self.view(throw, turn.steps, status=_status(pos, throw, self.lang))
        layout, choices, reserve, plan = self.fit_steps(view, turn, legal)
        prompt = _step_prompt(len(legal), self.dice, layout.pages > 1, self.lang)
        table = self.step_table(turn, choices, layout, self.lang)
        self.draw(view, below=[table], reserve=reserve, prompt=prompt, plan=plan)
        answer = self.prompt(prompt)
        word = answer.lower()
        if layout.pages > 1 and word in ("", ">", "<", "more"):
            self.page = layout.page + (-1 if word == "<" else 1)
            return False
        made = len(turn.steps)
        if word in ("u", "undo"):
            self.undo(turn, forced)
        elif word == "hint":
            self.hint(throw, made=any(not f for f in forced))
        elif self.take_hint(turn, forced, word):
            pass
        elif self.dice == "manual" and word in ("t", "throw"):
            self.game.throw = None
            self.page = 0
            return True
        elif not self.common_command(answer):
            for act in self.parse_steps(turn, legal, answer):
                turn.push(act)
                forced.append(False)
        if len(turn.steps) != made:
            self.page = 0  # a step made or undone: a new list of steps, from its first page
        return False

    def fit_steps(
        self, view: BoardView, turn: Turn, legal: Sequence[Action]
    ) -> tuple[
        ChoiceLayout, list[tuple[str, str]], int | None, tuple[BoardView | None, list[str], int]
    ]:
        """The layout of the legal steps in the rows the board leaves on the terminal (a
        page of them when they do not all fit), the steps as (notation, words), the rows
        reserved under the board and the screen's :meth:`plan`. When the output is not a
        terminal (a script reads it), every step on one page and nothing reserved (None)."""
        con = self.console
        width = con.width
        choices = self.step_choices(turn, legal, self.lang)
        prompt = _step_prompt(len(legal), self.dice, True, self.lang)
        plan = self.plan(view, prompt, steps=1 + min(2, densest_rows(choices, width)))
        reserve: int | None = None
        rows = len(legal)
        if con.is_terminal:
            shown, message, left = plan
            asked = len(self.prompt_lines(prompt))
            # The steps with their words, in their usual columns, before the panel's
            # least needed parts (the panel beside the board keeps the board's height).
            natural = choice_layout(choices, width, len(choices)).rows
            reserve = 1 + max(natural, densest_rows(choices, width)) + len(message) + asked
            if shown is not None:
                board = len(con.render_lines(render(shown, width, reserve), con.options))
                left = con.height - board - len(message) - asked
            rows = left - 1
        # Columns are measured as a terminal counts cells (choices.py), Indic text too.
        layout = choice_layout(choices, width, rows, self.page)
        return layout, choices, reserve, plan

    @staticmethod
    def step_choices(turn: Turn, legal: Sequence[Action], lang: str) -> list[tuple[str, str]]:
        """Each legal step's notation and its description in ``lang``."""
        pos = turn.position
        names = pos.setup.colour_names
        pawns = turn.current_pawns
        return [(a.notation(names), step_description(pos, pawns, a, lang)) for a in legal]

    def hint(self, throw: Throw, made: bool) -> None:
        """The best three plays of ``throw`` by :func:`pachisi.analysis.hint.hints`, in words
        (:func:`pachisi.analysis.words.hint_lines`)."""
        from ..analysis.hint import hints
        from ..analysis.net import HINT_PLY, evaluator_for
        from ..analysis.words import hint_lines
        from .one_die_hint import network_hint_lines, one_die_hint

        position = self.game.position
        one_die = position.ruleset in ONE_DIE_RULESETS
        if one_die and evaluator_for(position.setup, HINT_PLY)[0] is None:
            # Ludo, MADN without a network: the plays ranked by rollouts (seconds).
            self.console.print(say(self.lang, "msg.hint_working"), markup=False, highlight=False)
            self.hinted, lines = one_die_hint(position, throw, self.lang)
        else:
            best = hints(position, throw)[:3]
            self.hinted = [h.play for h in best]
            if one_die and best[0].chance is not None:  # Ludo, MADN by their network
                lines = network_hint_lines(position, best, self.lang)
            else:
                # The content: pachisi.analysis.words (the plays in words in the session's
                # language).
                lines = hint_lines(position, best, lang=self.lang)
        if len(self.hinted) > 1 or self.hinted[0].actions:
            lines.append(say(self.lang, "msg.hint_choose_instead" if made else "msg.hint_choose"))
        self.message = "\n".join(lines)

    def take_hint(self, turn: Turn, forced: list[bool], word: str) -> bool:
        """``hN`` (or ``hint N``): make the steps of the N-th play of the last hint, from the
        start of the throw. False when ``word`` is not such an answer."""
        m = re.fullmatch(r"h(?:int)?\s*(\d+)", word)
        if not m:
            return False
        k = int(m.group(1))
        plays = self.hinted
        if not 1 <= k <= len(plays):
            self.message = (
                say(self.lang, "msg.no_hint", k=k)
                if not plays
                else say(self.lang, "msg.hint_range", n=len(plays))
            )
            return True
        while turn.steps:
            turn.pop()
        forced.clear()
        # Its steps as a Turn takes them (look-alike steps: moves.turn_of_notation).
        for act in turn_of_notation(turn.position, turn.throw, plays[k - 1].notation).steps:
            turn.push(act)
            forced.append(False)
        return True

    def undo(self, turn: Turn, forced: list[bool]) -> None:
        if not any(not f for f in forced):
            self.message = say(self.lang, "msg.undo_forced" if forced else "msg.nothing_to_undo")
            return
        names = turn.position.setup.colour_names
        undone: list[str] = []
        while forced and forced[-1]:
            forced.pop()
            undone.append(turn.pop().notation(names))
        forced.pop()
        undone.append(turn.pop().notation(names))
        self.message = say(self.lang, "msg.undone", steps=" ".join(reversed(undone)))

    @staticmethod
    def step_table(
        turn: Turn, choices: Sequence[tuple[str, str]], layout: ChoiceLayout, lang: str = "en"
    ) -> Any:
        """The heading and the page of legal steps of ``layout``."""
        head = Text(say(lang, "steps.head", throw=_dash(turn.throw)), "grey70")
        if layout.pages > 1:
            page = say(
                lang,
                "steps.page",
                first=layout.first + 1,
                stop=layout.stop,
                n=len(choices),
                page=layout.page + 1,
                pages=layout.pages,
            )
            head.append(page, "grey70")
        return Group(head, *choice_lines(choices, layout))

    def parse_steps(self, turn: Turn, legal: Sequence[Action], answer: str) -> list[Action]:
        """The steps the answer names (a number, or notation), or [] with a message."""
        names = turn.position.setup.colour_names
        if not answer or (len(legal) == 1 and answer.lower() in ("y", "yes", "ok")):
            if len(legal) == 1:
                return [legal[0]]
            self.message = say(self.lang, "error.choose", n=len(legal))
            return []
        if answer.isdigit():
            k = int(answer)
            if 1 <= k <= len(legal):
                return [legal[k - 1]]
            if len(legal) == 1:
                self.message = say(self.lang, "error.only_step", step=legal[0].notation(names))
            else:
                self.message = say(self.lang, "error.no_step", k=k, n=len(legal))
            return []
        tokens = answer.split()
        made: list[Action] = []
        for tok in tokens:
            want = _key(tok)
            options = turn.legal_steps()
            match = [a for a in options if _key(a.notation(names)) in (want, want + ":")]
            if not match:
                for _ in made:
                    turn.pop()
                shown = ", ".join(a.notation(names) for a in options)
                if _NOTATION.match(tok.upper()):
                    self.message = say(self.lang, "error.not_legal", step=tok, legal=shown)
                else:
                    lang = self.lang
                    which = (
                        say(lang, "which.one")
                        if len(legal) == 1
                        else say(lang, "which.many", n=len(legal))
                    )
                    self.message = say(
                        lang,
                        "error.not_understood",
                        answer=repr(answer),
                        which=which,
                        step=legal[0].notation(names),
                    )
                return []
            turn.push(match[0])
            made.append(match[0])
        for _ in made:
            turn.pop()
        return made


_NOTATION = re.compile(r"^(\+\d+:)?[A-Z]{1,2}\d+-\d+[X!]*$|^[ABC]:?$")


def _key(token: str) -> str:
    return token.upper().replace("X", "").replace("!", "")


def _dash(throw: Sequence[int]) -> str:
    """A throw as the screens write it: ``5-2`` (``6``: one die)."""
    return throw_text(throw)


def _step_prompt(n: int, dice: str, pages: bool = False, lang: str = "en") -> str:
    """The prompt for a step, in ``lang`` (one line of 80 columns).

    >>> _step_prompt(12, "random")
    'Your step (1-12, notation, u undo, hint, ? help, q quit): '
    """
    which = say(lang, "prompt.step.one") if n == 1 else f"1-{n}"
    more = say(lang, "prompt.step.more") if pages else ""
    t = say(lang, "prompt.step.retype") if dice == "manual" else ""
    notation = "" if pages and t else say(lang, "prompt.step.notation")
    return say(lang, "prompt.step", which=which, more=more, notation=notation, retype=t)


#: Words an answer may carry around a command or a step number ("hint please", "step 2").
_FILLER = frozenset(
    [
        "please",
        "pls",
        "plz",
        "thanks",
        "thank",
        "you",
        "a",
        "an",
        "the",
        "me",
        "i",
        "want",
        "to",
        "can",
        "could",
        "would",
        "like",
        "give",
        "show",
        "get",
        "need",
        "some",
        "try",
        "let",
        "make",
        "take",
        "choose",
        "pick",
        "play",
        "number",
        "no",
        "step",
        "move",
        "option",
        "go",
        "with",
        "for",
        "it",
        "my",
        "one",
        "of",
    ]
)
#: Commands a whole answer may be reduced to (with their synonyms).
_COMMANDS = {
    "hint": "hint",
    "hints": "hint",
    "tip": "hint",
    "help": "?",
    "undo": "u",
    "back": "u",
    "quit": "q",
    "exit": "q",
    "more": ">",
    "next": ">",
    "yes": "",
    "ok": "",
    "okay": "",
    "confirm": "",
    "done": "",
}


def normalise(answer: str) -> str:
    """An answer as the prompts read it: a command or a step number said with a few more
    words (``hint please``, ``step 2``, ``#2``, ``2.``) becomes that command or number;
    anything else is kept as typed (a step's notation, a file name, a lone word).

    >>> [normalise(a) for a in ("hint please", "Give me a hint!", "step 2", "#3", "2.")]
    ['hint', 'hint', '2', '3', '2']
    >>> [normalise(a) for a in ("undo please", "yes please", "R0-1 R1-3", "e my file.json")]
    ['u', '', 'R0-1 R1-3', 'e my file.json']
    >>> [normalise(a) for a in ("?", "h2", "hint 2", "hint", "zzz")]
    ['?', 'h2', 'hint 2', 'hint', 'zzz']
    """
    text = answer.strip()
    if not text or _NOTATION.match(text.upper()):
        return text
    words = re.findall(r"[a-z]+|\d+|\S", text.lower())
    if any(not (w.isalnum() or w in "#.!?,:'") for w in words):
        return text
    kept = [w for w in words if w.isalnum() and w not in _FILLER]
    if len(kept) != 1 or kept == words:
        return text
    word = kept[0]
    return word if word.isdigit() else _COMMANDS.get(word, text)


def _status(pos: Position, throw: Throw, lang: str = "en") -> str:
    if pos.ruleset != "pagade" and is_doublet(throw) and pos.doubles == 2:
        return say(lang, "status.third")
    if third_six(pos, throw):
        return say(lang, "status.third_six")
    return ""


def _pass_status(pos: Position, throw: Throw, lang: str = "en") -> str:
    """What the screen says when ``throw`` moves nothing: whether the same player throws
    again is the engine's answer (Whitman's doublet that cannot be used passes the turn;
    RULES.md §5.8), not a guess from the dice."""
    if pos.ruleset != "pagade" and is_doublet(throw) and pos.doubles == 2:
        return say(lang, "pass.third")
    if third_six(pos, throw):
        return say(lang, "pass.third_six")
    after = legal_plays(pos, throw)[0].position  # the one play: nothing moves
    again = not after.is_over and after.to_move == pos.to_move
    extra = say(lang, "pass.doublet") if again and is_doublet(throw) else ""
    if again and not extra and tuple(throw) == (6,):
        extra = say(lang, "pass.six")
    if again and not extra:
        extra = say(lang, "pass.again")
    return say(lang, "pass.none", throw=_dash(throw), extra=extra)


# ---------------------------------------------------------------------------
# Starting a session


def _manual_first(
    session_console: Console, position: Position, names: Sequence[str], lang: str = "en"
) -> int:
    """The first player by preliminary throws made with real dice (RULES.md §3.7).

    The rule itself (highest or lowest, ties throw again) is
    :func:`pachisi.game.first_player`; this only asks what fell.
    """
    setup = position.setup
    dice = dice_for(setup.ruleset)
    both = setup.ruleset in ("pagade", "whitman")
    colour = setup.colour_names
    shown_round = [1]

    def ask(i: int, round_: int) -> Throw:
        if round_ > shown_round[0]:
            shown_round[0] = round_
            session_console.print(say(lang, "first.tie"))
        words = PHRASES.get(lang, PHRASES["en"])
        who = "+".join(words[f"colour.{colour[c]}"] for c in setup.players[i])
        what = say(lang, "first.both" if both else "first.one")
        while True:
            answer = input(say(lang, "prompt.first", who=who, name=names[i], what=what)).strip()
            if answer.lower() in ("q", "quit"):
                raise _Quit
            try:
                if both:
                    return dice.check(parse_throw(answer))
                if not (answer.isascii() and answer.isdigit()):
                    raise PachisiError(say(lang, "first.one_face"))
                return dice.check((int(answer), int(answer)))
            except PachisiError as exc:
                message = say(lang, "first.error", answer=repr(answer), error=exc)
                session_console.print(message, style="yellow1")

    first, _ = first_player(setup, ask)
    return first


def _first_from_arg(arg: str, n: int) -> int:
    if not (arg.isascii() and arg.isdigit()) or not 0 <= int(arg) < n:
        raise PachisiError(f"--first takes a player index 0..{n - 1}, not {arg!r}")
    return int(arg)


def _new_session(console: Console, args: argparse.Namespace) -> _Session:
    seed = args.seed if args.seed is not None else random.randrange(2**31)
    log: list[str] = []
    if args.from_position is not None:
        if args.ruleset or args.colours or args.teams or args.major or args.option:
            raise PachisiError("--from takes the ruleset and set-up from the position")
        if args.players_count is not None or args.first is not None:
            raise PachisiError("--from takes the players and who throws from the position")
        start = read_position(args.from_position)
        if start.is_over:
            raise PachisiError("that position's game is over: no throw may follow")
        setup = start.setup
    else:
        players_count = args.players_count
        kinds_text = args.players
        if kinds_text is not None and kinds_text.strip().isdigit() and players_count is None:
            players_count, kinds_text = int(kinds_text), None
            args.players = None
        elif kinds_text is not None and players_count is None and not args.colours:
            players_count = len(kinds_text.split(","))  # one seat per player
        ns = argparse.Namespace(
            ruleset=args.ruleset or "parcheesi",
            players=players_count,
            colours=args.colours,
            teams=args.teams,
            major=args.major,
            option=args.option,
        )
        setup = setup_from_args(ns)
        start = Position.initial(setup)
    n = len(setup.players)
    kinds = seat_kinds(args.players, n, setup.ruleset)
    names = _names(args.names, kinds)
    dice = args.dice or "random"
    rng = random.Random(seed)
    rolled, rounds = first_player(setup, rng)  # as Record.to_game replays it
    if args.from_position is None:
        if setup.ruleset in ONE_DIE_RULESETS:  # players[0] throws first (L.2.2, M.2.2)
            if args.first is not None:
                raise PachisiError(
                    f"{setup.ruleset}: the first player in turn order throws first; "
                    "give the order with --colours (e.g. --colours green,red)"
                )
            first = 0
        elif args.first is not None:
            first = _first_from_arg(args.first, n)
        elif dice == "manual":
            console.print(say(args.lang, "first.intro", setup=setup.describe()))
            first = _manual_first(console, start, names, args.lang)
        else:
            first = rolled
            colour = setup.colour_names
            shown = []
            for results in rounds:
                shown.append(
                    ", ".join(
                        f"{'+'.join(colour[c] for c in setup.players[i])} {v}"
                        for i, v in results.items()
                    )
                )
            then = say(args.lang, "log.then")
            log.append(say(args.lang, "log.preliminary", throws=then.join(shown)))
        start = Position.initial(setup, first)
        colour = setup.colour_names
        first_colours = "+".join(colour[c] for c in setup.players[first]).capitalize()
        if args.lang != "en":
            words = PHRASES[args.lang]
            first_colours = "+".join(words[f"colour.{colour[c]}"] for c in setup.players[first])
        log.append(say(args.lang, "log.first", colours=first_colours))
    game = Game(start, seed=seed if dice == "random" else None, rng=rng)
    path = Path(args.save) if args.save else _default_path()
    return _Session(
        console,
        game,
        kinds,
        names,
        dice=dice,
        path=path,
        started=now_iso(),
        extra={},
        args=args,
        log=log,
    )


def _names(text: str | None, kinds: Sequence[str]) -> list[str]:
    if text is None:
        return _default_names(kinds)
    names = [x.strip() for x in text.split(",")]
    if len(names) != len(kinds) or not all(names):
        raise PachisiError(f"--names: give {len(kinds)} names, comma-separated")
    return names


def _resume_session(console: Console, args: argparse.Namespace) -> _Session:
    if (
        args.ruleset
        or args.from_position
        or args.colours
        or args.teams
        or args.major
        or args.option
        or args.players_count is not None
        or args.first is not None
        or args.seed is not None
    ):
        raise PachisiError("--resume continues the saved game: give no ruleset or set-up")
    path = Path(args.resume)
    try:
        rec = Record.load(path)
        game = rec.to_game()
    except RecordError as exc:
        raise PachisiError(f"{path}: {exc}") from None
    n = len(rec.start.setup.players)
    seats = args.players or rec.extra.get("Seats") or ",".join([HUMAN] * n)
    kinds = seat_kinds(seats, n, rec.start.ruleset)
    names = _names(args.names, kinds) if args.names else list(rec.names)
    log = []
    pos = rec.start
    for i, ((throw, notation), after) in enumerate(
        zip(rec.moves, rec.positions()[1:], strict=True), 1
    ):
        log.append(move_line(i, pos, throw, notation))
        pos = after
    extra = {k: v for k, v in rec.extra.items() if k != "Seats"}
    session = _Session(
        console,
        game,
        kinds,
        names,
        dice=args.dice or rec.dice,
        path=Path(args.save) if args.save else path,
        started=rec.started,
        extra=extra,
        args=args,
        log=log,
    )
    session.comments = rec.comments
    return session


def _lang_note(lang: str) -> str:
    """What ``--lang`` changes, said on the first screen (in that language)."""
    return say(lang, "lang.note")


def _result(session: _Session) -> str:
    """The result of the game in the session's language, with a capital letter."""
    result = result_words(session.game.position, session.names, session.lang)
    return result[0].upper() + result[1:]


def _say(console: Console, text: str, style: str = "") -> None:
    """Print, ignoring a terminal that has gone away."""
    with contextlib.suppress(OSError, ValueError):
        console.print(text, style=style or None, markup=False, highlight=False)
        console.file.flush()


def run(args: argparse.Namespace) -> int:
    """Run ``pachisi play``; returns the exit status."""

    with contextlib.suppress(ImportError):
        import readline  # noqa: F401  (line editing for input())

    console = Console(highlight=False)
    lang = args.lang
    try:
        session = _resume_session(console, args) if args.resume else _new_session(console, args)
    except (_Quit, EOFError):
        _say(console, "\n" + say(lang, "run.no_game"))
        return 0
    except KeyboardInterrupt:
        _say(console, "\n" + say(lang, "run.interrupted_start"))
        return 130
    if args.resume and session.game.is_over:
        session.draw(session.view())
        result = result_words(session.game.position, session.names, lang)
        _say(console, say(lang, "run.over", result=result, path=session.path))
        return 0
    if not session.save():  # nothing is played yet: say so and stop
        raise PachisiError(session.unsaved)
    _say(console, say(lang, "run.file", path=session.path))
    if session.lang != "en":
        session.message = _lang_note(session.lang)

    def stopped(how: str, status: int) -> int:
        """Save once more on the way out and say where (or why not)."""
        if session.save():
            resume = f"pachisi play --resume {session.path}"
            _say(console, "\n" + say(lang, "run.saved", how=how, path=session.path, resume=resume))
            return status
        _say(console, "\n" + say(lang, "run.not_saved", how=how, why=session.unsaved))
        return status or 1

    # A stop signal raises in the main thread even while input() waits (see stops.py).
    stops = StopSignals(
        {signal.SIGHUP: _Hangup, signal.SIGTERM: _Hangup, signal.SIGINT: KeyboardInterrupt}
    )
    try:
        with stops:
            session.loop()
    except _Quit:
        return stopped("", 0)
    except KeyboardInterrupt:
        return stopped(say(lang, "run.interrupted"), 130)
    except EOFError:
        return stopped(say(lang, "run.input_ended"), 0)
    except _Hangup:
        return stopped(say(lang, "run.stopped"), 129)
    saved = session.save()
    if not saved:
        _say(console, say(lang, "run.result_unsaved", result=_result(session), why=session.unsaved))
        return 1
    _say(console, say(lang, "run.result", result=_result(session), path=session.path), "bold")
    return 0
