// The replay page (/r/{id}): every position of a game, one move at a time,
// on the same board drawing as the game page.

import { api } from "./api.js";
import { BoardView, changedPlaces } from "./board.js";
import { loadLanguage, mountLanguageSwitch, t } from "./i18n.js";
import { dieNode, el, isComputer, seatColours, seatName, swatches, throwText } from "./ui.js";
import { setupNotation } from "./reading.js";
import { playText, resultText } from "./words.js";

const $ = (id) => document.getElementById(id);
const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");

const replay = {
  data: null, // GET /api/games/{id}/replay
  board: null,
  at: 0, // number of moves played in the position shown
};

/** Show the position after `k` moves. */
function show(k) {
  const { data } = replay;
  const last = data.moves.length;
  replay.at = Math.max(0, Math.min(last, k));
  const at = replay.at;
  const entry = data.positions[at];
  const move = at > 0 ? data.moves[at - 1] : null;
  const position = entry.position;
  replay.board.render({
    pawns: entry.pawns,
    seats: data.seats,
    toMove: at === last && data.status === "finished" ? null : position.to_move,
    cut: position.cut,
    finished: position.finished || [],
    marks: move ? changedPlaces(data.positions[at - 1].pawns, entry.pawns) : new Set(),
  });

  const caption = $("caption");
  const dice = $("dice");
  if (move) {
    const who = seatName(data.seats[move.seat]);
    const values = { at, last, who, dice: throwText(move.throw), play: playText(move.facts, move.play) };
    caption.textContent = t(move.play === "-" ? "replay.caption_pass" : "replay.caption", values);
    dice.replaceChildren(...move.throw.map((value) => dieNode(value, data.ruleset)));
    dice.dataset.throw = move.throw.join(",");
    $("play").textContent = move.play;
  } else {
    caption.textContent = t("replay.caption_start", { n: last });
    dice.replaceChildren();
    dice.dataset.throw = "";
    $("play").textContent = "";
  }
  caption.dataset.at = String(at);
  $("slider").value = String(at);
  $("slider").setAttribute("aria-valuetext", at ? t("replay.after_move", { at, last }) : t("replay.the_start"));
  $("first").disabled = $("prev").disabled = at === 0;
  $("last").disabled = $("next").disabled = at === last;
  $("result").hidden = !(at === last && data.result);
  $("result").textContent = data.result ? resultText(data) : "";

  const list = $("moves");
  for (const item of list.children) {
    const current = Number(item.dataset.n) === at;
    item.classList.toggle("current", current);
    if (current) {
      item.setAttribute("aria-current", "step");
      // Scroll the list (not the page) to keep the current move in sight.
      const box = list.getBoundingClientRect();
      const row = item.getBoundingClientRect();
      if (row.top < box.top || row.bottom > box.bottom) {
        list.scrollTop += row.top - box.top - box.height / 2;
      }
    } else item.removeAttribute("aria-current");
  }
  drawPlayers(position, at === last);
  history.replaceState(null, "", at === 0 ? location.pathname : `#n=${at}`);
}

function drawPlayers(position, atEnd) {
  const { data } = replay;
  const items = data.seats.map((seat) => {
    const facts = [isComputer(seat) ? `${t("game.computer")} (${t(`level.${seat.kind}`)})` : t("game.human")];
    if (!seatName(seat).includes(seatColours(seat))) facts.push(seatColours(seat));
    if (seat.team !== null && seat.team !== undefined) facts.push(t("game.team", { n: seat.team + 1 }));
    if (seat.major) facts.push(t("game.major", { colour: t(`colour.${seat.major}`) }));
    if (position.cut) facts.push(position.cut[seat.index] ? t("game.has_cut") : t("game.has_not_cut"));
    if (position.winner && position.winner.includes(seat.index)) facts.push(t("game.winner"));
    const next = !(atEnd && data.status === "finished") && position.to_move === seat.index;
    return el(
      "li",
      { class: next ? "to-move" : "" },
      swatches(seat.colours),
      el("span", { class: "player-name", text: seatName(seat) }),
      el("span", { class: "facts", text: facts.join(" · ") }),
    );
  });
  $("players").replaceChildren(...items);
}

function drawMoves() {
  const { data } = replay;
  const items = [
    el(
      "li",
      { "data-n": 0 },
      el("button", { type: "button", class: "move-jump", onclick: () => show(0) }, t("replay.start")),
    ),
  ];
  for (const move of data.moves) {
    const seat = data.seats[move.seat];
    items.push(
      el(
        "li",
        { "data-n": move.n, "data-testid": "move", class: move.play === "-" ? "move pass" : "move" },
        el(
          "button",
          {
            type: "button",
            class: "move-jump",
            onclick: () => show(move.n),
            title: move.play,
          },
          el("span", { class: "move-n", text: `${move.n}.` }),
          swatches(seat.colours),
          el("span", { class: "move-who", text: seatName(seat) }),
          el("span", { class: "move-throw", text: throwText(move.throw) }),
          el("span", { class: "move-words", text: playText(move.facts, move.play) }),
          el("code", { class: "move-play notation", text: move.play }),
        ),
      ),
    );
  }
  $("moves").replaceChildren(...items);
}

function onKey(event) {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  if (["INPUT", "TEXTAREA", "SELECT"].includes(event.target.tagName)) return;
  const moves = { ArrowLeft: -1, ArrowRight: 1 };
  if (event.key in moves) show(replay.at + moves[event.key]);
  else if (event.key === "Home") show(0);
  else if (event.key === "End") show(replay.data.moves.length);
  else return;
  event.preventDefault();
}

async function start() {
  await loadLanguage();
  mountLanguageSwitch();
  setupNotation();
  $("game-link").href = `/g/${encodeURIComponent(gameId)}`;
  $("download").href = `/api/games/${encodeURIComponent(gameId)}/record`;
  try {
    replay.data = await api(`/api/games/${encodeURIComponent(gameId)}/replay`);
  } catch (error) {
    $("missing").hidden = false;
    if (error.code !== "not_found") {
      $("missing").textContent = t("replay.failed", { error: error.message });
    }
    for (const part of document.querySelectorAll(".board-area, .panels")) part.hidden = true;
    return;
  }
  const { data } = replay;
  const name = t(`ruleset.${data.ruleset}`);
  $("title").textContent = t("replay.title", { ruleset: name });
  document.title = `${t("replay.title", { ruleset: name })} · Pachisi`;
  replay.board = new BoardView($("board"), data.board, { ruleset: data.ruleset, seats: data.seats });
  $("slider").max = String(data.moves.length);
  $("slider").addEventListener("input", () => show(Number($("slider").value)));
  $("first").addEventListener("click", () => show(0));
  $("prev").addEventListener("click", () => show(replay.at - 1));
  $("next").addEventListener("click", () => show(replay.at + 1));
  $("last").addEventListener("click", () => show(data.moves.length));
  document.addEventListener("keydown", onKey);
  drawMoves();
  const wanted = /^#n=(\d+)$/.exec(location.hash);
  show(wanted ? Number(wanted[1]) : 0);
}

start();
