// The sounds of the game, synthesised with WebAudio (no sound files): the
// dice, a step, a capture, a pawn HOME, your turn. Off under
// prefers-reduced-motion until switched on, and behind a mute switch whose
// choice is kept in localStorage ("pachisi.sound": "on" or "off").

import { reducedMotion } from "./ui.js";

const SETTING = "pachisi.sound";
let context = null;

/** Whether sounds play: the switch's choice, else on unless reduced motion is asked for. */
export function soundOn() {
  const saved = localStorage.getItem(SETTING);
  if (saved === "on" || saved === "off") return saved === "on";
  return !reducedMotion();
}

/** Keep the switch's choice. */
export function setSound(on) {
  localStorage.setItem(SETTING, on ? "on" : "off");
}

function audio() {
  if (!soundOn()) return null;
  // Browsers let a page make sound only once someone has used it (a tap, a key).
  if (!context && navigator.userActivation && !navigator.userActivation.hasBeenActive) return null;
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return null;
  if (!context) {
    try {
      context = new Context();
    } catch {
      return null;
    }
  }
  // A page may only start sound after a gesture; a suspended context stays silent.
  if (context.state === "suspended") context.resume().catch(() => {});
  return context;
}

/** One short tone: frequency (Hz), start offset and length (s), wave, loudness. */
function tone(ctx, freq, at, length, type = "sine", gain = 0.12, slideTo = null) {
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  const t0 = ctx.currentTime + at;
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t0);
  if (slideTo) osc.frequency.exponentialRampToValueAtTime(slideTo, t0 + length);
  amp.gain.setValueAtTime(0.0001, t0);
  amp.gain.exponentialRampToValueAtTime(gain, t0 + 0.01);
  amp.gain.exponentialRampToValueAtTime(0.0001, t0 + length);
  osc.connect(amp).connect(ctx.destination);
  osc.start(t0);
  osc.stop(t0 + length + 0.02);
}

/** Dice rattling: a few clicks of filtered noise. */
function rattle(ctx) {
  const length = 0.035;
  const buffer = ctx.createBuffer(1, Math.ceil(ctx.sampleRate * length), ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i += 1) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length);
  for (let k = 0; k < 6; k += 1) {
    const src = ctx.createBufferSource();
    const filter = ctx.createBiquadFilter();
    const amp = ctx.createGain();
    src.buffer = buffer;
    filter.type = "bandpass";
    filter.frequency.value = 1800 + 500 * k;
    amp.gain.value = 0.25 - 0.03 * k;
    src.connect(filter).connect(amp).connect(ctx.destination);
    src.start(ctx.currentTime + 0.06 * k + 0.02 * Math.random());
  }
}

/** Play the sound of an event: "dice", "step", "capture", "home", "turn". */
export function play(kind) {
  const ctx = audio();
  if (!ctx) return;
  if (kind === "dice") rattle(ctx);
  else if (kind === "step") tone(ctx, 520, 0, 0.08, "triangle", 0.08);
  else if (kind === "capture") tone(ctx, 330, 0, 0.25, "sawtooth", 0.07, 110);
  else if (kind === "home") [523, 659, 784].forEach((f, k) => tone(ctx, f, 0.09 * k, 0.18));
  else if (kind === "turn") tone(ctx, 880, 0, 0.12, "sine", 0.06);
}
