"""The learned evaluation: a position encoding, a small value network, self-play training.

* :mod:`pachisi.learn.encoding`: the versioned encoding of a position seen
  by the player to move (standard library only); Ludo and MADN have their
  own, :mod:`pachisi.learn.one_die` (:func:`~pachisi.learn.encoding.encoder_for`
  picks by ruleset);
* :mod:`pachisi.learn.network`: the value network (each side's chance of
  winning) and its weights file; evaluates in plain Python, or through numpy
  when installed;
* :mod:`pachisi.training.train`: training by self-play, TD(lambda) through
  lambda-returns, on several processes, with checkpoints (numpy: the
  ``learn`` extra); ``pachisi train`` runs it (:mod:`pachisi.training.command`).

The player that uses the network is :class:`pachisi.bots.learned.LearnedPlayer`
(``learned``, ``learned1``, ``learned2``). Every ruleset ships a network in
``pachisi/learn/weights/`` trained by self-play on two players
(``RULESET.json``), and networks for other set-ups (``RULESET.3p.json``,
``RULESET.4p.json``: three and four players in Parcheesi and Whitman, four
in Pagade, Ludo and MADN; ``RULESET.4t.json``: the teams of Parcheesi and Pagade;
docs/learning.md has how, and what has been measured). A network
is used only on set-ups that look to it like the one it was trained on
(:func:`misfit`; :func:`net_for` picks the one that does): the encoding
sees the board from the mover's arm, so the same arrangement of players
turned round the board is the same to it, but another number of players,
teams, or two players on neighbouring arms instead of opposite ones, is
not (measured: docs/players.md).
"""

from __future__ import annotations

import weakref
from functools import cache
from importlib import resources

from ..errors import PachisiError
from ..position import Position
from ..rules import Setup
from .encoding import ENCODING, Encoder, encoder_for
from .network import ValueNet, WeightsError

__all__ = [
    "ENCODING",
    "Encoder",
    "ValueNet",
    "WeightsError",
    "default_net",
    "misfit",
    "net_for",
    "set_up_frames",
    "shipped_for",
    "shipped_nets",
    "shipped_rulesets",
    "trained_setup",
]


@cache
def _weights_files() -> tuple[str, ...]:
    """The names of the shipped weights files: ``RULESET.json`` (a ruleset's first
    network) and ``RULESET.TAG.json`` (its networks for other set-ups)."""
    folder = resources.files(__name__) / "weights"
    return tuple(sorted(f.name for f in folder.iterdir() if f.name.endswith(".json")))


def shipped_rulesets() -> tuple[str, ...]:
    """The rulesets with a network shipped in the package."""
    return tuple(n.removesuffix(".json") for n in _weights_files() if n.count(".") == 1)


@cache
def _load(name: str) -> ValueNet:
    with resources.as_file(resources.files(__name__) / "weights" / name) as path:
        return ValueNet.load(path)


@cache
def default_net(ruleset: str) -> ValueNet:
    """The first network shipped for ``ruleset`` (``RULESET.json``, a two-player one);
    :class:`WeightsError` if none ships. :func:`net_for` picks by set-up."""
    if f"{ruleset}.json" not in _weights_files():
        raise WeightsError(
            f"no learned network ships for {ruleset}: train one with `pachisi train {ruleset}`"
        )
    return _load(f"{ruleset}.json")


def shipped_nets(ruleset: str) -> tuple[tuple[str, ValueNet], ...]:
    """The networks shipped for ``ruleset`` with their file names, ``RULESET.json``
    first (``WeightsError`` if that one does not ship)."""
    first = (f"{ruleset}.json", default_net(ruleset))
    others = [n for n in _weights_files() if n.startswith(f"{ruleset}.") and n.count(".") == 2]
    return (first, *((n, _load(n)) for n in others))


@cache
def shipped_for(setup: Setup) -> tuple[str, ValueNet]:
    """The shipped network for ``setup`` and its file name: the first of
    :func:`shipped_nets` that has learned the set-up (:func:`misfit`), else the
    ruleset's first network (which then says why it does not fit).

    >>> shipped_for(Setup.create("parcheesi", players=2))[0]
    'parcheesi.json'
    >>> shipped_for(Setup.create("parcheesi", players=4))[0]
    'parcheesi.4p.json'
    """
    nets = shipped_nets(setup.ruleset)
    for name, net in nets:
        if misfit(net, setup) is None:
            return name, net
    return nets[0]


def net_for(setup: Setup) -> ValueNet:
    """The shipped network for ``setup`` (:func:`shipped_for`)."""
    return shipped_for(setup)[1]


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
    enc = encoder_for(setup)
    keep = enc.frame_units()
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

    The answer is kept for as long as the network is (a learned player asks
    at every throw, an analysis for every batch of positions).
    """
    known = _MISFITS.setdefault(net, {})
    if setup not in known:
        known[setup] = _misfit(net, setup)
    return known[setup]


#: :func:`misfit`'s answers by network, forgotten with the network.
_MISFITS: weakref.WeakKeyDictionary[ValueNet, dict[Setup, str | None]] = weakref.WeakKeyDictionary()


def _misfit(net: ValueNet, setup: Setup) -> str | None:
    if net.ruleset != setup.ruleset:
        return f"the network is for {net.ruleset}, and this game is {setup.ruleset}"
    trained = trained_setup(net)
    if trained is None or set_up_frames(setup) <= set_up_frames(trained):
        return None
    return (
        f"the {net.ruleset} network was trained on {_words(trained)}, and this game is"
        f" {_words(setup)}: it has not learned this arrangement of players"
    )


def _words(setup: Setup) -> str:
    """:meth:`Setup.describe`, with Eight-Man's major colours (they matter to a network)."""
    words = setup.describe()
    if setup.majors is not None:
        names = setup.colour_names
        words += " with majors " + ", ".join(names[m] for m in setup.majors if m is not None)
    return words
