// Moves and results in words, in the page's language: the facts of a step
// (pachisi.describe.step_facts, sent in the state) written out with the
// core's templates, exactly as pachisi.describe.facts_text writes them.

import { t } from "./i18n.js";
import { seatName } from "./ui.js";

function colourWord(colour) {
  return t(`colour.${colour}`);
}

/** Whether `place` is counted from the same marked square as `since`, past it. */
function sameRef(place, since) {
  if (!place || !since || !place.ref || !place.after) return false;
  return place.ref === since.ref && place.arm === since.arm;
}

function placeText(place, pagade, since = null) {
  if (place.ref) {
    // A ring square as the board shows it (pachisi.describe._board_ref): by the marked
    // square at or before it; "4 past it" when the step's start counts from it too.
    const after = place.after || 0;
    if (sameRef(place, since)) return t("past.same", { n: after });
    const colour = colourWord(place.arm);
    const word = pagade ? "word.x" : "word.star";
    if (!after) return t(`ref.${place.ref}`, { colour, mark: t(word) });
    return t(`past.${place.ref}`, { colour, mark: t(`${word}.past`), n: after });
  }
  const home = t(pagade ? "word.Home" : "word.HOME");
  const belly = t("word.belly");
  let text = t(`place.${place.at}`, { n: place.n, home, belly });
  if (place.mark) text = t(`mark.${place.mark}`, { place: text });
  return text;
}

/** The marked squares of each arm of the ring (pachisi.describe._MARKS): kind, arm shift. */
const MARKS = {
  family: { 0: ["end", 0], 5: ["entry", 0], 12: ["out", 1] },
  pagade: { 0: ["end", 0], 4: ["in", 0], 13: ["out", 1] },
};

/**
 * A ring square (id 0..67) named as the board shows it, as the core names it
 * (pachisi.describe._board_ref): the marked square at or before it, the colour
 * of the arm that mark is on, and how far past it.
 */
export function ringPlace(square, ruleset, colours) {
  const marks = MARKS[ruleset === "pagade" ? "pagade" : "family"];
  for (let after = 0; after < 17; after += 1) {
    const s = (((square - after) % 68) + 68) % 68;
    if (marks[s % 17]) {
      const [ref, shift] = marks[s % 17];
      return { at: "square", ref, arm: colours[(Math.floor(s / 17) + shift) % colours.length], after };
    }
  }
  return null;
}

/** A place in words (a ring square, the home path, HOME...), as in a step's facts. */
export function placeWords(place, ruleset) {
  return placeText(place, ruleset === "pagade");
}

/** A place of Ludo or MADN in words (pachisi.web.one_die.one_die_place). */
function oneDiePlace(place) {
  let text = t(`ludo.place.${place.at}`, { n: place.n });
  if (place.mark) text = t(`ludo.mark.${place.mark}`, { place: text });
  return text;
}

/** A Ludo or MADN step in words, as pachisi.web.one_die.one_die_words writes it. */
function oneDieText(facts) {
  const who = t("pawn", { colour: colourWord(facts.colour) });
  const values = { who, numbers: (facts.numbers || []).join("+"), from: oneDiePlace(facts.from), to: oneDiePlace(facts.to) };
  let text = t("ludo.step", values);
  if (facts.captured && facts.captured.length) {
    const victims = facts.captured.map(colourWord).join(t("and"));
    text += t("sep") + t("ludo.step.capture", { victims });
  }
  return text;
}

/** One step's facts in words (pachisi.describe.facts_text). */
export function factsText(facts) {
  if (!facts) return "";
  if (facts.one_die) return oneDieText(facts);
  const pagade = Boolean(facts.pagade);
  if (facts.kind === "option") {
    const free = facts.free ? colourWord(facts.free) : "?";
    const nest = facts.nest ? colourWord(facts.nest) : "?";
    return t(`step.option.${facts.option}`, { free, nest });
  }
  const colour = colourWord(facts.colour);
  const who = t(facts.kind === "pair" ? "pair" : "pawn", { colour });
  const and = t("and");
  const values = {
    who,
    from: placeText(facts.from, pagade),
    to: placeText(facts.to, pagade, facts.from),
    numbers: (facts.numbers || []).join("+"),
    bonus: facts.bonus,
  };
  const key =
    facts.kind === "enter" ? (pagade ? "step.reenter" : "step.enter") : facts.kind === "pair" ? "step.move" : `step.${facts.kind}`;
  const words = [t(key, values)];
  if (facts.captured && facts.captured.length) {
    const victims = facts.captured.map(colourWord).join(and);
    words.push(t(pagade ? "step.cut" : "step.capture", { victims }));
  }
  // Reaching HOME, the home path or the belly needs no words of its own: the
  // destination says it ("home path 2 → HOME").
  let text = words.join(t("sep"));
  if (facts.variant) text += ` (${t("step.variant", { n: facts.variant })})`;
  return text;
}

/** A whole play in words (its steps' facts), or "no move". */
export function playText(facts, notation) {
  if (!facts || !facts.length) return notation === "-" || !notation ? t("game.no_move") : notation;
  return facts.map(factsText).join("; ");
}

/** A seat's name for results: its name, or its colours in the page's language. */
export function seatWord(seat) {
  return seatName(seat);
}

/** Names as a list: "A", "A and B", "A, B and C" (pachisi.describe.name_list). */
export function nameList(names) {
  if (names.length < 2) return names.join("");
  return names.slice(0, -1).join(t("comma")) + t("and") + names[names.length - 1];
}

/** The result by name and place, e.g. "Asha wins; Ravi second" (pachisi.describe.places_text). */
export function resultText(state) {
  const entries = state.places_facts || [];
  if (!entries.length) return t("result.playing");
  const words = entries.map((entry) => {
    const who = nameList(entry.seats.map((i) => seatWord(state.seats[i])));
    if (entry.kind === "draw") return t("result.draw");
    if (entry.kind === "win") return t(entry.seats.length > 1 ? "result.win" : "result.wins", { who });
    if (!entry.place) return t(`result.${entry.kind}`, { who }); // how a game ended early
    return t(`result.${entry.kind}`, { who, ordinal: t(`ordinal.${entry.place}`) });
  });
  // A game ended early (pachisi.web.social.end_facts) says how first: "Bo resigned: Ann wins".
  let text = words[0];
  for (let k = 1; k < words.length; k += 1) {
    const after = EARLY_ENDS.includes(entries[k - 1].kind) ? t("result.end_sep") : "; ";
    text += `${after}${words[k]}`;
  }
  return text;
}

/** The entries that say how a game ended early, each followed by what it meant. */
const EARLY_ENDS = ["resigned", "left", "agreed"];
