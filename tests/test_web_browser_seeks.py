"""Finding a game and chatting in real browsers (see tests/test_web_browser.py).

Two new players sign up, each in a browser of their own; Ann posts a seek
from the lobby, Bo accepts it from his lobby's list, and both pages go to
the same game. They chat (a message carrying HTML and a script is shown as
text), Ann mutes Bo, and a spectator's chat is never shown to the players.
"""

from __future__ import annotations

import re
import urllib.request
from collections.abc import Iterator

import pytest

from axe_helpers import check_axe
from test_web_browser import Browser, Console, Page, Server, browser, console, expect, new_page

__all__ = ["browser", "console"]  # the fixtures, used by name

PASSWORD = "a long enough password"
PAYLOAD = '<b id="bold">hi</b><script>window.pwned = 1</script>'


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("web-club") / "games.sqlite")
    srv.start()
    yield srv
    srv.stop()


def signed_up(server: Server, browser: Browser, console: Console, name: str) -> Page:
    """A page in a browser of its own, signed up as ``name`` (through the API, its cookies)."""
    page = new_page(browser, console)
    page.add_init_script("localStorage.setItem('pachisi.autoplay', 'off')")
    request = page.context.request
    csrf = request.get(server.url + "/api/account").json()["csrf"]
    answer = request.post(
        server.url + "/api/account/signup",
        data={"name": name, "password": PASSWORD},
        headers={"x-csrf-token": csrf},
    )
    assert answer.status == 201, answer.text()
    return page


def lines(page: Page) -> list[str]:
    return [str(t) for t in page.get_by_test_id("chat-text").all_inner_texts()]


def say(page: Page, text: str) -> None:
    page.get_by_test_id("chat-input").fill(text)
    page.get_by_test_id("chat-send").click()
    expect(page.get_by_test_id("chat-text").filter(has_text=text).first).to_be_visible()


def test_a_seek_posted_and_accepted_then_chat_mute_and_a_spectator_kept_apart(
    server: Server, browser: Browser, console: Console
) -> None:
    ann = signed_up(server, browser, console, "ann")
    bo = signed_up(server, browser, console, "bob")
    ann.goto(server.url + "/")
    ann.get_by_test_id("seek-ruleset").select_option("parcheesi")
    ann.get_by_test_id("seek-setup").select_option("2")
    ann.get_by_test_id("post-seek").click()
    expect(ann.get_by_test_id("my-seek")).to_have_count(1)

    bo.goto(server.url + "/")
    seek_row = bo.get_by_test_id("open-seek").filter(has_text="ann")
    expect(seek_row).to_have_count(1)
    seek_row.get_by_test_id("accept-seek").click()
    bo.wait_for_url("**/g/**")
    ann.wait_for_url("**/g/**", timeout=20_000)  # told by the lobby's WebSocket
    game = bo.url.split("/g/")[1].split("#")[0]
    assert ann.url.split("/g/")[1].split("#")[0] == game
    for page in (ann, bo):
        expect(page.get_by_test_id("connection")).to_have_attribute("data-status", "live")
        expect(page.get_by_test_id("chat")).to_have_attribute("data-room", "players")
    state = server.state(game)
    assert sorted(s["name"] for s in state["seats"]) == ["ann", "bob"]

    # Chat: plain text only, quick phrases in words.
    say(ann, PAYLOAD)
    expect(bo.get_by_test_id("chat-text").filter(has_text="window.pwned")).to_have_text(PAYLOAD)
    assert bo.locator("#chat-lines b, #chat-lines script").count() == 0
    assert bo.evaluate("window.pwned") is None and ann.evaluate("window.pwned") is None
    bo.locator("[data-testid=chat-phrase][data-phrase=good_luck]").click()
    expect(ann.get_by_test_id("chat-text").filter(has_text="Good luck!")).to_have_count(1)

    # A spectator (signed in) writes in the spectators' chat: never shown to the players.
    cy = signed_up(server, browser, console, "cyd")
    cy.goto(server.url + f"/g/{game}")
    expect(cy.get_by_test_id("chat")).to_have_attribute("data-room", "spectators")
    expect(cy.get_by_test_id("chat-text")).to_have_count(0)  # nor the players' chat to them
    say(cy, "the spectators say hello")
    # The players' pages read their chat again after it (a newer players' message shows).
    say(bo, "after the spectator")
    expect(ann.get_by_test_id("chat-text").filter(has_text="after the spectator")).to_have_count(1)
    for page in (ann, bo):
        assert "the spectators say hello" not in page.content()
    assert "after the spectator" not in cy.content()

    # Ann mutes Bo: his next message is not shown to her, hers still are to him.
    ann.get_by_test_id("chat-mute").click()
    expect(ann.get_by_test_id("chat-mute")).to_have_attribute("aria-pressed", "true")
    expect(ann.get_by_test_id("chat-text").filter(has_text="after the spectator")).to_have_count(0)
    say(bo, "are you still there")
    say(ann, "my own message")
    expect(bo.get_by_test_id("chat-text").filter(has_text="my own message")).to_have_count(1)
    assert "are you still there" not in " ".join(lines(ann))
    console.check()


def test_the_lobby_buttons_are_disabled_until_the_script_is_ready(
    server: Server, browser: Browser, console: Console
) -> None:
    """A click before the script attached its handler would submit a form natively and
    reload the lobby, losing the seek or game: the page serves the buttons disabled, and the
    scripts enable them when the forms are ready (CI once lost a seek this way)."""
    html = urllib.request.urlopen(server.url + "/", timeout=30).read().decode()
    for testid in ("post-seek", "create"):
        button = re.search(rf"<button[^>]*data-testid=\"{testid}\"[^>]*>", html)
        assert button is not None and re.search(r"\sdisabled[\s>]", button.group(0)), testid
    page = new_page(browser, console)
    page.goto(server.url + "/")
    expect(page.get_by_test_id("seek-form")).to_have_attribute("data-ready", "true")
    expect(page.get_by_test_id("post-seek")).to_be_enabled()
    expect(page.get_by_test_id("create")).to_be_enabled()
    console.check()


def test_the_seeks_card_and_the_chat_pass_axe(
    server: Server, browser: Browser, console: Console
) -> None:
    ann = signed_up(server, browser, console, "axeann")
    bob = signed_up(server, browser, console, "axebob")
    ann.goto(server.url + "/")
    ann.get_by_test_id("post-seek").click()
    expect(ann.get_by_test_id("my-seek")).to_have_count(1)
    check_axe(ann)
    bob.goto(server.url + "/")
    bob.get_by_test_id("open-seek").filter(has_text="axeann").get_by_test_id("accept-seek").click()
    bob.wait_for_url("**/g/**")
    say(bob, "hello")
    expect(bob.get_by_test_id("chat-phrase")).to_have_count(9)
    check_axe(bob)
    console.check()


def test_a_ludo_seek_posted_and_accepted_by_two_accounts(
    server: Server, browser: Browser, console: Console
) -> None:
    """RULES-LUDO.md §9.2: the seek form offers Ludo with its set-ups only (no teams); a
    Ludo seek posted by one account and accepted by another is a Ludo game both play."""
    ann = signed_up(server, browser, console, "ludoann")
    bo = signed_up(server, browser, console, "ludobo")
    ann.goto(server.url + "/")
    expect(ann.get_by_test_id("seek-form")).to_have_attribute("data-ready", "true")
    ann.get_by_test_id("seek-setup").select_option("4t")
    ann.get_by_test_id("seek-ruleset").select_option("ludo")
    setup = ann.get_by_test_id("seek-setup")
    expect(setup).to_have_value("2")  # the teams set-up is not Ludo's: the first that is
    expect(setup.locator("option[value='4t']")).to_be_disabled()
    expect(setup.locator("option[value='4']")).to_be_enabled()
    ann.get_by_test_id("post-seek").click()
    expect(ann.get_by_test_id("my-seek")).to_contain_text("Ludo, 2 players")

    bo.goto(server.url + "/")
    seek_row = bo.get_by_test_id("open-seek").filter(has_text="ludoann")
    expect(seek_row).to_contain_text("Ludo")
    seek_row.get_by_test_id("accept-seek").click()
    bo.wait_for_url("**/g/**")
    ann.wait_for_url("**/g/**", timeout=20_000)
    game = bo.url.split("/g/")[1].split("#")[0]
    assert ann.url.split("/g/")[1].split("#")[0] == game
    state = server.state(game)
    assert state["ruleset"] == "ludo" and len(state["throw"]) == 1
    assert sorted(s["name"] for s in state["seats"]) == ["ludoann", "ludobo"]
    for page in (ann, bo):
        expect(page.get_by_test_id("connection")).to_have_attribute("data-status", "live")
        expect(page.locator("svg.board.one-die.ruleset-ludo")).to_be_visible()
    # The leaderboard offers Ludo's pools (rated ones are rated there: test_web_seeks_ludo.py).
    bo.goto(server.url + "/players?pool=ludo/2p")
    expect(bo.locator("#pool")).to_have_value("ludo/2p")
    expect(bo.locator("#pool option[value='ludo/2p']")).to_have_text("Ludo, two players")
    expect(bo.locator("#pool option[value='maedn/4p']")).to_have_count(1)
    console.check()
