"""The game read without notation, in three languages, with insight: in a real browser.

Playwright drives Debian's Chromium, as in ``test_web_browser.py`` (whose server,
browser and page helpers are used). Every game starts near its end so that
each test takes seconds:

* a game played by clicking in which every step button, "played so far", the
  move list and the result are words (checked against the core's words,
  :func:`pachisi.describe.facts_text`), the dice show their numbers used and
  left, and a pawn reaching HOME is shown as it happens;
* the Hindi and Kannada pages (lobby, game, rules, replay, review) hold no
  English but names, and a screenshot of each page is kept at a desktop and a
  phone size, where every button is at least 44 CSS pixels high;
* the social side in Hindi and Kannada (the lobby's table settings and their
  menus, an offer to end the game, a resignation and its result, a turn timer
  and the game it adjourns, also as the lobby lists it) holds no English;
* a spectator's win-chance bar follows the game and ends exact.

Screenshots go to ``$PACHISI_SCREENSHOTS`` if set, else to pytest's temporary
folder (``<basetemp>/screenshots0``); the test prints where.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import test_web_browser as wb
from pachisi.describe import facts_text
from pachisi.web.messages import catalogue
from test_web_browser import browser, console

__all__ = ["browser", "console"]  # the fixtures, used by name

Browser = wb.Browser
Page = wb.Page
expect = wb.expect

#: Near the end of a Parcheesi game: a few throws to play, HOME steps certain.
NEAR_END = "parcheesi r,y - r:60.62.66.70,y:58.61.66.72 0 0 - - -"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
#: Latin words a Hindi or Kannada page may show: the players' names, the brand,
#: key names on the keyboard and a file format.
NAMES = {"Asha", "Ravi", "Pachisi", "JSON"}
NOTATION = re.compile(r"\b[RBYG]{1,2}\d+-\d+")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[wb.Server]:
    srv = wb.Server(tmp_path_factory.mktemp("web-words") / "games.sqlite")
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    wanted = os.environ.get("PACHISI_SCREENSHOTS")
    folder = Path(wanted) if wanted else tmp_path_factory.mktemp("screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    print(f"screenshots in {folder}")
    return folder


def page_in(
    browser: Browser, console: wb.Console, lang: str = "en", size: dict[str, int] = DESKTOP
) -> Page:
    """A page in a fresh browser context with ``lang`` as the browser's language."""
    phone = size == PHONE
    context = browser.new_context(
        viewport=size, locale=lang, is_mobile=phone, has_touch=phone, device_scale_factor=1
    )
    context.set_default_timeout(20000)
    context.add_init_script("localStorage.setItem('pachisi.autoplay', 'off')")
    return console.watch(context.new_page())


def words_of(step: dict[str, Any]) -> str:
    text = facts_text(step["facts"])
    if step["facts"].get("variant"):
        text += f" (another pawn of the same square, {step['facts']['variant']})"
    return text


def test_a_game_played_by_clicking_is_described_in_words(
    server: wb.Server, browser: Browser, console: wb.Console
) -> None:
    game = server.post(
        "/api/games",
        {"position": NEAR_END, "seats": ["human", "human"], "names": ["Asha", "Ravi"]},
    )
    gid = game["id"]
    page = page_in(browser, console)
    page.goto(server.url + game["links"]["hotseat"])
    # The step keys: digits, then letters other than h (hint) and u (undo), all different.
    keys = page.evaluate(
        "async () => { const m = await import('/static/reading.js');"
        " return Array.from({length: 34}, (_, k) => m.stepKey(k)); }"
    )
    assert keys[:10] == list("1234567890") and len(set(keys)) == 34
    assert "h" not in keys and "u" not in keys
    saw_home_event = False
    for _ in range(200):
        state = server.state(gid)
        if state["status"] == "finished":
            break
        page.wait_for_function(
            "v => Number(document.body.dataset.version || -1) >= v", arg=state["version"]
        )
        assert page.title().startswith("Your turn")
        chips = page.get_by_test_id("die-number")
        expect(chips).to_have_count(len(state["dice"]))
        used = [c.get_attribute("data-used") == "true" for c in chips.all()]
        assert sorted(used) == sorted(n["used"] for n in state["dice"])
        if state["steps"]:
            played = "; ".join(facts_text(f) for f in state["steps_facts"])
            expect(page.get_by_test_id("played")).to_have_text(f"Played so far: {played}")
        if state["complete"]:
            page.get_by_test_id("commit").click()
        else:
            buttons = page.get_by_test_id("step")
            expect(buttons).to_have_count(len(state["legal"]))
            for i, step in enumerate(state["legal"]):
                shown = buttons.nth(i).locator(".description").inner_text()
                assert shown == words_of(step)
                assert not NOTATION.search(shown), shown
                expect(buttons.nth(i).locator("code")).to_be_hidden()  # notation on request
            step = wb.pick(state["legal"])
            at = state["legal"].index(step)
            page.keyboard.press(keys[at])  # beyond nine steps too
            if step["facts"].get("reached") == "home":
                event = page.locator("[data-testid=event][data-kind=home]").first
                expect(event).to_contain_text(words_of(step))
                saw_home_event = True
        page.wait_for_function(
            "v => Number(document.body.dataset.version || -1) > v", arg=state["version"]
        )
    state = server.state(gid)
    assert state["status"] == "finished" and saw_home_event
    winner = state["seats"][state["winner"][0]]["name"]
    other = "Ravi" if winner == "Asha" else "Asha"
    expect(page.get_by_test_id("result-text")).to_have_text(f"{winner} wins; {other} second")
    # Every move in words, after a reload too: the state has the facts of the last
    # moves, the page reads the older ones from GET .../moves.
    page.reload()
    rows = page.get_by_test_id("move")
    expect(rows).to_have_count(len(state["moves"]))
    every = server.get(f"/api/games/{gid}/moves")["moves"]
    assert len(every) == len(state["moves"])
    for i, move in enumerate(every):
        want = "; ".join(facts_text(f) for f in move["facts"]) or "no move"
        expect(rows.nth(i).get_by_test_id("move-words")).to_have_text(want)
    # The notation is there for those who want it.
    page.get_by_test_id("show-notation").check()
    expect(rows.nth(0).locator(".move-play")).to_be_visible()
    expect(rows.nth(0).locator(".move-play")).to_have_text(state["moves"][0]["play"])
    console.check()


def visible_text(page: Page) -> str:
    """The text a reader meets: visible text nodes, labels, titles and the page title."""
    return str(
        page.evaluate(
            """() => {
          const out = [document.title];
          const walk = (n) => {
            if (n.nodeType === 3) {
              const p = n.parentElement;
              const hidden = p && p.closest('code,kbd,script,style,[hidden],option');
              if (p && !hidden && p.offsetParent !== null)
                out.push(n.textContent);
            } else n.childNodes.forEach(walk);
          };
          walk(document.body);
          for (const el of document.querySelectorAll('[aria-label],[title],[placeholder]'))
            for (const a of ['aria-label', 'title', 'placeholder'])
              if (el.getAttribute(a) && !el.closest('[hidden]')) out.push(el.getAttribute(a));
          return out.join(' | ');
        }"""
        )
    )


def finished_game(server: wb.Server) -> dict[str, Any]:
    """A game of two computers from near the end, played out."""
    game = server.post(
        "/api/games",
        {"position": NEAR_END, "seats": ["greedy", "greedy"], "names": ["Asha", "Ravi"]},
    )
    wb.wait_until(
        "the computers to finish",
        lambda: server.state(game["id"])["status"] == "finished",
        timeout=60,
    )
    return game


@pytest.mark.parametrize("lang", ["hi", "kn"])
def test_hindi_and_kannada_pages_hold_no_english(
    lang: str, server: wb.Server, browser: Browser, console: wb.Console, shots: Path
) -> None:
    done = finished_game(server)
    live = server.post(
        "/api/games",
        {"position": NEAR_END, "seats": ["human", "human"], "names": ["Asha", "Ravi"]},
    )
    pages = {
        "lobby": "/",
        "game": live["links"]["hotseat"],
        "rules": "/rules/pagade",
        "replay": f"/r/{done['id']}",
        "review": f"/review/{done['id']}",
        "finished": f"/g/{done['id']}",
    }
    for size_name, size in (("desktop", DESKTOP), ("phone", PHONE)):
        for name, path in pages.items():
            page = page_in(browser, console, lang, size)
            page.goto(server.url + path)
            expect(page.locator("html")).to_have_attribute("lang", lang)
            if name == "review":
                expect(page.locator("body")).to_have_attribute("data-review", "done", timeout=60000)
                expect(page.get_by_test_id("review-move")).to_have_count(
                    len(server.state(done["id"])["moves"])
                )
            elif name in ("game", "finished"):
                expect(page.get_by_test_id("connection")).to_have_attribute("data-status", "live")
                if name == "finished":
                    # (A 0% side has no width in the bar: the legend names every side.)
                    expect(page.get_by_test_id("chance-legend")).to_be_visible()
            elif name == "replay":
                expect(page.get_by_test_id("caption")).to_have_attribute("data-at", "0")
            elif name == "rules":
                expect(page.get_by_test_id("rule-switch").first).to_be_visible()
            elif name == "lobby":
                expect(page.get_by_test_id("ruleset-pagade")).to_be_attached()
            english = sorted(
                {w for w in re.findall(r"[A-Za-z]{2,}", visible_text(page)) if w not in NAMES}
            )
            assert not english, (lang, name, english)
            if size == PHONE:
                # Nothing runs off the screen (the lobby's selects once ran to 594 px).
                assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
            if size == PHONE and name == "game":
                for button in page.get_by_test_id("step").all():
                    assert button.bounding_box()["height"] >= 44  # type: ignore[index]
                # Choosing a pawn zooms the board to it and its targets, 44 px a target.
                board = page.get_by_test_id("board")
                page.locator("[data-testid=pawn].movable").first.click()
                expect(board).to_have_class(re.compile(r"\bzoomed\b"))
                target = page.get_by_test_id("target").first
                assert target.bounding_box()["width"] >= 44  # type: ignore[index]
            page.screenshot(path=str(shots / f"{name}-{lang}-{size_name}.png"), full_page=True)
            page.context.close()
    console.check()


SMALL_PHONE = {"width": 360, "height": 740}


@pytest.mark.parametrize("lang", ["en", "hi", "kn"])
def test_on_a_small_phone_no_page_runs_off_the_screen(
    lang: str, server: wb.Server, browser: Browser, console: wb.Console
) -> None:
    """At 360 CSS pixels (a small phone) every page is as wide as the screen in every
    language: a select is no wider than its form (the lobby's longest option ran to 594 px
    in Kannada), and the game page's top bar narrows its language switch rather than push
    it off the screen (383 px in Kannada)."""
    live = server.post(
        "/api/games",
        {"position": NEAR_END, "seats": ["human", "human"], "names": ["Asha", "Ravi"]},
    )
    page = console.watch(
        browser.new_context(
            viewport=SMALL_PHONE, locale=lang, is_mobile=True, has_touch=True
        ).new_page()
    )
    page.context.add_init_script(f"localStorage.setItem('pachisi.lang', '{lang}')")
    game = live["links"]["hotseat"]
    # The game page twice: connected, and with a status that is not "live" (no such game:
    # its words, like "offline: reconnecting…", once pushed the bar to 393 px).
    for path in ("/", game, "/g/no-such-game", "/rules/parcheesi", "/account", "/players"):
        page.goto(server.url + path)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.get_by_test_id("lang")).to_be_visible()
        if path == game:
            connection = page.get_by_test_id("connection")
            expect(connection).to_have_attribute("data-status", "live")
            # The words of the other states, as setConnection writes them (the longest,
            # "offline: reconnecting…", pushed the Kannada bar to 476 px while connecting).
            words = server.get(f"/api/messages/{lang}")
            for status in ("connecting", "offline"):
                connection.evaluate(
                    "(c, [s, w]) => { c.dataset.status = s; c.textContent = w; }",
                    [status, words[f"conn.{status}"]],
                )
                wide = page.evaluate("document.documentElement.scrollWidth")
                assert wide <= SMALL_PHONE["width"], (lang, status, wide)
        elif path.startswith("/g/"):
            expect(page.get_by_test_id("connection")).to_have_attribute("data-status", "missing")
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= SMALL_PHONE["width"], (lang, path, wide)
        box = page.get_by_test_id("lang").bounding_box()
        assert box is not None and box["x"] + box["width"] <= SMALL_PHONE["width"], (path, box)
    page.context.close()
    console.check(lambda text: "404" in text)  # the missing game's answer


def no_english(page: Page, where: str) -> None:
    """Fail if the page shows a Latin word other than the players' names."""
    english = sorted({w for w in re.findall(r"[A-Za-z]{2,}", visible_text(page)) if w not in NAMES})
    assert not english, (where, english)


@pytest.mark.parametrize("lang", ["hi", "kn"])
def test_the_social_side_holds_no_english(
    lang: str, server: wb.Server, browser: Browser, console: wb.Console
) -> None:
    words = catalogue(lang)
    body = {"position": NEAR_END, "seats": ["human", "human"], "names": ["Asha", "Ravi"]}
    # An offer to end the game, then a resignation, in one browser playing both seats.
    game = server.post("/api/games", body)
    page = page_in(browser, console, lang)
    page.goto(server.url + game["links"]["hotseat"])
    expect(page.get_by_test_id("connection")).to_have_attribute("data-status", "live")
    expect(page.get_by_test_id("table")).to_be_visible()
    no_english(page, "table")
    server.post(f"/api/games/{game['id']}/seat", {"key": game["keys"][0]["key"], "type": "offer"})
    expect(page.get_by_test_id("social-status")).to_contain_text(words["social.offer"][-8:])
    expect(page.get_by_test_id("accept-end")).to_be_visible()
    no_english(page, "offer")
    page.get_by_test_id("decline-end").click()
    expect(page.get_by_test_id("social-status")).to_be_hidden()
    page.get_by_test_id("resign").click()
    expect(page.get_by_test_id("resign-confirm")).to_be_visible()
    no_english(page, "resigning")
    page.get_by_test_id("resign-confirm").click()
    expect(page.get_by_test_id("result")).to_be_visible()
    expect(page.get_by_test_id("badge-resigned")).to_have_text(words["social.badge_resigned"])
    no_english(page, "resigned")
    page.context.close()

    # A listed game with a turn timer, which adjourns it when nobody plays.
    clock = {"seconds": 8, "then": "adjourn", "level": "greedy"}
    game = server.post("/api/games", {**body, "clock": clock, "public": True})
    page = page_in(browser, console, lang)
    page.goto(server.url + game["links"]["hotseat"])
    expect(page.get_by_test_id("connection")).to_have_attribute("data-status", "live")
    expect(page.get_by_test_id("turn-clock")).to_be_visible()
    no_english(page, "turn timer")
    expect(page.get_by_test_id("resume")).to_be_visible(timeout=30_000)
    expect(page.get_by_test_id("turn")).to_have_text(words["social.adjourned"])
    no_english(page, "adjourned")
    page.goto(server.url + "/")
    listed = page.locator(f"[data-testid=recent-game][data-id='{game['id']}']")
    expect(listed.locator(".recent-status")).to_have_text(words["lobby.adjourned"])
    page.get_by_test_id("clock-seconds").select_option("15")
    expect(page.get_by_test_id("clock-then")).to_be_visible()
    no_english(page, "lobby")
    menus = "#clock-seconds option, #clock-then option, #clock-level option"
    for text in page.locator(menus).all_inner_texts():
        assert not re.search(r"[A-Za-z]{2,}", text), (lang, text)
    page.context.close()
    console.check()


def test_the_win_chance_bar_follows_the_game(
    server: wb.Server, browser: Browser, console: wb.Console, shots: Path
) -> None:
    game = server.post(
        "/api/games",
        {"position": NEAR_END, "seats": ["human", "human"], "names": ["Asha", "Ravi"]},
    )
    gid = game["id"]
    keys = {k["seat"]: k["key"] for k in game["keys"]}
    watcher = page_in(browser, console)
    watcher.goto(server.url + game["links"]["spectator"])
    bar = watcher.get_by_test_id("chance-bar")
    seen: list[tuple[str, ...]] = []
    for _ in range(200):
        state = server.state(gid)
        if state["status"] == "finished":
            break
        expect(bar).to_have_attribute("data-version", str(state["version"]), timeout=30000)
        segments = watcher.get_by_test_id("chance-segment")
        values = tuple(s.get_attribute("data-chance") or "" for s in segments.all())
        assert abs(sum(map(float, values)) - 1) < 1e-3  # four decimals each
        expect(watcher.get_by_test_id("chance-how")).to_contain_text("network")
        seen.append(values)
        if len(seen) == 1:
            watcher.screenshot(path=str(shots / "spectator-en-desktop.png"), full_page=True)
        # The players play the whole throw (the best step each time) over the API.
        key = keys[state["to_move"]]
        while not state["complete"]:
            step = wb.pick(state["legal"])
            body = {"key": key, "version": state["version"], "type": "step", "index": step["index"]}
            state = server.post(f"/api/games/{gid}/actions", body)["state"]
        server.post(
            f"/api/games/{gid}/actions",
            {"key": key, "version": state["version"], "type": "commit"},
        )
    assert len(set(seen)) > 1, seen  # the chances moved during the game
    state = server.state(gid)
    expect(bar).to_have_attribute("data-version", str(state["version"]), timeout=30000)
    winner = str(state["winner"][0])
    expect(
        watcher.locator(f"[data-testid=chance-segment][data-seat='{winner}']")
    ).to_have_attribute("data-chance", "1.0000")
    expect(watcher.get_by_test_id("chance-how")).to_contain_text("exact")
    console.check()
