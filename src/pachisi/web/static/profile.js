// A player's profile (/u/{name}): ratings per ruleset and set-up with their
// history graphs (server-drawn SVG), statistics, and recent games with links to
// their reviews (GET /api/players/{name}). Names are text, never markup.

import { api } from "./api.js";
import { mountAccountLink, poolName } from "./club.js";
import { loadLanguage, mountLanguageSwitch, t } from "./i18n.js";
import { el } from "./ui.js";

const $ = (id) => document.getElementById(id);

function nameOfPath() {
  const parts = location.pathname.split("/").filter(Boolean);
  return decodeURIComponent(parts[1] || "");
}

function ratingText(r) {
  const value = `${r.rating} ± ${r.deviation}`;
  return r.provisional ? `${value} (${t("club.provisional")})` : value;
}

function draw(p) {
  $("title").textContent = p.moderator ? `${p.name} · ${t("club.moderator")}` : p.name;
  document.title = p.name;
  $("ratings").replaceChildren(
    ...p.ratings.map((r) =>
      el(
        "tr",
        { "data-testid": "rating-row", "data-pool": r.pool },
        el("td", { text: poolName(r.pool) }),
        el("td", { class: "rating", "data-testid": "rating", text: ratingText(r) }),
        el("td", { text: String(r.games) }),
      ),
    ),
  );
  $("no-ratings").hidden = p.ratings.length > 0;
  $("graphs").replaceChildren(
    ...p.ratings.map((r) =>
      el(
        "figure",
        {},
        el("img", {
          src: `/api/players/${encodeURIComponent(p.name)}/history.svg?pool=${encodeURIComponent(r.pool)}&n=${r.games}`,
          alt: t("club.history", { pool: poolName(r.pool) }),
          width: 480,
          height: 200,
          "data-testid": "history-graph",
        }),
        el("figcaption", { text: t("club.history", { pool: poolName(r.pool) }) }),
      ),
    ),
  );
  $("stats").replaceChildren(
    ...Object.entries(p.stats.by_ruleset).map(([ruleset, s]) =>
      el("tr", {}, el("td", { text: t(`ruleset.${ruleset}`) }), el("td", { text: String(s.games) }), el("td", { text: String(s.wins) })),
    ),
  );
  $("error-rate").textContent =
    p.stats.error_rate === null
      ? t("club.error_rate_none")
      : t("club.error_rate", { rate: `${(100 * p.stats.error_rate).toFixed(1)}%` });
  $("recent").replaceChildren(
    ...p.recent.map((g) => {
      const how = g.status !== "finished" ? t("club.playing") : g.won === true ? t("club.won") : g.won === false ? t("club.lost") : "";
      const change = g.change === null ? "" : ` (${g.change > 0 ? "+" : ""}${g.change})`;
      return el(
        "li",
        { "data-testid": "recent-game" },
        el("a", { href: `/g/${encodeURIComponent(g.id)}`, text: g.pool ? poolName(g.pool) : t(`ruleset.${g.ruleset}`) }),
        ` ${how}${change} `,
        g.review ? el("a", { href: g.review, "data-testid": "review-link", text: t("club.review") }) : null,
      );
    }),
  );
}

async function start() {
  await loadLanguage();
  mountLanguageSwitch();
  mountAccountLink();
  try {
    draw(await api(`/api/players/${encodeURIComponent(nameOfPath())}`));
  } catch {
    $("missing").hidden = false;
  }
}

start();
