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

from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.constrain import Constrain
from rich.rule import Rule
from rich.style import Style
from rich.table import Table
from rich.text import Text

from ..describe import (
    D6_FACES,
    LANGS,
    TERMS,
    colour_label,
    dice_text,
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
from ..rules import RULESET_TITLES

__all__ = [
    "BASIC",
    "LANGS",
    "RICH",
    "BoardView",
    "Palette",
    "board_text",
    "colour_label",
    "dice_text",
    "palette_for",
    "pawns_after",
    "pending_bonuses",
    "render",
    "result_text",
    "step_description",
    "term",
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


_INDIC_SLACK = 8
_CORNER = CORNER_CELLS * CELL


@dataclass
class BoardView:
    """Everything the screen shows besides the board itself.

    ``position`` is the position at the start of the throw; ``steps`` the
    steps made in it so far (the pawns are drawn after them); ``highlight``
    the steps to mark on the board (by default ``steps``); ``names`` and
    ``kinds`` (``"human"``, ``"greedy"``, ...) describe the players; ``log``
    lists recent moves, newest last; ``status`` is a line under the dice.
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

    def player_name(self, i: int) -> str:
        """Player ``i``'s name (with its kind when a computer plays it)."""
        name = self.names[i] if self.names is not None and i < len(self.names) else f"player {i}"
        kind = self.kinds[i] if self.kinds is not None and i < len(self.kinds) else ""
        if kind and kind != "human" and kind not in name:
            return f"{name} ({kind})"
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


def board_text(view: BoardView, pal: Palette = RICH) -> Text:
    """The board alone: 19 rows of 19 cells, corners and centre included
    (:func:`pachisi.diagram.diagram`, styled)."""
    pos = view.position
    players = [view.player_name(i) for i in range(len(pos.setup.players))]
    d = diagram(pos, view.throw, view.steps, view.highlight, players, view.show_turn)
    lines: list[Text] = []
    for row in d.rows():
        line = Text()
        for piece in row:
            if isinstance(piece, Cell):
                line.append_text(_styled_cell(piece, pal))
                continue
            text = _styled(piece.glyphs, pal) if piece.glyphs else Text()
            text.truncate(_CORNER - 1)
            text.pad_right(_CORNER - text.cell_len)
            line.append_text(text)
        lines.append(line)
    return Text("\n").join(lines)


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


def _panel(view: BoardView, pal: Palette, compact: bool = False) -> RenderableType:
    """The information beside the board (``compact``: without moves and legend)."""
    pos = view.position
    lang = view.lang if pos.ruleset == "pagade" else "en"
    parts: list[RenderableType] = [Text(view.title or _title(pos, lang), "bold")]
    if pos.setup.explicit:
        opts = ", ".join(f"{k}={v}" for k, v in pos.setup.explicit)
        parts.append(Text(f"switches: {opts}", pal.dim))
    parts.append(Rule(style=pal.dim))
    parts.extend(_turn_lines(view, pal, lang))
    parts.append(Rule(style=pal.dim))
    parts.append(_players_table(view, pal))
    parts.extend(_setup_lines(view, pal, lang))
    if view.log and not compact:
        parts.append(Rule("recent moves", style=pal.dim))
        parts.extend(Text(e, pal.text, overflow="ellipsis", no_wrap=True) for e in view.log[-8:])
    elif view.log:
        parts.append(Text("Last: " + view.log[-1], pal.text, overflow="ellipsis", no_wrap=True))
    if not compact:
        parts.append(Rule(style=pal.dim))
        parts.append(_legend(pos, lang, pal))
    if view.footer and compact:
        parts.append(Text(view.footer, pal.dim, overflow="ellipsis", no_wrap=True))
    elif view.footer:
        parts.append(Text(view.footer, pal.dim, overflow="fold"))
    return Group(*parts)


def _colours_text(cols: Sequence[int], pos: Position, pal: Palette, lang: str = "en") -> Text:
    """A player's colours, each in its colour, joined by ``+`` (with Pagade's terms)."""
    names = pos.setup.colour_names
    out = Text()
    for k, c in enumerate(cols):
        if k:
            out.append("+")
        out.append(colour_label(names[c], pos.ruleset, lang), pal.name[names[c]])
    return out


def _turn_lines(view: BoardView, pal: Palette, lang: str) -> list[Text]:
    """Whose turn (or the result), the throw, doublets, steps made, bonuses, the status."""
    pos = view.position
    lines: list[Text] = []
    if pos.is_over:
        lines.append(Text().append("Game over: " + result_text(pos, view.names), "bold"))
    elif view.show_turn:
        who = Text()
        who.append("▶ ", "bold")
        who.append_text(_colours_text(pos.setup.players[pos.to_move], pos, pal, lang))
        who.append(f" · {view.player_name(pos.to_move)}")
        playing = view.throw is not None and not view.caption
        who.append(" to play" if playing else " to throw", pal.dim)
        lines.append(who)
    if pos.winner is not None and not pos.is_over:
        lines.append(Text("★ " + result_text(pos, view.names), "bold"))
    if view.throw is not None:
        dice = Text((view.caption or term("dice", lang).capitalize()) + "  ", pal.dim)
        dice.append_text(_dice_renderable(view.throw, pos.ruleset, pal))
        if view.throw[0] == view.throw[1]:
            dice.append("  " + term("doublet", lang), "bold")
        lines.append(dice)
    doublets = doublets_line(view)
    if doublets:
        third = doublets.startswith("Third")
        lines.append(Text(doublets, pal.name["red"] if third else pal.dim))
    if view.steps:
        steps = " ".join(a.notation(pos.setup.colour_names) for a in view.steps)
        lines.append(Text(f"Steps so far  {steps}", "bold"))
    bonuses = pending_bonuses(pos, view.throw, view.steps)
    if bonuses:
        lines.append(Text("Bonus pending  " + ", ".join(map(str, bonuses)), pal.name["yellow"]))
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
    if playing and throw is not None and throw[0] == throw[1] and pos.doubles == 2:
        return "Third doublet: the pawn nearest HOME goes back"
    return f"Doublets this turn: {pos.doubles}"


def player_standing(view: BoardView, player: int) -> str:
    """A player's column in the panel: pawns HOME (Home in Pagade), or won, or the place."""
    pos = view.position
    if player in pos.finished:
        won = pos.winner is not None and player in pos.winner
        return "★ won" if won else f"✓ {pos.finished.index(player) + 1}."
    pawns = pawns_after(pos, view.throw, view.steps)
    home = pos.setup.home
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


def _setup_lines(view: BoardView, pal: Palette, lang: str) -> list[Text]:
    """Pagade's colour names in ``lang`` and who has cut; the teams."""
    pos = view.position
    setup = pos.setup
    names = setup.colour_names
    lines: list[Text] = []
    pagade = pos.ruleset == "pagade"
    if pagade and lang in TERMS:
        local = Text("  ").join(
            Text(colour_label(names[c], pos.ruleset, lang), pal.name[names[c]])
            for c in setup.colours_in_play
        )
        lines.append(local)
    if pagade and pos.cut is not None:
        flags = Text(term("cut", lang) + ": ", pal.dim)
        for i, cols in enumerate(setup.players):
            if i:
                flags.append("  ")
            flags.append(names[cols[0]][0].upper(), pal.name[names[cols[0]]])
            flags.append("✓" if pos.cut[i] else "–")
        lines.append(flags)
    if setup.teams:
        teams = " vs ".join(
            "+".join(names[setup.players[i][0]] for i in team) for team in setup.teams
        )
        lines.append(Text(f"Teams: {teams}", pal.dim))
    return lines


def _title(pos: Position, lang: str) -> str:
    setup = pos.setup
    title = RULESET_TITLES[setup.ruleset]
    if setup.ruleset == "pagade":
        title = term("Pagade", lang)
    n = len(setup.players)
    return f"{title} · {n} players" + (" in teams" if setup.teams else "")


def _legend(pos: Position, lang: str, pal: Palette) -> Text:

    pagade = pos.setup.ruleset == "pagade"
    items: list[tuple[str, str, str]] = [
        (" R ", f"{pal.single['red']} on {pal.ring}", term("pawn", lang)),
        ("R2 ", pal.fill["red"], term("pair", lang) if pagade else "blockade"),
    ]
    if pagade:
        items += [
            (" r ", f"{pal.single['red']} on {pal.tint['red']}", "homeward"),
            (" ╳ ", f"{pal.mark} on {pal.ring}", "X-square"),
            ("   ", f"on {pal.tint['red']}", term("belly", lang)),
            (" ⌂ ", f"bold bright_white on {pal.centre}", term("Home", lang)),
        ]
    else:
        items += [
            (" ◆ ", f"{pal.mark} on {pal.safe}", "safety space"),
            ("   ", f"on {pal.tint['red']}", "home path"),
            (" ⌂ ", f"bold bright_white on {pal.centre}", "HOME"),
        ]
    per_line = 2 if lang in TERMS and pagade else 3
    out = Text()
    for k, (swatch, style, label) in enumerate(items):
        if k:
            out.append("\n" if k % per_line == 0 else "   ")
        out.append(swatch, style)
        out.append(" " + label, pal.dim)
    return out


#: Width of the board in characters.
BOARD_WIDTH = SIZE * CELL
#: The narrowest compact panel drawn beside the board (an 80-column terminal leaves 21).
COMPACT_PANEL = 20


def render(view: BoardView, width: int = 120, reserve: int | None = None) -> RenderableType:
    """The board with its panel: side by side when ``width`` allows, else stacked.

    ``reserve`` is the number of rows the caller prints under the board (the
    legal steps and the prompt): when the board and the full panel beside it
    leave fewer than that on the console, the panel is the compact one. The
    palette follows the console that prints it (:func:`palette_for`).
    """
    return _Screen(view, width, reserve)


class _Screen:
    """A board and its panel, drawn with the printing console's palette."""

    def __init__(self, view: BoardView, width: int, reserve: int | None = None) -> None:
        self.view = view
        self.width = width
        self.reserve = reserve

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:

        pal = palette_for(console.color_system)
        view = self.view
        board = board_text(view, pal)
        width = min(self.width, options.max_width)
        if view.lang in TERMS and view.position.ruleset == "pagade":
            # rich counts Indic spacing vowel signs (Mc) as zero cells, most
            # terminals as one: leave room so that such lines never wrap.
            width -= _INDIC_SLACK
        panel_width = width - BOARD_WIDTH - 2
        short = console.height < 19 + 24  # the board and a full panel under it would scroll
        compact = panel_width < 40
        if self.reserve is not None and panel_width >= COMPACT_PANEL:
            # Beside the board: compact when the full panel is taller than the rows left.
            panel = _panel(view, pal)
            rows = len(console.render_lines(panel, options.update(width=min(panel_width, 64))))
            compact = compact or max(19, rows) + self.reserve > console.height
            short = short or compact
        if panel_width >= 40 or (short and panel_width >= COMPACT_PANEL):
            # Beside the board; on a short, narrow terminal (80x24) the compact panel, so
            # that the board, the steps and the prompt fit without scrolling the board away.
            grid = Table.grid(padding=(0, 2))
            grid.add_column(width=BOARD_WIDTH, no_wrap=True)
            grid.add_column(width=min(panel_width, 64))
            grid.add_row(board, _panel(view, pal, compact=compact))
            yield grid
        else:
            # Under the board: keep it short on a short terminal.
            yield board
            yield Constrain(_panel(view, pal, short), max(width, 20))
