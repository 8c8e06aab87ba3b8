"""The value network: each side's chance of winning a position, and its weights file.

The network reads the sparse encoding of :mod:`pachisi.learn.encoding` (the
position seen by the player to move) through one hidden layer of ``tanh``
units to :data:`~pachisi.learn.encoding.MAX_SIDES` outputs, turned into the
sides' chances by a softmax over the set-up's sides (the teams, or the
players, counted from the mover's)::

    h = tanh(b1 + sum_i x_i W1[i])      (only the non-zero x_i: a sparse sum)
    p = softmax(b2 + h W2)[:n_sides]

A finished game is valued exactly (1 for the winner, 0 for the others).
:meth:`ValueNet.value` is an evaluation ``f(position, player)`` for the
players; :meth:`ValueNet.values` values many positions at once through numpy
when numpy is installed (the ``learn`` extra), and in plain Python otherwise
(the same numbers to rounding).

Weights file (``pachisi-value-net``, version 1): one JSON object with
``format``, ``version``, ``encoding`` (the encoding's name and version; a
file is read only with the same encoding), ``ruleset``, ``setup`` (the
FORMAT.md fields of the set-up it was trained on), ``n_inputs``, ``hidden``,
``outputs``, ``made_by`` (the command, seed, game count and settings that
made it), ``note``, ``arrays`` (``W1``, ``b1``, ``W2``, ``b2``: each
``{"shape": [...], "float64": base64 of the little-endian doubles}``) and,
in training checkpoints only, ``state``.
"""

from __future__ import annotations

import base64
import json
import math
import sys
from array import array
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..errors import PachisiError
from ..extras import install_hint
from ..position import Position
from ..rules import Setup
from .encoding import MAX_SIDES, AnyEncoder, encoder_for, encoding_name

__all__ = ["FORMAT", "FORMAT_VERSION", "ValueNet", "WeightsError"]

#: The ``format`` field of a weights file.
FORMAT = "pachisi-value-net"
#: The version of the weights file format this module writes and reads.
FORMAT_VERSION = 1

_ARRAYS = ("W1", "b1", "W2", "b2")


class WeightsError(PachisiError):
    """A weights file that cannot be read or does not fit (one-line message)."""


def _numpy() -> Any:
    try:
        import numpy
    except ImportError:  # pragma: no cover - depends on the environment
        return None
    return numpy


def _pack(values: Sequence[float]) -> str:
    a = array("d", values)
    if sys.byteorder != "little":  # pragma: no cover
        a.byteswap()
    return base64.b64encode(a.tobytes()).decode("ascii")


def _unpack(text: str, size: int, name: str) -> list[float]:
    try:
        raw = base64.b64decode(text.encode("ascii"), validate=True)
    except (ValueError, UnicodeEncodeError):
        raise WeightsError(f"array {name}: not base64") from None
    if len(raw) != 8 * size:
        raise WeightsError(f"array {name}: {len(raw) // 8} numbers, expected {size}")
    a = array("d")
    a.frombytes(raw)
    if sys.byteorder != "little":  # pragma: no cover
        a.byteswap()
    return a.tolist()


class ValueNet:
    """A value network for one ruleset (any set-up of it; see the module docstring).

    ``W1`` is ``n_inputs`` rows of ``hidden`` numbers, ``b1`` ``hidden``
    numbers, ``W2`` ``hidden`` rows of :data:`MAX_SIDES` numbers, ``b2``
    :data:`MAX_SIDES` numbers (plain lists). ``meta`` holds the file's other
    fields (``setup``, ``made_by``, ``note``, ``state``).
    """

    def __init__(
        self,
        ruleset: str,
        W1: list[list[float]],
        b1: list[float],
        W2: list[list[float]],
        b2: list[float],
        meta: Mapping[str, Any] | None = None,
    ) -> None:
        self.ruleset = ruleset
        self.W1, self.b1, self.W2, self.b2 = W1, b1, W2, b2
        self.n_inputs = len(W1)
        self.hidden = len(b1)
        self.meta: dict[str, Any] = dict(meta or {})
        self._np: Any = None  # numpy copies of the weights, made on first use

    # -- construction ---------------------------------------------------------

    @classmethod
    def random(cls, setup: Setup, hidden: int = 32, seed: int = 0) -> ValueNet:
        """Small random weights (seeded, standard library only) for ``setup``'s ruleset."""
        import random

        if hidden < 1:
            raise ValueError("hidden must be at least 1")
        rng = random.Random(seed)
        n = encoder_for(setup).n_inputs
        s1 = 1.0 / math.sqrt(40.0)  # about 40 units of an encoding are non-zero
        s2 = 1.0 / math.sqrt(hidden)
        W1 = [[rng.gauss(0.0, s1) for _ in range(hidden)] for _ in range(n)]
        W2 = [[rng.gauss(0.0, s2) * 0.1 for _ in range(MAX_SIDES)] for _ in range(hidden)]
        return cls(setup.ruleset, W1, [0.0] * hidden, W2, [0.0] * MAX_SIDES)

    def arrays(self) -> dict[str, Any]:
        """The weights as numpy arrays (copies made once; numpy required)."""
        if self._np is None:
            np = _numpy()
            if np is None:
                raise WeightsError(f"numpy is not installed: {install_hint('learn')}")
            self._np = {
                "W1": np.array(self.W1, dtype=np.float64).reshape(self.n_inputs, self.hidden),
                "b1": np.array(self.b1, dtype=np.float64),
                "W2": np.array(self.W2, dtype=np.float64).reshape(self.hidden, MAX_SIDES),
                "b2": np.array(self.b2, dtype=np.float64),
            }
        return dict(self._np)

    @classmethod
    def from_arrays(
        cls, ruleset: str, arrays: Mapping[str, Any], meta: Mapping[str, Any] | None = None
    ) -> ValueNet:
        """A network from numpy arrays ``W1``, ``b1``, ``W2``, ``b2`` (copied)."""
        net = cls(
            ruleset,
            [list(map(float, row)) for row in arrays["W1"]],
            [float(v) for v in arrays["b1"]],
            [list(map(float, row)) for row in arrays["W2"]],
            [float(v) for v in arrays["b2"]],
            meta,
        )
        return net

    # -- evaluation ----------------------------------------------------------

    def _check(self, position: Position) -> AnyEncoder:
        if position.ruleset != self.ruleset:
            raise WeightsError(f"this network is for {self.ruleset}, not {position.ruleset}")
        return encoder_for(position.setup)

    def side_chances(self, position: Position) -> list[float]:
        """Each side's chance of winning, sides counted from the mover's (plain Python)."""
        enc = self._check(position)
        if position.winner is not None:
            return _exact(enc, position)
        idx, val = enc.encode(position)
        h = list(self.b1)
        W1 = self.W1
        for i, v in zip(idx, val, strict=True):
            row = W1[i]
            if v == 1.0:
                h = [a + w for a, w in zip(h, row, strict=True)]
            else:
                h = [a + v * w for a, w in zip(h, row, strict=True)]
        logits = list(self.b2[: enc.n_sides])
        for hj, row in zip(h, self.W2, strict=True):
            t = math.tanh(hj)
            for k in range(enc.n_sides):
                logits[k] += t * row[k]
        return _softmax(logits)

    def win_chances(self, position: Position) -> list[float]:
        """Each player's chance that his side (he, or his team) wins, by player index."""
        enc = self._check(position)
        return enc.by_player(position.to_move, self.side_chances(position))

    def value(self, position: Position, player: int) -> float:
        """``player``'s chance of winning (his team's, in a partnership game)."""
        enc = self._check(position)
        if position.winner is not None:
            return 1.0 if player in position.winner else 0.0
        side = enc.side_of[position.to_move][player]
        return self.side_chances(position)[side]

    def values(self, positions: Sequence[Position], player: int) -> list[float]:
        """:meth:`value` of many positions for one player: numpy when installed."""
        np = _numpy()
        if np is None or len(positions) < 2:
            return [self.value(p, player) for p in positions]
        return [float(v) for v in self.batch(positions, player)]

    def chances(self, positions: Sequence[Position]) -> list[list[float]]:
        """:meth:`win_chances` of many positions (through numpy when installed)."""
        return self._chances(positions, sparse=False)

    def sparse_chances(self, positions: Sequence[Position]) -> list[list[float]]:
        """:meth:`chances` with the hidden layer summed over the active units' rows only
        (numpy gathers them; no dense product): the same numbers to rounding, and free of
        a multithreaded BLAS's cost on small batches (tens of times :meth:`chances`'s on
        a busy machine). Plain Python without numpy. Ludo and MADN use it."""
        return self._chances(positions, sparse=True)

    def _chances(self, positions: Sequence[Position], sparse: bool) -> list[list[float]]:
        if _numpy() is None or len(positions) < 2:
            return [self.win_chances(p) for p in positions]
        live, encs, P = self._side_rows(positions, sparse)
        out: list[list[float]] = [
            [1.0 if j in pos.winner else 0.0 for j in range(len(pos.setup.players))]
            if pos.winner is not None
            else []
            for pos in positions
        ]
        if live:
            rows = P.tolist()
            for r, k in enumerate(live):
                out[k] = encs[r].by_player(positions[k].to_move, rows[r])
        return out

    def batch(self, positions: Sequence[Position], player: int) -> Any:
        """:meth:`value` of many positions for ``player`` as a numpy array (numpy required)."""
        np = _numpy()
        if np is None:
            raise WeightsError(f"numpy is not installed: {install_hint('learn')}")
        out = np.empty(len(positions))
        for k, pos in enumerate(positions):
            if pos.winner is not None:
                out[k] = 1.0 if player in pos.winner else 0.0
        live, encs, P = self._side_rows(positions, sparse=False)
        if live:
            want = [
                enc.side_of[positions[k].to_move][player] for enc, k in zip(encs, live, strict=True)
            ]
            out[live] = P[np.arange(len(live)), np.asarray(want)]
        return out

    def _side_rows(
        self, positions: Sequence[Position], sparse: bool
    ) -> tuple[list[int], list[AnyEncoder], Any]:
        """The undecided positions' side chances in one batch (numpy required): their
        indices in ``positions``, their encoders, and the chances (a row each, as
        :meth:`forward`'s), through the dense product or, if ``sparse``, the gather of
        the active units' rows. Every position's ruleset is checked, in order."""
        np = _numpy()
        live: list[int] = []
        encs: list[AnyEncoder] = []
        cols: list[int] = []
        vals: list[float] = []
        lens: list[int] = []
        for k, pos in enumerate(positions):
            enc = self._check(pos)
            if pos.winner is not None:
                continue
            idx, val = enc.encode(pos)
            cols.extend(idx)
            vals.extend(val)
            lens.append(len(idx))
            live.append(k)
            encs.append(enc)
        if not live:
            return live, encs, None
        n_sides = np.asarray([enc.n_sides for enc in encs])
        if not sparse:
            rows = np.repeat(np.arange(len(live)), lens)
            P = self.forward(rows, np.asarray(cols), np.asarray(vals), len(live), n_sides)
            return live, encs, P
        a = self.arrays()
        H = self.sparse_hidden(cols, vals, lens)
        return live, encs, softmax_rows(np, H @ a["W2"] + a["b2"], n_sides)

    def sparse_hidden(self, cols: Any, vals: Any, lens: Sequence[int]) -> Any:
        """The hidden layer (``len(lens)`` x :attr:`hidden`, numpy) of sparse encodings
        given one after another: the active units' columns and values, and how many
        each encoding has; the active rows of ``W1`` gathered and summed, no dense
        product (:meth:`sparse_chances`; the analysis's batches)."""
        np = _numpy()
        a = self.arrays()
        starts = np.zeros(len(lens), np.intp)
        np.cumsum(lens[:-1], out=starts[1:])
        C = np.asarray(cols, dtype=np.intp)
        V = np.asarray(vals, dtype=np.float64)
        return np.tanh(np.add.reduceat(a["W1"][C] * V[:, None], starts, axis=0) + a["b1"])

    def forward(self, rows: Any, cols: Any, vals: Any, n: int, n_sides: Any) -> Any:
        """Side chances of ``n`` sparse encodings given as coordinate lists (numpy).

        Row ``r`` of the result (``n`` x :data:`MAX_SIDES`) is the softmax over
        its first ``n_sides[r]`` outputs, the others 0.
        """
        np = _numpy()
        a = self.arrays()
        X = np.zeros((n, self.n_inputs))
        X[rows, cols] = vals
        H = np.tanh(X @ a["W1"] + a["b1"])
        return softmax_rows(np, H @ a["W2"] + a["b2"], n_sides)

    def kernel_tables(self, setup: Setup) -> tuple[Any, Any]:
        """The compiled kernel's tables of this network for ``setup``'s positions
        (:func:`pachisi.learn.kernel.tables`; for :func:`pachisi.fast.playouts`)."""
        from .kernel import tables

        return tables(self, setup)

    # -- files ----------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The weights file's object (see the module docstring)."""
        flat_W1 = [w for row in self.W1 for w in row]
        flat_W2 = [w for row in self.W2 for w in row]
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "encoding": encoding_name(self.ruleset),
            "ruleset": self.ruleset,
            "setup": self.meta.get("setup"),
            "n_inputs": self.n_inputs,
            "hidden": self.hidden,
            "outputs": MAX_SIDES,
            "made_by": self.meta.get("made_by", {}),
            "note": self.meta.get("note", ""),
            "arrays": {
                "W1": {"shape": [self.n_inputs, self.hidden], "float64": _pack(flat_W1)},
                "b1": {"shape": [self.hidden], "float64": _pack(self.b1)},
                "W2": {"shape": [self.hidden, MAX_SIDES], "float64": _pack(flat_W2)},
                "b2": {"shape": [MAX_SIDES], "float64": _pack(self.b2)},
            },
            **({"state": self.meta["state"]} if "state" in self.meta else {}),
        }

    def save(self, path: str | Path) -> None:
        """Write the weights file (atomically: a temporary file renamed into place)."""
        path = Path(path)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(json.dumps(self.to_dict(), indent=1) + "\n", encoding="utf-8")
        tmp.replace(path)

    @classmethod
    def from_dict(cls, data: object) -> ValueNet:
        """Read a decoded weights file; :class:`WeightsError` says what is wrong."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise WeightsError(f"not a {FORMAT} file")
        if data.get("version") != FORMAT_VERSION:
            raise WeightsError(
                f"weights file version {data.get('version')!r}; this pachisi reads "
                f"version {FORMAT_VERSION}"
            )
        ruleset = data.get("ruleset")
        n, hidden = data.get("n_inputs"), data.get("hidden")
        if not isinstance(ruleset, str) or not isinstance(n, int) or not isinstance(hidden, int):
            raise WeightsError("ruleset, n_inputs and hidden are required")
        try:
            setup = Setup.create(ruleset)
        except PachisiError:
            raise WeightsError(f"unknown ruleset {ruleset!r}") from None
        encoding = encoding_name(ruleset)
        if data.get("encoding") != encoding:
            raise WeightsError(
                f"weights made for encoding {data.get('encoding')!r}; this pachisi "
                f"encodes {ruleset} with {encoding}"
            )
        if encoder_for(setup).n_inputs != n:
            raise WeightsError(f"n_inputs {n} does not fit {ruleset}'s encoding")
        arrays = data.get("arrays")
        if not isinstance(arrays, dict):
            raise WeightsError("arrays missing")
        shapes = {"W1": [n, hidden], "b1": [hidden], "W2": [hidden, MAX_SIDES], "b2": [MAX_SIDES]}
        flat: dict[str, list[float]] = {}
        for name in _ARRAYS:
            item = arrays.get(name)
            if not isinstance(item, dict) or item.get("shape") != shapes[name]:
                raise WeightsError(f"array {name}: missing or not of shape {shapes[name]}")
            text = item.get("float64")
            if not isinstance(text, str):
                raise WeightsError(f"array {name}: no float64 data")
            flat[name] = _unpack(text, math.prod(shapes[name]), name)
        W1 = [flat["W1"][i * hidden : (i + 1) * hidden] for i in range(n)]
        W2 = [flat["W2"][i * MAX_SIDES : (i + 1) * MAX_SIDES] for i in range(hidden)]
        meta = {k: data[k] for k in ("setup", "made_by", "note", "state") if k in data}
        return cls(ruleset, W1, flat["b1"], W2, flat["b2"], meta)

    @classmethod
    def load(cls, path: str | Path) -> ValueNet:
        """Read a weights file; :class:`WeightsError` (one line) if it cannot be used."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise WeightsError(f"cannot read {path}: {exc.strerror or exc}") from None
        except UnicodeDecodeError:
            raise WeightsError(f"{path} is not UTF-8 text") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise WeightsError(f"{path}: not valid JSON ({exc})") from None
        return cls.from_dict(data)


def softmax_rows(np: Any, Z: Any, n_sides: Any) -> Any:
    """Row-wise softmax of ``Z`` over the first ``n_sides[r]`` columns of row ``r``, rest 0."""
    mask = np.arange(Z.shape[1])[None, :] < np.asarray(n_sides).reshape(-1, 1)
    Zm = np.where(mask, Z, -np.inf)
    E = np.exp(Zm - Zm.max(axis=1, keepdims=True))
    return E / E.sum(axis=1, keepdims=True)


def _softmax(z: list[float]) -> list[float]:
    # Summed left to right, as the kernel does (sum() compensates from Python 3.12 on).
    m = max(z)
    e = [math.exp(v - m) for v in z]
    s = 0.0
    for v in e:
        s += v
    return [v / s for v in e]


def _exact(enc: AnyEncoder, position: Position) -> list[float]:
    winner = position.winner or ()
    return [
        1.0 if any(j in winner for j in players) else 0.0 for players in enc.sides(position.to_move)
    ]
