"""The club in a real browser (see tests/test_web_browser.py): two new players sign up in
two browsers, play a rated game to its end and see their ratings change on their
profiles.

The players' moves go through the API (from each browser's own context, with its
session cookie and CSRF token) to keep the game short; everything else is the pages.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from test_web_browser import Browser, Console, Page, Server, browser, console, expect, new_page

__all__ = ["browser", "console"]  # the fixtures, used by name

PASSWORD = "a long pass phrase"
#: An image's natural width once it has loaded (0 if it failed to load): the browser may show
#: the element before its picture has arrived, so reading ``naturalWidth`` at once races it.
LOADED_WIDTH = (
    "img => img.complete ? img.naturalWidth : new Promise(resolve => {"
    " img.addEventListener('load', () => resolve(img.naturalWidth), {once: true});"
    " img.addEventListener('error', () => resolve(0), {once: true}); })"
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("web-club") / "games.sqlite")
    srv.start()
    yield srv
    srv.stop()


def sign_up(server: Server, page: Page, name: str) -> None:
    page.goto(server.url + "/account")
    expect(page.get_by_test_id("signed-out")).to_be_visible()
    page.get_by_test_id("name").fill(name)
    page.get_by_test_id("password").fill(PASSWORD)
    page.get_by_test_id("sign-up").click()
    expect(page.get_by_test_id("signed-in")).to_be_visible()
    expect(page.get_by_test_id("who")).to_have_text(f"Signed in as {name}")


def api_post(page: Page, server: Server, path: str, body: object) -> Any:
    """A POST from the page's browser context: its cookies, and the CSRF token it reads."""
    csrf = page.context.request.get(server.url + "/api/account").json()["csrf"]
    answer = page.context.request.post(
        server.url + path, data=body, headers={"x-csrf-token": csrf}, fail_on_status_code=False
    )
    return answer.status, answer.json()


def test_two_players_sign_up_play_a_rated_game_and_see_their_ratings(
    server: Server, browser: Browser, console: Console
) -> None:
    asha, ravi = new_page(browser, console), new_page(browser, console)
    for page in (asha, ravi):
        page.add_init_script("localStorage.setItem('pachisi.autoplay', 'off')")
    sign_up(server, asha, "Asha")
    sign_up(server, ravi, "Ravi")

    # Before: no rated game on either profile.
    ravi.goto(server.url + "/u/Ravi")
    expect(ravi.get_by_test_id("player-name")).to_have_text("Ravi")
    expect(ravi.get_by_test_id("rating-row")).to_have_count(0)

    # Asha sets up a rated game with a friend from the lobby.
    asha.goto(server.url + "/")
    expect(asha.get_by_test_id("account-link")).to_have_text("Asha")
    asha.get_by_test_id("mode-friend").check()
    expect(asha.get_by_test_id("rated-choice")).to_be_visible()
    asha.get_by_test_id("rated").check()
    asha.get_by_test_id("create").click()
    friend_link = asha.locator("[data-testid=share-link][data-seat='1']").input_value()
    asha.get_by_test_id("play-here").click()
    asha.wait_for_url("**/g/**")
    game_id = asha.url.split("/g/")[1].split("#")[0]
    expect(asha.get_by_test_id("rated-badge")).to_contain_text("waiting for every player")
    expect(asha.locator("#hint")).to_be_hidden()

    # Ravi opens his link: his account takes seat 1; both pages show who plays.
    ravi.goto(friend_link)
    for page in (asha, ravi):
        expect(page.get_by_test_id("rated-badge")).to_have_text(
            "Rated game: Asha · Ravi", timeout=20000
        )
    keys = {
        0: asha.evaluate(f"JSON.parse(localStorage.getItem('pachisi.keys.{game_id}'))[0]"),
        1: ravi.evaluate(f"JSON.parse(localStorage.getItem('pachisi.keys.{game_id}'))[0]"),
    }
    assert keys[0].startswith("0.") and keys[1].startswith("1.")

    # Asha's session cannot move Ravi's seat, even with his key.
    status, body = api_post(
        asha, server, f"/api/games/{game_id}/seat", {"key": keys[1], "type": "resign"}
    )
    assert (status, body["error"]["code"]) == (403, "not_your_seat")

    # The game, played to its end through the API, each seat from its own browser.
    pages = {0: asha, 1: ravi}
    for _ in range(20_000):
        state = server.state(game_id)
        if state["status"] != "playing":
            break
        seat = state["to_move"]
        if seat is None:
            continue
        action: dict[str, Any] = {"key": keys[seat], "version": state["version"]}
        action.update({"type": "commit"} if state["complete"] else {"type": "step", "index": 0})
        status, body = api_post(pages[seat], server, f"/api/games/{game_id}/actions", action)
        assert status in (200, 409), body
    assert state["status"] == "finished"
    for page in (asha, ravi):
        expect(page.get_by_test_id("connection")).to_be_visible()

    # Their profiles: a rating each, moved from the start (1500) opposite ways, a graph,
    # and the game with a link to its review.
    shown = {}
    for page, name in ((asha, "Asha"), (ravi, "Ravi")):
        page.goto(server.url + f"/u/{name}")
        row = page.get_by_test_id("rating-row")
        expect(row).to_have_count(1)
        text = page.get_by_test_id("rating").inner_text()
        match = re.match(r"(\d+) ± (\d+) \(provisional\)", text)
        assert match, text
        shown[name] = int(match.group(1))
        graph = page.get_by_test_id("history-graph")
        expect(graph).to_be_visible()
        # Visible is not loaded: wait for the image's load (or error) before reading its width.
        assert graph.evaluate(LOADED_WIDTH) > 0
        expect(page.get_by_test_id("review-link").first).to_have_attribute(
            "href", f"/review/{game_id}"
        )
    assert sorted(shown.values())[0] < 1500 < sorted(shown.values())[1]

    # The leaderboard lists both, the winner first.
    asha.goto(server.url + "/players")
    leaders = asha.get_by_test_id("leader")
    expect(leaders).to_have_count(2)
    winner = max(shown, key=lambda n: shown[n])
    expect(leaders.first).to_contain_text(winner)
    console.check()


def test_a_profile_address_with_markup_shows_nothing_of_it(
    server: Server, browser: Browser, console: Console
) -> None:
    page = new_page(browser, console)
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(server.url + "/u/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E")
    expect(page.get_by_test_id("missing")).to_be_visible()
    assert page.locator("main img").count() == 0
    assert dialogs == []
    console.check(lambda text: "404" in text)


def test_on_a_phone_the_club_pages_titles_are_whole_and_the_menu_has_pools(
    server: Server, browser: Browser, console: Console
) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = console.watch(context.new_page())
    for path in ("/account", "/players", "/", "/u/Asha"):
        page.goto(server.url + path)
        heading = page.locator(".topbar h1")
        expect(heading).not_to_be_empty()
        # Not cut short ("Your…"): the heading's text fits its box, and the bar its page.
        cut = heading.evaluate("h => h.scrollWidth > h.clientWidth + 1")
        wide = page.evaluate("document.documentElement.scrollWidth > innerWidth")
        assert not cut and not wide, path
    page.goto(server.url + "/players")
    expect(page.locator("#pool option").first).to_be_attached()
    assert page.locator("#pool option").count() >= 4
    console.check(lambda text: "404" in text)
