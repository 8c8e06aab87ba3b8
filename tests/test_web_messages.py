"""The site's words: the English, Hindi and Kannada catalogues compared; every key used is there."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web catalogues need the web extra")

from pachisi.analysis import LUCK_MARKS, VERDICTS
from pachisi.describe import LANGS, PHRASES, TERMS, rules_facts
from pachisi.rules import RULESETS
from pachisi.web.messages import MESSAGES, catalogue, rules_info
from pachisi.web.requests import COMPUTER_LEVELS, HUMAN, ApiError
from pachisi.web.social import end_facts

STATIC = Path(__file__).resolve().parent.parent / "src" / "pachisi" / "web" / "static"
FIELD = re.compile(r"\{\w+\}")
MARK = re.compile(r"</?(?:code|kbd|strong|em)>")
#: Latin words a Hindi or Kannada text may keep: a file format's name.
KEPT = {"JSON"}


def latin_words(text: str) -> list[str]:
    """The Latin-letter words of ``text`` outside fields, <code> and <kbd>."""
    text = re.sub(r"<(code|kbd)>.*?</\1>", "", text)
    text = FIELD.sub("", MARK.sub("", text))
    return [w for w in re.findall(r"[A-Za-z]{2,}", text) if w not in KEPT]


def test_every_language_has_every_key_with_the_same_fields_and_marks() -> None:
    for lang in LANGS:
        assert set(MESSAGES[lang]) == set(MESSAGES["en"]), lang
        assert set(PHRASES[lang]) == set(PHRASES["en"]), lang
        for table in (MESSAGES, PHRASES):
            for key, text in table[lang].items():
                english = table["en"][key]
                assert sorted(FIELD.findall(text)) == sorted(FIELD.findall(english)), (lang, key)
                assert sorted(MARK.findall(text)) == sorted(MARK.findall(english)), (lang, key)


@pytest.mark.parametrize("lang", ["hi", "kn"])
def test_no_english_is_left_untranslated(lang: str) -> None:
    words = catalogue(lang)
    for key, text in words.items():
        assert not latin_words(text), (lang, key, text)
        if latin_words(catalogue("en")[key]):  # English words there: a translation differs
            assert text != catalogue("en")[key], (lang, key)


@pytest.mark.parametrize("lang", ["hi", "kn"])
def test_pagade_terms_are_the_terminal_ones(lang: str) -> None:
    words = catalogue(lang)
    assert words["ruleset.pagade"] == TERMS[lang]["Pagade"]
    assert words["word.Home"] == TERMS[lang]["Home"]
    assert words["word.belly"] == TERMS[lang]["belly"]


def used_keys() -> set[str]:
    """Every catalogue key the pages name literally."""
    keys: set[str] = set()
    for path in [*STATIC.glob("*.js"), *STATIC.glob("*.html")]:
        text = path.read_text()
        keys |= set(re.findall(r"\bt\(\"([\w.\- ]+)\"", text))
        keys |= set(re.findall(r"data-i18n(?:-html)?=\"([\w.\-]+)\"", text))
        for attrs in re.findall(r"data-i18n-attr=\"([^\"]+)\"", text):
            keys |= {pair.split(":")[1] for pair in attrs.split(";")}
        for pair in re.findall(r"\?\s*\"([a-z]+\.[\w.]+)\"\s*:\s*\"([a-z]+\.[\w.]+)\"", text):
            keys |= set(pair)
    return keys


def test_every_key_the_pages_use_is_in_the_catalogue() -> None:
    keys = used_keys()
    assert len(keys) > 150
    for ruleset in RULESETS:
        keys |= {f"ruleset.{ruleset}", f"blurb.{ruleset}"}
        for sw in rules_facts(ruleset)["switches"]:
            keys.add(sw["title"])
            keys |= {v["key"] for v in sw["values"]}
            keys |= {f"rule.{sw['name']}.{str(v).lower()}" for v in (True, False)} & set(
                PHRASES["en"]
            )
    for level in (HUMAN, *COMPUTER_LEVELS):
        keys |= {f"level.{level}", f"levelname.{level}"}
    keys |= {f"verdict.{v}" for v in VERDICTS} | {f"luck.{m}" for m in LUCK_MARKS}
    keys |= {f"ordinal.{n}" for n in range(1, 5)}
    # The results of games ended early (resigned, left, agreed, drawn by agreement).
    ends = [
        {"how": "resigned", "by": [1], "winner": [0], "places": [[0], [2], [1]]},
        {"how": "left", "by": [1], "winner": [0], "places": [[0], [1]]},
        {"how": "agreed", "by": [], "winner": [0], "places": [[0], [1, 2]]},
        {"how": "agreed", "by": [], "winner": None, "places": [[0, 1]]},
    ]
    kinds = {entry["kind"] for end in ends for entry in end_facts(end)}
    assert {"resigned", "left", "agreed", "agreed_draw", "rest", "win", "place"} <= kinds
    keys |= {f"result.{kind}" for kind in kinds - {"win"}} | {"result.end_sep"}
    game = (STATIC / "game.js").read_text()
    errors = re.search(r"const ERROR_TEXT = \{(.*?)\n\};", game, re.S)
    assert errors is not None
    keys |= {f"error.{code}" for code in re.findall(r"^\s+(\w+):", errors.group(1), re.M)}
    for lang in LANGS:
        missing = sorted(k for k in keys if k not in catalogue(lang))
        assert not missing, (lang, missing)


def test_unknown_language_or_ruleset_is_not_found() -> None:
    with pytest.raises(ApiError) as err:
        catalogue("fr")
    assert err.value.status == 404
    with pytest.raises(ApiError):
        rules_info("chess")
    assert rules_info("pagade")["dice"] == "sticks"
    assert rules_info("ludo")["dice"] == "d6"  # Ludo and MADN have their pages too


class _Texts(HTMLParser):
    """The texts of an HTML page that no data-i18n or data-i18n-html attribute covers."""

    VOID = frozenset({"meta", "link", "input", "br", "img", "hr", "source"})

    def __init__(self) -> None:
        super().__init__()
        self.open: list[tuple[str, dict[str, str | None]]] = []
        self.bare: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in self.VOID:
            self.open.append((tag, dict(attrs)))

    def handle_endtag(self, tag: str) -> None:
        while tag not in self.VOID and self.open and self.open.pop()[0] != tag:
            pass

    def handle_data(self, data: str) -> None:
        if not self.open or not re.search(r"[A-Za-z]{2}", data):
            return
        tag, attrs = self.open[-1]
        covered = any("data-i18n" in a or "data-i18n-html" in a for _, a in self.open)
        # The brand, key names, and what the page's script fills in (the title, the connection).
        kept = data.strip() == "Pachisi" or tag in ("kbd", "script", "style")
        if not covered and not kept and attrs.get("id") not in ("title", "connection"):
            self.bare.append(data.strip())


@pytest.mark.parametrize("page", sorted(p.name for p in STATIC.glob("*.html")))
def test_every_text_of_the_pages_is_a_catalogue_key(page: str) -> None:
    """The pages' fixed words (the lobby's table settings, the leaving-the-game card...) too."""
    parser = _Texts()
    parser.feed((STATIC / page).read_text())
    assert parser.bare == [], page


#: A string or template literal of a script (a template's ``${...}`` taken out).
LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"|`([^`]*)`')
#: Words for people: two words or more, or one capitalised word ("Decline").
WORDS = re.compile(r"[A-Za-z]{2,}\s+[A-Za-z]{2,}|^[A-Z][a-z]+$")


def english_literals(script: str) -> list[str]:
    """The literals of ``script`` that read as English for people (not classes or selectors)."""
    lines = script.splitlines()
    code = "\n".join(line for line in lines if not line.lstrip().startswith(("//", "*", "/**")))
    out = []
    for match in LITERAL.finditer(code):
        text = re.sub(r"\$\{[^}]*\}", "", match.group(1) or match.group(2) or "")
        if code[: match.start()].endswith("class: ") or re.search(r"[#\[]", text):
            continue
        if WORDS.search(text):
            out.append(text)
    return out


@pytest.mark.parametrize(
    "script",
    ["social.js", "lobby.js", "words.js", "club.js", "account.js", "profile.js", "leaderboard.js"],
)
def test_the_scripts_show_no_english_of_their_own(script: str) -> None:
    """What social.js and the pages show comes from the catalogue (t(...)), never a literal."""
    assert english_literals((STATIC / script).read_text()) == [], script


def test_the_check_of_the_scripts_finds_english() -> None:
    """The literals part A's social.js showed before it read the catalogue are found."""
    before = (
        "lines.push(`${names([h.seat])} ${why}: a ${h.level} computer plays the seat.`);\n"
        '$("turn").replaceChildren(el("strong", { text: "Adjourned" }));\n'
        'el("span", { class: "social-badge hint", text: `${name} has left.` });\n'
    )
    assert english_literals(before) == [" : a  computer plays the seat.", "Adjourned", " has left."]
