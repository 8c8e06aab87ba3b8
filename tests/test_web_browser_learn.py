"""Learning to play in a real browser: the rules pages and the first game (/learn).

Playwright drives Debian's Chromium (as in ``test_web_browser.py``), at a
desktop (1280×800) and a phone (390×844) size:

* a first visitor meets the lobby's banner, plays the six lessons of the first
  game by tapping pawns, dice and squares, is told the rule (and its section
  of RULES.md) when a move is refused, and is not offered the banner again;
* every rules page shows each rule of its list below (the list of each
  ruleset lives here, written from RULES.md: a rule id and the section it must
  name), in the teaching order, each with its words in the page's language
  (English, Hindi, Kannada) and a board; the key terms of each language are
  there and the Hindi and Kannada pages hold no English;
* axe-core finds no serious or critical violation on the rules pages and the
  tutorial (tests/axe_helpers.py).

Screenshots go to ``$PACHISI_SCREENSHOTS`` if set, else to the gitignored
``build/screenshots/learn``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import test_web_browser as wb
import test_web_browser_words as ww
from axe_helpers import check_axe
from pachisi.board import ROUTES
from pachisi.web.learn import LESSONS
from pachisi.web.learn_words import LEARN_WORDS
from test_web_browser import browser, console

__all__ = ["browser", "console"]  # the fixtures, used by name

Browser = wb.Browser
Page = wb.Page
expect = wb.expect

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SIZES = {"desktop": DESKTOP, "phone": PHONE}

#: The rules each page must teach: rule id -> a section of RULES.md it must name.
_FAMILY = {
    "board.cross": "2.1",
    "board.safety": "2.3",
    "enter.five": "5.3",
    "enter.compulsory": "5.6",
    "enter.capture": "5.3",
    "move.home_path": "5.4",
    "capture.land": "5.4",
    "capture.safety": "5.4",
    "blockade.block": "5.4",
    "doublet.extra": "5.8",
    "doublet.bottoms": "5.2",
    "bonus.capture": "5.7",
    "finish.exact": "5.4",
}
REQUIRED: dict[str, dict[str, str]] = {
    "parcheesi": {
        **_FAMILY,
        "turns.highest": "3.7",
        "move.hops": "5.4",
        "move.larger": "5.6",
        "blockade.still": "5.5",
        "doublet.all_or_nothing": "5.6",
        "doublet.third": "5.8",
        "bonus.home": "5.7",
        "finish.doublet_whole": "5.5",
        "finish.win": "5.10",
    },
    "whitman": {
        **_FAMILY,
        "turns.lowest": "3.7",
        "move.jump": "6",
        "move.choose": "6",
        "blockade.walk": "6",
        "doublet.forfeit": "6",
        "doublet.third": "5.8",
        "bonus.home_none": "6",
        "finish.doublet_part": "6",
        "finish.win_alone": "3.5",
    },
    "eight-man": {
        **_FAMILY,
        "turns.eight": "3.7",
        "eight.colours": "7",
        "move.hops": "5.4",
        "move.larger": "5.6",
        "blockade.still": "5.5",
        "doublet.all_or_nothing": "5.6",
        "eight.options": "7",
        "eight.third": "7",
        "bonus.home": "5.7",
        "finish.doublet_whole": "5.5",
        "eight.win": "7",
    },
    "pagade": {
        "pagade.board": "2.1",
        "pagade.start": "3.7",
        "pagade.turns": "3.1",
        "pagade.sticks": "4.2",
        "pagade.reenter": "4.6",
        "pagade.move": "4.3",
        "pagade.use": "4.7",
        "pagade.cut": "4.4",
        "pagade.x": "2.3",
        "pagade.pair": "4.4",
        "pagade.belly": "4.5",
        "pagade.home": "4.5",
        "pagade.win": "3.5",
    },
}
#: The sections of RULES.md each page must teach, together (the players' rules, the board,
#: finishing, and every rule of the ruleset's own section).
_SECTIONS = {"2.1", "2.3", "2.4", "3.1", "3.5", "3.7"}
_PARCHEESI = {"5.1", "5.2", "5.3", "5.4", "5.5", "5.6", "5.7", "5.8", "5.10"}
SECTIONS: dict[str, set[str]] = {
    "parcheesi": _SECTIONS | _PARCHEESI | {"5.9"},
    "whitman": _SECTIONS | _PARCHEESI | {"6"},
    "eight-man": _SECTIONS | _PARCHEESI - {"5.10"} | {"7"},
    "pagade": _SECTIONS | {"3.4", "4.1", "4.2", "4.3", "4.4", "4.5", "4.6", "4.7", "4.8"},
}
#: The order of the topics on every page (RULES.md's sections a ruleset lacks left out).
ORDER = ["board", "entering", "moving", "captures", "blockades", "doublets", "bonuses", "finishing"]
#: Terms each page must use, per language (the site's words for them).
_TERMS = {
    "en": [
        "nest",
        "entry space",
        "safety space",
        "blockade",
        "doublet",
        "capture",
        "bonus",
        "HOME",
    ],
    "hi": ["घोंसल", "प्रवेश का खाना", "सुरक्षित खाना", "नाकाबंदी", "डबलट", "पकड़", "बोनस", "होम"],
    "kn": ["ಗೂಡ", "ಪ್ರವೇಶದ ಚೌಕ", "ಸುರಕ್ಷಿತ ಚೌಕ", "ತಡೆಗೋಡೆ", "ಜೋಡಿ ದಾಳ", "ಹಿಡಿ", "ಬೋನಸ್", "ಮನೆ"],
}
TERMS: dict[str, dict[str, list[str]]] = {
    "parcheesi": {**_TERMS},
    "whitman": {**_TERMS},
    "eight-man": {
        "en": [*_TERMS["en"], "major", "minor"],
        "hi": [*_TERMS["hi"], "मुख्य", "गौण"],
        "kn": [*_TERMS["kn"], "ಮುಖ್ಯ", "ಉಪ"],
    },
    "pagade": {
        "en": ["belly", "Home", "cut", "pair", "X", "stick dice"],
        "hi": ["बेली / पेट", "होम / घर", "कट", "जोड़ी", "X", "लंबे डाइस"],
        "kn": ["ಹೊಟ್ಟೆ", "ಮನೆ", "ಕತ್ತರಿಸ", "ಜೋಡಿ", "X", "ಉದ್ದ ದಾಳ"],
    },
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[wb.Server]:
    srv = wb.Server(tmp_path_factory.mktemp("web-learn") / "games.sqlite")
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def shots() -> Path:
    wanted = os.environ.get("PACHISI_SCREENSHOTS")
    folder = Path(wanted) if wanted else wb.ROOT / "build" / "screenshots" / "learn"
    folder.mkdir(parents=True, exist_ok=True)
    print(f"screenshots in {folder}")
    return folder


def page_in(browser: Browser, console: wb.Console, lang: str, size: dict[str, int]) -> Page:
    page = ww.page_in(browser, console, lang, size)
    page.context.set_default_timeout(20000)
    return page


# ---------------------------------------------------------------------------
# The rules pages


@pytest.mark.parametrize("lang", ["en", "hi", "kn"])
@pytest.mark.parametrize("ruleset", sorted(REQUIRED))
def test_each_rules_page_teaches_every_rule_of_its_list(
    ruleset: str, lang: str, server: wb.Server, browser: Browser, console: wb.Console, shots: Path
) -> None:
    words = LEARN_WORDS[lang]
    page = page_in(browser, console, lang, DESKTOP)
    page.goto(f"{server.url}/rules/{ruleset}")
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=30_000)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    shown = page.eval_on_selector_all(
        "[data-testid=learn-rule]",
        """nodes => nodes.map(n => ({
            id: n.dataset.rule, sections: n.dataset.section.split(' '),
            topic: n.closest('[data-topic]').dataset.topic,
            title: n.querySelector('h3').firstChild.textContent.trim(),
            text: n.querySelector('[data-testid=rule-text]').textContent.trim(),
            pawns: n.querySelectorAll('[data-testid=pawn]').length,
            boards: n.querySelectorAll('svg[data-testid=board]').length}))""",
    )
    by_id = {rule["id"]: rule for rule in shown}
    for rule_id, section in REQUIRED[ruleset].items():
        assert rule_id in by_id, (ruleset, lang, rule_id)
        rule = by_id[rule_id]
        assert section in rule["sections"], (ruleset, rule_id, rule["sections"])
        assert rule["title"] == words[f"learn.rule.{rule_id}.title"]
        assert rule["text"] == words[f"learn.rule.{rule_id}.text"] and len(rule["text"]) > 40
        assert rule["boards"] == 1 and rule["pawns"] > 0, rule_id
    taught = {section for rule in shown for section in rule["sections"]}
    assert SECTIONS[ruleset] <= taught, SECTIONS[ruleset] - taught
    topics = list(dict.fromkeys(rule["topic"] for rule in shown))
    assert topics == [t for t in ORDER if t in topics]
    wanted_topics = {"pagade": 7}.get(ruleset, 8)  # Pagade has no bonuses (§4.4)
    assert len(topics) == wanted_topics
    text = page.locator("main").inner_text()
    for term in TERMS[ruleset][lang]:
        assert term in text, (ruleset, lang, term)
    if lang != "en":
        english = sorted(
            {w for w in re.findall(r"[A-Za-z]{2,}", ww.visible_text(page)) if w not in ww.NAMES}
        )
        assert not english, (ruleset, lang, english)
    page.screenshot(path=str(shots / f"rules-{ruleset}-{lang}-desktop.png"), full_page=True)
    if lang == "en":
        check_axe(page)
    page.context.close()
    console.check()


@pytest.mark.parametrize("lang", ["en", "hi", "kn"])
def test_a_rules_page_on_a_phone(
    lang: str, server: wb.Server, browser: Browser, console: wb.Console, shots: Path
) -> None:
    page = page_in(browser, console, lang, PHONE)
    page.goto(f"{server.url}/rules/parcheesi")
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=30_000)
    width = page.evaluate("() => document.scrollingElement.scrollWidth")
    assert width <= PHONE["width"], width  # nothing sticks out sideways
    board = page.locator("[data-testid=learn-rule] svg").first.bounding_box()
    assert board is not None and board["width"] >= 200
    page.screenshot(path=str(shots / f"rules-parcheesi-{lang}-phone.png"), full_page=True)
    check_axe(page)
    page.context.close()
    console.check()


def test_the_axe_check_can_fail(server: wb.Server, browser: Browser, console: wb.Console) -> None:
    """check_axe is a real check: an image without a text alternative is caught."""
    page = page_in(browser, console, "en", DESKTOP)
    page.goto(f"{server.url}/rules/parcheesi")
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=30_000)
    page.evaluate(
        "() => { const i = document.createElement('img'); i.src = '/static/favicon.svg';"
        " document.querySelector('main').append(i); }"
    )
    with pytest.raises(AssertionError, match="image-alt"):
        check_axe(page)
    page.context.close()


# ---------------------------------------------------------------------------
# The first game


def _key(p: int) -> str:
    """The board's key of the red pawn(s) at progress p (RULES.md §2.5)."""
    return "red@out" if p == 0 else f"red@{ROUTES['parcheesi'][0][p]}"


def _step(page: Page, token: str, count: int, by_board: bool = False) -> None:
    """Play one step of the move notation (R10-14x, +20:R30-50) by tapping."""
    bonus = token.startswith("+")
    move = token.split(":")[-1].rstrip("x")
    frm, to = (int(x) for x in move[1:].split("-"))
    if by_board:
        page.locator(f"[data-testid=pawn][data-key='{_key(frm)}']").first.click()
        square = "home" if to == 72 else str(ROUTES["parcheesi"][0][to])
        page.locator(f"[data-testid=target][data-square='{square}']").click()
    else:
        page.locator(f"[data-testid=pawn-choice][data-key='{_key(frm)}']").click()
        value = int(token[1:].split(":")[0]) if bonus else (5 if frm == 0 else to - frm)
        page.locator(f"[data-testid={'bonus' if bonus else 'die'}][data-value='{value}']").click()
    expect(page.locator("body")).to_have_attribute("data-steps", str(count))


def _refused(
    page: Page, key: str, value: int, reason: str, section: str, bonus: bool = False
) -> None:
    """Try a move no legal step makes: the page names the rule and its section."""
    page.locator(f"[data-testid=pawn-choice][data-key='{key}']").click()
    page.locator(f"[data-testid={'bonus' if bonus else 'die'}][data-value='{value}']").click()
    message = page.get_by_test_id("message")
    expect(message).to_have_attribute("data-kind", "refused")
    expect(message).to_have_attribute("data-reason", f"learn.why.{reason}")
    expect(message).to_have_attribute("data-section", section)
    expect(message).to_contain_text(LEARN_WORDS["en"][f"learn.why.{reason}"])


#: A refused move to try in each lesson, after some of its steps: (steps first, pawn, number,
#: whether it is a bonus, the reason, its section).
MISTAKES = {
    "enter": ("", "red@out", 2, False, "enter_five", "5.3"),
    "capture": ("R10-14x R30-32", "red@out", 20, True, "bonus_nest", "5.7"),
    "blockade": ("", "red@out", 3, False, "enter_five", "5.3"),
    "finish": ("", _key(66), 3, False, "larger_die", "5.6"),
}


@pytest.mark.parametrize("size_name", ["desktop", "phone"])
def test_a_first_game_through_the_tutorial(
    size_name: str, server: wb.Server, browser: Browser, console: wb.Console, shots: Path
) -> None:
    size = SIZES[size_name]
    page = page_in(browser, console, "en", size)
    # A first visit to the lobby offers the first game.
    page.goto(server.url + "/")
    banner = page.get_by_test_id("learn-banner")
    expect(banner).to_have_attribute("data-first", "true")
    page.screenshot(path=str(shots / f"lobby-banner-{size_name}.png"))
    page.get_by_test_id("learn-link").click()
    expect(page).to_have_url(re.compile(r"/learn$"))
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=30_000)
    if size == PHONE:  # the board, the task and the dice fit a phone's screen, unscrolled
        box = page.get_by_test_id("die").first.bounding_box()
        assert box is not None and box["y"] + box["height"] <= PHONE["height"], box
    check_axe(page)
    for n, lesson in enumerate(LESSONS):
        expect(page.get_by_test_id("lesson-title")).to_have_attribute("data-lesson", lesson.name)
        expect(page.locator("body")).to_have_attribute("data-steps", "0")
        if size == PHONE:  # the choices fit a phone's screen and a finger
            for button in page.locator("[data-testid=die], [data-testid=pawn-choice]").all():
                box = button.bounding_box()
                assert box is not None and box["height"] >= 44
        tokens = lesson.solution.split()
        if lesson.name in MISTAKES:
            before, key, value, bonus, reason, section = MISTAKES[lesson.name]
            for k, token in enumerate(before.split()):
                _step(page, token, k + 1)
            _refused(page, key, value, reason, section, bonus)
            for k in reversed(range(len(before.split()))):  # one undo at a time
                page.get_by_test_id("undo").click()
                expect(page.locator("body")).to_have_attribute("data-steps", str(k))
        if lesson.name == "safety":  # the other side's pawns are not the learner's
            page.locator("[data-testid=pawn][data-colour=yellow][data-where=track]").click()
            expect(page.get_by_test_id("message")).to_have_attribute("data-kind", "refused")
        if lesson.name == "blockade":  # a legal throw that misses the lesson: try again
            for k, token in enumerate(["R10-13", "R13-17"]):
                _step(page, token, k + 1)
            expect(page.get_by_test_id("message")).to_have_attribute("data-kind", "again")
            expect(page.locator("body")).to_have_attribute("data-goal", "false")
            page.get_by_test_id("restart").click()
            expect(page.locator("body")).to_have_attribute("data-steps", "0")
        for k, token in enumerate(tokens):
            # On a desktop the capture is made on the board: the pawn, then its square.
            by_board = size == DESKTOP and lesson.name == "capture" and k == 0
            _step(page, token, k + 1, by_board=by_board)
        expect(page.locator("body")).to_have_attribute("data-complete", "true")
        expect(page.locator("body")).to_have_attribute("data-goal", "true")
        message = page.get_by_test_id("message")
        expect(message).to_have_attribute("data-kind", "done")
        expect(message).to_contain_text(LEARN_WORDS["en"][f"learn.lesson.{lesson.name}.done"])
        page.screenshot(path=str(shots / f"tutorial-{n + 1}-{lesson.name}-{size_name}.png"))
        if n + 1 < len(LESSONS):
            page.get_by_test_id("next").click()
    expect(page.get_by_test_id("play-real")).to_be_visible()
    expect(page.get_by_test_id("message")).to_contain_text(LEARN_WORDS["en"]["learn.all_done"])
    check_axe(page)
    # Back in the lobby, the banner is not offered again: a link stays.
    page.get_by_test_id("play-real").click()
    expect(page.get_by_test_id("learn-banner")).to_have_attribute("data-first", "false")
    expect(page.get_by_test_id("learn-link")).to_be_visible()
    page.context.close()
    console.check()


def test_the_banner_once_dismissed_stays_small(
    server: wb.Server, browser: Browser, console: wb.Console
) -> None:
    page = page_in(browser, console, "en", DESKTOP)
    page.goto(server.url + "/")
    expect(page.get_by_test_id("learn-banner")).to_have_attribute("data-first", "true")
    page.get_by_test_id("learn-dismiss").click()
    expect(page.get_by_test_id("learn-banner")).to_have_attribute("data-first", "false")
    page.reload()
    expect(page.get_by_test_id("learn-banner")).to_have_attribute("data-first", "false")
    expect(page.get_by_test_id("learn-dismiss")).to_have_count(0)
    expect(page.get_by_test_id("learn-link")).to_have_attribute("href", "/learn")
    page.context.close()
    console.check()


@pytest.mark.parametrize("lang", ["hi", "kn"])
def test_the_tutorial_in_hindi_and_kannada(
    lang: str, server: wb.Server, browser: Browser, console: wb.Console, shots: Path
) -> None:
    words = LEARN_WORDS[lang]
    page = page_in(browser, console, lang, PHONE)
    page.goto(server.url + "/learn")
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=30_000)
    expect(page.get_by_test_id("lesson-task")).to_have_text(words["learn.lesson.enter.task"])
    _refused_words = words["learn.why.enter_five"]
    page.locator("[data-testid=pawn-choice][data-key='red@out']").click()
    page.locator("[data-testid=die][data-value='2']").click()
    expect(page.get_by_test_id("message")).to_contain_text(_refused_words)
    english = sorted(
        {w for w in re.findall(r"[A-Za-z]{2,}", ww.visible_text(page)) if w not in ww.NAMES}
    )
    assert not english, (lang, english)
    page.screenshot(path=str(shots / f"tutorial-{lang}-phone.png"), full_page=True)
    check_axe(page)
    page.context.close()
    console.check()


def test_a_browser_that_holds_a_game_is_not_offered_the_banner(
    server: wb.Server, browser: Browser, console: wb.Console
) -> None:
    page = page_in(browser, console, "en", DESKTOP)
    page.context.add_init_script("localStorage.setItem('pachisi.keys.abc', '0.secret')")
    page.goto(server.url + "/")
    expect(page.get_by_test_id("learn-banner")).to_have_attribute("data-first", "false")
    expect(page.get_by_test_id("learn-link")).to_be_visible()
    page.context.close()
    console.check()
