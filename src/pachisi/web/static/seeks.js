// The lobby's "Play someone now" card (docs/web.md, "Finding a game"): post a
// seek, see the open seeks live (WS /api/lobby/ws), accept one, cancel your
// own. The page holds its seeks on the WebSocket, so they live while it is
// open; once paired, it goes to the game with its seat's key.

import { api, saveKeys } from "./api.js";
import { loadLanguage, t } from "./i18n.js";
import { el } from "./ui.js";

const $ = (id) => document.getElementById(id);
const STORE = "pachisi.seeks";

const seeking = { mine: new Map(), ws: null, listing: [], account: null, rulesets: null };

function remember() {
  const mine = [...seeking.mine.values()].map((s) => ({ id: s.id, key: s.secret, spec: s.spec }));
  sessionStorage.setItem(STORE, JSON.stringify(mine));
}

function recall() {
  try {
    for (const s of JSON.parse(sessionStorage.getItem(STORE) || "[]")) {
      seeking.mine.set(s.id, { id: s.id, secret: s.key, spec: s.spec || {} });
    }
  } catch {
    sessionStorage.removeItem(STORE);
  }
}

function setupWords(s) {
  const key = s.players === 4 && s.teams ? "4t" : String(s.players);
  return `${t(`ruleset.${s.ruleset}`)}, ${t(`seek.setup_${key}`)}`;
}

function tags(s) {
  const out = [s.rated ? t("seek.rated_tag") : t("seek.casual_tag")];
  if (s.clock) out.push(t("seek.clock_tag", { seconds: s.clock.seconds }));
  return out.join(" · ");
}

function hold() {
  const ws = seeking.ws;
  if (!ws || ws.readyState !== WebSocket.OPEN) return;
  const seeks = [...seeking.mine.values()].map((s) => ({ id: s.id, key: s.secret }));
  ws.send(JSON.stringify({ type: "hold", seeks }));
}

function goToGame(message) {
  seeking.mine.delete(message.id);
  remember();
  saveKeys(message.game, new Map([[message.seat, message.key]]));
  $("seek-status").textContent = t("seek.paired");
  window.location.assign(message.url);
}

function drawMine() {
  const items = [...seeking.mine.values()].map((s) =>
    el(
      "li",
      { class: "seek mine", "data-testid": "my-seek", "data-id": s.id },
      el("span", { text: t("seek.waiting", { setup: setupWords(s.spec) }) }),
      el("button", {
        type: "button", class: "link-button", "data-testid": "cancel-seek",
        text: t("seek.cancel"), onclick: () => cancel(s.id),
      }),
    ),
  );
  $("my-seeks").replaceChildren(...items);
  $("my-seeks-title").hidden = items.length === 0;
}

function drawListing() {
  const list = $("open-seeks");
  if (!seeking.listing.length) {
    list.replaceChildren(el("li", { class: "hint", text: t("seek.none") }));
    return;
  }
  list.replaceChildren(
    ...seeking.listing.map((s) => {
      const mine = seeking.mine.has(s.id);
      const canPlay = !mine && (!s.rated || seeking.account);
      return el(
        "li",
        { class: "seek", "data-testid": "open-seek", "data-id": s.id },
        el("strong", { text: s.name }),
        el("span", { text: ` ${setupWords(s)} · ${tags(s)}` }),
        mine
          ? el("span", { class: "hint", text: ` (${t("seek.yours")})` })
          : el("button", {
              type: "button", class: "primary", "data-testid": "accept-seek",
              text: t("seek.accept"), disabled: !canPlay, onclick: () => accept(s.id),
            }),
      );
    }),
  );
}

async function answered(promise, spec) {
  try {
    const answer = await promise;
    if (answer.status === "paired") {
      goToGame({ ...answer, id: answer.id });
      return;
    }
    seeking.mine.set(answer.id, { id: answer.id, secret: answer.secret, spec });
    remember();
    drawMine();
    drawListing();
    hold();
  } catch (error) {
    $("seek-status").textContent = t("seek.failed", { error: error.message });
  }
}

function formSpec() {
  const setup = $("seek-setup").value;
  const spec = {
    ruleset: $("seek-ruleset").value,
    players: Number(setup.replace("t", "")),
    teams: setup.endsWith("t"),
    rated: $("seek-rated").checked,
  };
  const seconds = Number($("seek-clock").value);
  if (seconds) spec.clock = { seconds, then: "computer", level: "greedy" };
  const fill = Number($("seek-fill").value);
  if (fill && !spec.rated) spec.fill_after = fill;
  return spec;
}

/** Offer only the set-ups the chosen ruleset has (GET /api/rulesets: its player counts
 * and whether it has teams; Ludo and MADN have none): the others are disabled. */
function fitSetups() {
  const info = seeking.rulesets && seeking.rulesets[$("seek-ruleset").value];
  if (!info) return;
  const select = $("seek-setup");
  for (const option of select.options) {
    const teams = option.value.endsWith("t");
    const fits = info.players.includes(Number(option.value.replace("t", ""))) && (!teams || info.teams);
    option.disabled = !fits;
  }
  if (select.selectedOptions[0] && select.selectedOptions[0].disabled) {
    const first = [...select.options].find((option) => !option.disabled);
    if (first) select.value = first.value;
  }
}

async function post(event) {
  event.preventDefault();
  $("seek-status").textContent = "";
  const spec = formSpec();
  await answered(api("/api/seeks", { method: "POST", body: spec }), spec);
}

async function accept(id) {
  $("seek-status").textContent = "";
  const spec = seeking.listing.find((s) => s.id === id) || {};
  await answered(api(`/api/seeks/${id}/accept`, { method: "POST", body: {} }), spec);
}

async function cancel(id) {
  const s = seeking.mine.get(id);
  if (!s) return;
  try {
    await api(`/api/seeks/${id}/cancel`, { method: "POST", body: { key: s.secret } });
  } catch {
    // Gone already: the WebSocket says how.
  }
  seeking.mine.delete(id);
  remember();
  drawMine();
  drawListing();
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/api/lobby/ws`);
  seeking.ws = ws;
  ws.addEventListener("open", hold);
  ws.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "seeks") {
      seeking.listing = message.seeks;
      drawListing();
    } else if (message.type === "seek" && message.status === "paired") {
      goToGame(message);
    } else if (message.type === "seek") {
      seeking.mine.delete(message.id);
      remember();
      drawMine();
      $("seek-status").textContent = t("seek.gone", { status: t(`seek.status.${message.status}`) });
    }
  });
  ws.addEventListener("close", () => setTimeout(connect, 2000));
}

// The guard closes a silent WebSocket: a ping now and then keeps it.
function keepAlive() {
  const ws = seeking.ws;
  if (ws && ws.readyState === WebSocket.OPEN) ws.send('{"type":"ping"}');
}

async function start() {
  if (!$("seek-form")) return;
  await loadLanguage();
  try {
    seeking.account = (await api("/api/account")).account || null;
  } catch {
    seeking.account = null;
  }
  $("seek-rated").disabled = !seeking.account;
  $("seek-rated-note").hidden = Boolean(seeking.account);
  recall();
  drawMine();
  drawListing();
  $("seek-form").addEventListener("submit", post);
  $("seek-ruleset").addEventListener("change", fitSetups);
  try {
    seeking.rulesets = (await api("/api/rulesets")).rulesets;
  } catch {
    seeking.rulesets = null; // the server says which set-up it refuses, if one is posted
  }
  fitSetups();
  // The button is disabled in the page until now: a click before the submit
  // handler is attached would submit the form natively and reload the page,
  // losing the seek (a test's click did, once, on a loaded machine).
  $("post-seek").disabled = false;
  $("seek-form").dataset.ready = "true";
  connect();
  setInterval(keepAlive, 30000);
}

start();
