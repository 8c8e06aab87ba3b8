"""Ludo and MADN analysis in a real browser (issue 36; see tests/test_web_browser_ludo.py).

Where no network has learned the set-up the server judges these rulesets by
rollouts (:mod:`pachisi.web.insight`). In Chromium, at 1280 x 800 and 390 x 844:

* the hint lists the rolled-out plays with their standard errors, says how
  they were obtained (the rollouts and the player), draws the best play on the
  board and "play this" plays exactly it;
* a spectator's win-chance bar gives each seat's chance in the server's words,
  rounded to its standard error;
* the review of a finished game opens with the unit, its graph and the
  player sentences, and marks each decision by rollouts;
* no serious accessibility violation (axe-core, ``tests/axe_helpers.py``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import test_web_browser as wb
from axe_helpers import check_axe
from test_web_browser import browser, console
from test_web_browser_ludo import DESKTOP, PHONE, page_at, shots

__all__ = ["browser", "console", "shots"]  # the fixtures, used by name

Browser = wb.Browser
expect = wb.expect

#: Late positions (short rollouts) where a pawn may still be sent back, and a die with
#: two plays (as tests/test_web_ludo_insight.py).
LATE = {
    "ludo": ("ludo r,y - r:20.30.57.57,y:25.40.57.57 0 0 - - - 0 0", 4),
    "maedn": ("maedn r,b - r:10.30.43.44,b:28.34.43.44 0 0 - - - 0 0", 3),
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[wb.Server]:
    srv = wb.Server(tmp_path_factory.mktemp("web-ludo-insight") / "games.sqlite")
    srv.start()
    yield srv
    srv.stop()


def thrown(server: wb.Server, ruleset: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A game from the late position with its die thrown (real dice typed in)."""
    text, die = LATE[ruleset]
    game = server.post(
        "/api/games", {"position": text, "seats": ["human", "human"], "dice": "manual"}
    )
    key = next(k["key"] for k in game["keys"] if k["seat"] == 0)
    s = server.state(game["id"])
    body = {"key": key, "version": s["version"], "type": "throw", "dice": [die]}
    server.post(f"/api/games/{game['id']}/actions", body)
    return game, server.state(game["id"])


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1280x800", "390x844"])
@pytest.mark.parametrize("ruleset", ["ludo", "maedn"])
def test_the_hint_is_drawn_and_play_this_plays_it(
    server: wb.Server,
    browser: Browser,
    console: wb.Console,
    shots: Path,
    ruleset: str,
    size: dict[str, int],
) -> None:
    game, before = thrown(server, ruleset)
    gid = game["id"]
    key = next(k["key"] for k in game["keys"] if k["seat"] == 0)
    want = server.post(f"/api/games/{gid}/hint", {"key": key})  # computed once: the same
    best = want["plays"][0]
    page = page_at(browser, console, size)
    page.add_init_script("localStorage.setItem('pachisi.autoplay', 'off')")
    page.goto(server.url + game["links"]["hotseat"])
    expect(page.get_by_test_id("controls")).to_be_visible()
    page.get_by_test_id("hint-button").click()
    plays = page.get_by_test_id("hint-play")
    expect(plays).to_have_count(len(want["plays"]))
    expect(page.get_by_test_id("hint-how")).to_contain_text(
        f"played out {want['compared']['rollouts']} times by the"
    )
    verdicts = page.get_by_test_id("hint-verdict")
    expect(verdicts.first).to_contain_text("your win chance")
    for i, play in enumerate(want["plays"][1:], 1):
        said = "clearly worse" if play["clear"] else "too close to tell"
        expect(verdicts.nth(i)).to_contain_text(said)
    # Never more digits than the noise allows: these standard errors are whole points.
    for i in range(len(want["plays"])):
        text = verdicts.nth(i).inner_text()
        assert not wb.re.search(r"\d\.\d", text), text
    button = page.get_by_test_id("play-this")
    expect(button).to_have_count(1)
    expect(button).to_have_attribute("data-play", best["play"])
    ends = page.locator("[data-testid=hint-square][data-end=to]")
    expect(ends).to_have_count(len(best["path"]))
    expect(ends.first).to_have_attribute("data-square", str(best["path"][0]["to_square"]))
    name = f"{ruleset}-hint-{size['width']}x{size['height']}.png"
    page.screenshot(path=str(shots / name), full_page=True)
    check_axe(page)
    button.click()

    def played() -> dict[str, Any] | None:
        s = server.state(gid)
        return s if len(s["moves"]) == len(before["moves"]) + 1 else None

    after = wb.wait_until("the hinted play", played)
    assert after["moves"][-1]["play"] == best["play"]
    console.check()


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1280x800", "390x844"])
def test_a_spectator_sees_the_win_chances_with_their_noise(
    server: wb.Server, browser: Browser, console: wb.Console, size: dict[str, int]
) -> None:
    game, _ = thrown(server, "ludo")
    chances = server.get(f"/api/games/{game['id']}/chances")
    assert chances["method"] == "rollout"
    page = page_at(browser, console, size)
    page.goto(f"{server.url}/g/{game['id']}")
    segments = page.get_by_test_id("chance-segment")
    expect(segments).to_have_count(2)
    for i in range(2):
        seat = int(segments.nth(i).get_attribute("data-seat") or "0")
        expect(segments.nth(i)).to_have_attribute(
            "title", wb.re.compile(wb.re.escape(chances["text"][seat]) + "$")
        )
    expect(page.locator("#chance-how")).to_contain_text(
        f"From {chances['rollouts']} games played out from this position by the"
    )
    check_axe(page)
    console.check()


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1280x800", "390x844"])
def test_the_review_of_a_ludo_game(
    server: wb.Server, browser: Browser, console: wb.Console, shots: Path, size: dict[str, int]
) -> None:
    text = "ludo r,y - r:50.55.57.57,y:40.45.57.57 0 0 - - - 0 0"
    game = server.post("/api/games", {"position": text, "seats": ["greedy", "greedy"]})
    wb.wait_until(
        "the computers to finish",
        lambda: server.state(game["id"])["status"] == "finished",
        timeout=60,
    )
    moves = len(server.state(game["id"])["moves"])
    page = page_at(browser, console, size)
    page.goto(server.url + f"/review/{game['id']}")
    expect(page.locator("body")).to_have_attribute("data-review", "done", timeout=120000)
    expect(page.get_by_test_id("review-unit")).to_contain_text("points of win chance")
    expect(page.get_by_test_id("graph-svg")).to_be_visible()
    expect(page.get_by_test_id("review-move")).to_have_count(moves)
    expect(page.get_by_test_id("review-how")).to_contain_text("played out 12 times by the")
    expect(page.get_by_test_id("review-how")).to_contain_text("The luck is not measured")
    words = page.get_by_test_id("player-words")
    expect(words).to_have_count(2)
    for i in range(2):
        expect(words.nth(i)).to_contain_text(wb.re.compile(r"(lost \d+ points|no play)"))
    review = server.get(f"/api/games/{game['id']}/review")
    verdicts = page.get_by_test_id("verdict")
    for i, m in enumerate(review["moves"]):
        if not m["forced"] and not m["decided"]:
            expect(verdicts.nth(i)).to_have_text(m["verdict"])
    name = f"ludo-review-{size['width']}x{size['height']}.png"
    page.screenshot(path=str(shots / name), full_page=True)
    check_axe(page)
    console.check()
