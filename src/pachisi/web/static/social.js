// The social side of a game (docs/web.md, "Leaving a game"): resigning, an
// offer to end the game, seats shown away, the turn timer, a seat handed to a
// computer or a game adjourned; in the lobby, the table settings of a new game
// and the status of a listed game. The server decides everything: this module
// shows the state's social fields and sends seat actions (POST .../seat).

import { ApiError, api, gamesWithKeys } from "./api.js";
import { has, language, t } from "./i18n.js";
import { el, seatName } from "./ui.js";

const $ = (id) => document.getElementById(id);

// -- the server's public address -------------------------------------------------

let serverInfo = null;

/** The origin share links start with: the server's --base-url, or this page's. */
export async function shareOrigin() {
  if (serverInfo === null) {
    try {
      serverInfo = await api("/api/server");
    } catch {
      serverInfo = { base_url: null };
    }
  }
  return serverInfo.base_url || location.origin;
}

// -- the game page -----------------------------------------------------------------

const social = {
  gameId: null,
  onState: null, // the page's applyState
  state: null,
  keys: new Map(),
  received: 0, // Date.now() when the state shown arrived
  receivedVersion: null,
  confirming: false,
  sending: false,
  ticker: null,
};

/** Wire the game page's table card; `onState` takes the state a seat action answers. */
export function initSocial(gameId, onState) {
  social.gameId = gameId;
  social.onState = onState;
  $("resign").addEventListener("click", () => {
    social.confirming = true;
    draw();
    $("resign-confirm").focus();
  });
  $("resign-cancel").addEventListener("click", () => {
    social.confirming = false;
    draw();
  });
  $("resign-confirm").addEventListener("click", () => {
    social.confirming = false;
    send("resign", resignSeat());
  });
  $("offer-end").addEventListener("click", () => send("offer", mySeats()[0]));
  $("accept-end").addEventListener("click", () => sendAll("accept", waitingSeats()));
  $("decline-end").addEventListener("click", () => send("decline", mySeats()[0]));
  $("resume").addEventListener("click", () => send("resume", mySeats()[0]));
  $("take-back").addEventListener("click", () => sendAll("take_back", handedSeats()));
  social.ticker = setInterval(drawClock, 250);
  shareOrigin().then((origin) => {
    if (origin !== location.origin && social.state) {
      $("watch-url").value = `${origin}/g/${social.state.id}`;
    }
  });
}

/** The keys this page holds (the WebSocket hello says which seats are played here). */
export function heldKeys(keys) {
  return [...keys.values()];
}

/** Draw the social fields of a new state (called by the page after every render). */
export function renderSocial(state, keys) {
  if (!social.state || social.receivedVersion !== `${state.version}:${state.rev}`) {
    social.received = Date.now();
    social.receivedVersion = `${state.version}:${state.rev}`;
  }
  social.state = state;
  social.keys = keys;
  if (serverInfo && serverInfo.base_url) $("watch-url").value = `${serverInfo.base_url}/g/${state.id}`;
  draw();
}

/** The seats of this game this page plays (its keys). */
function mySeats() {
  const s = social.state;
  return [...social.keys.keys()].filter((seat) => seat < s.seats.length).sort((a, b) => a - b);
}

function resignSeat() {
  const s = social.state;
  const mine = mySeats();
  return mine.includes(s.to_move) ? s.to_move : mine[0];
}

function waitingSeats() {
  const offer = social.state.offer;
  return offer ? mySeats().filter((seat) => offer.waiting.includes(seat)) : [];
}

function handedSeats() {
  const handed = new Set(social.state.handed.map((h) => h.seat));
  return mySeats().filter((seat) => handed.has(seat));
}

function names(seats) {
  return seats.map((seat) => seatName(social.state.seats[seat])).join(", ");
}

function draw() {
  const s = social.state;
  if (!s) return;
  const mine = mySeats();
  const holds = mine.length > 0;
  const playing = s.status === "playing";
  const humansOnly = s.seats.every((seat) => seat.kind === "human");
  const offer = s.offer;

  // The players list: who is away, who resigned, who is played by a computer for now.
  for (const item of document.querySelectorAll("#players li[data-seat]")) {
    const seat = Number(item.dataset.seat);
    for (const old of item.querySelectorAll(".social-badge")) old.remove();
    const badges = [];
    if (s.away.includes(seat)) badges.push(["away", t("social.badge_away")]);
    if (s.resigned.includes(seat)) badges.push(["resigned", t("social.badge_resigned")]);
    const handed = s.handed.find((h) => h.seat === seat);
    if (handed) badges.push(["handed", t(handed.why === "away" ? "social.badge_handed_away" : "social.badge_handed_time")]);
    for (const [kind, text] of badges) {
      item.append(el("span", { class: `social-badge badge-${kind}`, "data-testid": `badge-${kind}`, text }));
    }
  }

  // Lines for everyone: the offer, an adjournment, seats handed over.
  const lines = [];
  if (offer) {
    const offered = t("social.offer", { who: names([offer.by]) });
    const waiting = offer.waiting.length ? ` ${t("social.offer_waiting", { who: names(offer.waiting) })}` : "";
    lines.push(`${offered}${waiting}`);
  }
  if (s.status === "adjourned" && s.adjourned) {
    const key = s.adjourned.why === "away" ? "social.adjourned_away" : "social.adjourned_time";
    lines.push(t(key, { who: names([s.adjourned.seat]) }));
  }
  for (const h of s.handed) {
    const key = h.why === "away" ? "social.handed_away" : "social.handed_time";
    lines.push(t(key, { who: names([h.seat]), level: levelWord(h.level) }));
  }
  const away = s.away.filter((seat) => !s.handed.some((h) => h.seat === seat));
  if (away.length && s.status !== "finished") lines.push(t("social.away_line", { who: names(away) }));
  if (s.status === "adjourned") $("turn").replaceChildren(el("strong", { text: t("social.adjourned") }));
  const status = $("social-status");
  status.replaceChildren(...lines.map((text) => el("p", { text })));
  status.hidden = lines.length === 0;

  // The buttons of this page's seats.
  const card = $("table");
  card.hidden = !holds || s.status === "finished";
  const waitingHere = waitingSeats();
  $("resign").hidden = !playing || social.confirming;
  $("resign-row").hidden = !playing || !social.confirming;
  $("offer-end").hidden = !playing || !humansOnly || offer !== null;
  $("accept-end").hidden = !playing || !offer || waitingHere.length === 0;
  $("decline-end").hidden = !playing || !offer;
  $("decline-end").textContent = offer && mine.includes(offer.by) && !waitingHere.length ? t("social.withdraw") : t("social.decline");
  $("resume").hidden = s.status !== "adjourned";
  $("take-back").hidden = handedSeats().length === 0 || s.status === "finished";
  drawLeft(playing ? (s.claimable || []).filter((seat) => !mine.includes(seat)) : []);
  for (const id of ["resign", "resign-confirm", "offer-end", "accept-end", "decline-end", "resume", "take-back"]) {
    $(id).disabled = social.sending;
  }
  drawClock();
}

/** For each seat that left (away long enough): end the game, or let a computer play it. */
function drawLeft(seats) {
  const rows = seats.map((seat) => {
    const name = names([seat]);
    return el(
      "div",
      { class: "button-row", "data-seat": seat },
      el("span", { class: "hint", text: t("social.has_left", { who: name }) }),
      el("button", {
        type: "button",
        "data-testid": "claim",
        "data-seat": seat,
        disabled: social.sending,
        text: t("social.claim", { who: name }),
        onclick: () => send("claim", mySeats()[0], seat),
      }),
      el("button", {
        type: "button",
        "data-testid": "hand-over",
        "data-seat": seat,
        disabled: social.sending,
        text: t("social.hand_over", { who: name }),
        onclick: () => send("hand_over", mySeats()[0], seat),
      }),
    );
  });
  $("left-actions").replaceChildren(...rows);
}

/** The turn timer: seconds left for the throw being played (counted here from the state's `left`). */
function drawClock() {
  const s = social.state;
  const box = $("turn-clock");
  if (!s || !s.clock || s.clock.left === null || s.status !== "playing") {
    box.hidden = true;
    box.textContent = "";
    return;
  }
  const left = Math.max(0, s.clock.left - (Date.now() - social.received) / 1000);
  const key = s.clock.then === "adjourn" ? "social.clock_adjourn" : "social.clock_computer";
  box.hidden = false;
  box.dataset.left = String(Math.ceil(left));
  box.classList.toggle("short", left <= 10);
  const values = { n: Math.ceil(left), who: names([s.to_move]), level: levelWord(s.clock.level) };
  box.textContent = t(key, values);
}

/** A computer's level in words ("greedy"), as the players list says it. */
function levelWord(level) {
  return has(`level.${level}`) ? t(`level.${level}`) : level;
}

/** A refused seat action in words: the known codes translated, the server's detail after. */
function errorText(error) {
  const code = error instanceof ApiError ? error.code : null;
  const known = code && has(`error.${code}`) ? t(`error.${code}`) : t("error.unknown");
  const detail = error.message && code !== "network" ? ` (${error.message})` : "";
  return t("social.not_done", { error: `${known}${detail}` });
}

async function sendAll(type, seats) {
  for (const seat of seats) {
    if (!(await send(type, seat))) return;
  }
}

/** POST a seat action (about the seat `target` that left, for claim and hand_over). */
async function send(type, seat, target = null) {
  const key = social.keys.get(seat);
  if (!key || social.sending) return false;
  social.sending = true;
  draw();
  $("social-error").hidden = true;
  const body = { key, type };
  if (target !== null) body.seat = target;
  try {
    const path = `/api/games/${encodeURIComponent(social.gameId)}/seat`;
    const answer = await api(path, { method: "POST", body });
    social.sending = false;
    social.onState(answer.state);
    return true;
  } catch (error) {
    $("social-error").textContent = errorText(error);
    $("social-error").hidden = false;
    return false;
  } finally {
    social.sending = false;
    draw();
  }
}

// -- the lobby ---------------------------------------------------------------------

/** The table settings of the new-game form, as fields of POST /api/games. */
export function tableSettings() {
  const seconds = Number($("clock-seconds").value);
  const clock = seconds
    ? { seconds, then: $("clock-then").value, level: $("clock-level").value }
    : null;
  return { public: $("public").checked, clock };
}

/** Show the timer's policy only when a timer is chosen. */
export function initTableSettings() {
  const update = () => {
    $("clock-policy").hidden = !Number($("clock-seconds").value);
  };
  $("clock-seconds").addEventListener("change", update);
  $("clock-then").addEventListener("change", () => {
    $("clock-level-field").hidden = $("clock-then").value !== "computer";
  });
  update();
}

/** The query of GET /api/games: the games whose links this browser holds. */
export function listQuery() {
  const ids = gamesWithKeys().slice(0, 200);
  return ids.length ? `?ids=${ids.map(encodeURIComponent).join(",")}` : "";
}

/** How long ago a listed game last changed, in minutes. */
function idleMinutes(game) {
  const then = Date.parse(game.updated);
  return Number.isNaN(then) ? 0 : (Date.now() - then) / 60000;
}

/** A listed game's status in words: never "in play" for a game nobody is playing. */
export function gameStatus(game) {
  if (game.status === "finished") {
    // The result is the server's line in English: shown in English pages only.
    return language() === "en" && game.result ? game.result : t("lobby.finished");
  }
  if (game.status === "adjourned") return t("lobby.adjourned");
  if (game.to_move !== null && game.to_move !== undefined && game.away.includes(game.to_move)) {
    const seat = game.seats[game.to_move];
    return t("lobby.waiting_away", { who: seat ? seatName(seat) : t("lobby.a_player") });
  }
  if (idleMinutes(game) > 15) return t("lobby.idle");
  return t("lobby.in_play");
}
