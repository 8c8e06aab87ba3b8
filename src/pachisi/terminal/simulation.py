"""Moved to :mod:`pachisi.tournament` (tournaments are not terminal code).

Kept only so that old imports still work; import from :mod:`pachisi.tournament`.
"""

from ..tournament import *  # noqa: F403
from ..tournament import __all__ as __all__
