"""``_kbits.h``, the compiled kernel's lane sorts in C, on both of its paths.

The kernel compiles the header's SSE2 path on x86-64 and its scalar path
everywhere else (aarch64, for one). The suite's kernel runs only the path of
the machine it runs on, so this test compiles a small program against the
header twice, once as the kernel is built here and once with
``PACHISI_KBITS_SCALAR`` (the scalar path), runs both on the same lanes, and
checks every answer against the uncompiled kernel's Python helpers
(``_sort4``, ``_canon4``, ``_field4``, ``_lowest_bit``), which say what each
computes. The lanes are those a state holds (a progress number up to 84, the
moved bit 7, a blockade tag up to 4 in bits 8-10; see ``_kbits.h``), with
ties, and the edge values. The pick's two-word comparison (``kbits_less2``,
128-bit where the compiler has it) is checked the same way against ``_less2``.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sysconfig
from pathlib import Path

import pytest

from pachisi import _uncompiled

HEADER_DIR = Path(__file__).resolve().parent.parent / "src" / "pachisi"

PROGRAM = r"""
#include <stdio.h>
#include "_kbits.h"

int main(void) {
    unsigned long long w;
    int m;
    while (scanf("%llu %d", &w, &m) == 2) {
        printf("%llu %llu %llu %d\n", kbits_sort4(w), kbits_canon4(w),
               kbits_field4(kbits_sort4(w & 0x007F007F007F007FULL)), kbits_lowest_bit(m));
    }
    return 0;
}
"""

#: The bits of ``_SPLIT_VALID`` (5 * d's + e's), the masks ``_lowest_bit`` is given.
SPLIT_BITS = (0, 1, 2, 5, 6, 7, 10, 11, 12)


def _compiler() -> str | None:
    cc = (sysconfig.get_config_var("CC") or "").split()
    for name in ([cc[0]] if cc else []) + ["cc", "gcc", "clang"]:
        if shutil.which(name):
            return name
    return None


def _lane(rng: random.Random) -> int:
    p = rng.choice((0, 1, 71, 72, 84, rng.randint(0, 84)))
    return p | rng.randint(0, 1) << 7 | rng.choice((0, 0, 1, 4, rng.randint(0, 4))) << 8


def _cases(n: int, seed: int) -> list[tuple[int, int]]:
    rng = random.Random(seed)
    cases = [(0, 1), (0x07FF07FF07FF07FF, 1 << 12), (0x0054005400540054, 1 << 2)]
    for _ in range(n):
        lanes = [_lane(rng) for _ in range(4)]
        if rng.random() < 0.3:  # ties
            lanes[rng.randrange(4)] = lanes[rng.randrange(4)]
        w = sum(v << (16 * k) for k, v in enumerate(lanes))
        m = 0
        while m == 0:
            m = sum(1 << b for b in SPLIT_BITS if rng.random() < 0.4)
        cases.append((w, m))
    return cases


def _need_compiler() -> str:
    """The C compiler, or the test skipped (failed with PACHISI_REQUIRE_KERNEL=1)."""
    cc = _compiler()
    if cc is None:
        if os.environ.get("PACHISI_REQUIRE_KERNEL") == "1":
            pytest.fail("PACHISI_REQUIRE_KERNEL=1 but no C compiler to check _kbits.h with")
        pytest.skip("no C compiler")
    return cc


def _run(tmp: Path, cc: str, program: str, scalar: bool, data: str) -> list[str]:
    """``program`` compiled against ``_kbits.h`` (its scalar path if ``scalar``), run on
    ``data``: its output lines."""
    name = ("less2" if "kbits_less2" in program else "lanes") + ("_scalar" if scalar else "_native")
    src = tmp / f"{name}.c"
    src.write_text(program)
    exe = tmp / name
    flags = ["-O2", f"-I{HEADER_DIR}"] + (["-DPACHISI_KBITS_SCALAR"] if scalar else [])
    subprocess.run([cc, *flags, str(src), "-o", str(exe)], check=True, capture_output=True)
    out = subprocess.run([str(exe)], input=data, check=True, capture_output=True, text=True)
    return out.stdout.split("\n")[:-1]


def test_both_paths_agree_with_the_python_helpers(tmp_path: Path) -> None:
    cc = _need_compiler()
    k = _uncompiled.load("_kernel")
    cases = _cases(20_000, 7)
    data = "".join(f"{w} {m}\n" for w, m in cases)
    expected = [
        f"{k._sort4(w)} {k._canon4(w)} {k._field4(k._sort4(w & 0x007F007F007F007F))} "
        f"{k._lowest_bit(m)}"
        for w, m in cases
    ]
    native = _run(tmp_path, cc, PROGRAM, False, data)
    scalar = _run(tmp_path, cc, PROGRAM, True, data)
    assert len(native) == len(scalar) == len(expected)
    bad = [
        (c, e, a, b)
        for c, e, a, b in zip(cases, expected, native, scalar, strict=True)
        if not e == a == b
    ]
    assert not bad, f"{len(bad)} of {len(cases)} differ, first: {bad[0]}"


def test_the_check_would_see_a_wrong_sort(tmp_path: Path) -> None:
    """The comparison above is not vacuous: a sort that keeps lanes 2 and 3 unordered
    (its last compare-exchange dropped) differs from the Python helper on these cases."""
    k = _uncompiled.load("_kernel")
    cases = _cases(2_000, 8)

    def broken(w: int) -> int:
        a, b, c, d = ((w >> (16 * i)) & 0xFFFF for i in range(4))
        a, b = min(a, b), max(a, b)
        c, d = min(c, d), max(c, d)
        return a | b << 16 | c << 32 | d << 48

    assert sum(broken(w) != k._sort4(w) for w, _ in cases) > 100


LESS2_PROGRAM = r"""
#include <stdio.h>
#include "_kbits.h"

int main(void) {
    unsigned long long b0, b1, a0, a1;
    while (scanf("%llu %llu %llu %llu", &b0, &b1, &a0, &a1) == 4)
        printf("%d\n", kbits_less2(b0, b1, a0, a1));
    return 0;
}
"""


def _word(rng: random.Random) -> int:
    """A key word: eight bytes below 128 (progress numbers), or an edge value."""
    if rng.random() < 0.1:
        return rng.choice((0, 1, 2**64 - 1, 2**63, 2**63 - 1))
    return sum(rng.choice((0, 1, 72, rng.randint(0, 127))) << (8 * i) for i in range(8))


def test_less2_on_both_paths_agrees_with_the_python_helper(tmp_path: Path) -> None:
    """``kbits_less2`` (the pick's two-word comparison: 128-bit where the compiler has
    it, else the scalar chain) against ``_less2``, with equal high words and equal keys."""
    cc = _need_compiler()
    k = _uncompiled.load("_kernel")
    rng = random.Random(9)
    cases = []
    for _ in range(20_000):
        b0, b1, a0, a1 = (_word(rng) for _ in range(4))
        r = rng.random()
        if r < 0.4:
            a0 = b0  # the low words decide
        elif r < 0.5:
            a0, a1 = b0, b1  # equal keys
        cases.append((b0, b1, a0, a1))
    data = "".join(" ".join(map(str, c)) + "\n" for c in cases)
    expected = [str(int(k._less2(*c))) for c in cases]
    assert expected == [str(int(c[:2] < c[2:])) for c in cases]
    for scalar in (False, True):
        got = _run(tmp_path, cc, LESS2_PROGRAM, scalar, data)
        bad = [(c, e, g) for c, e, g in zip(cases, expected, got, strict=True) if e != g]
        assert not bad, f"scalar={scalar}: {len(bad)} of {len(cases)} differ, first: {bad[0]}"
