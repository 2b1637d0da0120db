import { distance, type Point } from './GameMap.js';

/** Finds paths for bodies, within a per-frame budget (see {@link Game}). */
export interface PathSource {
  /** A path to `to` (tile centres, start excluded; [] when unreachable), or null when this frame's path budget is spent. */
  pathTo(from: Point, to: Point): Point[] | null;
}

/** What a move did this tick: still walking, arrived, waiting for a path (budget spent), or no path exists. */
export type MoveStatus = 'moving' | 'arrived' | 'waiting' | 'unreachable';

/**
 * A unit's body: its position and the path it follows. Mutable and owned here (operators call its methods;
 * the agent's immutable `ctx` holds a reference), so walking allocates nothing per tick once a path is found.
 * @example
 * const body = new Body({ x: 3.5, y: 4.5 }, 5);
 * body.moveTo({ x: 10.5, y: 4.5 }, 0.1, paths); // 'moving'
 */
export class Body {
  x: number;
  y: number;
  private path: Point[] = [];
  private next = 0;
  private goalX = NaN;
  private goalY = NaN;

  constructor(
    at: Point,
    readonly speed: number,
  ) {
    this.x = at.x;
    this.y = at.y;
  }

  /** Walk toward `to` along a path found through `paths` (again when the target moved more than a tile). */
  moveTo(to: Point, dt: number, paths: PathSource, arrive = 0.3): MoveStatus {
    if (distance(this, to) <= arrive) return 'arrived';
    if (Number.isNaN(this.goalX) || Math.abs(to.x - this.goalX) + Math.abs(to.y - this.goalY) > 1.5) {
      const path = paths.pathTo(this, to);
      if (path === null) return 'waiting';
      this.path = path;
      this.next = 0;
      this.goalX = to.x;
      this.goalY = to.y;
      if (path.length === 0 && distance(this, to) > 1.5) {
        this.stop();
        return 'unreachable';
      }
    }
    let budget = this.speed * dt;
    while (budget > 0) {
      const wp = this.next < this.path.length ? this.path[this.next] : to;
      const d = distance(this, wp);
      if (d <= budget) {
        this.x = wp.x;
        this.y = wp.y;
        budget -= d;
        if (this.next >= this.path.length) break;
        this.next++;
      } else {
        this.x += ((wp.x - this.x) / d) * budget;
        this.y += ((wp.y - this.y) / d) * budget;
        budget = 0;
      }
    }
    if (distance(this, to) <= arrive) {
      this.stop();
      return 'arrived';
    }
    return 'moving';
  }

  /** Forget the path (a new target, or standing still). */
  stop(): void {
    this.path = [];
    this.next = 0;
    this.goalX = NaN;
    this.goalY = NaN;
  }

  /** Put the body at `p` (a respawn). */
  place(p: Point): void {
    this.x = p.x;
    this.y = p.y;
    this.stop();
  }
}
