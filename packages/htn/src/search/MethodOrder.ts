import { describeThrown, showValue, type WorldState } from '@dualplan/world-state';
import { Select, type HtnDomain } from '../domain/HtnDomain.js';
import { UtilityError } from '../errors.js';
import { grow } from '../domain/grow.js';

/**
 * @internal The try orders of strategy compounds (`select: 'random' | 'utility'`), in one
 * arena of method indices: a decomposition draws its order once and keeps it while it is
 * open to backtracking, so the next method tried is the next in the same order. Grows only
 * while warming up; {@link top} is rewound with the search's records.
 */
export class MethodOrder {
  private end = 0;
  private methods = new Int32Array(64);
  private keys: Float64Array;
  private readonly domain: HtnDomain;

  constructor(domain: HtnDomain) {
    this.domain = domain;
    let most = 1;
    for (let t = 0; t < domain.taskNames.length; t++) most = Math.max(most, domain.methodEnd[t] - domain.methodStart[t]);
    this.keys = new Float64Array(most);
  }

  /** The arena's top: where the next order is drawn. */
  get top(): number {
    return this.end;
  }

  /** Drop the orders drawn after `top` was read (backtracking; 0 when a search starts). */
  rewind(top: number): void {
    this.end = top;
  }

  /** The method at position `p` of the order at `base`. */
  at(base: number, p: number): number {
    return this.methods[base + p];
  }

  /**
   * Write the try order of `task` and return its base. Random: a weighted shuffle (each method's key is
   * -ln(u) / weight, smallest first, so a method's chance to come first is its share of the weights, and weight 0
   * comes after every positive weight). Utility: highest score first. Ties keep the listed order.
   */
  draw(task: number, ws: WorldState<any>, ctx: unknown, args: readonly unknown[], random: () => number): number {
    const d = this.domain;
    const first = d.methodStart[task];
    const k = d.methodEnd[task] - first;
    const base = this.end;
    if (base + k > this.methods.length) this.methods = grow(this.methods, base + k);
    this.end = base + k;
    const keys = this.keys;
    const methods = this.methods;
    if (d.taskSelect[task] === Select.Random) {
      for (let i = 0; i < k; i++) {
        const w = d.methodWeight[first + i];
        keys[i] = w > 0 ? -Math.log(1 - random()) / w : Infinity;
      }
    } else {
      for (let i = 0; i < k; i++) keys[i] = -score(d, first + i, task, ws, ctx, args);
    }
    // Insertion sort by key (methods per compound are few); stable, so ties keep the listed order.
    for (let i = 0; i < k; i++) {
      let j = i;
      while (j > 0 && keys[methods[base + j - 1] - first] > keys[i]) {
        methods[base + j] = methods[base + j - 1];
        j--;
      }
      methods[base + j] = first + i;
    }
    return base;
  }
}

function score(d: HtnDomain, m: number, task: number, ws: WorldState<any>, ctx: unknown, args: readonly unknown[]): number {
  const fn = d.methodUtility[m];
  if (fn === null) return d.methodScore[m];
  let value: unknown;
  try {
    value = fn(ws, ctx, args);
  } catch (cause) {
    throw new UtilityError(d.taskNames[task], d.methodNames[m], `threw: ${cause instanceof Error ? cause.message : describeThrown(cause)}`, cause);
  }
  if (typeof value !== 'number' || Number.isNaN(value))
    throw new UtilityError(d.taskNames[task], d.methodNames[m], `returned ${showValue(value)}, not a number`, undefined);
  return value;
}
