"""Training the value network: self-play by TD(lambda), distillation, the ``train`` command.

Above both :mod:`pachisi.learn` (the network, its encoding and its kernel
tables) and :mod:`pachisi.bots` (whose learned player uses that network):
training plays greedy and named players to make its distillation targets
and held-out games, so it cannot live in :mod:`pachisi.learn` without the
two packages importing each other (tests/test_seams.py).

* :mod:`pachisi.training.train`: the training itself (needs the ``learn``
  extra);
* :mod:`pachisi.training.command`: ``pachisi train``.
"""
