"""A rich rendering of a position on the cross-shaped board (RULES.md §2).

The board is drawn cell by cell in the coordinates of RULES.md §2.1: x to
the east, y to the north, Red's arm at the bottom. Each cell is three
characters wide; the four corners between the arms hold each colour's nest
(or cut pawns), its Home/HOME count and its player, and the centre shows the
pawns that are Home. Beside the board a panel gives the throw as dice, whose
turn it is, doublets thrown, bonuses pending, Pagade's cut flags and the
recent moves. What is in each cell and corner comes from the core's
:mod:`pachisi.diagram` (shared with the environments' pictures), which this
module only styles; the words (step descriptions, the result, colour
letters, Pagade's terms) come from :mod:`pachisi.describe`, shared with the web.

>>> from pachisi import Position
>>> pos = Position.start("parcheesi", players=2)
>>> [dice_text((5, 2), "parcheesi"), dice_text((3, 6), "pagade")]
['⚄ ⚁', '3 6']
>>> pawns_after(pos, (5, 5), pos.turn((5, 5)).legal_steps()[:1])[0]
(0, 0, 0, 1)
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.rule import Rule
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import Text

from ..bots import level_label
from ..describe import (
    D6_FACES,
    LANGS,
    LETTER,
    colour_label,
    dice_text,
    places_text,
    result_text,
    step_description,
    term,
)
from ..diagram import (
    CELL,
    CORNER_CELLS,
    SIZE,
    Cell,
    Glyph,
    cell_of,
    diagram,
    pawns_after,
    pending_bonuses,
)
from ..moves import Action
from ..position import Position
from ..rules import ONE_DIE_RULESETS, RULESET_TITLES
from .ringboard import YardLine, layout_of, ring_rows
from .words import MESSAGES, say

__all__ = [
    "BASIC",
    "LANGS",
    "RICH",
    "BoardView",
    "MoveNote",
    "Palette",
    "board_size",
    "board_text",
    "cells",
    "colour_label",
    "dice_text",
    "is_doublet",
    "level_name",
    "moves_since",
    "palette_for",
    "pawns_after",
    "pending_bonuses",
    "render",
    "result_text",
    "result_words",
    "since_parts",
    "since_text",
    "step_description",
    "term",
    "third_six",
    "throw_text",
    "wrap",
]


@dataclass(frozen=True)
class Palette:
    """The board's styles (rich style strings), by colour where it matters.

    :data:`RICH` is for terminals with 256 or more colours; :data:`BASIC`
    keeps the board readable with the 16 standard colours (``TERM=xterm``,
    tmux's ``screen``), where the subtle greys of :data:`RICH` would all
    turn into one.
    """

    single: dict[str, str]  # one pawn: its letter in its colour
    own: dict[str, str]  # one pawn on its own colour's path (tinted in its colour)
    fill: dict[str, str]  # two or more pawns (pair, blockade): a filled cell
    tint: dict[str, str]  # background of a colour's private squares
    name: dict[str, str]  # the colour's name in text
    ring: str  # background of a ring square
    safe: str  # background of a safety space
    centre: str  # background of Home/HOME
    highlight: str  # background of the squares of the move shown
    dot: str  # an empty square
    mark: str  # an X-mark or a safety diamond
    dim: str  # quiet text
    text: str  # ordinary text
    die: str  # a six-sided die's face
    stick: str  # a stick die's face


RICH = Palette(
    single={
        "red": "bold red1",
        "blue": "bold dodger_blue1",
        "yellow": "bold yellow1",
        "green": "bold green1",
        "black": "bold grey85",
    },
    # The tints are dark: the bright letter shows on them.
    own={
        "red": "bold red1",
        "blue": "bold dodger_blue1",
        "yellow": "bold yellow1",
        "green": "bold green1",
        "black": "bold grey85",
    },
    fill={
        "red": "bold bright_white on red3",
        "blue": "bold bright_white on dodger_blue3",
        "yellow": "bold grey3 on gold1",
        "green": "bold bright_white on green4",
        "black": "bold bright_white on grey0",
    },
    tint={
        "red": "#4a1414",
        "blue": "#142a4a",
        "yellow": "#4a4214",
        "green": "#144a1c",
        "black": "#121212",
    },
    name={
        "red": "bold red1",
        "blue": "bold dodger_blue1",
        "yellow": "bold yellow1",
        "green": "bold green1",
        "black": "bold grey85",
    },
    ring="#303030",
    safe="#5a5a5a",
    centre="#1c1c1c",
    highlight="#6a3d7a",
    dot="grey42",
    mark="grey70",
    dim="grey62",
    text="grey85",
    die="bold grey3 on grey93",
    stick="bold grey3 on wheat1",
)

BASIC = Palette(
    single={
        "red": "bold bright_red",
        "blue": "bold bright_blue",
        "yellow": "bold bright_yellow",
        "green": "bold bright_green",
        "black": "bold bright_white on black",
    },
    # 16 colours: the tint is the colour itself, so a letter in that colour would vanish.
    own={
        "red": "bold bright_white",
        "blue": "bold bright_white",
        "yellow": "bold black",
        "green": "bold bright_white",
        "black": "bold bright_white",
    },
    fill={
        "red": "bold bright_white on red",
        "blue": "bold bright_white on blue",
        "yellow": "bold black on bright_yellow",
        "green": "bold bright_white on green",
        "black": "bold bright_white on black",
    },
    tint={"red": "red", "blue": "blue", "yellow": "yellow", "green": "green", "black": "black"},
    name={
        "red": "bold bright_red",
        "blue": "bold bright_blue",
        "yellow": "bold bright_yellow",
        "green": "bold bright_green",
        "black": "bold bright_white",
    },
    ring="bright_black",
    safe="white",
    centre="black",
    highlight="magenta",
    dot="black",
    mark="black",
    dim="default",
    text="default",
    die="bold black on bright_white",
    stick="bold black on bright_yellow",
)


def palette_for(color_system: str | None) -> Palette:
    """The palette for a rich console's ``color_system``."""
    return BASIC if color_system in ("standard", "windows") else RICH


_CORNER = CORNER_CELLS * CELL


def level_name(kind: str) -> str:
    """A computer player's level in words, for its default name (``Casual 1``) and the
    ``(Casual)`` after a chosen name: the one place that turns a player kind into words,
    by the ladder's strength names (:func:`pachisi.bots.level_label`: ``Casual 1``)."""
    try:
        return level_label(kind)
    except ValueError:  # not a computer player the ladder knows: its own name
        return kind.capitalize()


@dataclass(frozen=True)
class MoveNote:
    """A throw played since the viewer's last turn: the mover's colours, the throw, the
    play in the notation, and the viewer's pawns it captured (or cut), each as the
    notation names its square (``R17``: red's square 17)."""

    colours: tuple[str, ...]
    throw: tuple[int, int]
    notation: str
    captured: tuple[str, ...] = ()


def moves_since(history: Sequence[Any], seat: int) -> list[MoveNote]:
    """The throws of ``history`` (:class:`pachisi.game.Ply` s, oldest first) since ``seat``'s
    last throw, oldest first, with the pawns of ``seat`` each one captured.

    >>> from pachisi import Game, Position
    >>> game = Game(Position.from_text("parcheesi r,y - r:0.0.0.20,y:0.0.0.50 1 0 - - -"))
    >>> _ = game.set_throw((3, 4)); _ = game.push("Y50-54x Y54-57")
    >>> [(n.colours, n.notation, n.captured) for n in moves_since(game.history, 0)]
    [(('yellow',), 'Y50-54x Y54-57', ('R20',))]
    """
    notes: list[MoveNote] = []
    for ply in reversed(history):
        before: Position = ply.before
        if before.to_move == seat:
            break
        setup = before.setup
        names = setup.colour_names
        after = ply.play.position
        captured: list[str] = []
        for c in setup.players[seat]:
            # Only a capture (or a cut) moves another player's pawns: back to 0.
            gone = Counter(p for p in before.pawns[c] if p != 0)
            gone.subtract(p for p in after.pawns[c] if p != 0)
            captured += [f"{LETTER[names[c]]}{p}" for p in sorted(gone.elements())]
        movers = tuple(names[c] for c in setup.players[before.to_move])
        notes.append(MoveNote(movers, ply.throw, ply.play.notation, tuple(captured)))
    notes.reverse()
    return notes


def result_words(position: Position, names: Sequence[str] | None, lang: str = "en") -> str:
    """The result in words in ``lang``: :func:`pachisi.describe.result_text` in English
    (with the players' colours), :func:`pachisi.describe.places_text` in the others.

    >>> from pachisi import Position
    >>> pos = Position.from_text("parcheesi r,y - r:72.72.72.72,y:0.0.0.9 1 0 - 0 0")
    >>> result_words(pos, ["Asha", "Ravi"]), result_words(pos, ["Asha", "Ravi"], "hi")
    ('Asha (Red) wins', 'विजेता: Asha; दूसरा: Ravi')
    """
    if lang == "en":
        return result_text(position, names)
    return places_text(position, names, lang)


@dataclass
class BoardView:
    """Everything the screen shows besides the board itself.

    ``position`` is the position at the start of the throw; ``steps`` the
    steps made in it so far (the pawns are drawn after them); ``highlight``
    the steps to mark on the board (by default ``steps``); ``names`` and
    ``kinds`` (``"human"``, ``"greedy"``, ...) describe the players; ``log``
    lists recent moves, newest last; ``since`` the throws played since the
    player to move last threw (:func:`moves_since`), shown in full unless
    ``since_seen`` (shown on a screen of their own already); ``status``
    is a line under the dice; a ``note`` (a hint) takes the panel's place.
    With a ``caption`` the throw is a past one (a replay): it is labelled
    with the caption and the panel names the player to throw next.
    """

    position: Position
    throw: tuple[int, int] | None = None
    steps: Sequence[Action] = ()
    highlight: Sequence[Action] | None = None
    names: Sequence[str] | None = None
    kinds: Sequence[str] | None = None
    log: Sequence[str] = ()
    status: str = ""
    title: str = ""
    footer: str = ""
    lang: str = "en"
    show_turn: bool = True
    caption: str = ""
    since: Sequence[MoveNote] = ()
    since_seen: bool = False
    note: str = ""

    def player_name(self, i: int) -> str:
        """Player ``i``'s name (with its level when a computer plays it under another name)."""
        name = self.names[i] if self.names is not None and i < len(self.names) else f"player {i}"
        kind = self.kinds[i] if self.kinds is not None and i < len(self.kinds) else ""
        if kind and kind != "human":
            level = level_name(kind)
            if level.lower() not in name.lower() and kind.lower() not in name.lower():
                return f"{name} ({level})"
        return name


def _style(spec: str) -> Style:

    return Style.parse(spec)


def _glyph_style(glyph: Glyph, pal: Palette) -> str:
    """The rich style of a :class:`pachisi.diagram.Glyph` (by its role) in ``pal``."""
    role, colour = glyph.role, glyph.colour or "red"
    by_colour = {"single": pal.single, "own": pal.own, "fill": pal.fill, "name": pal.name}
    if role in by_colour:
        return by_colour[role][colour]
    if role == "entry":
        return pal.single[colour]
    return {
        "dot": pal.dot,
        "safe": pal.mark,
        "xmark": pal.mark,
        "xmark_safe": "bold " + pal.mark,
        "plus": "bold " + pal.text,
        "home": "bold bright_white",
        "bold": "bold",
        "dim": pal.dim,
        "text": pal.text,
        "done": "bold green1",
    }.get(role, "")


def _styled(glyphs: Sequence[Glyph], pal: Palette, base: Style | None = None) -> Text:
    """Glyphs as rich text: one glyph is one styled text, several are spans."""
    if len(glyphs) == 1:
        style = _style(_glyph_style(glyphs[0], pal))
        return Text(glyphs[0].text, style=style if base is None else base + style)
    out = Text() if base is None else Text(style=base)
    for g in glyphs:
        out.append(g.text, _style(_glyph_style(g, pal)))
    return out


def _cell_background(cell: Cell, pal: Palette) -> str:
    if cell.marked:
        return pal.highlight
    if cell.ground == "path" and cell.tint is not None:
        return pal.tint[cell.tint]
    return {"safe": pal.safe, "ring": pal.ring, "centre": pal.centre}[cell.ground]


def _styled_cell(cell: Cell, pal: Palette) -> Text:
    """One cell of :mod:`pachisi.diagram` in the palette's colours."""
    return _styled(cell.glyphs, pal, Style(bgcolor=_cell_background(cell, pal)))


def _cell_text(
    position: Position,
    square: int,
    here: list[tuple[int, int]],
    marked: bool,
    pal: Palette,
) -> Text:
    """One 3-character cell: its background, its mark, and the pawns on it."""
    return _styled_cell(cell_of(position, square, here, marked), pal)


#: The words of the diagram's corners (:mod:`pachisi.diagram`) and their keys in the
#: terminal's catalogue.
_CORNER_KEYS = {
    MESSAGES["en"][key]: key
    for key in MESSAGES["en"]
    if key.startswith("corner.") and "{" not in MESSAGES["en"][key]
}
_FINISHED = re.compile(r"✓ finished \((\d+)\)")


def _corner_word(glyph: Glyph, lang: str) -> Glyph:
    """A glyph of a corner with its words in ``lang``."""
    if lang == "en":
        return glyph
    key = _CORNER_KEYS.get(glyph.text)
    if key is not None:
        return replace(glyph, text=say(lang, key))
    m = _FINISHED.fullmatch(glyph.text)
    if m:
        return replace(glyph, text=say(lang, "corner.finished", n=m.group(1)))
    return glyph


def board_text(view: BoardView, pal: Palette = RICH) -> Text:
    """The board alone: 19 rows of 19 cells, corners and centre included
    (:func:`pachisi.diagram.diagram`, styled); Ludo's 15 x 15 and MADN's 11 x 11 boards
    (:func:`pachisi.terminal.ringboard.ring_rows`) for those rulesets."""
    pos = view.position
    players = [view.player_name(i) for i in range(len(pos.setup.players))]
    rows: list[list[Any]]
    if pos.ruleset in ONE_DIE_RULESETS:
        # MADN's corners are narrow: a chosen name without its level where both do not
        # fit (the panel's list of players has both).
        room = layout_of(pos.ruleset).side * CELL - 2
        if view.names is not None:
            players = [
                full if cells(full) <= room or i >= len(view.names) else view.names[i]
                for i, full in enumerate(players)
            ]
        rows = list(
            ring_rows(
                pos, view.throw, view.steps, view.highlight, players, view.show_turn, view.lang
            )
        )
    else:
        d = diagram(pos, view.throw, view.steps, view.highlight, players, view.show_turn)
        rows = list(d.rows())
    lines: list[Text] = []
    for row in rows:
        line = Text()
        for piece in row:
            if isinstance(piece, Cell):
                line.append_text(_styled_cell(piece, pal))
                continue
            width = piece.width if isinstance(piece, YardLine) else _CORNER
            glyphs = [_corner_word(g, view.lang) for g in piece.glyphs]
            text = _styled(glyphs, pal) if glyphs else Text()
            while cells(text.plain) > width - 1:  # as a terminal counts cells
                text.right_crop(1)
            text.append(" " * (width - cells(text.plain)))
            line.append_text(text)
        lines.append(line)
    return Text("\n").join(lines)


def board_size(position: Position) -> tuple[int, int]:
    """The board's width in characters and its height in rows, for ``position``'s ruleset:
    the cross's 19 x 19 cells, Ludo's 15 x 15 or MADN's 11 x 11."""
    if position.ruleset in ONE_DIE_RULESETS:
        n = layout_of(position.ruleset).size
        return n * CELL, n
    return BOARD_WIDTH, BOARD_ROWS


def throw_text(throw: Sequence[int]) -> str:
    """A throw as the screens and the record write it: ``5-2``, or ``6`` for one die.

    >>> throw_text((5, 2)), throw_text((6,))
    ('5-2', '6')
    """
    return "-".join(str(v) for v in throw)


def is_doublet(throw: Sequence[int] | None) -> bool:
    """Whether ``throw`` is a doublet (two dice showing the same face; never one die)."""
    return throw is not None and len(throw) == 2 and throw[0] == throw[1]


def third_six(position: Position, throw: Sequence[int] | None) -> bool:
    """Whether ``throw`` is a one-die ruleset's third 6 in a row, forfeited (L.6.1)."""
    return (
        position.ruleset in ONE_DIE_RULESETS
        and throw is not None
        and tuple(throw) == (6,)
        and position.doubles == 2
        and bool(position.setup.option("three_sixes"))
    )


def _dice_renderable(throw: Sequence[int], ruleset: str, pal: Palette) -> Text:

    out = Text()
    for i, v in enumerate(throw):
        if i:
            out.append("  ")
        if ruleset == "pagade":
            out.append(f" {v} ", pal.stick)
        else:
            out.append(f" {D6_FACES[v - 1]} {v} ", pal.die)
    return out


def _panel_parts(
    view: BoardView, pal: Palette, compact: bool = False
) -> list[tuple[float, RenderableType]]:
    """The panel's parts in order, each with its priority: when the panel must be shorter,
    the parts of the highest priority number go first (0 and 1 always stay). ``compact``
    leaves out what the board's corners already show (the players, who has cut) and the
    legend. With a :attr:`BoardView.note` the note takes the panel's place."""
    pos = view.position
    lang = view.lang
    title = (3, Text(view.title or _title(pos, lang), "bold"))
    if view.note:
        note = _Wrapped(view.note, pal.text)
        return [title, *((2, t) for t in _turn_lines(view, pal, lang)), (0, note)]
    parts: list[tuple[float, RenderableType]] = [title]
    if pos.setup.explicit:
        opts = ", ".join(f"{k}={v}" for k, v in pos.setup.explicit)
        parts.append((4, Text(say(lang, "panel.switches", options=opts), pal.dim)))
    parts.append((5, Rule(style=pal.dim)))
    parts.extend((0, t) for t in _turn_lines(view, pal, lang))
    if not compact:
        parts.append((5, Rule(style=pal.dim)))
        parts.append((6, _players_table(view, pal)))
    parts.extend(_setup_lines(view, pal, lang, compact))
    since = since_parts(view, pal)
    if since:
        parts.extend(since)
    elif view.log and compact:
        parts.append((6, Text(say(lang, "panel.last", move=view.log[-1]), pal.text)))
    if view.log and not compact:
        older = view.log[: len(view.log) - len(view.since)] if view.since else view.log
        if older:
            parts.append((6, Rule(say(lang, "panel.recent"), style=pal.dim)))
            parts.extend((6, Text(e, pal.dim)) for e in older[-max(1, 8 - len(view.since)) :])
    if not compact:
        parts.append((8, Rule(style=pal.dim)))
        parts.append((8, _legend(pos, lang, pal)))
    if view.footer:
        parts.append((4, Text(view.footer, pal.dim, overflow="ellipsis", no_wrap=True)))
    return parts


def _panel(view: BoardView, pal: Palette, compact: bool = False) -> RenderableType:
    """The information beside the board, all of it (``compact``: without what the corners
    show and the legend)."""
    return Group(*(part for _, part in _panel_parts(view, pal, compact)))


def since_parts(view: BoardView, pal: Palette) -> list[tuple[float, Text]]:
    """The throws played since the viewer's last turn (:attr:`BoardView.since`), each in
    full, and each capture (or cut) of the viewer's pawns, in bold, with their priorities
    (:func:`_panel_parts`): all of them stay, unless the viewer has seen them on a screen
    of their own (:attr:`BoardView.since_seen`); then the older throws may go, never the
    captures."""
    if not view.since:
        return []
    pos = view.position
    pagade = pos.ruleset == "pagade"
    seen = view.since_seen
    n = len(view.since)
    lang = view.lang
    head = say(lang, "panel.latest" if seen else "panel.since")
    parts: list[tuple[float, Text]] = [(1, Text(head, pal.dim))]
    for i, note in enumerate(view.since):
        line = Text()
        for k, colour in enumerate(note.colours):
            if k:
                line.append("+")
            line.append(colour.capitalize(), pal.name.get(colour, ""))
        line.append(f" {throw_text(note.throw)}: ", pal.text)
        line.append(note.notation if note.notation != "-" else say(lang, "panel.no_move"), pal.text)
        parts.append((6 + (n - i) / 100 if seen else 1, line))
        if note.captured:
            key = "panel.cut" if pagade else "panel.captured"
            lost = say(lang, key, pawns=" ".join(note.captured))
            parts.append((1, Text(lost, "bold " + pal.name["red"])))
    return parts


def since_text(notes: Sequence[MoveNote], ruleset: str, lang: str = "en") -> str:
    """The throws of ``notes`` and the captures of the viewer's pawns, as plain lines.

    >>> print(since_text([MoveNote(("blue",), (6, 2), "B14-20x", ("R7",))], "parcheesi"))
    Since your last turn:
    Blue 6-2: B14-20x
      ✖ captured your R7
    """
    lines = [say(lang, "panel.since")]
    key = "panel.cut" if ruleset == "pagade" else "panel.captured"
    for note in notes:
        who = "+".join(c.capitalize() for c in note.colours)
        play = note.notation if note.notation != "-" else say(lang, "panel.no_move")
        lines.append(f"{who} {throw_text(note.throw)}: {play}")
        if note.captured:
            lines.append("  " + say(lang, key, pawns=" ".join(note.captured)))
    return "\n".join(lines)


def _colours_text(cols: Sequence[int], pos: Position, pal: Palette, lang: str = "en") -> Text:
    """A player's colours, each in its colour, joined by ``+`` (with Pagade's terms)."""
    names = pos.setup.colour_names
    out = Text()
    for k, c in enumerate(cols):
        if k:
            out.append("+")
        out.append(colour_label(names[c], pos.ruleset, lang), pal.name[names[c]])
    return out


class _Wrapped:
    """Text broken between words at the width it is given (:func:`wrap`: a wrapped line
    keeps the indentation of its first line)."""

    def __init__(self, text: str, style: str = "") -> None:
        self.text = text
        self.style = style

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in wrap(self.text, options.max_width):
            yield Text(line, self.style)


class _Flow:
    """Pieces of text that stay whole, put on as few lines as the width allows (a line
    breaks only between two pieces; a piece wider than the line is wrapped as text)."""

    def __init__(self, pieces: Sequence[Text], gap: int = 2) -> None:
        self.pieces = pieces
        self.gap = gap

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        line = Text()
        for piece in self.pieces:
            wide = cells(line.plain) + self.gap + cells(piece.plain)
            if line.plain and wide > width:
                yield line
                line = Text()
            if line.plain:
                line.append(" " * self.gap)
            line.append_text(piece)
        if line.plain:
            yield line


def _turn_lines(view: BoardView, pal: Palette, lang: str) -> list[RenderableType]:
    """Whose turn (or the result), the throw, doublets, steps made, bonuses, the status."""
    pos = view.position
    lines: list[RenderableType] = []
    if pos.is_over:
        over = say(lang, "panel.game_over", result=result_words(pos, view.names, lang))
        lines.append(Text().append(over, "bold"))
    elif view.show_turn:
        who = Text()
        who.append("▶ ", "bold")
        who.append_text(_colours_text(pos.setup.players[pos.to_move], pos, pal, lang))
        who.append(f" · {view.player_name(pos.to_move)}")
        playing = view.throw is not None and not view.caption
        who.append(say(lang, "panel.to_play" if playing else "panel.to_throw"), pal.dim)
        lines.append(who)
    if pos.winner is not None and not pos.is_over:
        lines.append(Text("★ " + result_words(pos, view.names, lang), "bold"))
    if view.throw is not None:
        words = term("die" if len(view.throw) == 1 else "dice", lang, pos.ruleset)
        dice = [
            Text(view.caption or words[0].upper() + words[1:], pal.dim),
            _dice_renderable(view.throw, pos.ruleset, pal),
        ]
        if is_doublet(view.throw):
            dice.append(Text(term("doublet", lang, pos.ruleset), "bold"))
        lines.append(_Flow(dice))
    doublets = doublets_line(view)
    if doublets:
        third = doublets == say(lang, "panel.third")
        lines.append(Text(doublets, pal.name["red"] if third else pal.dim))
    if view.steps:
        steps = " ".join(a.notation(pos.setup.colour_names) for a in view.steps)
        lines.append(Text(say(lang, "panel.steps", steps=steps), "bold"))
    bonuses = pending_bonuses(pos, view.throw, view.steps)
    if bonuses:
        pending = say(lang, "panel.bonus", bonuses=", ".join(map(str, bonuses)))
        lines.append(Text(pending, pal.name["yellow"]))
    if view.status:
        lines.append(Text(view.status, "italic"))
    return lines


def doublets_line(view: BoardView) -> str:
    """The doublets thrown this turn, or the third doublet's warning ('' when neither:
    Pagade, the game over, or no doublet yet and no throw being played)."""
    pos = view.position
    playing = view.throw is not None and not view.caption
    if pos.ruleset == "pagade" or pos.is_over or not (pos.doubles or playing):
        return ""
    throw = view.throw
    if pos.ruleset in ONE_DIE_RULESETS:  # 6s in a row, where a third one is forfeited
        if not pos.setup.option("three_sixes"):
            return ""
        if playing and third_six(pos, throw):
            return say(view.lang, "panel.third_six")
        return say(view.lang, "panel.sixes", n=pos.doubles) if pos.doubles else ""
    if playing and is_doublet(throw) and pos.doubles == 2:
        return say(view.lang, "panel.third")
    return say(view.lang, "panel.doublets", n=pos.doubles)


def player_standing(view: BoardView, player: int) -> str:
    """A player's column in the panel: pawns HOME (Home in Pagade), or won, or the place."""
    pos = view.position
    if player in pos.finished:
        won = pos.winner is not None and player in pos.winner
        return say(view.lang, "panel.won") if won else f"✓ {pos.finished.index(player) + 1}."
    pawns = pawns_after(pos, view.throw, view.steps)
    home = pos.setup.home
    if pos.ruleset in ONE_DIE_RULESETS:  # Ludo's Home, MADN's goal fields
        mine = [p for c in pos.setup.players[player] for p in pawns[c]]
        if pos.ruleset == "ludo":
            return say(view.lang, "panel.home", n=sum(1 for p in mine if p == home))
        last = layout_of(pos.ruleset).board.last
        return say(view.lang, "panel.goal", n=sum(1 for p in mine if p > last))
    at_home = sum(1 for c in pos.setup.players[player] for p in pawns[c] if p == home)
    return f"{'Home' if pos.ruleset == 'pagade' else 'HOME'} {at_home}"


def _players_table(view: BoardView, pal: Palette) -> Table:
    pos = view.position
    table = Table.grid(padding=(0, 1))
    table.add_column(width=1)
    table.add_column()
    table.add_column()
    table.add_column(justify="right")
    for i, cols in enumerate(pos.setup.players):
        mark = "▶" if i == pos.to_move and not pos.is_over and view.show_turn else ""
        label = _colours_text(cols, pos, pal)  # in English: Pagade's terms are on a line below
        table.add_row(mark, label, Text(view.player_name(i), pal.text), player_standing(view, i))
    return table


def _setup_lines(
    view: BoardView, pal: Palette, lang: str, compact: bool = False
) -> list[tuple[int, Text]]:
    """The colour names in ``lang``, Pagade's cut flags and the teams, with their priorities
    (:func:`_panel_parts`); ``compact`` leaves out the cut flags, which the corners show."""
    pos = view.position
    setup = pos.setup
    names = setup.colour_names
    lines: list[tuple[int, Text]] = []
    pagade = pos.ruleset == "pagade"
    if lang != "en" and not compact:
        local = Text("  ").join(
            Text(colour_label(names[c], pos.ruleset, lang), pal.name[names[c]])
            for c in setup.colours_in_play
        )
        lines.append((7, local))
    if pagade and pos.cut is not None and not compact:
        flags = Text(term("cut", lang) + ": ", pal.dim)
        for i, cols in enumerate(setup.players):
            if i:
                flags.append("  ")
            flags.append(names[cols[0]][0].upper(), pal.name[names[cols[0]]])
            flags.append("✓" if pos.cut[i] else "–")
        lines.append((5, flags))
    if setup.teams:
        teams = say(lang, "panel.vs").join(
            "+".join(names[setup.players[i][0]] for i in team) for team in setup.teams
        )
        lines.append((2, Text(say(lang, "panel.teams", teams=teams), pal.dim)))
    return lines


def _title(pos: Position, lang: str) -> str:
    setup = pos.setup
    title = RULESET_TITLES[setup.ruleset]
    if setup.ruleset == "pagade":
        title = term("Pagade", lang)
    n = len(setup.players)
    return say(lang, "panel.title_teams" if setup.teams else "panel.title", title=title, n=n)


def _legend(pos: Position, lang: str, pal: Palette) -> Text:
    """What the board's marks mean, with the terms in ``lang``."""
    ruleset = pos.setup.ruleset
    pagade = ruleset == "pagade"
    items: list[tuple[str, str, str]] = [
        (" R ", f"{pal.single['red']} on {pal.ring}", term("pawn", lang, ruleset)),
        ("R2 ", pal.fill["red"], term("pair" if pagade else "blockade", lang, ruleset)),
    ]
    if ruleset in ONE_DIE_RULESETS:
        items = _one_die_legend(pos, lang, pal)
    elif pagade:
        items += [
            (" r ", f"{pal.single['red']} on {pal.tint['red']}", say(lang, "legend.homeward")),
            (" ╳ ", f"{pal.mark} on {pal.ring}", say(lang, "legend.x")),
            ("   ", f"on {pal.tint['red']}", term("belly", lang)),
            (" ⌂ ", f"bold bright_white on {pal.centre}", term("Home", lang)),
        ]
    else:
        items += [
            (" ◆ ", f"{pal.mark} on {pal.safe}", term("safety space", lang, ruleset)),
            ("   ", f"on {pal.tint['red']}", term("home path", lang, ruleset)),
            (" ⌂ ", f"bold bright_white on {pal.centre}", term("HOME", lang, ruleset)),
        ]
    per_line = 2 if lang != "en" else 3
    out = Text()
    for k, (swatch, style, label) in enumerate(items):
        if k:
            out.append("\n" if k % per_line == 0 else "   ")
        out.append(swatch, style)
        out.append(" " + label, pal.dim)
    return out


def _one_die_legend(pos: Position, lang: str, pal: Palette) -> list[tuple[str, str, str]]:
    """The legend of Ludo's and MADN's boards: what their marks and tints mean."""
    ruleset = pos.ruleset
    items = [(" R ", f"{pal.single['red']} on {pal.ring}", term("pawn", lang, ruleset))]
    if ruleset == "maedn":
        return [
            *items,
            (
                " ○ ",
                f"{pal.single['red']} on {pal.tint['red']}",
                term("start field", lang, ruleset),
            ),
            ("   ", f"on {pal.tint['red']}", term("goal", lang, ruleset)),
        ]
    items.append(("R2 ", pal.fill["red"], term("block", lang, ruleset)))
    if pos.setup.option("board") == "ludopy":
        items += [
            (" ★ ", f"{pal.mark} on {pal.ring}", say(lang, "legend.jump_star")),
            (" ◎ ", f"{pal.mark} on {pal.ring}", say(lang, "legend.globe")),
        ]
    else:
        items.append((" ◆ ", f"{pal.mark} on {pal.safe}", term("safe square", lang, ruleset)))
    return [
        *items,
        ("   ", f"on {pal.tint['red']}", term("home column", lang, ruleset)),
        (" ⌂ ", f"bold bright_white on {pal.centre}", term("Home", lang, ruleset)),
    ]


#: Width of the board in characters.
BOARD_WIDTH = SIZE * CELL
#: Height of the board in rows.
BOARD_ROWS = SIZE
#: The narrowest compact panel drawn beside the board (an 80-column terminal leaves 21).
COMPACT_PANEL = 20
#: The widest panel beside the board.
PANEL_MAX = 64
#: Rows kept under the board for the steps and the prompt when the caller does not say.
BELOW = 5


def cells(text: str) -> int:
    """The cells ``text`` takes on a terminal, counted the safe way.

    rich counts Indic spacing vowel signs (Unicode category Mc) as no cell;
    most terminals give them one. Counting them, a line of Hindi or Kannada
    never takes more cells on the terminal than the layout gave it (at worst
    a few cells are left free), so it never wraps.

    >>> cells("Home"), cells("होम / घर"), cells("ಕೆಂಪು")
    (4, 8, 4)
    """
    if text.isascii():
        return len(text)
    return cell_len(text) + sum(1 for ch in text if unicodedata.category(ch) == "Mc")


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` cells (:func:`cells`), broken at spaces; a
    word longer than a line is cut. Newlines in ``text`` are kept; a line that wraps goes
    on with the indentation it started with; a line that fits is kept as it is.

    >>> wrap("Throw again and type both faces.", 12)
    ['Throw again', 'and type', 'both faces.']
    >>> wrap("  h1. R0-1 R1-3 (41%)", 12)
    ['  h1. R0-1', '  R1-3 (41%)']
    """
    width = max(1, width)
    out: list[str] = []
    for para in text.split("\n"):
        if cells(para) <= width:
            out.append(para.rstrip())
            continue
        indent = para[: len(para) - len(para.lstrip(" "))]
        if cells(indent) * 2 > width:
            indent = ""
        line = ""
        for word in para.split():
            room = line + " " + word if line.strip() else (line or indent) + word
            if cells(room) <= width:
                line = room
                continue
            if line.strip():
                out.append(line)
            line = indent + word
            while cells(line) > width:  # a word longer than the line: cut it
                k = len(line)
                while k > 1 and cells(line[:k]) > width:
                    k -= 1
                out.append(line[:k])
                line = indent + line[k:]
        out.append(line if line.strip() else "")
    return out


def render(view: BoardView, width: int = 120, reserve: int | None = None) -> RenderableType:
    """The board with its panel: side by side when ``width`` allows, else stacked.

    ``reserve`` is the number of rows the caller prints under the board (the
    legal steps, a message and the prompt): the panel beside the board is then
    made short enough (its least needed parts left out, the compact panel on a
    narrow terminal) that the board, the panel and those rows fit the
    console's height. Without ``reserve`` (not a terminal) nothing is left out
    for height. Every line fits ``width`` as a terminal counts cells
    (:func:`cells`), so that none wraps. The palette follows the console that
    prints it (:func:`palette_for`).
    """
    return _Screen(view, width, reserve)


def _strip(line: list[Segment]) -> list[Segment]:
    """``line`` without its trailing plain spaces (a padded panel would overflow a terminal
    that counts more cells than rich)."""
    out = list(line)
    while out:
        seg = out[-1]
        bg = seg.style is not None and seg.style.bgcolor is not None
        if seg.control or bg:
            break
        text = seg.text.rstrip(" ")
        if text:
            out[-1] = Segment(text, seg.style)
            break
        out.pop()
    return out


def _width(line: Sequence[Segment]) -> int:
    return sum(cells(seg.text) for seg in line if not seg.control)


def _lines(
    console: Console, options: ConsoleOptions, renderable: RenderableType, width: int
) -> list[list[Segment]]:
    """``renderable``'s lines at ``width``, narrower where a terminal would count more
    cells than rich (:func:`cells`), so that each fits ``width`` (at worst cropped)."""
    target = width
    lines: list[list[Segment]] = []
    for _ in range(6):
        lines = [
            _strip(line)
            for line in console.render_lines(
                renderable, options.update(width=max(1, width), height=None), pad=False
            )
        ]
        wide = [line for line in lines if _width(line) > target]
        if not wide or width <= 8:
            break
        # rich wraps by its own count: narrow by what it does not see, at least.
        hidden = max(_width(line) - Segment.get_line_length(line) for line in wide)
        width -= max(1, hidden, max(_width(line) for line in wide) - target)
    return [_crop(line, target) for line in lines]


def _crop(line: list[Segment], width: int) -> list[Segment]:
    """``line`` cut to ``width`` cells as a terminal counts them (:func:`cells`)."""
    if _width(line) <= width:
        return line
    out: list[Segment] = []
    used = 0
    for seg in line:
        if seg.control:
            out.append(seg)
            continue
        text = seg.text
        while text and used + cells(text) > width:
            text = text[:-1]
        if text:
            out.append(Segment(text, seg.style))
        used += cells(text)
        if used >= width or text != seg.text:
            break
    return out


def _fit_panel(
    console: Console,
    options: ConsoleOptions,
    parts: Sequence[tuple[float, RenderableType]],
    width: int,
    limit: int | None,
) -> list[list[Segment]]:
    """The panel's lines at ``width``, leaving out its least needed parts (the highest
    priority numbers, the last first) until it has at most ``limit`` rows or only parts
    of priority 0 and 1 are left."""
    keep = [(prio, _lines(console, options, part, width)) for prio, part in parts]
    while True:
        lines = [line for _, part in keep for line in part]
        if limit is None or len(lines) <= limit:
            return lines
        worst = max(prio for prio, _ in keep)
        if worst <= 1:
            return lines
        last = max(i for i, (prio, _) in enumerate(keep) if prio == worst)
        del keep[last]


class _Screen:
    """A board and its panel, drawn with the printing console's palette."""

    def __init__(self, view: BoardView, width: int, reserve: int | None = None) -> None:
        self.view = view
        self.width = width
        self.reserve = reserve

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:

        pal = palette_for(console.color_system)
        view = self.view
        board_width, board_rows = board_size(view.position)
        board = [
            _strip(line)
            for line in console.render_lines(
                board_text(view, pal), options.update(width=board_width, height=None), pad=False
            )
        ]
        width = min(self.width, options.max_width)
        height = console.height
        below = BELOW if self.reserve is None else self.reserve
        panel_width = min(width - board_width - 2, PANEL_MAX)
        side = panel_width >= COMPACT_PANEL
        compact = panel_width < 40
        if compact and side:
            # A narrow terminal: the full panel under the board when the height allows,
            # else the compact one beside it (80x24).
            full = _lines(console, options, _panel(view, pal), width)
            if board_rows + len(full) + below <= height:
                yield from self._stacked(board, full)
                return
        if side:
            limit = None if self.reserve is None else max(board_rows, height - self.reserve)
            parts = _panel_parts(view, pal, compact)
            panel = _fit_panel(console, options, parts, panel_width, limit)
            blank = [Segment(" " * board_width)]
            for i in range(max(len(board), len(panel))):
                left = board[i] if i < len(board) else blank
                right = panel[i] if i < len(panel) else []
                pad = board_width - _width(left)
                row = [*left, Segment(" " * (pad + 2)), *right] if right else left
                yield from _strip(row)
                yield Segment.line()
            return
        limit = None if self.reserve is None else max(1, height - board_rows - self.reserve)
        panel = _fit_panel(console, options, _panel_parts(view, pal), max(width, 20), limit)
        yield from self._stacked(board, panel)

    @staticmethod
    def _stacked(board: list[list[Segment]], panel: list[list[Segment]]) -> RenderResult:
        for line in (*board, *panel):
            yield from line
            yield Segment.line()
