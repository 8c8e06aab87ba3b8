"""Draw the web app's icons (``static/icon-192.png`` and ``-512.png``) with the standard library.

The same picture as ``static/favicon.svg`` (the cross-shaped board, its four
home triangles and a red pawn), drawn inside the middle 80% of a square
filled with the board's cloth, so that a phone may cut it to a circle or a
rounded square ("maskable"). Run from the repository root::

    python tools/make_icons.py
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

STATIC = Path(__file__).resolve().parent.parent / "src" / "pachisi" / "web" / "static"

CLOTH = (0xEF, 0xE4, 0xC8)
SQUARE = (0xFF, 0xFA, 0xF0)
LINE = (0x8C, 0x7B, 0x58)
TINTS = {"top": (0xF9, 0xE9, 0xA8), "right": (0xC9, 0xDA, 0xF6), "bottom": (0xF6, 0xC9, 0xCC),
         "left": (0xC6, 0xE8, 0xD0)}  # fmt: skip
RED = (0xD1, 0x34, 0x3F)
INK = (0x1B, 0x1B, 0x1B)


def colour_at(x: float, y: float) -> tuple[int, int, int]:
    """The picture's colour at (x, y) in the favicon's 32 x 32 units."""
    dx, dy = x - 24, y - 26
    if dx * dx + dy * dy <= 3.5**2:
        return RED if dx * dx + dy * dy <= 3.0**2 else INK
    in_cross = (12 <= x <= 20 and 2 <= y <= 30) or (2 <= x <= 30 and 12 <= y <= 20)
    if not in_cross:
        return CLOTH
    on_edge = (
        ((abs(x - 12) < 0.5 or abs(x - 20) < 0.5) and not (12 < y < 20))
        or ((abs(y - 12) < 0.5 or abs(y - 20) < 0.5) and not (12 < x < 20))
        or (x < 2.5 or x > 29.5 or y < 2.5 or y > 29.5)
    )  # fmt: skip
    if on_edge:
        return LINE
    if 12 <= x <= 20 and 12 <= y <= 20:
        u, v = x - 16, y - 16
        if -v >= abs(u):
            return TINTS["top"]
        if u >= abs(v):
            return TINTS["right"]
        if v >= abs(u):
            return TINTS["bottom"]
        return TINTS["left"]
    return SQUARE


def png(size: int) -> bytes:
    """The icon as PNG bytes, ``size`` pixels square (4 samples a pixel, averaged)."""
    margin, scale = size * 0.1, size * 0.8 / 32
    rows = []
    for py in range(size):
        row = bytearray([0])  # filter: none
        for px in range(size):
            acc = [0, 0, 0]
            for sx, sy in ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)):
                c = colour_at((px + sx - margin) / scale, (py + sy - margin) / scale)
                acc = [a + b for a, b in zip(acc, c, strict=True)]
            row += bytes(round(a / 4) for a in acc)
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return b"".join(
        [
            b"\x89PNG\r\n\x1a\n",
            chunk(b"IHDR", header),
            chunk(b"IDAT", zlib.compress(b"".join(rows), 9)),
            chunk(b"IEND", b""),
        ]
    )


if __name__ == "__main__":
    for n in (192, 512):
        (STATIC / f"icon-{n}.png").write_bytes(png(n))
        print(f"wrote {STATIC / f'icon-{n}.png'}")
