"""Invariants of Ludo and MADN throws on positions reached by random play (hypothesis).

Any switch values (RULES-LUDO.md §1: every combination is defined), any
set-up, any number of random throws from the start; then every die.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from pachisi import Position
from pachisi._ludo import outcome_key
from pachisi.moves import legal_plays
from pachisi.rules import SWITCHES

LUDO_SWITCHES = [n for n, s in SWITCHES.items() if "ludo" in s.defaults]
MAEDN_SWITCHES = [n for n, s in SWITCHES.items() if "maedn" in s.defaults]
MAEDN_SETUPS = (["red", "green"], ["red", "blue"], ["red", "blue", "green"], None)


def _value(name: str, draw: st.DrawFn) -> object:
    kind = SWITCHES[name].kind
    if kind == "bool":
        return draw(st.booleans())
    assert isinstance(kind, tuple)
    return draw(st.sampled_from(kind))


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """A position reached by random throws and choices, with random switches and set-up."""
    ruleset = draw(st.sampled_from(["ludo", "maedn"]))
    names = LUDO_SWITCHES if ruleset == "ludo" else MAEDN_SWITCHES
    options = {n: _value(n, draw) for n in names if draw(st.booleans())}
    if ruleset == "ludo":
        colours = draw(st.permutations(["red", "green", "yellow", "blue"]))
        players: object = list(colours[: draw(st.integers(2, 4))])
    else:
        players = draw(st.sampled_from(MAEDN_SETUPS)) or 4
    pos = Position.start(ruleset, players=players, options=options)  # type: ignore[arg-type]
    rng = random.Random(draw(st.integers(0, 2**32)))
    for _ in range(draw(st.integers(0, 500))):
        if pos.is_over:
            break
        pos = rng.choice(legal_plays(pos, (rng.randint(1, 6),))).position
    return pos


@settings(max_examples=150, deadline=None)
@given(positions())
def test_every_outcome_is_a_valid_distinct_position_in_canonical_order(pos: Position) -> None:
    if pos.is_over:
        return
    mover = pos.setup.players[pos.to_move][0]
    n = len(pos.setup.players)
    for die in range(1, 7):
        plays = legal_plays(pos, (die,))
        results = [p.position for p in plays]
        assert len(set(results)) == len(results) <= 4
        # The pawns alone tell one throw's outcomes apart (docs/ludo.md, for the kernel).
        assert len({r.pawns for r in results}) == len(results)
        assert [outcome_key(r) for r in results] == sorted(outcome_key(r) for r in results)
        if not plays[0].actions:
            assert len(plays) == 1 and results[0].pawns == pos.pawns
        for play, res in zip(plays, results, strict=True):
            assert len(play.actions) <= 1
            # FORMAT.md: a valid position, read back equal in both forms.
            assert Position.from_dict(res.to_dict()) == res
            assert Position.from_text(res.to_text()) == res
            assert res.to_move in (pos.to_move, (pos.to_move + 1) % n)
            for c in pos.setup.colours_in_play:
                assert len(res.pawns[c]) == 4
                if c == mover:
                    continue
                # Other colours only lose pawns to their yard (captures).
                lost = Counter(pos.pawns[c]) - Counter(res.pawns[c])
                gained = Counter(res.pawns[c]) - Counter(pos.pawns[c])
                assert set(gained) <= {0} and sum(gained.values()) == sum(lost.values())
                assert (sum(lost.values()) > 0) <= any(a.capture for a in play.actions)
            # The mover: exactly the one pawn the action names moves.
            lost = Counter(pos.pawns[mover]) - Counter(res.pawns[mover])
            gained = Counter(res.pawns[mover]) - Counter(pos.pawns[mover])
            if play.actions:
                (action,) = play.actions
                assert action.numbers == (die,) and action.colour == mover
                if action.frm == action.to:
                    # Entered onto a block and killed (OP-L5), or bounced back to
                    # where it stood (overshoot "bounce", 3 short of Home with a 6).
                    assert not lost and not gained
                else:
                    assert dict(lost) == {action.frm: 1} and dict(gained) == {action.to: 1}
                if pos.ruleset == "maedn":
                    assert action.to == (1 if action.frm == 0 else action.frm + die)
            else:
                assert not lost and not gained
            if res.winner is None:
                assert res.to_move == pos.to_move or res.tries == 0
            else:
                assert res.winner == (pos.to_move,) and res.to_move != pos.to_move


@settings(max_examples=60, deadline=None)
@given(positions())
def test_a_6_throws_again_unless_the_rules_say_otherwise(pos: Position) -> None:
    """L.6.4, M.6.1: after a 6 the same player throws, except a third 6, a win, the opening."""
    if pos.is_over:
        return
    opt = pos.setup.options
    third = opt["three_sixes"] and pos.doubles == 2
    opening = pos.opening and opt.get("start_tries") == "opening"
    for res in (p.position for p in legal_plays(pos, (6,))):
        same = res.to_move == pos.to_move
        if res.winner is not None or third:
            assert not same
        elif not opening:
            assert same
