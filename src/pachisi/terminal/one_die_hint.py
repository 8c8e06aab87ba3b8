"""The terminal's ``hint`` for Ludo and MADN where no network has learned the set-up.

The plays of the throw (the :data:`~pachisi.analysis.hint.HINT_PLAYS` the greedy
evaluation likes best) are ranked by :func:`pachisi.analysis.rank_plays`:
:data:`ONE_DIE_HINT_ROLLOUTS` rollouts of each by :data:`ONE_DIE_HINT_POLICY`,
on the same dice for every play, so each chance carries its standard error
and a difference inside two standard errors of the paired difference is "too
close to tell". How the figures were obtained is said at the top, from the
ranking's own :attr:`~pachisi.analysis.Ranking.method`; every figure is
rounded to its precision (:mod:`pachisi.analysis.words`). The words are the
session's language (:mod:`pachisi.terminal.words`), the plays in words by
:func:`pachisi.describe.step_description` with their notation.

Where a network has learned the set-up, the plays are the network's
(:func:`pachisi.analysis.hints`), written by :func:`network_hint_lines` in the
same way: the network's figures in whole points, as the cross's hint gives them
(the analysis's own words, :func:`pachisi.analysis.words.hint_lines`, write the
plays of the cross only). See :mod:`pachisi.terminal.play`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..analysis import rank_plays
from ..analysis.hint import HINT_PLAYS, Hint
from ..analysis.rank import clear_difference
from ..analysis.words import chance_text, points_text
from ..describe import step_description
from ..dice import Throw
from ..moves import Play
from ..position import Position
from .words import say

__all__ = ["ONE_DIE_HINT_POLICY", "ONE_DIE_HINT_ROLLOUTS", "network_hint_lines", "one_die_hint"]

#: Rollouts of each play: some 3 to 6 seconds of one core in the middle of a four-player
#: game of Ludo (a greedy rollout is some fifteen times cheaper than an expectimax one).
ONE_DIE_HINT_ROLLOUTS = 72
#: The computer player whose rollouts rank the plays.
ONE_DIE_HINT_POLICY = "greedy"


def _words(position: Position, play: Play, lang: str) -> str:
    """A play of one die in words (its one step, or that nothing moves) with its notation."""
    if not play.actions:
        return say(lang, "hint.no_move")
    steps = "; ".join(step_description(position, position.pawns, a, lang) for a in play.actions)
    return f"{steps}  [{play.notation}]"


def one_die_hint(
    position: Position, throw: Throw, lang: str = "en"
) -> tuple[list[Play], list[str]]:
    """The plays of a hint, best first, and its lines in ``lang``.

    Raises :class:`~pachisi.errors.ThrowError` for a bad throw or a game that is over.
    """
    ranking = rank_plays(
        position, throw, ONE_DIE_HINT_ROLLOUTS, policy=ONE_DIE_HINT_POLICY, candidates=HINT_PLAYS
    )
    how = ranking.method
    if all(rp.estimate.exact for rp in ranking.plays):  # decided, or pure races: exact
        lines = [say(lang, "hint.exact")]
    else:
        lines = [say(lang, "hint.rollouts", n=how.get("rollouts"), policy=how.get("policy"))]
    best = ranking.plays[0]
    best_exact = best.estimate.exact
    for k, rp in enumerate(ranking.plays, 1):
        exact = rp.estimate.exact
        if k == 1:
            if exact and rp.chance in (0.0, 1.0):
                figure = say(lang, "hint.certain_win" if rp.chance == 1.0 else "hint.certain_loss")
            else:
                chance = chance_text(rp.chance, 0.0 if exact else rp.se, exact)
                figure = say(lang, "hint.best", chance=chance)
        else:
            # Two exact chances (a decided game, a pure race): their difference is exact too.
            se = 0.0 if exact and best_exact else rp.diff_se
            points = points_text(-rp.diff, se, signed=False)
            key = "hint.worse" if clear_difference(rp.diff, se) else "hint.too_close"
            figure = say(lang, key, points=points)
        lines.append(f"  h{k}. {_words(position, rp.play, lang)} — {figure}")
    return [rp.play for rp in ranking.plays], lines


def network_hint_lines(position: Position, hints: Sequence[Hint], lang: str = "en") -> list[str]:
    """A hint of Ludo or MADN by the network fitted to the set-up (``hints`` best first, as
    :func:`pachisi.analysis.hints` gives them), in ``lang``: which network at the top, the
    best play's win chance and the others' loss, in whole points (the network's figures
    are deterministic, only as good as the network), exact where a play decides the game.
    """
    how = hints[0].how or {}
    name = str((how.get("network") or {}).get("file", "")).rsplit("/", 1)[-1]
    lines = [say(lang, "hint.network", network=name, ply=how.get("ply", 1))]
    best = hints[0]
    for k, h in enumerate(hints, 1):
        assert h.chance is not None and best.chance is not None
        if k == 1:
            if h.exact and h.chance in (0.0, 1.0):
                figure = say(lang, "hint.certain_win" if h.chance == 1.0 else "hint.certain_loss")
            else:
                figure = say(lang, "hint.best", chance=chance_text(h.chance, None))
        else:
            figure = say(
                lang, "hint.worse", points=points_text(best.chance - h.chance, None, False)
            )
        lines.append(f"  h{k}. {_words(position, h.play, lang)} — {figure}")
    return lines
