"""The kernel's source runs uncompiled without Cython installed (the shim covers every name).

CI's environment has Cython only inside pip's isolated build, so the
uncompiled kernel that some tests run imports :mod:`pachisi._cython_shim`;
a development environment usually has Cython installed, which would hide a
name missing from the shim. This test hides Cython in a subprocess.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent(
    """
    import sys
    sys.modules["cython"] = None  # import cython -> ImportError, as without Cython
    from pachisi import _accel
    from pachisi.position import Position
    mod = _accel.kernel_module(False)
    assert mod.cython.__name__ == "pachisi._cython_shim", mod.cython
    pos = Position.start("parcheesi", players=2)
    done = _accel.playouts(pos, 1, 7, max_throws=30, module=mod)
    print(done[0][0])
    """
)


def test_the_kernel_source_runs_on_the_shim() -> None:
    proc = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=600
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "30"
