// Small helpers shared by the pages: building DOM, naming colours and seats,
// drawing dice, putting the move notation (docs/notation.md) into words, and
// the aria-live announcer.

import { has, t } from "./i18n.js";

/**
 * Create an element. `attrs` sets attributes; `class` and `text` are
 * shortcuts, and a function value for an `on...` name becomes a listener.
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else if (name.startsWith("on") && typeof value === "function") {
      node.addEventListener(name.slice(2), value);
    } else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

/** The rulesets' names for people. */
export const RULESET_NAMES = {
  parcheesi: "Parcheesi",
  whitman: "Whitman's Pachisi",
  pagade: "Pagade",
  "eight-man": "Eight-Man Parcheesi",
  ludo: "Ludo",
  maedn: "Mensch ärgere Dich nicht",
};

/** "red" -> "Red" (in the page's language once its words are loaded). */
export function colourName(colour) {
  if (!colour) return "";
  if (has(`colour.${colour}`)) return t(`colour.${colour}`);
  return colour[0].toUpperCase() + colour.slice(1);
}

/** The colours of a seat in English, as the server names an unnamed seat. */
function englishColours(seat) {
  return seat.colours.map((c) => c[0].toUpperCase() + c.slice(1)).join("+");
}

/** The colours a seat plays, e.g. "Red" or "Red+Yellow" (as the server writes them). */
export function seatColours(seat) {
  return seat.colours.map(colourName).join("+");
}

/**
 * A computer level in words, in the page's language. The one place the pages
 * name a level: when the players' strength names (beginner ... master) come,
 * this is what changes.
 */
export function levelWord(kind) {
  return has(`level.${kind}`) ? t(`level.${kind}`) : kind;
}

/** A computer seat's default name: "Computer 2 (greedy)", numbered among the computers. */
export function computerName(number, kind) {
  return t("seat.computer", { n: number, level: levelWord(kind) });
}

/**
 * Number the computer seats of a game 1, 2, ... in seat order (kept on each seat
 * as `number`), for their default names. A page calls it with every seat list it gets.
 */
export function numberSeats(seats) {
  let n = 0;
  for (const seat of seats || []) {
    if (seat && seat.kind && seat.kind !== "human") {
      n += 1;
      seat.number = n;
    }
  }
  return seats;
}

/**
 * A seat's name: the name its player gave, or a default in the page's language
 * (the server names unnamed seats after their colours, computers by number
 * and level: "Computer 1 (greedy)"; servers before named them "Yellow (greedy)").
 */
export function seatName(seat) {
  const english = englishColours(seat);
  if (!seat.name || seat.name === english) return seatColours(seat);
  if (seat.name === `${english} (${seat.kind})` && isComputer(seat)) {
    return computerName(seat.number || seat.index + 1, seat.kind); // named by an older server
  }
  const computer = /^Computer (\d+) \(([\w-]+)\)$/.exec(seat.name);
  if (computer && computer[2] === seat.kind) return computerName(Number(computer[1]), seat.kind);
  return seat.name;
}

/** 1 -> "1st", 2 -> "2nd", ... */
export function ordinal(n) {
  const suffix = { 1: "st", 2: "nd", 3: "rd" }[n % 10];
  return `${n}${suffix && Math.floor(n / 10) % 10 !== 1 ? suffix : "th"}`;
}

/** Whether a computer plays the seat. */
export function isComputer(seat) {
  return seat.kind !== "human";
}

/**
 * A seat in words, without repeating what its name already says:
 * "Red", "Ann (Red)", "Blue (Casual)", "Hal (Blue, Casual)" (a computer by its level's name).
 */
export function seatLabel(seat) {
  const colours = seatColours(seat);
  const name = seatName(seat);
  const extra = [];
  if (!name.includes(colours)) extra.push(colours);
  if (isComputer(seat) && !name.includes(levelWord(seat.kind))) extra.push(levelWord(seat.kind));
  return extra.length ? `${name} (${extra.join(", ")})` : name;
}

/** A small swatch in each of the seat's colours. */
export function swatches(colours) {
  return colours.map((colour) => el("span", { class: `swatch c-${colour}`, "aria-hidden": "true" }));
}

/** "5-2". */
export function throwText(dice) {
  return dice ? dice.join("-") : "";
}

/** The Home progress number of a ruleset (FORMAT.md). */
export function homeProgress(ruleset) {
  return ruleset === "pagade" ? 84 : 72;
}

/** Pip positions (cells of a 3 x 3 grid, 0..8) of each face of a six-sided die. */
const PIPS = {
  1: [4],
  2: [2, 6],
  3: [2, 4, 6],
  4: [0, 2, 6, 8],
  5: [0, 2, 4, 6, 8],
  6: [0, 2, 3, 5, 6, 8],
};

/** One die: pips on a square for six-sided dice, a row of dots on a stick die (Pagade). */
export function dieNode(value, ruleset) {
  if (ruleset === "pagade") {
    const dots = Array.from({ length: value }, () => el("span", { class: "pip" }));
    const attrs = { class: "die stick", role: "img", "aria-label": String(value), "data-value": value };
    return el("span", attrs, dots);
  }
  const cells = Array.from({ length: 9 }, (_, k) =>
    el("span", { class: PIPS[value]?.includes(k) ? "pip" : "blank" }),
  );
  const attrs = { class: "die d6", role: "img", "aria-label": String(value), "data-value": value };
  return el("span", attrs, cells);
}

const LETTERS = { R: "red", Y: "yellow", G: "green" };

/** The colour of a notation letter ("B" is black in Pagade, blue elsewhere). */
function letterColour(letter, ruleset) {
  if (letter === "B") return ruleset === "pagade" ? "black" : "blue";
  return LETTERS[letter];
}

/**
 * One step of the move notation in words, e.g. "R21-25x" -> "Red moves from
 * 21 to 25 and captures". Unknown text is returned as it is.
 */
export function stepWords(step, ruleset) {
  const home = homeProgress(ruleset);
  const pagade = ruleset === "pagade";
  const where = (to) => (Number(to) === home ? (pagade ? "Home" : "HOME") : String(to));
  const capture = (x) => (x ? (pagade ? " and cuts" : " and captures") : "");
  let m = /^([ABC]):$/.exec(step);
  if (m) return `chooses number set ${m[1]}`;
  m = /^\+(\d+):([RBYG])(\d+)-(\d+)(x?)$/.exec(step);
  if (m) {
    const colour = colourName(letterColour(m[2], ruleset));
    return `takes a bonus of ${m[1]} with ${colour}, from ${m[3]} to ${where(m[4])}${capture(m[5])}`;
  }
  m = /^([RBYG])(\d+)-0!$/.exec(step);
  if (m) {
    const colour = colourName(letterColour(m[1], ruleset));
    return `third doublet: ${colour} from ${m[2]} goes back to the nest`;
  }
  m = /^([RBYG])\1(\d+)-(\d+)(x?)$/.exec(step);
  if (m) {
    const colour = colourName(letterColour(m[1], ruleset));
    return `moves a ${colour} pair from ${m[2]} to ${where(m[3])}${capture(m[4])}`;
  }
  m = /^([RBYG])(\d+)-(\d+)(x?)$/.exec(step);
  if (m) {
    const colour = colourName(letterColour(m[1], ruleset));
    if (m[2] === "0") {
      return `${pagade ? "re-enters" : "enters"} a ${colour} pawn at ${m[3]}${capture(m[4])}`;
    }
    return `moves ${colour} from ${m[2]} to ${where(m[3])}${capture(m[4])}`;
  }
  return step;
}

/** A whole play in words: "-" is "no move". */
export function playWords(play, ruleset) {
  if (!play || play === "-") return "no move";
  return play
    .split(" ")
    .map((step) => stepWords(step, ruleset))
    .join("; ");
}

/**
 * A polite aria-live region. Messages are queued briefly and spoken in
 * order; the region keeps the last few for sighted users who look at it.
 */
export class Announcer {
  constructor(region) {
    this.region = region;
  }

  say(text) {
    if (!text) return;
    const line = el("p", { text });
    this.region.append(line);
    while (this.region.childElementCount > 4) this.region.firstElementChild.remove();
  }
}

/** Copy text to the clipboard; falls back to selecting it in `field`. */
export async function copyText(text, field) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (field) {
      field.focus();
      field.select();
    }
    return false;
  }
}

/** Whether the user asked for less motion. */
export function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}
