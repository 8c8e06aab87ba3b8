"""A rich rendering of a position on the cross-shaped board (RULES.md §2).

The board is drawn cell by cell in the coordinates of RULES.md §2.1: x to
the east, y to the north, Red's arm at the bottom. Each cell is three
characters wide; the four corners between the arms hold each colour's nest
(or cut pawns), its Home/HOME count and its player, and the centre shows the
pawns that are Home. Beside the board a panel gives the throw as dice, whose
turn it is, doublets thrown, bonuses pending, Pagade's cut flags and the
recent moves. The words (step descriptions, the result, colour letters,
Pagade's terms) come from :mod:`pachisi.describe`, shared with the web.

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
from functools import lru_cache

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.constrain import Constrain
from rich.rule import Rule
from rich.style import Style
from rich.table import Table
from rich.text import Text

from ..board import (
    N_RING,
    OFF,
    ROUTES,
    SAFETY_SQUARES,
    X_SQUARES,
    is_ring,
    private_square,
    square_cell,
)
from ..describe import (
    D6_FACES,
    LANGS,
    LETTER,
    TERMS,
    colour_label,
    dice_text,
    result_text,
    step_description,
    term,
)
from ..dice import Throw
from ..moves import OPTION, PENALTY, Action, Turn
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
_CELL = 3
_CORNER = 8 * _CELL


@lru_cache(maxsize=16)
def _after(
    position: Position, throw: Throw | None, steps: tuple[Action, ...]
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]] | None:
    """The pawns and the pending bonuses after ``steps`` of ``throw`` (the engine's Turn),
    or None when nothing was played. Cached: a screen asks several times, and a Turn of a
    doublet with many pawns out costs a noticeable fraction of a second."""
    if throw is None or not steps or position.is_over:
        return None
    turn = Turn(position, throw)
    for step in steps:
        turn.push(step)
    return turn.current_pawns, turn.pending_bonuses


def pawns_after(
    position: Position, throw: Throw | None, steps: Sequence[Action]
) -> tuple[tuple[int, ...], ...]:
    """The pawns (by colour) after the mover's ``steps`` of ``throw``: the engine's
    :attr:`pachisi.Turn.current_pawns`. Used to draw a throw half played."""
    after = _after(position, throw, tuple(steps))
    return position.pawns if after is None else after[0]


def pending_bonuses(position: Position, throw: Throw | None, steps: Sequence[Action]) -> list[int]:
    """The bonuses earned and not yet taken (RULES.md §5.7), largest first: the
    engine's :attr:`pachisi.Turn.pending_bonuses` (a bonus no pawn could take is
    lost, not pending)."""
    after = _after(position, throw, tuple(steps))
    return [] if after is None else list(after[1])


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


def _cell_text(
    position: Position,
    square: int,
    here: list[tuple[int, int]],
    marked: bool,
    pal: Palette,
) -> Text:
    """One 3-character cell: its background, its mark, and the pawns on it."""

    setup = position.setup
    ruleset = setup.ruleset
    names = setup.colour_names
    pagade = ruleset == "pagade"
    if is_ring(square):
        safe = not pagade and square in SAFETY_SQUARES
        bg = pal.safe if safe else pal.ring
    else:
        arm = (square - N_RING) // 8
        bg = pal.tint[names[arm]]
        safe = False
    if marked:
        bg = pal.highlight
    base = Style(bgcolor=bg)
    if not here:
        if pagade and square in X_SQUARES:
            xsafe = bool(setup.option("safe_x_squares"))
            return Text(" ╳ ", style=base + _style(("bold " if xsafe else "") + pal.mark))
        if safe:
            entry = square % 17 == 5
            mark = _style(pal.single[names[square // 17]] if entry else pal.mark)
            return Text(" ◆ ", style=base + mark)
        return Text(" · ", style=base + _style(pal.dot))
    colours = sorted({c for c, _ in here})
    if len(colours) == 1:
        c = colours[0]
        letter = LETTER[names[c]]
        outward = sum(1 for _, p in here if not (pagade and p >= 77))
        homeward = len(here) - outward
        text = ""
        if outward:
            text += letter + (str(outward) if outward > 1 else "")
        if homeward:
            text += letter.lower() + (str(homeward) if homeward > 1 else "")
        if len(text) > _CELL:
            text = f"{letter}{len(here)}"
        if len(here) > 1:
            style = pal.fill[names[c]]
        elif not is_ring(square) and (square - N_RING) // 8 == c and not marked:
            style = pal.own[names[c]]  # on its own tinted path
        else:
            style = pal.single[names[c]]
        return Text(text.center(_CELL), style=base + _style(style))
    # Two friendly colours on one space (a mixed blockade).
    out = Text(style=base)
    out.append(LETTER[names[colours[0]]], _style(pal.fill[names[colours[0]]]))
    out.append("+", _style("bold " + pal.text))
    out.append(LETTER[names[colours[1]]], _style(pal.fill[names[colours[1]]]))
    return out


def _corner_lines(
    view: BoardView,
    pawns: Sequence[Sequence[int]],
    cut: Sequence[bool] | None,
    colour: int,
    pal: Palette,
) -> list[Text]:
    """The text of the corner beside ``colour``'s arm: player, nest or cut pawns, Home."""

    pos = view.position
    setup = pos.setup
    names = setup.colour_names
    name = names[colour]
    owner = setup.owner[colour]
    if owner is None:
        return []
    pagade = setup.ruleset == "pagade"
    home = setup.home
    ps = pawns[colour]
    at_home = sum(1 for p in ps if p == home)
    off = sum(1 for p in ps if p == 0)
    lines: list[Text] = []
    head = Text()
    turn = view.show_turn and pos.to_move == owner and not pos.is_over
    head.append("▶ " if turn else "  ", "bold")
    head.append(name.upper(), pal.name[name])
    if setup.majors is not None:
        head.append(" major" if setup.majors[owner] == colour else " minor", pal.dim)
    lines.append(head)
    lines.append(Text("  " + view.player_name(owner), pal.text))
    nest = Text("  ")
    nest.append("cut " if pagade else "nest ", pal.dim)
    nest.append("● " * off if off else "–", pal.name[name] if off else pal.dim)
    lines.append(nest)
    need = 4
    if setup.majors is not None:
        need = 4 if setup.majors[owner] == colour else 3
    done = Text("  ")
    done.append("Home " if pagade else "HOME ", pal.dim)
    done.append(f"{at_home}/{need}", "bold" if at_home else pal.dim)
    lines.append(done)
    status = Text("  ")
    if owner in pos.finished:
        place = pos.finished.index(owner) + 1
        won = pos.winner is not None and owner in pos.winner
        status.append("★ winner" if won else f"✓ finished ({place})", "bold green1")
    elif pagade and cut is not None:
        status.append("has cut ✓" if cut[owner] else "has not cut", pal.dim)
    lines.append(status)
    return lines


#: Each corner quadrant (sign of x, sign of y) holds the colour of the arm
#: whose entry it touches: Red's south arm enters on its east column.
_CORNER_OF = {(1, -1): 0, (1, 1): 1, (-1, 1): 2, (-1, -1): 3}


def board_text(view: BoardView, pal: Palette = RICH) -> Text:
    """The board alone: 19 rows of 19 cells, corners and centre included."""

    pos = view.position
    setup = pos.setup
    ruleset = setup.ruleset
    routes = ROUTES[ruleset]
    pawns = pawns_after(pos, view.throw, view.steps)
    cut: tuple[bool, ...] | None = pos.cut
    if cut is not None and any(a.capture for a in view.steps):
        cut = tuple(True if i == pos.to_move else f for i, f in enumerate(cut))

    occupants: dict[int, list[tuple[int, int]]] = {}
    for c in setup.colours_in_play:
        for p in pawns[c]:
            s = routes[c][p]
            if s != OFF:
                occupants.setdefault(s, []).append((c, p))
    marked: set[int] = set()
    for act in view.steps if view.highlight is None else view.highlight:
        if act.kind in (OPTION, PENALTY):
            continue
        for p in (act.frm, act.to):
            s = routes[act.colour][p]
            if s != OFF:
                marked.add(s)
    cells: dict[tuple[int, int], int] = {}
    for s in range(N_RING):
        cells[square_cell(s)] = s
    for arm in range(4):
        for row in range(1, 8):
            sq = private_square(arm, row)
            cells[square_cell(sq)] = sq
    corners = {
        quad: _corner_lines(view, pawns, cut, colour, pal) for quad, colour in _CORNER_OF.items()
    }

    lines: list[Text] = []
    for y in range(9, -10, -1):
        line = Text()
        x = -9
        while x <= 9:
            if abs(x) >= 2 and abs(y) >= 2:
                quad = (1 if x > 0 else -1, 1 if y > 0 else -1)
                content = corners[quad]
                k = (9 - y) - 1 if y > 0 else (-2 - y) - 1
                piece = content[k] if 0 <= k < len(content) else Text()
                piece = piece.copy()
                piece.truncate(_CORNER - 1)
                piece.pad_right(_CORNER - piece.cell_len)
                line.append_text(piece)
                x += 8
                continue
            if abs(x) <= 1 and abs(y) <= 1:
                line.append_text(_centre_cell(pos, pawns, x, y, pal))
            else:
                s = cells[(x, y)]
                line.append_text(_cell_text(pos, s, occupants.get(s, []), s in marked, pal))
            x += 1
        lines.append(line)
    return Text("\n").join(lines)


#: The centre cell facing each arm shows that colour's pawns Home.
_CENTRE_OF = {(0, -1): 0, (1, 0): 1, (0, 1): 2, (-1, 0): 3}


def _centre_cell(
    pos: Position, pawns: Sequence[Sequence[int]], x: int, y: int, pal: Palette
) -> Text:

    base = Style(bgcolor=pal.centre)
    setup = pos.setup
    if (x, y) == (0, 0):
        return Text(" ⌂ ", style=base + _style("bold bright_white"))
    colour = _CENTRE_OF.get((x, y))
    if colour is None or colour not in setup.colours_in_play:
        return Text("   ", style=base)
    name = setup.colour_names[colour]
    n = sum(1 for p in pawns[colour] if p == setup.home)
    letter = LETTER[name]
    if not n:
        return Text(f"{letter}0".center(_CELL), style=base + _style(pal.single[name]))
    return Text(f"{letter}{n}".center(_CELL), style=base + _style(pal.fill[name]))


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
BOARD_WIDTH = 19 * _CELL
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
