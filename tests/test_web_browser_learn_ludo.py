"""The first games of Ludo and of Mensch ärgere Dich nicht in a real browser.

As tests/test_web_browser_learn.py does for Parcheesi's: from the ruleset's
rules page a learner opens its first game (/learn/ludo, /learn/maedn), plays
every lesson by tapping pawns, the die and squares, is told the rule of
RULES-LUDO.md (and its number) when a move is refused and when a throw gives
another, at a desktop and a phone size (390×844); the pages pass axe; the
Hindi and Kannada pages hold no English; the lobby's banner offers both.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import test_web_browser as wb
from axe_helpers import check_axe
from pachisi.web.learn_words import LEARN_WORDS
from pachisi.web.one_die import one_die_square
from pachisi.web.one_die_tutorial import FIRST_GAMES, FirstLesson
from test_web_browser import browser, console
from test_web_browser_learn import DESKTOP, PHONE, SIZES, page_in, shots

__all__ = ["browser", "console", "shots"]  # the fixtures, used by name

Browser = wb.Browser
Page = wb.Page
expect = wb.expect
EN = LEARN_WORDS["en"]

#: A refused move to try in some lessons, after some of its steps: (steps first, red's
#: progress, the reason, its rule).
MISTAKES: dict[str, dict[str, tuple[str, int, str, str]]] = {
    "ludo": {
        "enter": ("R0-1", 0, "one.six", "L.3.2"),
        "block": ("", 15, "one.block", "L.4.2"),
        "finish": ("", 55, "one.exact_home", "L.3.3"),
    },
    "maedn": {
        "capture": ("", 12, "one.own_pawn", "M.3"),
        "six": ("", 20, "one.must_enter", "M.5.2"),
        "goal": ("", 43, "one.exact_goal", "M.4"),
    },
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[wb.Server]:
    srv = wb.Server(tmp_path_factory.mktemp("web-learn-ludo") / "games.sqlite")
    srv.start()
    yield srv
    srv.stop()


def _key(ruleset: str, p: int) -> str:
    """The board's key of red's pawn(s) at progress p."""
    if p == 0:
        return "red@out"
    square = one_die_square(ruleset, 0, p)
    return "red@home" if square is None else f"red@{square}"


def _step(page: Page, ruleset: str, lesson: FirstLesson, k: int, by_board: bool) -> None:
    """Play the k-th step of the lesson's solution by tapping (the pawn, then the die or
    the lit square)."""
    token = lesson.solution.split()[k].rstrip("x")
    frm, to = (int(x) for x in token[1:].split("-"))
    if by_board:
        page.locator(f"[data-testid=pawn][data-key='{_key(ruleset, frm)}']").first.click()
        square = one_die_square(ruleset, 0, to)
        target = "home" if square is None else str(square)
        page.locator(f"[data-testid=target][data-square='{target}']").click()
    else:
        page.locator(f"[data-testid=pawn-choice][data-key='{_key(ruleset, frm)}']").click()
        page.locator(f"[data-testid=die][data-value='{lesson.throws[k]}']").click()
    expect(page.locator("body")).to_have_attribute("data-steps", str(k + 1))


def _refused(page: Page, ruleset: str, p: int, value: int, reason: str, rule: str) -> None:
    page.locator(f"[data-testid=pawn-choice][data-key='{_key(ruleset, p)}']").click()
    page.locator(f"[data-testid=die][data-value='{value}']").click()
    message = page.get_by_test_id("message")
    expect(message).to_have_attribute("data-kind", "refused")
    expect(message).to_have_attribute("data-reason", f"learn.why.{reason}")
    expect(message).to_have_attribute("data-section", rule)
    expect(message).to_contain_text(EN[f"learn.why.{reason}"])
    expect(message).to_contain_text(rule)


@pytest.mark.parametrize("size_name", ["desktop", "phone"])
@pytest.mark.parametrize("ruleset", ["ludo", "maedn"])
def test_a_first_game_of_ludo_or_maedn(
    ruleset: str,
    size_name: str,
    server: wb.Server,
    browser: Browser,
    console: wb.Console,
    shots: Path,
) -> None:
    size = SIZES[size_name]
    page = page_in(browser, console, "en", size)
    # The rules page offers the ruleset's own first game.
    page.goto(f"{server.url}/rules/{ruleset}")
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=30_000)
    page.get_by_test_id("tutorial-link").click()
    expect(page).to_have_url(re.compile(f"/learn/{ruleset}$"))
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=30_000)
    expect(page.locator("body")).to_have_attribute("data-ruleset", ruleset)
    expect(page.get_by_test_id("tutorial-title")).to_have_text(EN[f"learn.title.{ruleset}"])
    expect(page.locator("svg.board.one-die")).to_be_visible()
    if size == PHONE:  # the board, the task and the die fit a phone's screen, unscrolled
        box = page.get_by_test_id("die").first.bounding_box()
        assert box is not None and box["y"] + box["height"] <= PHONE["height"], box
        width = page.evaluate("() => document.scrollingElement.scrollWidth")
        assert width <= PHONE["width"], width
    check_axe(page)
    lessons = FIRST_GAMES[ruleset]
    for n, lesson in enumerate(lessons):
        expect(page.get_by_test_id("lesson-title")).to_have_attribute("data-lesson", lesson.name)
        expect(page.get_by_test_id("lesson-task")).to_have_text(
            EN[f"learn.lesson.{ruleset}.{lesson.name}.task"]
        )
        expect(page.locator("body")).to_have_attribute("data-steps", "0")
        if size == PHONE:  # the choices fit a finger
            for button in page.locator("[data-testid=die], [data-testid=pawn-choice]").all():
                box = button.bounding_box()
                assert box is not None and box["height"] >= 44
        if lesson.name in MISTAKES[ruleset]:
            before, p, reason, rule = MISTAKES[ruleset][lesson.name]
            for k in range(len(before.split())):
                _step(page, ruleset, lesson, k, by_board=False)
            _refused(page, ruleset, p, lesson.throws[len(before.split())], reason, rule)
            if before:
                page.get_by_test_id("undo").click()
                expect(page.locator("body")).to_have_attribute("data-steps", "0")
        if (ruleset, lesson.name) == ("ludo", "six"):  # a legal play that misses: try again
            page.locator(f"[data-testid=pawn-choice][data-key='{_key(ruleset, 20)}']").click()
            page.locator("[data-testid=die][data-value='6']").click()
            expect(page.locator("body")).to_have_attribute("data-steps", "1")
            page.locator(f"[data-testid=pawn-choice][data-key='{_key(ruleset, 26)}']").click()
            page.locator("[data-testid=die][data-value='5']").click()
            expect(page.get_by_test_id("message")).to_have_attribute("data-kind", "again")
            expect(page.locator("body")).to_have_attribute("data-goal", "false")
            page.get_by_test_id("restart").click()
            expect(page.locator("body")).to_have_attribute("data-steps", "0")
        steps = lesson.solution.split()
        for k in range(len(steps)):
            by_board = size == DESKTOP and k == len(steps) - 1
            _step(page, ruleset, lesson, k, by_board)
            if k + 1 < len(steps):  # the engine gave red another throw: the page says so
                message = page.get_by_test_id("message")
                expect(message).to_have_attribute("data-kind", "info")
                expect(message).to_contain_text(
                    EN["learn.another_throw"].replace("{n}", str(lesson.throws[k + 1]))
                )
        expect(page.locator("body")).to_have_attribute("data-complete", "true")
        expect(page.locator("body")).to_have_attribute("data-goal", "true")
        message = page.get_by_test_id("message")
        expect(message).to_have_attribute("data-kind", "done")
        expect(message).to_contain_text(EN[f"learn.lesson.{ruleset}.{lesson.name}.done"])
        page.screenshot(
            path=str(shots / f"tutorial-{ruleset}-{n + 1}-{lesson.name}-{size_name}.png")
        )
        if n + 1 < len(lessons):
            page.get_by_test_id("next").click()
    expect(page.get_by_test_id("play-real")).to_be_visible()
    expect(page.get_by_test_id("message")).to_contain_text(EN["learn.all_done"])
    assert page.evaluate(f"localStorage.getItem('pachisi.learn.{ruleset}')") == "done"
    check_axe(page)
    page.context.close()
    console.check()


@pytest.mark.parametrize("lang", ["hi", "kn"])
@pytest.mark.parametrize("ruleset", ["ludo", "maedn"])
def test_the_first_game_in_hindi_and_kannada(
    ruleset: str, lang: str, server: wb.Server, browser: Browser, console: wb.Console, shots: Path
) -> None:
    import test_web_browser_words as ww

    words = LEARN_WORDS[lang]
    page = page_in(browser, console, lang, PHONE)
    page.goto(f"{server.url}/learn/{ruleset}")
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=30_000)
    expect(page.get_by_test_id("tutorial-title")).to_have_text(words[f"learn.title.{ruleset}"])
    expect(page.get_by_test_id("lesson-task")).to_have_text(
        words[f"learn.lesson.{ruleset}.enter.task"]
    )
    page.locator("[data-testid=pawn-choice][data-key='red@out']").click()
    page.locator("[data-testid=die][data-value='6']").click()
    expect(page.locator("body")).to_have_attribute("data-steps", "1")
    expect(page.get_by_test_id("message")).to_contain_text(
        words["learn.another_throw"].replace("{n}", str(FIRST_GAMES[ruleset][0].throws[1]))
    )
    page.locator("[data-testid=pawn-choice][data-key='red@out']").click()
    page.locator("[data-testid=die]").click()
    expect(page.get_by_test_id("message")).to_contain_text(words["learn.why.one.six"])
    english = sorted(
        {w for w in re.findall(r"[A-Za-z]{2,}", ww.visible_text(page)) if w not in ww.NAMES}
    )
    assert not english, (lang, english)
    page.screenshot(path=str(shots / f"tutorial-{ruleset}-{lang}-phone.png"), full_page=True)
    check_axe(page)
    page.context.close()
    console.check()


def test_the_lobby_banner_offers_the_first_games_of_ludo_and_maedn(
    server: wb.Server, browser: Browser, console: wb.Console
) -> None:
    page = page_in(browser, console, "en", PHONE)
    page.goto(server.url + "/")
    expect(page.get_by_test_id("learn-banner")).to_have_attribute("data-first", "true")
    for ruleset in ("ludo", "maedn"):
        link = page.get_by_test_id(f"learn-link-{ruleset}")
        expect(link).to_have_attribute("href", f"/learn/{ruleset}")
        expect(link).to_have_text(EN[f"learn.banner_{ruleset}"])
    width = page.evaluate("() => document.scrollingElement.scrollWidth")
    assert width <= PHONE["width"], width
    page.get_by_test_id("learn-link-maedn").click()
    expect(page).to_have_url(re.compile("/learn/maedn$"))
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=30_000)
    page.goto(server.url + "/")
    page.get_by_test_id("learn-dismiss").click()  # once dismissed, the links stay
    expect(page.get_by_test_id("learn-link-ludo")).to_be_visible()
    page.context.close()
    console.check()
