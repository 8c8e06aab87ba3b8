"""Ludo and Mensch ärgere Dich nicht in a real browser (RULES-LUDO.md; docs/web.md).

Playwright drives Debian's Chromium, as in ``test_web_browser.py`` (whose server
and helpers are used), at a desktop size (1280 x 800) and a phone's (390 x 844):

* the lobby offers both; a game of each is started from it against the random
  player and a few throws are played through the page (one die drawn a throw);
* a game from a position with choices: pawns clicked on the board's real
  geometry (Ludo's 15 x 15 cross, MADN's 11 x 11 board), steps chosen with
  the buttons; a hint of the plays rolled out;
* the rules pages teach each rule with a small board;
* the steps read in Hindi and in Kannada on the game page;
* no serious accessibility violation (axe-core, ``tests/axe_helpers.py``).

Screenshots go to ``$PACHISI_SCREENSHOTS`` if set, else to
``test-artifacts/screenshots/`` (gitignored).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import test_web_browser as wb
from axe_helpers import check_axe
from test_web_browser import browser, console

__all__ = ["browser", "console"]  # the fixtures, used by name

Browser = wb.Browser
Page = wb.Page
expect = wb.expect

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
#: Positions with choices at once (red to throw, every pawn but one out).
CHOICES = {
    "ludo": "ludo r,y - r:0.5.20.33,y:0.10.30.44 0 0 - - - 0 0",
    "maedn": "maedn r,g - r:0.5.17.33,g:0.8.24.30 0 0 - - - 0 0",
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[wb.Server]:
    srv = wb.Server(tmp_path_factory.mktemp("web-ludo") / "games.sqlite")
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def shots() -> Path:
    wanted = os.environ.get("PACHISI_SCREENSHOTS")
    folder = Path(wanted) if wanted else wb.ROOT / "test-artifacts" / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def page_at(browser: Browser, console: wb.Console, size: dict[str, int]) -> Page:
    phone = size == PHONE
    context = browser.new_context(
        viewport=size, is_mobile=phone, has_touch=phone, device_scale_factor=1
    )
    context.set_default_timeout(20000)
    return console.watch(context.new_page())


def play_throws(
    server: wb.Server, player: wb.Player, game_id: str, throws: int, how: str
) -> dict[str, Any]:
    """Until ``throws`` throws are played in all (the page's own, the random player's), the
    player deciding through the page whenever it has a choice."""
    version = -1
    deadline = wb.time.monotonic() + 180
    while True:
        assert wb.time.monotonic() < deadline, "the throws were never played"
        state = server.state(game_id)
        if len(state["moves"]) >= throws or state["status"] != "playing":
            return state
        if state["version"] <= version:
            wb.time.sleep(0.05)
            continue
        if player.my_decision(state):
            player.act(state, how)
        version = state["version"]


@pytest.mark.parametrize("ruleset", ["ludo", "maedn"])
def test_a_game_from_the_lobby_against_the_random_player(
    server: wb.Server, browser: Browser, console: wb.Console, shots: Path, ruleset: str
) -> None:
    page = page_at(browser, console, DESKTOP)
    page.goto(server.url + "/")
    page.get_by_test_id(f"ruleset-{ruleset}").check()
    # Computers for these rulesets: those that play them (no learned level: no network).
    options = page.get_by_test_id("seat-kind-1").locator("option")
    values = {options.nth(i).get_attribute("value") for i in range(options.count())}
    assert "random" in values and not values & {"learned1", "learned2"}
    kind = page.get_by_test_id("seat-kind-1").input_value()
    assert kind in values and kind not in ("human", "friend")
    if ruleset == "maedn":  # M.2.1: two players opposite or side by side
        page.get_by_test_id("seat-colour-1").select_option("blue")
    check_axe(page)
    page.get_by_test_id("create").click()
    page.get_by_test_id("play-here").click()
    page.wait_for_url("**/g/**")
    game_id = page.url.split("/g/")[1].split("#")[0]
    expect(page.get_by_test_id("connection")).to_have_attribute("data-status", "live")
    board = page.get_by_test_id("board")
    expect(board).to_have_class(wb.re.compile(r"\bone-die\b"))
    state = server.state(game_id)
    assert [seat["colours"] for seat in state["seats"]] == (
        [["red"], ["yellow"]] if ruleset == "ludo" else [["red"], ["blue"]]
    )
    player = wb.Player(page, server, game_id, {0})
    state = play_throws(server, player, game_id, 6, "button")
    assert len(state["moves"]) >= 6 and all(len(m["throw"]) == 1 for m in state["moves"])
    # One die is drawn for a throw.
    page.wait_for_function("() => !document.querySelector('#dice').dataset.rolling")
    if not page.locator("#dice-row").is_hidden():
        expect(page.locator("#dice > *")).to_have_count(1)
    page.screenshot(path=str(shots / f"{ruleset}-lobby-game-1280x800.png"))
    check_axe(page)
    expect(page.get_by_test_id("error")).to_be_hidden()
    console.check()


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1280x800", "390x844"])
@pytest.mark.parametrize("ruleset", ["ludo", "maedn"])
def test_throws_played_on_the_board_of_each_ruleset(
    server: wb.Server,
    browser: Browser,
    console: wb.Console,
    shots: Path,
    ruleset: str,
    size: dict[str, int],
) -> None:
    game = server.post("/api/games", {"position": CHOICES[ruleset], "seats": ["human", "random"]})
    gid, key = game["id"], game["keys"][0]["key"]
    page = page_at(browser, console, size)
    page.goto(f"{server.url}/g/{gid}#k={key}")
    expect(page.get_by_test_id("connection")).to_have_attribute("data-status", "live")
    # The board of the rules: every square of the state's board drawn, the pawns on them.
    state = server.state(gid)
    squares = page.locator("[data-testid=board] .layer-squares g.square[data-square]")
    expect(squares).to_have_count(len(state["board"]["squares"]))
    on_track = {p["square"] for p in state["pawns"] if p["where"] == "track"}
    for square in on_track:
        pawn = page.locator(f"[data-testid=pawn][data-where=track][data-square='{square}']")
        expect(pawn.first).to_be_visible()
    page.screenshot(path=str(shots / f"{ruleset}-board-{size['width']}x{size['height']}.png"))
    check_axe(page)
    # A hint: the plays rolled out (tests/test_web_browser_ludo_insight.py has the details).
    if state["to_move"] == 0 and state["legal"] and len(state["legal"]) > 1:
        page.get_by_test_id("hint-button").click()
        expect(page.get_by_test_id("hint-how")).to_contain_text("played out", timeout=60000)
    player = wb.Player(page, server, gid, {0})
    how = "board" if size == DESKTOP else "button"
    state = play_throws(server, player, gid, 4, how)
    assert player.decisions >= 1
    expect(page.get_by_test_id("error")).to_be_hidden()
    console.check()


@pytest.mark.parametrize("ruleset", ["ludo", "maedn"])
def test_the_rules_page_teaches_with_small_boards(
    server: wb.Server, browser: Browser, console: wb.Console, shots: Path, ruleset: str
) -> None:
    lessons = server.get(f"/api/learn/rules/{ruleset}")
    page = page_at(browser, console, DESKTOP)
    page.goto(f"{server.url}/rules/{ruleset}")
    page.wait_for_function("() => document.body.dataset.ready === 'true'")
    rules = page.get_by_test_id("learn-rule")
    expect(rules).to_have_count(len(lessons["rules"]))
    expect(page.get_by_test_id("diagram").locator("svg")).to_have_count(len(lessons["rules"]))
    expect(page.get_by_test_id("rule-switch").first).to_be_visible()
    # The ruleset's own first game (tests/test_web_browser_learn_ludo.py plays it).
    expect(page.get_by_test_id("tutorial-link")).to_have_attribute("href", f"/learn/{ruleset}")
    first = rules.first.get_by_test_id("rule-text")
    expect(first).to_contain_text("52 squares" if ruleset == "ludo" else "40 fields")
    page.screenshot(path=str(shots / f"rules-{ruleset}-1280x800.png"), full_page=True)
    check_axe(page)
    console.check()


@pytest.mark.parametrize(("lang", "pawn"), [("hi", "प्यादा"), ("kn", "ಕಾಯಿ")])
def test_the_steps_are_written_in_the_pages_language(
    server: wb.Server, browser: Browser, console: wb.Console, lang: str, pawn: str
) -> None:
    game = server.post("/api/games", {"position": CHOICES["maedn"], "seats": ["human", "human"]})
    gid, key = game["id"], game["keys"][0]["key"]
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(f"localStorage.setItem('pachisi.lang', '{lang}')")
    # No auto-play: a forced step (a 6 must enter, M.5.2) stays on the page to be read.
    context.add_init_script("localStorage.setItem('pachisi.autoplay', 'off')")
    page = console.watch(context.new_page())
    page.goto(f"{server.url}/g/{gid}#k={key}")
    steps = page.get_by_test_id("step")
    expect(steps.first).to_be_visible()
    words = " ".join(steps.all_inner_texts())
    assert pawn in words and not wb.re.search(r"[A-Za-z]", words), words
    console.check()
