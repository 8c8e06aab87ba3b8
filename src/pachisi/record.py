"""Game records: a header and every throw with its play, readable by people and the engine.

A record is plain UTF-8 text (see ``docs/records.md``)::

    # pachisi game record
    Start: parcheesi r,y - r:0.0.0.0,y:0.0.0.0 0 0 - - -
    Players: ["Asha", "greedy"]
    Seed: 7
    Dice: random
    Started: 2026-11-21T10:00:00+00:00
    Finished:
    Result: game in progress

    1. red 5-2: R0-1 R1-3
    2. yellow 6-3: -

``Start`` is the start position in the one-line text form (ruleset,
switches, players, teams and who throws first). Each move line gives the
throw number, the colours of the player who threw, the throw and the play in
the move notation. Loading replays every move through the engine; the first
one that is not legal is named in the error.

>>> from pachisi import Game
>>> g = Game.new("parcheesi", players=2, seed=7)
>>> _ = g.push(g.legal_plays()[0])
>>> rec = Record.from_game(g, names=["Asha", "Bo"])
>>> Record.from_text(rec.to_text()).positions()[-1] == g.position
True
"""

from __future__ import annotations

import json
import os
import random
import re
import tempfile
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Self, cast

from .dice import Throw, dice_for
from .errors import IllegalMoveError, PachisiError
from .game import Game, first_player
from .moves import parse_play
from .position import Position

__all__ = ["Record", "RecordError", "now_iso"]

_MAGIC = "# pachisi game record"
# The throw: A-B, or one number D in ludo and maedn (RULES-LUDO.md: one die).
_MOVE = re.compile(r"^(\d+)\.\s+(\S+)\s+(\d+(?:-\d+)?):\s*(.*)$")
_KNOWN = ("Start", "Players", "Seed", "Dice", "Started", "Finished", "Result")


class RecordError(PachisiError):
    """A record that cannot be read, or whose moves are not legal (names the first bad one)."""


def now_iso() -> str:
    """The current time, UTC, ISO 8601 to the second."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def _who(position: Position) -> str:
    names = position.setup.colour_names
    return "+".join(names[c] for c in position.setup.players[position.to_move])


@dataclass
class Record:
    """A game: its start, its header and every throw with the play made.

    ``moves`` is the list of ``(throw, notation)`` in order; ``names`` the
    players' names by index; ``dice`` is ``"random"`` (seeded with
    ``seed``) or ``"manual"`` (physical dice); ``extra`` keeps header lines
    this version does not know, and ``comments`` the comment lines (``# ...``)
    among the moves, keyed by how many moves come before them, so that nothing
    a user wrote is lost.
    """

    start: Position
    moves: list[tuple[Throw, str]] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    seed: int | None = None
    dice: str = "random"
    started: str = ""
    finished: str = ""
    extra: dict[str, str] = field(default_factory=dict)
    comments: dict[int, list[str]] = field(default_factory=dict)
    # Positions already known (from a live game or an earlier replay), used
    # while they match ``moves``: saving after every throw stays linear.
    _known: tuple[list[tuple[Throw, str]], list[Position]] | None = field(
        default=None, repr=False, compare=False
    )

    # -- building ------------------------------------------------------------

    @classmethod
    def from_game(
        cls,
        game: Game,
        names: list[str] | None = None,
        dice: str = "random",
        started: str | None = None,
    ) -> Self:
        """The record of ``game`` so far."""
        n = len(game.start.setup.players)
        rec = cls(
            start=game.start,
            moves=[(p.throw, p.notation) for p in game.history],
            names=list(names) if names is not None else [f"player {i}" for i in range(n)],
            seed=game.seed,
            dice=dice,
            started=started or now_iso(),
        )
        if game.is_over:
            rec.finished = now_iso()
        rec._known = (list(rec.moves), [p.before for p in game.history] + [game.position])
        return rec

    # -- replaying -----------------------------------------------------------

    def positions(self) -> list[Position]:
        """The position before every move and after the last (``len(moves) + 1``).

        Raises :class:`RecordError` naming the first move that is not legal.
        """
        if self._known is not None:
            moves, known = self._known
            if moves == self.moves and known[0] == self.start:
                return list(known)
        out = [self.start]
        pos = self.start
        for i, (throw, notation) in enumerate(self.moves, 1):
            try:
                pos = parse_play(pos, throw, notation).position
            except PachisiError as exc:
                what = f"move {i} ({throw[0]}-{throw[1]}: {notation})"
                raise RecordError(f"{what}: {exc}") from None
            out.append(pos)
        self._known = (list(self.moves), list(out))
        return out

    def position_at(self, move: int) -> Position:
        """The position after ``move`` moves (0: the start)."""
        if not 0 <= move <= len(self.moves):
            raise RecordError(f"no move {move}: the record has {len(self.moves)}")
        return self.positions()[move]

    def to_game(self) -> Game:
        """A :class:`Game` at the end of the record, ready to go on.

        With random dice and a seed, the dice continue the seeded sequence
        exactly where the recorded game left it.
        """
        positions = self.positions()
        if self.seed is not None and self.dice == "random":
            rng = random.Random(self.seed)
            first_player(self.start.setup, rng)
            game = Game(self.start, seed=self.seed, rng=rng)
            dice = dice_for(self.start.ruleset)
            for throw, notation in self.moves:
                dice.roll(rng)
                game.set_throw(throw)
                game.push(notation)
        else:
            game = Game(self.start, seed=self.seed)
            for throw, notation in self.moves:
                game.set_throw(throw)
                game.push(notation)
        assert game.position == positions[-1]
        return game

    @property
    def result(self) -> str:
        """A one-line description of the result (``game in progress`` until it ends)."""
        return Game(self.positions()[-1]).outcome()

    # -- text ------------------------------------------------------------------

    def to_text(self) -> str:
        """The record as text (see the module docstring)."""
        positions = self.positions()
        final = positions[-1]
        lines = [
            _MAGIC,
            f"Start: {self.start.to_text()}",
            f"Players: {json.dumps(self.names, ensure_ascii=False)}",
            f"Seed: {'' if self.seed is None else self.seed}",
            f"Dice: {self.dice}",
            f"Started: {self.started}",
            f"Finished: {self.finished}",
            f"Result: {Game(final).outcome()}",
        ]
        lines += [f"{k}: {v}" for k, v in self.extra.items()]
        lines.append("")
        for i, ((throw, notation), pos) in enumerate(
            zip(self.moves, positions[:-1], strict=True), 1
        ):
            lines += self.comments.get(i - 1, [])
            faces = "-".join(map(str, throw))
            lines.append(f"{i}. {_who(pos)} {faces}: {notation}")
        lines += [
            c for k in sorted(self.comments) if k >= len(self.moves) for c in self.comments[k]
        ]
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str) -> Record:
        """Read and validate a record; :class:`RecordError` names what is wrong."""
        lines = text.removeprefix("\ufeff").splitlines()  # a byte-order mark from an editor
        if not lines or lines[0].strip() != _MAGIC:
            raise RecordError(f"line 1: a record starts with {_MAGIC!r}")
        header: dict[str, str] = {}
        i = 1
        while i < len(lines) and lines[i].strip():
            key, sep, value = lines[i].partition(":")
            if not sep:
                raise RecordError(f"line {i + 1}: header lines are 'Key: value'")
            header[key.strip()] = value.strip()
            i += 1
        if "Start" not in header:
            raise RecordError("the header has no 'Start:' line")
        try:
            start = Position.from_text(header["Start"])
        except PachisiError as exc:
            raise RecordError(f"Start: {exc}") from None
        n = len(start.setup.players)
        try:
            names = json.loads(header.get("Players", "[]"))
        except json.JSONDecodeError:
            names = None
        if not isinstance(names, list) or not all(isinstance(x, str) for x in names):
            raise RecordError('Players: a JSON list of names, e.g. ["Asha", "greedy"]')
        if not names:
            names = [f"player {k}" for k in range(n)]
        if len(names) != n:
            raise RecordError(f"Players: {len(names)} names for {n} players")
        seed_s = header.get("Seed", "")
        if seed_s and not re.fullmatch(r"-?\d+", seed_s):
            raise RecordError(f"Seed: not an integer: {seed_s!r}")
        dice = header.get("Dice", "random") or "random"
        if dice not in ("random", "manual"):
            raise RecordError(f"Dice: 'random' or 'manual', not {dice!r}")
        rec = cls(
            start=start,
            names=names,
            seed=int(seed_s) if seed_s else None,
            dice=dice,
            started=header.get("Started", ""),
            finished=header.get("Finished", ""),
            extra={k: v for k, v in header.items() if k not in _KNOWN},
        )
        pos = start
        known = [start]
        for lineno in range(i + 1, len(lines) + 1):
            line = lines[lineno - 1].strip()
            if line.startswith("#"):
                rec.comments.setdefault(len(rec.moves), []).append(line)
                continue
            if not line:
                continue
            m = _MOVE.match(line)
            if not m:
                raise RecordError(f"line {lineno}: not a move line ('N. colour A-B: play')")
            number = int(m.group(1))
            if number != len(rec.moves) + 1:
                due = len(rec.moves) + 1
                raise RecordError(f"line {lineno}: move {number} where {due} was due")
            if m.group(2) != _who(pos):
                raise RecordError(
                    f"move {number}: {m.group(2)} threw, but {_who(pos)} was to throw"
                )
            throw = cast(Throw, tuple(int(v) for v in m.group(3).split("-")))
            notation = m.group(4).strip()
            try:
                pos = parse_play(pos, throw, notation).position
            except (PachisiError, IllegalMoveError) as exc:
                what = f"move {number} ({m.group(3)}: {notation})"
                raise RecordError(f"{what}: {exc}") from None
            rec.moves.append((throw, notation))
            known.append(pos)
        rec._known = (list(rec.moves), known)
        return rec

    # -- files -------------------------------------------------------------------

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the record atomically (a crash mid-write never leaves half a file)."""
        target = Path(path)
        text = self.to_text()
        fd, tmp = tempfile.mkstemp(prefix=".pachisi-", dir=target.parent or Path("."))
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Record:
        """Read a record file; :class:`RecordError` for a bad file or a bad move."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"cannot read {path}: {exc.strerror}") from None
        except UnicodeDecodeError:
            raise RecordError(f"{path} is not UTF-8 text") from None
        try:
            return cls.from_text(text)
        except RecordError as exc:  # say which file
            raise RecordError(f"{path}: {exc}") from None
