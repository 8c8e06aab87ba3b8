"""The exceptions of the library: every bad input raises one of these."""

from __future__ import annotations

__all__ = ["IllegalMoveError", "PachisiError", "PositionError", "ThrowError"]


class PachisiError(ValueError):
    """Base class of every error the library raises on bad input.

    The message is one line and says what is wrong, so that a command-line
    front end can print it as it is.
    """


class PositionError(PachisiError):
    """A position (JSON or text) is malformed or cannot occur (RULES.md §3.6).

    ``field`` names the FORMAT.md field at fault (``"pawns"``, ``"players"``...).
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field


class ThrowError(PachisiError):
    """A throw that cannot be played: a face the dice lack, or the game is over."""


class IllegalMoveError(PachisiError):
    """A play, step or notation that is not legal in the position."""
