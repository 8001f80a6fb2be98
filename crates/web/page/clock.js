// Game clocks: a time control (base + increment), two clocks of which the side to move's
// runs, and the flag. The page presses the clock on every move; the clocks run from the
// first move on (the first mover's opening move is free, as on most sites).

// Time controls offered: id, label, base minutes, increment seconds.
export const TIME_CONTROLS = [
  { id: 'off', name: 'No clock' },
  { id: '1+0', name: '1 + 0', base: 1, inc: 0 },
  { id: '3+2', name: '3 + 2', base: 3, inc: 2 },
  { id: '5+3', name: '5 + 3', base: 5, inc: 3 },
  { id: '10+5', name: '10 + 5', base: 10, inc: 5 },
  { id: 'custom', name: 'Custom…' },
];

// Limits of a custom control (the server accepts up to a day and 10 min per move).
export const CUSTOM_LIMITS = { baseMin: 0.05, baseMax: 180, incMax: 60 };

// The control a choice stands for, `null` for no clock; a custom one needs valid numbers.
export function controlFor(id, customBase, customInc) {
  if (id === 'custom') {
    const base = Number(customBase);
    const inc = Number(customInc);
    if (!(base >= CUSTOM_LIMITS.baseMin && base <= CUSTOM_LIMITS.baseMax)) return null;
    if (!(inc >= 0 && inc <= CUSTOM_LIMITS.incMax)) return null;
    return { id, baseMs: Math.round(base * 60000), incMs: Math.round(inc * 1000) };
  }
  const tc = TIME_CONTROLS.find((t) => t.id === id);
  if (!tc || tc.base === undefined) return null;
  return { id, baseMs: tc.base * 60000, incMs: tc.inc * 1000 };
}

// `m:ss`, or `s.t` under ten seconds so the last seconds are readable.
export function formatTime(ms) {
  const t = Math.max(0, ms);
  if (t < 10000) return `${Math.floor(t / 1000)}.${Math.floor((t % 1000) / 100)}`;
  const s = Math.ceil(t / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

// Two clocks under one control. `now` is injectable for tests.
export class GameClock {
  constructor(control, sides, now = () => performance.now()) {
    this.control = control;
    this.sides = sides;
    this.now = now;
    this.remaining = Object.fromEntries(sides.map((s) => [s, control.baseMs]));
    this.running = null;   // the side whose clock runs
    this.since = 0;        // when it started running
    this.flagged = null;   // the side whose time ran out
    this.paused = false;
  }

  // Time left for `side` at this moment.
  left(side) {
    const base = this.remaining[side];
    return side === this.running && !this.paused ? base - (this.now() - this.since) : base;
  }

  // The side `mover` finished a move: its time is charged and the increment added; the
  // clock of `next` starts when `start` (the game has begun).
  press(mover, next, start = true) {
    if (this.flagged) return;
    if (this.running === mover && !this.paused) {
      this.remaining[mover] = this.left(mover) + this.control.incMs;
    }
    this.running = start ? next : null;
    this.since = this.now();
  }

  // Starts (or restarts after undo/pause) the clock of `side` without charging anyone.
  resume(side) {
    if (this.flagged) return;
    this.charge();
    this.running = side;
    this.since = this.now();
    this.paused = false;
  }

  // Stops every clock, keeping what is left.
  pause() {
    this.charge();
    this.paused = true;
  }

  charge() {
    if (this.running && !this.paused) {
      this.remaining[this.running] = this.left(this.running);
      this.since = this.now();
    }
  }

  // Whether the running clock has run out; records and returns the flagged side.
  checkFlag() {
    if (!this.flagged && this.running && !this.paused && this.left(this.running) <= 0) {
      this.remaining[this.running] = 0;
      this.flagged = this.running;
      this.running = null;
    }
    return this.flagged;
  }

  // What the page keeps to restore the clocks after a reload (time away is not charged).
  snapshot() {
    this.charge();
    return { remaining: { ...this.remaining }, flagged: this.flagged };
  }

  restore(saved) {
    if (!saved || typeof saved !== 'object') return;
    for (const s of this.sides) {
      const v = saved.remaining && saved.remaining[s];
      if (typeof v === 'number' && v >= 0 && v <= this.control.baseMs * 100) this.remaining[s] = v;
    }
    if (this.sides.includes(saved.flagged)) this.flagged = saved.flagged;
  }
}
