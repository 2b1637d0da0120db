import { UserCodeError, firstFailing, type UnavailableTable, type WorldState } from '@dualplan/world-state';
import type { GoapDomain } from '../domain/GoapDomain.js';
import type { ActionStats } from './ActionStats.js';
import * as Verdict from './Verdict.js';

/**
 * Per-search facts about each action, evaluated at most once per search: whether
 * it is usable on the search's start state (its procedural checks, its cost) and
 * its effective cost (dynamic cost × failure penalty). Owned by one search, which
 * starts each search with {@link begin}. @internal
 */
export class ActionCache {
  private readonly useStamp: Int32Array;
  private readonly cost: Float64Array;
  private readonly useCode: Uint8Array;
  private readonly failed: Int32Array;
  /** Per action: its base cost when neither a procedural check nor a cost function can change it, else NaN. */
  private readonly fixedCost: Float64Array;
  private stamp = 0;
  private start: WorldState<any> | null = null;
  private ctx: unknown = undefined;
  private keep: Uint8Array | null = null;

  constructor(
    private readonly domain: GoapDomain,
    private readonly stats: ActionStats,
    /** Where contained user-code failures go (the search's fault log). */
    private readonly faults: UserCodeError[],
    /** What the agent may not choose in this request (cooldowns, once). */
    private readonly unavailable: UnavailableTable,
  ) {
    const A = domain.actionCount;
    this.useStamp = new Int32Array(A);
    this.cost = new Float64Array(A);
    this.useCode = new Uint8Array(A);
    this.failed = new Int32Array(A);
    this.fixedCost = new Float64Array(A).fill(NaN);
    for (let a = 0; a < A; a++) {
      const base = domain.baseCost[a];
      if (domain.procedural[a] === null && domain.costFns[a] === null && base >= 0) this.fixedCost[a] = base;
    }
  }

  /** Forget the last search's facts: the next questions are about `start`, `ctx`, and only the `relevant` actions (null: all). */
  begin(start: WorldState<any>, ctx: unknown, relevant: Uint8Array | null): void {
    this.stamp = (this.stamp + 1) | 0;
    this.start = start;
    this.ctx = ctx;
    this.keep = relevant;
  }

  /**
   * From now on in this search, treat only the `relevant` actions as usable (a search restarted with a relaxation
   * heuristic); the facts already settled stay as they are.
   */
  narrow(relevant: Uint8Array): void {
    this.keep = relevant;
  }

  /** The relevance analysis this search uses (1 per relevant action), or null. */
  get relevant(): Uint8Array | null {
    return this.keep;
  }

  /** Effective cost of action `a` in this search (dynamic cost × penalty); Infinity when unusable. */
  costOf(a: number): number {
    return this.usable(a) === 0 ? this.cost[a] : Infinity;
  }

  /** The cost {@link usable} cached for `a` (call it first). */
  cachedCost(a: number): number {
    return this.cost[a];
  }

  /** The cheapest effective cost of a usable action in this search (Infinity when none). */
  cheapestCost(): number {
    let low = Infinity;
    for (let a = 0, n = this.domain.actionCount; a < n; a++) {
      if (this.usable(a) !== 0) continue;
      const c = this.cost[a];
      if (c > 0 && c < low) low = c;
    }
    return low;
  }

  /** The procedural check of `a` that failed (after {@link usable} said `procedural`), or -1. */
  failedCheck(a: number): number {
    return this.failed[a];
  }

  /** For the trace, after {@link usable} said `unavailable`: -1 done once, or tenths of a second of cooldown left. */
  unavailableCode(a: number): number {
    return this.unavailable.codeOf(a);
  }

  /**
   * 0 when action `a` is usable in this search, else its verdict code:
   * `procedural` when a procedural check fails on the real (start) state (rule 4;
   * see {@link failedCheck}), `unusable` when its cost is Infinity.
   */
  usable(a: number): number {
    return this.useStamp[a] === this.stamp ? this.useCode[a] : this.first(a);
  }

  /**
   * The first {@link usable} call of a search for action `a`: an action with no user code to run, kept and available,
   * is settled here from its base cost (small enough to inline where `usable` is); any other goes to {@link evaluate}.
   */
  private first(a: number): number {
    const fixed = this.fixedCost[a];
    // NaN (a check or a cost function) fails the test.
    if (!(fixed >= 0) || (this.keep !== null && this.keep[a] === 0) || this.unavailable.any) return this.evaluate(a);
    const cost = fixed * this.stats.multipliers[a];
    return this.settle(a, cost, -1, cost === Infinity ? Verdict.unusable : 0);
  }

  /**
   * The first {@link usable} call of a search for action `a` that {@link first} does not settle (kept apart so the
   * cached path inlines small). A check or cost function that throws, or a cost
   * that is not a number >= 0, makes the action unusable for this search (like
   * a cost of Infinity) and is logged once as a fault; the search goes on.
   */
  private evaluate(a: number): number {
    const d = this.domain;
    if (this.keep !== null && this.keep[a] === 0) {
      // Relevance analysis dropped it: no effect the goal can use (unusable, its cost never asked).
      return this.settle(a, Infinity, -1, Verdict.unusable);
    }
    // On cooldown or done once: not chosen in this request (cost Infinity for the heuristics too).
    if (this.unavailable.any && this.unavailable.codeOf(a) !== 0) return this.settle(a, Infinity, -1, Verdict.unavailable);
    // No user code to run: the base cost, penalised (NaN, never >= 0, for an action with a check or a cost function).
    const fixed = this.fixedCost[a];
    if (fixed >= 0) {
      const cost = fixed * this.stats.multipliers[a];
      return this.settle(a, cost, -1, cost === Infinity ? Verdict.unusable : 0);
    }
    const list = d.procedural[a];
    let failed: number;
    let cost = Infinity;
    let part = 'procedural check';
    try {
      failed = list === null ? -1 : firstFailing(list, this.start!, this.ctx);
      if (failed < 0) {
        const fn = d.costFns[a];
        part = 'cost function';
        cost = fn === null ? d.baseCost[a] : fn(this.start!, this.ctx);
        if (typeof cost !== 'number' || Number.isNaN(cost) || cost < 0) {
          this.faults.push(
            new UserCodeError(
              'INVALID_COST',
              d.actionNames[a],
              'cost',
              `Cost function of action "${d.actionNames[a]}" returned a cost that is not a number >= 0 (the action is skipped in this search)`,
              cost,
            ),
          );
          cost = Infinity;
        }
        cost *= this.stats.multipliers[a];
      }
    } catch (thrown) {
      this.faults.push(
        new UserCodeError(
          part === 'cost function' ? 'COST_THREW' : 'CONDITION_THREW',
          d.actionNames[a],
          part === 'cost function' ? 'cost' : 'condition',
          `The ${part} of action "${d.actionNames[a]}" threw (the action is skipped in this search)`,
          thrown,
        ),
      );
      failed = -1;
      cost = Infinity;
    }
    return this.settle(a, cost, failed, failed >= 0 ? Verdict.procedural : cost === Infinity ? Verdict.unusable : 0);
  }

  private settle(a: number, cost: number, failed: number, code: number): number {
    this.cost[a] = cost;
    this.failed[a] = failed;
    this.useCode[a] = code;
    this.useStamp[a] = this.stamp;
    return code;
  }
}
