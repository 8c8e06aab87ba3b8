"""A ranked play valued exactly (a decided game, an exact race) has its exact chance.

:func:`pachisi.analysis.rank_plays` rolls out every candidate; where the
position after a play is valued exactly (:func:`pachisi.analysis.exact_chances`:
Ludo's race tables, say), the play's chance is that value with no standard
error, not the share of a few rollouts that happened to agree (issue 36: a
race at 84% read "certain" from 12 rollouts that all went one way).
"""

from __future__ import annotations

from pachisi import Position
from pachisi.analysis import exact_chances, rank_plays

RACE = "ludo r,y - r:50.55.57.57,y:40.45.57.57 0 0 - - - 0 0"


def test_an_exact_race_is_ranked_by_its_exact_value() -> None:
    pos = Position.from_text(RACE)
    ranking = rank_plays(pos, (2,), 12)
    assert len(ranking.plays) == 2
    for rp in ranking.plays:
        exact = exact_chances(rp.play.position)
        assert exact is not None and exact.exact
        assert rp.chance == exact.chances[pos.to_move] and rp.se == 0.0
        assert 0.0 < rp.chance < 1.0  # a race, not decided
    best, other = ranking.plays
    assert best.chance > other.chance
    assert other.diff == other.chance - best.chance and other.diff_se == 0.0


def test_a_race_in_the_middle_of_a_turn_is_valued() -> None:
    """A throw again after a 6 (``doubles`` 1) reaches states a fresh turn does not (a
    third 6 forfeits back to one): the race tables value it instead of failing (the web's
    review of a Ludo game answered an internal error on such a position)."""
    for text in (
        "ludo r,y - r:56.57.57.57,y:40.51.57.57 1 1 - - - 0 0",
        "ludo r,y - r:55.57.57.57,y:43.51.57.57 1 1 - - - 0 0",
    ):
        est = exact_chances(Position.from_text(text))
        assert est is not None and est.method == "race" and est.exact
        assert abs(sum(est.chances) - 1.0) < 1e-9 and all(0 < c < 1 for c in est.chances)
