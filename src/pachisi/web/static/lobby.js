// The lobby (/): the form that starts a game (from a new set-up or from a
// pasted position), the links it hands out, and the list of recent games.

import { gameStatus, initTableSettings, listQuery, shareOrigin, tableSettings } from "./social.js";
import { mountAccountLink, mountRatedChoice, ratedSetting } from "./club.js";
import { api, gamesWithKeys, keysFragment, loadKeys } from "./api.js";
import { has, loadLanguage, mountLanguageSwitch, t } from "./i18n.js";
import { RULESET_NAMES, colourName, computerName, copyText, el, numberSeats, seatName, swatches } from "./ui.js";
import { qrSvg } from "./qr.js";

const $ = (id) => document.getElementById(id);

/** Turn order of the arms (RULES.md §3.1): Pagade with the pawns, the others to the left. */
const TURN_CYCLE = { pagade: [0, 1, 2, 3], default: [0, 3, 2, 1] };

const lobby = {
  info: null, // GET /api/rulesets
  ruleset: "parcheesi",
  seats: [], // [{kind, name, major}] as last entered, kept across changes
  // A seat's kind in the form: "human" (a person at this screen: you, or someone beside you
  // with "pass and play"), "friend" (a person on their own device: a link), or a level.
  position: null, // {text, info} of a position read (POST /api/positions), or null
  manual: false, // a referee for a real board: the players throw real dice and enter them
  chosen: {}, // Ludo and MADN: the colours chosen for each seat, by "ruleset:count"
};

/** The one-die rulesets (RULES-LUDO.md): colours are chosen, players[0] throws first. */
function oneDie(ruleset) {
  const info = lobby.info.rulesets[ruleset];
  return Boolean(info && (info.colour_choice || info.setups));
}

/** The set-ups a ruleset allows for `count` players, as lists of colours (the default first). */
function setupsOf(ruleset, count) {
  const info = lobby.info.rulesets[ruleset];
  if (info.setups) return info.setups[String(count)] || [];
  return null; // Ludo: any colours in any order (L.2.1-2)
}

/** The colours a seat may take: Ludo any; MADN those its set-ups give that seat. */
function coloursForSeat(ruleset, count, i) {
  const info = lobby.info.rulesets[ruleset];
  const setups = setupsOf(ruleset, count);
  if (!setups) return info.colours;
  return [...new Set(setups.map((setup) => setup[i]))];
}

/** Seat `i` takes `colour`: in Ludo the seat that had it takes the old colour (no two alike). */
function chooseColour(ruleset, count, i, colour) {
  const now = coloursOfSeats(ruleset, count).map((own) => own[0]);
  const setups = setupsOf(ruleset, count);
  if (setups) {
    const match = setups.find((setup) => setup[i] === colour);
    lobby.chosen[`${ruleset}:${count}`] = match ? [...match] : now;
  } else {
    const other = now.indexOf(colour);
    if (other >= 0) now[other] = now[i];
    now[i] = colour;
    lobby.chosen[`${ruleset}:${count}`] = now;
  }
}

/** The colours of each seat for a ruleset and a number of players (as the server seats them). */
function coloursOfSeats(ruleset, count) {
  const colours = lobby.info.rulesets[ruleset].colours;
  if (oneDie(ruleset)) {
    const chosen = lobby.chosen[`${ruleset}:${count}`];
    const fallback = lobby.info.rulesets[ruleset].default_colours[String(count)].map((own) => own[0]);
    return (chosen && chosen.length === count ? chosen : fallback).map((c) => [c]);
  }
  if (ruleset === "eight-man" || (ruleset === "pagade" && count === 2)) {
    return [
      [colours[0], colours[2]],
      [colours[1], colours[3]],
    ];
  }
  const cycle = TURN_CYCLE[ruleset] || TURN_CYCLE.default;
  const arms = { 2: [cycle[0], cycle[2]], 3: cycle.slice(0, 3), 4: cycle }[count];
  return arms.map((arm) => [colours[arm]]);
}

// -- the form ----------------------------------------------------------------

function drawRulesets() {
  const offered = Object.keys(lobby.info.rulesets);
  const known = Object.keys(RULESET_NAMES);
  const names = [
    ...known.filter((n) => offered.includes(n)),
    ...offered.filter((n) => !known.includes(n)),
  ];
  const cards = names.map((name) => {
    const title = t(`ruleset.${name}`);
    return el(
      "label",
      { class: "choice-card" },
      el("input", {
        type: "radio",
        name: "ruleset",
        value: name,
        "data-testid": `ruleset-${name}`,
        checked: name === lobby.ruleset,
        onchange: () => {
          lobby.ruleset = name;
          drawSetup();
        },
      }),
      el("span", { class: "choice-title", text: title }),
      el("span", { class: "choice-blurb", text: t(`blurb.${name}`) }),
      el("a", { class: "rules-of", href: `/rules/${name}`, "data-testid": `rules-of-${name}`, text: t("lobby.rules_of") }),
    );
  });
  $("rulesets").replaceChildren(...cards);
}

function drawSetup() {
  const info = lobby.info.rulesets[lobby.ruleset];
  const select = $("players");
  const previous = Number(select.value) || 2;
  const counts = [...info.players].sort((a, b) => a - b);
  select.replaceChildren(
    ...counts.map((n) => el("option", { value: n, text: t("lobby.n_players", { n }), selected: n === previous })),
  );
  if (!counts.includes(previous)) select.value = String(counts.includes(2) ? 2 : counts[0]);
  drawSeats();
  drawSwitches();
}

function drawSeats() {
  keepSeats();
  if (lobby.position) {
    // The players, their majors and teams come from the position.
    const items = lobby.position.info.seats.map((seat, i) =>
      seatItem(i, seat.colours, [
        seat.major && el("span", { class: "major", text: t("game.major", { colour: colourName(seat.major) }) }),
        seat.team !== null && el("span", { class: "team-tag", text: t("game.team", { n: seat.team + 1 }) }),
      ]),
    );
    $("seats").replaceChildren(...items);
    keepSeats();
    showMode();
    return;
  }
  const info = lobby.info.rulesets[lobby.ruleset];
  const count = Number($("players").value);
  const teamsAllowed = info.teams && count === 4;
  $("teams-field").hidden = !teamsAllowed;
  const teams = teamsAllowed && $("teams").checked;
  const colours = coloursOfSeats(lobby.ruleset, count);
  const items = colours.map((own, i) => {
    const extra = [];
    if (info.majors) {
      const major = lobby.seats[i]?.major || own[0];
      extra.push(
        el(
          "label",
          { class: "major" },
          `${t("lobby.major")} `,
          el(
            "select",
            { name: `major-${i}`, "data-testid": `seat-major-${i}` },
            own.map((c) => el("option", { value: c, text: colourName(c), selected: c === major })),
          ),
        ),
      );
    }
    if (teams) extra.push(el("span", { class: "team-tag", text: t("game.team", { n: (i % 2) + 1 }) }));
    const choices = oneDie(lobby.ruleset) ? coloursForSeat(lobby.ruleset, count, i) : [];
    if (choices.length > 1) {
      extra.push(
        el(
          "label",
          { class: "major" },
          `${t("lobby.colour_of", { n: i + 1 })} `,
          el(
            "select",
            {
              name: `colour-${i}`,
              "data-testid": `seat-colour-${i}`,
              onchange: (event) => {
                keepSeats();
                chooseColour(lobby.ruleset, count, i, event.target.value);
                drawSeats();
              },
            },
            choices.map((c) => el("option", { value: c, text: colourName(c), selected: c === own[0] })),
          ),
        ),
      );
    }
    return seatItem(i, own, extra);
  });
  $("seats").replaceChildren(...items);
  keepSeats();
  drawSeatNames();
  showMode();
}

/** The computer levels that cannot play the set-up now chosen (the server's `unfit_levels`:
 * a learned level whose network has not learned it). */
function unfitLevels() {
  if (lobby.position) return lobby.position.info.unfit_levels || [];
  const info = lobby.info.rulesets[lobby.ruleset];
  const count = Number($("players").value);
  const teams = info.teams && count === 4 && $("teams").checked;
  return (info.unfit_levels || {})[`${count}${teams ? "t" : ""}`] || [];
}

/** One seat of the form: its colours, who plays it and a name, then `extra`. */
function seatItem(i, own, extra) {
  const kept = lobby.seats[i] || { kind: i === 0 ? "human" : "greedy", name: "" };
  const label = own.map(colourName).join(" + ");
  const unfit = unfitLevels();
  const levels = lobby.info.levels.filter((level) => !unfit.includes(level));
  const people = ["human", "friend"];
  // A level this set-up cannot have gives way to expectimax (as a failing learned seat does),
  // or to the strongest level that plays it (Ludo and MADN: the random player, for now).
  const fit = levels.filter((level) => level !== "human");
  const fallback = fit.includes("expectimax") ? "expectimax" : fit[fit.length - 1] || "human";
  const chosen = levels.includes(kept.kind) || people.includes(kept.kind) ? kept.kind : fallback;
  const options = [
    el("option", { value: "human", text: t(i === 0 ? "lobby.kind_you" : "lobby.kind_here"), selected: chosen === "human" }),
    el("option", { value: "friend", text: t("lobby.kind_friend"), selected: chosen === "friend" }),
    ...levels
      .filter((level) => level !== "human")
      .map((level) =>
        el("option", {
          value: level,
          text: t(`levelname.${level}`),
          // The algorithm, named on hover (the ladder: docs/players.md).
          title: has(`levelabout.${level}`) ? t(`levelabout.${level}`) : null,
          selected: level === chosen,
        }),
      ),
  ];
  const kind = el(
    "select",
    {
      name: `seat-${i}`,
      "data-testid": `seat-kind-${i}`,
      "aria-label": t("lobby.who_plays", { label }),
      onchange: () => {
        keepSeats();
        drawSeatNames();
        showMode();
      },
    },
    options,
  );
  const name = el("input", {
    name: `name-${i}`,
    "data-testid": `seat-name-${i}`,
    value: kept.name || "",
    maxlength: 40,
    placeholder: defaultName(i, chosen, label),
    autocomplete: "off",
    "aria-label": t("lobby.name_for", { label }),
  });
  return el(
    "li",
    { class: "seat", "data-seat": i },
    el("span", { class: "seat-colours" }, swatches(own), el("strong", { text: label })),
    kind,
    name,
    ...extra,
  );
}

/** The name a seat gets when none is typed: its colours, or "Computer N (level)". */
function defaultName(i, kind, label) {
  if (kind === "human" || kind === "friend") return label;
  const kinds = [...$("seats").querySelectorAll("li.seat select[name^=seat-]")].map((s) => s.value);
  if (!kinds.length) kinds.push(...lobby.seats.map((seat) => seat && seat.kind));
  kinds[i] = kind;
  const number = kinds.slice(0, i + 1).filter((k) => k && k !== "human" && k !== "friend").length;
  return computerName(number, kind);
}

/** The placeholders follow the kinds chosen. */
function drawSeatNames() {
  for (const li of $("seats").querySelectorAll("li.seat")) {
    const i = Number(li.dataset.seat);
    const label = li.querySelector("strong").textContent; // the seat's colours
    li.querySelector(`[name=name-${i}]`).placeholder = defaultName(i, lobby.seats[i].kind, label);
  }
}

/** The "who plays" choice the seats make now (none checked for a mixture of one's own). */
function currentMode() {
  const kinds = lobby.seats.slice(0, $("seats").querySelectorAll("li.seat").length).map((s) => s.kind);
  const here = kinds.filter((k) => k === "human").length;
  const friends = kinds.filter((k) => k === "friend").length;
  if (here === 1 && friends === 0) return "computer";
  if (here === 1 && friends > 0) return "friend";
  if (here > 1 && friends === 0) return "pass";
  return null;
}

function showMode() {
  const mode = lobby.manual ? "referee" : currentMode();
  drawFirst();
  for (const radio of document.querySelectorAll("input[name=mode]")) radio.checked = radio.value === mode;
  const kinds = lobby.seats.slice(0, $("seats").querySelectorAll("li.seat").length).map((s) => s.kind);
  const here = kinds.filter((k) => k === "human").length;
  const friends = kinds.filter((k) => k === "friend").length;
  const computers = kinds.length - here - friends;
  $("start-summary").textContent = t("lobby.start_summary", { here, friends, computers });
}

/** A "who plays" choice sets the seats: you in the first; friends, people here or computers after. */
function chooseMode(mode) {
  keepSeats();
  lobby.manual = mode === "referee";
  const count = $("seats").querySelectorAll("li.seat").length;
  for (let i = 0; i < count; i += 1) {
    const seat = lobby.seats[i] || { name: "" };
    const computer = seat.kind && seat.kind !== "human" && seat.kind !== "friend" ? seat.kind : "greedy";
    if (i === 0) seat.kind = "human";
    else if (mode === "friend") seat.kind = i === 1 ? "friend" : computer;
    else if (mode === "pass" || mode === "referee") seat.kind = "human";
    else seat.kind = computer;
    lobby.seats[i] = seat;
  }
  redrawSeats();
}

/** Draw the seats again from lobby.seats (nothing read back from the form first). */
function redrawSeats() {
  const items = $("seats");
  for (const li of items.querySelectorAll("li.seat")) {
    const i = Number(li.dataset.seat);
    li.querySelector(`[name=seat-${i}]`).value = lobby.seats[i].kind;
  }
  drawSeatNames();
  showMode();
}

/** With real dice, who starts (the players threw for it at the table): one of the seats. */
function drawFirst() {
  const field = $("first-field");
  // Ludo and MADN: the first listed throws first (RULES-LUDO.md L.2.2, M.2.2).
  field.hidden = !lobby.manual || Boolean(lobby.position) || oneDie(lobby.ruleset);
  if (field.hidden) return;
  const select = $("first");
  const chosen = select.value;
  const items = [...$("seats").querySelectorAll("li.seat")].map((li) => {
    const i = Number(li.dataset.seat);
    const typed = li.querySelector(`[name=name-${i}]`).value.trim();
    const label = li.querySelector("strong").textContent; // the seat's colours
    return el("option", { value: i, text: typed ? `${typed} (${label})` : label, selected: String(i) === chosen });
  });
  select.replaceChildren(...items);
}

/** Remember what was entered for each seat, so changing the game keeps it. */
function keepSeats() {
  for (const li of $("seats").querySelectorAll("li.seat")) {
    const i = Number(li.dataset.seat);
    lobby.seats[i] = {
      kind: li.querySelector(`[name=seat-${i}]`).value,
      name: li.querySelector(`[name=name-${i}]`).value,
      major: li.querySelector(`[name=major-${i}]`)?.value,
    };
  }
}

function drawSwitches() {
  const info = lobby.info.rulesets[lobby.ruleset];
  const rows = info.switches.map((sw) => {
    const id = `switch-${sw.name}`;
    let input;
    if (sw.kind === "bool") {
      input = el("input", { type: "checkbox", id, name: sw.name, checked: sw.default === true });
    } else if (sw.kind === "int") {
      input = el("input", { type: "number", id, name: sw.name, min: 0, step: 1, value: sw.default });
    } else {
      input = el(
        "select",
        { id, name: sw.name },
        sw.choices.map((c) =>
          el("option", { value: c, text: t(`rule.${sw.name}.${c}`), selected: c === sw.default }),
        ),
      );
    }
    input.dataset.testid = id;
    input.addEventListener("change", countChanged);
    input.addEventListener("change", () => {
      $(`${id}-doc`).textContent = switchWords(sw, input);
    });
    const docId = `${id}-doc`;
    input.setAttribute("aria-describedby", docId);
    return el(
      "div",
      { class: `switch kind-${sw.kind}` },
      el("label", { for: id }, t(`rule.${sw.name}.title`), " ", el("code", { class: "notation", text: sw.name })),
      input,
      el("p", { class: "hint", id: docId, text: switchWords(sw, input) }),
    );
  });
  $("switches").replaceChildren(...rows);
  countChanged();
}

/** The switches set to something other than the ruleset's default. */
function changedOptions() {
  const info = lobby.info.rulesets[lobby.ruleset];
  const options = {};
  for (const sw of info.switches) {
    const input = $(`switch-${sw.name}`);
    let value;
    if (sw.kind === "bool") value = input.checked;
    else if (sw.kind === "int") value = Number(input.value);
    else value = input.value;
    if (value !== sw.default) options[sw.name] = value;
  }
  return options;
}

function countChanged() {
  const n = Object.keys(changedOptions()).length;
  $("switch-count").textContent = n ? t("lobby.changed", { n }) : t("lobby.defaults");
}

async function createGame(event) {
  event.preventDefault();
  const pasted = $("position-text").value;
  if (pasted.trim() && pasted !== lobby.position?.text) {
    // A position pasted but not read yet: read it first, to be looked over.
    await readPosition();
    return;
  }
  keepSeats();
  let body;
  let colours;
  if (lobby.position) {
    const seats = lobby.seats.slice(0, lobby.position.info.seats.length);
    body = {
      position: lobby.position.text,
      seats: seats.map(serverKind),
      names: seats.map((seat) => seat.name.trim()),
    };
    colours = lobby.position.info.seats.map((seat) => seat.colours);
  } else {
    const info = lobby.info.rulesets[lobby.ruleset];
    const count = Number($("players").value);
    const options = changedOptions();
    for (const [name, value] of Object.entries(options)) {
      if (typeof value === "number" && !(Number.isInteger(value) && value >= 0)) {
        showFormError(t("lobby.whole_number", { name: t(`rule.${name}.title`) }));
        return;
      }
    }
    const seats = lobby.seats.slice(0, count);
    body = {
      ruleset: lobby.ruleset,
      // Ludo and MADN: the colours chosen, in the order they throw (RULES-LUDO.md L.2.2).
      players: oneDie(lobby.ruleset) ? coloursOfSeats(lobby.ruleset, count) : count,
      teams: info.teams && count === 4 && $("teams").checked,
      options,
      seats: seats.map(serverKind),
      names: seats.map((seat) => seat.name.trim()),
    };
    if (info.majors) body.majors = seats.map((seat) => seat.major);
    colours = coloursOfSeats(lobby.ruleset, count);
  }
  Object.assign(body, tableSettings(), ratedSetting());
  if (lobby.manual) {
    body.dice = "manual";
    if (!lobby.position && !oneDie(lobby.ruleset)) body.first = Number($("first").value || 0);
  }
  const friends = new Set(lobby.seats.slice(0, body.seats.length).flatMap((seat, i) => (seat.kind === "friend" ? [i] : [])));
  const button = $("create");
  button.disabled = true;
  $("form-error").hidden = true;
  try {
    const answer = await api("/api/games", { method: "POST", body });
    showCreated(answer, body, colours, friends, await shareOrigin());
    loadRecent();
  } catch (error) {
    showFormError(t("lobby.could_not_start", { error: error.message }));
  } finally {
    button.disabled = false;
  }
}

/** The kind the server knows: a friend's seat and a seat played here are both a person's. */
function serverKind(seat) {
  return seat.kind === "friend" ? "human" : seat.kind;
}

function showFormError(text) {
  const box = $("form-error");
  box.textContent = text;
  box.hidden = false;
}

// -- starting from a position ------------------------------------------------------

/** Read the pasted position on the server; a good one replaces the set-up, a bad one is shown. */
async function readPosition() {
  const text = $("position-text").value;
  const button = $("read-position");
  button.disabled = true;
  $("form-error").hidden = true;
  try {
    const info = await api("/api/positions", { method: "POST", body: { position: text } });
    if (info.over) {
      readFailed(t("lobby.position_over"));
      return;
    }
    usePosition(text, info);
  } catch (error) {
    readFailed(t("lobby.position_unreadable", { error: error.message }));
  } finally {
    button.disabled = false;
  }
}

/** Show why a position cannot be used, where it is seen (the error line ends the form). */
function readFailed(text) {
  showFormError(text);
  $("form-error").scrollIntoView({ block: "nearest" });
}

/** Play on from a position read: its players get the seats; its set-up is not asked for. */
function usePosition(text, info) {
  keepSeats();
  lobby.position = { text, info };
  for (const id of ["setup-game", "setup-players", "setup-switches"]) $(id).hidden = true;
  drawSeats(); // the position's players, with what was entered for the seats so far
  const summary = el("p", {
    class: "notice",
    "data-testid": "position-summary",
    "data-ruleset": info.ruleset,
    "data-to-move": info.to_move,
    text: positionSummary(info),
  });
  $("position-status").replaceChildren(summary);
  $("position-state").textContent = t("lobby.in_use");
  $("clear-position").hidden = false;
}

/** Back to the normal form: a new set-up. */
function clearPosition() {
  $("position-text").value = "";
  dropPosition();
  $("position-text").focus();
}

/** Give up the position read, if any: the set-up controls and the seats of a new game again. */
function dropPosition() {
  keepSeats();
  lobby.position = null;
  $("position-status").replaceChildren();
  $("position-state").textContent = t("lobby.optional");
  $("clear-position").hidden = true;
  for (const id of ["setup-game", "setup-players", "setup-switches"]) $(id).hidden = false;
  $("form-error").hidden = true;
  drawSeats();
}

/** Emptying the box gives the position read up, so that Start never uses a position not shown. */
function positionEdited() {
  if (lobby.position && !$("position-text").value.trim()) dropPosition();
}

/** A position in one line: the game, its players, the switches changed, who is to move. */
function positionSummary(info) {
  const label = (seat) => seat.colours.map(colourName).join(" + ");
  const teams = info.seats.some((seat) => seat.team !== null);
  const players = info.seats.map((seat) =>
    seat.major ? `${label(seat)} (${t("game.major", { colour: colourName(seat.major) })})` : label(seat),
  );
  const count = t(teams ? "lobby.n_players_teams" : "lobby.n_players", { n: info.seats.length });
  const parts = [`${t(`ruleset.${info.ruleset}`)}, ${count}: ${players.join(", ")}`];
  const switches = Object.entries(info.options).map(([name, value]) => t(`rule.${name}.${value}`, { n: value }));
  if (switches.length) parts.push(`${t("rules.switches")}: ${switches.join(" ")}`);
  parts.push(t("lobby.to_move", { who: label(info.seats[info.to_move]) }));
  return `${parts.join(". ")}.`;
}

// -- the links of a new game -----------------------------------------------------

function copyRow(id, value, label, testid, seat, open = true) {
  return el(
    "div",
    { class: "copy-row" },
    el("label", { for: id }, label),
    el("input", { id, value, readonly: true, "data-testid": testid, "data-seat": seat }),
    el("button", { type: "button", class: "copy", "data-copy": id, text: t("game.copy") }),
    open
      ? el("a", { href: value, class: "open-link", text: t("lobby.open"), "aria-label": t("lobby.open_label", { label }) })
      : null,
  );
}

/** A friend's seat: the link to send, a share button where the device has one, and a QR code. */
function friendItem(seat, url, label) {
  const share =
    navigator.share &&
    el("button", {
      type: "button",
      text: t("lobby.send"),
      onclick: () => navigator.share({ title: document.title, text: label, url }).catch(() => {}),
    });
  return el(
    "li",
    { class: "friend-link", "data-seat": seat },
    copyRow(`share-${seat}`, url, label, "share-link", seat, false),
    share || null,
    el(
      "figure",
      { class: "qr-box", "data-testid": "qr", "data-seat": seat },
      qrSvg(url, t("lobby.qr_label", { label })),
      el("figcaption", { class: "hint", text: t("lobby.qr_caption") }),
    ),
  );
}

/**
 * The links of a new game: "Play here" holds the keys of the seats played at
 * this screen only (yours, and the others' of a pass-and-play game); each
 * friend's seat gets its own link to send, never opened here.
 */
function showCreated(answer, body, colours, friends, origin = location.origin) {
  const mine = [];
  const theirs = [];
  for (const { seat, key } of answer.keys) {
    const name = body.names[seat] || colours[seat].map(colourName).join(" + ");
    const label = t("lobby.seat", { n: seat + 1, name });
    const url = `${origin}/g/${answer.id}#k=${key}`;
    if (friends.has(seat)) theirs.push(friendItem(seat, url, label));
    else mine.push({ seat, key, item: el("li", {}, copyRow(`share-${seat}`, url, label, "share-link", seat)) });
  }
  const items = mine.map((m) => m.item);
  if (!items.length) items.push(el("li", { class: "hint", text: t("lobby.only_computers") }));
  $("share-links").replaceChildren(...items);
  $("friend-links").replaceChildren(...theirs);
  $("friends-note").hidden = !theirs.length;
  $("spectator-url").value = `${origin}/g/${answer.id}`;
  const here = $("play-here");
  here.href = `/g/${answer.id}${keysFragment(mine.map((m) => m.key))}`;
  here.textContent = mine.length ? t("lobby.play_here") : t("lobby.watch");
  const names = mine.map((m) => body.names[m.seat] || colours[m.seat].map(colourName).join(" + "));
  $("here-note").textContent = mine.length
    ? t(mine.length > 1 ? "lobby.here_pass" : "lobby.here_one", { seats: names.join(", ") })
    : t("lobby.here_none");
  $("new-game").hidden = true;
  const panel = $("created");
  panel.hidden = false;
  panel.focus();
}

// -- recent games ------------------------------------------------------------

function ago(iso) {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return "";
  const seconds = Math.max(0, (Date.now() - then) / 1000);
  if (seconds < 60) return t("lobby.just_now");
  if (seconds < 3600) return t("lobby.min_ago", { n: Math.round(seconds / 60) });
  if (seconds < 86400) return t("lobby.h_ago", { n: Math.round(seconds / 3600) });
  return new Date(then).toLocaleDateString();
}

async function loadRecent() {
  const list = $("recent");
  let games;
  try {
    games = (await api(`/api/games${listQuery()}`)).games;
  } catch (error) {
    const text = t("lobby.recent_failed", { error: error.message });
    list.replaceChildren(el("li", { class: "error", text }));
    return;
  }
  const held = new Set(gamesWithKeys());
  if (!games.length) {
    list.replaceChildren(el("li", { class: "hint", text: t("lobby.no_games") }));
    return;
  }
  const items = games.map((game) => {
    numberSeats(game.seats);
    const title = t(`ruleset.${game.ruleset}`);
    const players = game.seats.map((seat) =>
      el(
        "span",
        { class: "recent-seat" },
        swatches(seat.colours),
        seatName(seat),
      ),
    );
    const keys = held.has(game.id) ? loadKeys(game.id) : new Map();
    const links = [];
    if (keys.size && game.status !== "finished") {
      const href = `/g/${game.id}${keysFragment(keys)}`;
      links.push(el("a", { href, class: "button primary", text: t("lobby.play") }));
    }
    links.push(
      el("a", {
        href: `/g/${game.id}`,
        class: "button",
        "data-testid": "watch",
        text: game.status === "playing" ? t("lobby.watch") : t("lobby.view"),
      }),
      el("a", { href: `/r/${game.id}`, class: "button", "data-testid": "replay", text: t("game.replay") }),
    );
    const status = gameStatus(game);
    return el(
      "li",
      { class: `recent-game status-${game.status}`, "data-testid": "recent-game", "data-id": game.id },
      el(
        "div",
        { class: "recent-head" },
        el("strong", { text: title }),
        el("span", { class: "hint", text: ago(game.updated) }),
      ),
      el("div", { class: "recent-players" }, players),
      el("div", { class: "recent-status", text: status }),
      el("div", { class: "button-row" }, links),
    );
  });
  list.replaceChildren(...items);
}

// -- start -------------------------------------------------------------------

/** A switch's value in the form, in words (a choice's words are in its menu already). */
function switchWords(sw, input) {
  let value = input.value;
  let words = "";
  if (sw.kind === "int") {
    value = Number(input.value);
    words = t(value === 0 ? `rule.${sw.name}.0` : `rule.${sw.name}`, { n: value });
  } else if (sw.kind === "bool") {
    value = input.checked;
    words = t(`rule.${sw.name}.${String(value)}`);
  }
  const mark = value === sw.default ? t("rules.default") : t("lobby.changed_one");
  return words ? `${words} (${mark})` : `(${mark})`;
}

async function start() {
  await loadLanguage();
  mountLanguageSwitch();
  mountAccountLink();
  mountRatedChoice();
  $("new-game").addEventListener("submit", createGame);
  $("players").addEventListener("change", drawSeats);
  $("teams").addEventListener("change", drawSeats);
  for (const radio of document.querySelectorAll("input[name=mode]")) {
    radio.addEventListener("change", () => radio.checked && chooseMode(radio.value));
  }
  $("refresh").addEventListener("click", loadRecent);
  initTableSettings();
  $("another").addEventListener("click", () => {
    $("created").hidden = true;
    $("new-game").hidden = false;
  });
  document.addEventListener("click", async (event) => {
    const button = event.target.closest("button[data-copy]");
    if (!button) return;
    const field = $(button.dataset.copy);
    button.textContent = (await copyText(field.value, field)) ? t("game.copied") : t("lobby.select_copy");
  });
  loadRecent();
  setInterval(() => {
    if (document.visibilityState === "visible") loadRecent();
  }, 15000);
  try {
    lobby.info = await api("/api/rulesets");
  } catch (error) {
    const text = t("lobby.rulesets_failed", { error: error.message });
    $("rulesets").replaceChildren(el("p", { class: "error", text }));
    return;
  }
  if (!lobby.info.rulesets[lobby.ruleset]) lobby.ruleset = Object.keys(lobby.info.rulesets)[0];
  drawRulesets();
  drawSetup();
  $("read-position").addEventListener("click", readPosition);
  $("clear-position").addEventListener("click", clearPosition);
  $("position-text").addEventListener("input", positionEdited);
  // Served disabled: before the handler and the rulesets, a click would submit natively,
  // and a "who plays" choice made before its handler and the seats would be lost (the
  // seats drawn from the rulesets would show the computer mode again).
  $("setup-mode").disabled = false;
  $("create").disabled = false;
}

start();
