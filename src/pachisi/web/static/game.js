// The game page (/g/{id}): draws the state the server sends and, for the
// seats whose keys this browser holds, sends steps, undos and commits.
//
// The server is the referee (docs/web.md): this page never decides what is
// legal. It shows `state.legal` as buttons (the keyboard and screen-reader
// way to play) and on the board (click a pawn, then a marked square).

import {
  ApiError,
  LiveGame,
  api,
  keysFragment,
  keysFromFragment,
  loadKeys,
  saveKeys,
} from "./api.js";
import { heldKeys, initSocial, renderSocial } from "./social.js";
import { BoardView, changedPlaces, stepFromKey, stepTarget } from "./board.js";
import {
  Announcer,
  copyText,
  dieNode,
  el,
  isComputer,
  numberSeats,
  reducedMotion,
  seatColours,
  seatLabel,
  seatName,
  stepWords,
  swatches,
  throwText,
} from "./ui.js";
import { language, loadLanguage, mountLanguageSwitch, t, translatePage } from "./i18n.js";
import { mountAccountLink, mountRatedSeats } from "./club.js";
import { factsText, playText, resultText, seatWord } from "./words.js";
import {
  announceEvents,
  renderDicePanel,
  setupNotation,
  stepIndexOfKey,
  stepKey,
  watchAttention,
} from "./reading.js";
import { chanceBar, hintRows, hintedPath, playHinted } from "./insight.js";
import { play as sound, setSound, soundOn } from "./sound.js";

/** Pause before a forced step (or the commit of a fully forced throw) is sent. */
const AUTO_DELAY_MS = 600;
/** How long a used throw waits for an undo before it ends by itself. */
const END_GRACE_MS = 2000;
/** How long the dice tumble before they show the throw. */
const ROLL_MS = 550;
const AUTOPLAY_SETTING = "pachisi.autoplay";
/** How long the "no move" banner stays at least. */
const NOTICE_MS = 6000;

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const $ = (id) => document.getElementById(id);
const announcer = new Announcer($("announcer"));

const app = {
  state: null,
  keys: saveKeys(gameId, keysFromFragment(location.hash)),
  board: null,
  selected: null, // placeKey of the selected pawn(s)
  preview: null, // the step a step button is pointing at
  marks: new Set(), // places touched by the last change
  sending: null, // the version an action is on its way for
  throwId: null,
  hint: null, // { throwId, plays, method } once asked for this throw, or { throwId, error }
  auto: { sent: 0, manual: false, suspended: false },
  autoTimer: null,
  endTimer: null, // the throw that ends by itself (scheduleAutoPlay)
  rollTimer: null,
  rolling: false,
  noticeTimer: null,
  moveFacts: new Map(), // move number -> the facts of its steps (the state has the last ones)
  entered: [null, null], // the real dice's numbers tapped so far (a referee for a real board)
  fetchingMoves: false,
};

/**
 * Once the seat keys of the address are kept in this browser, take them out of
 * the address bar (a screenshot or a copied address would give the seats away).
 * Where they cannot be kept (private browsing), the address keeps them.
 */
function hideKeys() {
  const shown = [...keysFromFragment(location.hash).values()];
  const kept = new Set(loadKeys(gameId).values());
  if (shown.length && shown.every((key) => kept.has(key))) {
    history.replaceState(history.state, "", location.pathname + location.search);
  }
}
hideKeys();

// -- reading the state -------------------------------------------------------

/** The seat to move, if this browser holds its key and the game is on. */
function mySeatToMove(s = app.state) {
  if (!s || s.status !== "playing" || s.to_move === null || !s.throw) return null;
  return app.keys.has(s.to_move) ? s.to_move : null;
}

/** The seat to move, if the game waits for its real dice and this browser holds its key. */
function mySeatToThrow(s = app.state) {
  if (!s || !s.manual_dice || s.status !== "playing" || s.to_move === null || s.throw) return null;
  return app.keys.has(s.to_move) ? s.to_move : null;
}

/** The people's seats this browser plays (several: pass and play). */
function heldPeople(s = app.state) {
  return [...app.keys.keys()].filter((seat) => seat < s.seats.length && !isComputer(s.seats[seat]));
}

/** Identifies one throw: the same until it is committed (or passed). */
function throwIdOf(s) {
  return s.throw ? `${s.moves.length}:${s.to_move}:${s.throw.join(",")}` : `over:${s.moves.length}`;
}

function applyState(s) {
  const prev = app.state;
  numberSeats(s.seats);
  // (A state of the same version with a higher `rev` shows a change that is not stored: presence.)
  if (prev && prev.id === s.id && (s.version < prev.version || (s.version === prev.version && (s.rev || 0) <= (prev.rev || 0)))) return;
  app.state = s;
  document.body.dataset.version = String(s.version);
  if (!app.board) createBoard(s);
  if ($("choose").open) $("choose").close();

  // What happened since the last state we saw (nothing is announced on load).
  if (prev) {
    for (const move of s.moves.slice(prev.moves.length)) {
      const seat = s.seats[move.seat];
      if (move.play === "-") {
        showNotice(t("game.threw_no_move", { who: seatName(seat), dice: throwText(move.throw) }));
        announcer.say(t("game.threw_no_move", { who: seatName(seat), dice: move.throw.join(t("and")) }));
      } else if (!app.keys.has(move.seat)) {
        // (The steps of this browser's own moves were announced as they were made.)
        announcer.say(t("game.played", { who: seatName(seat), play: playText(move.facts, move.play) }));
      }
    }
    const marks = changedPlaces(prev.pawns, s.pawns);
    if (marks.size) app.marks = marks;
  }

  // A new state may change what is legal: any selection starts afresh.
  app.selected = null;
  const throwId = throwIdOf(s);
  if (throwId !== app.throwId) {
    app.throwId = throwId;
    app.hint = null;
    app.auto = { sent: 0, manual: false, suspended: false };
    app.entered = Array(s.dice_count || 2).fill(null);
    if (prev && mySeatToThrow(s) !== null && prev.to_move !== s.to_move && heldPeople(s).length > 1) {
      showNotice(t("game.pass_to", { who: seatName(s.seats[s.to_move]) }));
    }
    if (s.throw) {
      rollDice(Boolean(prev) && !s.manual_dice);
      const seat = s.seats[s.to_move];
      const mine = mySeatToMove(s) !== null;
      if (prev) {
        const threw = t("game.threw", { who: seatName(seat), dice: s.throw.join(t("and")) });
        announcer.say(mine ? `${threw} ${t("game.your_turn_now")}` : threw);
        if (mine) setTimeout(() => sound("turn"), ROLL_MS);
        // Pass and play: the screen goes to the next person of this screen.
        if (mine && prev.to_move !== s.to_move && heldPeople(s).length > 1) {
          showNotice(t("game.pass_to", { who: seatName(seat) }));
        }
      }
    }
  } else if (prev && s.steps.length !== prev.steps.length) {
    if (s.steps.length > prev.steps.length) {
      const made = (s.steps_facts || []).slice(prev.steps.length).map(factsText);
      announcer.say(`${made.join("; ")}.`);
      playStepSounds((s.steps_facts || []).slice(prev.steps.length));
    } else {
      announcer.say(t("game.step_undone"));
    }
  }
  if (prev && prev.status !== "finished" && s.status === "finished" && s.result) {
    announcer.say(t("game.over_result", { result: resultText(s) }));
  }
  if (prev && !prev.rematch && s.rematch) announcer.say(t("game.rematch_started"));
  if (prev) announceEvents(prev, s, announcer);
  if (prev && s.moves.length > prev.moves.length && !app.keys.has(s.moves[s.moves.length - 1].seat)) {
    playStepSounds(s.moves.slice(prev.moves.length).flatMap((m) => m.facts || []));
  }
  render();
  scheduleAutoPlay();
}

function createBoard(s) {
  app.board = new BoardView($("board"), s.board, {
    ruleset: s.ruleset,
    seats: s.seats,
    onPawn: clickPawn,
    onTarget: clickTarget,
    onBackground: () => select(null),
  });
  const name = t(`ruleset.${s.ruleset}`);
  $("title").replaceChildren(
    name,
    el("span", { class: "title-players", text: `: ${s.seats.map(seatName).join(" v ")}` }),
  );
  $("replay-link").href = `/r/${encodeURIComponent(s.id)}`;
  $("rules-link").href = `/rules/${encodeURIComponent(s.ruleset)}`;
  $("review-link").href = `/review/${encodeURIComponent(s.id)}`;
  $("replay-link-2").href = `/r/${encodeURIComponent(s.id)}`;
  $("download").href = `/api/games/${encodeURIComponent(s.id)}/record`;
  $("download-2").href = `/api/games/${encodeURIComponent(s.id)}/record`;
  $("watch-url").value = `${location.origin}/g/${s.id}`;
}

// -- drawing -----------------------------------------------------------------

function render() {
  const s = app.state;
  const mine = mySeatToMove(s) !== null || mySeatToThrow(s) !== null;
  const rulesetName = t(`ruleset.${s.ruleset}`);
  document.title = `${mine ? `${t("game.your_turn_title")} · ` : ""}${rulesetName} · Pachisi`;
  renderBoard();
  renderTurn();
  renderControls();
  renderPlayers();
  renderSocial(s, app.keys); // after the players and the turn: it adds to them
  renderMoves();
  renderFirst();
  renderResult();
  renderServerNotice();
  renderChances();
  if (app.attention) app.attention();
}

/** The win-chance bar: for spectators, and for everyone once the game is over. */
function renderChances() {
  const s = app.state;
  const held = [...app.keys.keys()].some((seat) => seat < s.seats.length && !isComputer(s.seats[seat]));
  chanceBar(s, $("chances"), !held || s.status === "finished");
}

/** What the server says about the game (a computer seat that failed), shown while it lasts. */
function renderServerNotice() {
  const box = $("server-notice");
  const text = app.state.notice || "";
  box.textContent = text;
  box.hidden = !text;
}

/** Steps that start from the board (not options or penalties), by the place they start from. */
function boardSteps() {
  const s = app.state;
  if (mySeatToMove(s) === null) return [];
  return s.legal.filter((step) => stepFromKey(step) !== null);
}

function renderBoard() {
  const s = app.state;
  const steps = boardSteps();
  const movable = new Set(steps.map(stepFromKey));
  let selected = app.selected;
  let targets = [];
  let previews = [];
  if (app.preview) {
    // A step button has the focus (or the mouse): show where it goes, offer nothing.
    selected = stepFromKey(app.preview);
    previews = selected ? [stepTarget(app.preview)] : [];
  } else if (selected) {
    targets = [...new Set(steps.filter((st) => stepFromKey(st) === selected).map(stepTarget))];
  }
  app.board.render({
    pawns: s.pawns,
    seats: s.seats,
    toMove: s.status === "playing" ? s.to_move : null,
    cut: s.position.cut,
    finished: s.position.finished || [],
    movable,
    selected,
    targets,
    previews,
    marks: app.marks,
    zoom: Boolean(app.selected && targets.length),
    hinted: hintedPath(app.hint, app.throwId, s), // the hint's best play (insight.js)
  });
  const hint = $("board-hint");
  if (!mine()) hint.textContent = "";
  else if (app.selected) hint.textContent = t(touch() ? "game.tap_target" : "game.board_hint_target");
  else if (movable.size) hint.textContent = t(touch() ? "game.tap_pawn" : "game.board_hint_pawn");
  else hint.textContent = "";
}

function mine() {
  return mySeatToMove() !== null;
}

/** Whether the page is used by touch (no hover, a coarse pointer): it says "tap", not "click". */
function touch() {
  return window.matchMedia("(hover: none), (pointer: coarse)").matches;
}

function renderTurn() {
  const s = app.state;
  const turn = $("turn");
  const dice = $("dice");
  const note = $("throw-note");
  const over = s.status !== "playing" || s.to_move === null;
  $("dice-row").hidden = over || !s.throw; // (real dice not entered yet: none to show)
  if (over) {
    // The result itself is said once, in the result card below.
    turn.replaceChildren(el("strong", { text: t("game.over") }));
    turn.dataset.seat = "";
    dice.replaceChildren();
    dice.dataset.throw = "";
    note.textContent = "";
    $("bonuses").hidden = true;
    $("dice-numbers").hidden = true;
    return;
  }
  const seat = s.seats[s.to_move];
  let status = t("game.waiting_for", { who: seatName(seat) });
  if (s.manual_dice && !s.throw) status = t("game.throw_wait", { who: seatName(seat) });
  if (isComputer(seat)) status = t("game.computer_thinking");
  if (mine()) status = t("game.your_turn");
  if (mySeatToThrow(s) !== null) status = t("game.your_throw");
  turn.dataset.seat = String(s.to_move);
  turn.classList.toggle("yours", mine());
  turn.replaceChildren(
    ...swatches(seat.colours),
    el("strong", { text: seatLabel(seat) }),
    el("span", { class: "turn-status", "data-testid": "turn-status", text: ` — ${status}` }),
  );
  const key = (s.throw || []).join(",");
  if (dice.dataset.throw !== key && !app.rolling) {
    dice.replaceChildren(...(s.throw || []).map((value) => dieNode(value, s.ruleset)));
    dice.dataset.throw = key;
    dice.setAttribute("aria-label", t("game.dice_label", { dice: (s.throw || []).join(t("and")) }));
  }
  renderDicePanel(s, $("dice-numbers"), note);
  const bonuses = $("bonuses");
  bonuses.hidden = !s.pending_bonuses.length;
  bonuses.textContent = s.pending_bonuses.length
    ? t("game.bonus_to_take", { bonuses: s.pending_bonuses.join(", ") })
    : "";
}

/**
 * Roll the dice when a new throw arrives: they tumble through random faces for
 * a moment (with a rattle) and land on the throw. Not on the page's first
 * state, and not with reduced motion (the throw is shown at once).
 */
function rollDice(animate) {
  const dice = $("dice");
  if (!animate || reducedMotion()) return;
  const s = app.state;
  const count = (s.throw || []).length;
  const sides = s.ruleset === "pagade" ? [1, 2, 3, 4, 5, 6] : [1, 2, 3, 4, 5, 6];
  sound("dice");
  clearInterval(app.rollTimer);
  app.rolling = true;
  dice.classList.remove("rolling");
  void dice.offsetWidth; // restart the animation
  dice.classList.add("rolling");
  dice.dataset.rolling = "true";
  const faces = () =>
    dice.replaceChildren(
      ...Array.from({ length: count }, () => dieNode(sides[Math.floor(Math.random() * sides.length)], s.ruleset)),
    );
  faces();
  app.rollTimer = setInterval(faces, 90);
  setTimeout(() => {
    clearInterval(app.rollTimer);
    app.rolling = false;
    delete dice.dataset.rolling;
    dice.dataset.throw = "";
    if (app.state) renderTurn();
  }, ROLL_MS);
}

/** The sounds of steps made: a capture, a pawn HOME, else a plain step. */
function playStepSounds(facts) {
  if (!facts.length) return;
  if (facts.some((f) => f.captured && f.captured.length)) sound("capture");
  else if (facts.some((f) => f.reached === "home")) sound("home");
  else sound("step");
}

function renderControls() {
  const s = app.state;
  const controls = $("controls");
  const held = [...app.keys.keys()].filter((seat) => seat < s.seats.length && !isComputer(s.seats[seat]));
  const holdsSeat = held.length > 0;
  controls.hidden = !holdsSeat || s.status !== "playing";
  $("seat-note").textContent = holdsSeat
    ? t("game.this_browser_plays", { seats: held.map((seat) => seatLabel(s.seats[seat])).join(t("and")) })
    : t("game.watching");
  if (controls.hidden) return;

  renderDiceEntry();
  const myTurn = mine() || mySeatToThrow(s) !== null;
  $("controls-title").textContent = myTurn
    ? t("game.your_move", { who: seatLabel(s.seats[s.to_move]) })
    : t("game.waiting_others");
  const played = $("played");
  played.textContent =
    myTurn && s.steps.length ? t("game.played_so_far", { play: playText(s.steps_facts, s.steps.join(" ")) }) : "";
  played.title = s.steps.join(" ");

  const steps = $("steps");
  const buttons = mine()
    ? s.legal.map((step, k) =>
        el(
          "button",
          {
            type: "button",
            class: `step kind-${step.kind}`,
            "data-testid": "step",
            "data-index": step.index,
            "aria-keyshortcuts": stepKey(k),
            disabled: busy(),
            onclick: () => chooseStep(step),
            onmouseenter: () => setPreview(step),
            onmouseleave: () => setPreview(null),
            // A finger on a step shows where it goes while it presses (a phone has no hover).
            onpointerdown: (event) => event.pointerType !== "mouse" && setPreview(step),
            onpointercancel: () => setPreview(null),
            // Keyboard focus shows the step on the board (not the focus a click leaves behind).
            onfocus: (event) => event.target.matches(":focus-visible") && setPreview(step),
            onblur: () => setPreview(null),
          },
          stepKey(k) ? el("kbd", { text: stepKey(k) }) : null,
          el("span", { class: "description", text: describe(step) }),
          el("code", { class: "notation", text: step.notation }),
        ),
      )
    : [];
  if (myTurn && s.complete) {
    const ending = autoplayOn() && app.endTimer !== null;
    const text = ending ? t("game.auto_end") : t("game.throw_used");
    buttons.push(el("p", { class: ending ? "hint ending" : "hint", "data-testid": "throw-used", text }));
  }
  const hadFocus = controls.contains(document.activeElement) && document.activeElement !== $("autoplay");
  steps.replaceChildren(...buttons);
  // (Real dice not entered yet: there is nothing to undo, end or hint.)
  $("undo").parentElement.hidden = mySeatToThrow(s) !== null;
  $("undo").disabled = !myTurn || busy() || s.steps.length === 0;
  $("commit").disabled = !myTurn || busy() || !s.complete;
  $("hint").disabled = !myTurn || (app.hint !== null && app.hint.throwId === app.throwId);
  renderHint();
  // Keyboard players keep their place: focus goes to the next thing to press.
  const lost = [document.body, controls, null].includes(document.activeElement);
  if (hadFocus && lost) {
    const next =
      steps.querySelector("button:not([disabled])") || [$("commit"), $("undo")].find((b) => !b.disabled);
    (next || controls).focus({ preventScroll: true });
  }
}

function renderPlayers() {
  const s = app.state;
  const finished = s.position.finished || [];
  const items = s.seats.map((seat) => {
    const facts = [];
    if (isComputer(seat)) {
      facts.push(seat.name.includes(seat.kind) ? t("game.computer") : `${t("game.computer")} (${t(`level.${seat.kind}`)})`);
    }
    else facts.push(app.keys.has(seat.index) ? t("game.you") : t("game.human"));
    if (!seat.name.includes(seatColours(seat))) facts.push(seatColours(seat));
    if (seat.team !== null && seat.team !== undefined) facts.push(t("game.team", { n: seat.team + 1 }));
    if (seat.major) facts.push(t("game.major", { colour: t(`colour.${seat.major}`) }));
    if (s.ruleset === "pagade" && s.position.cut) {
      facts.push(s.position.cut[seat.index] ? t("game.has_cut") : t("game.has_not_cut"));
    }
    const place = finished.indexOf(seat.index);
    if (s.winner && s.winner.includes(seat.index)) facts.push(t("game.winner"));
    else if (place >= 0) facts.push(t("game.finished_place", { ordinal: t(`ordinal.${place + 1}`) }));
    const toMove = s.status === "playing" && s.to_move === seat.index;
    return el(
      "li",
      {
        class: toMove ? "to-move" : "",
        "data-seat": seat.index,
        "aria-current": toMove ? "true" : null,
      },
      ...swatches(seat.colours),
      el("span", { class: "player-name", text: seatName(seat) }),
      el("span", { class: "facts", text: facts.join(" · ") }),
    );
  });
  $("players").replaceChildren(...items);
}

/** The facts of a move: from the state, or read once for the older moves (GET .../moves). */
function factsOfMove(move) {
  if (move.facts) {
    app.moveFacts.set(move.n, move.facts);
    return move.facts;
  }
  if (app.moveFacts.has(move.n)) return app.moveFacts.get(move.n);
  if (!app.fetchingMoves) {
    app.fetchingMoves = true;
    api(`/api/games/${encodeURIComponent(gameId)}/moves`)
      .then((answer) => {
        for (const m of answer.moves) app.moveFacts.set(m.n, m.facts);
        renderMoves();
      })
      .catch(() => {})
      .finally(() => {
        app.fetchingMoves = false;
      });
  }
  return null;
}

function renderMoves() {
  const s = app.state;
  const list = $("moves");
  const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
  const items = s.moves.map((move) => {
    const seat = s.seats[move.seat];
    const pass = move.play === "-";
    return el(
      "li",
      {
        class: pass ? "move pass" : "move",
        "data-testid": "move",
        "data-n": move.n,
        title: move.play,
      },
      el("span", { class: "move-n", text: `${move.n}.` }),
      ...swatches(seat ? seat.colours : []),
      el("span", { class: "move-who", text: seat ? seatName(seat) : move.who }),
      el("span", { class: "move-throw", text: throwText(move.throw) }),
      el("span", { class: "move-words", "data-testid": "move-words", text: playText(factsOfMove(move), move.play) }),
      el("code", { class: "move-play notation", text: pass ? "-" : move.play }),
    );
  });
  if (items.length === 0) items.push(el("li", { class: "empty", text: t("game.no_moves") }));
  list.replaceChildren(...items);
  if (atBottom || list.dataset.count !== String(s.moves.length)) list.scrollTop = list.scrollHeight;
  list.dataset.count = String(s.moves.length);
}

function renderFirst() {
  const s = app.state;
  const first = s.first;
  const box = $("first");
  if (!first || !first.rounds) {
    box.replaceChildren();
    return;
  }
  const name = (index) => seatName(s.seats[Number(index)]);
  const rounds = first.rounds.map((round, k) =>
    el(
      "li",
      {},
      `${t("game.round", { n: k + 1 })}: `,
      Object.entries(round)
        .map(([seat, value]) => `${name(seat)} ${value}`)
        .join(", "),
    ),
  );
  box.replaceChildren(el("ol", { class: "rounds" }, rounds));
  $("first-summary").textContent = t("game.started", { who: name(first.seat) });
}

function renderResult() {
  const s = app.state;
  const box = $("result");
  box.hidden = s.status !== "finished";
  if (box.hidden) return;
  $("result-text").textContent = (s.places_facts || []).length ? resultText(s) : t("error.game_over");
  const holdsSeat = app.keys.size > 0;
  const link = $("rematch-link");
  if (s.rematch) {
    link.href = `/g/${encodeURIComponent(s.rematch)}${holdsSeat ? keysFragment(app.keys) : ""}`;
    link.hidden = false;
    $("rematch").hidden = true;
  } else {
    link.hidden = true;
    $("rematch").hidden = !holdsSeat;
  }
}

// -- the banner and the error area ---------------------------------------------

function showNotice(text) {
  const notice = $("notice");
  notice.textContent = text;
  notice.hidden = false;
  clearTimeout(app.noticeTimer);
  app.noticeTimer = setTimeout(() => {
    notice.hidden = true;
  }, NOTICE_MS);
}

const ERROR_TEXT = {
  network:
    "The server cannot be reached right now. Your step was not sent; please try again in a moment.",
  forbidden: "The server does not accept this browser's key for that seat. Open your seat link again.",
  not_your_turn: "It is not your turn any more.",
  stale: "The game moved on before your action arrived. The board is up to date now: please try again.",
  game_over: "The game is over.",
  illegal: "That step is not allowed.",
  not_finished: "A rematch can be started once the game is over.",
  unavailable: "The server cannot store games right now; nothing was changed. Please try again shortly.",
};

function showError(error) {
  const known = error instanceof ApiError && ERROR_TEXT[error.code] ? t(`error.${error.code}`) : null;
  const detail = error.message && error.code !== "network" ? ` (${error.message})` : "";
  $("error-text").textContent = `${known || t("error.unknown")}${detail}`;
  $("error").hidden = false;
}

function clearError() {
  $("error").hidden = true;
}

// -- acting ------------------------------------------------------------------

/**
 * Whether an action made against the state shown is on its way. (Once a newer
 * state has arrived, by the WebSocket say, the next action may go even if the
 * answer to the last one is still travelling: the version keeps them apart.)
 */
function busy() {
  return app.sending !== null && app.state !== null && app.sending === app.state.version;
}

/** Send one action for the seat to move; the answer is the new state. */
async function act(type, index = null) {
  const s = app.state;
  const seat = mySeatToMove(s);
  if (seat === null) return;
  if (busy()) {
    // A second click while the first is on its way: said in words, nothing sent.
    showNotice(t("game.busy"));
    return;
  }
  cancelEnd();
  const body = { key: app.keys.get(seat), version: s.version, type };
  if (type === "step") body.index = index;
  app.sending = s.version;
  clearTimeout(app.autoTimer);
  renderControls();
  try {
    const path = `/api/games/${encodeURIComponent(gameId)}/actions`;
    const answer = await api(path, { method: "POST", body });
    clearError();
    applyState(answer.state);
  } catch (error) {
    if (error instanceof ApiError && ["stale", "not_your_turn"].includes(error.code)) {
      // The game moved on meanwhile (a computer, another screen): no fault of the player's.
      showNotice(t(`error.${error.code}`));
    } else {
      showError(error);
    }
    live.refresh();
  } finally {
    if (app.sending === body.version) app.sending = null;
    renderControls();
    scheduleAutoPlay();
  }
}

/** A step chosen by the player (button, key or board). */
function chooseStep(step) {
  app.auto.manual = true;
  app.selected = null;
  app.preview = null;
  act("step", step.index);
}

function undo() {
  if (!mine() || !app.state.steps.length) return;
  cancelEnd();
  app.auto.manual = true;
  app.auto.suspended = true; // do not replay a forced step the player just took back
  act("undo");
}

function commit() {
  if (!mine() || !app.state.complete) return;
  act("commit");
}

/** Ask the server for the best plays of this throw (POST .../hint, docs/web.md). */
async function askHint() {
  const s = app.state;
  const seat = mySeatToMove(s);
  if (seat === null || (app.hint && app.hint.throwId === app.throwId)) return;
  const throwId = app.throwId;
  app.hint = { throwId, pending: true };
  renderControls();
  try {
    const path = `/api/games/${encodeURIComponent(gameId)}/hint`;
    const answer = await api(path, { method: "POST", body: { key: app.keys.get(seat) } });
    if (app.throwId === throwId) app.hint = { throwId, ...answer };
  } catch (error) {
    if (app.throwId === throwId) app.hint = { throwId, error: error.message || String(error) };
  }
  renderControls();
  if (app.throwId === throwId) renderBoard(); // the best play drawn on the board
}

function renderHint() {
  const box = $("hint-box");
  const hint = app.hint;
  if (!hint || hint.throwId !== app.throwId || !mine()) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  box.hidden = false;
  if (hint.pending) {
    box.replaceChildren(el("p", { class: "hint", text: t("hint.pending") }));
  } else if (hint.error) {
    box.replaceChildren(el("p", { class: "hint", text: t("hint.none", { error: hint.error }) }));
  } else {
    box.replaceChildren(...hintRows(hint, playThis));
  }
}

/** The hint's "play this": its best play, through the page's own actions (insight.js). */
function playThis(notation) {
  app.auto.manual = true;
  app.selected = null;
  app.preview = null;
  playHinted(notation, { state: () => app.state, throwId: () => app.throwId, act });
}

function select(key) {
  app.selected = key;
  app.preview = null;
  renderBoard();
}

function clickPawn(key) {
  if (!mine()) return;
  const movable = boardSteps().some((step) => stepFromKey(step) === key);
  if (!movable) {
    select(null);
    $("board-hint").textContent = t("game.cannot_move");
    return;
  }
  select(app.selected === key ? null : key);
}

function clickTarget(place) {
  const candidates = boardSteps().filter(
    (step) => stepFromKey(step) === app.selected && stepTarget(step) === place,
  );
  if (candidates.length === 1) chooseStep(candidates[0]);
  else if (candidates.length > 1) askWhich(candidates);
}

/** Several steps take the pawn to the same place (a single or a pair move, say): ask. */
function askWhich(candidates) {
  const dialog = $("choose");
  const buttons = candidates.map((step) =>
    el(
      "button",
      {
        type: "button",
        class: "step",
        "data-testid": "choice",
        "data-index": step.index,
        onclick: () => {
          dialog.close();
          chooseStep(step);
        },
      },
      el("span", { class: "description", text: describe(step) }),
      el("code", { class: "notation", text: step.notation }),
    ),
  );
  $("choices").replaceChildren(...buttons);
  dialog.showModal();
}

/** A step in words: the server's description, or the notation put into words. */
function describe(step) {
  return step.facts ? factsText(step.facts) : step.description || stepWords(step.notation, app.state.ruleset);
}

function setPreview(step) {
  if (app.preview === step) return;
  app.preview = step;
  renderBoard();
}

// -- real dice: the throw entered by tapping the dice's faces ---------------------

/**
 * A referee for a real board (`manual_dice`): the player to move throws real
 * dice and taps the number each shows; "Enter the throw" sends it. The server
 * checks it against the ruleset's dice and then every step, as for any throw.
 */
function renderDiceEntry() {
  const s = app.state;
  const box = $("dice-entry");
  const seat = mySeatToThrow(s);
  box.hidden = seat === null;
  if (box.hidden) return;
  const faces = s.dice_faces || [1, 2, 3, 4, 5, 6];
  if (app.entered.length !== (s.dice_count || 2)) app.entered = Array(s.dice_count || 2).fill(null);
  const rows = app.entered.map((_, die) =>
    el(
      "div",
      { class: "dice-entry-row", role: "group", "aria-label": t("game.die_n", { n: die + 1 }) },
      el("span", { class: "dice-entry-label", text: t("game.die_n", { n: die + 1 }) }),
      faces.map((n) =>
        el(
          "button",
          {
            type: "button",
            class: "face",
            "data-testid": `face-${die}-${n}`,
            "aria-pressed": app.entered[die] === n ? "true" : "false",
            "aria-label": t("game.die_value", { n, die: die + 1 }),
            disabled: app.sending !== null,
            onclick: () => {
              app.entered[die] = n;
              renderDiceEntry();
            },
          },
          dieNode(n, s.ruleset),
        ),
      ),
    ),
  );
  $("dice-entry-rows").replaceChildren(...rows);
  $("enter-throw").disabled = app.entered.includes(null) || app.sending !== null;
}

/** Send the throw of the real dice. */
async function enterThrow() {
  const s = app.state;
  const seat = mySeatToThrow(s);
  if (seat === null || app.entered.includes(null) || app.sending !== null) return;
  const body = { key: app.keys.get(seat), version: s.version, type: "throw", dice: [...app.entered] };
  app.sending = s.version;
  renderDiceEntry();
  try {
    const answer = await api(`/api/games/${encodeURIComponent(gameId)}/actions`, { method: "POST", body });
    clearError();
    announcer.say(t("game.throw_sent", { dice: body.dice.join(t("and")) }));
    applyState(answer.state);
  } catch (error) {
    showError(error);
    live.refresh();
  } finally {
    app.sending = null;
    renderControls();
  }
}

// -- auto-play of forced moves ---------------------------------------------------

function autoplayOn() {
  return localStorage.getItem(AUTOPLAY_SETTING) !== "off";
}

/**
 * With auto-play on: a step that is the only legal one is sent after a short
 * pause, and a throw whose every step was forced is committed too. A choice
 * or an undo by the player leaves the commit to them.
 */
function scheduleAutoPlay() {
  clearTimeout(app.autoTimer);
  cancelEnd();
  const s = app.state;
  if (!s || !autoplayOn() || busy() || !mine()) return;
  const version = s.version;
  const later = (fn) => {
    app.autoTimer = setTimeout(() => {
      if (app.state.version === version && !busy() && autoplayOn()) fn();
    }, AUTO_DELAY_MS);
  };
  if (!s.complete && s.legal.length === 1 && !app.auto.suspended) {
    later(() => {
      app.auto.sent += 1;
      act("step", s.legal[0].index);
    });
  } else if (s.complete && s.steps.length > 0) {
    // The throw is used: no choice is left, so the turn ends by itself after a
    // short grace in which Undo still takes a step back (and stops it).
    const delay = !app.auto.manual && app.auto.sent === s.steps.length ? AUTO_DELAY_MS : END_GRACE_MS;
    app.endTimer = setTimeout(() => {
      app.endTimer = null;
      if (app.state.version === version && !busy() && autoplayOn() && mine()) act("commit");
    }, delay);
    renderControls();
  }
}

/** Stop a turn from ending by itself (an undo, a commit of one's own, a new state). */
function cancelEnd() {
  if (app.endTimer !== null) clearTimeout(app.endTimer);
  app.endTimer = null;
}

// -- keyboard ----------------------------------------------------------------

function onKey(event) {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  if ($("choose").open) return;
  const tag = event.target.tagName;
  if (["INPUT", "TEXTAREA", "SELECT"].includes(tag)) return;
  const s = app.state;
  if (!s || !mine()) {
    if (event.key === "Escape") select(null);
    return;
  }
  if (stepIndexOfKey(event.key) !== null) {
    const step = s.legal[stepIndexOfKey(event.key)];
    if (step) {
      event.preventDefault();
      chooseStep(step);
    }
  } else if (event.key === "u" || event.key === "U") {
    event.preventDefault();
    undo();
  } else if (event.key === "h" || event.key === "H") {
    event.preventDefault();
    askHint();
  } else if (event.key === "Enter" && !["BUTTON", "A", "SUMMARY"].includes(tag)) {
    if (s.complete) {
      event.preventDefault();
      commit();
    }
  } else if (event.key === "Escape") {
    select(null);
  }
}

// -- start -------------------------------------------------------------------

async function rematch() {
  const key = [...app.keys.values()][0];
  if (!key) return;
  $("rematch").disabled = true;
  try {
    const answer = await api(`/api/games/${encodeURIComponent(gameId)}/rematch`, {
      method: "POST",
      body: { key },
    });
    saveKeys(answer.id, app.keys);
    location.assign(`/g/${encodeURIComponent(answer.id)}${keysFragment(app.keys)}`);
  } catch (error) {
    showError(error);
    $("rematch").disabled = false;
  }
}

function setConnection(status) {
  const node = $("connection");
  node.dataset.status = status;
  node.textContent = {
    connecting: t("conn.connecting"),
    live: t("conn.live"),
    offline: t("conn.offline"),
    missing: t("conn.missing"),
  }[status];
  if (status === "missing") {
    $("missing").hidden = false;
    for (const part of document.querySelectorAll(".board-area, .panels")) part.hidden = true;
  }
}

const live = new LiveGame(gameId, {
  onState: applyState,
  onStatus: setConnection,
  keys: () => heldKeys(app.keys),
});

async function start() {
  await loadLanguage();
  mountLanguageSwitch();
  mountAccountLink();
  if (gameId) mountRatedSeats(gameId, () => heldKeys(app.keys));
  setupNotation();
  app.attention = watchAttention(() => mine() || mySeatToThrow() !== null, () => app.state);
  $("undo").addEventListener("click", undo);
  $("enter-throw").addEventListener("click", enterThrow);
  $("clear-throw").addEventListener("click", () => {
    app.entered = Array((app.state && app.state.dice_count) || 2).fill(null);
    renderDiceEntry();
  });
  $("commit").addEventListener("click", commit);
  $("hint").addEventListener("click", askHint);
  $("rematch").addEventListener("click", rematch);
  $("error-close").addEventListener("click", clearError);
  $("copy-watch").addEventListener("click", async () => {
    const copied = await copyText($("watch-url").value, $("watch-url"));
    $("copy-watch").textContent = copied ? t("game.copied") : t("game.copy");
  });
  const soundBox = $("sound");
  soundBox.checked = soundOn();
  soundBox.addEventListener("change", () => setSound(soundBox.checked));
  const autoplay = $("autoplay");
  autoplay.checked = autoplayOn();
  autoplay.addEventListener("change", () => {
    localStorage.setItem(AUTOPLAY_SETTING, autoplay.checked ? "on" : "off");
    scheduleAutoPlay();
  });
  document.addEventListener("keydown", onKey);
  window.addEventListener("hashchange", () => {
    app.keys = saveKeys(gameId, keysFromFragment(location.hash));
    hideKeys();
    live.hello();
    if (app.state) {
      render();
      scheduleAutoPlay();
    }
  });
  if (!gameId) {
    setConnection("missing");
    return;
  }
  initSocial(gameId, applyState);
  live.start();
}

start();
