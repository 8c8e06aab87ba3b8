"""Reinforcement-learning environments (the optional extra ``rl``).

* ``from pachisi.rl import pachisi_v1``: the PettingZoo AEC environment
  (``pachisi_v1.env(ruleset="parcheesi", players=4)``, ``pachisi_v1.raw_env``;
  its play mode steps in the compiled kernel, :mod:`pachisi.rl.lane`);
  ``pachisi_v0``, its earlier version (other seeded games), is kept;
* :mod:`pachisi.rl.gym`: the Gymnasium single-seat environment, registered
  as ``pachisi/Pagade-v0``, ``pachisi/Whitman-v0``, ``pachisi/Parcheesi-v0``,
  ``pachisi/EightMan-v0``, ``pachisi/Ludo-v0`` and ``pachisi/Maedn-v0`` when
  ``pachisi.rl`` is imported;
* :mod:`pachisi.rl.openspiel`: the six rulesets as OpenSpiel Python games
  (``python_pachisi_parcheesi``, ``python_pachisi_ludo`` ...), registered when
  that module is imported;
* :mod:`pachisi.rl.vector`: ``BatchedEnv``, N games stepped together with
  numpy arrays in and out;
* :mod:`pachisi.rl.encoding` and :mod:`pachisi.rl.match`: the action and
  observation encodings and the game driver they share (:mod:`pachisi.rl.lane`:
  the driver's play mode in the kernel);
* :mod:`pachisi.rl.render`, :mod:`pachisi.rl.image` and :mod:`pachisi.rl.ring`:
  the boards as text and pictures (``ring``: Ludo's and MADN's).

docs/rl.md describes the spaces, the rewards and the measured speed. Nothing
outside this package imports it; it needs the ``rl`` extra (:func:`pachisi.extras.install_hint`).
"""

from __future__ import annotations

from . import pachisi_v0, pachisi_v1
from .gym import register_envs

__all__ = ["pachisi_v0", "pachisi_v1", "register_envs"]

register_envs()
