"""The learned evaluation: a position encoding, a small value network, self-play training.

* :mod:`pachisi.learn.encoding`: the versioned encoding of a position seen
  by the player to move (standard library only);
* :mod:`pachisi.learn.network`: the value network (each side's chance of
  winning) and its weights file; evaluates in plain Python, or through numpy
  when installed;
* :mod:`pachisi.learn.train`: training by self-play, TD(lambda) through
  lambda-returns, on several processes, with checkpoints (numpy: the
  ``learn`` extra); ``pachisi train`` runs it (:mod:`pachisi.learn.command`).

The player that uses the network is :class:`pachisi.bots.learned.LearnedPlayer`
(``learned``, ``learned1``, ``learned2``). Every ruleset ships a network in
``pachisi/learn/weights/``, each trained by self-play on one two-player
set-up (docs/learning.md has how, and what has been measured). A network
is used only on set-ups that look to it like the one it was trained on
(:func:`misfit`): the encoding sees the board from the mover's arm, so the
same arrangement of players turned round the board is the same to it, but
another number of players, or two players on neighbouring arms instead of
opposite ones, is not (measured: docs/players.md).
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from ..errors import PachisiError
from ..position import Position
from ..rules import Setup
from .encoding import ENCODING, N_GLOBAL, Encoder
from .network import ValueNet, WeightsError

__all__ = [
    "ENCODING",
    "Encoder",
    "ValueNet",
    "WeightsError",
    "default_net",
    "misfit",
    "set_up_frames",
    "shipped_rulesets",
    "trained_setup",
]


def shipped_rulesets() -> tuple[str, ...]:
    """The rulesets with a network shipped in the package."""
    folder = resources.files(__name__) / "weights"
    return tuple(
        sorted(f.name.removesuffix(".json") for f in folder.iterdir() if f.name.endswith(".json"))
    )


@cache
def default_net(ruleset: str) -> ValueNet:
    """The network shipped for ``ruleset``; :class:`WeightsError` if none ships."""
    item = resources.files(__name__) / "weights" / f"{ruleset}.json"
    if not item.is_file():
        raise WeightsError(
            f"no learned network ships for {ruleset}: train one with `pachisi train {ruleset}`"
        )
    with resources.as_file(item) as path:
        return ValueNet.load(path)


@cache
def set_up_frames(setup: Setup) -> frozenset[tuple[int, ...]]:
    """What the encoding shows of ``setup`` itself, once for each player to move.

    For each player, the units of the start position (that player to move)
    that depend on the set-up alone: each colour slot's PRESENT, MAJOR and
    SIDE units, and the global team-play and player-count units. Two
    set-ups with the same frames look alike to a network: the same
    arrangement of players turned round the board, for instance.

    >>> two = Setup.create("parcheesi", players=2)               # red and yellow: opposite
    >>> set_up_frames(two) == set_up_frames(Setup.create("parcheesi", players=["green", "blue"]))
    True
    >>> set_up_frames(two) == set_up_frames(Setup.create("parcheesi", players=["red", "green"]))
    False
    """
    enc = Encoder.of(setup)
    base = 3 * (enc.home + 1)
    keep = {s * enc.slot_size + base + k for s in range(4) for k in range(6)}
    keep |= {enc.global_offset + k for k in range(2, N_GLOBAL)}
    frames = set()
    for mover in range(len(setup.players)):
        idx, _ = enc.encode(Position.initial(setup, mover))
        frames.add(tuple(sorted(i for i in idx if i in keep)))
    return frozenset(frames)


def trained_setup(net: ValueNet) -> Setup | None:
    """The set-up ``net`` was trained on, from its file (``None`` where it does not say)."""
    fields = net.meta.get("setup")
    if not isinstance(fields, dict):
        return None
    try:
        return Setup.from_fields(
            fields.get("ruleset"), fields.get("options", {}), fields.get("players"),
            fields.get("teams"),
        )  # fmt: skip
    except PachisiError:
        return None


def misfit(net: ValueNet, setup: Setup) -> str | None:
    """Why ``net`` should not judge ``setup``'s positions, or ``None`` where it may.

    A network may judge the positions of its own ruleset whose set-up looks
    to it like the one it was trained on (:func:`set_up_frames`: every frame
    of ``setup`` is one of the training set-up's). A network whose file does
    not name its set-up is taken at its word. House-rule switches are not
    compared (nothing was measured about them).

    >>> net = default_net("parcheesi")
    >>> misfit(net, Setup.create("parcheesi", players=["green", "blue"])) is None
    True
    >>> print(misfit(net, Setup.create("parcheesi", players=4)))
    the parcheesi network was trained on parcheesi, 2 players (red, yellow), and this \
game is parcheesi, 4 players (red, green, yellow, blue): it has not learned this arrangement of \
players
    """
    if net.ruleset != setup.ruleset:
        return f"the network is for {net.ruleset}, and this game is {setup.ruleset}"
    trained = trained_setup(net)
    if trained is None or set_up_frames(setup) <= set_up_frames(trained):
        return None
    return (
        f"the {net.ruleset} network was trained on {trained.describe()}, and this game is"
        f" {setup.describe()}: it has not learned this arrangement of players"
    )
