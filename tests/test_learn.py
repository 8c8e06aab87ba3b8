"""The learned evaluation's foundations: the encoding's meaning, the network and its file.

Encodings are checked on built positions, unit by unit (docs of
:mod:`pachisi.learn.encoding`); the network's plain-Python and numpy paths
against each other; the weights file round trip and its refusals.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from pachisi import Position
from pachisi.board import ROUTES, SAFETY_SQUARES
from pachisi.dice import dice_for
from pachisi.learn import default_net, set_up_frames, shipped_nets, shipped_rulesets, trained_setup
from pachisi.learn import network as network_module
from pachisi.learn.encoding import ENCODING, Encoder, encoder_for, hit_chance
from pachisi.learn.network import FORMAT_VERSION, ValueNet, WeightsError, softmax_rows
from pachisi.moves import legal_plays
from pachisi.rules import ALL_RULESETS, Setup


def units(pos: Position) -> dict[int, float]:
    """The encoding of ``pos`` as a mapping index -> value."""
    idx, val = Encoder.of(pos.setup).encode(pos)
    assert len(set(idx)) == len(idx)
    return dict(zip(idx, val, strict=True))


def at(pos: Position, slot: int, unit: str, p: int = 0) -> float:
    """The value of one named unit of ``pos``'s encoding (0 when absent)."""
    return units(pos).get(Encoder.of(pos.setup).index_of(slot, unit, p), 0.0)


def random_positions(setup: Setup, n: int, seed: int) -> list[Position]:
    """Positions from random games of ``setup`` (every 7th position before a throw)."""
    rng = random.Random(seed)
    dice = dice_for(setup.ruleset)
    out: list[Position] = []
    while len(out) < n:
        pos = Position.initial(setup, rng.randrange(len(setup.players)))
        k = 0
        while not pos.is_over and len(out) < n:
            if k % 7 == 3:
                out.append(pos)
            plays = legal_plays(pos, dice.roll(rng))
            pos = plays[rng.randrange(len(plays))].position
            k += 1
    return out


SETUPS = {
    "pagade-4": Setup.create("pagade"),
    "pagade-2": Setup.create("pagade", players=2),
    "pagade-teams": Setup.create("pagade", teams=True),
    "whitman-3": Setup.create("whitman", players=3),
    "parcheesi-2": Setup.create("parcheesi", players=2),
    "parcheesi-teams": Setup.create("parcheesi", players=4, teams=True),
    "eight-man": Setup.create("eight-man"),
}


# -- the encoding ---------------------------------------------------------------------------


def test_start_position_parcheesi() -> None:
    pos = Position.start("parcheesi", players=2)
    enc = Encoder.of(pos.setup)
    assert enc.n_inputs == 4 * (3 * 73 + 12) + 6
    u = units(pos)
    # Slot 0 (red, the mover): four pawns in the nest, in play, the mover's side.
    assert u[enc.index_of(0, "pawns", 0)] == 1.0
    assert u[enc.index_of(0, "more", 0)] == 3.0
    assert u[enc.index_of(0, "present")] == 1.0
    assert u[enc.index_of(0, "side0")] == 1.0
    assert u[enc.index_of(0, "to_go")] == 1.0
    # Slot 1 (green) and slot 3 (blue) are not in play; slot 2 is yellow, the other side.
    assert not any(enc.index_of(1, "pawns") <= i < enc.index_of(2, "pawns") for i in u)
    assert u[enc.index_of(2, "side1")] == 1.0
    assert u[enc.index_of(0, "players2")] == 1.0
    assert enc.index_of(0, "doubles1") not in u


def test_frame_is_the_mover() -> None:
    # The same position with the colours' roles swapped encodes the same.
    a = Position.from_text("parcheesi r,y - r:0.10.20.30,y:5.9.40.40 0 0 - - -")
    b = Position.from_text("parcheesi r,y - r:5.9.40.40,y:0.10.20.30 1 0 - - -")
    assert units(a) == units(b)
    assert units(a) != units(Position.from_text(a.to_text().replace(" 0 0 -", " 1 0 -")))


def test_danger_safety_and_pairs() -> None:
    # Red at p=10 (ring square 14, not a safety space); yellow at p=40 stands on
    # ring square 10, 4 squares behind: red's danger is the chance of a 4.
    pos = Position.from_text("parcheesi r,y - r:0.0.0.10,y:0.0.0.40 0 0 - - -")
    assert ROUTES["parcheesi"][0][10] == 14 and ROUTES["parcheesi"][2][40] == 10
    assert at(pos, 0, "danger", 10) == pytest.approx(hit_chance("parcheesi")[4])
    assert at(pos, 0, "danger", 10) == pytest.approx(15 / 36)
    assert at(pos, 0, "safe") == 0.0
    # On a safety space (p=13, square 17) the pawn is safe and has no danger.
    safe = Position.from_text("parcheesi r,y - r:0.0.0.13,y:0.0.0.40 0 0 - - -")
    assert ROUTES["parcheesi"][0][13] in SAFETY_SQUARES
    assert at(safe, 0, "danger", 13) == 0.0 and at(safe, 0, "safe") == 0.25
    # Two red pawns on p=10 form a blockade: safe, one pair, MORE = 1, no danger.
    pair = Position.from_text("parcheesi r,y - r:0.0.10.10,y:0.0.0.40 0 0 - - -")
    assert at(pair, 0, "more", 10) == 1.0
    assert at(pair, 0, "pairs") == 0.5 and at(pair, 0, "safe") == 0.5
    assert at(pair, 0, "danger", 10) == 0.0
    # Yellow, seen from slot 2, is in danger from nobody (red is nowhere behind it).
    assert at(pos, 2, "danger", 40) == 0.0
    # Out of reach (25 squares behind): no danger.
    far = Position.from_text("parcheesi r,y - r:0.0.0.35,y:0.0.0.40 0 0 - - -")
    assert at(far, 0, "danger", 35) == 0.0


def test_blocked_and_doubles() -> None:
    # A yellow blockade on ring square 20 (yellow p=50) stands 6 squares ahead of
    # red's pawn at p=10 (square 14).
    pos = Position.from_text("parcheesi r,y - r:0.0.0.10,y:0.0.50.50 0 1 - - -")
    assert ROUTES["parcheesi"][2][50] == 20
    assert at(pos, 0, "blocked") == 0.25
    assert at(pos, 0, "doubles1") == 1.0 and at(pos, 0, "doubles2") == 0.0
    free = Position.from_text("parcheesi r,y - r:0.0.0.10,y:0.0.40.50 0 2 - - -")
    assert at(free, 0, "blocked") == 0.0
    assert at(free, 0, "doubles2") == 1.0


def test_pagade_cut_flags_and_belly() -> None:
    # Two-player Pagade: red+yellow against black+green; black's player has cut.
    pos = Position.from_text(
        "pagade ry,bg - r:6.7.12.12,b:6.7.12.12,y:0.7.12.12,g:6.7.12.12 0 0 01 - -"
    )
    enc = Encoder.of(pos.setup)
    assert enc.n_inputs == 4 * (3 * 85 + 12) + 6
    # Slots in Pagade's turn order from red: red, black, yellow, green.
    assert at(pos, 1, "cut") == 1.0 and at(pos, 3, "cut") == 1.0
    assert at(pos, 0, "cut") == 0.0 and at(pos, 2, "cut") == 0.0
    assert at(pos, 0, "side0") == at(pos, 2, "side0") == 1.0
    assert at(pos, 1, "side1") == at(pos, 3, "side1") == 1.0
    # Yellow's cut pawn is at p = 0; belly pawns (p <= 7) are safe; 12.12 is a pair.
    assert at(pos, 2, "pawns", 0) == 1.0
    assert at(pos, 0, "safe") == 1.0 and at(pos, 0, "pairs") == 0.5
    # An outward pawn at p = 8 and a homeward one at p = 76 share red's square 8: a pair.
    split = Position.from_text(
        "pagade ry,bg - r:6.8.30.76,b:6.7.12.12,y:0.7.12.12,g:6.7.12.12 0 0 01 - -"
    )
    assert ROUTES["pagade"][0][8] == ROUTES["pagade"][0][76]
    assert at(split, 0, "pairs") == 0.5 and at(split, 0, "more", 8) == 0.0


def test_eight_man_major_and_teams() -> None:
    pos = Position.start("eight-man")
    assert at(pos, 0, "major") == 1.0 and at(pos, 2, "major") == 0.0
    teams = Position.start("parcheesi", players=4, teams=True, first=1)
    enc = Encoder.of(teams.setup)
    assert enc.n_sides == 2
    # Player 1 (green) moves: slots green, yellow (partner of red), ...
    assert [at(teams, s, "side0") for s in range(4)] == [1.0, 0.0, 1.0, 0.0]
    assert at(teams, 0, "teams") == 1.0 and at(teams, 0, "players4") == 1.0


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_encodings_are_well_formed(name: str) -> None:
    setup = SETUPS[name]
    enc = Encoder.of(setup)
    for pos in random_positions(setup, 40, 5):
        idx, val = enc.encode(pos)
        assert len(set(idx)) == len(idx)
        assert all(0 <= i < enc.n_inputs for i in idx)
        assert all(v > 0 for v in val)
        pawns = [i for i in idx if i % enc.slot_size <= enc.home and i < enc.global_offset]
        assert 1 <= len(pawns) <= 4 * len(setup.colours_in_play)


BOTH_FAMILIES = {
    **SETUPS,
    "ludo-2": Setup.create("ludo", players=2),
    "ludo-4": Setup.create("ludo"),
    "maedn-3": Setup.create("maedn", players=3),
}


@pytest.mark.parametrize("name", sorted(BOTH_FAMILIES))
def test_pawns_and_more_are_each_slots_pawn_counts(name: str) -> None:
    """The PAWNS and MORE blocks of both encodings (one shared writer,
    :func:`pachisi.learn.one_die.progress_units`) against their definition, counted
    from the position's pawns: per slot, 1 at each progress a pawn stands at and the
    number of pawns there beyond the first."""
    setup = BOTH_FAMILIES[name]
    enc = encoder_for(setup)
    h1 = enc.home + 1
    for pos in random_positions(setup, 60, 8):
        idx, val = enc.encode(pos)
        got = {
            i: v
            for i, v in zip(idx, val, strict=True)
            if i < enc.global_offset and i % enc.slot_size < 2 * h1
        }
        want: dict[int, float] = {}
        for slot, c in enumerate(enc.slots[pos.to_move]):
            base = slot * enc.slot_size
            for p, n in Counter(pos.pawns[c]).items():
                want[base + p] = 1.0
                if n > 1:
                    want[base + h1 + p] = float(n - 1)
        assert got == want, pos.to_text()


# -- the network ------------------------------------------------------------------------------


def test_numpy_and_plain_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    setup = SETUPS["parcheesi-teams"]
    net = ValueNet.random(setup, hidden=8, seed=3)
    positions = random_positions(setup, 30, 9)
    fast = net.chances(positions)
    monkeypatch.setattr(network_module, "_numpy", lambda: None)
    plain = net.chances(positions)
    for f, p in zip(fast, plain, strict=True):
        assert f == pytest.approx(p, abs=1e-12)
        # Partners share a chance; the two teams' chances sum to 1.
        assert p[0] == p[2] and p[1] == p[3]
        assert p[0] + p[1] == pytest.approx(1.0)


def decided_positions(setup: Setup, n: int, seed: int) -> list[Position]:
    """The last positions of ``n`` random games of ``setup`` (each decided)."""
    rng = random.Random(seed)
    dice = dice_for(setup.ruleset)
    out: list[Position] = []
    for _ in range(n):
        pos = Position.initial(setup, rng.randrange(len(setup.players)))
        while not pos.is_over:
            plays = legal_plays(pos, dice.roll(rng))
            pos = plays[rng.randrange(len(plays))].position
        out.append(pos)
    return out


def by_hand(net: ValueNet, positions: list[Position], sparse: bool) -> list[list[float]]:
    """Each player's chance in each position, written out here with the batched paths'
    arithmetic: the undecided positions' encodings as one dense matrix times ``W1``
    (or, ``sparse``, the sum of the active rows of ``W1`` gathered by numpy), ``tanh``,
    times ``W2``, the softmax over each position's sides; a decided game exactly."""
    np = pytest.importorskip("numpy")
    a = net.arrays()
    live = [pos for pos in positions if pos.winner is None]
    codes = [encoder_for(pos.setup).encode(pos) for pos in live]
    if sparse:
        C = np.asarray([i for idx, _ in codes for i in idx], dtype=np.intp)
        V = np.asarray([v for _, val in codes for v in val], dtype=np.float64)
        starts = np.cumsum([0] + [len(idx) for idx, _ in codes[:-1]])
        S = np.add.reduceat(a["W1"][C] * V[:, None], starts, axis=0)
    else:
        X = np.zeros((len(live), net.n_inputs))
        for r, (idx, val) in enumerate(codes):
            X[r, idx] = val
        S = X @ a["W1"]
    n_sides = [encoder_for(pos.setup).n_sides for pos in live]
    P = softmax_rows(np, np.tanh(S + a["b1"]) @ a["W2"] + a["b2"], n_sides).tolist()
    out: list[list[float]] = []
    for pos in positions:
        players = range(len(pos.setup.players))
        if pos.winner is not None:
            out.append([1.0 if j in pos.winner else 0.0 for j in players])
            continue
        side = encoder_for(pos.setup).side_of[pos.to_move]
        out.append([P[live.index(pos)][side[j]] for j in players])
    return out


def test_the_batched_paths_are_their_arithmetic_bit_for_bit() -> None:
    """:meth:`ValueNet.chances`, :meth:`~ValueNet.sparse_chances` and
    :meth:`~ValueNet.batch` on one batch of three set-ups of a ruleset (teams, two and
    four players; decided games among them) against the same sums written out by hand."""
    setups = [SETUPS["parcheesi-teams"], SETUPS["parcheesi-2"], Setup.create("parcheesi")]
    net = ValueNet.random(setups[0], hidden=7, seed=4)
    positions: list[Position] = []
    for k, setup in enumerate(setups):
        positions += random_positions(setup, 25, k) + decided_positions(setup, 3, k)
    random.Random(1).shuffle(positions)
    assert len({pos.to_text() for pos in positions}) > 80
    dense, sparse = by_hand(net, positions, False), by_hand(net, positions, True)
    assert net.chances(positions) == dense
    assert net.sparse_chances(positions) == sparse
    for player in range(2):  # every set-up has players 0 and 1
        assert net.batch(positions, player).tolist() == [row[player] for row in dense]
    assert net.values(positions, 1) == [row[1] for row in dense]


def test_chances_sum_to_one_and_finished_games_are_exact() -> None:
    setup = SETUPS["whitman-3"]
    net = ValueNet.random(setup, hidden=6, seed=1)
    pos = random_positions(setup, 1, 2)[0]
    assert sum(net.win_chances(pos)) == pytest.approx(1.0)
    won = Position.from_text("parcheesi r,y - r:72.72.72.72,y:0.0.0.0 1 0 - 0 0")
    net2 = ValueNet.random(won.setup, hidden=4, seed=1)
    assert net2.win_chances(won) == [1.0, 0.0]
    assert net2.value(won, 1) == 0.0


def test_weights_file_round_trip(tmp_path: Path) -> None:
    setup = SETUPS["eight-man"]
    net = ValueNet.random(setup, hidden=5, seed=2)
    net.meta = {"setup": setup.to_fields(), "made_by": {"seed": 2, "games": 0}, "note": "x"}
    path = tmp_path / "w.json"
    net.save(path)
    back = ValueNet.load(path)
    assert back.W1 == net.W1 and back.b1 == net.b1 and back.W2 == net.W2 and back.b2 == net.b2
    data = json.loads(path.read_text())
    assert data["version"] == FORMAT_VERSION and data["encoding"] == ENCODING
    assert data["made_by"] == {"seed": 2, "games": 0} and data["setup"] == setup.to_fields()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="x"), "not a pachisi-value-net file"),
        (lambda d: d.update(version=99), "version 99"),
        (lambda d: d.update(encoding="pachisi-encoding/0"), "encoding"),
        (lambda d: d.update(n_inputs=5), "does not fit"),
        (lambda d: d["arrays"]["b1"].update(float64="AAAA"), "numbers, expected"),
        (lambda d: d["arrays"].pop("W2"), "array W2"),
    ],
)
def test_bad_weights_files(tmp_path: Path, change: object, message: str) -> None:
    net = ValueNet.random(SETUPS["parcheesi-2"], hidden=3, seed=0)
    data = net.to_dict()
    change(data)  # type: ignore[operator]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(WeightsError, match=message) as info:
        ValueNet.load(path)
    assert "\n" not in str(info.value)


def test_network_refuses_another_ruleset() -> None:
    net = ValueNet.random(SETUPS["parcheesi-2"], hidden=3, seed=0)
    with pytest.raises(WeightsError, match="for parcheesi, not pagade"):
        net.value(Position.start("pagade"), 0)


def test_shipped_networks() -> None:
    assert set(shipped_rulesets()) <= set(ALL_RULESETS)
    for ruleset in shipped_rulesets():
        nets = shipped_nets(ruleset)
        assert nets[0] == (f"{ruleset}.json", default_net(ruleset))
        for _, net in nets:
            made = net.meta["made_by"]
            assert made["command"].startswith(f"pachisi train {ruleset} ")
            assert net.ruleset == ruleset and isinstance(net.meta["setup"], dict)
        # every shipped network for this ruleset learned another set-up
        frames = [set_up_frames(trained_setup(net) or SETUPS["parcheesi-2"]) for _, net in nets]
        assert len(set(frames)) == len(frames)
        net = default_net(ruleset)
        made = net.meta["made_by"]
        assert isinstance(made["seed"], int) and made["games"] >= 1
        # a network of a few hundred games proves the machinery only, and says so
        assert net.meta["note"]
        if made["games"] < 1000:
            assert "smoke-test" in net.meta["note"]
    with pytest.raises(WeightsError, match="no learned network ships for nowhere"):
        default_net("nowhere")
