"""Property tests: random games of every ruleset and set-up, checked at every throw.

Each game is played with seeded random throws and a uniformly random legal
play. At every throw the engine's answers are checked against what
RULES.md / FORMAT.md require of *any* correct answer: pawns are conserved,
every result is a valid position (§3.6) and survives every round trip, only
the mover's pawns advance and only opponents are sent back, the next player
and ``doubles`` follow §3.3 / §5.8, plays are distinct and their notation
reads back, and (on a sample of throws) playing step by step gives exactly
the outcomes of ``legal_plays``. Games must end, and the same seed must
replay the same game.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import play_results, step_results
from pachisi import (
    Game,
    Play,
    Position,
    PositionError,
    ThrowError,
    Turn,
    dice_for,
    legal_plays,
    parse_play,
)
from pachisi.board import HOME
from strategies import (
    CONFIG_IDS,
    CONFIGS,
    RULESET_NAMES,
    Config,
    friendly_players,
    options_for,
    player_done,
    setups,
    square_of,
    winner_from,
)

#: Multiplies every example count (e.g. PACHISI_TEST_SCALE=20 for a long hunt).
SCALE = max(1, int(os.environ.get("PACHISI_TEST_SCALE", "1")))
#: A random game that has not ended after this many throws is a failure
#: (random games take 100-350 throws), unless it is stuck for good.
MAX_THROWS = 3000
#: Playing step by step (Turn) is compared with legal_plays every this many throws.
STEP_EVERY = 9
#: Plays of a throw whose notation is read back (besides the chosen one).
PARSE_SAMPLE = 2

SETTINGS = settings(
    max_examples=3 * SCALE,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

FIELDS = (
    "ruleset",
    "options",
    "players",
    "teams",
    "pawns",
    "to_move",
    "doubles",
    "cut",
    "finished",
    "winner",
)


# ---------------------------------------------------------------------------
# Checks of one position


def check_round_trips(pos: Position) -> None:
    """FORMAT.md reading and writing give back the same position in every form."""
    d = pos.to_dict()
    assert set(d) == set(FIELDS)
    for name, lst in d["pawns"].items():
        assert lst == sorted(lst), f"pawns of {name} not written ascending"
    assert Position.from_dict(d) == pos
    assert Position.from_dict(json.loads(json.dumps(d))) == pos
    assert Position.from_json(pos.to_json()) == pos
    assert Position.from_json(pos.to_json(indent=2)) == pos
    text = pos.to_text()
    assert "\n" not in text
    assert Position.from_text(text) == pos
    assert Position.from_text(text).to_text() == text
    assert repr(pos) == f"Position.from_text({text!r})"
    assert eval(repr(pos), {"Position": Position}) == pos
    assert hash(Position.from_text(text)) == hash(pos)


def check_valid(pos: Position) -> None:
    """The position passes the §3.6 reader and conserves its pawns."""
    setup = pos.setup
    in_play = set(setup.colours_in_play)
    home = HOME[setup.ruleset]
    for c in range(4):
        if c in in_play:
            assert len(pos.pawns[c]) == 4, f"colour {c} has {len(pos.pawns[c])} pawns"
            assert list(pos.pawns[c]) == sorted(pos.pawns[c])
            assert all(0 <= p <= home for p in pos.pawns[c])
        else:
            assert pos.pawns[c] == ()
    d = pos.to_dict()
    again = Position.from_dict(d)  # raises PositionError if §3.6 rejects it
    assert again == pos
    assert again.to_dict() == d
    # The same checks written from the rule book, independently of the reader.
    check_squares_spec(d)
    n = len(d["players"])
    done = {i for i, pl in enumerate(d["players"]) if player_done(d["ruleset"], d["pawns"], pl)}
    assert set(d["finished"]) == done
    assert len(set(d["finished"])) == len(d["finished"])
    assert d["winner"] == winner_from(d["finished"], d["teams"])
    assert 0 <= d["to_move"] < n and d["to_move"] not in d["finished"]
    if d["ruleset"] == "pagade":
        assert d["doubles"] == 0
        assert isinstance(d["cut"], list) and len(d["cut"]) == n
    else:
        assert d["doubles"] in (0, 1, 2)
        assert d["cut"] is None


def check_squares_spec(d: dict[str, Any]) -> None:
    """§3.6.5 from the rule book: capacity and sharing of every square."""
    r = d["ruleset"]
    from pachisi.board import COLOURS

    arm = {name: i for i, name in enumerate(COLOURS[r])}
    owner = {c: i for i, pl in enumerate(d["players"]) for c in pl["colours"]}
    friends = friendly_players(len(d["players"]), d["teams"])
    occupants: dict[tuple[str, int], list[str]] = {}
    for colour, lst in d["pawns"].items():
        for p in lst:
            sq = square_of(r, arm[colour], p)
            if sq is not None:
                occupants.setdefault(sq, []).append(colour)
    for sq, cols in occupants.items():
        if r == "pagade" and sq[0] == "private":
            continue
        assert len(cols) <= 2, f"{cols} on {sq}"
        if len(set(cols)) == 2:
            a, b = cols
            assert r != "pagade", f"two colours {cols} on ring square {sq}"
            assert owner[b] in friends[owner[a]], f"opponents {cols} share {sq}"


# ---------------------------------------------------------------------------
# Checks of one throw


def next_unfinished(mover: int, n: int, finished: tuple[int, ...]) -> int:
    for k in range(1, n + 1):
        cand = (mover + k) % n
        if cand not in finished:
            return cand
    raise AssertionError("nobody left to move")


def check_outcome(pos: Position, throw: tuple[int, int], play: Play) -> None:
    """One result of ``throw`` against the invariants of RULES.md §3.3, §3.5, §4, §5."""
    res = play.position
    setup = pos.setup
    assert res.setup == setup
    assert play.throw == tuple(throw)
    check_valid(res)
    mover = pos.to_move
    mine = set(setup.players[mover])
    n = len(setup.players)
    doublet = throw[0] == throw[1]
    penalty = setup.ruleset != "pagade" and doublet and pos.doubles == 2
    # Notation: "-" exactly for the empty play.
    assert isinstance(play.notation, str) and play.notation
    assert (play.notation == "-") == (len(play.actions) == 0)
    # finished only grows; a winner stays.
    assert res.finished[: len(pos.finished)] == pos.finished
    assert set(res.finished) - set(pos.finished) <= {mover}
    if pos.winner is not None:
        assert res.winner == pos.winner
    # Pawns: only the mover's advance; opponents may only be sent back to 0;
    # friendly colours of other players never change.
    sent_back = 0
    for c in setup.colours_in_play:
        before, after = pos.pawns[c], res.pawns[c]
        if c in mine:
            continue
        if setup.friendly[c][next(iter(mine))]:
            assert after == before, "a partner's pawns changed"
            continue
        gained = Counter(after) - Counter(before)
        assert set(gained) <= {0}, f"opponent colour {c} moved: {before} -> {after}"
        sent_back += gained[0]
    opp_sent_back = sent_back > 0
    check_captures(pos, res, throw)
    if penalty:
        assert not opp_sent_back
        check_penalty(pos, res)
    else:
        for c in mine:
            before, after = pos.pawns[c], res.pawns[c]
            assert all(a >= b for a, b in zip(after, before, strict=True)), (
                f"mover's colour {c} went back: {before} -> {after}"
            )
        # The mover's pawns advance at most by what the throw and its bonuses give.
        advance = sum(sum(res.pawns[c]) - sum(pos.pawns[c]) for c in mine)
        home = HOME[setup.ruleset]
        if setup.ruleset == "pagade":
            pair_double = doublet and setup.option("pair_move") == "double"
            limit = (throw[0] + throw[1]) * (2 if pair_double else 1)
        else:
            reached = sum(res.pawns[c].count(home) - pos.pawns[c].count(home) for c in mine)
            limit = (
                (14 if doublet else throw[0] + throw[1])
                + sent_back * int(setup.option("capture_bonus"))
                + reached * int(setup.option("home_bonus"))
            )
        assert advance <= limit, f"the mover advanced {advance} with {throw} (at most {limit})"
    if not play.actions:
        assert all(res.pawns[c] == pos.pawns[c] for c in range(4))
    # Cut flags (§4.4): only the mover's flag changes, and only by cutting.
    if setup.ruleset == "pagade":
        assert pos.cut is not None and res.cut is not None
        for i in range(n):
            if i != mover:
                assert res.cut[i] == pos.cut[i]
        assert res.cut[mover] == (pos.cut[mover] or opp_sent_back)
    else:
        assert res.cut is None
    # Next throw (§3.3, §5.8).
    extra = res.doubles > 0
    if extra:
        assert setup.ruleset != "pagade" and doublet and not penalty
        assert res.to_move == mover
        assert res.doubles == pos.doubles + 1
        assert mover not in res.finished and not res.is_over
    else:
        assert res.doubles == 0
        assert res.to_move == next_unfinished(mover, n, res.finished)
        if (
            setup.ruleset != "pagade"
            and doublet
            and not penalty
            and setup.option("partial_doubles") == "nothing"
        ):
            assert mover in res.finished or res.is_over, "doublet without its extra throw"


def check_captures(pos: Position, res: Position, throw: tuple[int, int]) -> None:
    """Which opponent pawns may be sent back (§4.4, §5.3, §5.4).

    Only pawns on ring squares; in the Parcheesi family never one of a
    blockade, and on a safety space only by a pawn entering there; in Pagade
    a pair only all at once, on a doublet (a pair moving together), and never
    on an X square while ``safe_x_squares`` is on.
    """
    r = pos.ruleset
    setup = pos.setup
    mover_cols = setup.players[pos.to_move]
    occupied: Counter[tuple[str, int]] = Counter()
    for c in setup.colours_in_play:
        for p in pos.pawns[c]:
            sq = square_of(r, c, p)
            if sq is not None:
                occupied[sq] += 1
    lost_on: Counter[tuple[str, int]] = Counter()
    for c in setup.colours_in_play:
        if c in mover_cols:
            continue
        for p, k in (Counter(pos.pawns[c]) - Counter(res.pawns[c])).items():
            sq = square_of(r, c, p)
            assert sq is not None and sq[0] == "ring", f"colour {c}: pawn at {p} sent back"
            lost_on[sq] += k
            q = sq[1]
            if r == "pagade":
                if setup.option("safe_x_squares"):
                    assert q % 17 not in (0, 4, 13), f"cut on X square {q}"
            elif q % 17 in (0, 5, 12):
                entries = {(17 * m + 5) % 68 for m in mover_cols if 0 in pos.pawns[m]}
                assert q in entries, f"captured on safety space {q} (p={p})"
    for sq, k in lost_on.items():
        if r != "pagade":
            assert occupied[sq] == 1, f"a blockade on {sq} was captured"
            continue
        assert k == occupied[sq], f"part of a pair on {sq} was cut"
        if k == 2:
            assert throw[0] == throw[1], f"a pair on {sq} was cut without a doublet"
            here = [sum(1 for p in res.pawns[c] if square_of(r, c, p) == sq) for c in mover_cols]
            assert max(here) == 2, f"a pair on {sq} was cut, but no pair of the mover is there"


def check_penalty(pos: Position, res: Position) -> None:
    """§5.8 third doublet: the mover's pawn nearest HOME (1..71) goes to its nest."""
    mine = pos.setup.players[pos.to_move]
    on_board = [p for c in mine for p in pos.pawns[c] if 1 <= p <= 71]
    changed = [c for c in range(4) if res.pawns[c] != pos.pawns[c]]
    if not on_board:
        assert not changed
        return
    top = max(on_board)
    assert len(changed) == 1 and changed[0] in mine
    c = changed[0]
    assert top in pos.pawns[c]
    expect = list(pos.pawns[c])
    expect.remove(top)
    assert res.pawns[c] == tuple(sorted([0, *expect]))


def check_penalty_set(pos: Position, plays: list[Play]) -> None:
    """Every tied colour gives one outcome of the third doublet (§5.8, §7)."""
    mine = pos.setup.players[pos.to_move]
    on_board = [p for c in mine for p in pos.pawns[c] if 1 <= p <= 71]
    if not on_board:
        assert len(plays) == 1
        return
    top = max(on_board)
    assert len(plays) == sum(1 for c in mine if top in pos.pawns[c])


def check_throw_rules(pos: Position, throw: tuple[int, int], plays: list[Play]) -> None:
    """Rules that fix part of every outcome of a throw.

    Pagade §4.6: cut pawns re-enter first, one per die (always legal, as
    belly squares take any number), so k cut pawns become max(0, k - 2).
    Parcheesi family §5.3, §5.6: with no pawn on the board and no five, nothing
    moves; entering is compulsory whenever a five can enter a pawn (outside
    Eight-Man's option choice, §7).
    """
    r = pos.ruleset
    mine = pos.setup.players[pos.to_move]
    doublet = throw[0] == throw[1]

    def zeros(p: Position) -> int:
        return sum(p.pawns[c].count(0) for c in mine)

    if r == "pagade":
        k = zeros(pos)
        for play in plays:
            assert zeros(play.position) == max(0, k - 2), play.notation
        return
    if doublet and pos.doubles == 2:
        return  # third doublet: checked by check_penalty
    five = 5 in throw or (not doublet and sum(throw) == 5)
    on_board = any(1 <= p <= 71 for c in mine for p in pos.pawns[c])
    if not on_board and not five:
        assert len(plays) == 1 and plays[0].position.pawns == pos.pawns
    nests = {c: pos.pawns[c].count(0) for c in mine}
    if not five or (r == "eight-man" and doublet and not all(nests.values())):
        return
    occupied: Counter[tuple[str, int]] = Counter()
    for c in pos.setup.colours_in_play:
        for p in pos.pawns[c]:
            sq = square_of(r, c, p)
            if sq is not None:
                occupied[sq] += 1
    if any(nests[c] and occupied[("ring", 17 * c + 5)] <= 1 for c in mine):
        for play in plays:
            assert zeros(play.position) < zeros(pos), f"{play.notation}: entering is compulsory"


def check_throw(
    pos: Position, throw: tuple[int, int], plays: list[Play], rng: random.Random, deep: bool
) -> None:
    assert plays, "a throw always has at least one outcome"
    results = [p.position for p in plays]
    assert len(set(results)) == len(results), "legal_plays returned a position twice"
    if any(not p.actions for p in plays):
        assert len(plays) == 1, "an empty play beside plays that move"
    for play in plays:
        check_outcome(pos, throw, play)
    if pos.ruleset != "pagade" and throw[0] == throw[1] and pos.doubles == 2:
        check_penalty_set(pos, plays)
    check_throw_rules(pos, throw, plays)
    # The notation of a sample of plays reads back to the same result.
    sample = rng.sample(plays, min(PARSE_SAMPLE, len(plays)))
    for play in sample:
        again = parse_play(pos, throw, play.notation)
        assert again.position == play.position, play.notation
    if deep:
        assert step_results(pos, throw) == play_results(pos, throw)


# ---------------------------------------------------------------------------
# Random games


def is_stuck(pos: Position) -> bool:
    """Whether no throw of any player can ever change the pawns again."""
    dice = dice_for(pos.ruleset)
    seen = set()
    while pos not in seen:
        seen.add(pos)
        nxt = None
        for throw, _ in dice.outcomes():
            for play in legal_plays(pos, throw):
                if play.position.pawns != pos.pawns:
                    return False
                if play.position.doubles == 0:
                    nxt = play.position
        if nxt is None:
            return False
        pos = nxt
    return True


def play_game(start: Position, seed: int, check: bool) -> list[Position]:
    """A random game from ``start``; returns the positions at every throw boundary."""
    rng = random.Random(seed)
    sample_rng = random.Random(seed + 1)
    dice = dice_for(start.ruleset)
    pos = start
    seq = [pos]
    if check:
        check_valid(pos)
        check_round_trips(pos)
    for k in range(MAX_THROWS):
        if pos.is_over:
            break
        throw = dice.roll(rng)
        plays = legal_plays(pos, throw)
        if check:
            check_throw(pos, throw, plays, sample_rng, deep=k % STEP_EVERY == 0)
        pos = plays[rng.randrange(len(plays))].position
        if check:
            check_round_trips(pos)
        seq.append(pos)
    else:
        assert pos.is_over or is_stuck(pos), f"game not over after {MAX_THROWS} throws: {pos!r}"
    return seq


def check_end(pos: Position) -> None:
    """At the end of a game no throw is accepted (FORMAT.md, §3.5)."""
    if not pos.is_over:
        return
    assert pos.winner is not None
    for throw, _ in dice_for(pos.ruleset).distinct()[:3]:
        with pytest.raises(ThrowError):
            legal_plays(pos, throw)
        with pytest.raises(ThrowError):
            Turn(pos, throw)
        with pytest.raises(ThrowError):
            parse_play(pos, throw, "-")
    n = len(pos.setup.players)
    if pos.ruleset == "pagade" and pos.setup.option("play_for_places"):
        if pos.setup.teams:
            open_players = set(range(n)) - set(pos.finished)
            assert len({tuple(pos.setup.team_of(i)) for i in open_players}) <= 1
        else:
            assert len(pos.finished) == n - 1


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
@SETTINGS
@given(data=st.data())
def test_random_game(config: Config, data: st.DataObject) -> None:
    """A random game with random switches: every throw checked, the game ends."""
    kw = data.draw(setups(config), label="setup")
    options = data.draw(options_for(config.ruleset), label="options")
    first = data.draw(st.integers(0, config.n_players - 1), label="first")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    start = Position.start(config.ruleset, options=options, first=first, **kw)
    assert start.to_dict()["options"] == options
    seq = play_game(start, seed, check=True)
    check_end(seq[-1])


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_default_rules_game(config: Config) -> None:
    """One fully checked game with the ruleset's default switches."""
    start = Position.start(config.ruleset, **config.kwargs())
    seq = play_game(start, 12345, check=True)
    assert seq[-1].is_over
    check_end(seq[-1])


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
@settings(max_examples=2 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_same_seed_same_game(config: Config, data: st.DataObject) -> None:
    """Game.new with one seed, and one seed for the choices, replays the same game."""
    options = data.draw(options_for(config.ruleset), label="options")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")

    def run() -> list[Position]:
        g = Game.new(config.ruleset, options=options, seed=seed, **config.kwargs())
        choose = random.Random(seed)
        seq = [g.position]
        while not g.is_over and len(seq) <= MAX_THROWS:
            plays = g.legal_plays()
            g.push(plays[choose.randrange(len(plays))])
            seq.append(g.position)
        assert [ply.before for ply in g.history] == seq[:-1]
        return seq

    a, b = run(), run()
    assert a == b
    assert [p.to_text() for p in a] == [p.to_text() for p in b]


# ---------------------------------------------------------------------------
# Positions that random games rarely reach


@st.composite
def built_positions(draw: st.DrawFn, config: Config) -> dict[str, Any]:
    """A position dict with random pawns, built to satisfy §3.6 where it can.

    Pawns are drawn, then moved forward past squares they may not share;
    ``cut``, ``finished``, ``winner``, ``to_move`` and ``doubles`` are made
    consistent from the rule book. Some dicts may still be invalid (a game
    gone past its end); the caller checks those are rejected.
    """
    r = config.ruleset
    kw = draw(setups(config))
    options = draw(options_for(r))
    base = Position.start(r, options=options, **kw).to_dict()
    home = HOME[r]
    from pachisi.board import COLOURS

    arm = {name: i for i, name in enumerate(COLOURS[r])}
    owner = {c: i for i, pl in enumerate(base["players"]) for c in pl["colours"]}
    friends = friendly_players(len(base["players"]), base["teams"])
    progress = {
        "any": st.one_of(
            st.just(0), st.just(home), st.integers(1, home - 1), st.integers(home - 12, home - 1)
        ),
        "late": st.one_of(st.just(home), st.integers(home - 12, home - 1)),
        "home": st.just(home),
    }
    occupants: dict[tuple[str, int], list[str]] = {}
    pawns: dict[str, list[int]] = {}

    def fits(colour: str, p: int) -> bool:
        sq = square_of(r, arm[colour], p)
        if sq is None or (r == "pagade" and sq[0] == "private"):
            return True
        there = occupants.get(sq, [])
        if len(there) >= 2:
            return False
        if there and there[0] != colour:
            return r != "pagade" and owner[there[0]] in friends[owner[colour]]
        return True

    for colour in base["pawns"]:
        stage = draw(st.sampled_from(("any", "any", "late", "late", "home")))
        lst = []
        for _ in range(4):
            p = draw(progress[stage])
            while not fits(colour, p):
                p += 1
            sq = square_of(r, arm[colour], p)
            if sq is not None:
                occupants.setdefault(sq, []).append(colour)
            lst.append(p)
        pawns[colour] = draw(st.permutations(lst))
    base["pawns"] = pawns
    players = base["players"]
    n = len(players)
    done = [i for i in range(n) if player_done(r, pawns, players[i])]
    finished = draw(st.permutations(done))
    base["finished"] = list(finished)
    base["winner"] = winner_from(list(finished), base["teams"])
    open_players = [i for i in range(n) if i not in finished]
    base["to_move"] = draw(st.sampled_from(open_players)) if open_players else 0
    if r == "pagade":
        cut = [draw(st.booleans()) for _ in range(n)]
        need = base["options"].get("cut_to_enter_home", True)
        for i, pl in enumerate(players):
            ps = [p for c in pl["colours"] for p in pawns[c]]
            if need and any(p >= 77 for p in ps):
                cut[i] = True
        for i, pl in enumerate(players):
            ps = [p for c in pl["colours"] for p in pawns[c]]
            if 0 in ps and not any(cut[j] for j in range(n) if j not in friends[i]):
                cut[min(j for j in range(n) if j not in friends[i])] = True
        base["cut"] = cut
    else:
        base["doubles"] = draw(st.integers(0, 2))
    return base


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
@settings(max_examples=20 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_built_positions(config: Config, data: st.DataObject) -> None:
    """Random valid positions: every throw gives valid, conserved, distinct outcomes."""
    d = data.draw(built_positions(config), label="position")
    try:
        pos = Position.from_dict(d)
    except PositionError as exc:
        # Only a game gone past its end may remain invalid here.
        assert len(d["finished"]) >= 2, exc
        everyone = len(d["finished"]) == len(d["players"])
        assert exc.field in (
            ("finished", "winner", "to_move") if everyone else ("finished", "winner")
        ), exc
        return
    assert pos.to_dict() == {**d, "pawns": {k: sorted(v) for k, v in d["pawns"].items()}}
    check_round_trips(pos)
    if pos.is_over:
        check_end(pos)
        return
    rng = random.Random(0)
    deep_throw = data.draw(st.sampled_from(dice_for(pos.ruleset).distinct()), label="deep")[0]
    for throw, _ in dice_for(pos.ruleset).distinct():
        plays = legal_plays(pos, throw)
        check_throw(pos, throw, plays, rng, deep=throw == deep_throw)
        # The order of the dice does not matter (§3.2: the rules never ask which die is which).
        swapped = {p.position for p in legal_plays(pos, (throw[1], throw[0]))}
        assert swapped == {p.position for p in plays}


# ---------------------------------------------------------------------------
# Dice and start positions


@pytest.mark.parametrize("ruleset", RULESET_NAMES)
def test_dice_distributions(ruleset: str) -> None:
    dice = dice_for(ruleset)
    faces = (1, 3, 4, 6) if ruleset == "pagade" else (1, 2, 3, 4, 5, 6)
    outcomes = dice.outcomes()
    assert len(outcomes) == len(faces) ** 2 == (16 if ruleset == "pagade" else 36)
    assert sum(p for _, p in outcomes) == 1
    assert {t for t, _ in outcomes} == {(a, b) for a in faces for b in faces}
    assert all(p == Fraction(1, len(outcomes)) for _, p in outcomes)
    distinct = dice.distinct()
    assert sum(p for _, p in distinct) == 1
    assert len(distinct) == len(faces) * (len(faces) + 1) // 2
    for (a, b), p in distinct:
        assert a <= b
        assert p == Fraction(1 if a == b else 2, len(outcomes))
    for t, _ in outcomes:
        assert dice.check(t) == t
        assert dice.check(list(t)) == t
    rng = random.Random(5)
    rolls = Counter(dice.roll(rng) for _ in range(4000))
    assert set(rolls) == {t for t, _ in outcomes}
    for bad in [
        (0, 1),
        (faces[0], 7),
        (2, 2) if ruleset == "pagade" else (1, 0),
        (1,),
        (1, 2, 3),
        (True, 1),
        (1.0, 1),
        "11",
        None,
    ]:
        with pytest.raises(ThrowError):
            dice.check(bad)


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
@settings(max_examples=15 * SCALE, deadline=None)
@given(data=st.data())
def test_start_positions(config: Config, data: st.DataObject) -> None:
    """§3.7 start positions of every set-up are valid and round-trip."""
    kw = data.draw(setups(config))
    options = data.draw(options_for(config.ruleset))
    first = data.draw(st.integers(0, config.n_players - 1))
    pos = Position.start(config.ruleset, options=options, first=first, **kw)
    check_valid(pos)
    check_round_trips(pos)
    start = (6, 7, 12, 12) if config.ruleset == "pagade" else (0, 0, 0, 0)
    for c in range(4):
        assert pos.pawns[c] == (start if c in pos.setup.colours_in_play else ())
    assert pos.to_move == first and pos.doubles == 0
    assert pos.finished == () and pos.winner is None and not pos.is_over
    assert pos.cut == ((False,) * config.n_players if config.ruleset == "pagade" else None)
    d = pos.to_dict()
    assert d["options"] == options
    assert [p["colours"] for p in d["players"]] == [list(p) for p in kw["players"]]
