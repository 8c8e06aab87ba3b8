// A rules page per ruleset (/rules/{ruleset}): the basics and every rule
// switch in words, generated from the core's rules data (GET /api/rules/...)
// and written in the page's language.

import { api } from "./api.js";
import { loadLanguage, mountLanguageSwitch, t } from "./i18n.js";
import { el } from "./ui.js";

const RULESETS = ["parcheesi", "whitman", "pagade", "eight-man"];
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
  try {
    [facts, info] = await Promise.all([
      api(`/api/rules/${encodeURIComponent(ruleset)}`),
      api("/api/rulesets"),
    ]);
  } catch {
    box.replaceChildren(el("p", { class: "missing", "data-testid": "missing", text: t("rules.unknown") }));
    return;
  }
  const name = t(`ruleset.${ruleset}`);
  document.title = `${t("rules.title", { ruleset: name })} · Pachisi`;
  $("title").textContent = t("rules.title", { ruleset: name });
  const about = info.rulesets[ruleset];
  const basics = [
    t(`rules.dice.${facts.dice}`),
    t("rules.pawns", { n: facts.pawns, home: t(facts.home) }),
    t("rules.board"),
    t("rules.players", { players: about.players.slice().sort().join(", ") }),
  ];
  if (about.teams) basics.push(t("rules.teams"));
  if (about.majors) basics.push(t("rules.majors"));
  box.replaceChildren(
    el("p", { class: "hint", text: t("rules.intro") }),
    el("h2", { text: t("rules.basics") }),
    el("ul", { class: "rule-basics" }, ...basics.map((line) => el("li", { text: line }))),
    el("h2", { text: t("rules.switches") }),
    el("ul", { class: "rule-switches" }, ...facts.switches.map(switchRow)),
  );
}

start();
