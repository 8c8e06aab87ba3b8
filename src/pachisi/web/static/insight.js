// Insight on the game page: the win-chance bar (for spectators and after the
// game) and hints that show how much better one play is than another, with
// the best play drawn on the board and a "play this" button that plays it.
//
// The chances come from GET /api/games/{id}/chances (pachisi.web.insight:
// the value network fitted to the set-up, on the server, away from its event
// loop, kept per version), in whole points and with how they were obtained;
// where no network has learned the set-up, the answer has no number and says so. Ludo
// and MADN without a network: by rollouts of a computer player, each figure with its
// standard error and never more digits than that allows (`byPrecision`).

import { api } from "./api.js";
import { t } from "./i18n.js";
import { el } from "./ui.js";
import { playText, seatWord } from "./words.js";

const pct = (x) => (100 * x).toFixed(1);
const points = (x) => (100 * Math.abs(x)).toFixed(1);

const cache = { id: null, version: -1, data: null, loading: null, latest: null };

/** Decimals of a figure in points with standard error `se` (a fraction), as
 * pachisi.analysis.words.decimals: the decade of the standard error, 0 to 2. */
export function decimals(se) {
  if (se === null || se === undefined) return 0;
  const s = 100 * se;
  if (!Number.isFinite(s) || s >= 0.95) return 0;
  if (s <= 0) return 2;
  return s >= 0.095 ? 1 : 2;
}

/** `x` (a fraction) in points, `abs` of it, to the precision its standard error `se` allows. */
export function byPrecision(x, se) {
  const text = (100 * Math.abs(x)).toFixed(decimals(se));
  return se === 0 ? String(Number(text)) : text; // exact: no trailing zeros (0.5, not 0.50)
}

/** The sides of a game: one per team (its seats), or one per seat. */
function sides(s) {
  const teams = new Map();
  for (const seat of s.seats) {
    const key = seat.team === null || seat.team === undefined ? `seat${seat.index}` : `team${seat.team}`;
    if (!teams.has(key)) teams.set(key, []);
    teams.get(key).push(seat);
  }
  return [...teams.values()];
}

function draw(s, section, data) {
  const bar = section.querySelector("#chance-bar");
  const how = section.querySelector("#chance-how");
  if (!data.chances) {
    // No network has learned this set-up: no number, and the reason.
    bar.replaceChildren();
    bar.dataset.version = String(data.version);
    how.textContent = t("chances.none");
    return;
  }
  const segments = sides(s).map((seats) => {
    const chance = data.chances[seats[0].index];
    const se = data.se[seats[0].index];
    const who = seats.map(seatWord).join(t("and"));
    // The network's figures in whole points (their precision); rollouts' with their ±.
    const text = data.method === "network" ? `${(100 * chance).toFixed(0)}%` : `${pct(chance)}%`;
    // Rollouts: the server's words, rounded to the standard error (pachisi.analysis.words).
    const rolled = data.text && data.text[seats[0].index] ? data.text[seats[0].index] : `${pct(chance)}% ± ${pct(se || 0)}`;
    const label = ["rollout", "race"].includes(data.method) ? `${who} ${rolled}` : `${who} ${text}`;
    return el(
      "div",
      {
        class: `chance-segment c-${seats[0].colours[0]}`,
        // Its width is its chance: 0% is no width at all (the legend below names everyone).
        style: `width: ${(100 * Math.min(Math.max(chance, 0), 1)).toFixed(2)}%`,
        "data-testid": "chance-segment",
        "data-chance": chance.toFixed(4),
        "data-seat": seats[0].index,
        title: label,
      },
      el("span", { class: "chance-label", text: label }),
    );
  });
  bar.replaceChildren(...segments);
  let legend = section.querySelector(".chance-legend");
  if (!legend) {
    legend = el("ul", { class: "chance-legend", "data-testid": "chance-legend" });
    bar.after(legend);
  }
  legend.replaceChildren(
    ...segments.map((segment) =>
      el("li", {}, el("span", { class: `swatch ${segment.className.split(" ")[1]}`, "aria-hidden": "true" }), segment.title),
    ),
  );
  bar.dataset.version = String(data.version);
  if (data.method === "exact") how.textContent = t("chances.exact");
  else if (data.method === "race") how.textContent = t("chances.how_race");
  else if (data.method === "network") how.textContent = t("chances.how_network");
  else if (data.policy) how.textContent = t("chances.how_rollouts", { n: data.rollouts, policy: t(`level.${data.policy}`) });
  else how.textContent = t("chances.how", { n: data.rollouts, version: data.version });
}

/** Show the win-chance bar when `show` (a spectator, or the game is over); fetch it as needed. */
export function chanceBar(s, section, show) {
  cache.latest = { s, section, show };
  section.hidden = !show;
  if (!show) return;
  if (cache.id !== s.id) Object.assign(cache, { id: s.id, version: -1, data: null, loading: null });
  if (cache.data) draw(s, section, cache.data);
  section.classList.toggle("updating", cache.version !== s.version);
  if (cache.version === s.version || cache.loading !== null) return;
  const version = s.version;
  cache.loading = version;
  api(`/api/games/${encodeURIComponent(s.id)}/chances`)
    .then((data) => {
      cache.data = data;
      cache.version = data.version;
      draw(s, section, data);
      section.classList.toggle("updating", data.version < version);
    })
    .catch(() => {
      section.querySelector("#chance-how").textContent = t("chances.unavailable");
    })
    .finally(() => {
      cache.loading = null;
      // A newer state may have come meanwhile: ask for its chances now (not after a failure:
      // the next state asks again).
      const { latest } = cache;
      const answered = cache.data !== null && cache.version >= version;
      if (answered && latest && latest.s.id === cache.id && latest.s.version > cache.version) {
        chanceBar(latest.s, latest.section, latest.show);
      }
    });
}

/** The "play this" button of the hint's best play: `onPlay(notation)` plays it. */
function playThisButton(play, onPlay) {
  if (!onPlay) return null;
  return el("button", {
    type: "button",
    class: "play-this",
    "data-testid": "play-this",
    "data-play": play.play,
    text: t("hint.play_this"),
    title: play.play,
    onclick: (event) => {
      event.currentTarget.disabled = true;
      onPlay(play.play);
    },
  });
}

/**
 * The steps of the hint's best play for the board (`plays[0].path`: where each step goes),
 * while the hint of this throw is shown and nothing of the throw has been played yet; else [].
 */
export function hintedPath(hint, throwId, state) {
  if (!hint || hint.throwId !== throwId || hint.pending || hint.error || hint.unavailable) return [];
  if (!state || (state.steps || []).length) return [];
  const best = (hint.plays || [])[0];
  return best && Array.isArray(best.path) ? best.path : [];
}

/**
 * Play the hinted play `notation` (written from the start of the throw) through the page's
 * own actions: take back any step made, then each step by its notation, then commit.
 * `game.state()` is the state shown, `game.throwId()` identifies its throw, `game.act(type,
 * index)` sends one action and resolves once its answer is applied. Stops, and the player
 * carries on by hand, if a step is not legal or the throw is no longer the hint's.
 */
export async function playHinted(notation, game) {
  const start = game.throwId();
  const same = () => game.throwId() === start;
  for (let guard = 0; game.state().steps.length && guard < 50 && same(); guard += 1) await game.act("undo");
  const tokens = notation === "-" ? [] : notation.split(" ").filter(Boolean);
  for (const token of tokens) {
    if (!same()) return false;
    const step = (game.state().legal || []).find((st) => st.notation === token);
    if (!step) return false;
    await game.act("step", step.index);
  }
  if (!same() || !game.state().complete) return false;
  await game.act("commit");
  return true;
}

/** The rows of a hint: the plays best first, each against the best with its standard error;
 * the best with a "play this" button when `onPlay` is given. */
export function hintRows(hint, onPlay = null) {
  const plays = hint.plays || [];
  if (plays.length && plays[0].chance === null) {
    // No network has learned this set-up: the plays, best first, without a number.
    const items = plays.map((play) =>
      el(
        "li",
        { "data-testid": "hint-play" },
        el("span", { class: "description", text: playText(play.facts, play.play) }),
        el("code", { class: "notation", text: play.play }),
      ),
    );
    return [el("p", { text: t("hint.no_chance") }), el("ol", {}, ...items)];
  }
  if (!hint.compared) {
    const items = plays.map((play, k) =>
      el(
        "li",
        { "data-testid": "hint-play" },
        el("span", { class: "description", text: playText(play.facts, play.play) }),
        el("code", { class: "notation", text: play.play }),
        el("span", { text: ` ${pct(play.chance)}%` }),
        k === 0 ? playThisButton(play, onPlay) : null,
      ),
    );
    return [
      el("p", { text: t("hint.intro_estimate") }),
      el("ol", {}, ...items),
      el("p", { class: "hint", text: t("hint.how_estimate") }),
    ];
  }
  // Ludo and MADN by rollouts (how.method "rollout"): never more digits than the noise allows.
  const rolled = hint.how && hint.how.method === "rollout";
  const chanceOf = (play) => (rolled ? byPrecision(play.chance, play.se) : pct(play.chance));
  const seOf = (se) => (rolled ? byPrecision(se || 0, se) : pct(se || 0));
  const diffOf = (play) => (rolled ? byPrecision(play.diff, play.diff_se) : points(play.diff));
  const diffSeOf = (play) => (rolled ? byPrecision(play.diff_se || 0, play.diff_se) : points(play.diff_se || 0));
  const items = plays.map((play, k) => {
    let verdict;
    if (k === 0) verdict = t("hint.best", { chance: chanceOf(play), se: seOf(play.se) });
    else if (play.clear) verdict = t("hint.worse", { diff: diffOf(play), se: diffSeOf(play) });
    else verdict = t("hint.too_close", { diff: diffOf(play), se: diffSeOf(play) });
    return el(
      "li",
      { "data-testid": "hint-play", "data-clear": k === 0 ? "best" : String(Boolean(play.clear)) },
      el("span", { class: "description", text: playText(play.facts, play.play) }),
      el("code", { class: "notation", text: play.play }),
      el("span", { class: "hint-verdict", "data-testid": "hint-verdict", text: ` — ${verdict}` }),
      k === 0 ? playThisButton(play, onPlay) : null,
    );
  });
  const k = (hint.compared.k ?? 2).toFixed(1);
  let how;
  if (rolled) how = t("hint.how_rollouts", { n: hint.compared.rollouts, policy: t(`level.${hint.compared.policy}`), k });
  else how = t(hint.compared.policy === "network" ? "hint.how_network" : "hint.how", { n: hint.compared.rollouts, k });
  return [el("p", { text: t("hint.intro") }), el("ol", {}, ...items), el("p", { class: "hint", "data-testid": "hint-how", text: how })];
}
