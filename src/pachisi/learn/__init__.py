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
(``learned``, ``learned1``, ``learned2``). Of the networks shipped in
``pachisi/learn/weights/``, two-player Parcheesi's (30,000 self-play
games) and Eight-Man's (20,000) are trained; Pagade's and Whitman's are
small smoke-test networks, not strong ones, and say so in their ``made_by``
(docs/learning.md).
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from .encoding import ENCODING, Encoder
from .network import ValueNet, WeightsError

__all__ = ["ENCODING", "Encoder", "ValueNet", "WeightsError", "default_net", "shipped_rulesets"]


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
