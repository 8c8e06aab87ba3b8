"""Playing on any screen (issue 34), in a real browser: seats that belong to people, a phone.

Playwright drives Debian's Chromium, as in ``test_web_browser.py`` (whose server
and helpers are used), at a desktop size (1280 x 800) and a phone's (390 x 844):

* the lobby's "Start the game" is in sight without scrolling; "Play with a
  friend" makes the second seat a friend's: "Play here" holds the creator's
  key only, the friend's link comes with a QR code, the creator's page never
  acts for the friend's seat (auto-play included), and the friend plays it
  from the link;
* on a phone, the first choice of your turn is inside the screen, with no
  keyboard hints, every step at least 44 px high; a pawn tapped, then a lit
  square, makes the step;
* the end of a game: the result said once, in one line by name and place, in
  the three languages as the core writes it, and a win-chance bar whose widths
  are the chances;
* the web app manifest and its icons, served with their types and linked from
  the pages;
* no serious accessibility violation (axe-core, ``tests/axe_helpers.py``).

Screenshots go to ``$PACHISI_SCREENSHOTS`` if set, else to
``test-artifacts/screenshots/`` (gitignored), kept after the run; the test prints where.
"""

from __future__ import annotations

import json
import os
import struct
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import test_web_browser as wb
from axe_helpers import check_axe
from pachisi.board import ROUTES
from pachisi.describe import place_facts, places_text
from pachisi.position import Position
from pachisi.rules import Setup
from pachisi.web.views import board_geometry
from test_web_browser import browser, console

__all__ = ["browser", "console"]  # the fixtures, used by name

Browser = wb.Browser
Page = wb.Page
expect = wb.expect

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
#: Near the end of a Parcheesi game: a few throws to play.
NEAR_END = "parcheesi r,y - r:60.62.66.70,y:58.61.66.72 0 0 - - -"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[wb.Server]:
    srv = wb.Server(tmp_path_factory.mktemp("web-play") / "games.sqlite")
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def shots() -> Path:
    wanted = os.environ.get("PACHISI_SCREENSHOTS")
    folder = Path(wanted) if wanted else wb.ROOT / "test-artifacts" / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    print(f"screenshots in {folder}")
    return folder


def page_at(
    browser: Browser,
    console: wb.Console,
    size: dict[str, int],
    lang: str = "en",
    autoplay: bool = True,
) -> Page:
    """A page in a fresh browser context (a phone's is a touch screen)."""
    phone = size == PHONE
    context = browser.new_context(
        viewport=size, locale=lang, is_mobile=phone, has_touch=phone, device_scale_factor=1
    )
    context.set_default_timeout(20000)
    context.add_init_script(f"localStorage.setItem('pachisi.lang', '{lang}')")
    if not autoplay:
        context.add_init_script("localStorage.setItem('pachisi.autoplay', 'off')")
    return console.watch(context.new_page())


def in_view(page: Page, locator: Any) -> bool:
    """Whether the element lies wholly inside the window, as it is scrolled now."""
    box = locator.bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    return bool(
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= size["width"] + 0.5
        and box["y"] + box["height"] <= size["height"] + 0.5
    )


def test_a_friends_seat_is_theirs_alone(
    server: wb.Server, browser: Browser, console: wb.Console, shots: Path
) -> None:
    lobby = page_at(browser, console, DESKTOP)
    lobby.goto(server.url + "/")
    expect(lobby.get_by_test_id("seat-kind-1")).to_have_value("greedy")
    # "Start the game" is in sight at 1280 x 800 without scrolling.
    assert lobby.evaluate("window.scrollY") == 0
    assert in_view(lobby, lobby.get_by_test_id("create"))
    lobby.screenshot(path=str(shots / "lobby-1280x800.png"))
    check_axe(lobby)

    lobby.get_by_test_id("mode-friend").check()
    expect(lobby.get_by_test_id("seat-kind-0")).to_have_value("human")
    expect(lobby.get_by_test_id("seat-kind-1")).to_have_value("friend")
    lobby.get_by_test_id("seat-name-0").fill("Asha")
    lobby.get_by_test_id("seat-name-1").fill("Bo")
    lobby.get_by_test_id("create").click()

    friend = lobby.locator("[data-testid=share-link][data-seat='1']")
    friend_link = friend.input_value()
    own_link = lobby.locator("[data-testid=share-link][data-seat='0']").input_value()
    assert "#k=1." in friend_link and "#k=0." in own_link
    play_here = lobby.get_by_test_id("play-here").get_attribute("href") or ""
    # Play here holds the creator's key, never the friend's.
    assert own_link.split("#k=")[1] in play_here
    assert friend_link.split("#k=")[1] not in play_here and "," not in play_here
    qr = lobby.locator("[data-testid=qr][data-seat='1'] svg")
    expect(qr).to_be_visible()
    assert int(qr.get_attribute("data-modules") or 0) >= 21  # a QR code of version 1 or more
    expect(lobby.locator("[data-testid=qr][data-seat='0']")).to_have_count(0)
    expect(lobby.get_by_test_id("here-note")).to_contain_text("This screen plays Asha")
    lobby.screenshot(path=str(shots / "created-friend-1280x800.png"), full_page=True)
    check_axe(lobby)

    lobby.get_by_test_id("play-here").click()
    lobby.wait_for_url("**/g/**")
    game_id = lobby.url.split("/g/")[1].split("#")[0]
    asha = lobby
    expect(asha.get_by_test_id("seat-note")).to_have_text("This browser plays Asha (Red).")
    expect(asha.get_by_test_id("autoplay")).to_be_checked()
    stored = asha.evaluate(f"localStorage.getItem('pachisi.keys.{game_id}')") or ""
    assert "1." not in stored

    bo = page_at(browser, console, DESKTOP)
    bo.goto(friend_link)
    players = {
        0: wb.Player(asha, server, game_id, {0}),
        1: wb.Player(bo, server, game_id, {1}),
    }
    for page in (asha, bo):
        expect(page.get_by_test_id("connection")).to_have_attribute("data-status", "live")
    expect(bo.get_by_test_id("seat-note")).to_have_text("This browser plays Bo (Yellow).")

    # Both play by turns, until Bo has made a move of his own through his page.
    version = -1
    bo_turns = 0
    deadline = wb.time.monotonic() + 180
    while bo_turns < 2:
        assert wb.time.monotonic() < deadline, "Bo never got to play"
        state = server.state(game_id)
        if state["version"] <= version:
            wb.time.sleep(0.05)
            continue
        to_move = state["to_move"]
        if to_move == 1 and state["throw"] and state["legal"] and not state["complete"]:
            # Asha's page shows Bo's turn as his, offers nothing, and plays nothing for him.
            players[0].wait_for_page(state["version"])
            expect(asha.get_by_test_id("turn-status")).to_contain_text("waiting for Bo")
            expect(asha.get_by_test_id("step")).to_have_count(0)
            expect(asha.locator("[data-testid=pawn].movable")).to_have_count(0)
            bo_turns += 1
        mover = players[to_move]
        if mover.my_decision(state):
            mover.act(state, "button")
        version = state["version"]
    # Nothing Bo played came from Asha's page: her page was never refused, his never was.
    for page in (asha, bo):
        expect(page.get_by_test_id("error")).to_be_hidden()
    console.check()


def test_on_a_phone_the_first_choice_is_in_sight(
    server: wb.Server, browser: Browser, console: wb.Console, shots: Path
) -> None:
    game = server.post(
        "/api/games",
        {"position": NEAR_END, "seats": ["human", "greedy"], "names": ["Asha", ""]},
    )
    gid, key = game["id"], game["keys"][0]["key"]
    page = page_at(browser, console, PHONE, autoplay=False)
    page.goto(f"{server.url}/g/{gid}#k={key}")
    expect(page.get_by_test_id("connection")).to_have_attribute("data-status", "live")

    def my_choice() -> dict[str, Any] | None:
        state = server.state(gid)
        if state["status"] != "playing":
            pytest.fail("the game ended before Asha had a choice")
        if state["to_move"] == 0 and len(state["legal"]) > 1 and not state["complete"]:
            return state
        if state["to_move"] == 0 and state["legal"]:  # a forced step or a used throw: go on
            wb.Player(page, server, gid, {0}).wait_for_page(state["version"])
            if state["complete"]:
                page.get_by_test_id("commit").click()
            else:
                page.get_by_test_id("step").first.click()
            wb.Player(page, server, gid, {0}).wait_for_page(state["version"] + 1)
        return None

    state = wb.wait_until("a choice of Asha's", my_choice, timeout=120)
    wb.Player(page, server, gid, {0}).wait_for_page(state["version"])
    page.evaluate("window.scrollTo(0, 0)")
    first = page.get_by_test_id("step").first
    expect(first).to_be_visible()
    assert in_view(page, first), first.bounding_box()
    assert in_view(page, page.get_by_test_id("dice"))
    page.screenshot(path=str(shots / "game-your-turn-390x844.png"))
    # Each step reads in at most two lines on a phone (its words once took four, "Red pawn
    # from the square after the star on the way out of Red's arm to 4 squares after..."),
    # so that several choices are in sight at once.
    lines = page.evaluate(
        """() => [...document.querySelectorAll('[data-testid=step] .description')]
          .slice(0, 3).map((e) => {
            const range = document.createRange();
            range.selectNodeContents(e);
            const first = range.getClientRects()[0];
            const lh = parseFloat(getComputedStyle(e).lineHeight) || first.height;
            return [e.textContent, e.getBoundingClientRect().height, lh];
          })"""
    )
    assert len(lines) >= 2, lines
    for text, height, line in lines:
        assert "→" in text or "enters" in text, text  # the words, not the notation
        assert height <= 2.2 * line, (text, height, line)
    # The language menu shows the whole name of every language (it once read "Englisl").
    room = page.evaluate(
        """() => {
          const s = document.querySelector('.lang-switch select');
          const cs = getComputedStyle(s);
          const ctx = document.createElement('canvas').getContext('2d');
          ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
          const inner = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
          return [...s.options].map(o => [o.text, ctx.measureText(o.text).width, inner]);
        }"""
    )
    for name, width, inner in room:
        assert width + 16 <= inner, (name, width, inner)  # 16 px: the menu's arrow
    # A touch screen shows no keyboard hints; every step is a 44 px target at least.
    expect(page.get_by_test_id("tap-hint")).to_be_visible()
    assert page.locator("kbd:visible").count() == 0
    for k in range(page.get_by_test_id("step").count()):
        box = page.get_by_test_id("step").nth(k).bounding_box()
        assert box is not None and box["height"] >= 44
    check_axe(page)

    # Tap a pawn, then a lit square: the step is made.
    step = next(s for s in state["legal"] if s["kind"] == "move" and s["from_square"] is not None)
    pawn = page.locator(f"[data-testid=pawn][data-key='{step['colour']}@{step['from_square']}']")
    pawn.tap()
    place = "home" if step["to_square"] is None else str(step["to_square"])
    target = page.locator(f"[data-testid=target][data-square='{place}']")
    expect(target).to_be_visible()
    page.screenshot(path=str(shots / "game-pawn-tapped-390x844.png"))
    target.tap()
    choice = page.locator("[data-testid=choice]")
    wb.wait_until(
        "the step",
        lambda: server.state(gid)["version"] > state["version"] or choice.count() > 0,
    )
    if server.state(gid)["version"] == state["version"]:  # several steps lead there: one asked
        page.locator(f"[data-testid=choice][data-index='{step['index']}']").tap()
    after = wb.wait_until(
        "the step", lambda: (s := server.state(gid))["version"] > state["version"] and s
    )
    made = after["steps"][-1] if after["steps"] else after["moves"][-1]["play"].split()[-1]
    same = [s["notation"] for s in state["legal"] if s["from_square"] == step["from_square"]]
    assert made in same
    console.check()


def test_the_end_of_a_game_is_one_line_and_the_bar_its_chances(
    server: wb.Server, browser: Browser, console: wb.Console, shots: Path
) -> None:
    made = server.post(
        "/api/games",
        {"ruleset": "parcheesi", "players": 2, "seats": ["random", "random"]},
    )
    gid = made["id"]
    page = page_at(browser, console, PHONE)
    page.goto(f"{server.url}/g/{gid}")
    expect(page.get_by_test_id("result")).to_be_visible(timeout=wb.GAME_TIMEOUT * 1000)
    state = server.state(gid)
    names = [wb.shown_name(seat) for seat in state["seats"]]  # by the ladder's level names
    line = wb.result_words(state)
    expect(page.get_by_test_id("result-text")).to_have_text(line)
    # Said once: the turn line says the game is over, not the result again.
    expect(page.get_by_test_id("turn")).to_have_text("Game over")
    assert page.locator("main").inner_text().count(line) == 1
    # The bar: each side's width is its chance, exact at the end (100% and 0%).
    segments = page.get_by_test_id("chance-segment")
    expect(segments).to_have_count(2)
    page.wait_for_function("() => document.querySelector('#chance-how').textContent.length > 0")
    bar = page.get_by_test_id("chance-bar").bounding_box()
    assert bar is not None
    for k in range(2):
        chance = float(segments.nth(k).get_attribute("data-chance") or "nan")
        width = segments.nth(k).evaluate("e => e.getBoundingClientRect().width")
        assert abs(width - chance * (bar["width"] - 2)) <= 1.5, (chance, width, bar)
    winner = state["winner"][0]
    loser = page.locator(f"[data-testid=chance-segment][data-seat='{1 - winner}']")
    assert loser.evaluate("e => e.getBoundingClientRect().width") == 0
    expect(page.get_by_test_id("chance-legend")).to_contain_text(f"{names[1 - winner]} 0.0%")
    page.screenshot(path=str(shots / "game-over-390x844.png"), full_page=True)
    console.check()


#: A finished four-player position: Green has won, the three others share second place.
SHARED = "parcheesi r,g,y,b - r:0.0.0.0,g:72.72.72.72,y:0.0.0.0,b:0.0.0.0 0 0 - 1 1"


@pytest.mark.parametrize("lang", ["en", "hi", "kn"])
def test_the_result_line_reads_as_the_core_writes_it(
    server: wb.Server, browser: Browser, console: wb.Console, lang: str
) -> None:
    """A list of three names sharing a place: "A, B and C", in each language."""
    page = page_at(browser, console, DESKTOP, lang=lang)
    page.goto(server.url + "/")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    seats = [
        {"index": i, "colours": [c], "kind": k, "name": n}
        for i, (c, k, n) in enumerate(
            [
                ("red", "human", "Asha"),
                ("green", "greedy", "Computer 1 (greedy)"),
                ("yellow", "human", "Ravi"),
                ("blue", "human", "Blue"),
            ]
        )
    ]
    facts = [{"kind": "win", "seats": [1]}, {"kind": "share", "seats": [0, 2, 3], "place": 2}]
    shown = page.evaluate(
        """async ([seats, facts]) => {
          const words = await import('/static/words.js');
          return words.resultText({ seats, places_facts: facts });
        }""",
        [seats, facts],
    )
    # The core's line with the names as the page shows them (a computer's level, a colour).
    catalogue = json.load(urllib.request.urlopen(f"{server.url}/api/messages/{lang}"))
    computer = catalogue["seat.computer"].replace("{n}", "1")
    computer = computer.replace("{level}", catalogue["level.greedy"])
    names = ["Asha", computer, "Ravi", catalogue["colour.blue"]]
    assert shown == places_text(Position.from_text(SHARED), names, lang)
    assert shown.count(catalogue["and"]) == 1
    console.check()


def test_the_page_can_be_installed(server: wb.Server, browser: Browser, console: wb.Console):
    with urllib.request.urlopen(server.url + "/manifest.webmanifest") as answer:
        assert answer.headers["Content-Type"] == "application/manifest+json"
        manifest = json.load(answer)
    assert manifest["name"] and manifest["start_url"] == "/" and manifest["display"] == "standalone"
    sizes = set()
    for icon in manifest["icons"]:
        with urllib.request.urlopen(server.url + icon["src"]) as answer:
            assert answer.headers["Content-Type"] == icon["type"]
            data = answer.read()
        if icon["type"] == "image/png":
            assert data[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = struct.unpack(">II", data[16:24])
            assert icon["sizes"] == f"{width}x{height}"
            sizes.add(width)
    assert {192, 512} <= sizes
    # Every page links it, and the browser reads it (the CSP lets it).
    page = page_at(browser, console, PHONE)
    for path in ("/", "/g/none", "/r/none", "/review/none", "/rules/parcheesi", "/learn"):
        page.goto(server.url + path)
        href = page.locator("link[rel=manifest]").get_attribute("href")
        assert href == "/manifest.webmanifest"
    read = page.evaluate(
        "async () => (await (await fetch('/manifest.webmanifest')).json()).short_name"
    )
    assert read == manifest["short_name"]
    console.check(lambda text: "404" in text)  # "none" is no game


def test_a_who_plays_choice_is_not_lost_while_the_page_loads(
    server: wb.Server, browser: Browser, console: wb.Console
) -> None:
    """A "who plays" choice made before the page has its rulesets and seats is not lost.

    The choices are served disabled and enabled once the seats are drawn (as the create
    button is): before that, a tap found no handler, or the seats drawn from the rulesets
    showed the computer mode again (CI failed that way under load). Here the rulesets
    answer 1.5 s late, and the choice is made as soon as the page has loaded."""
    page = page_at(browser, console, PHONE, autoplay=False)

    def late(route: Any) -> None:
        page.wait_for_timeout(1500)
        route.continue_()

    page.route("**/api/rulesets", late)
    page.goto(server.url + "/")
    page.get_by_test_id("mode-referee").check()
    expect(page.get_by_test_id("seat-kind-1")).to_have_value("human")
    expect(page.get_by_test_id("mode-referee")).to_be_checked()


def test_a_phone_referees_a_real_board(
    server: wb.Server, browser: Browser, console: wb.Console, shots: Path
) -> None:
    """Real dice: the throw is entered by tapping the dice's faces; the page checks the moves."""
    page = page_at(browser, console, PHONE, autoplay=False)
    page.goto(server.url + "/")
    page.get_by_test_id("mode-referee").check()
    expect(page.get_by_test_id("seat-kind-1")).to_have_value("human")
    page.get_by_test_id("seat-name-0").fill("Asha")
    page.get_by_test_id("seat-name-1").fill("Ravi")
    expect(page.get_by_test_id("first")).to_be_visible()
    page.get_by_test_id("first").select_option("1")
    page.get_by_test_id("create").click()
    page.get_by_test_id("play-here").click()
    page.wait_for_url("**/g/**")
    gid = page.url.split("/g/")[1].split("#")[0]
    state = server.state(gid)
    assert state["manual_dice"] and state["to_move"] == 1 and state["throw"] is None

    # Ravi starts: 6 and 4 enter nothing, so the throw passes and Asha is to throw.
    entry = page.get_by_test_id("dice-entry")
    expect(entry).to_be_visible()
    expect(page.get_by_test_id("turn-status")).to_contain_text("throw the real dice")
    enter = page.get_by_test_id("enter-throw")
    expect(enter).to_be_disabled()
    face = page.get_by_test_id("face-0-6")
    box = face.bounding_box()
    assert box is not None and box["width"] >= 44 and box["height"] >= 44
    page.screenshot(path=str(shots / "referee-enter-throw-390x844.png"))
    assert in_view(page, enter), enter.bounding_box()
    check_axe(page)
    face.tap()
    page.get_by_test_id("face-1-4").tap()
    expect(face).to_have_attribute("aria-pressed", "true")
    enter.tap()
    after = wb.wait_until("the pass", lambda: (s := server.state(gid))["to_move"] == 0 and s)
    assert after["moves"][-1]["throw"] == [6, 4] and after["moves"][-1]["play"] == "-"

    # Asha: 5 and 5 enter two pawns; the steps are the server's, chosen on the page.
    wb.Player(page, server, gid, {0}).wait_for_page(after["version"])
    expect(enter).to_be_disabled()  # the faces tapped for Ravi's throw are forgotten
    page.get_by_test_id("face-0-5").tap()
    page.get_by_test_id("face-1-5").tap()
    enter.tap()
    s = wb.wait_until("the throw", lambda: (st := server.state(gid))["throw"] and st)
    assert s["throw"] == [5, 5] and s["legal"]
    expect(entry).to_be_hidden()
    first = page.get_by_test_id("step").first
    expect(first).to_be_visible()
    assert in_view(page, first)
    first.tap()
    wb.wait_until("a step", lambda: server.state(gid)["version"] > s["version"])
    console.check()


@pytest.mark.parametrize("ruleset", ["parcheesi", "pagade"])
def test_the_page_names_every_ring_square_as_the_core_does(
    server: wb.Server, browser: Browser, console: wb.Console, ruleset: str
) -> None:
    """The board's tooltips and the pawn list use words.js's copy of the core's naming."""
    page = page_at(browser, console, DESKTOP)
    page.goto(server.url + "/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    colours = board_geometry(ruleset)["colours"]
    shown = page.evaluate(
        """async ([ruleset, colours]) => {
          const words = await import('/static/words.js');
          return [...Array(68).keys()].map((id) => words.ringPlace(id, ruleset, colours));
        }""",
        [ruleset, colours],
    )
    setup = Setup.create(ruleset)
    expected: dict[int, dict[str, Any]] = {}
    for colour in range(4):
        for p in range(1, setup.home):
            square = ROUTES[ruleset][colour][p]
            if 0 <= square < 68:
                facts = place_facts(setup, colour, p)
                expected[square] = {k: facts[k] for k in ("ref", "arm", "after")}
    assert len(expected) == 68
    for square, place in enumerate(shown):
        assert {k: place[k] for k in ("ref", "arm", "after")} == expected[square], square
    console.check()
