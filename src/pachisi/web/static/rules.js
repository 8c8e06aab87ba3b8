// A rules page per ruleset (/rules/{ruleset}) that teaches the game in order:
// the board, entering, moving, captures and safety, blockades (Pagade: pairs),
// doublets and extra throws, bonuses, finishing and winning. Each rule names
// its sections of RULES.md (data-section) and has a small board drawn by the
// game's own board code (GET /api/learn/rules/{ruleset}); below them, the
// basics and every rule switch in words (GET /api/rules/{ruleset}). All in
// the page's language.

import { api } from "./api.js";
import { drawDiagram } from "./diagram.js";
import { loadLanguage, mountLanguageSwitch, t } from "./i18n.js";
import { el } from "./ui.js";
import { factsText } from "./words.js";

const RULESETS = ["parcheesi", "whitman", "pagade", "eight-man", "ludo", "maedn"];
/** Ludo and MADN (RULES-LUDO.md): one die, their own boards, no first-game tutorial yet. */
const ONE_DIE = ["ludo", "maedn"];
const D6 = "⚀⚁⚂⚃⚄⚅";
const $ = (id) => document.getElementById(id);

function rulesetOfPath() {
  const parts = location.pathname.split("/").filter(Boolean);
  return parts.length > 1 ? decodeURIComponent(parts[1]) : "parcheesi";
}

function switchRow(sw) {
  const [first, ...others] = sw.values;
  const sentence = (value) => t(value.key, { n: value.n });
  return el(
    "li",
    { class: "rule-switch", "data-testid": "rule-switch", "data-switch": sw.name },
    el("h3", { text: t(sw.title, { n: first.n }) }),
    el("p", { class: "rule-default" }, el("strong", { text: `${t("rules.default")}: ` }), sentence(first)),
    ...others.map((value) =>
      el("p", { class: "rule-other" }, el("em", { text: `${t("rules.other")}: ` }), sentence(value)),
    ),
  );
}

/** The throw of a diagram as the dice show it. */
function diceText(ruleset, thrown) {
  return thrown.map((v) => (ruleset === "pagade" ? String(v) : `${D6[v - 1]} ${v}`)).join("  ");
}

/** What a diagram shows, in words: the throw and its steps. */
function caption(info) {
  if (!info.throw) return null;
  const lines = [t("learn.throw", { dice: diceText(info.ruleset, info.throw) })];
  const words = info.steps.map((step) => factsText(step.facts)).filter(Boolean);
  if (words.length) lines.push(words.join("; "));
  else lines.push(t("learn.no_move"));
  return el("figcaption", { class: "diagram-caption", text: lines.join(" · ") });
}

function ruleArticle(rule, board) {
  const sections = rule.sections.join(", ");
  const box = el("div", { class: "diagram", "data-testid": "diagram" });
  const article = el(
    "article",
    {
      class: "learn-rule",
      id: `rule-${rule.id.replace(/\./g, "-")}`,
      "data-testid": "learn-rule",
      "data-rule": rule.id,
      "data-section": rule.sections.join(" "),
    },
    el(
      "div",
      { class: "learn-rule-words" },
      el(
        "h3",
        {},
        t(rule.title),
        " ",
        el("span", { class: "section-ref", "aria-label": t("learn.section_label", { n: sections }), text: t("learn.section", { n: sections }) }),
      ),
      el("p", { class: "learn-rule-text", "data-testid": "rule-text", text: t(rule.text) }),
    ),
    el("figure", { class: "learn-figure" }, box, caption(rule.diagram)),
  );
  drawDiagram(box, board, rule.diagram);
  return article;
}

function lessonsPart(data) {
  const parts = [];
  const nav = el(
    "nav",
    { class: "learn-contents", "aria-labelledby": "contents-title" },
    el("h2", { id: "contents-title", text: t("learn.contents") }),
    el(
      "ol",
      {},
      ...data.topics.map((topic) => el("li", {}, el("a", { href: `#topic-${topic.id}`, text: t(topic.title) }))),
    ),
  );
  parts.push(nav);
  for (const topic of data.topics) {
    const rules = data.rules.filter((rule) => rule.topic === topic.id);
    parts.push(
      el(
        "section",
        { class: "learn-topic", id: `topic-${topic.id}`, "data-testid": "learn-topic", "data-topic": topic.id },
        el("h2", { text: t(topic.title) }),
        ...rules.map((rule) => ruleArticle(rule, data.board)),
      ),
    );
  }
  return parts;
}

async function start() {
  await loadLanguage();
  mountLanguageSwitch();
  const ruleset = rulesetOfPath();
  $("ruleset-links").replaceChildren(
    ...RULESETS.map((r) =>
      el(
        "li",
        {},
        el("a", { href: `/rules/${r}`, "aria-current": r === ruleset ? "page" : null, text: t(`ruleset.${r}`) }),
      ),
    ),
  );
  const box = $("rules");
  let facts;
  let info;
  let lessons;
  try {
    [facts, info, lessons] = await Promise.all([
      api(`/api/rules/${encodeURIComponent(ruleset)}`),
      api("/api/rulesets"),
      api(`/api/learn/rules/${encodeURIComponent(ruleset)}`),
    ]);
  } catch {
    box.replaceChildren(el("p", { class: "missing", "data-testid": "missing", text: t("rules.unknown") }));
    return;
  }
  const name = t(`ruleset.${ruleset}`);
  document.title = `${t("rules.title", { ruleset: name })} · Pachisi`;
  $("title").textContent = t("rules.title", { ruleset: name });
  const about = info.rulesets[ruleset];
  const oneDie = ONE_DIE.includes(ruleset);
  const basics = oneDie
    ? [t("rules.one_die"), t(`rules.pawns_${ruleset}`), t(`rules.board_${ruleset}`)]
    : [t(`rules.dice.${facts.dice}`), t("rules.pawns", { n: facts.pawns, home: t(facts.home) }), t("rules.board")];
  basics.push(t("rules.players", { players: about.players.slice().sort().join(", ") }));
  if (about.teams) basics.push(t("rules.teams"));
  if (about.majors) basics.push(t("rules.majors"));
  box.replaceChildren(
    el("p", { class: "hint", text: t("learn.intro") }),
    // The first game: Parcheesi's (/learn) on the cross's pages, Ludo's and MADN's their own.
    el("p", { class: "learn-try" }, el("a", {
      href: oneDie ? `/learn/${ruleset}` : "/learn",
      "data-testid": "tutorial-link",
      text: t(oneDie ? `learn.try_it.${ruleset}` : "learn.try_it"),
    })),
    ...lessonsPart(lessons),
    el("h2", { text: t("rules.basics") }),
    el("p", { class: "hint", text: t("rules.intro") }),
    el("ul", { class: "rule-basics" }, ...basics.map((line) => el("li", { text: line }))),
    el("h2", { text: t("rules.switches") }),
    el("ul", { class: "rule-switches" }, ...facts.switches.map(switchRow)),
  );
  document.body.dataset.ready = "true";
}

start();
