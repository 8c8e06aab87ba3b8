// The post-game review (/review/{id}): every throw's play against the best,
// marked as `pachisi analyse` marks them (fine, inaccuracy, mistake, blunder,
// only when the loss is clear of the noise), and each player's luck, from
// GET /api/games/{id}/review (pachisi.analysis.review on the server).

import { api } from "./api.js";
import { loadLanguage, mountLanguageSwitch, t } from "./i18n.js";
import { el, swatches, throwText } from "./ui.js";
import { playText, resultText, seatWord } from "./words.js";

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const $ = (id) => document.getElementById(id);
const pct = (x) => (x === null || x === undefined ? "–" : (100 * x).toFixed(1));
// The network's figures in whole points (their precision), rollouts' with one decimal and their ±.
const whole = (x) => (x === null || x === undefined ? "–" : (100 * x).toFixed(0));
const signedWhole = (x) => `${x >= 0 ? "+" : "−"}${(100 * Math.abs(x)).toFixed(0)}`;
const signed = (x) => (x === null || x === undefined ? "–" : `${x >= 0 ? "+" : "−"}${(100 * Math.abs(x)).toFixed(1)}`);

function row(cells, attrs = {}) {
  return el("tr", attrs, ...cells.map((c) => (c instanceof Node ? el("td", {}, c) : el("td", { text: String(c) }))));
}

function head(keys) {
  return el("thead", {}, el("tr", {}, ...keys.map((k) => el("th", { scope: "col", text: t(k) }))));
}

function summary(state, review) {
  const body = review.players.map((p) => {
    const seat = state.seats[p.player];
    const counts = `${p.counts.inaccuracy} · ${p.counts.mistake} · ${p.counts.blunder}`;
    const luck = p.luck === null ? "–" : review.method === "network" ? signedWhole(p.luck) : `${signed(p.luck)} ± ${pct(p.luck_se)}`;
    return row(
      [el("span", {}, ...swatches(seat.colours), ` ${seatWord(seat)}`), p.decisions, pct(p.error_rate), counts, luck],
      { "data-testid": "review-player" },
    );
  });
  $("summary").replaceChildren(
    head(["review.col.who", "review.col.decisions", "review.col.error_rate", "review.col.counts", "review.col.total_luck"]),
    el("tbody", {}, ...body),
  );
}

function moves(state, review) {
  const body = review.moves.map((m) => {
    const seat = state.seats[m.player];
    const played = playText(m.played_facts, m.played);
    const same = m.best === m.played;
    const best = same ? t("review.same") : playText(m.best_facts, m.best);
    let verdict = t(`verdict.${m.verdict}`);
    if (m.forced) verdict = t("review.forced");
    if (m.decided) verdict = t("review.decided");
    const loss = m.forced || m.decided ? "–" : m.method === "network" ? whole(m.loss) : `${pct(m.loss)} ± ${pct(m.loss_se)}`;
    const luckMark = m.luck_mark ? ` ${t(`luck.${m.luck_mark}`)}` : "";
    const luck = m.luck === null ? "–" : `${m.method === "network" ? signedWhole(m.luck) : signed(m.luck)}${luckMark}`;
    const verdictCell = el("span", { class: `verdict verdict-${m.verdict}`, "data-testid": "verdict", text: verdict });
    return row(
      [m.move, seatWord(seat), throwText(m.throw), el("span", { title: m.played, text: played }), el("span", { title: m.best, text: best }), loss, verdictCell, luck],
      { "data-testid": "review-move", "data-verdict": m.verdict, class: m.luck_mark ? "luck-marked" : "" },
    );
  });
  $("moves").replaceChildren(
    head(["review.col.n", "review.col.who", "review.col.throw", "review.col.played", "review.col.best", "review.col.loss", "review.col.verdict", "review.col.luck"]),
    el("tbody", {}, ...body),
  );
  const s = review.settings;
  const noLuck = s.luck_rollouts === 0 ? ` ${t("review.no_luck")}` : "";
  if (review.method === "network") {
    $("how").textContent = t("review.how_network", {
      inaccuracy: pct(review.thresholds.fine),
      mistake: pct(review.thresholds.inaccuracy),
      blunder: pct(review.thresholds.mistake),
    }) + noLuck;
    return;
  }
  $("how").textContent = t("review.how", {
    rollouts: s.rollouts,
    policy: t(`level.${s.policy}`),
    candidates: s.candidates,
    luck: s.luck_rollouts,
    clear: review.clear,
    inaccuracy: pct(review.thresholds.fine),
    mistake: pct(review.thresholds.inaccuracy),
    blunder: pct(review.thresholds.mistake),
  }) + noLuck;
}

async function start() {
  await loadLanguage();
  mountLanguageSwitch();
  $("game-link").href = `/g/${encodeURIComponent(gameId)}`;
  const status = $("status");
  let state;
  try {
    state = await api(`/api/games/${encodeURIComponent(gameId)}`);
  } catch (error) {
    status.textContent = t("review.failed", { error: error.message });
    return;
  }
  $("result").textContent = resultText(state);
  if (state.status !== "finished") {
    status.textContent = t("review.not_finished");
    return;
  }
  status.textContent = t("review.waiting");
  document.body.dataset.review = "waiting";
  try {
    const review = await api(`/api/games/${encodeURIComponent(gameId)}/review`);
    summary(state, review);
    moves(state, review);
    status.textContent = "";
    document.body.dataset.review = "done";
  } catch (error) {
    status.textContent = t("review.failed", { error: error.message });
    document.body.dataset.review = "failed";
  }
}

start();
