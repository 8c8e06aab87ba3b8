// The cross-shaped board in SVG, drawn from `state.board` (docs/web.md,
// RULES.md §2). One module for the game page and the replay page.
//
// Ludo's 15 x 15 cross and MADN's 11 x 11 board (RULES-LUDO.md) are drawn by
// the same code from their own `state.board`: its `grid` (cells a side), its
// `yards` (where each colour's yard pawns stand), its `centre` (Ludo's Home, or
// none) and `home_sides`; each square's `mark` and `entry` say how it looks.
//
// The board is a 19 x 19 grid of cells, x and y from -9 to 9 with y up, so
// the cell (x, y) is drawn in column x + 9 and row 9 - y. The centre 3 x 3
// cells are HOME (Pagade's Home); each corner holds the nest (Pagade: the cut
// pawns) of the colour whose entry it touches, with its HOME tally.
//
// Pawns are drawn one token per colour and place; a token standing for
// several pawns shows their number. Tokens carry data-testid="pawn",
// data-colour, data-where ("track", "out", "home"), data-square (track only)
// and data-count; clickable targets carry data-testid="target" and
// data-square (a square id, or "home").

import { t } from "./i18n.js";
import { colourName, seatName } from "./ui.js";
import { placeWords, ringPlace } from "./words.js";

const SVG_NS = "http://www.w3.org/2000/svg";

/** Size of one cell in SVG user units. */
const CELL = 40;
const SIZE = 19 * CELL;
const PAWN_R = 14;

/** Corner quadrant (sign of x, sign of y) of each arm: the one its entry touches. */
const CORNER_OF_ARM = [
  [1, -1],
  [1, 1],
  [-1, 1],
  [-1, -1],
];

/** Where each arm's HOME pawns sit: the centre triangle facing that arm. */
const HOME_SPOT_OF_ARM = [
  [0, 1],
  [1, 0],
  [0, -1],
  [-1, 0],
];

/** Where each arm's yard corner lies (sign of x, sign of y) on a one-die board. */
function yardCorner(cells) {
  const mean = (k) => cells.reduce((sum, c) => sum + c[k], 0) / cells.length;
  return [Math.sign(mean(0)), Math.sign(mean(1))];
}

/** Create an SVG element with attributes and children. */
function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined && value !== false) {
      node.setAttribute(name, String(value));
    }
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

/** Top-left corner, in user units, of the cell (x, y). */
function cellOrigin(x, y) {
  return [(x + 9) * CELL, (9 - y) * CELL];
}

/** Centre, in user units, of the cell (x, y). */
function cellCentre(x, y) {
  const [left, top] = cellOrigin(x, y);
  return [left + CELL / 2, top + CELL / 2];
}

/** The identity of a token: a colour and the place it stands. */
export function placeKey(colour, where, square) {
  return where === "track" ? `${colour}@${square}` : `${colour}@${where}`;
}

/** The place a step starts from, as a placeKey (null for option/penalty steps). */
export function stepFromKey(step) {
  if (!step.colour || step.kind === "option" || step.kind === "penalty") return null;
  if (step.from_square !== null && step.from_square !== undefined) {
    return placeKey(step.colour, "track", step.from_square);
  }
  return placeKey(step.colour, "out");
}

/** The place a step leads to: a square id, or "home". */
export function stepTarget(step) {
  return step.to_square !== null && step.to_square !== undefined ? step.to_square : "home";
}

/**
 * The squares whose occupants differ between two lists of pawns, plus "home"
 * when the HOME counts differ: what the last move touched.
 */
export function changedPlaces(before, after) {
  const count = (pawns) => {
    const counts = new Map();
    for (const pawn of pawns || []) {
      const place = pawn.where === "track" ? pawn.square : pawn.where;
      const key = `${place}|${pawn.colour}`;
      counts.set(key, (counts.get(key) || 0) + 1);
    }
    return counts;
  };
  const a = count(before);
  const b = count(after);
  const places = new Set();
  for (const key of new Set([...a.keys(), ...b.keys()])) {
    if ((a.get(key) || 0) === (b.get(key) || 0)) continue;
    const [place] = key.split("|");
    if (place === "home") places.add("home");
    else if (place !== "out") places.add(Number(place));
  }
  return places;
}

/** How a square is described in words (tooltips and the text alternative). */
export function squareWords(square, ruleset, colours) {
  const words = [];
  if (square.kind === "private") {
    words.push(ruleset === "pagade" ? t("word.belly") : t("board.home_path"));
  } else {
    if (square.safe) words.push(t("board.safety"));
    if (square.castle) words.push(t("board.x_square"));
    if (ruleset !== "pagade" && square.id % 17 === 5) {
      words.push(t("board.entry", { colour: colourName(colours[Math.floor(square.id / 17)]) }));
    }
  }
  return words.join(", ");
}

/**
 * The board of one game (or replay). Build it once with the static board
 * geometry, then call render() with each new set of pawns.
 */
export class BoardView {
  /**
   * @param {HTMLElement} container - where the SVG and its text alternative go
   * @param {object} board - `state.board`
   * @param {object} options - ruleset, seats, and the click callbacks
   *   onPawn(token), onTarget(place) and onBackground()
   */
  constructor(container, board, { ruleset, seats, onPawn, onTarget, onBackground } = {}) {
    this.board = board;
    this.ruleset = ruleset;
    this.seats = seats || [];
    this.onPawn = onPawn;
    this.onTarget = onTarget;
    this.onBackground = onBackground;
    this.squares = new Map(board.squares.map((sq) => [sq.id, sq]));
    this.colours = board.colours;
    /** Ludo and MADN: drawn from their cells, yards and Home (RULES-LUDO.md). */
    this.oneDie = Array.isArray(board.yards);
    this.grid = board.grid || 19;
    this.half = (this.grid - 1) / 2;
    this.size = this.grid * CELL;
    this.homeWord = t(ruleset === "pagade" || ruleset === "ludo" ? "word.Home" : "word.HOME");
    /** Where each token was drawn last (placeKey -> [x, y]), so that a moved pawn slides. */
    this.drawn = new Map();

    const titleId = `board-title-${Math.random().toString(36).slice(2, 8)}`;
    this.svg = svg(
      "svg",
      {
        viewBox: `0 0 ${this.size} ${this.size}`,
        class: `board ruleset-${ruleset}${this.oneDie ? " one-die" : ""}`,
        "data-testid": "board",
        role: "img",
        "aria-labelledby": titleId,
      },
      svg("title", { id: titleId }, t(this.oneDie ? "board.ludo_title" : "board.title")),
    );
    this.layers = {};
    for (const name of ["squares", "corners", "centre", "marks", "pawns", "targets"]) {
      this.layers[name] = svg("g", { class: `layer-${name}` });
      this.svg.append(this.layers[name]);
    }
    this.textList = document.createElement("ul");
    this.textList.className = "visually-hidden";
    this.textList.dataset.testid = "pawn-list";
    this.textList.setAttribute("aria-label", t("board.list_label"));

    container.replaceChildren(this.svg, this.textList);
    this.drawSquares();
    this.drawCentre();
    this.svg.addEventListener("click", (event) => this.handleClick(event));
    // Clicking the board leaves the keyboard focus where it is: moving it would
    // blur a focused step button, whose preview would redraw the pawns between
    // the press and the release, and the click would be lost.
    this.svg.addEventListener("mousedown", (event) => event.preventDefault());
  }

  /** Top-left corner, in user units, of the cell (x, y) of this board. */
  cellOrigin(x, y) {
    return [(x + this.half) * CELL, (this.half - y) * CELL];
  }

  /** Centre, in user units, of the cell (x, y) of this board. */
  cellCentre(x, y) {
    const [left, top] = this.cellOrigin(x, y);
    return [left + CELL / 2, top + CELL / 2];
  }

  /** [left, top, size] of the yard (corner) of `arm`. */
  cornerBox(arm) {
    const [sx, sy] = this.oneDie ? yardCorner(this.board.yards[arm]) : CORNER_OF_ARM[arm];
    const side = (this.grid - 3) / 2;
    const [left, top] = this.cellOrigin(sx > 0 ? 2 : -this.half, sy > 0 ? this.half : -2);
    return [left, top, side * CELL];
  }

  /** [left, top, size] of Home in the middle. */
  homeBox() {
    if (this.oneDie && this.board.centre) {
      const [x, y, n] = this.board.centre;
      const [left, top] = this.cellOrigin(x, y);
      return [left, top, n * CELL];
    }
    const [left, top] = this.cellOrigin(-1, 1);
    return [left, top, 3 * CELL];
  }

  /** The colour of the arm `arm` (CSS class suffix). */
  armColour(arm) {
    return this.colours[arm];
  }

  /** The seat that plays `colour`, or undefined when it is not in play. */
  /** A square's tooltip: a ring square named as the steps name it, a private one as before. */
  squareTitle(sq, words) {
    if (this.oneDie) return oneDieSquareWords(sq, this.ruleset, this.colours);
    if (sq.kind === "ring") return placeWords(ringPlace(sq.id, this.ruleset, this.colours), this.ruleset);
    return words ? t("board.square_words", { n: sq.id, words }) : t("board.square", { n: sq.id });
  }

  seatOf(colour) {
    return this.seats.find((seat) => seat.colours.includes(colour));
  }

  drawSquares() {
    const layer = this.layers.squares;
    layer.append(svg("rect", { class: "cloth", x: 0, y: 0, width: this.size, height: this.size, rx: 12 }));
    for (const sq of this.board.squares) {
      const [left, top] = this.cellOrigin(sq.x, sq.y);
      const classes = ["square", sq.kind];
      if (sq.kind === "private") classes.push(`tint-${this.armColour(sq.arm)}`);
      if (sq.safe) classes.push("safe");
      if (sq.castle) classes.push("castle");
      if (sq.mark) classes.push(`mark-${sq.mark}`);
      const entry = this.oneDie
        ? sq.entry !== null && sq.entry !== undefined
        : this.ruleset !== "pagade" && sq.kind === "ring" && sq.id % 17 === 5;
      if (entry) classes.push("entry", `edge-${this.armColour(sq.arm)}`);
      // A one-die start square is its colour's (as printed boards colour it).
      if (entry && this.oneDie) classes.push(`tint-${this.armColour(sq.arm)}`);
      const words = squareWords(sq, this.ruleset, this.colours);
      // MADN's fields are round, as on its board.
      const shape =
        this.ruleset === "maedn"
          ? svg("rect", { x: left + 3, y: top + 3, width: CELL - 6, height: CELL - 6, rx: CELL / 2 - 3 })
          : svg("rect", { x: left + 1, y: top + 1, width: CELL - 2, height: CELL - 2, rx: 4 });
      const group = svg(
        "g",
        { class: classes.join(" "), "data-square": sq.id, "data-mark": sq.mark || null },
        svg("title", {}, this.squareTitle(sq, words)),
        shape,
      );
      const [cx, cy] = [left + CELL / 2, top + CELL / 2];
      if (sq.mark === "jump") {
        group.append(svg("path", { class: "mark jump", d: starPath(cx, cy, CELL * 0.34, CELL * 0.15) }));
      } else if (sq.mark === "globe") {
        group.append(svg("circle", { class: "mark globe", cx, cy, r: CELL * 0.28 }));
      } else if (sq.castle) {
        const d = CELL * 0.32;
        group.append(
          svg("path", {
            class: "mark",
            d: `M${cx - d},${cy - d}L${cx + d},${cy + d}M${cx + d},${cy - d}L${cx - d},${cy + d}`,
          }),
        );
      } else if (sq.safe && !(this.oneDie && entry)) {
        group.append(svg("path", { class: "mark", d: starPath(cx, cy, CELL * 0.3, CELL * 0.13) }));
      } else if (entry && this.oneDie) {
        // A start square: an arrow pointing the way its pawns leave the yard.
        group.append(svg("circle", { class: "mark start", cx, cy, r: CELL * 0.12 }));
      }
      layer.append(group);
    }
    if (this.oneDie) this.drawYards();
  }

  /** Ludo's and MADN's yard places: a ring for each of the four pawns of every colour. */
  drawYards() {
    const layer = this.layers.centre; // above the corners' backgrounds
    this.board.yards.forEach((cells, arm) => {
      for (const [x, y] of cells) {
        const [cx, cy] = this.cellCentre(x, y);
        layer.append(
          svg(
            "g",
            { class: `square yard tint-${this.armColour(arm)}` },
            svg("title", {}, t("board.yard_of", { colour: colourName(this.armColour(arm)) })),
            svg("rect", { x: cx - CELL / 2 + 3, y: cy - CELL / 2 + 3, width: CELL - 6, height: CELL - 6, rx: CELL / 2 - 3 }),
          ),
        );
      }
    });
  }

  drawCentre() {
    if (this.oneDie && !this.board.centre) return; // MADN: the goal fields end the route
    const [left, top, size] = this.homeBox();
    const [cx, cy] = [left + size / 2, top + size / 2];
    const layer = this.layers.centre;
    const corners = [
      [left, top + size],
      [left + size, top + size],
      [left + size, top],
      [left, top],
    ];
    // Triangle k faces arm k: south, east, north, west (one-die boards: the side its
    // home column reaches, `home_sides`).
    const SIDES = { "0,-1": 0, "1,0": 1, "0,1": 2, "-1,0": 3 };
    for (let arm = 0; arm < 4; arm += 1) {
      const side = this.oneDie ? SIDES[this.board.home_sides[arm].join(",")] : arm;
      const [a, b] = [corners[side], corners[(side + 1) % 4]];
      layer.append(
        svg(
          "polygon",
          {
            class: `home-triangle tint-${this.armColour(arm)}`,
            points: `${a[0]},${a[1]} ${b[0]},${b[1]} ${cx},${cy}`,
          },
          svg("title", {}, t("board.home_of", { home: this.homeWord, colour: colourName(this.armColour(arm)) })),
        ),
      );
    }
    layer.append(
      svg("rect", { class: "home-frame", x: left, y: top, width: size, height: size }),
      svg("text", { class: "home-label", x: cx, y: cy + 4, "text-anchor": "middle" }, this.homeWord),
    );
  }

  /**
   * Draw the pawns and everything that depends on the moment.
   * @param {object} view
   * @param {Array} view.pawns - `state.pawns`
   * @param {Array} [view.seats] - `state.seats`
   * @param {number|null} [view.toMove] - the seat to move (its corner is marked)
   * @param {Array|null} [view.cut] - Pagade cut flags by seat
   * @param {Set} [view.movable] - placeKeys of tokens that can be clicked
   * @param {string|null} [view.selected] - placeKey of the selected token
   * @param {Array} [view.targets] - places (square ids or "home") to offer
   * @param {Array} [view.previews] - places to show but not offer (a step button's preview)
   * @param {Set} [view.marks] - places touched by the last move
   * @param {Array} [view.finished] - seats that have finished
   * @param {Array} [view.hinted] - the steps of the hint's best play (`hint.plays[0].path`)
   */
  render(view) {
    if (view.seats) this.seats = view.seats;
    this.drawCorners(view);
    this.drawMarks(view.marks || new Set());
    this.drawPawns(view);
    this.slide();
    this.drawTargets(view.targets || [], view.previews || []);
    this.drawHinted(view.hinted || []);
    this.describe(view.pawns);
    this.zoomTo(view.zoom ? [view.selected, ...(view.targets || [])] : null);
  }

  /**
   * On a narrow screen, while a pawn is chosen, show the part of the board
   * around it and its targets with every target at least 44 CSS pixels wide
   * (or as large as that part allows); the whole board otherwise.
   */
  zoomTo(places) {
    const width = this.svg.getBoundingClientRect().width;
    const SIZE = this.size;
    // A target is a square less 3 units each side: at least 44 CSS pixels wide.
    const wanted = (width * (CELL - 6)) / 44;
    const boxes = (places || []).filter((p) => p !== null && p !== undefined).map((p) => this.boxOf(p));
    if (!boxes.length || !width || wanted >= SIZE) {
      this.svg.setAttribute("viewBox", `0 0 ${SIZE} ${SIZE}`);
      this.svg.classList.remove("zoomed");
      return;
    }
    const x0 = Math.min(...boxes.map((b) => b[0])) - CELL;
    const y0 = Math.min(...boxes.map((b) => b[1])) - CELL;
    const x1 = Math.max(...boxes.map((b) => b[0] + b[2])) + CELL;
    const y1 = Math.max(...boxes.map((b) => b[1] + b[2])) + CELL;
    const side = Math.min(SIZE, Math.max(x1 - x0, y1 - y0, wanted));
    const clamp = (v) => Math.max(0, Math.min(SIZE - side, v));
    const left = clamp((x0 + x1) / 2 - side / 2);
    const top = clamp((y0 + y1) / 2 - side / 2);
    this.svg.setAttribute("viewBox", `${left} ${top} ${side} ${side}`);
    this.svg.classList.toggle("zoomed", side < SIZE);
  }

  /** [left, top, size] of a place, a placeKey ("red@12", "red@out") or a target. */
  boxOf(place) {
    if (typeof place === "string" && place.includes("@")) {
      const [colour, where] = place.split("@");
      if (where === "out") {
        const arm = this.colours.indexOf(colour);
        if (this.oneDie) {
          const centres = this.board.yards[arm].map(([x, y]) => this.cellOrigin(x, y));
          const left = Math.min(...centres.map((c) => c[0]));
          const top = Math.min(...centres.map((c) => c[1]));
          return [left, top, 2 * CELL];
        }
        const [left, top, size] = this.cornerBox(arm);
        return [left + size / 4, top + size / 4, size / 2];
      }
      return this.placeBox(where);
    }
    return this.placeBox(place);
  }

  drawCorners({ pawns, toMove = null, cut = null, finished = [] }) {
    const layer = this.layers.corners;
    layer.replaceChildren();
    for (let arm = 0; arm < 4; arm += 1) {
      const colour = this.armColour(arm);
      const seat = this.seatOf(colour);
      const [left, top, size] = this.cornerBox(arm);
      const classes = ["corner", `tint-${colour}`];
      if (!seat) classes.push("unused");
      if (seat && seat.index === toMove) classes.push("to-move");
      const group = svg(
        "g",
        { class: classes.join(" "), "data-testid": "corner", "data-colour": colour },
        svg("rect", {
          class: "corner-bg",
          x: left + 8,
          y: top + 8,
          width: size - 16,
          height: size - 16,
          rx: 18,
        }),
      );
      layer.append(group);
      if (!seat) continue;

      const mine = pawns.filter((pawn) => pawn.colour === colour);
      // MADN has no Home place: its goal fields (the private squares) end the route.
      const inGoal = (pawn) =>
        this.ruleset === "maedn" ? pawn.where === "track" && this.squares.get(pawn.square).kind === "private" : pawn.where === "home";
      const home = mine.filter(inGoal).length;
      let need = mine.length;
      let role = "";
      if (seat.major) {
        role = ` · ${seat.major === colour ? t("board.major") : t("board.minor")}`;
        need = seat.major === colour ? mine.length : mine.length - 1;
      }
      if (seat.team !== null && seat.team !== undefined) role += ` · ${t("game.team", { n: seat.team + 1 })}`;
      const status = [this.ruleset === "maedn" ? t("board.n_goal", { n: `${home}/${need}` }) : `${this.homeWord} ${home}/${need}`];
      if (finished.includes(seat.index)) status.push(t("board.finished"));
      else if (cut && this.ruleset === "pagade") {
        status.push(cut[seat.index] ? t("board.has_cut") : t("board.not_cut"));
      }
      const x = left + size / 2;
      const line = (cls, y, text) => svg("text", { class: cls, x, y, "text-anchor": "middle" }, text);
      const name = seat.name ? seatName(seat) : t("board.player", { n: seat.index + 1 });
      if (this.ruleset === "maedn") {
        // A 4 x 4 corner whose outer 2 x 2 are the yard fields: the words in its inner half.
        const [, sy] = yardCorner(this.board.yards[arm]);
        const y0 = sy > 0 ? top + size / 2 + 22 : top + 24;
        group.append(
          line("corner-colour small", y0, colourName(colour).toUpperCase()),
          line("corner-name small", y0 + 20, truncate(name, 14)),
          line("corner-status small", y0 + 40, status.join(" · ")),
        );
        continue;
      }
      group.append(
        line("corner-colour", top + 46, colourName(colour).toUpperCase() + role),
        line("corner-name", top + 76, truncate(name, 22)),
        // (append() would write a null out as the text "null": no nest circle, no node.)
        ...(this.oneDie ? [] : [svg("circle", { class: "nest", cx: x, cy: top + size / 2 + 12, r: 64 })]),
        line("corner-status", top + size - (this.oneDie ? 16 : 30), status.join(" · ")),
      );
    }
  }

  drawMarks(marks) {
    const layer = this.layers.marks;
    layer.replaceChildren();
    for (const place of marks) layer.append(this.placeRect(place, "last-move", 2));
  }

  /** A rounded frame inside a place, `inset` from its edges, with class and test id `cls`. */
  placeRect(place, cls, inset, ...children) {
    const [left, top, size] = this.placeBox(place);
    const attrs = {
      class: cls,
      "data-testid": cls,
      "data-square": place,
      x: left + inset,
      y: top + inset,
      width: size - 2 * inset,
      height: size - 2 * inset,
      rx: 6,
    };
    return svg("rect", attrs, ...children);
  }

  /** [left, top, size] of a place: a square id or "home". */
  placeBox(place) {
    if (place === "home") return this.homeBox();
    const sq = this.squares.get(Number(place));
    const [left, top] = this.cellOrigin(sq.x, sq.y);
    return [left, top, CELL];
  }

  drawPawns({ pawns, movable = new Set(), selected = null }) {
    const layer = this.layers.pawns;
    layer.replaceChildren();
    this.placed = new Map();
    const tokens = new Map();
    for (const pawn of pawns) {
      const key = placeKey(pawn.colour, pawn.where, pawn.square);
      if (!tokens.has(key)) tokens.set(key, { ...pawn, key, progress: [] });
      tokens.get(key).progress.push(pawn.p);
    }
    // Tokens sharing a square (two friendly colours) are set side by side.
    const bySquare = new Map();
    for (const token of tokens.values()) {
      if (token.where !== "track") continue;
      if (!bySquare.has(token.square)) bySquare.set(token.square, []);
      bySquare.get(token.square).push(token);
    }
    for (const token of tokens.values()) {
      const arm = this.colours.indexOf(token.colour);
      const attrs = { movable: movable.has(token.key), selected: selected === token.key };
      if (token.where === "track") {
        const sq = this.squares.get(token.square);
        const [cx, cy] = this.cellCentre(sq.x, sq.y);
        const group = bySquare.get(token.square);
        const i = group.indexOf(token);
        // Up to four colours share a one-die safe square: each in its own quarter.
        const shift = group.length > 1 ? [-8, 8, -8, 8][i % 4] : 0;
        const lift = group.length > 2 ? [-8, -8, 8, 8][i % 4] : shift;
        const r = group.length > 1 ? PAWN_R - 3 : PAWN_R;
        layer.append(this.token(token, cx + shift, cy + lift, r, token.progress.length, attrs));
      } else if (token.where === "home") {
        const [left, top] = this.homeBox();
        const side = this.oneDie ? this.board.home_sides[arm] : null;
        const [hx, hy] = side ? [side[0], -side[1]] : HOME_SPOT_OF_ARM[arm];
        const cx = left + 1.5 * CELL + hx * CELL * 0.95;
        const cy = top + 1.5 * CELL + hy * CELL * 0.95;
        layer.append(this.token(token, cx, cy, PAWN_R - 2, token.progress.length, attrs));
      } else if (this.oneDie) {
        // In the yard: each pawn on its own yard place; all of them are one choice.
        token.progress.forEach((p, k) => {
          const [cx, cy] = this.cellCentre(...this.board.yards[arm][k % 4]);
          layer.append(this.token({ ...token, progress: [p] }, cx, cy, PAWN_R, 1, attrs));
        });
      } else {
        // Out: each pawn in its own place in the nest; all of them are one choice.
        const [left, top] = this.cornerBox(arm);
        const [nx, ny] = [left + 4 * CELL, top + 4 * CELL + 12];
        token.progress.forEach((p, k) => {
          const dx = k % 2 === 0 ? -26 : 26;
          const dy = k < 2 ? -26 : 26;
          const single = { ...token, progress: [p] };
          layer.append(this.token(single, nx + dx, ny + dy, PAWN_R + 2, 1, attrs));
        });
      }
    }
  }

  /**
   * Slide the pawns that moved: a token at a place where its colour was not
   * before starts from a place of its colour that was left, and glides to its
   * square (a CSS transition on its transform, none with reduced motion).
   */
  slide() {
    const before = this.drawn;
    const now = this.placed;
    const left = [...before.keys()].filter((key) => !now.has(key));
    for (const [key, { node, x, y }] of now) {
      if (before.has(key)) continue;
      const colour = key.split("@")[0];
      const k = left.findIndex((other) => other.startsWith(`${colour}@`));
      if (k < 0) continue;
      const [from] = left.splice(k, 1);
      const start = before.get(from);
      node.style.transition = "none";
      node.style.transform = `translate(${start.x - x}px, ${start.y - y}px)`;
      node.getBoundingClientRect(); // the start is laid out before the transition
      node.style.transition = "";
      node.style.transform = "";
      node.classList.add("sliding");
    }
    this.drawn = now;
  }

  /** One pawn token: a coloured disc, stacked and numbered for several pawns. */
  token(token, cx, cy, r, count, { movable, selected }) {
    const classes = ["pawn", `c-${token.colour}`];
    if (movable) classes.push("movable");
    if (selected) classes.push("selected");
    let where = this.homeWord;
    if (token.where === "track") where = t("board.at", { places: token.progress.join(t("and")) });
    else if (token.where === "out") {
      where = this.ruleset === "pagade" ? t("board.cut_waiting") : t(this.oneDie ? "board.in_yard" : "board.in_nest");
    }
    const colour = colourName(token.colour);
    const what = count > 1 ? t("board.pawns", { n: count, colour }) : t("board.pawn", { colour });
    const label = `${what} ${where}`;
    const group = svg(
      "g",
      {
        class: classes.join(" "),
        "data-testid": "pawn",
        "data-colour": token.colour,
        "data-where": token.where,
        "data-square": token.where === "track" ? token.square : null,
        "data-count": count,
        "data-key": token.key,
      },
      svg("title", {}, label),
    );
    if (count > 1) group.append(svg("circle", { class: "stack", cx: cx + 3, cy: cy + 3, r }));
    group.append(svg("circle", { class: "disc", cx, cy, r }));
    const homeward =
      this.ruleset === "pagade" && token.where === "track" && token.progress.some((p) => p >= 76);
    if (homeward) group.append(svg("circle", { class: "homeward", cx, cy, r: r * 0.35 }));
    if (count > 1) {
      const attrs = { class: "count", x: cx, y: cy + 5, "text-anchor": "middle" };
      group.append(svg("text", attrs, String(count)));
    }
    if (this.placed && !this.placed.has(token.key)) this.placed.set(token.key, { node: group, x: cx, y: cy });
    return group;
  }

  /** The hint's best play on the board: a dashed frame where each step starts and a solid
   * one where it ends (drawn in the targets' layer, after them; styled here, not in CSS). */
  drawHinted(steps) {
    const layer = this.layers.targets;
    steps.forEach((step, i) => {
      const ends = [
        ["from", step.from_square],
        ["to", step.to_square === null || step.to_square === undefined ? "home" : step.to_square],
      ];
      for (const [end, place] of ends) {
        if (place === null || place === undefined) continue; // from the nest
        const rect = this.placeRect(place, "hint-square", end === "to" ? 5 : 8);
        rect.setAttribute("data-end", end);
        rect.setAttribute("data-step", String(i));
        rect.setAttribute("fill", "none");
        rect.setAttribute("stroke", "#1f7a3a");
        rect.setAttribute("stroke-width", end === "to" ? "4" : "2.5");
        if (end === "from") rect.setAttribute("stroke-dasharray", "5 4");
        rect.setAttribute("pointer-events", "none");
        layer.append(rect);
      }
    });
  }

  drawTargets(targets, previews) {
    const layer = this.layers.targets;
    layer.replaceChildren();
    for (const place of previews) layer.append(this.placeRect(place, "preview-target", 3));
    for (const place of targets) {
      const name = place === "home" ? this.homeWord : t("board.square", { n: place });
      layer.append(this.placeRect(place, "target", 3, svg("title", {}, t("board.move_here", { place: name }))));
    }
  }

  handleClick(event) {
    const target = event.target.closest("[data-testid='target']");
    if (target && this.onTarget) {
      const place = target.dataset.square;
      this.onTarget(place === "home" ? "home" : Number(place));
      return;
    }
    const pawn = event.target.closest("[data-testid='pawn']");
    if (pawn && this.onPawn) {
      this.onPawn(pawn.dataset.key);
      return;
    }
    if (this.onBackground) this.onBackground();
  }

  /** The text alternative: one line per colour in play saying where its pawns are. */
  describe(pawns) {
    const lines = [];
    for (const colour of this.colours) {
      const seat = this.seatOf(colour);
      const mine = pawns.filter((pawn) => pawn.colour === colour);
      if (!seat || mine.length === 0) continue;
      const parts = [];
      const out = mine.filter((pawn) => pawn.where === "out").length;
      const home = mine.filter((pawn) => pawn.where === "home").length;
      const outKey = this.ruleset === "pagade" ? "board.n_cut" : this.oneDie ? "board.n_yard" : "board.n_nest";
      if (out) parts.push(t(outKey, { n: out }));
      const onTrack = mine.filter((pawn) => pawn.where === "track").sort((a, b) => b.p - a.p);
      for (const pawn of onTrack) {
        const sq = this.squares.get(pawn.square);
        if (this.oneDie) {
          // Counted as the notation counts (its progress), with what the square is.
          const words = oneDieSquareWords(sq, this.ruleset, this.colours);
          parts.push(`${t("board.one_at", { p: pawn.p })} (${words})`);
        } else if (sq && sq.kind === "ring") {
          // Named as the board shows it (no numbers: the board draws none).
          parts.push(t("board.one_at", { p: placeWords(ringPlace(sq.id, this.ruleset, this.colours), this.ruleset) }));
        } else {
          const words = squareWords(sq, this.ruleset, this.colours);
          parts.push(`${t("board.one_at", { p: pawn.p })}${words ? ` (${words})` : ""}`);
        }
      }
      if (home) parts.push(t("board.n_home", { n: home, home: this.homeWord }));
      const who = seat.name ? ` (${seatName(seat)})` : "";
      lines.push(`${colourName(colour)}${who}: ${parts.join("; ")}.`);
    }
    this.textList.replaceChildren(
      ...lines.map((line) => Object.assign(document.createElement("li"), { textContent: line })),
    );
  }
}

/** A square of Ludo's or MADN's board in words: what it is, and whose. */
export function oneDieSquareWords(sq, ruleset, colours) {
  const colour = colourName(colours[sq.arm]);
  if (sq.kind === "private") return `${t(ruleset === "ludo" ? "board.home_column" : "board.goal_field")} (${colour})`;
  if (sq.entry !== null && sq.entry !== undefined) return t("board.start_of", { colour });
  if (sq.mark === "safe") return t("board.safe_square");
  if (sq.mark === "jump") return t("board.jump_star");
  if (sq.mark === "globe") return t("board.globe");
  return t("board.square", { n: sq.id });
}

/** A five-pointed star centred on (cx, cy): the safety space mark. */
function starPath(cx, cy, outer, inner) {
  const points = [];
  for (let k = 0; k < 10; k += 1) {
    const r = k % 2 === 0 ? outer : inner;
    const angle = -Math.PI / 2 + (k * Math.PI) / 5;
    points.push(`${(cx + r * Math.cos(angle)).toFixed(1)},${(cy + r * Math.sin(angle)).toFixed(1)}`);
  }
  return `M${points.join("L")}Z`;
}

function truncate(text, length) {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}
