// The first game (/learn): "learn Parcheesi in five minutes"; /learn/ludo and
// /learn/maedn: Ludo's and MADN's (pachisi.web.one_die_tutorial: a lesson there
// may take several throws, red's while the engine gives red another). Each lesson is
// a set position and throw (pachisi.web.learn.LESSONS); the learner plays red
// by tapping a pawn, then a die (or a lit square). What is legal is the
// server's answer for the steps so far (GET /api/learn/lessons/{name}?steps=),
// and a move no legal step makes is answered with the rule that forbids it
// (the answer's `refusals`), named with its section of RULES.md.

import { api } from "./api.js";
import { BoardView, placeKey } from "./board.js";
import { cropTo, fromKey, toPlace } from "./diagram.js";
import { loadLanguage, mountLanguageSwitch, t } from "./i18n.js";
import { el } from "./ui.js";
import { playText } from "./words.js";

const D6 = "⚀⚁⚂⚃⚄⚅";
const ME = "red";
const ONE_DIE_PAGE = /^\/learn\/(ludo|maedn)\/?$/.exec(location.pathname);
const RULESET = ONE_DIE_PAGE ? ONE_DIE_PAGE[1] : "parcheesi";
const ONE_DIE = RULESET !== "parcheesi";
const DONE_SETTING = ONE_DIE ? `pachisi.learn.${RULESET}` : "pachisi.learn";
const QUERY = ONE_DIE ? `ruleset=${RULESET}` : "";
const $ = (id) => document.getElementById(id);

const tutor = {
  lessons: [],
  board: null,
  view: null,
  index: 0,
  steps: [],
  state: null,
  selected: null,
  done: new Set(),
  busy: false,
};

function lesson() {
  return tutor.lessons[tutor.index];
}

function say(kind, text) {
  const box = $("message");
  box.dataset.kind = kind;
  delete box.dataset.reason; // set again by a refusal, with its section
  delete box.dataset.section;
  box.textContent = text;
}

/** The place of a red pawn in words: the nest, a square, the home path or HOME. */
function placeWords(p) {
  if (ONE_DIE) return oneDiePlaceWords(p);
  if (p === 0) return t("place.nest");
  if (p === 72) return t("word.HOME");
  if (p > 64) return t("place.path", { n: p - 64 });
  return t("place.square", { n: p });
}

/** A red pawn's place in Ludo or MADN (as pachisi.web.one_die.one_die_place says it). */
function oneDiePlaceWords(p) {
  const last = RULESET === "ludo" ? 51 : 40;
  if (p === 0) return t("ludo.place.yard");
  if (RULESET === "ludo" && p === 57) return t("ludo.place.home");
  if (p > last) return t(RULESET === "ludo" ? "ludo.place.column" : "ludo.place.goal", { n: p - last });
  return t("ludo.place.square", { n: p });
}

function tokenOf(pawn) {
  return placeKey(pawn.colour, pawn.where, pawn.square);
}

/** Show the lesson after `steps` (the server's answer); nothing changes if it fails. */
async function load(steps = tutor.steps) {
  const name = lesson().name;
  const params = [QUERY, steps.length ? `steps=${steps.join(",")}` : ""].filter(Boolean);
  const query = params.length ? `?${params.join("&")}` : "";
  // One request at a time: taps made meanwhile are ignored (they would be made on the
  // position being left).
  tutor.busy = true;
  try {
    tutor.state = await api(`/api/learn/lessons/${encodeURIComponent(name)}${query}`);
  } catch (error) {
    say("refused", t(error.code === "network" ? "error.network" : "error.unknown"));
    return;
  } finally {
    tutor.busy = false;
  }
  tutor.steps = steps;
  tutor.selected = null;
  render();
  const state = tutor.state;
  if (!state.complete && state.again) {
    // The throw played gave red another (a 6; in Ludo a capture or a pawn Home too).
    say("info", t("learn.another_throw", { n: state.throw[0] }));
  }
  if (state.complete) {
    const words = playText(state.steps_facts, state.steps.join(" "));
    if (state.goal_met) {
      tutor.done.add(name);
      say("done", `${t(lesson().done)} ${t("learn.played", { play: words })}`);
      if (tutor.index + 1 < tutor.lessons.length) {
        $("next").hidden = false;
        $("next").focus();
      } else {
        localStorage.setItem(DONE_SETTING, "done");
        say("done", `${t(lesson().done)} ${t("learn.all_done")}`);
        $("play").hidden = false;
        $("play").focus();
      }
    } else {
      say("again", t("learn.not_quite", { again: t(lesson().again) }));
    }
    render();
  }
}

function myPawns() {
  return tutor.state.pawns.filter((pawn) => pawn.colour === ME);
}

function render() {
  const state = tutor.state;
  const info = lesson();
  document.body.dataset.lesson = info.name;
  document.body.dataset.steps = String(tutor.steps.length);
  document.body.dataset.complete = String(Boolean(state.complete));
  document.body.dataset.goal = String(state.goal_met);
  $("lesson-step").textContent = t("learn.lesson_of", { n: tutor.index + 1, total: tutor.lessons.length });
  $("lesson-title").textContent = t(info.title);
  $("lesson-title").dataset.lesson = info.name;
  $("lesson-task").textContent = t(info.task);
  $("dots").replaceChildren(
    ...tutor.lessons.map((l, k) =>
      el("li", {
        "data-state": tutor.done.has(l.name) ? "done" : k === tutor.index ? "current" : "todo",
        title: t(l.title),
      }),
    ),
  );
  const playing = !state.complete;
  const mine = playing ? myPawns().filter((pawn) => pawn.where !== "home") : [];
  const legalFrom = tutor.selected
    ? state.legal.filter((step) => fromKey(step) === tutor.selected)
    : [];
  const targets = [...new Set(legalFrom.map(toPlace).filter((p) => p !== null))];
  const names = [t("game.you"), t("game.computer")];
  tutor.view.render({
    pawns: state.pawns,
    seats: state.seats.map((seat, k) => ({ ...seat, name: names[k] || "" })),
    toMove: playing ? 0 : null,
    movable: new Set(mine.map(tokenOf)),
    selected: tutor.selected,
    targets,
  });
  const focus = [...state.focus];
  if (myPawns().some((pawn) => pawn.where === "out")) focus.push(placeKey(ME, "out"));
  cropTo(tutor.view, focus, 8);

  // The pawns as buttons too (for the keyboard and for screen readers).
  const places = new Map();
  for (const pawn of mine) places.set(tokenOf(pawn), pawn.p);
  $("pawns").setAttribute("aria-label", t("board.list_label"));
  $("pawns").replaceChildren(
    ...[...places].map(([key, p]) =>
      el("button", {
        type: "button",
        "data-testid": "pawn-choice",
        "data-key": key,
        "aria-pressed": String(key === tutor.selected),
        text: `${t("pawn", { colour: t(`colour.${ME}`) })}: ${placeWords(p)}`,
        onclick: () => choosePawn(key),
      }),
    ),
  );
  // The dice left, or the bonuses to take once the dice are played.
  // The bonus part: every step left takes a bonus (the dice are played, or cannot be).
  const bonusPart = state.legal.length > 0 && state.legal.every((step) => step.kind === "bonus");
  const left = bonusPart ? [] : state.dice.filter((d) => !d.used);
  $("dice").setAttribute("aria-label", t("learn.dice"));
  let buttons = [];
  if (playing && left.length) {
    const values = [...new Set(left.map((d) => d.value))];
    buttons = values.map((v) =>
      el(
        "button",
        { type: "button", "data-testid": "die", "data-value": v, onclick: () => chooseNumber(v, false) },
        el("span", { class: "face", "aria-hidden": "true", text: D6[v - 1] }),
        t("learn.die", { n: v }),
      ),
    );
  } else if (playing && state.pending_bonuses.length) {
    buttons = [...new Set(state.pending_bonuses)].map((v) =>
      el("button", {
        type: "button",
        "data-testid": "bonus",
        "data-value": v,
        text: t("learn.bonus_die", { n: v }),
        onclick: () => chooseNumber(v, true),
      }),
    );
  }
  $("dice").replaceChildren(...buttons);
  $("undo").disabled = tutor.steps.length === 0;
}

/** Choose a pawn (the board's tap on the chosen pawn lets it go: `toggle`). */
function choosePawn(key, toggle = false) {
  if (tutor.busy || !tutor.state || tutor.state.complete) return;
  if (!key.startsWith(`${ME}@`)) {
    say("refused", t("learn.not_yours"));
    return;
  }
  tutor.selected = toggle && tutor.selected === key ? null : key;
  const legal = tutor.state.legal;
  const bonus = legal.length > 0 && legal.every((step) => step.kind === "bonus");
  if (bonus) say("info", t("learn.bonus_take"));
  render();
}

async function play(step) {
  say("info", "");
  await load([...tutor.steps, step.index]);
}

async function chooseNumber(value, bonus) {
  const state = tutor.state;
  if (tutor.busy || !state || state.complete) return;
  if (!tutor.selected) {
    say("info", t("learn.pick_pawn"));
    return;
  }
  const mine = state.legal.filter((step) => fromKey(step) === tutor.selected);
  const fits = mine.filter((step) =>
    bonus ? step.kind === "bonus" && step.numbers[0] === value : step.kind !== "bonus" && step.numbers.includes(value),
  );
  const exact = fits.find((step) => step.numbers.length === 1);
  if (exact || fits.length) {
    await play(exact || fits[0]);
    return;
  }
  const why = state.refusals.find(
    (r) => fromKey(r) === tutor.selected && r.number === value && r.bonus === Boolean(bonus),
  );
  if (why) {
    say("refused", `${t("learn.refused", { why: t(why.reason) })} ${t("learn.rule_ref", { n: why.section })}`);
    $("message").dataset.reason = why.reason;
    $("message").dataset.section = why.section;
  } else {
    say("refused", t("error.illegal"));
  }
}

async function chooseTarget(place) {
  if (tutor.busy) return;
  const step = tutor.state.legal.find((s) => fromKey(s) === tutor.selected && toPlace(s) === place);
  if (step) await play(step);
}

async function goTo(index) {
  tutor.index = index;
  $("next").hidden = true;
  $("play").hidden = true;
  say("info", "");
  await load([]);
}

/** Ludo's and MADN's page: its own title, words and links (before the words are put in). */
function oneDiePage() {
  if (!ONE_DIE) return;
  document.body.dataset.ruleset = RULESET;
  $("tutorial-title").dataset.i18n = `learn.title.${RULESET}`;
  $("rules-link").dataset.i18n = `learn.rules_link.${RULESET}`;
  $("how-to").dataset.i18n = "learn.how_to_one";
  for (const link of [$("rules-link"), $("top-rules")]) link.href = `/rules/${RULESET}`;
}

async function start() {
  oneDiePage();
  await loadLanguage();
  mountLanguageSwitch();
  const data = await api(`/api/learn/lessons${QUERY ? `?${QUERY}` : ""}`);
  tutor.lessons = data.lessons;
  tutor.board = data.board;
  tutor.view = new BoardView($("board"), data.board, {
    ruleset: RULESET,
    seats: [],
    onPawn: (key) => choosePawn(key, true),
    onTarget: (place) => chooseTarget(place),
    onBackground: () => {
      tutor.selected = null;
      render();
    },
  });
  $("undo").addEventListener("click", async () => {
    if (tutor.busy || !tutor.steps.length) return;
    $("next").hidden = true;
    $("play").hidden = true;
    say("info", "");
    await load(tutor.steps.slice(0, -1));
  });
  $("restart").addEventListener("click", () => goTo(tutor.index));
  $("next").addEventListener("click", () => goTo(tutor.index + 1));
  await goTo(0);
  document.body.dataset.ready = "true";
}

start();
