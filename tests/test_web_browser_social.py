"""The social side of the web pages in a real browser (see tests/test_web_browser.py).

A resignation and an offer to end the game, and a turn timer running out
(the seat passes to a computer), each seen from both players' browsers; the
lobby of a second browser, which does not list a private game.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from test_web_browser import (
    Browser,
    Console,
    Page,
    Server,
    browser,
    console,
    expect,
    new_page,
    wait_until,
)

__all__ = ["browser", "console"]  # the fixtures, used by name


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("web-social") / "games.sqlite")
    srv.start()
    yield srv
    srv.stop()


def two_players(
    server: Server, browser: Browser, console: Console, **spec: Any
) -> tuple[str, dict[int, Page]]:
    """A game of two people (Ann and Bo), each seat's link opened in a browser of its own."""
    body = {"ruleset": "parcheesi", "players": 2, "seats": ["human", "human"]}
    made = server.post("/api/games", {**body, "names": ["Ann", "Bo"], **spec})
    pages = {}
    for link in made["links"]["seats"]:
        page = new_page(browser, console)
        # No forced step is sent by the page itself: an action of the page could race with
        # the other player's (a step made stale by an offer, or late after a resignation).
        page.add_init_script("localStorage.setItem('pachisi.autoplay', 'off')")
        page.goto(server.url + link["url"])
        expect(page.get_by_test_id("connection")).to_have_attribute("data-status", "live")
        pages[link["seat"]] = page
    return made["id"], pages


def badge(page: Page, seat: int, kind: str) -> Any:
    return page.locator(f"#players li[data-seat='{seat}'] [data-testid=badge-{kind}]")


def test_an_offer_declined_then_a_resignation_seen_by_both(
    server: Server, browser: Browser, console: Console
) -> None:
    game_id, pages = two_players(server, browser, console)
    ann, bo = pages[0], pages[1]
    for page in (ann, bo):
        expect(page.get_by_test_id("table")).to_be_visible()
        expect(page.get_by_test_id("accept-end")).to_be_hidden()
    # Ann offers to end the game; Bo sees the offer and declines it.
    ann.get_by_test_id("offer-end").click()
    for page in (ann, bo):
        expect(page.get_by_test_id("social-status")).to_contain_text("Ann offers to end the game")
    expect(ann.get_by_test_id("accept-end")).to_be_hidden()
    expect(ann.get_by_test_id("decline-end")).to_have_text("Withdraw the offer")
    bo.get_by_test_id("accept-end").wait_for()
    bo.get_by_test_id("decline-end").click()
    for page in (ann, bo):
        expect(page.get_by_test_id("social-status")).to_be_hidden()
        expect(page.get_by_test_id("offer-end")).to_be_visible()
    assert server.state(game_id)["offer"] is None

    # Bo resigns (asked once more first); both pages show the end.
    bo.get_by_test_id("resign").click()
    bo.get_by_test_id("resign-cancel").click()
    assert server.state(game_id)["status"] == "playing"
    bo.get_by_test_id("resign").click()
    bo.get_by_test_id("resign-confirm").click()
    state = wait_until("the resignation", lambda: (s := server.state(game_id))["ended"] and s)
    assert state["result"] == "Bo resigned: Ann wins" and state["winner"] == [0]
    for page in (ann, bo):
        expect(page.get_by_test_id("result-text")).to_have_text("Bo resigned: Ann wins")
        expect(badge(page, 1, "resigned")).to_have_count(1)
        expect(page.get_by_test_id("table")).to_be_hidden()
        expect(page.get_by_test_id("controls")).to_be_hidden()
    console.check()


def test_a_turn_that_runs_out_passes_to_a_computer_seen_by_both(
    server: Server, browser: Browser, console: Console
) -> None:
    clock = {"seconds": 8, "then": "computer", "level": "random"}
    game_id, pages = two_players(server, browser, console, clock=clock)
    mover = server.state(game_id)["to_move"]
    for page in pages.values():
        expect(page.get_by_test_id("turn-clock")).to_be_visible()
        expect(page.get_by_test_id("turn-clock")).to_contain_text("s left for")
    # Nobody moves: the seat to move passes to a computer, as both pages show.
    for page in pages.values():
        expect(badge(page, mover, "handed")).to_have_count(1, timeout=30_000)
        expect(page.get_by_test_id("social-status")).to_contain_text(
            "ran out of time: a Beginner computer plays the seat"
        )
    state = server.state(game_id)
    assert state["seats"][mover]["kind"] == "random"
    assert {"seat": mover, "why": "time", "level": "random"} in state["handed"]
    # Its player is offered the seat back.
    expect(pages[mover].get_by_test_id("take-back")).to_be_visible()
    expect(pages[1 - mover].locator("#take-back:visible")).to_have_count(0)
    console.check()


def test_a_second_browser_does_not_list_a_private_game(
    server: Server, browser: Browser, console: Console
) -> None:
    first = new_page(browser, console)
    first.goto(server.url + "/")
    first.get_by_test_id("seat-name-0").fill("Private Pat")
    first.get_by_test_id("create").click()
    link = first.get_by_test_id("spectator-link")
    expect(link).to_have_value(re.compile("/g/"))
    private_id = link.input_value().split("/g/")[1]
    first.locator("#another").click()
    first.get_by_test_id("seat-name-0").fill("Public Pam")
    first.get_by_test_id("public").check()
    first.get_by_test_id("create").click()
    expect(link).not_to_have_value(re.compile(private_id))
    public_id = link.input_value().split("/g/")[1]
    first.reload()
    for game_id in (private_id, public_id):
        expect(first.locator(f"[data-testid=recent-game][data-id='{game_id}']")).to_have_count(1)

    second = new_page(browser, console)  # another browser: no cookie, no keys
    second.goto(server.url + "/")
    listed = second.locator(f"[data-testid=recent-game][data-id='{public_id}']")
    expect(listed).to_contain_text("Public Pam")
    expect(second.locator(f"[data-testid=recent-game][data-id='{private_id}']")).to_have_count(0)
    expect(second.get_by_test_id("recent")).not_to_contain_text("Private Pat")
    # The private game is still reached by its link.
    second.goto(f"{server.url}/g/{private_id}")
    expect(second.get_by_test_id("connection")).to_have_attribute("data-status", "live")
    console.check()
