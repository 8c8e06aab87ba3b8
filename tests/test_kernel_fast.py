"""The playouts' fast enumerator against the clear engine (sets of resulting positions).

A fixed, seeded share of tests/kernel_fast_differential.py: random positions
of every ruleset, set-up and random switches, and built positions aimed at
the rarest rules, compiled (and a small share uncompiled). The long run:
``python tests/kernel_fast_differential.py SECONDS SEED`` (docs/benchmarks.md).
"""

from __future__ import annotations

import itertools
import random
import threading
from array import array
from collections import Counter
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from kernel_fast_differential import (
    _valid,
    compare,
    family_pair_throw,
    reference,
    run,
    run_all_out,
    run_pairs,
    sample_positions,
)
from kernels import COMPILED, MODULES, UNCOMPILED
from pachisi import Position, _accel, dice_for, legal_plays
from pachisi._layout import S_TO_MOVE
from pachisi.bench import DEFAULT_PLAYERS


@pytest.mark.skipif(COMPILED is None, reason="the kernel is not compiled here")
def test_fast_outcomes_are_the_clear_engines() -> None:
    assert COMPILED is not None
    counts, failures = run(COMPILED, 60.0, 7, limit=4000, built=0.4)
    assert failures == []
    assert counts["total"] == 4000
    # every ruleset and every built scenario had its share
    for name in ("pagade", "whitman", "parcheesi", "eight-man", "third doublets"):
        assert counts[name] > 50, name
    assert sum(1 for k in counts if k.startswith("built:")) == 6


@pytest.mark.skipif(UNCOMPILED is None, reason="the kernel's source did not load")
def test_fast_outcomes_uncompiled() -> None:
    assert UNCOMPILED is not None
    counts, failures = run(UNCOMPILED, 60.0, 8, limit=150, built=0.5)
    assert failures == [] and counts["total"] == 150


def test_forced_doublets_and_a_third_doublet() -> None:
    """A third doublet sends the most advanced pawn home; a doublet's big Eight-Man graph."""
    module = COMPILED or UNCOMPILED
    if module is None:
        pytest.skip("no kernel module")
    pos = Position.from_text("parcheesi r,g - r:0.10.20.30,g:0.0.0.0 0 2 - - -")
    (after,) = _accel.fast_outcomes(pos, (4, 4), module)
    assert after.pawns[0] == (0, 0, 10, 20) and after.to_move == 1
    rng = random.Random(3)
    pos = Position.start("eight-man")
    dice = dice_for("eight-man")
    for _ in range(30):
        with _accel.pure():
            pos = rng.choice(legal_plays(pos, dice.roll(rng))).position
    for throw in ((1, 1), (2, 2), (5, 5), (6, 6)):
        if not pos.is_decided:
            with _accel.pure():
                want = {p.position for p in legal_plays(pos, throw)}
            assert set(_accel.fast_outcomes(pos, throw, module)) == want


@pytest.mark.parametrize("module", MODULES)
def test_repeat_outcomes_enumerates_the_outcomes(module: ModuleType) -> None:
    """The timing helper of ``bench --throw-costs`` enumerates what ``outcomes`` lists."""
    kern = module.Kernel()
    rng = random.Random(5)
    n = 12 if module is COMPILED else 3
    for ruleset, players in DEFAULT_PLAYERS.items():
        if ruleset not in _accel.KERNEL_RULESETS:  # Ludo and MADN: their own module
            continue
        start = Position.start(ruleset, players=players)
        dice = dice_for(ruleset)
        pos = start
        for _ in range(n):
            if pos.is_over:
                pos = start
            a, b = dice.roll(rng)
            cut = int(bool(pos.cut[pos.to_move])) if pos.cut is not None else 0
            args = (_accel._cfg(pos.setup, pos.to_move), (pos.pawns, pos.doubles, cut), (a, b))
            assert kern.repeat_outcomes(*args, 2) == len(kern.outcomes(*args))
            pos = rng.choice(_accel.fast_outcomes(pos, (a, b), module))


@pytest.mark.parametrize("module", MODULES)
def test_plays_after_a_large_unrecorded_throw(module: ModuleType) -> None:
    """A recorded throw (``plays``) after one of the playouts' copy that grew the outcome
    set past the recorded paths' arrays (385 outcomes) gives the plays a fresh kernel gives.

    Its path arrays were grown by copying the stale count of outcomes, reading past their
    ends (uncompiled an IndexError; compiled it crashed tests/kernel_fast_differential.py).
    """
    big = Position.from_text(
        "eight-man Ry,Bg - r:1.1.7.8,b:0.0.0.45,y:1.1.15.29,g:0.0.0.1 0 0 - - -"
    )
    small = Position.start("parcheesi", players=4)
    kern = module.Kernel()
    fresh = module.Kernel()

    def args(pos: Position, throw: tuple[int, int]) -> tuple[object, ...]:
        return (_accel._cfg(pos.setup, pos.to_move), (pos.pawns, pos.doubles, 0), throw)

    assert len(kern.outcomes(*args(big, (1, 1)))) == 385
    n = kern.plays(*args(small, (5, 3)))
    assert n == fresh.plays(*args(small, (5, 3))) and n > 0
    assert kern.decoded(15) == fresh.decoded(15)


def _groups(pos: Position) -> int:
    """The mover's groups of pawns more than 14 apart (``Kernel._f_split``)."""
    ps = sorted(p for c in pos.setup.players[pos.to_move] for p in pos.pawns[c] if 1 <= p <= 71)
    return sum(1 for i, p in enumerate(ps) if i == 0 or p - ps[i - 1] > 14)


@pytest.mark.parametrize("module", MODULES)
def test_doublets_with_every_pawn_out(module: ModuleType) -> None:
    """Doublets with every pawn of a one-colour mover out of the nest (the four numbers
    d, d, 7 - d, 7 - d), random set-ups and switches: the fast enumerator's records are
    the clear engine's results, both where the pawns fall into independent groups
    (``Kernel._f_split``) and where they do not, with captures among them."""
    from differential import sample_positions

    games = sample_positions(random.Random(21))
    want = 160 if module is COMPILED else 12
    seen: dict[str, int] = {"split": 0, "whole": 0, "capture": 0}
    failures: list[str] = []
    while seen["split"] + seen["whole"] < want:
        pos, (a, _) = next(games)
        mover = pos.setup.players[pos.to_move]
        if (
            pos.ruleset not in ("parcheesi", "whitman")
            or pos.is_decided
            or pos.doubles == 2
            or len(mover) != 1
            or 0 in pos.pawns[mover[0]]
        ):
            continue
        problem = compare(pos, (a, a), module)
        if problem is not None:
            failures.append(problem)
        seen["split" if _groups(pos) > 1 else "whole"] += 1
        nest = sum(ps.count(0) for ps in pos.pawns)
        if any(sum(ps.count(0) for ps in p.pawns) > nest for p in reference(pos, (a, a))):
            seen["capture"] += 1
    assert failures == []
    if module is COMPILED:
        assert seen["split"] > 30 and seen["whole"] > 30 and seen["capture"] > 30, seen


def test_built_doublets_with_every_pawn_out() -> None:
    """Built positions aimed at those doublets (tests/reference/built.py's
    ``family_all_out_doublet``: pawns spaced around the groups' gap of 14, blockades,
    the home stretch, bonuses), compiled: the fast records are the clear engine's."""
    if COMPILED is None:
        pytest.skip("the kernel is not compiled here")
    counts, failures = run_all_out(COMPILED, 60.0, 4, limit=200)
    assert failures == []
    split = sum(
        k
        for name, k in counts.items()
        if name.startswith("1 colour(s), ") and not name.endswith(" 1 group(s)")
    )
    assert split > 50 and counts["1 colour(s), 1 group(s)"] > 30, counts


@pytest.mark.parametrize("module", MODULES)
def test_built_throws_of_two_numbers(module: ModuleType) -> None:
    """Built throws of two different numbers (tests/reference/built.py's
    ``family_pair_throw``), which ``Kernel._f_pair_set`` explores for a one-colour
    mover: the fast records are the clear engine's, and the cases it looks at after
    the first move had their share (the moves meet: a blockade made or left, a
    capture on the way; a pawn to enter; a capture, a pawn reaching HOME)."""
    limit = 1500 if module is COMPILED else 400
    counts, failures = run_pairs(module, 60.0, 6, limit=limit)
    assert failures == []
    assert counts["pair path"] > limit // 2, counts
    for name in ("moves meet", "to enter", "capture", "HOME"):
        assert counts[f"pair path: {name}"] > limit // 20, counts


@pytest.mark.parametrize("module", MODULES)
def test_two_numbers_entering_before_both_numbers(module: ModuleType) -> None:
    """§5.6 puts entering first: red may enter with the 5 but then use the 3 nowhere
    (yellow's blockade on red's 4, red's own blockade on 15 in front of 13, yellow
    alone on the safety space of red's 18), while moving 5 from the blockade on 15
    first opens the way for the 3 from 13. The one play is the entry, not the two
    moves that use both numbers (``Kernel._f_pair_set`` leaves such a throw to the
    explorer's pass)."""
    pos = Position.from_text("parcheesi r,y - r:0.13.15.15,y:0.38.38.52 0 0 - - -")
    for throw in ((5, 3), (3, 5)):
        assert {p.to_text() for p in reference(pos, throw)} == {
            "parcheesi r,y - r:1.13.15.15,y:0.38.38.52 1 0 - - -"
        }
        assert compare(pos, throw, module) is None


def _split_ends(text: str, throw: tuple[int, int]) -> tuple[Counter[object], int]:
    """What the uncompiled ``Kernel._f_split`` did with the combinations it made
    (``_f_comb``): ``emitted`` as made (and each state's emissions, by lanes and
    captures), or stored with a ``capture`` or a ``home`` bonus; and ``n_tags``."""
    assert UNCOMPILED is not None

    class Spy(UNCOMPILED.Kernel):  # type: ignore[name-defined,misc]
        def __init__(self) -> None:
            super().__init__()
            self.seen: Counter[object] = Counter()
            self.in_comb = False

        def _f_comb(self, *args: object) -> None:
            self.in_comb = True
            try:
                super()._f_comb(*args)
            finally:
                self.in_comb = False

        def _f_emit(self, pa: int, pb: int, gone: int, *rest: object) -> int:
            if self.in_comb:
                self.seen["emitted"] += 1
                self.seen[(pa, gone)] += 1
            return int(super()._f_emit(pa, pb, gone, *rest))

        def _f_store(self, pa: int, w2: int) -> int:
            if self.in_comb:
                self.seen["capture" if UNCOMPILED._word_gone(w2) else "home"] += 1
            return int(super()._f_store(pa, w2))

    pos = Position.from_text(text)
    kern = Spy()
    kern.outcomes(_accel._cfg(pos.setup, pos.to_move), (pos.pawns, pos.doubles, 0), throw)
    return kern.seen, kern.n_tags


def test_split_doublet_combinations_stored_without_a_look_up() -> None:
    """``Kernel._f_split`` makes the groups' combinations without a look-up: red's 58
    and 60, split into lone pawns (``_f_apart``; red's 20 is another group), make
    the same combination twice (the 58 + 2 and the 60 + 5, or the 58 + 2 + 5 and
    the 60 staying: 60 and 65 either way; as one group, two of its states differed
    only in §5.8's no-split flag), which is then emitted twice and recorded once.
    With a starting blockade (§5.5's tags, red's two pawns on 20, the 50 the other
    group) the combinations are emitted as made too, none with the two together
    elsewhere (the group's states that break §5.5 left out), their lanes sorted.
    The fast records are the clear engine's, compiled and not."""
    if UNCOMPILED is None:
        pytest.skip("no uncompiled kernel")
    bonus_part = UNCOMPILED._BONUS_PART
    for text, tags in (
        ("parcheesi r,y - r:20.58.60.72,y:0.0.38.52 0 0 - - -", 0),
        ("parcheesi r,y - r:20.20.50.72,y:0.0.38.52 0 0 - - -", 1),
    ):
        pos = Position.from_text(text)
        assert pos.setup.option("no_split_doubles_home")
        for module in (COMPILED, UNCOMPILED):
            if module is not None:
                assert compare(pos, (2, 2), module) is None
        seen, n_tags = _split_ends(text, (2, 2))
        assert n_tags == tags
        twice = [k for k, n in seen.items() if isinstance(k, tuple) and n > 1]
        if tags:
            assert seen["emitted"] > 10
            for key in seen:
                if isinstance(key, tuple):
                    lanes = [(key[0] >> (16 * k)) & 0xFFFF for k in range(4)]
                    assert lanes == sorted(lanes)
                    tagged = [lane & 127 for lane in lanes if lane >> 8]
                    assert len(tagged) == 2
                    assert tagged[0] != tagged[1] or tagged[0] == 20
            kern = UNCOMPILED.Kernel()
            kern.outcomes(_accel._cfg(pos.setup, pos.to_move), (pos.pawns, pos.doubles, 0), (2, 2))
            dice_part = [
                tuple(kern.f_states[3 * i : 3 * i + 3])
                for i in range(kern.f_n_states)
                if not kern.f_states[3 * i + 2] & bonus_part
            ]
            assert len(dice_part) == len(set(dice_part))
        else:
            assert twice


def test_split_doublet_ends_emitted_as_made() -> None:
    """Without blockade tags ``Kernel._f_split`` emits a combination without a bonus
    as it is made and stores those with one (§5.7) for the bonus part: red's 20 and
    58, 60 on (2, 2), yellow's pawn on its 58 on a square that red's 20 can land on
    (a capture, 20 squares), red's 58 home with all four numbers (10 squares). Each
    kind has its share; the fast records are the clear engine's, compiled and not."""
    if UNCOMPILED is None:
        pytest.skip("no uncompiled kernel")
    text = "parcheesi r,y - r:20.58.60.72,y:0.0.58.52 0 0 - - -"
    seen, n_tags = _split_ends(text, (2, 2))
    assert n_tags == 0
    assert seen["emitted"] >= 10 and seen["capture"] >= 3 and seen["home"] == 1
    pos = Position.from_text(text)
    assert _groups(pos) == 2
    for module in (COMPILED, UNCOMPILED):
        if module is not None:
            assert compare(pos, (2, 2), module) is None


def test_split_doublet_not_all_numbers_used() -> None:
    """``Kernel._f_split`` selects without the selection's pass where no blockade tag
    (§5.5) can fail: red's 7 and 9 (one group) and 60 (another) on (6, 6), yellow's
    blockade on 44 in the way, cannot use all four numbers; under §5.8's
    ``partial_doubles`` "nothing" nothing moves, under "forfeit_extra_throw" the most
    numbers usable are used. The fast records are the clear engine's, compiled and not."""
    for opt, moved in (("", False), ("{partial_doubles=forfeit_extra_throw}", True)):
        pos = Position.from_text(f"parcheesi{opt} r,y - r:7.9.60.72,y:31.44.44.49 0 0 - - -")
        want = reference(pos, (6, 6))
        totals = {sum(p.pawns[0]) - sum(pos.pawns[0]) for p in want}
        assert (min(totals) > 0 and max(totals) < 14) if moved else totals == {0}
        assert _groups(pos) == 2
        for module in (COMPILED, UNCOMPILED):
            if module is not None:
                assert compare(pos, (6, 6), module) is None
    if UNCOMPILED is not None:
        kern = UNCOMPILED.Kernel()
        kern.outcomes(_accel._cfg(pos.setup, pos.to_move), (pos.pawns, pos.doubles, 0), (6, 6))
        assert kern.n_tags == 0


def test_lanes_sorted_or_not() -> None:
    """``_sort4_mostly_sorted`` (``Kernel._f_context``: a game's pawns are in order, other
    positions' need not be) is :func:`_sort4` on any lanes below 0x8000, in order or
    not, and ``_canon4_mostly_sorted`` is ``_canon4``."""
    if UNCOMPILED is None:
        pytest.skip("no uncompiled kernel")
    k = UNCOMPILED
    rng = random.Random(35)
    seen = {True: 0, False: 0}
    for i in range(20000):
        top = (0x7FFF, 127, 72, 3)[i % 4]  # lanes with tags, progress numbers, few values
        lanes = [rng.randint(0, top) for _ in range(4)]
        if i % 3 == 0:
            lanes.sort()
        w = sum(v << (16 * j) for j, v in enumerate(lanes))
        ordered = lanes == sorted(lanes)
        seen[ordered] += 1
        assert bool(k._lanes_sorted(w)) == ordered, lanes
        assert k._sort4_mostly_sorted(w) == k._sort4(w), lanes
        assert k._canon4_mostly_sorted(w) == k._canon4(w), lanes
    assert min(seen.values()) > 5000


@pytest.mark.parametrize("module", MODULES)
def test_outcomes_of_pawns_out_of_order(module: ModuleType) -> None:
    """The fast enumerator given each colour's pawns out of order (``Kernel.outcomes``
    takes them as they come; a game keeps them in order) finds the same outcomes as
    with them in order: ``_f_context`` sorts what is not sorted."""
    rng = random.Random(12)
    for name, players in (("parcheesi", 4), ("whitman", 2), ("eight-man", 2)):
        pos = Position.start(name, players=players)
        dice = dice_for(name)
        setup = pos.setup
        checked = 0
        for _ in range(120):
            if pos.is_decided:
                break
            throw = dice.roll(rng)
            cut0 = pos.cut
            mover = pos.to_move
            cut = int(bool(cut0[mover])) if cut0 is not None else 0
            shuffled = tuple(tuple(reversed(ps)) for ps in pos.pawns)
            kern = _accel._kernel(module)
            cfg = _accel._cfg(setup, mover)
            want = sorted(kern.outcomes(cfg, (pos.pawns, pos.doubles, cut), tuple(throw)))
            got = sorted(kern.outcomes(cfg, (shuffled, pos.doubles, cut), tuple(throw)))
            assert got == want, (pos, throw)
            checked += shuffled != pos.pawns
            with _accel.pure():
                pos = rng.choice(legal_plays(pos, throw)).position
        assert checked > 20


def test_raised_canon_is_the_key_field_of_raised() -> None:
    """``_raised_canon`` (``Kernel._f_pair_set``'s key field of a state using both numbers,
    without blockade tags) is ``_canon_sorted`` of ``_raised``: for sorted lanes of
    progress numbers, any lane raised to any larger progress number."""
    if UNCOMPILED is None:
        pytest.skip("no uncompiled kernel")
    k = UNCOMPILED
    rng = random.Random(41)
    moved = 0
    for _ in range(20000):
        lanes = sorted(rng.randint(0, 72) for _ in range(4))
        w = sum(v << (16 * j) for j, v in enumerate(lanes))
        i = rng.randrange(4)
        v = rng.randint(lanes[i], 72)
        want = k._canon_sorted(k._raised(w, i, v))
        assert k._raised_canon(w, i, v) == want, (lanes, i, v)
        after = [*lanes[:i], v, *lanes[i + 1 :]]
        moved += sorted(after) != after
    assert moved > 2000  # the raised lane often passes others


@pytest.mark.parametrize("module", MODULES)
def test_playouts_after_other_set_ups(module: ModuleType) -> None:
    """``kp_setup`` makes each player's finishing masks (``Kernel.kp_fin``) for the games
    of its call: a set-up's games are the same whatever set-ups the same kernel played
    before (a stale player's mask ends a game early or late), and as a new kernel's
    (another thread's)."""
    positions = [
        Position.start("parcheesi", players=4),
        Position.start("parcheesi", players=2),
        Position.start("eight-man"),
        Position.start("parcheesi", players=4, teams=True),
    ]
    n = 6 if module is COMPILED else 2
    fresh: dict[int, object] = {}

    def play_fresh(i: int) -> None:  # on a new thread: its own new kernel
        fresh[i] = _accel.playouts(positions[i], n, 5, module=module)

    for i in range(len(positions)):
        thread = threading.Thread(target=play_fresh, args=(i,))
        thread.start()
        thread.join()
    assert len(fresh) == len(positions)
    for order in ([0, 1, 2, 3], [3, 2, 1, 0], [2, 0, 3, 1]):
        for i in order:
            assert _accel.playouts(positions[i], n, 5, module=module) == fresh[i], (order, i)


def _lone_groups(text: str, throw: tuple[int, int]) -> list[tuple[int, list[tuple[int, int]]]]:
    """The groups of one pawn of the uncompiled ``Kernel._f_split`` (``_f_alone``): each
    group's pawn and its states (lanes, third word), checked to be those the explorer
    (``_f_pf_edges`` from the same root) makes, in the same order."""
    assert UNCOMPILED is not None

    class Spy(UNCOMPILED.Kernel):  # type: ignore[name-defined,misc]
        def __init__(self) -> None:
            super().__init__()
            self.lone: list[tuple[int, list[tuple[int, int]]]] = []

        def _states(self) -> list[tuple[int, int]]:
            return [
                (self.f_states[3 * i], self.f_states[3 * i + 2]) for i in range(self.f_n_states)
            ]

        def _f_alone(self, pa: int, root: int, up: int) -> None:
            self._f_reset()
            self.f_stack_top = 0
            self._f_push(pa, self.f_start_b, root)
            while self.f_stack_top > 0:
                self.f_stack_top -= 1
                i = self.f_stack[self.f_stack_top]
                self._f_pf_edges(
                    self.f_states[3 * i], self.f_states[3 * i + 1], self.f_states[3 * i + 2], i, 0
                )
            explored = self._states()
            self._f_reset()
            self.f_stack_top = 0
            super()._f_alone(pa, root, up)
            # the same states but for _f_alone's flag (bit 63 of the third word): set on
            # exactly those on a square in ``up`` (from the pawn's, bit 0)
            alone = self._states()
            top = 1 << 63
            assert [(w, w2 & ~top) for w, w2 in alone] == explored
            p0 = pa & 0x7F
            assert [w2 & top != 0 for _, w2 in alone] == [
                bool(up >> ((w & 0x7F) - p0) & 1) and i > 0 for i, (w, _) in enumerate(alone)
            ]
            self.lone.append((pa & 0xFFFF, explored))

    pos = Position.from_text(text)
    kern = Spy()
    kern.outcomes(_accel._cfg(pos.setup, pos.to_move), (pos.pawns, pos.doubles, 0), throw)
    return kern.lone


def test_split_doublet_lone_pawns() -> None:
    """``Kernel._f_split`` makes the states of a group of one pawn directly
    (``_f_alone``), the explorer's states in its order: red's 20 and 58 (two groups
    of one) on (2, 2). The 20 may capture yellow's pawn on yellow's 58 on the way, so
    some numbers used end on one square with and without the capture; with yellow's
    blockade on yellow's 64, within the 20's reach, fewer states; the 58 goes HOME
    with all four numbers (§5.8's no-split rule), and red's 63, which 2 + 2 + 5 would
    take there, not at all. The fast records are the clear engine's, compiled and
    not."""
    if UNCOMPILED is None:
        pytest.skip("no uncompiled kernel")
    sizes = []
    for text in (
        "parcheesi r,y - r:20.58.72.72,y:0.0.58.52 0 0 - - -",
        "parcheesi r,y - r:20.58.72.72,y:64.64.58.52 0 0 - - -",
    ):
        pos = Position.from_text(text)
        assert pos.setup.option("no_split_doubles_home") and _groups(pos) == 2
        lone = _lone_groups(text, (2, 2))
        assert [p for p, _ in lone] == [20, 58]
        (_, s20), (_, s58) = lone
        assert len(set(s20)) == len(s20) and len(set(s58)) == len(s58)
        squares: dict[int, set[int]] = {}
        for w, w2 in s20:
            squares.setdefault(w & 0xFFFF, set()).add(UNCOMPILED._word_gone(w2))
        assert any(len(g) > 1 for g in squares.values())  # with and without the capture
        home = [w2 for w, w2 in s58 if w & 0xFFFF == 72]
        assert home and all(UNCOMPILED._word_nleft(w2) == 0 for w2 in home)
        sizes.append(len(s20))
        for module in (COMPILED, UNCOMPILED):
            if module is not None:
                assert compare(pos, (2, 2), module) is None
    assert sizes[1] < sizes[0]  # the blockade closes some of the 20's moves
    # red's 63 could reach HOME with 2 + 2 + 5, but §5.8 wants all four numbers by it alone
    text = "parcheesi r,y - r:20.63.72.72,y:0.0.58.52 0 0 - - -"
    lone = _lone_groups(text, (2, 2))
    assert [p for p, _ in lone] == [20, 63]
    assert all(w & 0xFFFF < 72 for w, _ in lone[1][1]) and len(lone[1][1]) > 3
    for module in (COMPILED, UNCOMPILED):
        if module is not None:
            assert compare(Position.from_text(text), (2, 2), module) is None


def test_split_lone_pawns_without_lookup() -> None:
    """``Kernel._f_comb`` writes the ends of a split doublet without the outcome table's
    look-up unless a block's state has a lane on a square that a pawn of a higher
    block may reach (``_f_split_reach``, flagged by ``_f_alone`` for one pawn): red's
    40 and 42 on (2, 2), cut into two blocks of one, where 40 + 2 and 42 + 5 or 40 +
    2 + 5 and 42 staying make one end twice; red's 40 is flagged where the 42 reaches
    (42 + the sums of {2, 2, 5, 5}), the ends with a flagged state are looked up, the
    others not, and the outcomes are the clear engine's, compiled and not."""
    if UNCOMPILED is None:
        pytest.skip("no uncompiled kernel")

    class Spy(UNCOMPILED.Kernel):  # type: ignore[name-defined,misc]
        def __init__(self) -> None:
            super().__init__()
            self.ups: list[tuple[int, int]] = []
            self.new = 0

        def _f_alone(self, pa: int, root: int, up: int) -> None:
            self.ups.append((pa & 0x7F, up))
            super()._f_alone(pa, root, up)

        def _f_keep_new(self, hi: int, lo: int, x: int) -> None:
            self.new += 1
            super()._f_keep_new(hi, lo, x)

    text = "parcheesi r,y - r:40.42.72.72,y:0.0.0.0 0 0 - - -"
    pos = Position.from_text(text)
    kern = Spy()
    kern.outcomes(_accel._cfg(pos.setup, pos.to_move), (pos.pawns, pos.doubles, 0), (2, 2))
    sums = {2 * i + 5 * j for i in range(3) for j in range(3)}
    up40 = sum(1 << (2 + x) for x in sums)
    assert kern.ups == [(40, up40), (42, 0)]
    # the ends use all four numbers: 40 + a and 42 + 14 - a, a a sum of {2, 2, 5, 5};
    # only those with a = 0, 5 or 10 (40's end where the 42 cannot reach) are written
    # without the look-up
    assert [a for a in sorted(sums) if not up40 >> a & 1] == [0, 5, 10]
    assert kern.new == 3
    for module in (COMPILED, UNCOMPILED):
        if module is not None:
            assert compare(pos, (2, 2), module) is None


def _two_number_throws(
    seed: int, n: int, adjust: Callable[[dict[str, Any], int], None] | None = None
) -> list[tuple[Position, tuple[int, int]]]:
    """``n`` built throws of two different numbers (``family_pair_throw``; ``adjust``
    may change the ``i``-th one's position dict first) and ``n`` such throws met in
    seeded random games (not Pagade), none in a decided position."""
    rng = random.Random(seed)
    throws: list[tuple[Position, tuple[int, int]]] = []
    while len(throws) < n:
        d, throw, _ = family_pair_throw(rng)
        if adjust is not None:
            adjust(d, len(throws))
        if _valid(d) and not Position.from_dict(d).is_decided:
            throws.append((Position.from_dict(d), throw))
    games = sample_positions(random.Random(seed + 1))
    while len(throws) < 2 * n:
        pos, throw = next(games)
        if throw[0] != throw[1] and not pos.is_decided and pos.ruleset != "pagade":
            throws.append((pos, throw))
    return throws


def _differing(
    new: Any, old: Any, throws: list[tuple[Position, tuple[int, int]]], *, ordered: bool
) -> list[str]:
    """The throws whose outcomes differ between two uncompiled kernels: as lists in
    their order (``ordered``), or sorted (a record twice is still a difference)."""
    failures = []
    for pos, throw in throws:
        cfg = _accel._cfg(pos.setup, pos.to_move)
        state = (pos.pawns, pos.doubles, 0)
        a = list(new.outcomes(cfg, state, throw))
        b = list(old.outcomes(cfg, state, throw))
        if not ordered:
            a, b = sorted(a), sorted(b)
        if a != b:
            failures.append(f"{pos.to_text()} {throw}: {len(a)} against {len(b)}")
    return failures


def _pair_paths(seed: int, n: int) -> tuple[Counter[str], list[str]]:
    """The uncompiled kernel's outcomes of ``n`` built throws of two numbers
    (``family_pair_throw``) and of the throws of two numbers of seeded random games,
    by ``Kernel._f_pair_set``'s paths from the root's lanes (``_f_pair_direct``,
    ``_f_pair_enter``) and by its loops over the first move's lanes alone (the
    subclass that turns the paths off): how many throws each path took, and the
    throws whose outcomes differ (as lists, sorted: a record twice is a difference)."""
    assert UNCOMPILED is not None
    seen: Counter[str] = Counter()

    class Paths(UNCOMPILED.Kernel):  # type: ignore[name-defined,misc]
        def _f_pair_direct(self, nums: int) -> None:
            seen["direct"] += 1
            super()._f_pair_direct(nums)

        def _f_pair_enter(self, nums: int) -> bool:
            done = bool(super()._f_pair_enter(nums))
            seen["enter" if done else "enter, then the loops"] += 1
            return done

    class Loops(UNCOMPILED.Kernel):  # type: ignore[name-defined,misc]
        def _f_pair_by_root(self) -> bool:
            return False

    return seen, _differing(Paths(), Loops(), _two_number_throws(seed, n), ordered=False)


def test_pair_paths_from_the_root_are_the_loops() -> None:
    """``Kernel._f_pair_direct`` (no pawn can enter) and ``Kernel._f_pair_enter`` (one
    may) give the outcomes of ``Kernel._f_pair_set``'s loops over the first move's
    lanes, none twice, on built and random throws of two numbers; each path (and the
    loops after ``_f_pair_enter`` found no state that entered a pawn) had its share."""
    if UNCOMPILED is None:
        pytest.skip("no uncompiled kernel")
    seen, failures = _pair_paths(35, 700)
    assert failures == []
    assert seen["direct"] > 300 and seen["enter"] > 100, seen
    assert seen["enter, then the loops"] > 5, seen


def _pair_bonus_paths(seed: int, n: int) -> tuple[Counter[str], list[str]]:
    """The uncompiled kernel's outcomes of ``n`` built throws of two numbers and of
    the throws of two numbers of seeded random games, with the two-number paths'
    own bonus part (``Kernel._f_pair_root``, ``_f_pair_bonus``) and with
    ``Kernel._f_finish``'s (the subclass that turns it off): the throws whose
    outcomes differ as lists, in their order (the raw order is the same), and what
    the bonus states looked like (their kinds of bonus, their ends)."""
    assert UNCOMPILED is not None
    seen: Counter[str] = Counter()
    inside = [False]
    equal = UNCOMPILED.C_CAPTURE_BONUS, UNCOMPILED.C_HOME_BONUS

    class Own(UNCOMPILED.Kernel):  # type: ignore[name-defined,misc]
        def _f_pair_bonus_edges(self, pa: int, w2: int, *masks_and_key: int) -> int:
            n_edges = int(super()._f_pair_bonus_edges(pa, w2, *masks_and_key))
            seen["states"] += 1
            seen["capture bonus"] += (w2 & 15) > 0
            seen["home bonus"] += (w2 >> 4 & 15) > 0
            both = (w2 & 15) > 0 and (w2 >> 4 & 15) > 0
            seen["both"] += both
            seen["both, equal bonuses"] += both and self.cfg[equal[0]] == self.cfg[equal[1]]
            seen["no move"] += n_edges == 0
            seen["captured before"] += (w2 >> 47 & 0xFFFF).bit_count() > 1
            seen["tags"] += (pa & ~0x007F007F007F007F) != 0
            return n_edges

        def _f_pair_bonus(self) -> None:
            inside[0] = True
            super()._f_pair_bonus()
            inside[0] = False

        def _f_emit(self, pa: int, pb: int, gone: int, cut: int, extra: int, spec: int) -> int:
            # (in _f_pair_bonus: only the ends whose bonus move captured, without a bonus)
            seen["an end that captured"] += inside[0]
            return int(super()._f_emit(pa, pb, gone, cut, extra, spec))

    class Finish(UNCOMPILED.Kernel):  # type: ignore[name-defined,misc]
        def _f_pair_bonus_by_root(self) -> bool:
            return False

    def bonuses(d: dict[str, Any], i: int) -> None:
        # no capture bonus with a home bonus, or equal bonuses (the second pass of
        # _f_bonus_edges left out), a third of the built throws each
        if i % 3:
            d["options"]["capture_bonus"] = 0 if i % 3 == 1 else 10
            d["options"]["home_bonus"] = 10

    throws = _two_number_throws(seed, n, bonuses)
    return seen, _differing(Own(), Finish(), throws, ordered=True)


def test_pair_bonus_part_is_finish() -> None:
    """The two-number paths' own bonus part (``Kernel._f_pair_root``,
    ``_f_pair_bonus``, ``_f_pair_bonus_edges``) gives ``Kernel._f_finish``'s
    outcomes in ``_f_finish``'s order, on built and random throws of two numbers;
    its states had each kind of bonus, captures before, blockade tags, and no move."""
    if UNCOMPILED is None:
        pytest.skip("no uncompiled kernel")
    seen, failures = _pair_bonus_paths(36, 1500)
    assert failures == []
    for kind in ("capture bonus", "home bonus", "no move", "captured before", "tags"):
        assert seen[kind] > 20, seen
    assert seen["both, equal bonuses"] > 0 and seen["an end that captured"] > 0, seen
    assert seen["states"] > 300, seen


def test_short_hit_is_range_hit() -> None:
    """``_short_hit`` (``Kernel._f_land1``'s test of the squares passed) is
    ``_range_hit`` for every range it is used on (``1 <= a <= b``, ``b - a < 63``,
    within 128 bits), on random masks and masks of one bit."""
    if UNCOMPILED is None:
        pytest.skip("no uncompiled kernel")
    k = UNCOMPILED
    rng = random.Random(35)
    masks = [(rng.getrandbits(64) & rng.getrandbits(64), rng.getrandbits(64)) for _ in range(6)]
    masks += [(1 << q, 0) for q in (0, 1, 5, 62, 63)] + [(0, 1 << q) for q in (0, 1, 7, 63)]
    hits = 0
    for lo, hi in masks:
        for a in range(1, 128):
            for b in range(a, min(a + 63, 128)):
                want = k._range_hit(lo, hi, a, b)
                assert k._short_hit(lo, hi, a, b) == want, (lo, hi, a, b)
                hits += want
    assert hits > 1000


@pytest.mark.parametrize("module", MODULES)
def test_two_numbers_entering_onto_a_lone_pawn(module: ModuleType) -> None:
    """A pawn that enters captures a lone pawn of another colour on its entry square,
    a safety space (§5.3, §5.4), whichever number it enters with, and a pawn on the
    board may move first (``Kernel._f_pair_enter``; red's entry square is yellow's 35):
    the fast records are the clear engine's, and a capture is among them."""
    pos = Position.from_text("parcheesi r,y - r:0.0.20.30,y:0.0.0.35 0 0 - - -")
    for throw in ((5, 3), (2, 5), (1, 4)):
        want = reference(pos, throw)
        assert any(p.pawns[2] == (0, 0, 0, 0) for p in want), throw
        assert compare(pos, throw, module) is None
    if module is UNCOMPILED:
        # the entering path's outcomes, not the loops' after it found nothing entered
        handled: list[bool] = []

        class Spy(module.Kernel):  # type: ignore[name-defined,misc]
            def _f_pair_enter(self, nums: int) -> bool:
                handled.append(bool(super()._f_pair_enter(nums)))
                return handled[-1]

        for throw in ((5, 3), (2, 5), (1, 4)):
            Spy().outcomes(_accel._cfg(pos.setup, pos.to_move), (pos.pawns, 0, 0), throw)
        assert handled == [True, True, True]


def _context(k: Any) -> tuple[object, ...]:
    """Everything ``Kernel._f_context`` makes that the throw then reads (a square's
    friendliness and place in the occupied list only where the others stand)."""
    n = k.f_n_occupied
    occupied = list(k.f_occupied[:n])
    return (
        k.f_route_a,
        k.f_route_b,
        occupied,
        list(k.f_others_on),
        [k.f_occupied_index[s] for s in occupied],
        [k.f_others_friendly[s] for s in occupied],
        (k.f_others_lo, k.f_others_hi, list(k.f_blockades_lo), list(k.f_blockades_hi)),
        (k.f_others_key_hi, k.f_others_key_lo, k.f_last_gone, k.f_last_hi, k.f_last_lo),
        # (the others' key fields kept by captures: none yet of this context's)
        (sum(g == k.f_context_gen for g in k.f_cached_gen), k.f_bl_gone),
        (k.n_tags, list(k.tag_sq[1 : k.n_tags + 1]), k.f_start_a, k.f_start_b),
        (k.f_home_before, k.f_nest_before),
    )


#: Set-ups whose games the kept contexts are checked on: one colour per player,
#: two (Eight-Man), teams (friendly squares), Pagade (its dead-end checks in
#: simulate make contexts between a game's throws).
_CONTEXT_SETUPS = [
    Position.start("parcheesi", players=4),
    Position.start("parcheesi", players=2),
    Position.start("eight-man"),
    Position.start("parcheesi", players=4, teams=True),
    Position.start("pagade", players=4),
]


def _checked_kernel(hints: Counter[int]) -> Any:
    """A subclass of the uncompiled ``Kernel`` whose every context is checked against a
    new kernel's, made from the same table and position with no hint; ``hints``
    counts the hints it was given."""
    assert UNCOMPILED is not None
    base = UNCOMPILED.Kernel

    class Checked(base):  # type: ignore[misc, valid-type]
        def _f_context(self, spec: object, hint: int) -> None:
            super()._f_context(spec, hint)
            fresh = base()
            fresh.cfg = self.cfg
            fresh.pos = self.pos
            base._f_context(fresh, spec, 0)
            assert _context(self) == _context(fresh), (hint, sum(hints.values()))
            hints[hint] += 1

    return Checked


def test_kept_context_is_a_fresh_kernels(monkeypatch: pytest.MonkeyPatch) -> None:
    """The games tell ``_f_context`` what it may keep or take from the last play's key
    (its ``hint``): each context so made in games of several set-ups, played in turn on
    one kernel, equals the one a new kernel makes from the same table and position
    with no hint; and both hints occur."""
    if UNCOMPILED is None:
        pytest.skip("no uncompiled kernel")
    games_module = _accel._games_module(UNCOMPILED)
    hints: Counter[int] = Counter()
    monkeypatch.setattr(games_module, "Kernel", _checked_kernel(hints))
    results: dict[int, object] = {}

    def play() -> None:  # a new thread: its own games, on a Checked kernel
        for i, pos in enumerate(_CONTEXT_SETUPS):
            results[i] = _accel.playouts(pos, 3, 7, max_throws=100, module=UNCOMPILED)
        results[-1] = _accel.simulate_games(
            _CONTEXT_SETUPS[-1], [3, 4], [0, 1], [0, 1], max_throws=100, module=UNCOMPILED
        )

    thread = threading.Thread(target=play)
    thread.start()
    thread.join()
    assert len(results) == len(_CONTEXT_SETUPS) + 1
    assert hints[1] > 100 and hints[2] > 10, hints


@pytest.mark.parametrize("module", MODULES)
def test_games_between_other_entry_points(module: ModuleType) -> None:
    """A game's throws keep what the last play left (``kp_enumerate``'s ``played``):
    games, greedy games and simulated games (Pagade's dead-end checks among them)
    played on one kernel between each other and the kernel's other entry points
    (fast outcomes, the batched environments' steps) are each as on a new kernel
    (another thread's)."""
    from pachisi.rl.vector import kernel_batch

    compiled = module is COMPILED
    n = 4 if compiled else 1
    calls: list[Any] = [
        lambda: _accel.playouts(_CONTEXT_SETUPS[0], n, 11, module=module),
        lambda: _accel.simulate_games(_CONTEXT_SETUPS[4], [5, 6], [0, 2], [0, 5], module=module),
        lambda: _accel.playouts(_CONTEXT_SETUPS[2], n, 12, module=module, greedy=True),
        lambda: _accel.fast_outcomes(_CONTEXT_SETUPS[3], (5, 5), module),
        lambda: _accel.playouts(_CONTEXT_SETUPS[3], n, 13, max_throws=90, module=module),
        lambda: _accel.playouts(_CONTEXT_SETUPS[1], n, 14, module=module),
    ]
    fresh: dict[int, object] = {}

    def call_fresh(i: int) -> None:
        fresh[i] = calls[i]()

    for i in range(len(calls)):
        thread = threading.Thread(target=call_fresh, args=(i,))
        thread.start()
        thread.join()
    assert len(fresh) == len(calls)
    batch: Any = kernel_batch(_CONTEXT_SETUPS[0].setup, 1, 256, 30, compiled)
    batch.reset(3)
    for order in ([0, 1, 2, 3, 4, 5], [5, 4, 3, 2, 1, 0], [2, 5, 0, 4, 1, 3]):
        for i in order:
            assert calls[i]() == fresh[i], (order, i)
            batch.play(0)  # a batched environment's step between them


def test_no_context_kept_across_another_or_from_an_unplayed_state() -> None:
    """A game throw after the mover's own doublet keeps the others' part of the last
    context only where that context was the game's last throw's, made from the last
    play's state: not after another context made on the kernel between the two
    throws, nor after a first throw from a state whose other colours' pawns were out of
    order (the squares' order would differ from a new kernel's)."""
    if UNCOMPILED is None:
        pytest.skip("no uncompiled kernel")
    k = UNCOMPILED
    pos = Position.start("parcheesi", players=4)
    game = _accel.game_table(pos.setup)
    start = list(_accel.game_state(pos))
    # the others' pawns out of order on their colours' routes; red to move
    start[4:8] = [30, 12, 0, 0]
    start[8:12] = [40, 0, 25, 0]
    start[12:16] = [0, 0, 0, 9]
    for between in (False, True):
        hints: Counter[int] = Counter()
        kern = _checked_kernel(hints)()
        k.kp_setup(kern, game, None, None)
        gs = k.kp_state(kern)
        for i, v in enumerate(start):
            gs[i] = v
        mover = gs[S_TO_MOVE]
        others = [sorted(gs[4 * c : 4 * c + 4]) for c in range(1, 4)]
        for played in (False, True):
            before = hints.copy()
            for throw in range(1, 7):  # a doublet that grants red another throw, no capture
                m = k.kp_enumerate(kern, throw, throw, 0, False, played) >> 1
                rows = [k.kp_row(kern, i) for i in range(m)]
                same = [
                    r
                    for r in rows
                    if kern.f_outcomes[3 * r + 2] & 1
                    and _key_pawns(kern, r)[4:] == [p for c in others for p in c]
                ]
                if same:
                    break
            assert same, "no doublet granted red another throw"
            # the first throw from the state played (its context the first throw's): no
            # context kept, the others' pawns having been out of order then
            assert hints - before == Counter({int(played): 1 if played else throw}), hints
            k.kp_play(kern, same[0], mover, 0)
            assert gs[S_TO_MOVE] == mover
            assert list(gs[:16]) == _key_pawns(kern, same[0])
        if between:  # another player's context on the same kernel, the state unchanged
            kern._use_cfg(game, 2)
            kern._f_plays(3, 4, False, 0)
        before = hints.copy()
        k.kp_enumerate(kern, 3, 4, 0, False, True)
        assert hints - before == Counter({1 if between else 2: 1}), (between, hints)
        # a new game from the first state: its first play writes every colour's pawns
        # (the last play's key, whose others' fields are the same, is not this state's)
        for i, v in enumerate(start):
            gs[i] = v
        k.kp_enumerate(kern, 3, 4, 0, False, False)
        row = k.kp_row(kern, 0)
        k.kp_play(kern, row, mover, 0)
        assert list(gs[:16]) == _key_pawns(kern, row)


def _key_pawns(kern: Any, r: int) -> list[int]:
    """The 16 pawns of the uncompiled kernel's outcome of row ``r``, colour by colour."""
    assert UNCOMPILED is not None
    hi, lo = kern.f_outcomes[3 * r], kern.f_outcomes[3 * r + 1]
    return [UNCOMPILED._key_pawn(hi, lo, c, j) for c in range(4) for j in range(4)]


def _apart(ps: list[int], d: int, others: tuple[int, ...] = ()) -> list[int]:
    """The uncompiled ``Kernel._f_apart`` on the group of pawns ``ps`` (sorted progress
    numbers) and the doublet (d, d), the other colours' pawns on ``others``: the sizes
    of the blocks it cuts the group into, from the lowest (``[len(ps)]``: not cut)."""
    assert UNCOMPILED is not None
    kern = UNCOMPILED.Kernel()
    for j, p in enumerate(ps):
        kern.f_split_p[j] = p
    kern.f_others_lo = sum(1 << q for q in others if q < 64)
    kern.f_others_hi = sum(1 << (q - 64) for q in others if q >= 64)
    return _blocks(int(kern._f_apart(0, len(ps), d)), len(ps))


def _blocks(cuts: int, n: int) -> list[int]:
    """The block sizes of ``Kernel._f_apart``'s answer ``cuts`` for a group of ``n``."""
    sizes, a = [], 0
    for b in range(1, n + 1):
        if b == n or cuts >> b & 1:
            sizes.append(b - a)
            a = b
    return sizes


def test_split_apart_condition() -> None:
    """``Kernel._f_apart``: a group of pawns within 14 of each other is cut into blocks
    explored alone, the highest moving first, unless two pawns above a block that can
    end on one square (not HOME) by different numbers, or one above and one of the
    block (for the block's other pawns), leave a pawn of the block the numbers to
    reach that square; or a pawn above starts on another colour's pawn; never
    between two pawns on one square; of the cuts allowed, the least sum of squared
    block sizes. Two pawns on different squares always may."""
    if UNCOMPILED is None:
        pytest.skip("no uncompiled kernel")
    assert _apart([10, 20], 1) == _apart([10, 24], 3) == _apart([60, 61], 6) == [1, 1]
    # the 20 + 1 on the 21 (which stays), and the 10 passes there with 13 left
    assert _apart([10, 20, 21], 1) == [3]
    # the 41 + 6 and the 46 + 1 on 47: the 40 reaches it with the 1 + 6 left, exactly
    assert _apart([40, 41, 46], 1) == [3]
    # ... and the 50 on top alone: the 46 + 6 and the 50 + 1 + 1 on 52, which the 41
    # cannot reach with the 6 left (the 46 itself may: it is the pawn that ends there)
    assert _apart([40, 41, 46, 50], 1) == [3, 1]
    # the 66 and the 71 meet only at HOME, which holds any number of pawns
    assert _apart([65, 66, 71], 1) == [1, 1, 1]
    # the 20 and the 30 end together only beyond the 10's reach
    assert _apart([10, 20, 30], 3) == [1, 1, 1]
    # the 49 + 4 on the 53, which the 46 passes: the 35 alone, the others together
    assert _apart([35, 46, 49, 53], 3) == [1, 3]
    # the 20 + 1 on the 21 (staying), which the 12 and the 10 both reach: with the 10
    # alone, it would meet that blockade after the others moved (and with the 21
    # alone, the 20 + 1 joins it there)
    assert _apart([10, 12, 20, 21], 1) == [4]
    # the 2 + 2 on the 4 (staying), which the 1 passes; the 13 alone on top
    assert _apart([1, 2, 4, 13], 2) == [3, 1]
    # a blockade at the start stays in one block (§5.5 binds its two pawns' ends), the
    # 20 above it alone (the 10 + 5 + 5 on the 20 leaves the other 10 only 4)
    assert _apart([10, 10, 20], 2) == [2, 1]
    assert _apart([1, 1, 4, 10], 1) == [2, 1, 1]
    assert _apart([10, 10], 3) == [2]
    # the 3 + 2 + 2 on the 7 (staying), which the 1s reach with 10 left
    assert _apart([1, 1, 3, 7], 5) == [4]
    # another colour's pawn on the 20 (the 10 behind it), not on the 10 (none behind)
    assert _apart([10, 20], 2, others=(20,)) == [2]
    assert _apart([10, 20], 2, others=(10,)) == [1, 1]
    # three and four: one above with another colour's pawn on its start
    assert _apart([10, 12, 20, 30], 3) == [1, 1, 1, 1]
    assert _apart([10, 12, 20, 30], 3, others=(20,)) == [3, 1]


def _apart_calls(text: str, throw: tuple[int, int]) -> list[list[int]]:
    """The answers of the uncompiled ``Kernel._f_apart`` on ``text``'s throw, as block
    sizes."""
    assert UNCOMPILED is not None

    class Spy(UNCOMPILED.Kernel):  # type: ignore[name-defined,misc]
        def __init__(self) -> None:
            super().__init__()
            self.calls: list[list[int]] = []

        def _f_apart(self, j0: int, j1: int, d: int) -> int:
            answer = int(super()._f_apart(j0, j1, d))
            self.calls.append(_blocks(answer, j1 - j0))
            return answer

    pos = Position.from_text(text)
    kern = Spy()
    kern.outcomes(_accel._cfg(pos.setup, pos.to_move), (pos.pawns, pos.doubles, 0), throw)
    return kern.calls


@pytest.mark.parametrize(
    ("text", "throw", "calls"),
    [
        # red's two groups of two (10, 17 and 32, 43) split into four lone pawns whose
        # ends cross (sorted), with the home bonus; yellow's group of four split, under
        # §5.8's "nothing" and no-split HOME
        (
            "parcheesi{home_bonus=3,partial_doubles=forfeit_extra_throw} r,g,y - "
            "r:10.17.32.43,y:24.24.32.67,g:0.0.30.30 0 1 - - -",
            (3, 3),
            [[1, 1], [1, 1]],
        ),
        (
            "whitman{no_split_doubles_home=true,partial_doubles=nothing,sum_move=hops} y,r,g - "
            "r:0.0.61.61,y:44.52.56.67,g:0.0.9.22 0 1 - - -",
            (5, 5),
            [[1, 1, 1, 1]],
        ),
        # yellow's 49 + 4 lands on the 53, which the 46 passes with 10 left: the 35
        # alone, the other three together; red's 57 + 4 lands on the 61, which the 51
        # reaches with exactly 10 left: the three together, the 67 alone on top (the
        # 61 + 3 + 3 on it leaves the 57 8, short by 2)
        (
            "parcheesi{capture_bonus=10,larger_die=true} g,y - y:35.46.49.53,g:0.0.42.65 1 0 - - -",
            (3, 3),
            [[1, 3]],
        ),
        (
            "whitman{blockade_may_advance=true,capture_bonus=10,larger_die=true,sum_move=hops} "
            "b,r - r:51.57.61.67,b:0.0.1.33 1 0 - - -",
            (3, 3),
            [[3, 1]],
        ),
        # red's blockade on its 1 (§5.5's tags) one block, the 4 and the 10 alone
        # above it; red's 50 alone above the other three
        ("parcheesi r,y - r:1.1.4.10,y:0.0.0.50 0 0 - - -", (1, 1), [[2, 1, 1]]),
        ("parcheesi r,y - r:40.41.46.50,y:0.0.0.10 0 0 - - -", (1, 1), [[3, 1]]),
        # partners' pawns on the board: never split (a pawn may join a friend's)
        (
            "parcheesi{blockade_may_advance=true,capture_bonus=10,home_bonus=0,"
            "partial_doubles=nothing} y,b,r,g 02/13 r:0.0.26.57,b:27.38.57.62,"
            "y:35.50.58.64,g:1.46.56.63 0 1 - - -",
            (2, 2),
            [],
        ),
    ],
)
def test_split_apart_outcomes(text: str, throw: tuple[int, int], calls: list[list[int]]) -> None:
    """Groups of pawns within 14 of each other split into lone pawns by ``Kernel._f_apart``,
    in part or not: the fast records are the clear engine's, compiled and not (each a
    position where a weaker condition, or the lone pawns' ends left unsorted, or the
    count of numbers used taken from three down, gave other records)."""
    if UNCOMPILED is None:
        pytest.skip("no uncompiled kernel")
    assert _apart_calls(text, throw) == calls
    pos = Position.from_text(text)
    for module in (COMPILED, UNCOMPILED):
        if module is not None:
            assert compare(pos, throw, module) is None


def test_split_combinations_room_grows() -> None:
    """``Kernel._f_comb`` keeps the combinations of the groups before the last in a buffer
    that grows: started at two entries, the uncompiled kernel's outcomes of red's four
    lone pawns (two groups of two split) are those of a kernel with the usual room."""
    if UNCOMPILED is None:
        pytest.skip("no uncompiled kernel")
    text = (
        "parcheesi{home_bonus=3,partial_doubles=forfeit_extra_throw} r,g,y - "
        "r:10.17.32.43,y:24.24.32.67,g:0.0.30.30 0 1 - - -"
    )
    pos = Position.from_text(text)
    args = (_accel._cfg(pos.setup, pos.to_move), (pos.pawns, pos.doubles, 0), (3, 3))
    outs = []
    for room in (2, None):
        kern = UNCOMPILED.Kernel()
        if room is not None:
            kern.f_split_comb_w = UNCOMPILED._words(room)
            kern.f_split_comb_g = UNCOMPILED._ints(room)
            kern.f_split_comb_u = UNCOMPILED._ints(room)
        outs.append(kern.outcomes(*args))
        if room is not None:
            assert len(kern.f_split_comb_w) > 2 and len(kern.f_split_comb_u) > 2
    assert outs[0] == outs[1] and len(outs[0]) > 20


def test_lowest_bit_of_split_masks() -> None:
    """``_lowest_bit`` (a multiply and a table, no branches) gives the lowest set bit of
    every non-empty mask of the bits ``5 * d's + e's`` (``_SPLIT_VALID``)."""
    if UNCOMPILED is None:
        pytest.skip("no uncompiled kernel")
    masks = [m for m in range(1, 1 << 13) if not m & ~UNCOMPILED._SPLIT_VALID]
    assert len(masks) == 2**9 - 1
    for m in masks:
        assert UNCOMPILED._lowest_bit(m) == (m & -m).bit_length() - 1


def test_split_buckets_by_numbers_used() -> None:
    """``Kernel._f_split``'s buckets of each group's states by numbers used (counted in C
    arrays, the numbers used found from the sum of those left): on built doublets with
    every pawn out (uncompiled), at ``_f_comb`` each group's buckets follow one another
    from the groups' before, the last one's end is the next group's start, the mask
    holds the non-empty ones, and a state's lanes (no blockade tag, no moved mark) have
    moved by the numbers of its bucket in all (``5 * d's + e's``); every state's bytes
    above its numbers left are 0; the records are the clear engine's."""
    if UNCOMPILED is None:
        pytest.skip("no uncompiled kernel")
    from built import family_all_out_doublet

    checked = Counter[str]()

    class Spy(UNCOMPILED.Kernel):  # type: ignore[name-defined,misc]
        def _zero_above(self, w2: int) -> None:
            # a dice state's bytes above its numbers left are 0 (the sum is taken
            # over all four bytes)
            if not w2 & UNCOMPILED._BONUS_PART:
                assert (w2 & 0xFFFFFFFF) >> (8 * ((w2 >> 32) & 7)) == 0, hex(w2)
                checked["words"] += 1

        def _f_add(self, pa: int, pb: int, w2: int) -> int:
            self._zero_above(w2)
            return int(super()._f_add(pa, pb, w2))

        def _f_store(self, pa: int, w2: int) -> int:
            self._zero_above(w2)
            return int(super()._f_store(pa, w2))

        def _f_comb(self, ncomp: int, home: int) -> None:
            d = self.ta
            e = 7 - d
            n = 0
            for c in range(ncomp):
                k = self.f_split_k[c]
                off = [self.f_split_off[16 * c + b] for b in range(14)]
                assert off[0] == n and off == sorted(off)
                mask = sum(1 << b for b in range(13) if off[b + 1] > off[b])
                assert self.f_split_m[c] == mask and mask
                starts = [self.f_split_p[j] for j in range(self.f_split_lo[c], self.f_split_hi[c])]
                assert len(starts) == k
                for b in range(13):
                    for st in range(off[b], off[b + 1]):
                        w = self.f_split_w[st]
                        if self.n_tags == 0 and not self.cfg[UNCOMPILED.C_JUMP]:
                            moved = sum((w >> (16 * j)) & 0xFFFF for j in range(k)) - sum(starts)
                            assert moved == d * (b // 5) + e * (b % 5), (c, b, w)
                            checked["states"] += 1
                n = off[13]
            checked["groups"] += ncomp
            super()._f_comb(ncomp, home)

    kern = Spy()
    rng = random.Random(35)
    while checked["throws"] < 150:
        d, throw, _ = family_all_out_doublet(rng)
        if not _valid(d):
            continue
        pos = Position.from_dict(d)
        if pos.is_decided:
            continue
        checked["throws"] += 1
        kern.outcomes(_accel._cfg(pos.setup, pos.to_move), (pos.pawns, pos.doubles, 0), throw)
        assert compare(pos, throw, UNCOMPILED) is None
    assert checked["groups"] > 100 and checked["states"] > 1000, checked
    assert checked["words"] > 10000, checked


def test_pick_is_the_rank_in_canonical_order() -> None:
    """``Kernel._f_select`` (the playouts' pick: a count for up to 8 outcomes, else
    ``_f_qselect`` on the two pawns' words, or on three where the third words differ)
    gives, for every rank, the row of the outcome of that rank in canonical order, and
    leaves ``f_order[:n]`` a permutation of the rows: the uncompiled kernel on random
    positions' throws, each pick made on the order the one before it left (as a game's
    picks are), starting from a shuffled one (the first, the last and ten random
    ranks). Every kind of throw is taken: the count, and the quickselect where the keys
    differ in one pawns' word, in two, and in the third (the cut or the extra throw)."""
    if UNCOMPILED is None:
        pytest.skip("no uncompiled kernel")
    rng = random.Random(35)
    games = sample_positions(random.Random(36))
    kern = UNCOMPILED.Kernel()
    paths: Counter[str] = Counter()
    while min(paths[p] for p in ("count", "1", "2")) < 20 or not paths["3"]:
        pos, throw = next(games)
        if pos.is_decided:
            continue
        kern.outcomes(_accel._cfg(pos.setup, pos.to_move), (pos.pawns, pos.doubles, 0), throw)
        n = kern.f_n_outcomes
        keys = [tuple(kern.f_outcomes[3 * r : 3 * r + 3]) for r in range(n)]
        if len(set(keys)) < n:
            continue  # (a pick's outcomes are distinct: _withhold sorts otherwise)
        words = [len({k[w] for k in keys}) > 1 for w in range(3)]
        paths["count" if n <= 8 else "3" if words[2] else str(max(sum(words), 1))] += 1
        order = list(range(n))
        rng.shuffle(order)
        for i, r in enumerate(order):
            kern.f_order[i] = r
        by_rank = sorted(range(n), key=lambda r: keys[r])
        for rank in [0, n - 1, *rng.sample(range(n), min(n, 10))]:
            assert kern._f_select(n, rank) == by_rank[rank]
            assert sorted(kern.f_order[:n]) == list(range(n))


@pytest.mark.parametrize("module", MODULES)
def test_compiled_pick_on_made_keys(module: ModuleType) -> None:
    """``Kernel.picks`` (the playouts' pick, ``_f_select``) on keys made to take each
    path, in both kernels: two to four keys (also where only the third words
    differ), the count, the quickselect on two words, and on three where the third
    words differ (found in the first round, then selected again; the games' picks
    hardly take that path): every rank's row, each pick on the order the one before
    it left; up to four keys, in every order of the rows."""
    rng = random.Random(352)
    kern = module.Kernel()

    def word() -> int:  # 27 values: keys tie on the pawns' words often
        return sum(rng.randrange(3) << (8 * i) for i in (0, 3, 7))

    for n in (2, 3, 4, 8, 9, 30, 100):
        for differ in ((0, 1), (1,), (2,), (0, 2), (1, 2), (0, 1, 2)):
            if (differ == (1,) and n > 27) or (differ == (2,) and n > 4):
                continue
            keys: set[tuple[int, ...]] = set()
            fixed = [word(), word(), 1]
            while len(keys) < n:
                keys.add(
                    tuple(
                        (word() if w < 2 else rng.randrange(4)) if w in differ else fixed[w]
                        for w in range(3)
                    )
                )
            # (up to four keys, every order of the rows: each pair compared both ways)
            for rows in itertools.permutations(keys) if n <= 4 else [list(keys)]:
                by_rank = sorted(range(n), key=lambda r: rows[r])
                ranks = [*rng.sample(range(n), n), 0, n - 1]
                got = kern.picks(array("Q", [w for key in rows for w in key]), array("i", ranks))
                assert got == [by_rank[rank] for rank in ranks], (n, differ, rows)


def test_pick_on_made_keys() -> None:
    """``Kernel._f_select`` on keys made to take each path, ties on the first words
    included (outcomes the same but for the cut or the extra throw, which real throws
    hardly make): for every rank, the row of that rank in canonical order (keys' bytes
    below 128, as a pawns' word's are). The uncompiled kernel."""
    if UNCOMPILED is None:
        pytest.skip("no uncompiled kernel")
    rng = random.Random(351)
    kern = UNCOMPILED.Kernel()

    def word(small: bool) -> int:
        return sum(rng.randrange(3 if small else 128) << (8 * i) for i in range(8))

    for n in (2, 5, 8, 9, 30, 100):
        for differ in ((0,), (1,), (0, 1), (2,), (0, 2), (1, 2), (0, 1, 2)):
            if differ == (2,) and n > 4:
                continue  # (four values of the third word)
            keys: set[tuple[int, ...]] = set()
            fixed = [word(False), word(False), 1]
            while len(keys) < n:
                keys.add(
                    tuple(
                        (word(True) if w < 2 else rng.randrange(4)) if w in differ else fixed[w]
                        for w in range(3)
                    )
                )
            rows = list(keys)
            if len(rows) > len(kern.f_outcomes) // 3:
                kern.f_outcomes = UNCOMPILED._words(3 * len(rows))
            for r, key in enumerate(rows):
                for w in range(3):
                    kern.f_outcomes[3 * r + w] = key[w]
                kern.f_order[r] = r
            by_rank = sorted(range(n), key=lambda r: rows[r])
            for rank in rng.sample(range(n), n):
                assert kern._f_select(n, rank) == by_rank[rank], (n, differ, rank)
                assert sorted(kern.f_order[:n]) == list(range(n))
