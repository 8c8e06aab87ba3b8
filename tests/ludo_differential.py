"""Ludo and MADN against the outside programs themselves (RULES-LUDO.md, issue 36).

Random games are played by each outside program (its own rules decide what
is legal; the dice and the choices among its legal moves are drawn here):

* ``king``: ludo-king-engine's ``LudoGame``, turns through ``play_turn``
  (OP-K4), checked against ``ludo`` with ``{"last_ring_square": "skip"}``;
* ``ludopy``: ludopy's ``Game`` (``get_observation``/``answer_observation``),
  checked against ``ludo`` with the ludopy switches of RULES-LUDO.md §9.9;
* ``maedn``: OpenSpiel's ``maedn``, checked against ``maedn`` with ``{}``.

Before every throw the program's state is converted to a FORMAT.md
position; for every die 1..6 a copy of the program plays every move it
allows, and the set of resulting states (converted the same way) is
compared with the set of our outcomes of that die. A state that our reader
refuses counts as a disagreement too.

The quick share runs in tests/test_ludo_differential.py; the long run is::

    nice -n 19 python tests/ludo_differential.py --games 2000 --seed 1 --log ludo-diff.log

(``--which king,ludopy,maedn`` chooses the programs). It prints, per
program, the games, positions and throws compared and the disagreements
(each with the position and die), and exits 1 if there is any.
"""

from __future__ import annotations

import argparse
import pickle
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pachisi import Position
from pachisi.errors import PositionError
from pachisi.moves import legal_plays

KING_OPTIONS: dict[str, object] = {"last_ring_square": "skip"}
LUDOPY_OPTIONS: dict[str, object] = {
    "board": "ludopy",
    "overshoot": "ludopy",
    "blocks": "kill_mover",
    "start_tries": "opening",
    "three_sixes": False,
    "bonus_throws": False,
    "ludopy_quirks": True,
}
LUDO_COLOURS = ("red", "green", "yellow", "blue")
MAEDN_COLOURS = ("red", "blue", "green", "yellow")


@dataclass
class Tally:
    """What one program's run compared."""

    program: str
    games: int = 0
    positions: int = 0
    throws: int = 0
    outcomes: int = 0
    disagreements: list[str] = field(default_factory=list)

    def line(self) -> str:
        """One line of counts."""
        return (
            f"{self.program}: {self.games} games, {self.positions} positions,"
            f" {self.throws} throws ({self.outcomes} outcomes) compared,"
            f" {len(self.disagreements)} disagreements"
        )


def _position(fields: dict[str, Any]) -> Position:
    return Position.from_dict(fields)


def _compare(tally: Tally, before: dict[str, Any], die: int, theirs: list[dict[str, Any]]) -> None:
    """Compare our outcomes of ``die`` in ``before`` with the program's ``theirs``."""
    tally.throws += 1
    try:
        pos = _position(before)
    except PositionError as exc:
        tally.disagreements.append(f"position refused ({exc}): {before}")
        return
    try:
        their_set = {_position(t) for t in theirs}
    except PositionError as exc:
        tally.disagreements.append(f"die {die}: an outcome refused ({exc}) from {pos}")
        return
    ours = {p.position for p in legal_plays(pos, (die,))}
    tally.outcomes += len(ours)
    if ours != their_set:
        only_ours = sorted(str(p) for p in ours - their_set)
        only_theirs = sorted(str(p) for p in their_set - ours)
        tally.disagreements.append(
            f"die {die} from {pos}: only ours {only_ours}; only theirs {only_theirs}"
        )


def _base(ruleset: str, options: dict[str, object], colours: list[str]) -> dict[str, Any]:
    return {
        "ruleset": ruleset,
        "options": dict(options),
        "players": [{"colours": [c]} for c in colours],
        "teams": None,
        "doubles": 0,
        "cut": None,
        "finished": [],
        "winner": None,
        "opening": False,
        "tries": 0,
    }


def _won(fields: dict[str, Any], winner: int, n: int) -> dict[str, Any]:
    """RULES §3.3 rule 3 completes a won game's last position (OP-K8, OP-L12, OP-M8)."""
    fields.update(finished=[winner], winner=[winner], to_move=(winner + 1) % n, doubles=0, tries=0)
    fields["opening"] = False
    return fields


# ---------------------------------------------------------------------------
# ludo-king-engine


def _king_fields(game: Any) -> dict[str, Any]:
    colours = [p.color.value for p in game.players]
    fields = _base("ludo", KING_OPTIONS, colours)
    pawns: dict[str, list[int]] = {}
    for player in game.players:
        arm = LUDO_COLOURS.index(player.color.value)
        ps = []
        for token in player.tokens:
            q = token.position
            if q < 0:
                ps.append(0)
            elif q >= 100:
                ps.append(q - 100 + 52)
            else:
                ps.append((q - 13 * arm) % 52)
        pawns[player.color.value] = sorted(ps)
    fields["pawns"] = pawns
    if game.game_over:
        return _won(fields, game.players.index(game.winner), len(game.players))
    fields["to_move"] = game.current_player_index
    fields["doubles"] = game.consecutive_sixes
    return fields


def _king_roll(game: Any, die: int) -> None:
    """What ``LudoGame.roll_dice`` does, with the die given."""
    game.last_dice_value = die
    game.consecutive_sixes = game.consecutive_sixes + 1 if die == 6 else 0


def _clone(obj: Any) -> Any:
    """A deep copy (by pickling: a few times faster than copy.deepcopy here)."""
    return pickle.loads(pickle.dumps(obj, pickle.HIGHEST_PROTOCOL))


def _king_outcomes(game: Any, die: int) -> list[Any]:
    g = _clone(game)
    _king_roll(g, die)
    tokens: list[int | None] = [None]
    if g.consecutive_sixes < 3:  # get_valid_moves changes nothing then
        valid = g.get_valid_moves(g.get_current_player(), die)
        tokens = [m.token_id for m in valid] or [None]
    out = []
    for tok in tokens:
        h = _clone(g)
        h.play_turn(tok, die)
        out.append(h)
    return out


def king_games(games: int, seed: int, tally: Tally, max_throws: int = 2000) -> None:
    """Play ``games`` random ludo-king-engine games, comparing every throw."""
    from ludo_engine.core.game import LudoGame
    from ludo_engine.models import PlayerColor

    rng = random.Random(seed)
    for _ in range(games):
        colours = rng.sample(list(PlayerColor), rng.randint(2, 4))
        game = LudoGame(colours)
        for _ in range(max_throws):
            if game.game_over:
                break
            game.move_history.clear()
            before = _king_fields(game)
            tally.positions += 1
            nexts: dict[int, list[Any]] = {}
            for die in range(1, 7):
                nexts[die] = _king_outcomes(game, die)
                _compare(tally, before, die, [_king_fields(g) for g in nexts[die]])
            game = rng.choice(nexts[rng.randint(1, 6)])
        tally.games += 1


# ---------------------------------------------------------------------------
# ludopy


def _ludopy_fields(game: Any, seats: list[int]) -> dict[str, Any]:
    colours = [LUDO_COLOURS[(s + 1) % 4] for s in seats]
    fields = _base("ludo", LUDOPY_OPTIONS, colours)
    fields["pawns"] = {
        LUDO_COLOURS[(s + 1) % 4]: sorted(int(p) for p in game.players[s].get_pieces())
        for s in seats
    }
    winners = [i for i, s in enumerate(seats) if game.players[s].player_winner()]
    if winners:
        return _won(fields, winners[0], len(seats))
    fields["to_move"] = seats.index(game.current_player)
    fields["opening"] = game.round == 1
    fields["tries"] = game.current_start_attempts
    return fields


def _ludopy_outcomes(game: Any, die: int) -> list[Any]:
    g = _clone(game)
    g.current_dice = die
    g._gen_observation(g.current_player, roll_dice=False)
    g.observation_pending = True
    pieces = [int(p) for p in g.current_move_pieces] or [-1]
    out = []
    for piece in pieces:
        h = _clone(g)
        h.answer_observation(piece)
        out.append(h)
    return out


def ludopy_games(games: int, seed: int, tally: Tally, max_throws: int = 3000) -> None:
    """Play ``games`` random ludopy games (1 to 3 opponents of green), comparing every throw."""
    import collections

    import ludopy

    rng = random.Random(seed)
    for _ in range(games):
        ghosts = sorted(rng.sample([1, 2, 3], rng.randint(0, 2)))
        seats = [s for s in range(4) if s not in ghosts]
        game = ludopy.Game(ghost_players=ghosts)
        for _ in range(max_throws):
            if any(game.players[s].player_winner() for s in seats):
                break
            game.hist = collections.defaultdict(list)
            before = _ludopy_fields(game, seats)
            tally.positions += 1
            nexts: dict[int, list[Any]] = {}
            for die in range(1, 7):
                nexts[die] = _ludopy_outcomes(game, die)
                _compare(tally, before, die, [_ludopy_fields(g, seats) for g in nexts[die]])
            game = rng.choice(nexts[rng.randint(1, 6)])
        tally.games += 1


# ---------------------------------------------------------------------------
# OpenSpiel maedn

_MAEDN_SETUPS = ((2, True), (2, False), (3, False), (4, False))


def _maedn_arms(n: int, opposite: bool) -> list[int]:
    return [0, 2] if n == 2 and opposite else list(range(n))


def _maedn_fields(state: Any, arms: list[int], to_move: int) -> dict[str, Any]:
    n = len(arms)
    fields = _base("maedn", {}, [MAEDN_COLOURS[a] for a in arms])
    pawns: dict[int, list[int]] = {j: [] for j in range(n)}
    ring = state.observation_tensor(0)
    for q in range(40):
        for j in range(n):
            if ring[4 * q + j]:
                pawns[j].append((q - 10 * arms[j]) % 40 + 1)
    for j in range(n):
        own = state.observation_tensor(j)
        for i in range(4):
            if own[160 + 4 * i + j]:
                pawns[j].append(41 + i)
        out = int(ring[224 + j])
        pawns[j] += [0] * out
    fields["pawns"] = {MAEDN_COLOURS[arms[j]]: sorted(pawns[j]) for j in range(n)}
    if state.is_terminal():
        winner = max(range(n), key=lambda j: state.returns()[j])
        return _won(fields, winner, n)
    fields["to_move"] = to_move
    return fields


def maedn_games(games: int, seed: int, tally: Tally, max_throws: int = 3000) -> None:
    """Play ``games`` random OpenSpiel maedn games, comparing every throw."""
    import pyspiel

    rng = random.Random(seed)
    for _ in range(games):
        n, opposite = _MAEDN_SETUPS[rng.randrange(4)]
        game = pyspiel.load_game("maedn", {"players": n, "twoPlayersOpposite": opposite})
        arms = _maedn_arms(n, opposite)
        state = game.new_initial_state()
        to_move = 0
        for _ in range(max_throws):
            if state.is_terminal():
                break
            assert state.is_chance_node()
            before = _maedn_fields(state, arms, to_move)
            tally.positions += 1
            nexts: dict[int, list[tuple[Any, int]]] = {}
            for die in range(1, 7):
                s = state.clone()
                s.apply_action(die - 1)
                mover = s.current_player()
                if mover != to_move:
                    tally.disagreements.append(f"OpenSpiel moved player {mover}, not {to_move}")
                nxt = mover if die == 6 else (mover + 1) % n
                outs = []
                for action in s.legal_actions():
                    t = s.clone()
                    t.apply_action(action)
                    outs.append((t, nxt))
                nexts[die] = outs
                _compare(tally, before, die, [_maedn_fields(t, arms, k) for t, k in outs])
            state, to_move = rng.choice(nexts[rng.randint(1, 6)])
        tally.games += 1


PROGRAMS: dict[str, Callable[..., None]] = {
    "king": king_games,
    "ludopy": ludopy_games,
    "maedn": maedn_games,
}


def run(which: list[str], games: int, seed: int, log: Callable[[str], None]) -> list[Tally]:
    """Run the programs' games in turn, 5 at a time, logging counts and disagreements as they go.

    Game batches are seeded by their index, so a run cut short has checked
    the first games of the same longer run.
    """
    tallies = [Tally(name) for name in which]
    start = time.monotonic()
    done = 0
    while done < games:
        k = min(5, games - done)
        for tally in tallies:
            seen = len(tally.disagreements)
            PROGRAMS[tally.program](k, seed * 1_000_003 + done, tally)
            for d in tally.disagreements[seen:]:
                log(f"  {tally.program}: {d}")
            log(f"{tally.line()} [{time.monotonic() - start:.0f} s]")
        done += k
    return tallies


def main(argv: list[str] | None = None) -> int:
    """The long run's command line."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--which", default="king,ludopy,maedn")
    ap.add_argument("--log", default=None, help="append progress and disagreements here")
    args = ap.parse_args(argv)

    def log(text: str) -> None:
        print(text, flush=True)
        if args.log:
            with open(args.log, "a", encoding="utf-8") as fh:
                fh.write(text + "\n")

    tallies = run(args.which.split(","), args.games, args.seed, log)
    return 1 if any(t.disagreements for t in tallies) else 0


if __name__ == "__main__":
    sys.exit(main())
