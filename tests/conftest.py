"""Shared fixtures of the test suite.

The order of plays and steps. The engine does not specify in which order
``legal_plays`` and ``Turn.legal_steps`` list their results. Tests that need
one play name it by its notation; tests that walk random games by picking an
index (``rng.choice(plays)``) follow another game if the order changes, and
assert only what holds on every game. A few seeded figures (the greedy
players and rollout policy take the first of equal plays) do depend on the
order, and say so where they are asserted. test_game, test_bots,
test_turn_views, test_record, test_simulate, test_analysis,
test_strength_luck and test_terminal_replay were run with both lists
reversed (in the test process only): besides one seeded figure
(test_analysis) and a comparison with an unreversed subprocess
(test_simulate), the one failure was a test that called ``choose`` once per
play inside ``any`` (test_bots), now fixed.
"""

import sys
from pathlib import Path

from hypothesis import settings

sys.path.insert(0, str(Path(__file__).parent))


# --- web store databases (tests/web_db.py) -------------------------------------------------
# ``db_url`` is an empty database of each kind the server supports: a SQLite file, and a
# database on a throwaway PostgreSQL cluster started once per session on loopback. Without
# the PostgreSQL programs the postgresql cases are skipped, or fail when CI is set (CI must
# test both databases for real).

import os
from collections.abc import Iterator

import pytest

from web_db import (
    create_database,
    drop_database,
    find_pg_tools,
    missing_reason,
    postgres_cluster,
)


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    """The URL of a database on the session's throwaway PostgreSQL cluster."""
    if find_pg_tools() is None:
        if os.environ.get("CI"):
            pytest.fail(f"CI is set and {missing_reason()}", pytrace=False)
        pytest.skip(missing_reason())
    with postgres_cluster() as url:
        yield url


@pytest.fixture
def pg_db_url(pg_url: str) -> Iterator[str]:
    """A fresh, empty PostgreSQL database for one test (dropped after it)."""
    url = create_database(pg_url)
    try:
        yield url
    finally:
        drop_database(url)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database of each kind: a SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.sqlite'}"
    url: str = request.getfixturevalue("pg_db_url")
    return url


# --- end of web store databases ------------------------------------------------------------


# --- the compiled kernel required (PACHISI_REQUIRE_KERNEL=1, as in .ci/run) ----------------
# Where the kernel did not build, every kernel test skips ("the kernel is not compiled
# here"...) and the suite would pass on the pure engine alone. With PACHISI_REQUIRE_KERNEL=1
# the run stops at once if the compiled kernel is missing, and a test skipped for want of the
# kernel (its reason names the kernel) is a failure.

REQUIRE_KERNEL = os.environ.get("PACHISI_REQUIRE_KERNEL") == "1"


def kernel_skip(reason: str) -> bool:
    """Whether a skip's reason is the kernel's absence (the reasons the kernel tests give)."""
    return "kernel" in reason.lower()


def pytest_sessionstart(session: pytest.Session) -> None:
    if not REQUIRE_KERNEL:
        return
    from pachisi import _accel

    if _accel.FORCED_PURE:
        raise pytest.UsageError("PACHISI_REQUIRE_KERNEL=1 and PACHISI_PURE=1 contradict each other")
    if _accel.kernel_module() is None:
        raise pytest.UsageError(
            "PACHISI_REQUIRE_KERNEL=1 but the compiled kernel is not installed "
            "(pip install prints why the build failed)"
        )


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    if not REQUIRE_KERNEL:
        return
    report = outcome.get_result()
    if report.skipped and not hasattr(report, "wasxfail"):
        longrepr = report.longrepr
        reason = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
        if kernel_skip(reason):
            report.outcome = "failed"
            report.longrepr = f"PACHISI_REQUIRE_KERNEL=1: a kernel test was skipped ({reason})"


# --- property tests (hypothesis) -----------------------------------------------------------
# The suite draws the same examples every run ("suite": derandomised), so that a CI run
# cannot fail by the luck of the draw: a property test that fails, fails every time.
# Hypothesis' search for new counterexamples is a separate, documented run with fresh
# examples each time ("explore"); a failure it finds is fixed and kept as a named test:
#
#     .venv/bin/python -m pytest --hypothesis-profile=explore tests/test_properties.py \
#         tests/test_properties_ludo.py tests/test_position.py tests/test_game.py
#
# (This was the case of tests/test_rules_ludo.py's star from 44 to 51 under "skip", found
# by a random draw in a CI run.)
settings.register_profile("suite", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile("suite")
