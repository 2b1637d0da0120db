import type { Availability } from './Availability.js';

/**
 * The code of an entry blocked by `once` in an {@link UnavailableTable} (cooldowns are positive tenths of a second);
 * a planner that refuses a `once` action on its own traces it with this code.
 * @example
 * describeUnavailableCode(UNAVAILABLE_ONCE); // 'already done (once)'
 */
export const UNAVAILABLE_ONCE = -1;

/**
 * A planner's per-request table of what the agent may not choose (cooldowns, `once`), by the planner's own index
 * of the action or task: filled from the request's {@link Availability} view once per `plan()` call and read once
 * per action per search, never per node. A planner whose domain has no decorated action skips the view altogether.
 * @example
 * const table = new UnavailableTable(actions.actions.length, (name) => actions.indexOf(name), true);
 * table.use(availability);
 * if (table.any && table.codeOf(a) !== 0) skip(a); // a is on cooldown or done once
 */
export class UnavailableTable {
  /** Per index: tenths of a second of cooldown left, {@link UNAVAILABLE_ONCE}, or 0 when available. */
  private readonly code: Float64Array;
  /** The indices set in {@link code}, to clear them for the next request. */
  private readonly marked: Int32Array;
  private count = 0;
  private readonly indexOf: (name: string) => number;
  private readonly decorated: boolean;

  /** `size` indices, `indexOf` from a name to one (-1: not this planner's), `decorated`: whether any can be blocked. */
  constructor(size: number, indexOf: (name: string) => number, decorated: boolean) {
    this.code = new Float64Array(size);
    this.marked = new Int32Array(size);
    this.indexOf = indexOf;
    this.decorated = decorated;
  }

  /** Whether some entry is unavailable in this request. */
  get any(): boolean {
    return this.count > 0;
  }

  /** Take the view of the next request (undefined: everything is available). */
  use(view: Availability | undefined): void {
    // The common case (nothing marked, nothing to mark) returns here: small enough for a planner's entry to inline.
    if (this.count === 0 && (view === undefined || !this.decorated)) return;
    this.mark(view);
  }

  private mark(view: Availability | undefined): void {
    for (let i = 0; i < this.count; i++) this.code[this.marked[i]] = 0;
    this.count = 0;
    if (view === undefined || !this.decorated) return;
    for (const u of view.unavailable) {
      const a = this.indexOf(u.name);
      if (a < 0 || a >= this.code.length || this.code[a] !== 0) continue;
      // At least a tenth of a second, so a cooldown about to end still reads as one.
      this.code[a] = u.once ? UNAVAILABLE_ONCE : Math.max(1, Math.round(u.seconds * 10));
      this.marked[this.count++] = a;
    }
  }

  /** 0 when entry `a` is available, else -1 (done once) or the tenths of a second of cooldown left. */
  codeOf(a: number): number {
    return this.code[a];
  }
}

/**
 * The words for a code of {@link UnavailableTable.codeOf}: "on cooldown for 3.2 s" or "already done (once)".
 * @example
 * describeUnavailableCode(32); // 'on cooldown for 3.2 s'
 */
export function describeUnavailableCode(code: number): string {
  return code < 0 ? 'already done (once)' : `on cooldown for ${code / 10} s`;
}
