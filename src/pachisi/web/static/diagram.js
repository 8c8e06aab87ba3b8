// Small boards for learning to play: a set position drawn by the game's own
// board code (board.js), cropped to the squares a rule or a lesson is about.
// The positions, the steps shown and the places come from the server
// (GET /api/learn/rules/{ruleset}, GET /api/learn/lessons/{name}), which
// checks every step with the rules engine.

import { BoardView, placeKey } from "./board.js";

/** Size of one cell of board.js, in SVG user units. */
const CELL = 40;

/** The place a step starts from, as a placeKey (null for option steps). */
export function fromKey(step) {
  if (!step.colour) return null;
  if (step.from_square === null || step.from_square === undefined) return placeKey(step.colour, "out");
  if (step.from_square === "home") return placeKey(step.colour, "home");
  return placeKey(step.colour, "track", step.from_square);
}

/** The place a step leads to: a square id or "home" (null for a pawn sent to its nest). */
export function toPlace(step) {
  if (step.kind === "penalty" || step.kind === "option") return null;
  return step.to_square === null || step.to_square === undefined ? null : step.to_square;
}

/**
 * Crop `view`'s board to `places` (square ids, "home" or placeKeys) with a
 * margin of a cell, at least `least` cells a side; the whole board for none.
 */
export function cropTo(view, places, least = 7) {
  const SIZE = view.size || 19 * CELL; // the board's own size (Ludo 15, MADN 11 cells a side)
  const boxes = places.filter((p) => p !== null && p !== undefined).map((p) => view.boxOf(p));
  if (!boxes.length) {
    view.svg.setAttribute("viewBox", `0 0 ${SIZE} ${SIZE}`);
    return;
  }
  const x0 = Math.min(...boxes.map((b) => b[0])) - CELL;
  const y0 = Math.min(...boxes.map((b) => b[1])) - CELL;
  const x1 = Math.max(...boxes.map((b) => b[0] + b[2])) + CELL;
  const y1 = Math.max(...boxes.map((b) => b[1] + b[2])) + CELL;
  const side = Math.min(SIZE, Math.max(x1 - x0, y1 - y0, least * CELL));
  const clamp = (v) => Math.max(0, Math.min(SIZE - side, v));
  const left = clamp((x0 + x1) / 2 - side / 2);
  const top = clamp((y0 + y1) / 2 - side / 2);
  view.svg.setAttribute("viewBox", `${left} ${top} ${side} ${side}`);
}

/**
 * Draw a rule's diagram (`info`: pawns, seats, steps, marks, focus) into
 * `container`: the pawn of the first step chosen, where the steps go framed,
 * the squares the rule is about marked.
 */
export function drawDiagram(container, board, info) {
  const view = new BoardView(container, board, { ruleset: info.ruleset, seats: info.seats });
  const steps = info.steps || [];
  const previews = [...new Set(steps.map(toPlace).filter((p) => p !== null))];
  const first = steps.find((s) => fromKey(s) !== null);
  view.render({
    pawns: info.pawns,
    seats: info.seats,
    toMove: info.to_move,
    cut: info.cut,
    marks: new Set(info.marks || []),
    previews,
    selected: first ? fromKey(first) : null,
  });
  const focus = [...(info.focus || [])];
  if (focus.length) {
    for (const step of steps) {
      const key = fromKey(step);
      if (key && key.endsWith("@out")) focus.push(key);
      if (step.kind === "penalty") focus.push(placeKey(step.colour, "out"));
    }
  }
  cropTo(view, focus);
  view.svg.classList.add("diagram-board");
  return view;
}
