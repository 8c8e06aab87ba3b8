// The club on every page: who is signed in (GET /api/account), the account and
// players links in the top bar, the lobby's "rated game" choice, and on a game
// page the seats of a rated game (docs/web.md, "Accounts" and "Ratings").
// Names are shown as text only, never as markup.

import { ApiError, api, resetCsrf } from "./api.js";
import { t } from "./i18n.js";
import { el } from "./ui.js";

let me = null;

/** Who is signed in: `{account, csrf}` (fetched once per page). */
export async function whoAmI(again = false) {
  if (me === null || again) {
    me = await api("/api/account");
    resetCsrf(me.csrf);
  }
  return me;
}

/** Keep what an account request answered (sign in, up or out): the new CSRF token too. */
export function signedAs(answer) {
  me = answer;
  resetCsrf(answer.csrf || null);
}

/** A profile's address. */
export function profileUrl(name) {
  return `/u/${encodeURIComponent(name)}`;
}

/** The words of an account error, by its code. */
export function errorText(error) {
  const known = ["bad_credentials", "name_taken", "too_many", "bad_name", "bad_password"];
  if (error instanceof ApiError && known.includes(error.code)) return t(`club.err.${error.code}`);
  return t("club.failed", { error: error.message });
}

/** Put the players and account links into the top bar. */
export async function mountAccountLink() {
  const bar = document.querySelector(".topbar");
  if (!bar || document.getElementById("account-link")) return;
  const players = el("a", { class: "top-link", href: "/players", "data-testid": "players-link", text: t("club.players") });
  const link = el("a", { id: "account-link", class: "top-link", href: "/account", "data-testid": "account-link", text: t("club.sign_in") });
  const lang = document.getElementById("lang");
  const where = lang ? lang.closest("label") || lang : null;
  bar.insertBefore(players, where);
  bar.insertBefore(link, where);
  try {
    const { account } = await whoAmI();
    if (account) {
      link.textContent = account.name;
      link.href = profileUrl(account.name);
    }
  } catch {
    // The link to sign in stays.
  }
}

/** The lobby: offer a rated game to a signed-in player. */
export async function mountRatedChoice() {
  const box = document.getElementById("rated-choice");
  if (!box) return;
  try {
    box.hidden = !(await whoAmI()).account;
  } catch {
    box.hidden = true;
  }
}

/** The lobby's choice as fields of POST /api/games. */
export function ratedSetting() {
  const box = document.getElementById("rated-choice");
  const input = document.getElementById("rated");
  return box && !box.hidden && input && input.checked ? { rated: true } : {};
}

/**
 * A game page: for a rated game, show who sits where and take the seat of a
 * key this browser holds for the signed-in account (until every seat is taken).
 */
export async function mountRatedSeats(gameId, heldKeys) {
  let info;
  try {
    info = await api(`/api/games/${encodeURIComponent(gameId)}/players`);
  } catch {
    return;
  }
  if (!info.rated) return;
  const hint = document.getElementById("hint");
  if (hint) hint.hidden = true; // no hints in a rated game
  const badge = el("p", { id: "rated-badge", class: "rated-badge", "data-testid": "rated-badge", role: "status" });
  const main = document.querySelector("main") || document.body;
  main.prepend(badge);
  const show = (data) => {
    if (data.ready) {
      const names = data.seats.map((s) => s.account || t("club.empty_seat")).join(" · ");
      badge.textContent = t("club.rated_players", { names });
    } else badge.textContent = t("club.rated_waiting");
  };
  show(info);
  let account = null;
  try {
    account = (await whoAmI()).account;
  } catch {
    account = null;
  }
  const sit = async () => {
    const seated = info.seats.some((s) => s.account === (account && account.name));
    if (!account) {
      if (heldKeys().length) badge.append(" ", el("a", { href: "/account", text: t("club.sign_in_to_sit") }));
      return;
    }
    if (seated) return;
    for (const key of heldKeys()) {
      const seat = Number(key.split(".")[0]);
      if (info.seats[seat] && info.seats[seat].account === null) {
        try {
          info = await api(`/api/games/${encodeURIComponent(gameId)}/sit`, { method: "POST", body: { key } });
          return;
        } catch {
          // Taken meanwhile: try the next key.
        }
      }
    }
  };
  await sit();
  show(info);
  while (!info.ready) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    try {
      info = await api(`/api/games/${encodeURIComponent(gameId)}/players`);
    } catch {
      continue;
    }
    show(info);
  }
}

/** A pool's name for people: "Parcheesi, two players". */
export function poolName(pool) {
  const [ruleset, setup] = String(pool).split("/");
  return t("club.pool_name", { ruleset: t(`ruleset.${ruleset}`), setup: t(`club.setup.${setup}`) });
}
