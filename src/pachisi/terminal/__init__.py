"""Terminal front ends built on the core: play, replay, simulate, analyse.

Each command module has ``register(subparsers)``, which adds its subcommand
to the ``pachisi`` command line, and a ``run(args)`` returning the exit
status. ``pachisi.cli`` imports a command's module only when that command
runs (its table ``COMMANDS``), so these modules import rich at the top;
matplotlib, an optional extra, is still imported only to draw a plot.
"""
