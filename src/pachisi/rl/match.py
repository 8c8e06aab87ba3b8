"""One game seen as a sequence of decisions: the driver under every adapter.

A :class:`Match` holds a position, the throw being played and the choices
open to the player to move, in one of two modes:

* ``"step"``: one elementary step at a time, through the fixed action
  space of :mod:`pachisi.rl.encoding` (a :class:`~pachisi.moves.Turn`);
* ``"play"``: a whole play at once, by its index in
  :func:`~pachisi.moves.legal_plays`'s list (the engine's order), below a
  bound ``max_plays``.

Throws come from a seeded :class:`random.Random` exactly as
:class:`pachisi.Game` draws them (the preliminary throws of
:func:`~pachisi.game.first_player` first), so a match and a ``Game`` with the
same seed and the same choices go through the same positions. With
``auto_throw=False`` the caller supplies the throws instead (OpenSpiel's
chance nodes). A throw that lets nothing move is passed on without a
decision. With ``draws="splitmix"`` the dice are instead the kernel's
streams, as :class:`pachisi.rl.vector.BatchedEnv` and the playouts throw them:
a match seeded ``s`` draws from :class:`pachisi.fast.SplitMix64` seeded
``stream_seed(s, 0)``, first the first player (one draw below the number of
players; none in ``ludo`` and ``maedn``, where ``players[0]`` starts), then
one draw among the faces per die (``pachisi_v1``'s games).

>>> from pachisi import Setup
>>> m = Match(Setup.create("parcheesi", players=2), seed=3)
>>> m.position.to_move, m.throw, sorted(m.legal)
(1, (3, 5), [0])
>>> m.apply(0); [a.notation(m.position.setup.colour_names) for a in m.turn.steps]
['Y0-1']
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final, Self, cast

import numpy as np

from .. import fast
from ..dice import Throw, dice_for
from ..game import first_player
from ..moves import Action, Play, Turn, legal_plays
from ..position import Position
from ..rules import ONE_DIE_RULESETS, Setup
from .encoding import (
    Array,
    Mask,
    _Layout,
    _layout,
    _observe_laid,
    decode_steps,
    n_step_actions,
    observe,
    observe_positions,
    step_mask,
)

__all__ = ["DEFAULT_MAX_PLAYS", "DRAWS", "MODES", "Match", "returns_of"]

#: The two decision modes.
MODES: Final = ("step", "play")

#: How a match draws its dice: as :class:`pachisi.Game` (``"random"``) or as the
#: kernel's batched games (``"splitmix"``; see the module docstring).
DRAWS: Final = ("random", "splitmix")

#: Default bound on the index of a whole play, by ruleset: well above the
#: largest number of distinct outcomes of one throw seen in long random runs
#: (Pagade 64, Whitman 266, four-player Parcheesi 1,157, Eight-Man 18,325;
#: docs/rl.md). A throw with more raises an error that names ``max_plays``. In
#: ``ludo`` and ``maedn`` one die moves one of four pawns: at most 4 outcomes.
DEFAULT_MAX_PLAYS: Final = {
    "pagade": 256,
    "whitman": 4096,
    "parcheesi": 4096,
    "eight-man": 65536,
    "ludo": 4,
    "maedn": 4,
}


def returns_of(position: Position) -> list[float]:
    """Each player's final reward in ``position`` (zeros while the game is not over).

    Team games: +1 for each player of the winning team, -1 for the others.
    Otherwise by place: place ``k`` (0 first) of ``n`` is worth
    ``1 - 2k / (n - 1)``; players who have not finished share the places
    left (their mean). So two players get +1 and -1, the rewards always sum
    to zero, and a game that ends with nobody finished (a Pagade dead end)
    gives everybody 0.
    """
    setup = position.setup
    n = len(setup.players)
    if not position.is_over:
        return [0.0] * n
    if setup.teams is not None:
        if position.winner is None:
            return [0.0] * n
        won = set(position.winner)
        return [1.0 if i in won else -1.0 for i in range(n)]
    value = [1.0 - 2.0 * k / (n - 1) for k in range(n)]
    out = [0.0] * n
    finished = list(position.finished)
    for k, i in enumerate(finished):
        out[i] = value[k]
    rest = [i for i in range(n) if i not in finished]
    if rest:
        shared = sum(value[len(finished) :]) / len(rest)
        for i in rest:
            out[i] = shared
    return out


class Match:
    """One game as decisions for the player to move (see the module docstring).

    ``seed`` starts it at once (:meth:`reset`); ``draws`` is one of :data:`DRAWS`
    (the module docstring). ``max_throws`` bounds the
    game's length: after that many throws it stops with :attr:`truncated`
    set. Attributes while a decision is open: :attr:`position` (at the start
    of the throw), :attr:`throw`, and :attr:`turn` with :attr:`legal` (step
    mode) or :attr:`plays` (play mode).
    """

    def __init__(
        self,
        setup: Setup,
        mode: str = "step",
        *,
        max_plays: int | None = None,
        max_throws: int | None = None,
        auto_throw: bool = True,
        seed: int | None = None,
        draws: str = "random",
    ) -> None:
        if mode not in MODES:
            raise ValueError(f"mode must be 'step' or 'play', not {mode!r}")
        if draws not in DRAWS:
            raise ValueError(f"draws must be 'random' or 'splitmix', not {draws!r}")
        if max_plays is not None and (isinstance(max_plays, bool) or max_plays < 1):
            raise ValueError(f"max_plays must be a positive integer, not {max_plays!r}")
        if max_throws is not None and (isinstance(max_throws, bool) or max_throws < 1):
            raise ValueError(f"max_throws must be a positive integer, not {max_throws!r}")
        self.setup = setup
        self.mode = mode
        self.max_plays = max_plays if max_plays is not None else DEFAULT_MAX_PLAYS[setup.ruleset]
        self.max_throws = max_throws
        self.auto_throw = auto_throw
        self.dice = dice_for(setup.ruleset)
        self.n_actions = n_step_actions(setup) if mode == "step" else self.max_plays
        self.draws = draws
        self.rng = random.Random(seed)
        #: The dice of ``draws="splitmix"``.
        self.stream = fast.SplitMix64(0)
        self.position = Position.initial(setup)
        self.throw: Throw | None = None
        self.turn: Turn | None = None
        self.legal: dict[int, Action] = {}
        self.plays: Sequence[Play] = []
        self.history: list[tuple[Throw, Play]] = []
        self.throws = 0
        self.truncated = False
        #: Seats played by a function choosing whole plays (Gymnasium's opponents):
        #: their throws are played inside the match, without a decision.
        self.bots: dict[int, Callable[[Position, Throw, Sequence[Play]], Play]] = {}
        self._legal_list: list[int] | None = None
        self._mask: Mask | None = None
        self._obs: dict[int, Array] = {}
        #: The observation layouts by viewer (two-dice rulesets; the set-up never changes).
        self._lays: dict[int, _Layout] | None = None if setup.ruleset in ONE_DIE_RULESETS else {}
        self.reset(seed)

    # -- state -----------------------------------------------------------------

    def reset(
        self, seed: int | None = None, first: int | None = None, position: Position | None = None
    ) -> None:
        """Start a new game: the first player by preliminary throws with ``seed``.

        ``first`` names the first player instead (no preliminary throws);
        ``position`` starts from that position (before a throw, of this set-up;
        ``ValueError`` otherwise), its throws drawn with ``seed``. With
        ``draws="splitmix"`` the first player's draw is made in every case (so
        that the throws are the same whoever starts).
        """
        self.rng = random.Random(seed)
        if self.draws == "splitmix":
            s = (seed if seed is not None else random.getrandbits(64)) & fast.MASK64
            self.stream = fast.SplitMix64(fast.stream_seed(s, 0))
            drawn = 0 if self.dice.count == 1 else self.stream.below(len(self.setup.players))
            if first is None:
                first = drawn
        if position is not None:
            if not isinstance(position, Position) or position.setup != self.setup:
                raise ValueError("the start position must be a Position of this set-up")
            self.position = position
        else:
            if first is None:
                first, _ = first_player(self.setup, self.rng)
            self.position = Position.initial(self.setup, first)
        self.history = []
        self.throws = 0
        self.truncated = False
        self._clear()
        self._advance()

    def _clear(self) -> None:
        self.throw = None
        self.turn = None
        self.legal = {}
        self.plays = []

    @property
    def done(self) -> bool:
        """Whether the game has ended (over, or truncated by ``max_throws``)."""
        return self.truncated or self.position.is_over

    @property
    def to_move(self) -> int:
        """The player whose decision (or throw) it is."""
        return self.position.to_move

    @property
    def needs_throw(self) -> bool:
        """Whether the next event is a throw (only with ``auto_throw=False``)."""
        return not self.done and self.throw is None

    def _sorted_legal(self) -> list[int]:
        # Worked out once per decision point (the caches are dropped by _advance).
        if self._legal_list is None:
            if self.mode == "step":
                self._legal_list = sorted(self.legal)
            else:
                self._legal_list = list(range(len(self.plays)))
        return self._legal_list

    def legal_actions(self) -> list[int]:
        """The legal action indices now, ascending (empty when no decision is open)."""
        return list(self._sorted_legal())

    def is_legal(self, action: int) -> bool:
        """Whether the index ``action`` is a legal action now."""
        if self.mode == "step":
            return action in self.legal
        return 0 <= action < len(self.plays)

    def mask(self) -> Mask:
        """The legal actions as a 0/1 int8 array of length :attr:`n_actions`."""
        if self._mask is None:
            if self.mode == "play":  # the plays' indices: 0 .. len - 1
                self._mask = np.zeros(self.n_actions, dtype=np.int8)
                self._mask[: len(self.plays)] = 1
            else:  # the same ones in any order: the legal dict's keys, unsorted
                self._mask = step_mask(self.legal, self.n_actions)
        return self._mask.copy()

    def observe(self, viewer: int | None = None, out: Array | None = None) -> Array:
        """The observation vector (:func:`~pachisi.rl.encoding.observe`) for ``viewer``.

        By default from the side of the player to move. Encoded once per
        viewer and decision point; each call gets its own array (or fills ``out``).
        """
        who = self.to_move if viewer is None else viewer
        obs = self._obs.get(who)
        if obs is None:
            legal = list(self.legal.values()) if self.mode == "step" else ()
            lays = self._lays
            if lays is None:
                obs = observe(self.position, who, self.throw, self.turn, legal)
            else:
                lay = lays.get(who)
                if lay is None:
                    lay = lays[who] = _layout(self.setup, who)
                position, throw, turn = self.position, self.throw, self.turn
                obs = _observe_laid(lay, position, who, throw, turn, legal, None, None)
            self._obs[who] = obs
        if out is None:
            return obs.copy()
        np.copyto(out, obs)
        return out

    def afterstates(self, viewer: int | None = None) -> Array:
        """Play mode: one observation row per legal play, of its resulting position.

        Rows are seen from ``viewer`` (by default the player to move) and
        carry no throw; a learner can value them as TD-Gammon does.
        """
        who = self.to_move if viewer is None else viewer
        return observe_positions([p.position for p in self.plays], who)

    def returns(self) -> list[float]:
        """Each player's reward (:func:`returns_of`; zeros if truncated or not over)."""
        if self.truncated:
            return [0.0] * len(self.setup.players)
        return returns_of(self.position)

    # -- moves -----------------------------------------------------------------

    def set_throw(self, throw: Sequence[int]) -> None:
        """Begin playing ``throw`` (with ``auto_throw=False``), checked against the dice."""
        if not self.needs_throw:
            raise ValueError("no throw is expected now")
        self._begin(self.dice.check(tuple(throw)))
        self._advance()

    def apply(self, action: int) -> None:
        """Take decision ``action`` (an index); ``ValueError`` if it is not legal now."""
        if self.mode == "step":
            step = self.legal.get(int(action)) if not isinstance(action, bool) else None
            if step is None:
                raise ValueError(
                    f"action {action!r} is not legal now (legal: {self.legal_actions()})"
                )
            assert self.turn is not None
            self.turn.push(step)
            if self.turn.is_complete:
                self._finish(self.turn.play())
            else:
                self.legal = decode_steps(self.turn)
        else:
            i = int(action)
            if isinstance(action, bool) or not 0 <= i < len(self.plays):
                raise ValueError(
                    f"action {action!r} is not legal now (legal: 0..{len(self.plays) - 1})"
                )
            self._finish(self.plays[i])
        self._advance()

    def apply_play(self, play: Play) -> None:
        """Play a whole :class:`~pachisi.moves.Play` of the current throw (any mode).

        In step mode only before the throw's first step.
        """
        if self.throw is None or (self.turn is not None and self.turn.steps):
            raise ValueError("a whole play needs a throw with no step made yet")
        if all(p.position != play.position for p in self.current_plays()):
            raise ValueError(f"play {play.notation!r} is not legal for {self.throw}")
        self._finish(play)
        self._advance()

    def current_plays(self) -> list[Play]:
        """The legal plays of the current throw (computed in step mode when asked)."""
        if self.throw is None:
            return []
        if self.mode == "play":
            return list(self.plays)
        return list(legal_plays(self.position, self.throw))

    def _begin(self, throw: Throw) -> None:
        """Start ``throw``: a decision if something can move, else pass it on."""
        self.throws += 1
        self.throw = throw
        bot = self.bots.get(self.position.to_move)
        if bot is not None:
            plays = legal_plays(self.position, throw)
            self._finish(plays[0] if len(plays) == 1 else bot(self.position, throw, plays))
            return
        if self.mode == "step":
            turn = Turn._of_checked(self.position, throw)  # the dice checked it
            if turn.is_complete:
                self._finish(turn.play())
                return
            self.turn = turn
            self.legal = decode_steps(turn)
        else:
            plays = legal_plays(self.position, throw)
            if len(plays) == 1 and not plays[0].actions:
                self._finish(plays[0])
                return
            if len(plays) > self.max_plays:
                raise ValueError(
                    f"{len(plays)} distinct plays of {throw} exceed max_plays={self.max_plays};"
                    " create the environment with a larger max_plays"
                )
            self.plays = plays

    def _finish(self, play: Play) -> None:
        assert self.throw is not None
        self.history.append((self.throw, play))
        self.position = play.position
        self._clear()

    def _advance(self) -> None:
        """Throw (when automatic) until a decision is open or the game ends."""
        self._legal_list = self._mask = None
        self._obs = {}
        while self.throw is None and not self.position.is_over:
            if self.max_throws is not None and self.throws >= self.max_throws:
                self.truncated = True
                return
            if not self.auto_throw:
                return
            self._begin(self._roll())

    def _roll(self) -> Throw:
        """The next throw of the match's dice."""
        if self.draws == "random":
            return self.dice.roll(self.rng)
        faces = self.dice.faces
        below = self.stream.below
        if self.dice.count == 1:
            return cast(Throw, (faces[below(len(faces))],))
        return (faces[below(len(faces))], faces[below(len(faces))])

    def __deepcopy__(self, memo: dict[int, object]) -> Match:
        return self.copy()

    def _copy_base(self) -> Self:
        """A shallow copy with its own dice generators, plays and observation cache: what
        every :meth:`copy` needs (a subclass copies its own lists after it)."""
        new = type(self).__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        new.stream = fast.SplitMix64(self.stream.state)
        new.plays = list(self.plays)
        new._obs = {}
        return new

    def copy(self) -> Match:
        """An independent copy (the dice generator's state included)."""
        new = self._copy_base()
        new.history = list(self.history)
        if self.turn is not None:
            new.turn = self.turn.copy()
            new.legal = dict(self.legal)
        return new
