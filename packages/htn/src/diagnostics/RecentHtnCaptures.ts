import type { HtnResult } from '../search/HtnPlan.js';
import type { HtnTraceLog } from '../search/HtnTraceLog.js';
import { captureHtnSearch, type HtnSearchCapture } from './HtnSearchCapture.js';

/** How many distinct searches a planner's captures remember: an agent's searches recur (the same few states again and again). */
const REMEMBERED = 8;

/**
 * @internal The last few distinct searches one planner captured for a monitor. A search
 * that records exactly what one of them holds is given that capture again (captures never
 * change once made), so a recurring search costs a comparison of its records instead of a
 * copy, and a monitor that counts captures can count a repeat by reference.
 */
export class RecentHtnCaptures {
  private readonly kept: (HtnSearchCapture | null)[] = new Array<HtnSearchCapture | null>(REMEMBERED).fill(null);
  /** Where the next new capture goes (the oldest is replaced). */
  private next = 0;

  /** The capture of the search `log` holds, with its `outcome`: a remembered one when it matches, else a new one (then remembered). */
  capture(log: HtnTraceLog, outcome: HtnResult, target: string): HtnSearchCapture {
    const kept = this.kept;
    for (let i = 0; i < REMEMBERED; i++) {
      const c = kept[i];
      if (c === null) break;
      if (c.matches(log, outcome, target)) return c;
    }
    const made = captureHtnSearch(log, outcome, target);
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
