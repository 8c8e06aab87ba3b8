"""Terminal front ends built on the core: play, replay, simulate, analyse.

Each command module has ``register(subparsers)``, which adds its subcommand
to the ``pachisi`` command line, and a ``run(args)`` returning the exit
status. Modules import rich (and matplotlib) inside functions, so that
``pachisi moves`` starts without them.
"""
