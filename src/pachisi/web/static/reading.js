// Reading the game as it happens: the dice's numbers used and left, what just
// happened (a capture, a pawn HOME, a bonus, the third-doublet penalty), the
// keys of the step buttons, the notation toggle, and "your turn" shown in the
// tab title and, if the player allows it, by a notification.

import { t } from "./i18n.js";
import { el, reducedMotion } from "./ui.js";
import { factsText } from "./words.js";

/** The keys of the step buttons, in order: digits, then letters (not h or u, taken). */
const STEP_KEYS = "1234567890abcdefgijklmnopqrstvwxyz";

/** The key of the `k`-th step button (0-based), or null past the last key. */
export function stepKey(k) {
  return k < STEP_KEYS.length ? STEP_KEYS[k] : null;
}

/** The step index a key press chooses, or null. */
export function stepIndexOfKey(key) {
  if (typeof key !== "string" || key.length !== 1) return null;
  const k = STEP_KEYS.indexOf(key.toLowerCase());
  return k >= 0 ? k : null;
}

/**
 * The numbers of the throw being played, each marked used or left, and what a
 * doublet gives (its bottom faces count once every pawn has left the nest).
 */
export function renderDicePanel(s, box, note) {
  const numbers = s.dice || [];
  const chips = numbers.map((n) =>
    el(
      "span",
      {
        class: `number${n.used ? " used" : ""}${n.bottom ? " bottom" : ""}`,
        "data-testid": "die-number",
        "data-used": n.used ? "true" : "false",
        "data-bottom": n.bottom ? "true" : "false",
        title: n.bottom ? t("dice.bottom_face", { top: 7 - n.value }) : t("dice.top_face"),
      },
      String(n.value),
      n.bottom ? el("span", { class: "face-mark", "aria-hidden": "true", text: "↓" }) : null,
    ),
  );
  const left = numbers.filter((n) => !n.used).map((n) => n.value);
  const summary = numbers.length
    ? left.length
      ? t("dice.left", { numbers: left.join(", ") })
      : t("dice.all_used")
    : "";
  box.replaceChildren(...chips, summary ? el("span", { class: "dice-left", text: summary }) : null);
  box.hidden = !numbers.length;

  const notes = [];
  if (s.throw && s.throw[0] === s.throw[1] && s.ruleset !== "pagade") {
    const doubles = (s.position && s.position.doubles) || 0;
    const top = s.throw[0];
    if (numbers.some((n) => n.bottom)) notes.push(t("dice.doublet_bottoms", { top, bottom: 7 - top }));
    else notes.push(t("dice.doublet_tops", { top, bottom: 7 - top }));
    if (doubles) notes.push(t("dice.doublet_in_row", { ordinal: t(`ordinal.${doubles + 1}`) }));
  }
  note.textContent = notes.join(" ");
}

/** The events of one step's facts: a capture, HOME, a bonus, the penalty. */
function eventsOf(facts) {
  const out = [];
  if (!facts) return out;
  const words = factsText(facts);
  if (facts.kind === "penalty") out.push({ kind: "penalty", text: t("event.penalty", { step: words }) });
  if (facts.kind === "bonus") out.push({ kind: "bonus", text: t("event.bonus", { n: facts.bonus, step: words }) });
  if (facts.captured && facts.captured.length) {
    out.push({ kind: facts.pagade ? "cut" : "capture", text: t("event.capture", { step: words }) });
  }
  if (facts.reached === "home") out.push({ kind: "home", text: t("event.home", { step: words }) });
  return out;
}

const EVENT_MS = 9000;

/** Show (and announce) what happened between two states, as it happens. */
export function announceEvents(prev, s, announcer) {
  const facts = [];
  const newMoves = s.moves.slice(prev.moves.length);
  newMoves.forEach((move, k) => {
    // The first new move finishes the throw whose steps were already shown one by one.
    const seen = k === 0 && prev.throw ? (prev.steps_facts || []).length : 0;
    facts.push(...(move.facts || []).slice(seen));
  });
  if (!newMoves.length || s.steps.length) {
    const before = newMoves.length ? 0 : (prev.steps_facts || []).length;
    facts.push(...(s.steps_facts || []).slice(before));
  }
  const box = document.getElementById("events");
  for (const event of facts.flatMap(eventsOf)) {
    const item = el("li", { class: `event event-${event.kind}`, "data-testid": "event", "data-kind": event.kind, text: event.text });
    box.prepend(item);
    announcer.say(event.text);
    setTimeout(() => item.remove(), EVENT_MS);
    while (box.childElementCount > 4) box.lastElementChild.remove();
  }
}

const NOTATION_SETTING = "pachisi.notation";

/** The "show the move notation" switch: words always, the notation beside them if asked. */
export function setupNotation() {
  const box = document.getElementById("show-notation");
  const apply = (on) => document.body.classList.toggle("show-notation", on);
  const on = localStorage.getItem(NOTATION_SETTING) === "on";
  apply(on);
  if (!box) return;
  box.checked = on;
  box.addEventListener("change", () => {
    localStorage.setItem(NOTATION_SETTING, box.checked ? "on" : "off");
    apply(box.checked);
  });
}

/**
 * "Your turn" beyond the page: the tab title says it (render() sets it), and a
 * notification tells a player whose tab is hidden, once he allowed it with the
 * button. Returns the function to call after every render.
 */
export function watchAttention(isMine, getState) {
  const button = document.getElementById("notify");
  const supported = "Notification" in window;
  const showButton = () => {
    if (button) button.hidden = !supported || Notification.permission !== "default";
  };
  showButton();
  if (button && supported) {
    button.addEventListener("click", async () => {
      try {
        await Notification.requestPermission();
      } finally {
        showButton();
      }
    });
  }
  let told = null;
  return () => {
    const s = getState();
    if (!s || !isMine()) return;
    const id = `${s.id}:${s.moves.length}`;
    if (told === id) return;
    told = id;
    if (supported && Notification.permission === "granted" && document.hidden) {
      const note = new Notification(t("game.your_turn_title"), { body: t("game.notify_body"), tag: s.id });
      note.onclick = () => window.focus();
    }
  };
}

/** Whether pawns may slide (the board's CSS transitions are off with reduced motion). */
export function slides() {
  return !reducedMotion();
}
