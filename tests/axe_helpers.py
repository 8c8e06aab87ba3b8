"""axe-core in the browser tests: no serious or critical accessibility violation.

axe-core comes from the npm registry (``npm install axe-core@4``) into the
gitignored ``build/npm`` folder, once; without npm or the registry the tests
that use it are skipped, or fail when ``CI`` is set. :func:`check_axe` runs it
in a page (evaluated through the browser's protocol, so the server's
Content-Security-Policy need not allow it) and fails on every violation of
impact "serious" or "critical", naming the rule and the elements.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
AXE_JS = ROOT / "build" / "npm" / "node_modules" / "axe-core" / "axe.min.js"


@functools.cache
def axe_source() -> str:
    """The text of axe.min.js, installed with npm if it is not there yet."""
    if not AXE_JS.exists():
        npm = shutil.which("npm")
        why = "npm is not installed" if npm is None else ""
        if npm is not None:
            done = subprocess.run(
                [npm, "install", "--no-save", "--no-package-lock", "--no-audit", "--no-fund",
                 "--prefix", str(AXE_JS.parents[2]), "axe-core@4"],
                capture_output=True, text=True, timeout=300, check=False,
            )  # fmt: skip
            why = "" if AXE_JS.exists() else f"npm install axe-core failed: {done.stderr[-500:]}"
        if why:
            if os.environ.get("CI"):
                pytest.fail(f"the accessibility checks need axe-core: {why}")
            pytest.skip(f"the accessibility checks need axe-core: {why}")
    return AXE_JS.read_text(encoding="utf-8")


def check_axe(page: Any) -> None:
    """Fail if axe-core finds a serious or critical accessibility violation in ``page``."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(axe_source())
    violations = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
    )
    bad = [
        f"{v['id']} ({v['impact']}): {v['help']} at "
        + "; ".join(", ".join(node["target"]) for node in v["nodes"][:5])
        for v in violations
        if v["impact"] in ("serious", "critical")
    ]
    assert not bad, f"accessibility violations on {page.url}: {bad}"
