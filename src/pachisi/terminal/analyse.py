"""``pachisi analyse``: win chances, plays ranked, whole games reviewed.

::

    pachisi analyse POSITION                  # every player's win chance before the throw
    pachisi analyse POSITION --throw 5,2      # every legal play ranked, best first
    pachisi analyse GAME.pgame                # every throw: play vs best, luck; totals
    pachisi analyse GAME.pgame --plot chances.png --json
    pachisi analyse POSITION --throw 5,2 --check-rollouts     # checked by rollouts
    pachisi analyse GAME.pgame --by rollouts --rollouts 144   # by rollouts instead

POSITION is a file (FORMAT.md JSON or the one-line text form), ``-`` for
standard input, or the JSON or text form itself; a file that starts with
``# pachisi game record`` is a record. By default the value network fitted
to the set-up judges (:mod:`pachisi.analysis.net`: 2 plies for a position,
1 for a record), and says so instead of a number where none has learned the
set-up; ``--check-rollouts [N]`` checks a throw's ranking by rollouts of the
network's player. ``--by rollouts`` (implied by ``--rollouts``,
``--luck-rollouts N``, ``--policy``, ``--ray``) estimates by rollouts of a
computer player, on every core unless ``--jobs`` says otherwise, the same for
a seed whatever the number of processes. Every figure is in points of win
chance, rounded to its precision (:mod:`pachisi.analysis.words`), plays in
words unless ``--notation``. See ``docs/analysis.md``.

rich and matplotlib are imported only when the command runs.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..analysis import (
    POLICIES,
    Estimate,
    NetEvaluator,
    Ranking,
    Review,
    ReviewSettings,
    RolloutRunner,
    RolloutSpec,
    exact_chances,
    rank_plays,
    review,
    shortlist,
)
from ..analysis.net import (
    DEFAULT_CHECK_ROLLOUTS,
    DEFAULT_PLY,
    DEFAULT_TRUNCATE,
    HINT_PLY,
    LUCK_PLY,
    MAX_PLY,
    check_rollouts,
    evaluator_for,
    first_look,
    net_ranking,
)
from ..analysis.rank import CLEAR, clear_difference
from ..analysis.review import THRESHOLDS, MoveReview, PlayerSummary
from ..analysis.words import (
    ERROR_RATE_PER,
    UNIT,
    UNIT_NOTE,
    chance_text,
    play_words,
    points_text,
    review_head,
    throw_lines,
    throw_text,
)
from ..arguments import position_from_text, read_text_arg
from ..dice import Throw, dice_for, parse_throw
from ..distributed import add_ray_option
from ..errors import PachisiError
from ..moves import legal_plays
from ..position import Position
from ..record import Record
from ..rules import ONE_DIE_RULESETS, Setup
from .output import PLOT_SUFFIXES, check_matplotlib, check_writable, progress_bar

__all__ = [
    "DEFAULT_POSITION_ROLLOUTS",
    "DEFAULT_REVIEW_ROLLOUTS",
    "load_target",
    "luck_method",
    "many_plays_note",
    "player_row",
    "register",
    "run",
    "throw_row",
]

#: Rollouts per estimate for a position (and per play with --throw).
DEFAULT_POSITION_ROLLOUTS = 144
#: Rollouts per play of the throw that fell, when reviewing a record.
DEFAULT_REVIEW_ROLLOUTS = 36
_RECORD_MAGIC = "# pachisi game record"


def register(subparsers: Any) -> None:
    """Add the ``analyse`` subcommand to the ``pachisi`` command line."""
    p = subparsers.add_parser(
        "analyse",
        help="win chances; rank the plays of a throw; review a recorded game",
        description=(
            "Analyse a POSITION (every player's win chance; with --throw, every legal play"
            " ranked by the mover's win chance) or a game RECORD (every throw: the play made"
            " against the best, the luck of the throw, per-player totals, a graph and the"
            " turning points). The value network fitted to the set-up judges by default"
            " (2 plies for a position, 1 for a record; docs/learning.md says how accurate"
            " each is); where none has learned the set-up it says so. --check-rollouts checks"
            " a throw by rollouts of the network's player; --by rollouts estimates by rollouts"
            " of a computer player instead. Figures are points of win chance."
        ),
    )
    p.add_argument(
        "target",
        metavar="POSITION|RECORD",
        help="a position (JSON or text form, a file, or - for standard input) or a .pgame record",
    )
    p.add_argument("--throw", metavar="A,B", help="rank every legal play of this throw")
    p.add_argument(
        "--rollouts",
        type=int,
        metavar="N",
        default=None,
        help=f"rollouts per estimate (default {DEFAULT_POSITION_ROLLOUTS} for a position,"
        f" {DEFAULT_REVIEW_ROLLOUTS} per play for a record)",
    )
    p.add_argument(
        "--luck-rollouts",
        type=int,
        metavar="N",
        default=None,
        help="record: rollouts per play when valuing every possible throw for the luck"
        " (default: a third of --rollouts, at least 4; 0: no luck)",
    )
    p.add_argument(
        "--luck-candidates",
        type=int,
        metavar="K",
        default=1,
        help="record: plays rolled out under each possible throw for the luck, those the"
        " greedy evaluation likes best (default 1); --by network: the plays of each throw"
        " valued at the ply for the luck, those the network likes best at 0 ply",
    )
    p.add_argument(
        "--candidates",
        type=int,
        metavar="K",
        default=None,
        help="roll out at most K plays of a throw, those the greedy evaluation likes best"
        " (default: all for a position, 8 for a record; the play made is always included);"
        " --by network: the plays looked at beyond 0 ply, those the network likes best (8)",
    )
    p.add_argument(
        "--moves",
        metavar="A-B",
        default=None,
        help="record: review only these throws (numbered from 1), e.g. 10-20 or 7",
    )
    p.add_argument(
        "--jobs",
        type=int,
        default=0,
        metavar="J",
        help="processes to use (default 0: one per CPU)",
    )
    add_ray_option(p, "the rollouts", "the POSITION", "the same numbers")
    p.add_argument("--seed", type=int, metavar="S", default=0, help="seed of the rollouts (0)")
    p.add_argument(
        "--policy",
        choices=POLICIES,
        default=None,
        help="--by rollouts: the computer player that plays the rollouts (default greedy;"
        " expectimax for a ludo or maedn position or throw)",
    )
    p.add_argument(
        "--by",
        choices=("rollouts", "network"),
        default=None,
        help="judge by the value network fitted to the set-up (the default) or by rollouts"
        " (implied by --rollouts, --luck-rollouts N, --policy and --ray)",
    )
    p.add_argument(
        "--notation",
        action="store_true",
        help="write the plays in the move notation instead of in words",
    )
    p.add_argument(
        "--ply",
        type=int,
        metavar="N",
        default=None,
        help=f"--by network: look N throws ahead over the exact dice, 0 to {MAX_PLY} (default"
        f" {HINT_PLY} for a position, {DEFAULT_PLY} for a record)",
    )
    p.add_argument(
        "--luck-ply",
        type=int,
        metavar="N",
        default=None,
        help=f"--by network, a record: value every possible throw for the luck N throws"
        f" ahead, 0 to {MAX_PLY} (default the lesser of --ply and {LUCK_PLY}: at 2 the luck"
        " alone takes about five times the rest of a review)",
    )
    p.add_argument(
        "--network",
        metavar="FILE",
        default=None,
        help="--by network: a weights file (default: the network shipped for the ruleset)",
    )
    p.add_argument(
        "--check-rollouts",
        type=int,
        metavar="N",
        nargs="?",
        const=DEFAULT_CHECK_ROLLOUTS,
        default=None,
        help="with --throw: check the network's ranking by rollouts played by the network's"
        " 0-ply player, truncated, finished and corrected by the network: sequential, the"
        " plays still close to the best played on (72, 144, ... rollouts) until the best is"
        f" clearly ahead or N rollouts per play are spent (default {DEFAULT_CHECK_ROLLOUTS});"
        " a difference inside its own noise is too close to tell",
    )
    p.add_argument(
        "--truncate",
        type=int,
        metavar="T",
        default=None,
        help=f"--check-rollouts: throws played before the network finishes (default"
        f" {DEFAULT_TRUNCATE})",
    )
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--plot", metavar="FILE.png", help="record: draw the win chances over the game")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


# -- input ---------------------------------------------------------------------


def load_target(arg: str, stdin: TextIO | None = None) -> Position | Record:
    """The position or record named by ``arg`` (a file, ``-``, or the JSON/text itself)."""

    text = read_text_arg(arg, stdin)
    if text.lstrip().startswith(_RECORD_MAGIC):
        return Record.from_text(text)
    return position_from_text(text)


def _moves_range(text: str, count: int) -> list[int]:
    first, sep, last = text.partition("-")
    try:
        a = int(first)
        b = int(last) if sep else a
    except ValueError:
        raise PachisiError(f"--moves takes A-B or N (throw numbers), not {text!r}") from None
    if a > b:
        raise PachisiError(f"--moves {text}: the first throw comes after the last ({b}-{a}?)")
    if not 1 <= a <= b <= count:
        raise PachisiError(f"--moves {text}: the record has throws 1 to {count}")
    return list(range(a, b + 1))


# -- formatting ----------------------------------------------------------------


def _pct(x: float, se: float | None = None, exact: bool = False) -> str:
    """A win chance rounded to its precision (:func:`pachisi.analysis.words.chance_text`)."""
    return chance_text(x, se, exact)


def _who(position: Position, player: int) -> str:
    names = position.setup.colour_names
    return "+".join(names[c] for c in position.setup.players[player])


def _how(est: Estimate, ev: NetEvaluator | None = None) -> str:
    if est.method == "race":  # issue 33: valued by the race tables (pachisi.race)
        bound = max(est.se)
        return "race tables: a pure race" + (f", exact within {bound:.1e}" if bound else ", exact")
    if est.exact:
        return "exact: the game is decided"  # a winner, or a dead end drawn (RULES.md §3.5)
    if ev is not None:
        return ev.words()
    return f"{est.rollouts} rollouts, {est.policy} policy, seed {est.seed}"


def _chances_document(
    position: Position, est: Estimate, ev: NetEvaluator | None = None
) -> dict[str, Any]:
    how = (
        ev.describe()
        if ev is not None and est.method not in ("exact", "race")
        else {"method": est.method}
    )
    return {
        "kind": "chances",
        "position": position.to_text(),
        "setup": position.setup.describe(),
        "to_move": position.to_move,
        "unit": UNIT,
        "players": [
            {
                "player": i,
                "colours": _who(position, i),
                "chance": est.chances[i],
                "se": est.se[i] if math.isfinite(est.se[i]) else None,
                "text": _pct(
                    est.chances[i], None if est.method == "network" else est.se[i], est.exact
                ),
            }
            for i in range(len(position.setup.players))
        ],
        "estimate": est.as_dict(),
        **how,
    }


def _print_chances(
    console: Console, position: Position, est: Estimate, ev: NetEvaluator | None = None
) -> None:
    console.print(f"[bold]{position.setup.describe()}[/bold]")
    console.print(position.to_text(), soft_wrap=True)
    console.print(f"{_who(position, position.to_move)} to throw")
    if position.is_dead_end:
        console.print("A dead end (RULES.md §3.5): no pawn can ever move again; the game is over.")
    net = ev is not None and est.method not in ("exact", "race")
    title = f"network at {ev.ply} ply" if net and ev is not None else _how(est)
    console.print(f"Win chances ({escape(title)}), in points of win chance:", soft_wrap=True)
    table = Table()
    for col in ("player", "colours", "win chance"):
        table.add_column(col, justify="left" if col in ("player", "colours") else "right")
    se_of = (lambda _s: None) if net else (lambda s: s)
    for i in range(len(position.setup.players)):
        mark = " (to throw)" if i == position.to_move else ""
        table.add_row(
            str(i) + mark, _who(position, i), _pct(est.chances[i], se_of(est.se[i]), est.exact)
        )
    console.print(table)
    if position.setup.teams:
        teams = Table(title="Teams", title_justify="left")
        for col in ("team", "win chance"):
            teams.add_column(col, justify="left" if col == "team" else "right")
        for side, chance, se in zip(est.sides, est.side_chances, est.side_se, strict=True):
            teams.add_row(
                " and ".join(f"{i} ({_who(position, i)})" for i in side),
                _pct(chance, se_of(se), est.exact),
            )
        console.print(teams)
    if net and ev is not None:
        console.print(
            f"[dim]By the {escape(ev.words())}: whole points (the network is deterministic,"
            " and about as accurate as that: docs/learning.md).[/dim]"
        )
    elif est.method == "race" and not est.exact:
        console.print("[dim]± the race tables' proven error bound (docs/analysis.md).[/dim]")
    elif not est.exact:
        console.print("[dim]± one standard error of the rollouts.[/dim]")
    if est.unfinished:
        console.print(f"[yellow]{est.unfinished} rollouts hit the throw limit (shared)[/yellow]")


def _play_cell(position: Position, throw: Throw, notation: str, words: bool) -> str:
    """A play for a table: in words (``words``), else in the notation."""
    if not words:
        return escape(notation)
    return escape(play_words(position, throw, notation))


def _print_ranking(
    console: Console,
    ranking: Ranking,
    ev: NetEvaluator | None = None,
    header: bool = True,
    words: bool = False,
) -> None:
    pos = ranking.position
    thrown = throw_text(ranking.throw)
    if header:
        console.print(f"[bold]{pos.setup.describe()}[/bold]")
        console.print(pos.to_text(), soft_wrap=True)
        console.print(f"[dim]{UNIT_NOTE}[/dim]")
    who = _who(pos, ranking.mover)
    whose = f"{who}'s team's" if pos.setup.teams else f"{who}'s"
    n = len(ranking.plays)
    how = ranking.method
    if how["method"] == "network":
        return _print_net_ranking(console, ranking, ev, words)
    check = ranking.how is not None
    line = float(how.get("k", CLEAR))  # the standard errors a verdict needs
    if check:  # a rollout check by the network's player
        control = " and corrected by the network on the first throw" if how.get("control") else ""
        used = how.get("rollouts_used") or [ranking.rollouts]
        if how.get("sequential"):
            stop = (
                "the best clearly ahead"
                if how["stopped"] == "clear"
                else f"the budget of {how['looks'][-1]} spent"
            )
            count = f"{min(used)} to {max(used)}" if min(used) != max(used) else str(max(used))
            size = f"{count} rollouts per play (sequential, stopped with {stop})"
        else:
            size = f"{ranking.rollouts} rollouts each"
        console.print(
            f"Rollout check: {n} play{'s' if n != 1 else ''} ranked by {whose} win chance,"
            f" {size} played by the network's 0-ply player,"
            f" truncated after {how['truncate']} throws, finished by the network"
            f" ({escape(how['network']['file'])}){control}, seed {ranking.seed}"
        )
    else:
        console.print(
            f"{n} play{'s' if n != 1 else ''} ranked by {whose} win chance: {ranking.rollouts}"
            f" rollout{'s' if ranking.rollouts != 1 else ''} each, {ranking.policy} policy,"
            f" seed {ranking.seed}"
        )
    table = Table(title=f"{who} throws {thrown}", title_justify="left")
    for col in ("#", "play", "win chance", "vs best"):
        table.add_column(col, justify="left" if col == "play" else "right")
    for k, rp in enumerate(ranking.plays, 1):
        if k == 1:
            versus = "best"
        elif clear_difference(rp.diff, rp.diff_se, line):
            versus = points_text(rp.diff, rp.diff_se)
        else:
            versus = "too close to tell"
        table.add_row(
            str(k),
            _play_cell(pos, ranking.throw, rp.notation, words),
            _pct(rp.chance, rp.se, rp.estimate.exact),
            versus,
        )
    console.print(table)
    if ranking.pruned:
        console.print(
            f"[dim]{len(ranking.pruned)} more plays not rolled out (--candidates): "
            + escape(", ".join(p.notation for p in ranking.pruned[:10]))
            + (" ..." if len(ranking.pruned) > 10 else "")
            + "[/dim]"
        )
    console.print(
        f"[dim]Win chances ± one standard error; 'vs best' in points of win chance with the"
        f" standard error of the paired difference (the same dice for every play), given only"
        f" when it is at least {line:.2g} standard errors: otherwise too close to tell.[/dim]"
    )


def _print_net_ranking(
    console: Console, ranking: Ranking, ev: NetEvaluator | None, words: bool = False
) -> None:
    """A ranking by the value network: whole points (deterministic, no standard error)."""
    pos = ranking.position
    thrown = throw_text(ranking.throw)
    who = _who(pos, ranking.mover)
    whose = f"{who}'s team's" if pos.setup.teams else f"{who}'s"
    n = len(ranking.plays)
    label = ev.words() if ev is not None else f"network at {ranking.method['ply']} ply"
    console.print(f"{n} play{'s' if n != 1 else ''} ranked by {whose} win chance: {escape(label)}")
    table = Table(title=f"{who} throws {thrown}", title_justify="left")
    for col in ("#", "play", "win chance", "vs best"):
        table.add_column(col, justify="left" if col == "play" else "right")
    for k, rp in enumerate(ranking.plays, 1):
        table.add_row(
            str(k),
            _play_cell(pos, ranking.throw, rp.notation, words),
            _pct(rp.chance, None, rp.estimate.exact),
            "best" if k == 1 else points_text(rp.diff, None),
        )
    console.print(table)
    if ranking.pruned:
        console.print(
            f"[dim]{len(ranking.pruned)} more plays not looked at this deep (the move filter,"
            " --candidates): "
            + escape(", ".join(p.notation for p in ranking.pruned[:10]))
            + (" ..." if len(ranking.pruned) > 10 else "")
            + "[/dim]"
        )
    console.print(
        "[dim]By the network, in whole points (deterministic; --check-rollouts N checks the"
        " ranking by rollouts, with standard errors).[/dim]"
    )


_VERDICT_STYLE = {
    "fine": "",
    "inaccuracy": "yellow",
    "mistake": "dark_orange",
    "blunder": "bold red",
}


def throw_row(m: MoveReview, words: bool = False) -> tuple[str, ...]:
    """A move's row of the review's table of throws (rich markup): number, player, throw,
    play, verdict, loss, best play, chance after, luck; figures in points of win chance
    rounded to their precision; plays in words with ``words``, else in the notation."""
    style = _VERDICT_STYLE.get(m.verdict, "")
    if m.decided:
        verdict = "decided"
    elif m.forced:
        verdict = "forced"
    else:
        verdict = m.verdict
    judged = not (m.forced or m.decided)
    net = m.how is not None and m.how.get("method") == "network"

    def se(x: float | None) -> float | None:
        return None if net else x

    loss = points_text(m.loss, se(m.loss_se), signed=False) if judged else ""
    best = _play_cell(m.position, m.throw, m.best, words) if judged and m.best != m.played else ""
    luck = ""
    if not m.decided and m.luck is not None and m.luck_se is not None:
        luck = points_text(m.luck, se(m.luck_se)) + (f" {m.luck_mark}" if m.luck_mark else "")
    return (
        str(m.number),
        m.colours,
        throw_text(m.throw),
        _play_cell(m.position, m.throw, m.played, words),
        f"[{style}]{verdict}[/{style}]" if style and verdict == m.verdict else verdict,
        loss,
        best,
        _pct(m.chance, se(m.chance_se), m.after.exact),
        luck,
    )


def player_row(p: PlayerSummary, net: bool = False) -> tuple[str, ...]:
    """A player's row of the review's table of players (rich markup): who (name and
    colours), throws, decisions, the marked plays (inaccuracies/mistakes/blunders), the
    points lost, the error rate (points lost per 10 decisions) and the luck; ``net``:
    judged by the network (no standard errors)."""
    lost = "–"
    rate = "–"
    if p.decisions:
        lost = points_text(max(0.0, p.total_loss), None if net else p.total_loss_se, False)
        rate = f"{100 * ERROR_RATE_PER * max(0.0, p.total_loss) / p.decisions:.1f}"
    who = escape(p.name) if p.name == p.colours else f"{escape(p.name)} ({p.colours})"
    return (
        who,
        str(p.throws),
        str(p.decisions),
        f"{p.counts['inaccuracy']}/{p.counts['mistake']}/{p.counts['blunder']}",
        lost,
        rate,
        ""
        if p.luck is None or p.luck_se is None
        else points_text(p.luck, None if net else p.luck_se),
    )


def luck_method(s: ReviewSettings) -> str:
    """How the luck was measured, in words (for the note under the review)."""
    if s.luck_rollouts == 0:
        return "no luck (--luck-rollouts 0)"
    if s.by == "network":
        return (
            "luck: every possible throw valued by the play the network picks at 0 ply,"
            f" valued at {s.luck_depth} ply, less their mean (gnubg's luck)"
        )
    if s.luck_candidates == 1:
        fell = max(s.rollouts, s.luck_rollouts)
        return (
            f"luck: every possible throw valued by the play the greedy evaluation picks,"
            f" {s.luck_rollouts} rollouts each (the throw that fell: {fell})"
        )
    return (
        f"luck: every possible throw valued by the best of the {s.luck_candidates} plays the"
        f" greedy evaluation likes best, {s.luck_rollouts} rollouts each"
    )


def _print_review(
    console: Console,
    rev: Review,
    seconds: float,
    jobs: int,
    ev: NetEvaluator | None = None,
    words: bool = True,
) -> None:
    rec = rev.record
    s = rev.settings
    setup = rec.start.setup
    net = ev is not None
    console.print(f"[bold]{escape(setup.describe())}[/bold]")
    names = ", ".join(f"{escape(n)} ({_who(rec.start, i)})" for i, n in enumerate(rec.names))
    console.print(f"{names}; {len(rec.moves)} throws; {escape(rec.result)}")
    how = escape(ev.words()) if ev is not None else f"{s.rollouts} rollouts per play"
    console.print(
        "Start: "
        + ", ".join(
            "+".join(_who(rec.start, i) for i in side)
            + f" {_pct(c, None if net else e, rev.start.exact)}"
            for side, c, e in zip(
                rev.start.sides, rev.start.side_chances, rev.start.side_se, strict=True
            )
        )
        + f" ({how})"
    )
    head = review_head(rev, console.width, words)
    for line in head:
        console.print(escape(line), soft_wrap=True, highlight=False)
    console.print()
    if words:
        console.print()
        console.print("[bold]Every throw[/bold] (--notation: a table in the move notation)")
        for m in rev.moves:
            for line in throw_lines(m, console.width, net):
                console.print(escape(line), highlight=False, soft_wrap=True)
    else:
        table = Table(title="Throws", title_justify="left")
        cols = ("#", "player", "throw", "play", "verdict", "loss", "best play", "chance after")
        for col in (*cols, "luck"):
            table.add_column(
                col,
                justify="left" if col in ("player", "play", "best play", "verdict") else "right",
            )
        for m in rev.moves:
            table.add_row(*throw_row(m))
        console.print(table)
    players = Table(title="Players", title_justify="left")
    pcols = ("player", "throws", "decisions", "inacc./mist./blund.", "lost", "error rate", "luck")
    for col in pcols:
        players.add_column(col, justify="left" if col == "player" else "right")
    for p in rev.players:
        players.add_row(*player_row(p, net))
    console.print(players)
    t = THRESHOLDS
    luck_text = luck_method(s)
    cand = "all plays" if s.candidates is None else f"at most {s.candidates} plays"
    verdicts = (
        f"Verdicts on the loss: fine below {100 * t['fine']:g}, inaccuracy below"
        f" {100 * t['inaccuracy']:g}, mistake below {100 * t['mistake']:g}, blunder from"
        f" {100 * t['mistake']:g}"
    )
    if ev is not None:
        console.print(
            f"[dim]'then': the win chance of the player who threw, after his play. Error rate:"
            f" points lost per {ERROR_RATE_PER} decisions."
            f" Everything in points of win chance, whole points (the network's figures are"
            f" deterministic, about as accurate as that). {verdicts}. By the"
            f" {escape(ev.words())}; plays beyond 0 ply: {cand} per throw; {luck_text}."
            f" {len(rev.moves)} throws in {seconds:.1f} s.[/dim]"
        )
        return
    console.print(
        f"[dim]'then': the win chance of the player who threw, after his play. Error rate:"
        f" points lost per {ERROR_RATE_PER} decisions."
        f" Everything in points of win chance, ± one standard error, rounded to it."
        f" {verdicts}, when the loss is at least {CLEAR:g} standard errors (otherwise fine:"
        f" too close to tell). Plays: {s.rollouts} rollouts each, {cand} per throw; "
        f"{luck_text}; {s.policy} policy, seed {s.seed}. {rev.rollouts_played} rollouts in"
        f" {seconds:.1f} s, {jobs} process{'es' if jobs != 1 else ''}.[/dim]"
    )


def _plot(path: Path, rev: Review) -> None:
    from matplotlib.figure import Figure

    rec = rev.record
    start = rec.start
    fig = Figure(figsize=(11, 5), layout="constrained")
    ax = fig.subplots()
    xs = [0] + [m.number for m in rev.moves]
    palette = {
        "red": "#c44e52",
        "yellow": "#ccb974",
        "green": "#55a868",
        "blue": "#4c72b0",
        "black": "#333333",
    }
    for idx, side in enumerate(rev.start.sides):
        colour = start.setup.colour_names[start.setup.players[side[0]][0]]
        ys = [rev.start.chances[side[0]]] + [m.after.chances[side[0]] for m in rev.moves]
        label = " and ".join(f"{rec.names[i]} ({_who(start, i)})" for i in side)
        es = [rev.start.se[side[0]]] + [m.after.se[side[0]] for m in rev.moves]
        line = palette.get(colour, f"C{idx}")
        ax.plot(xs, ys, label=label, color=line, linewidth=1.5)
        ax.fill_between(
            xs,
            [max(0.0, y - e) for y, e in zip(ys, es, strict=True)],
            [min(1.0, y + e) for y, e in zip(ys, es, strict=True)],
            color=line,
            alpha=0.15,
            linewidth=0,
        )
        for verdict, marker in (("mistake", "o"), ("blunder", "X")):
            pts = [
                (m.number, m.after.chances[side[0]])
                for m in rev.moves
                if m.player in side and m.verdict == verdict and not m.forced
            ]
            if pts:
                ax.scatter(
                    [p[0] for p in pts],
                    [p[1] for p in pts],
                    marker=marker,
                    color=palette.get(colour, f"C{idx}"),
                    edgecolors="black",
                    zorder=3,
                    label=f"{verdict}s of {label}",
                )
    ax.set_ylim(0, 1)
    ax.set_xlim(0, max(xs) if len(xs) > 1 else 1)
    ax.set_xlabel("throw")
    ax.set_ylabel("win chance after the throw" + ("" if rev.how is not None else " (± one SE)"))
    ax.grid(alpha=0.3)
    ax.legend(loc="best", fontsize="small")
    s = rev.settings
    if rev.how is not None:
        fig.suptitle(
            f"pachisi analyse: {start.setup.describe()} (network"
            f" {rev.how['network']['file']} at {rev.how['ply']} ply)"
        )
    else:
        fig.suptitle(
            f"pachisi analyse: {start.setup.describe()} ({s.rollouts} rollouts per play,"
            f" {s.policy} policy, seed {s.seed})"
        )
    try:
        fig.savefig(path, dpi=100)
    except OSError as exc:
        raise PachisiError(f"cannot write {path}: {exc.strerror or exc}") from None


# -- the command ---------------------------------------------------------------


def _progress(show: bool, unit: str = "rollouts") -> Any:
    if not show:
        return None

    return progress_bar(unit)


def _with_progress(
    progress: Any, total: int, work: Callable[[Callable[[int], None] | None], Any]
) -> Any:
    if progress is None or total == 0:
        return work(None)
    task = progress.add_task("rolling out", total=total)
    with progress:
        return work(lambda n: progress.advance(task, n))


def _check_args(args: argparse.Namespace) -> None:
    if args.rollouts is not None and args.rollouts < 1:
        raise PachisiError(f"--rollouts must be at least 1, not {args.rollouts}")
    if args.luck_rollouts is not None and args.luck_rollouts < 0:
        raise PachisiError(f"--luck-rollouts must be at least 0, not {args.luck_rollouts}")
    if args.luck_candidates < 1:
        raise PachisiError(f"--luck-candidates must be at least 1, not {args.luck_candidates}")
    if args.candidates is not None and args.candidates < 1:
        raise PachisiError(f"--candidates must be at least 1, not {args.candidates}")
    if args.jobs < 0:
        raise PachisiError(f"--jobs must be at least 1 (or 0 for one per CPU), not {args.jobs}")
    net_only = [
        (flag, value)
        for flag, value in (
            ("--ply", args.ply),
            ("--luck-ply", args.luck_ply),
            ("--network", args.network),
            ("--check-rollouts", args.check_rollouts),
            ("--truncate", args.truncate),
        )
        if value is not None
    ]
    rollouts_only = [
        flag
        for flag, value in (
            ("--rollouts", args.rollouts),
            ("--policy", args.policy),
            ("--ray", getattr(args, "ray", None)),
            ("--luck-rollouts", args.luck_rollouts or None),
        )
        if value is not None
    ]
    if args.by is None:
        if net_only and rollouts_only:
            raise PachisiError(
                f"{rollouts_only[0]} works with --by rollouts, {net_only[0][0]} with --by network"
            )
        args.by = "rollouts" if rollouts_only else "network"
    if args.by == "rollouts" and net_only:
        raise PachisiError(f"{net_only[0][0]} works with --by network, not --by rollouts")
    if args.by == "rollouts" and args.policy is None:
        args.policy = "greedy"
    if args.by == "network":
        for flag in rollouts_only:
            if flag != "--luck-rollouts":
                raise PachisiError(f"{flag} works with --by rollouts, not --by network")
        if args.luck_rollouts not in (None, 0):
            raise PachisiError(
                "--luck-rollouts counts rollouts: --by network judges the luck by the network"
                " (--luck-rollouts 0 leaves it out)"
            )
        if args.ply is not None and not 0 <= args.ply <= MAX_PLY:
            raise PachisiError(f"--ply must be 0 to {MAX_PLY}, not {args.ply}")
        if args.luck_ply is not None and not 0 <= args.luck_ply <= MAX_PLY:
            raise PachisiError(f"--luck-ply must be 0 to {MAX_PLY}, not {args.luck_ply}")
        if args.check_rollouts is not None and args.check_rollouts < 1:
            raise PachisiError(f"--check-rollouts must be at least 1, not {args.check_rollouts}")
        if args.truncate is not None and args.truncate < 0:
            raise PachisiError(f"--truncate must be at least 0, not {args.truncate}")
        if args.truncate is not None and args.check_rollouts is None:
            raise PachisiError("--truncate works with --check-rollouts")
        if args.check_rollouts is not None and args.throw is None:
            raise PachisiError("--check-rollouts checks the plays of a --throw")


def _evaluator(args: argparse.Namespace, setup: Setup) -> NetEvaluator:
    """The network evaluator of ``--network`` (or the one shipped for the set-up) at ``--ply``."""
    ruleset = setup.ruleset
    default = DEFAULT_PLY if getattr(args, "record", False) else HINT_PLY
    ply = default if args.ply is None else args.ply
    if args.network is not None:
        ev = NetEvaluator.from_file(args.network, ply)
    else:
        fitted, why = evaluator_for(setup, ply)
        if fitted is None:
            raise PachisiError(
                f"no win chances here: no network has learned this set-up ({why}); --by"
                " rollouts measures it by rollouts of the greedy player"
            )
        ev = fitted
    if ev.net.ruleset != ruleset:
        raise PachisiError(f"{args.network} is a network for {ev.net.ruleset}, not {ruleset}")
    if args.candidates is not None:
        ev = ev.variant(candidates=args.candidates)
    return ev


def run(args: argparse.Namespace) -> int:
    """Run ``pachisi analyse``; returns the exit status."""
    asked = (args.by, args.policy)
    _check_args(args)
    target = load_target(args.target)
    ruleset = (target.start if isinstance(target, Record) else target).ruleset
    if ruleset in ONE_DIE_RULESETS:
        _one_die_args(args, ruleset, asked, isinstance(target, Record))
    jobs = args.jobs or (os.cpu_count() or 1)
    show = not args.quiet and sys.stderr.isatty()
    if getattr(args, "ray", None) is not None:
        from ..distributed import connect

        with connect(args.ray) as backend:
            args.backend = backend
            return _dispatch(args, target, backend.workers, show)
    return _dispatch(args, target, jobs, show)


def _one_die_args(
    args: argparse.Namespace, ruleset: str, asked: tuple[str | None, str | None], record: bool
) -> None:
    """Ludo and MADN are judged by rollouts: no network has learned them (docs/analysis.md).

    ``asked``: ``--by`` and ``--policy`` as given. The rollouts are played by the
    strongest player there is for them, expectimax, for a position or a throw; a
    whole game's review takes greedy by default (about seven times cheaper), or
    ``--policy expectimax``.
    """
    by, policy = asked
    if args.by == "network":
        net_flags = [
            flag
            for flag, value in (
                ("--by network", "network" if by == "network" else None),
                ("--ply", args.ply),
                ("--network", args.network),
                ("--check-rollouts", args.check_rollouts),
                ("--truncate", args.truncate),
            )
            if value is not None
        ]
        if net_flags:
            raise PachisiError(
                f"{net_flags[0]}: no network has learned {ruleset}; it is analysed by"
                " rollouts (--by rollouts)"
            )
        args.by = "rollouts"
    if policy is None:
        args.policy = "greedy" if record else "expectimax"
    args.notation = True  # the plays in words (pachisi.describe) know only the cross


def _runner(args: argparse.Namespace, spec: RolloutSpec, jobs: int) -> RolloutRunner:
    """The rollout runner: ``jobs`` processes here, or the Ray cluster of ``--ray``."""
    return RolloutRunner(spec, jobs, backend=getattr(args, "backend", None))


def _dispatch(args: argparse.Namespace, target: Position | Record, jobs: int, show: bool) -> int:
    if isinstance(target, Record):
        if args.by == "network":
            return _run_net_record(args, target, show)
        return _run_record(args, target, jobs, show)
    for flag, value in (
        ("--plot", args.plot),
        ("--moves", args.moves),
        ("--luck-rollouts", args.luck_rollouts),
    ):
        if value is not None:
            raise PachisiError(f"{flag} works with a game RECORD, not a position")
    if args.by == "network":
        return _run_net_position(args, target)
    if args.throw is not None:
        return _run_throw(args, target, jobs, show)
    return _run_position(args, target, jobs, show)


#: The width of the tables when standard output is not a terminal (a file, a pipe, cron,
#: ssh without a tty) and COLUMNS is not set: wide enough that no play or number is cut.
PLAIN_WIDTH = 200


def _console() -> Console:
    """The console for the results: the terminal's width, else :data:`PLAIN_WIDTH`."""
    console = Console(highlight=False)
    if not console.is_terminal and "COLUMNS" not in os.environ:
        console = Console(highlight=False, width=PLAIN_WIDTH)
    return console


#: Above this many plays to roll out, ``analyse POSITION --throw`` says how to shorten it.
MANY_PLAYS = 100


def many_plays_note(plays: int, throw: Throw, rollouts: int, candidates: int | None) -> str:
    """The word on standard error before a long ranking (an Eight-Man doublet has
    1,278 plays): how many, and ``--candidates`` ('' when it is short or limited)."""
    if candidates is not None or plays <= MANY_PLAYS:
        return ""
    return (
        f"pachisi: {plays} plays of {throw_text(throw)} to roll out, {rollouts} times each;"
        f" --candidates K rolls out only the K the greedy evaluation likes best"
    )


def _run_position(args: argparse.Namespace, pos: Position, jobs: int, show: bool) -> int:
    rollouts = args.rollouts or DEFAULT_POSITION_ROLLOUTS
    spec = RolloutSpec(args.seed, args.policy)
    est = exact_chances(pos)
    if est is None:
        with _runner(args, spec, min(jobs, rollouts)) as runner:
            _with_progress(
                _progress(show),
                runner.missing([(pos, rollouts)]),
                lambda step: runner.compute([(pos, rollouts)], step),
            )
            est = runner.estimate(pos, rollouts)
    if args.json:
        print(json.dumps(_chances_document(pos, est), indent=2))
    else:
        _print_chances(_console(), pos, est)
    return 0


def _run_throw(args: argparse.Namespace, pos: Position, jobs: int, show: bool) -> int:
    rollouts = args.rollouts or DEFAULT_POSITION_ROLLOUTS
    throw = parse_throw(args.throw, dice_for(pos.ruleset).count)
    spec = RolloutSpec(args.seed, args.policy)
    # The plays (and a bad throw's error) before any process is started.
    kept, _ = shortlist(pos, legal_plays(pos, throw), args.candidates)
    note = many_plays_note(len(kept), throw, rollouts, args.candidates)
    if note:
        print(note, file=sys.stderr)
    requests = [(p.position, rollouts) for p in kept]
    with _runner(args, spec, max(1, min(jobs, rollouts * len(requests)))) as runner:
        _with_progress(
            _progress(show),
            runner.missing(requests),
            lambda step: runner.compute(requests, step),
        )
        ranking = rank_plays(pos, throw, rollouts, candidates=args.candidates, runner=runner)
    if args.json:
        print(json.dumps({"kind": "ranking", **ranking.as_dict()}, indent=2))
    else:
        _print_ranking(_console(), ranking, words=not args.notation)
    return 0


def _record_plot(args: argparse.Namespace, rec: Record) -> Path | None:
    """The checks of a record's review before any work: its arguments, its throws, --plot."""
    if args.throw is not None:
        raise PachisiError("--throw works with a POSITION; a record has its own throws")
    if not rec.moves:
        raise PachisiError("the record has no throws to review")
    plot = check_writable(args.plot, "--plot", PLOT_SUFFIXES) if args.plot else None
    if plot is not None:
        check_matplotlib()
    return plot


def _review_and_print(
    args: argparse.Namespace,
    rec: Record,
    settings: ReviewSettings,
    plot: Path | None,
    show: bool,
    label: tuple[str, str],
    jobs: int,
    runner: RolloutRunner | None = None,
    evaluator: NetEvaluator | None = None,
) -> int:
    """Review ``rec`` (by rollouts with ``runner``, or by the network ``evaluator``), with a
    progress bar (``label``: its description and unit), then plot and print it."""
    moves = _moves_range(args.moves, len(rec.moves)) if args.moves else None
    t0 = time.perf_counter()
    progress = _progress(show, label[1])
    if progress is None:
        rev = review(rec, settings, moves=moves, runner=runner, evaluator=evaluator)
    else:
        task = progress.add_task(label[0], total=None)

        def update(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        with progress:
            rev = review(
                rec,
                settings,
                moves=moves,
                runner=runner,
                evaluator=evaluator,
                on_progress=update,
            )
    seconds = time.perf_counter() - t0
    if plot is not None:
        _plot(plot, rev)
    if args.json:
        print(json.dumps(rev.as_dict(), indent=2))
    else:
        _print_review(_console(), rev, seconds, jobs, evaluator, words=not args.notation)
    return 0


def _run_record(args: argparse.Namespace, rec: Record, jobs: int, show: bool) -> int:
    plot = _record_plot(args, rec)
    rollouts = args.rollouts or DEFAULT_REVIEW_ROLLOUTS
    luck = args.luck_rollouts if args.luck_rollouts is not None else max(4, rollouts // 3)
    settings = ReviewSettings(
        rollouts=rollouts,
        luck_rollouts=luck,
        luck_candidates=args.luck_candidates,
        candidates=args.candidates if args.candidates is not None else 8,
        seed=args.seed,
        policy=args.policy,
        by="rollouts",
    )
    with _runner(args, settings.spec, jobs) as runner:
        return _review_and_print(
            args, rec, settings, plot, show, ("rolling out", "rollouts"), jobs, runner=runner
        )


# -- by the value network --------------------------------------------------------


def _run_net_position(args: argparse.Namespace, pos: Position) -> int:
    if args.luck_ply is not None:
        raise PachisiError("--luck-ply is a record's: a position or a throw has no luck to value")
    ev = _evaluator(args, pos.setup)
    if args.throw is None:
        est = ev.estimate(pos)
        if args.json:
            print(json.dumps(_chances_document(pos, est, ev), indent=2))
        else:
            _print_chances(_console(), pos, est, ev)
        return 0
    throw = parse_throw(args.throw, dice_for(pos.ruleset).count)
    # A throw's table: every candidate looked at to the ply (not only the best 2 at 2 plies).
    ranking = net_ranking(pos, throw, ev.variant(finalists=ev.candidates))
    check = None
    if args.check_rollouts is not None:
        truncate = DEFAULT_TRUNCATE if args.truncate is None else args.truncate
        check = check_rollouts(
            pos,
            throw,
            args.check_rollouts,
            ev,
            truncate=truncate,
            seed=args.seed,
            plays=[rp.play for rp in ranking.plays],
            first=first_look(pos.ruleset),
        )
    if args.json:
        doc = {"kind": "ranking", **ranking.as_dict()}
        if check is not None:
            doc["check"] = check.as_dict()
        print(json.dumps(doc, indent=2))
    else:
        console = _console()
        _print_ranking(console, ranking, ev, words=not args.notation)
        if check is not None:
            _print_ranking(console, check, ev, header=False, words=not args.notation)
    return 0


def _run_net_record(args: argparse.Namespace, rec: Record, show: bool) -> int:
    plot = _record_plot(args, rec)
    args.record = True
    ev = _evaluator(args, rec.start.setup)
    settings = ReviewSettings(
        luck_rollouts=0 if args.luck_rollouts == 0 else 1,
        luck_candidates=args.luck_candidates,
        candidates=args.candidates if args.candidates is not None else 8,
        by="network",
        ply=ev.ply,
        luck_ply=args.luck_ply,
    )
    return _review_and_print(
        args, rec, settings, plot, show, ("judging", "throws"), 1, evaluator=ev
    )
