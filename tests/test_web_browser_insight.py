"""Hints and reviews in a real browser (see tests/test_web_browser.py; issue 33, part 5).

The hint's best play is drawn on the board and its "play this" button plays
it; the review opens with the unit, a graph of each player's win chance over
the game (inline SVG, one line per player) and the turning points, before the
full table.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from axe_helpers import check_axe
from test_web_browser import (
    Browser,
    Console,
    Server,
    browser,
    console,
    expect,
    new_page,
    wait_until,
)

__all__ = ["browser", "console"]  # the fixtures, used by name

#: Parcheesi, red and yellow both close to the end (red to throw).
NEAR_END = "parcheesi r,y - r:60.62.66.70,y:58.61.66.72 0 0 - - -"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("web-insight") / "games.sqlite")
    srv.start()
    yield srv
    srv.stop()


def test_play_this_plays_the_hinted_play(server: Server, browser: Browser, console: Console):
    """The best play of the hint is drawn on the board, and "play this" plays exactly it."""
    from pachisi.position import Position

    game = server.post(
        "/api/games",
        {"position": Position.from_text(NEAR_END).to_dict(), "seats": ["human", "human"]},
    )
    gid = game["id"]
    before = server.state(gid)
    key = next(k["key"] for k in game["keys"] if k["seat"] == before["to_move"])
    want = server.post(f"/api/games/{gid}/hint", {"key": key})
    best = want["plays"][0]
    assert best["path"], best  # where its steps go, for the board
    page = new_page(browser, console)
    page.add_init_script("localStorage.setItem('pachisi.autoplay', 'off')")
    page.goto(server.url + game["links"]["hotseat"])
    expect(page.get_by_test_id("controls")).to_be_visible()
    page.get_by_test_id("hint-button").click()
    button = page.get_by_test_id("play-this")
    expect(button).to_have_count(1)  # on the best play only
    expect(button).to_have_attribute("data-play", best["play"])
    # The board shows where the best play goes: a frame on each step's end.
    ends = page.locator("[data-testid=hint-square][data-end=to]")
    expect(ends).to_have_count(len(best["path"]))
    for i, step in enumerate(best["path"]):
        square = "home" if step["to_square"] is None else str(step["to_square"])
        expect(ends.nth(i)).to_have_attribute("data-square", square)
    # A step made by hand first is taken back: the hint is written from the throw's start.
    legal = [s for s in before["legal"] if s["notation"] != best["play"].split(" ")[0]]
    if legal:
        page.get_by_test_id("step").filter(has_text=legal[0]["description"]).first.click()
        wait_until("the step", lambda: len(server.state(gid)["steps"]) == 1)
        expect(page.locator("[data-testid=hint-square]")).to_have_count(0)
    page.get_by_test_id("play-this").click()

    # (after a doublet the same player throws again, and a throw with no legal play is
    # recorded at once as "-": the hinted play is the first move after those before)
    def played() -> dict[str, Any] | None:
        s = server.state(gid)
        return s if len(s["moves"]) > len(before["moves"]) else None

    after = wait_until("the hinted play", played)
    move = after["moves"][len(before["moves"])]
    assert move["seat"] == before["to_move"] and move["throw"] == before["throw"]
    assert move["play"] == best["play"]
    console.check()


def finished_by_computers(server: Server) -> dict[str, Any]:
    """A two-player game from NEAR_END played to its end by two greedy computers."""
    game = server.post(
        "/api/games",
        {"position": NEAR_END, "seats": ["greedy", "greedy"], "names": ["Asha", "Ravi"]},
    )
    wait_until(
        "the computers to finish",
        lambda: server.state(game["id"])["status"] == "finished",
        timeout=60,
    )
    return game


def test_the_review_opens_with_the_graph_and_the_turning_points(
    server: Server, browser: Browser, console: Console
):
    game = finished_by_computers(server)
    moves = len(server.state(game["id"])["moves"])
    page = new_page(browser, console)
    page.goto(server.url + f"/review/{game['id']}")
    expect(page.locator("body")).to_have_attribute("data-review", "done", timeout=60000)
    unit = page.get_by_test_id("review-unit")
    expect(unit).to_contain_text("points of win chance")
    # One line per player, one point per throw and the start, inside 0-100%.
    picture = page.get_by_test_id("graph-svg")
    expect(picture).to_be_visible()
    series = picture.locator("[data-testid=graph-series]")
    expect(series).to_have_count(2)
    assert sorted(series.nth(i).get_attribute("data-seat") or "" for i in range(2)) == ["0", "1"]
    for i in range(2):
        points = (series.nth(i).get_attribute("points") or "").split()
        assert len(points) == moves + 1, (points, moves)
    review = server.get(f"/api/games/{game['id']}/review")
    start = review["start_chances"]["chances"]
    ends = [m["after"]["chances"] for m in review["moves"]][-1]
    # The last point of the winner's line is at the top (100%), the loser's at the bottom.
    winner = server.state(game["id"])["winner"][0]
    for i in range(2):
        seat = int(series.nth(i).get_attribute("data-seat") or "0")
        last_y = float((series.nth(i).get_attribute("points") or "").split()[-1].split(",")[1])
        first_y = float((series.nth(i).get_attribute("points") or "").split()[0].split(",")[1])
        assert (last_y < first_y) == (ends[seat] > start[seat]), (seat, ends, start)
        assert ends[seat] == (1.0 if seat == winner else 0.0)
    # The turning points, then the tables: the unit, graph and turning points come first.
    expect(page.get_by_test_id("review-turning")).to_be_visible()
    order = [
        page.get_by_test_id(t).bounding_box()
        for t in ("review-unit", "review-how", "review-graph", "review-turning", "review-summary")
    ]
    tops = [box["y"] for box in order if box is not None]
    assert len(tops) == 5 and tops == sorted(tops), tops
    expect(page.get_by_test_id("review-move")).to_have_count(moves)
    # The verdicts' limits as the terminal prints them (whole points here, not "2.0").
    expect(page.get_by_test_id("review-how")).to_contain_text(
        "inaccuracy from 2, mistake from 5, blunder from 10 points"
    )
    # Each player's game in a sentence, in whole points: lost to marked plays, given by the dice.
    words = page.get_by_test_id("player-words")
    expect(words).to_have_count(2)
    for i in range(2):
        expect(words.nth(i)).to_contain_text(re.compile(r"(lost \d+ points|no play).*dice gave"))
    check_axe(page)  # issue 34: no serious or critical accessibility violation on the review
    console.check()


def test_the_review_fits_a_phone(server: Server, browser: Browser, console: Console):
    """At 390 CSS pixels the review page is no wider than the screen: its wide tables scroll
    in their own boxes (the page's grid once took their width, 546 pixels)."""
    game = finished_by_computers(server)
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    context.set_default_timeout(15000)
    page = console.watch(context.new_page())
    page.goto(server.url + f"/review/{game['id']}")
    expect(page.locator("body")).to_have_attribute("data-review", "done", timeout=60000)
    expect(page.get_by_test_id("review-moves")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for test_id in ("review-how", "review-graph"):
        box = page.get_by_test_id(test_id).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, (test_id, box)
    # The paragraphs are one grid gap (1rem) apart, not tripled by their own margins.
    unit, how = (page.get_by_test_id(t).bounding_box() for t in ("review-unit", "review-how"))
    assert unit is not None and how is not None
    assert how["y"] - (unit["y"] + unit["height"]) <= 20, (unit, how)
    # The moves table is wider than the phone: it scrolls in a named box that the keyboard
    # reaches (axe's scrollable-region-focusable), and the arrow keys scroll it.
    moves = page.get_by_role("group", name="Every throw")
    assert moves.evaluate("e => e.scrollWidth > e.clientWidth")
    moves.focus()
    expect(moves).to_be_focused()
    page.keyboard.press("ArrowRight")
    page.wait_for_function(
        "() => document.querySelector('.table-wrap:focus').scrollLeft > 0", timeout=5000
    )
    check_axe(page)
    console.check()
