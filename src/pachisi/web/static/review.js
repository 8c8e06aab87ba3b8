// The post-game review (/review/{id}): every throw's play against the best,
// marked as `pachisi analyse` marks them (fine, inaccuracy, mistake, blunder,
// only when the loss is clear of the noise), and each player's luck, from
// GET /api/games/{id}/review (pachisi.analysis.review on the server).
//
// It opens with the unit (points of win chance), a graph of each player's
// win chance over the game (inline SVG, drawn from the review's rows: the
// start chances, then each throw's `after`) and the turning points (the
// biggest mistakes, the luckiest throws), before the full table. Fields the
// page does not know are ignored.

import { api } from "./api.js";
import { loadLanguage, mountLanguageSwitch, t } from "./i18n.js";
import { byPrecision } from "./insight.js";
import { el, swatches, throwText } from "./ui.js";
import { playText, resultText, seatWord } from "./words.js";

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const $ = (id) => document.getElementById(id);
const pct = (x) => (x === null || x === undefined ? "–" : (100 * x).toFixed(1));
// A rule's limit (a verdict's threshold) in points, as `pachisi analyse` prints it: 2, 5, 10.
const limit = (x) => String(Number((100 * x).toFixed(1)));
// The network's figures in whole points (their precision), rollouts' with one decimal and their ±.
const wholeOrDash = (x) => (x === null || x === undefined ? "–" : (100 * x).toFixed(0));
const signedWhole = (x) => `${x >= 0 ? "+" : "−"}${(100 * Math.abs(x)).toFixed(0)}`;
const signed = (x) => (x === null || x === undefined ? "–" : `${x >= 0 ? "+" : "−"}${(100 * Math.abs(x)).toFixed(1)}`);

const SVG = "http://www.w3.org/2000/svg";

/** An SVG element with attributes and children. */
function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  for (const child of children) node.append(child);
  return node;
}

/**
 * Each reviewed player's win chance over the game: `players` (seat indices, as
 * `review.players`) and `points`, one list per point of the game (the start, then after
 * each throw), each with one chance per player. A row without chances repeats the last.
 */
export function chanceSeries(review) {
  const players = (review.players || []).map((p) => p.player);
  const start = (review.start_chances && review.start_chances.chances) || [];
  let last = players.map((i) => (typeof start[i] === "number" ? start[i] : null));
  const points = [last];
  for (const m of review.moves || []) {
    const after = m.after && Array.isArray(m.after.chances) ? m.after.chances : null;
    last = players.map((i, k) => (after && typeof after[i] === "number" ? after[i] : last[k]));
    points.push(last);
  }
  return { players, points };
}

/** The turning points: the biggest mistakes (a verdict worse than fine, by loss) and the
 * luckiest throws (marked lucky, by luck), at most `n` each, with their index in the rows. */
export function turningPoints(review, n = 3) {
  const rows = (review.moves || []).map((m, k) => ({ m, k }));
  const mistakes = rows
    .filter(({ m }) => !m.forced && !m.decided && m.verdict && m.verdict !== "fine" && typeof m.loss === "number")
    .sort((a, b) => b.m.loss - a.m.loss)
    .slice(0, n);
  const lucky = rows
    .filter(({ m }) => typeof m.luck === "number" && (m.luck_mark === "lucky" || m.luck_mark === "very lucky"))
    .sort((a, b) => b.m.luck - a.m.luck)
    .slice(0, n);
  return { mistakes, lucky };
}

// Whole points of a size (no sign: the callers write it where one is meant).
const whole = (x) => String(Math.round(100 * Math.abs(x)));

/** The graph of the win chances: one line per player, rings at the turning points. */
function graph(state, review, turning) {
  const { players, points } = chanceSeries(review);
  const W = 640;
  const H = 220;
  const [L, R, T, B] = [44, 12, 10, 26];
  const last = Math.max(points.length - 1, 1);
  const x = (i) => L + (i * (W - L - R)) / last;
  const y = (c) => T + (1 - c) * (H - T - B);
  const grid = [0, 0.25, 0.5, 0.75, 1].map((c) =>
    svg(
      "g",
      { class: "graph-grid" },
      svg("line", { x1: L, x2: W - R, y1: y(c), y2: y(c), stroke: "#999", "stroke-opacity": c === 0.5 ? 0.6 : 0.25 }),
      svg("text", { x: L - 6, y: y(c) + 4, "text-anchor": "end", "font-size": 11, fill: "currentColor" }, `${100 * c}%`),
    ),
  );
  const axis = [
    svg("text", { x: L, y: H - 6, "font-size": 11, fill: "currentColor" }, t("review.graph_start")),
    svg(
      "text",
      { x: W - R, y: H - 6, "text-anchor": "end", "font-size": 11, fill: "currentColor" },
      t("review.graph_end", { n: points.length - 1 }),
    ),
  ];
  const lines = players.map((seatIndex, k) => {
    const seat = state.seats[seatIndex];
    const colour = seat ? seat.colours[0] : "grey";
    const coords = points
      .map((p, i) => (p[k] === null ? null : `${x(i).toFixed(1)},${y(p[k]).toFixed(1)}`))
      .filter(Boolean)
      .join(" ");
    return svg(
      "polyline",
      {
        class: "graph-series",
        "data-testid": "graph-series",
        "data-seat": seatIndex,
        points: coords,
        fill: "none",
        "stroke-width": 2.5,
        "stroke-linejoin": "round",
        style: `stroke: var(--${colour}, #555)`,
      },
      svg("title", {}, seat ? seatWord(seat) : String(seatIndex)),
    );
  });
  const rings = [...turning.mistakes.map((e) => [e, "mistake"]), ...turning.lucky.map((e) => [e, "lucky"])].map(
    ([{ m, k }, kind]) => {
      const at = players.indexOf(m.player);
      const chance = at >= 0 ? points[k + 1][at] : null;
      return chance === null
        ? null
        : svg("circle", {
            class: `graph-mark graph-${kind}`,
            "data-testid": "graph-mark",
            "data-move": m.move,
            cx: x(k + 1).toFixed(1),
            cy: y(chance).toFixed(1),
            r: 6,
            fill: "none",
            stroke: kind === "mistake" ? "#b00020" : "#1f7a3a",
            "stroke-width": 2,
          });
    },
  );
  const picture = svg(
    "svg",
    {
      viewBox: `0 0 ${W} ${H}`,
      width: "100%",
      role: "img",
      "aria-labelledby": "review-graph-title",
      "aria-describedby": "graph-desc",
      "data-testid": "graph-svg",
      style: "max-width: 48rem; display: block",
    },
    ...grid,
    ...axis,
    ...lines,
    ...rings.filter(Boolean),
  );
  const legend = el(
    "p",
    { class: "graph-legend" },
    ...players.map((seatIndex) => {
      const seat = state.seats[seatIndex];
      return seat ? el("span", { class: "graph-key" }, ...swatches(seat.colours), ` ${seatWord(seat)} `) : null;
    }),
  );
  $("graph").replaceChildren(picture, legend);
  $("graph-card").hidden = false;
}

/** The turning points in words, each linked to its row of the full table. */
function turningList(state, turning) {
  const who = (m) => (state.seats[m.player] ? seatWord(state.seats[m.player]) : String(m.player));
  const link = (m, text, testid) =>
    el("li", { "data-testid": testid, "data-move": m.move }, el("a", { href: `#move-${m.move}`, text }));
  const mistakes = turning.mistakes.map(({ m }) =>
    link(
      m,
      t("review.turn_mistake", {
        n: m.move,
        who: who(m),
        played: playText(m.played_facts, m.played),
        best: playText(m.best_facts, m.best),
        loss: whole(m.loss),
        verdict: t(`verdict.${m.verdict}`),
      }),
      "turning-mistake",
    ),
  );
  const lucky = turning.lucky.map(({ m }) =>
    link(
      m,
      t("review.turn_lucky", {
        n: m.move,
        who: who(m),
        throw: throwText(m.throw),
        luck: `+${whole(m.luck)}`,
        mark: t(`luck.${m.luck_mark}`),
      }),
      "turning-lucky",
    ),
  );
  $("turning").replaceChildren(
    el("h3", { text: t("review.mistakes") }),
    mistakes.length ? el("ol", {}, ...mistakes) : el("p", { class: "hint", text: t("review.no_mistakes") }),
    el("h3", { text: t("review.lucky") }),
    lucky.length ? el("ol", {}, ...lucky) : el("p", { class: "hint", text: t("review.no_lucky") }),
  );
  $("turning-card").hidden = false;
}

function row(cells, attrs = {}) {
  return el("tr", attrs, ...cells.map((c) => (c instanceof Node ? el("td", {}, c) : el("td", { text: String(c) }))));
}

function head(keys) {
  return el("thead", {}, el("tr", {}, ...keys.map((k) => el("th", { scope: "col", text: t(k) }))));
}

/** Each player's game in a sentence, in whole points of win chance: what the plays marked
 * worse than fine lost, and what the dice gave (with its standard error), from the rows. */
function playerWords(state, review) {
  const items = review.players.map((p) => {
    const seat = state.seats[p.player];
    const who = seat ? seatWord(seat) : String(p.player);
    const marked = (review.moves || []).filter(
      (m) => m.player === p.player && !m.forced && !m.decided && m.verdict && m.verdict !== "fine",
    );
    const lost = marked.reduce((sum, m) => sum + (typeof m.loss === "number" ? m.loss : 0), 0);
    let text;
    if (!marked.length) text = t("review.words_clean", { who });
    else text = t(marked.length === 1 ? "review.words_lost_one" : "review.words_lost", { who, loss: whole(lost), n: marked.length });
    if (typeof p.luck === "number") {
      const sign = Math.round(100 * p.luck) >= 0 ? "+" : "−";
      text += t("review.words_luck", { luck: `${sign}${whole(p.luck)}`, se: p.luck_se === null ? "–" : whole(p.luck_se || 0) });
    } else text += t("review.words_no_luck");
    return el("li", { "data-testid": "player-words", "data-seat": p.player, text });
  });
  $("player-words").replaceChildren(...items);
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
    // By rollouts: to the precision of the loss's standard error (pachisi.analysis.words).
    const sign = m.loss < 0 && byPrecision(m.loss, m.loss_se) !== "0" ? "−" : "";
    const margin = m.loss_se === 0 ? "" : ` ± ${byPrecision(m.loss_se || 0, m.loss_se)}`; // exact: none
    const rolledLoss = () => `${sign}${byPrecision(m.loss, m.loss_se)}${margin}`;
    const loss = m.forced || m.decided || m.loss === null ? "–" : m.method === "network" ? wholeOrDash(m.loss) : rolledLoss();
    const luckMark = m.luck_mark ? ` ${t(`luck.${m.luck_mark}`)}` : "";
    const luck = m.luck === null ? "–" : `${m.method === "network" ? signedWhole(m.luck) : signed(m.luck)}${luckMark}`;
    const verdictCell = el("span", { class: `verdict verdict-${m.verdict}`, "data-testid": "verdict", text: verdict });
    return row(
      [m.move, seatWord(seat), throwText(m.throw), el("span", { title: m.played, text: played }), el("span", { title: m.best, text: best }), loss, verdictCell, luck],
      { "data-testid": "review-move", "data-verdict": m.verdict, class: m.luck_mark ? "luck-marked" : "", id: `move-${m.move}` },
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
      inaccuracy: limit(review.thresholds.fine),
      mistake: limit(review.thresholds.inaccuracy),
      blunder: limit(review.thresholds.mistake),
    }) + noLuck;
    return;
  }
  $("how").textContent = t("review.how", {
    rollouts: s.rollouts,
    policy: t(`level.${s.policy}`),
    candidates: s.candidates,
    luck: s.luck_rollouts,
    clear: review.clear,
    inaccuracy: limit(review.thresholds.fine),
    mistake: limit(review.thresholds.inaccuracy),
    blunder: limit(review.thresholds.mistake),
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
    $("unit").hidden = false;
    const turning = turningPoints(review);
    graph(state, review, turning);
    turningList(state, turning);
    playerWords(state, review);
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
