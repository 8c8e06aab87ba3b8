// The lobby's word to a first-time visitor: a banner offering the first game
// (/learn), until it is dismissed, the first game is played (both kept in
// localStorage) or the browser holds a game's keys; after that, a small link.

import { loadLanguage, t } from "./i18n.js";
import { el } from "./ui.js";

const BANNER_SETTING = "pachisi.learn.banner";
const DONE_SETTING = "pachisi.learn";

async function start() {
  await loadLanguage();
  const bar = document.querySelector(".topbar");
  if (!bar) return;
  if (!document.querySelector('link[href="/static/learn.css"]')) {
    document.head.append(el("link", { rel: "stylesheet", href: "/static/learn.css" }));
  }
  // A visitor who has dismissed the banner, played the first game or holds a game's keys
  // (api.js keeps them as pachisi.keys.GAME) is not new here.
  const played = Object.keys(localStorage).some((key) => key.startsWith("pachisi.keys."));
  const seen =
    played || localStorage.getItem(BANNER_SETTING) === "dismissed" || localStorage.getItem(DONE_SETTING) === "done";
  const link = el("a", { href: "/learn", "data-testid": "learn-link", text: t("learn.banner_go") });
  // The first games of Ludo and MADN (/learn/ludo, /learn/maedn), offered beside it.
  const others = ["ludo", "maedn"].map((ruleset) =>
    el("a", { href: `/learn/${ruleset}`, "data-testid": `learn-link-${ruleset}`, text: t(`learn.banner_${ruleset}`) }),
  );
  const banner = el("aside", {
    class: seen ? "learn-banner small" : "learn-banner",
    "data-testid": "learn-banner",
    "data-first": String(!seen),
    "aria-label": t("learn.banner_go"),
  });
  if (seen) {
    banner.append(link, ...others);
  } else {
    const dismiss = el("button", {
      type: "button",
      "data-testid": "learn-dismiss",
      text: t("learn.banner_dismiss"),
      onclick: () => {
        localStorage.setItem(BANNER_SETTING, "dismissed");
        banner.className = "learn-banner small";
        banner.dataset.first = "false";
        banner.replaceChildren(link, ...others);
        link.focus();
      },
    });
    banner.append(el("p", { text: t("learn.banner") }), link, ...others, dismiss);
  }
  bar.after(banner);
}

start();
