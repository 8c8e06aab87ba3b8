"""Accessibility checks of a page with axe-core (npm ``axe-core``, never from another site).

``.ci/run`` installs it with ``npm install --prefix .axe axe-core@4.14.1`` (``.axe/`` is
gitignored); ``$PACHISI_AXE`` may name another ``axe.min.js``. Without it the checks are
skipped, unless ``PACHISI_REQUIRE_AXE=1`` (as in ``.ci/run``) makes that a failure.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

AXE = Path(
    os.environ.get("PACHISI_AXE")
    or Path(__file__).resolve().parent.parent / ".axe/node_modules/axe-core/axe.min.js"
)


def check_axe(page: Any) -> list[dict[str, Any]]:
    """Run axe-core on ``page`` as it is now; fail on any serious or critical violation.

    Returns every violation found (the minor and moderate ones too), for a test to
    print or look at.
    """
    if not AXE.is_file():
        if os.environ.get("PACHISI_REQUIRE_AXE") == "1":
            raise AssertionError(f"axe-core is not installed at {AXE} (see tests/axe_helpers.py)")
        pytest.skip(f"axe-core is not installed at {AXE} (npm install --prefix .axe axe-core)")
    # Evaluated by the browser's debugging protocol: the pages' CSP allows no inline script.
    page.evaluate(AXE.read_text() + "\n;0")
    violations: list[dict[str, Any]] = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
    )
    bad = [
        f"{v['id']} ({v['impact']}): {v['help']}: "
        + "; ".join(" ".join(n["target"]) for n in v["nodes"][:5])
        for v in violations
        if v.get("impact") in ("serious", "critical")
    ]
    assert not bad, f"accessibility violations on {page.url}: {bad}"
    return violations
