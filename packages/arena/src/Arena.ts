import { mulberry32 } from '@dualplan/world-state';

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** The scripted player bot: wanders between seeded waypoints so that sensors see the world change. */
export interface PlayerBot {
  x: number;
  y: number;
  hp: number;
  alive: boolean;
  respawnAt: number;
  target: Point;
  waitUntil: number;
}

/** A line of the world's own story (hits, deaths, respawns), interleaved with the agents' events. */
export interface WorldNote {
  readonly tick: number;
  readonly time: number;
  readonly text: string;
}

export const BRIDGES: readonly Point[] = [
  { x: 10, y: 10 },
  { x: 50, y: 10 },
  { x: 90, y: 10 },
];
export const TREES: readonly Point[] = [
  { x: 20, y: 40 },
  { x: 35, y: 22 },
  { x: 62, y: 44 },
  { x: 85, y: 34 },
];
export const WIDTH = 100;
export const HEIGHT = 60;

/** The cliff (x 40..60, y > 48): the troll cannot walk there, so it throws boulders instead (a lower-priority attack method). */
export function onCliff(p: Point): boolean {
  return p.x >= 40 && p.x <= 60 && p.y > 48;
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** Move `from` toward `to` by at most `step`; returns the new point. */
export function moveToward(from: Point, to: Point, step: number): Point {
  const d = distance(from, to);
  if (d <= step || d === 0) return { x: to.x, y: to.y };
  return { x: from.x + ((to.x - from.x) * step) / d, y: from.y + ((to.y - from.y) * step) / d };
}

/**
 * The shared game world: a seeded PRNG, the player bot, and a clock. Agents
 * keep their own state and context; they meet here through sensors and operators.
 */
export class Arena {
  readonly random: () => number;
  readonly player: PlayerBot;
  tick = 0;
  time = 0;
  private noteListener: ((note: WorldNote) => void) | null = null;

  constructor(seed: number) {
    this.random = mulberry32(seed);
    const start = this.randomPoint();
    this.player = { x: start.x, y: start.y, hp: 100, alive: true, respawnAt: 0, target: start, waitUntil: 0 };
  }

  randomPoint(): Point {
    return { x: Math.round(this.random() * WIDTH), y: Math.round(this.random() * HEIGHT) };
  }

  /** Send every world note (a respawn, a jammed gun) to `listener`, which replaces any earlier one. */
  onNotes(listener: (note: WorldNote) => void): void {
    this.noteListener = listener;
  }

  note(text: string): void {
    this.noteListener?.({ tick: this.tick, time: this.time, text });
  }

  /** Damage the player; it dies at 0 hp and respawns 5 s later somewhere else. */
  hitPlayer(damage: number, by: string): void {
    const p = this.player;
    if (!p.alive) return;
    p.hp = Math.max(0, p.hp - damage);
    this.note(`player hit by ${by} for ${damage} (hp ${p.hp})`);
    if (p.hp === 0) {
      p.alive = false;
      p.respawnAt = this.time + 5;
      this.note(`player down; respawns at ${p.respawnAt.toFixed(1)}s`);
    }
  }

  /** Advance the world clock and the player bot by `dt` seconds (call before the agents tick). */
  advance(dt: number): void {
    this.tick++;
    this.time += dt;
    const p = this.player;
    if (!p.alive) {
      if (this.time >= p.respawnAt) {
        const at = this.randomPoint();
        Object.assign(p, { x: at.x, y: at.y, hp: 100, alive: true, target: at, waitUntil: this.time + 1 });
        this.note(`player respawned at (${at.x}, ${at.y})`);
      }
      return;
    }
    if (this.time < p.waitUntil) return;
    if (distance(p, p.target) < 0.5) {
      // Half the time head for a bridge (where the troll patrols), otherwise anywhere.
      const r = this.random();
      const bridge = BRIDGES[Math.floor(this.random() * BRIDGES.length)];
      p.target = r < 0.5 ? { x: bridge.x + Math.round(this.random() * 16 - 8), y: bridge.y + Math.round(this.random() * 10) } : this.randomPoint();
      p.waitUntil = this.time + Math.round(this.random() * 20) / 10;
      return;
    }
    const next = moveToward(p, p.target, 3 * dt);
    p.x = next.x;
    p.y = next.y;
  }
}
