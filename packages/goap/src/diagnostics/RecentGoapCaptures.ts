import { captureGoapSearch, type CaptureSource, type GoapSearchCapture } from './captureGoapSearch.js';
import type { GoapTrace } from './GoapTrace.js';

/** How many distinct searches a planner's captures remember: an agent's searches recur (the same few states and goals). */
const REMEMBERED = 8;

/**
 * @internal The last few distinct searches one planner captured for a monitor. A search
 * whose outcome and trace match one of them exactly is given that capture again (captures
 * never change once made), so a recurring search costs a comparison instead of a
 * snapshot, and a monitor that counts captures can count a repeat by reference.
 */
export class RecentGoapCaptures {
  private readonly kept: (GoapSearchCapture | null)[] = new Array<GoapSearchCapture | null>(REMEMBERED).fill(null);
  /** Where the next new capture goes (the oldest is replaced). */
  private next = 0;

  /** The capture of `planner`'s last search: a remembered one when it matches, else a new one (then remembered). */
  capture(planner: CaptureSource, trace: GoapTrace | null): GoapSearchCapture {
    const kept = this.kept;
    for (let i = 0; i < REMEMBERED; i++) {
      const c = kept[i];
      if (c === null) break;
      if (c.matches(planner, trace)) return c;
    }
    const made = captureGoapSearch(planner, trace);
    kept[this.next] = made;
    this.next = (this.next + 1) % REMEMBERED;
    return made;
  }

  /** Forget every capture (no monitor observes the planner any more). */
  clear(): void {
    this.kept.fill(null);
    this.next = 0;
  }
}
