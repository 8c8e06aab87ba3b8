// The leaderboard (/players): the best rated players of each ruleset and
// set-up (GET /api/leaderboard), by the cautious estimate of their rating.

import { api } from "./api.js";
import { mountAccountLink, poolName, profileUrl } from "./club.js";
import { loadLanguage, mountLanguageSwitch, t } from "./i18n.js";
import { el } from "./ui.js";

const $ = (id) => document.getElementById(id);

async function show(pool) {
  const board = await api(`/api/leaderboard?pool=${encodeURIComponent(pool)}`);
  const select = $("pool");
  if (!select.options.length) {
    select.replaceChildren(...board.pools.map((p) => el("option", { value: p, text: poolName(p) })));
    select.value = board.pool;
  }
  $("rows").replaceChildren(
    ...board.players.map((p) =>
      el(
        "tr",
        { "data-testid": "leader" },
        el("td", { text: String(p.rank) }),
        el("td", {}, el("a", { href: profileUrl(p.name), text: p.name })),
        el("td", { text: p.provisional ? `${p.rating} ± ${p.deviation} (${t("club.provisional")})` : `${p.rating} ± ${p.deviation}` }),
        el("td", { text: String(p.games) }),
      ),
    ),
  );
  $("empty").hidden = board.players.length > 0;
}

async function start() {
  await loadLanguage();
  mountLanguageSwitch();
  mountAccountLink();
  $("pool").addEventListener("change", () => show($("pool").value));
  await show(new URLSearchParams(location.search).get("pool") || "");
}

start();
