"""Positions built on purpose, so that the rarest rules of RULES.md get their share.

Random games almost never reach some rules: a third doublet with a tie, the
Eight-Man options A/B/C, a blockade that breaks and re-forms in front of
HOME, a bonus chain that captures and reaches HOME, a Pagade pair capturing
a pair. Each *scenario* below builds positions aimed at one such rule, from
RULES.md and FORMAT.md alone (pawns placed by progress number, throws chosen
to hit the rule), with every switch of the ruleset flipped at random. A
built position that the readers of §3.6 reject (two colours on one Pagade
square, three pawns on a space...) is simply drawn again.

:func:`sample_built` yields ``(position dict, throw, scenario)`` for ever;
``differential.py --built`` compares engine and reference on them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

PAGADE_COLOURS = ("red", "black", "yellow", "green")
FAMILY_COLOURS = ("red", "blue", "yellow", "green")
#: Parcheesi-family seats in turn order (RULES.md §3.1): red, green, yellow, blue.
FAMILY_ORDER = ("red", "green", "yellow", "blue")

SWITCHES: dict[str, dict[str, list[Any]]] = {
    "pagade": {
        "sum_move": ["jump", "hops"],
        "pair_move": ["die", "double"],
        "cut_to_enter_home": [True, False],
        "safe_x_squares": [True, False],
        "play_for_places": [True, False],
    },
    "family": {
        "sum_move": ["jump", "hops"],
        "larger_die": [True, False],
        "capture_bonus": [0, 4, 10, 20],
        "home_bonus": [0, 3, 10],
        "blockade_may_advance": [True, False],
        "partial_doubles": ["nothing", "forfeit_extra_throw"],
        "no_split_doubles_home": [True, False],
    },
}

Built = tuple[dict[str, Any], tuple[int, int], str]


def flip(ruleset: str, rng: random.Random, p: float = 0.5) -> dict[str, Any]:
    """Each switch of ``ruleset`` set to a random value with probability ``p``."""
    table = SWITCHES["pagade" if ruleset == "pagade" else "family"]
    return {k: rng.choice(v) for k, v in table.items() if rng.random() < p}


def _position(
    ruleset: str,
    players: list[dict[str, Any]],
    pawns: dict[str, list[int]],
    *,
    options: dict[str, Any],
    teams: Any = None,
    to_move: int = 0,
    doubles: int = 0,
    cut: list[bool] | None = None,
) -> dict[str, Any]:
    return {
        "ruleset": ruleset,
        "options": options,
        "players": players,
        "teams": teams,
        "pawns": {c: sorted(ps) for c, ps in pawns.items()},
        "to_move": to_move,
        "doubles": doubles,
        "cut": cut,
        "finished": [],
        "winner": None,
    }


def _near(rng: random.Random, lo: int, hi: int, n: int = 4) -> list[int]:
    return [rng.randint(lo, hi) for _ in range(n)]


# ---------------------------------------------------------------------------
# Parcheesi family


def _family_setup(
    rng: random.Random, ruleset: str | None = None
) -> tuple[str, list[dict[str, Any]], Any, list[list[str]]]:
    """A ruleset of the family and its players; returns the colours of each player."""
    ruleset = ruleset or rng.choice(["parcheesi", "whitman", "eight-man"])
    if ruleset == "eight-man":
        majors = [rng.choice(["red", "yellow"]), rng.choice(["blue", "green"])]
        cols = [["red", "yellow"], ["blue", "green"]]
        players = [{"colours": c, "major": m} for c, m in zip(cols, majors, strict=True)]
        return ruleset, players, None, cols
    n = rng.choice([2, 3, 4])
    seats = [FAMILY_ORDER[i] for i in sorted(rng.sample(range(4), n))]
    k = rng.randrange(n)
    seats = seats[k:] + seats[:k]  # any seat may come first; the cyclic order is kept
    teams = [[0, 2], [1, 3]] if ruleset == "parcheesi" and n == 4 and rng.random() < 0.3 else None
    return ruleset, [{"colours": [c]} for c in seats], teams, [[c] for c in seats]


def _doublet(rng: random.Random) -> tuple[int, int]:
    d = rng.randint(1, 6)
    return (d, d)


def _throw(rng: random.Random, doublet_p: float = 0.6) -> tuple[int, int]:
    if rng.random() < doublet_p:
        return _doublet(rng)
    return (rng.randint(1, 6), rng.randint(1, 6))


def family_home_stretch(rng: random.Random) -> Built:
    """§5.4/§5.5: pawns crowded in front of HOME (p 50..72), blockades own and mixed,
    doublets of 14 with and without ``no_split_doubles_home``."""
    ruleset, players, teams, cols = _family_setup(rng)
    pawns: dict[str, list[int]] = {}
    mover = rng.randrange(len(players))
    for i, cs in enumerate(cols):
        for c in cs:
            if i == mover:
                base = rng.randint(50, 66)
                ps = [base + rng.choice([0, 0, 2, 5, 7, 12, 14]) for _ in range(4)]
                ps = [min(p, 72) for p in ps]
                if rng.random() < 0.5:
                    ps[1] = ps[0]  # a starting blockade (or three on one space: redrawn)
            else:
                ps = [rng.choice([0, 0, rng.randint(1, 68), rng.randint(40, 72)]) for _ in range(4)]
            pawns[c] = ps
    opts = flip(ruleset, rng)
    return (
        _position(ruleset, players, pawns, options=opts, teams=teams, to_move=mover),
        _throw(rng, 0.7),
        "home-stretch",
    )


def family_bonus_chain(rng: random.Random) -> Built:
    """§5.7: lone opponents at capture distances and pawns 10/20 short of HOME, so that
    a capture's bonus captures or reaches HOME and earns another."""
    ruleset, players, teams, cols = _family_setup(rng)
    mover = rng.randrange(len(players))
    opts = flip(ruleset, rng)
    opts.setdefault("capture_bonus", rng.choice([4, 10, 20]))
    opts.setdefault("home_bonus", rng.choice([3, 10]))
    cb, hb = opts["capture_bonus"], opts["home_bonus"]
    pawns: dict[str, list[int]] = {}
    for i, cs in enumerate(cols):
        for c in cs:
            if i == mover:
                a = rng.randint(5, 40)
                ps = [a, min(72 - max(cb, 1), 71), min(72 - max(hb, 1), 71), rng.randint(1, 64)]
                if rng.random() < 0.3:
                    ps[3] = 0
            else:
                ps = [rng.randint(1, 64) if rng.random() < 0.6 else 0 for _ in range(4)]
            pawns[c] = ps
    return (
        _position(ruleset, players, pawns, options=opts, teams=teams, to_move=mover),
        _throw(rng, 0.4),
        "bonus-chain",
    )


def family_all_out_doublet(rng: random.Random) -> Built:
    """§5.2/§5.8: a doublet with every pawn of the mover out (d, d, 7 - d, 7 - d), its
    pawns spaced around 14 apart (the kernel explores pawns more than 14 apart as
    independent groups), with starting blockades, pawns in the home stretch and at
    HOME, and the others' pawns and blockades among them. Not one of
    :data:`SCENARIOS` (their share stays as it was): tests/test_kernel_fast.py draws
    it alone."""
    ruleset, players, teams, cols = _family_setup(rng)
    mover = rng.randrange(len(players))
    gaps = [0, 1, 2, 5, 7, 12, 13, 14, 15, 16, 20, 30]
    pawns: dict[str, list[int]] = {}
    for i, cs in enumerate(cols):
        for c in cs:
            if i == mover:
                p = rng.randint(1, 60)
                ps = [p]
                for _ in range(3):
                    p = min(p + rng.choice(gaps), 72)
                    ps.append(p)
                if rng.random() < 0.3:
                    ps[1] = ps[0]  # a starting blockade (or three on one space: redrawn)
            else:
                ps = [rng.choice([0, rng.randint(1, 68), rng.randint(1, 68)]) for _ in range(4)]
                if rng.random() < 0.3:
                    ps[1] = ps[0]  # the others' blockade (or pawns in the nest)
            pawns[c] = ps
    opts = flip(ruleset, rng)
    if rng.random() < 0.5:
        opts.setdefault("capture_bonus", rng.choice([4, 10, 20]))
        opts.setdefault("home_bonus", rng.choice([3, 10]))
    return (
        _position(
            ruleset,
            players,
            pawns,
            options=opts,
            teams=teams,
            to_move=mover,
            doubles=rng.randint(0, 1),
        ),
        _doublet(rng),
        "all-out-doublet",
    )


def _same_square(mover: str, q: int, other: str) -> int | None:
    """The progress number of colour ``other`` on the ring square of ``mover``'s progress
    ``q`` (RULES.md: ring square (17a + 4 + p) mod 68 for p 1..64, arms by FORMAT.md's
    "Colours and seats"), or None if ``other`` cannot stand there."""
    if not 1 <= q <= 64:
        return None
    arm = {c: a for a, c in enumerate(FAMILY_COLOURS)}
    p = (q + 17 * (arm[mover] - arm[other])) % 68
    return p if 1 <= p <= 64 else None


def family_pair_throw(rng: random.Random) -> Built:
    """§5.2-§5.7 for a throw of two different numbers: the mover's pawns within a
    throw's reach of each other, so that the second move passes or lands where the
    first left or landed (a blockade made or left, a capture on the way, pawns
    meeting), the others' pawns and blockades on and among their squares, pawns in
    the nest with 5s and totals of 5, pawns in front of HOME, and the bonuses.
    The kernel explores such throws of a one-colour mover by ``Kernel._f_pair_set``,
    whose looked-at cases these are. Not one of :data:`SCENARIOS`:
    tests/test_kernel_fast.py draws it alone."""
    ruleset, players, teams, cols = _family_setup(rng, rng.choice(["parcheesi", "whitman"]))
    mover = rng.randrange(len(players))
    base = rng.choice([rng.randint(1, 40), rng.randint(41, 64), rng.randint(58, 70)])
    own: list[int] = []
    for _ in range(4):
        roll = rng.random()
        if roll < 0.2:
            own.append(0)
        elif roll < 0.3:
            own.append(1)
        else:
            own.append(min(base + rng.randint(0, 9), 72))
    if rng.random() < 0.3:
        own[1] = own[0]  # a starting blockade (three on one space: redrawn)
    mine = cols[mover][0]
    pawns: dict[str, list[int]] = {mine: own}
    for i, cs in enumerate(cols):
        for c in cs:
            if i == mover:
                continue
            ps = [rng.choice([0, rng.randint(1, 68)]) for _ in range(4)]
            for k in range(4):
                # on a square the mover's pawns may pass or land on
                q = _same_square(mine, base + rng.randint(1, 14), c)
                if q is not None and rng.random() < 0.4:
                    ps[k] = q
            if rng.random() < 0.25:
                ps[1] = ps[0]  # the others' blockade
            pawns[c] = ps
    opts = flip(ruleset, rng)
    opts.setdefault("sum_move", "hops")
    if rng.random() < 0.6:
        opts.setdefault("capture_bonus", rng.choice([4, 10, 20]))
        opts.setdefault("home_bonus", rng.choice([3, 10]))
    a, b = rng.sample(range(1, 7), 2)
    if rng.random() < 0.3:
        a, b = rng.choice([(5, rng.choice([1, 2, 3, 4, 6])), (1, 4), (2, 3)])
    if rng.random() < 0.5:
        a, b = b, a
    return (
        _position(ruleset, players, pawns, options=opts, teams=teams, to_move=mover),
        (a, b),
        "pair-throw",
    )


def family_third_doublet(rng: random.Random) -> Built:
    """§5.8/§7: the third doublet, with ties for the highest pawn (across Eight-Man's colours,
    or two pawns of one colour), pawns at HOME (safe) and none on the board at all."""
    ruleset, players, teams, cols = _family_setup(rng)
    mover = rng.randrange(len(players))
    top = rng.randint(1, 71)
    pawns: dict[str, list[int]] = {}
    for i, cs in enumerate(cols):
        for c in cs:
            if i == mover:
                kind = rng.random()
                if kind < 0.15:
                    ps = [rng.choice([0, 72]) for _ in range(4)]
                else:
                    ps = [top] + [rng.choice([0, 72, rng.randint(1, top)]) for _ in range(3)]
            else:
                ps = [rng.choice([0, rng.randint(1, 71)]) for _ in range(4)]
            pawns[c] = ps
    return (
        _position(
            ruleset,
            players,
            pawns,
            options=flip(ruleset, rng),
            teams=teams,
            to_move=mover,
            doubles=2,
        ),
        _throw(rng, 0.8),
        "third-doublet",
    )


def eight_man_mixed_nest(rng: random.Random) -> Built:
    """§7: one colour with pawns in its nest and the other without: options A, B and C,
    mixed blockades, either colour taking bonuses."""
    ruleset, players, _, cols = _family_setup(rng, "eight-man")
    mover = rng.randrange(2)
    f = rng.choice(cols[mover])  # F: no pawn in its nest; the other colour, N, has one
    pawns: dict[str, list[int]] = {}
    centre = rng.randint(1, 64)
    for i, cs in enumerate(cols):
        for c in cs:
            if i != mover:
                pawns[c] = [rng.choice([0, rng.randint(1, 72)]) for _ in range(4)]
            elif c == f:
                pawns[c] = [
                    rng.choice([72, min(72, centre + rng.randint(0, 10))]) for _ in range(4)
                ]
            else:
                pawns[c] = [0] + [rng.choice([0, 72, rng.randint(1, 71)]) for _ in range(3)]
    return (
        _position(ruleset, players, pawns, options=flip(ruleset, rng), to_move=mover),
        _throw(rng, 0.85),
        "eight-man-options",
    )


def family_entering(rng: random.Random) -> Built:
    """§5.3: entering onto entry spaces held by one or two pawns (own, partner, opponent),
    with 5s, totals of 5 and double fives."""
    ruleset, players, teams, cols = _family_setup(rng)
    mover = rng.randrange(len(players))
    pawns: dict[str, list[int]] = {}
    for i, cs in enumerate(cols):
        for c in cs:
            ps = [0, 0] + [rng.choice([0, 1, rng.randint(1, 20), rng.randint(1, 72)]) for _ in "ab"]
            pawns[c] = ps
    throw = rng.choice([(5, 5), (5, rng.randint(1, 6)), (1, 4), (2, 3), (4, 1), (3, 2)])
    if rng.random() < 0.5:
        throw = (throw[1], throw[0])
    return (
        _position(ruleset, players, pawns, options=flip(ruleset, rng), teams=teams, to_move=mover),
        throw,
        "entering",
    )


# ---------------------------------------------------------------------------
# Pagade


def _pagade_setup(rng: random.Random) -> tuple[list[dict[str, Any]], Any, list[list[str]]]:
    kind = rng.choice(["four", "teams", "two"])
    if kind == "two":
        cols = [["red", "yellow"], ["black", "green"]]
        return [{"colours": c} for c in cols], None, cols
    cols = [[c] for c in PAGADE_COLOURS]
    return [{"colours": c} for c in cols], ([[0, 2], [1, 3]] if kind == "teams" else None), cols


def pagade_pairs_and_cuts(rng: random.Random) -> Built:
    """§4.3-§4.6: pairs moving on doublets (capturing pairs), cut pawns re-entering, cuts
    just before the belly (p 60..76) with and without the cut flag, X squares."""
    players, teams, cols = _pagade_setup(rng)
    n = len(players)
    mover = rng.randrange(n)
    cut = [rng.random() < 0.5 for _ in range(n)]
    centre = rng.randint(20, 76)
    pawns: dict[str, list[int]] = {}
    for cs in cols:
        for c in cs:
            p = rng.randint(max(1, centre - 12), min(84, centre + 8))
            ps = [p, p] if rng.random() < 0.5 else [p, rng.randint(1, 84)]
            ps += [
                rng.choice([0, rng.randint(max(1, centre - 12), min(84, centre + 8))]) for _ in "ab"
            ]
            pawns[c] = ps
    # A pawn at 0 (cut) needs an opponent who has cut; pawns past 76 need their own flag.
    for i, cs in enumerate(cols):
        if any(p >= 77 for c in cs for p in pawns[c]):
            cut[i] = True
    if any(0 in pawns[c] for cs in cols for c in cs):
        cut[(mover + 1) % n] = True
    throw = (
        _doublet(rng)
        if rng.random() < 0.5
        else (rng.choice((1, 3, 4, 6)), rng.choice((1, 3, 4, 6)))
    )
    if throw[0] not in (1, 3, 4, 6):
        throw = (rng.choice((1, 3, 4, 6)),) * 2
    return (
        _position(
            "pagade",
            players,
            pawns,
            options=flip("pagade", rng),
            teams=teams,
            to_move=mover,
            cut=cut,
        ),
        throw,
        "pagade-pairs-cuts",
    )


SCENARIOS: dict[str, Callable[[random.Random], Built]] = {
    "home-stretch": family_home_stretch,
    "bonus-chain": family_bonus_chain,
    "third-doublet": family_third_doublet,
    "eight-man-options": eight_man_mixed_nest,
    "entering": family_entering,
    "pagade-pairs-cuts": pagade_pairs_and_cuts,
}


def sample_built(rng: random.Random, valid: Callable[[dict[str, Any]], bool]) -> Iterator[Built]:
    """Endless built (position, throw, scenario) triples, scenarios in turn.

    ``valid`` says whether a position dict is a valid position (§3.6); rejected
    ones are drawn again.
    """
    names = list(SCENARIOS)
    k = 0
    while True:
        name = names[k % len(names)]
        for _ in range(200):
            pos, throw, tag = SCENARIOS[name](rng)
            if valid(pos):
                yield pos, throw, tag
                break
        k += 1
