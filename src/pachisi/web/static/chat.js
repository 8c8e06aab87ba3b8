// The game page's chat (docs/web.md, "Chat"): the players' chat for a page
// holding a seat's key, the spectators' chat for everyone else; the two are
// kept apart. Messages are put in the page as text (textContent), never as
// HTML; quick phrases in the reader's language; mute a seat; report a message.

import { api, keysFromFragment, loadKeys } from "./api.js";
import { loadLanguage, t } from "./i18n.js";
import { el } from "./ui.js";

const $ = (id) => document.getElementById(id);
const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const POLL_MS = 2000;

const chat = { room: "spectators", key: null, seat: null, last: 0, seats: [], muted: [],
               phrases: [], reported: new Set(), shown: [] }; // prettier-ignore

function headers() {
  return chat.key ? { "x-seat-key": chat.key } : {};
}

function line(m) {
  const text = m.phrase ? t(`chat.phrase.${m.phrase}`) : m.text;
  const report =
    m.seat !== null && m.seat === chat.seat
      ? null
      : el("button", {
          type: "button", class: "link-button chat-report", "data-testid": "chat-report",
          text: chat.reported.has(m.id) ? t("chat.reported") : t("chat.report"),
          disabled: chat.reported.has(m.id), onclick: () => report(m.id),
        });
  return el(
    "li",
    { class: "chat-line", "data-testid": "chat-line", "data-id": m.id },
    el("strong", { class: "chat-name", text: `${m.name}: ` }),
    el("span", { class: "chat-text", "data-testid": "chat-text", text }),
    report ? " " : null,
    report,
  );
}

function draw() {
  const list = $("chat-lines");
  const shown = chat.shown.filter((m) => m.seat === null || !chat.muted.includes(m.seat));
  if (!shown.length) list.replaceChildren(el("li", { class: "hint", text: t("chat.empty") }));
  else list.replaceChildren(...shown.map(line));
  list.scrollTop = list.scrollHeight;
}

function drawMutes() {
  const box = $("chat-mutes");
  if (chat.room !== "players") {
    box.replaceChildren();
    return;
  }
  const others = chat.seats.filter((s) => s.index !== chat.seat && s.kind === "human");
  box.replaceChildren(
    ...others.map((s) => {
      const muted = chat.muted.includes(s.index);
      return el("button", {
        type: "button", class: "link-button", "data-testid": "chat-mute", "data-seat": s.index,
        "aria-pressed": muted ? "true" : "false",
        text: t(muted ? "chat.unmute" : "chat.mute", { name: s.name }),
        onclick: () => mute(s.index, !muted),
      });
    }),
  );
}

async function poll() {
  try {
    const response = await fetch(
      `/api/games/${encodeURIComponent(gameId)}/chat?room=${chat.room}&after=${chat.last}`,
      { headers: headers(), cache: "no-store" },
    );
    if (!response.ok) return;
    const answer = await response.json();
    chat.muted = answer.muted;
    if (!chat.phrases.length) drawPhrases(answer.phrases);
    const note = $("chat-note");
    note.hidden = answer.can_write;
    if (!answer.can_write) note.textContent = t(answer.why && answer.why.includes("suspended") ? "chat.suspended" : "chat.signin");
    $("chat-form").hidden = !answer.can_write;
    if (answer.messages.length) {
      chat.last = answer.messages[answer.messages.length - 1].id;
      chat.shown = chat.shown.concat(answer.messages).slice(-200);
    }
    draw();
  } catch {
    // Offline: the next poll tries again.
  }
}

function drawPhrases(names) {
  chat.phrases = names;
  $("chat-phrases").replaceChildren(
    ...names.map((name) =>
      el("button", {
        type: "button", class: "chat-phrase", "data-testid": "chat-phrase", "data-phrase": name,
        text: t(`chat.phrase.${name}`), onclick: () => send({ phrase: name }),
      }),
    ),
  );
}

async function send(what) {
  const body = { room: chat.room, ...what };
  if (chat.key) body.key = chat.key;
  $("chat-error").hidden = true;
  try {
    await api(`/api/games/${encodeURIComponent(gameId)}/chat`, { method: "POST", body });
    if (what.text !== undefined) $("chat-input").value = "";
    await poll();
  } catch (error) {
    $("chat-error").hidden = false;
    $("chat-error").textContent = t("chat.failed", { error: error.message });
  }
}

async function mute(seat, muted) {
  try {
    const answer = await api(`/api/games/${encodeURIComponent(gameId)}/chat/mute`, {
      method: "POST", body: { key: chat.key, seat, muted },
    });
    chat.muted = answer.muted;
    drawMutes();
    draw();
  } catch (error) {
    $("chat-error").hidden = false;
    $("chat-error").textContent = t("chat.failed", { error: error.message });
  }
}

async function report(id) {
  const body = chat.key ? { key: chat.key } : {};
  try {
    await api(`/api/chat/${id}/report`, { method: "POST", body });
    chat.reported.add(id);
    draw();
  } catch (error) {
    $("chat-error").hidden = false;
    $("chat-error").textContent = t("chat.failed", { error: error.message });
  }
}

async function start() {
  if (!$("chat")) return;
  await loadLanguage();
  const keys = loadKeys(gameId);
  for (const [seat, key] of keysFromFragment(location.hash)) keys.set(seat, key);
  if (keys.size) {
    [chat.seat, chat.key] = [...keys.entries()][0];
    chat.room = "players";
  }
  $("chat-title").textContent = t(chat.room === "players" ? "chat.players" : "chat.spectators");
  $("chat").dataset.room = chat.room;
  try {
    chat.seats = (await api(`/api/games/${encodeURIComponent(gameId)}`)).seats;
  } catch {
    chat.seats = [];
  }
  $("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("chat-input").value.trim();
    if (text) send({ text });
  });
  await poll();
  drawMutes();
  setInterval(() => document.visibilityState === "visible" && poll(), POLL_MS);
}

start();
