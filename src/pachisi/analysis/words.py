"""Analysis in plain words: one unit (points of win chance), honest precision, summaries.

Every number a player sees from :mod:`pachisi.analysis` is a **point of win
chance**: a win chance of 25% is 25 points, a play that "loses 3 points"
makes the player's chance of winning 3 percentage points smaller, and "the
dice gave +8" means the throws were worth 8 points more than an average
throw. This module writes those numbers:

* :func:`chance_text` and :func:`points_text`: never more digits than the
  precision. An estimate with a standard error ``s`` (rollouts) is rounded
  to the decade of ``s`` (``61.8% ± 0.4``, ``62% ± 4``); a figure of the
  value network (deterministic, but only as good as the network: about 1
  to 5 points, docs/learning.md) to whole points; an exact one says
  ``certain`` or ``no chance``.
* :data:`ERROR_RATE_PER`: the **error rate** is the points of win chance
  lost per 10 decisions (a decision: a throw with more than one play, made
  before the winner was known).
* :func:`summary`: what a review shows first, as JSON-ready data (the web
  API's review carries it under ``"summary"``): per player the total lost
  to mistakes, the error rate and the luck; every side's win chance after
  each throw; the turning points (the biggest mistakes, the luckiest and
  unluckiest throws).
* :func:`review_head`, :func:`text_graph`, :func:`hint_lines`: the same in
  plain text for a terminal of 80 columns.
* :func:`play_words`: a play in words (:mod:`pachisi.describe`).

>>> chance_text(0.25, None), chance_text(0.618, 0.041), chance_text(0.6183, 0.0041)
('25%', '62% ± 4', '61.8% ± 0.4')
>>> chance_text(1.0, 0.0, exact=True), chance_text(0.0, 0.0, exact=True), chance_text(0.998, None)
('certain', 'no chance', 'over 99%')
>>> points_text(0.123, None), points_text(-0.0812, 0.031), points_text(0.02, 0.0)
('+12', '-8 ± 3', '+2')
>>> points_text(-0.003, None), points_text(0.0, 0.0)
('0', '0')
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..describe import facts_text, play_facts
from ..position import Position
from ..rules import ONE_DIE_RULESETS
from .rank import CLEAR

if TYPE_CHECKING:
    from .hint import Hint
    from .review import MoveReview, Review

__all__ = [
    "ERROR_RATE_PER",
    "TURNING_POINTS",
    "UNIT",
    "UNIT_NOTE",
    "chance_text",
    "decimals",
    "hint_lines",
    "play_words",
    "player_text",
    "points_text",
    "review_head",
    "summary",
    "text_graph",
    "throw_lines",
    "throw_text",
    "turning_points",
]

#: The one unit every figure is given in.
UNIT = "points of win chance"
#: What the unit means, said at the top of every review and hint.
UNIT_NOTE = (
    "Figures are points of win chance: a 25% chance of winning is 25 points; a play that"
    " loses 3 points makes the player's chance 3 percentage points smaller; the luck is"
    " what the dice gave against an average throw."
)
#: The error rate is the points of win chance lost per this many decisions.
ERROR_RATE_PER = 10
#: Turning points shown of each kind (mistakes; lucky or unlucky throws).
TURNING_POINTS = 3


def throw_text(throw: Sequence[int]) -> str:
    """A throw as players write it: ``5-2`` for two dice, ``6`` for Ludo's and MADN's one.

    >>> throw_text((5, 2)), throw_text((6,))
    ('5-2', '6')
    """
    return "-".join(str(d) for d in throw)


def decimals(se: float | None) -> int:
    """Decimals of a figure in points with standard error ``se`` (a fraction): the decade
    of the standard error as it shows (so ± 0.98 reads ± 1, whole points), 0 to 2;
    ``None`` (the network: no statistical error, its accuracy is about a point or more)
    gives 0.

    >>> [decimals(s) for s in (None, 0.08, 0.01, 0.0098, 0.004, 0.0004, 0.0)]
    [0, 0, 0, 0, 1, 2, 2]
    """
    if se is None:
        return 0
    s = 100 * se
    if not math.isfinite(s) or s >= 0.95:  # (what shows as ± 1 gets whole points)
        return 0
    if s <= 0:
        return 2
    return 1 if s >= 0.095 else 2


def _se_part(se: float | None, d: int) -> str:
    if se is None or se == 0 or not math.isfinite(se):
        return ""
    return f" ± {100 * se:.{d}f}"


def chance_text(x: float, se: float | None, exact: bool = False) -> str:
    """A win chance in percent, rounded to its precision (see :func:`decimals`)."""
    if exact:
        if x >= 1:
            return "certain"
        if x <= 0:
            return "no chance"
        return f"{100 * x:.{decimals(0.0)}f}%".replace(".00%", "%")
    d = decimals(se)
    shown = round(100 * x, d)
    if shown >= 100:
        return f"over {100 - 10**-d:g}%"
    if shown <= 0:
        return f"under {10**-d:g}%"
    return f"{100 * x:.{d}f}%" + _se_part(se, d)


def points_text(x: float, se: float | None, signed: bool = True) -> str:
    """Points of win chance, rounded to the precision (``se`` 0: exact, two decimals at
    most but trailing zeros dropped)."""
    d = decimals(se)
    if se == 0:
        text = f"{100 * x:+.2f}" if signed else f"{100 * x:.2f}"
        text = text.rstrip("0").rstrip(".")
    else:
        text = f"{100 * x:+.{d}f}" if signed else f"{100 * x:.{d}f}"
    if float(text) == 0:  # what rounds to nothing has no sign
        text = text.lstrip("+-")
    return text + _se_part(se, d)


def _se_of(se: float | None, network: bool) -> float | None:
    """The standard error to round by: none for the network's figures."""
    return None if network else se


def play_words(position: Position, throw: Sequence[int], notation: str, lang: str = "en") -> str:
    """A play in words, its steps joined by ``;`` (``"no move"`` for none).

    >>> pos = Position.start("parcheesi", players=2)
    >>> play_words(pos, (5, 5), "R0-1 R0-1")
    "Red pawn +5: enters at Red's entry; Red pawn +5: enters at Red's entry"

    Ludo and MADN: the notation itself (the words of :mod:`pachisi.describe` know
    only the cross's board).
    """
    if position.ruleset in ONE_DIE_RULESETS:
        return notation or "no move"
    facts = play_facts(position, throw, notation)
    if not facts:
        return "no move"
    return "; ".join(facts_text(f, lang) for f in facts)


# -- a review summed up ------------------------------------------------------------


def _network(rev: Review) -> bool:
    return rev.how is not None and rev.how.get("method") == "network"


def _marked(counts: dict[str, int]) -> str:
    parts = [
        f"{counts[v]} {v if counts[v] == 1 else v + 'es' if v == 'inaccuracy' else v + 's'}"
        for v in ("blunder", "mistake", "inaccuracy")
        if counts.get(v)
    ]
    return ", ".join(p.replace("inaccuracyes", "inaccuracies") for p in parts)


def player_text(rev: Review, player: int) -> str:
    """One player's line: what he lost to mistakes, his error rate and his luck.

    ``red (greedy): lost 12 points in 25 decisions (3 marked, 9 points: 1 blunder,
    2 mistakes), 4.8 per 10 decisions; the dice gave +8``
    """
    p = rev.players[player]
    net = _network(rev)
    who = f"{p.colours} ({p.name})" if p.name and p.name != p.colours else p.colours
    if not p.decisions:
        play = "no decisions"
    else:
        se = _se_of(p.total_loss_se, net)
        lost = points_text(max(0.0, p.total_loss), se, signed=False)
        marked = sum(p.counts[v] for v in ("inaccuracy", "mistake", "blunder"))
        in_marked = points_text(_marked_loss(rev, player), se, signed=False)
        what = (
            f"{marked} marked, {in_marked} points: {_marked(p.counts)}"
            if marked
            else ("none marked")
        )
        rate = ERROR_RATE_PER * max(0.0, p.total_loss) / p.decisions
        plural = "s" if p.decisions != 1 else ""
        unit = "point" if lost == "1" else "points"
        play = (
            f"lost {lost} {unit} in {p.decisions} decision{plural} ({what}),"
            f" {100 * rate:.1f} per {ERROR_RATE_PER} decisions"
        )
    luck = ""
    if p.luck is not None:
        luck = f"; the dice gave {points_text(p.luck, _se_of(p.luck_se, net))}"
    return f"{who}: {play}{luck}"


def _marked_loss(rev: Review, player: int) -> float:
    """What ``player`` lost in his marked plays (inaccuracies, mistakes, blunders)."""
    return math.fsum(
        m.loss
        for m in rev.moves
        if m.player == player and not (m.forced or m.decided) and m.verdict != "fine"
    )


def _move_points(m: MoveReview, net: bool) -> tuple[str, str]:
    """A move's loss and luck in points, rounded to their precision."""
    loss = points_text(m.loss, _se_of(m.loss_se, net), signed=False)
    luck = "" if m.luck is None else points_text(m.luck, _se_of(m.luck_se, net))
    return loss, luck


def turning_points(rev: Review, k: int = TURNING_POINTS) -> list[dict[str, Any]]:
    """The biggest mistakes (marked plays, the largest losses first) and the throws of
    most luck (marked luck by rollouts; by the network, the ``k`` largest in size), in
    the order of the game.

    Each: ``{"kind": "mistake"|"luck", "move", "player", "colours", "throw", "points"
    (the loss, or the luck, as a fraction), "se", "verdict" (or the luck's mark),
    "played", "best", "text"}``.
    """
    net = _network(rev)
    judged = [m for m in rev.moves if not (m.forced or m.decided)]
    mistakes = sorted(
        (m for m in judged if m.verdict != "fine"), key=lambda m: (-m.loss, m.number)
    )[:k]
    lucky = [
        m
        for m in rev.moves
        if not m.decided
        and m.luck is not None
        and m.luck_se is not None
        and (m.luck_mark if not net else abs(m.luck) >= 0.05)
    ]
    lucky = sorted(lucky, key=lambda m: (-abs(m.luck or 0.0), m.number))[:k]
    out: list[dict[str, Any]] = []
    for m in mistakes:
        loss, _ = _move_points(m, net)
        out.append(
            {
                "kind": "mistake",
                "move": m.number,
                "player": m.player,
                "colours": m.colours,
                "throw": list(m.throw),
                "points": m.loss,
                "se": None if net else m.loss_se,
                "verdict": m.verdict,
                "played": m.played,
                "best": m.best,
                "text": f"throw {m.number}, {m.colours} {throw_text(m.throw)}:"
                f" {m.verdict}, lost {loss} points",
            }
        )
    for m in lucky:
        _, luck = _move_points(m, net)
        mark = m.luck_mark or ("lucky" if (m.luck or 0) > 0 else "unlucky")
        out.append(
            {
                "kind": "luck",
                "move": m.number,
                "player": m.player,
                "colours": m.colours,
                "throw": list(m.throw),
                "points": m.luck,
                "se": None if net else m.luck_se,
                "verdict": mark,
                "played": m.played,
                "best": m.best,
                "text": f"throw {m.number}, {m.colours} {throw_text(m.throw)}:"
                f" {mark}, the dice gave {luck}",
            }
        )
    out.sort(key=lambda t: (t["move"], t["kind"] != "mistake"))
    return out


def series(rev: Review) -> dict[str, Any]:
    """Every side's win chance at the start and after each reviewed throw."""
    setup = rev.record.start.setup
    names = setup.colour_names
    sides = []
    for j, side in enumerate(rev.start.sides):
        label = "+".join(names[c] for i in side for c in setup.players[i])
        chances = [rev.start.side_chances[j]] + [m.after.side_chances[j] for m in rev.moves]
        sides.append({"players": list(side), "label": label, "chances": chances})
    return {"throws": [0] + [m.number for m in rev.moves], "sides": sides}


def summary(rev: Review) -> dict[str, Any]:
    """What a review shows first (the ``"summary"`` of its JSON; docs/analysis.md).

    ``{"unit", "note", "error_rate_per", "digits", "players": [{"player", "name",
    "colours", "decisions", "lost", "lost_se", "marked", "marked_lost", "counts",
    "error_rate", "luck",
    "luck_se", "text"}], "series": {"throws", "sides": [{"players", "label",
    "chances"}]}, "turning_points": [...]}``. Figures are fractions (0.12 is 12
    points), ``digits`` the decimals a single figure of this review deserves in
    points (0 by the network), ``error_rate`` the points lost per
    :data:`ERROR_RATE_PER` decisions (as a fraction, like the rest), ``text`` the
    line in English.
    """
    net = _network(rev)
    players = []
    for p in rev.players:
        marked = sum(p.counts[v] for v in ("inaccuracy", "mistake", "blunder"))
        players.append(
            {
                "player": p.player,
                "name": p.name,
                "colours": p.colours,
                "decisions": p.decisions,
                "lost": max(0.0, p.total_loss),
                "lost_se": None if net else _finite(p.total_loss_se),
                "marked": marked,
                "marked_lost": _marked_loss(rev, p.player),
                "counts": dict(p.counts),
                "error_rate": (
                    ERROR_RATE_PER * max(0.0, p.total_loss) / p.decisions if p.decisions else None
                ),
                "luck": p.luck,
                "luck_se": None if net or p.luck_se is None else _finite(p.luck_se),
                "text": player_text(rev, p.player),
            }
        )
    digits = (
        0 if net else max((decimals(m.chance_se) for m in rev.moves if m.chance_se > 0), default=0)
    )
    return {
        "unit": UNIT,
        "note": UNIT_NOTE,
        "error_rate_per": ERROR_RATE_PER,
        "digits": min(digits, 1),
        "players": players,
        "series": series(rev),
        "turning_points": turning_points(rev),
    }


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


# -- text for a terminal ------------------------------------------------------------------

#: Rows of the text graph.
GRAPH_ROWS = 10


def _graph_range(sides: Sequence[dict[str, Any]]) -> tuple[float, float]:
    """The range of win chances the graph shows: 0 to 100% when the chances use much of
    it, else the span of the chances widened to multiples of 5 points (at least 20)."""
    values = [x for side in sides for x in side["chances"]]
    lo = math.floor(20 * min(values)) / 20
    hi = math.ceil(20 * max(values)) / 20
    while hi - lo < 0.2 - 1e-9:
        lo, hi = max(0.0, lo - 0.05), min(1.0, hi + 0.05)
    if hi - lo > 0.6:
        lo, hi = 0.0, 1.0
    return lo, hi


def text_graph(rev: Review, width: int = 80) -> list[str]:
    """Every side's win chance over the game as a text graph ``width`` columns wide.

    Each side is drawn with its first letter (``R`` red, ``Y`` yellow...; a
    cell two sides share shows ``*``), one column per throw, or per group of
    throws when there are more throws than columns (the chance after the
    group's last throw). :data:`GRAPH_ROWS` rows from the highest chance shown
    at the top to the lowest at the bottom (labelled: the whole 0 to 100% when
    the chances span most of it, else just their span, so that four players
    near 25% are told apart).
    """
    data = series(rev)
    throws = data["throws"]
    sides = data["sides"]
    margin = 5
    cols = max(1, min(len(throws), width - margin - 1))
    per = len(throws) / cols
    picks = [min(len(throws) - 1, math.ceil((c + 1) * per) - 1) for c in range(cols)]
    letters: list[str] = []
    for side in sides:
        letter = side["label"][0].upper()
        if letter in letters:
            letter = letter.lower() if letter.lower() not in letters else "?"
        letters.append(letter)
    lo, hi = _graph_range(sides)
    step = (hi - lo) / GRAPH_ROWS
    grid = [[" "] * cols for _ in range(GRAPH_ROWS)]
    for letter, side in zip(letters, sides, strict=True):
        for c, i in enumerate(picks):
            x = side["chances"][i]
            level = min(GRAPH_ROWS - 1, max(0, int((x - lo) / step)))
            row = GRAPH_ROWS - 1 - level
            cell = grid[row][c]
            grid[row][c] = letter if cell in (" ", letter) else "*"
    lines = []
    for r, cells in enumerate(grid):
        if r == 0:
            label = f"{100 * hi:.0f}%"
        elif r == GRAPH_ROWS - 1:
            label = f"{100 * lo:.0f}%"
        elif r == GRAPH_ROWS // 2 - 1:
            label = f"{100 * (lo + (hi - lo) / 2):.0f}%"
        else:
            label = ""
        lines.append(f"{label:>{margin - 1}} |" + "".join(cells).rstrip())
    lines.append(" " * (margin - 1) + " +" + "-" * cols)
    first, last = f"throw {throws[picks[0]]}", str(throws[-1])
    lines.append(" " * (margin + 1) + first + last.rjust(max(1, cols - len(first))))
    key = ", ".join(
        f"{letter} {side['label']}" for letter, side in zip(letters, sides, strict=True)
    )
    shared = "; * shared" if len(sides) > 1 else ""
    lines += _wrap(f"Win chance after each throw: {key}{shared}", width)
    return lines


def _wrap(text: str, width: int, indent: str = "") -> list[str]:
    """``text`` wrapped to ``width`` columns, the lines after the first indented."""
    return textwrap.wrap(
        text, width, initial_indent=indent, subsequent_indent=indent + "  ", break_on_hyphens=False
    ) or [indent]


def throw_lines(m: MoveReview, width: int = 80, net: bool = False) -> list[str]:
    """One reviewed throw in words, for a terminal ``width`` columns wide: what it was,
    the verdict and the figures, then the play made and the better one in words."""

    def se(x: float | None) -> float | None:
        return None if net else x

    head = f"{m.number}. {m.colours} {throw_text(m.throw)}: "
    if m.decided:
        head += "the game was decided"
    elif m.forced:
        head += "forced"
    elif m.verdict == "fine":
        lost = points_text(m.loss, se(m.loss_se), signed=False)
        if m.best == m.played or round(100 * m.loss, decimals(se(m.loss_se))) <= 0:
            head += "fine"
        elif se(m.loss_se) and m.loss < CLEAR * m.loss_se:
            head += f"not marked: lost {lost} points, too close to tell"
        else:
            head += f"fine (lost {lost} point{'' if lost == '1' else 's'})"
    else:
        head += f"{m.verdict}, lost {points_text(m.loss, se(m.loss_se), signed=False)} points"
    head += f"; then {chance_text(m.chance, se(m.chance_se), m.after.exact)}"
    if m.luck is not None and not m.decided:
        head += f"; the dice gave {points_text(m.luck, se(m.luck_se))}"
        if m.luck_mark:
            head += f" ({m.luck_mark})"
    lines = _wrap(head, width)
    lines += _wrap(f"played: {play_words(m.position, m.throw, m.played)}", width, "    ")
    if not (m.forced or m.decided) and m.best != m.played and m.verdict != "fine":
        lines += _wrap(f"better: {play_words(m.position, m.throw, m.best)}", width, "    ")
    return lines


def review_head(rev: Review, width: int = 80, words: bool = True) -> list[str]:
    """The opening of a review in plain text: the unit, each player's totals, the graph of
    win chances and the turning points (before the full table); with ``words``, each
    mistake's play and the better one in words."""
    lines = [*_wrap(UNIT_NOTE, width), ""]
    for p in rev.players:
        lines += _wrap(player_text(rev, p.player), width)
    lines += _wrap(
        f"(the error rate is the points lost per {ERROR_RATE_PER} decisions; a decision is a"
        " throw with more than one play)",
        width,
    )
    lines.append("")
    lines += text_graph(rev, width)
    turns = turning_points(rev)
    lines.append("")
    if turns:
        lines.append("Turning points:")
        for t in turns:
            lines += _wrap(t["text"], width, "  ")
            if words and t["kind"] == "mistake":
                m = next(x for x in rev.moves if x.number == t["move"])
                lines += _wrap(
                    f"played: {play_words(m.position, m.throw, m.played)}", width, "    "
                )
                lines += _wrap(f"better: {play_words(m.position, m.throw, m.best)}", width, "    ")
    else:
        lines.append("Turning points: no play marked and no throw of marked luck.")
    return lines


def _rollout_hint_lines(hints: Sequence[Hint], how: dict[str, Any]) -> list[str]:
    """A hint by rollouts (Ludo, MADN): the plays in the move notation (the plays in words
    know only the cross), the best with the mover's win chance and its standard error,
    the others with what they lose, or "too close to tell" inside the noise."""
    lines = [
        f"Hint, in points of win chance ({how.get('rollouts')} rollouts of each play by"
        f" {how.get('policy')}, ± one standard error):"
    ]
    best = hints[0]
    for i, h in enumerate(hints, 1):
        assert h.chance is not None and best.chance is not None
        if i == 1:
            if h.exact and h.chance in (0.0, 1.0):
                figure = " — a certain win" if h.chance == 1.0 else " — a certain loss"
            else:
                figure = f" — your win chance {chance_text(h.chance, h.se)}"
        elif h.close:
            figure = " — too close to tell"
        else:
            lost = best.chance - h.chance
            figure = f" — {points_text(lost, h.diff_se, signed=False)} points worse"
        lines.append(f"  h{i}. {h.notation}{figure}")
    return lines


def hint_lines(
    position: Position, hints: Sequence[Hint], notation: bool = False, lang: str = "en"
) -> list[str]:
    """A hint in plain text: the unit and how it was obtained at the top, then each play
    in words (with its notation when asked), the best with the mover's win chance and
    the others with what they lose against it; without a network fitted to the set-up,
    the plays without a number and the reason."""
    if not hints:
        return ["No play to hint."]
    how = hints[0].how or {}
    throw = hints[0].play.throw
    if how.get("method") == "rollouts":  # Ludo, MADN: rollouts, each with its noise
        return _rollout_hint_lines(hints, how)
    if hints[0].chance is None:
        why = how.get("why", "no network has learned this set-up")
        lines = [
            f"Hint: no win chance here ({why}).",
            "The plays the hand evaluation likes best, best first:",
        ]
    else:
        net = how.get("network", {}).get("file", "")
        name = net.rsplit("/", 1)[-1]
        lines = [
            f"Hint, in points of win chance (the network {name} at {how.get('ply', 1)} ply):",
        ]
    best = hints[0].chance
    for i, h in enumerate(hints, 1):
        words = play_words(position, throw, h.notation, lang)
        if notation:
            words += f"  [{h.notation}]"
        if h.chance is None or best is None:
            figure = ""
        elif i == 1:
            if h.exact and h.chance in (0.0, 1.0):
                figure = " — a certain win" if h.chance == 1.0 else " — a certain loss"
            else:
                figure = f" — your win chance {chance_text(h.chance, None)}"
        else:
            lost = round(100 * (best - h.chance))
            worse = f"{lost} point{'s' if lost != 1 else ''} worse"
            figure = " — as good, in whole points" if lost == 0 else f" — {worse}"
        lines.append(f"  h{i}. {words}{figure}")
    return lines
