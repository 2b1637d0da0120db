import {
  Edge,
  EffOp,
  UnavailableTable,
  checkWorldState,
  createState,
  describeValue,
  type Plan,
  type UserCodeError,
  type WorldState,
} from '@dualplan/world-state';
import { countViolated, wideHas } from './domain/cellSet.js';
import type { CompiledGoal, GoapDomain } from './domain/GoapDomain.js';
import { goalOf } from './domain/goalOf.js';
import * as Touch from './domain/Touch.js';
import { GoapDefinitionError } from './errors.js';
import { Relaxation } from './heuristics/Relaxation.js';
import { ActionCache } from './search/ActionCache.js';
import { ActionStats } from './search/ActionStats.js';
import type { GoapMeta } from './search/GoapResult.js';
import { hashWords } from './search/hashWords.js';
import { LazyQueue } from './search/LazyQueue.js';

/** Pops from the preferred queue in a row after the best estimate improves (as Fast Downward's boost). */
const BOOST = 1000;

/** Options of a {@link LazyGoapPlanner}. */
export interface LazyOptions {
  /** Budget: states evaluated per search (default 100 000). */
  readonly maxExpansions?: number;
  /** Budget: actions per plan (default 256). */
  readonly maxPlanLength?: number;
  /** Budget: search time in ms (default: none). */
  readonly timeBudgetMs?: number;
  /** Put the successors reached by preferred operators (the relaxed plan's actions applicable in a state) in a queue of their own (default true). */
  readonly preferred?: boolean;
}

/** The outcome of a lazy search. */
export interface LazyResult {
  readonly status: 'found' | 'none' | 'budget';
  /** The plan found (owned), or null. */
  readonly plan: Plan<GoapMeta> | null;
  /** Its cost (Infinity without one). */
  readonly cost: number;
  /** States evaluated (each popped once, its estimate computed then). */
  readonly expanded: number;
  /** User code that failed (costs, checks), each once. */
  readonly faults: readonly UserCodeError[];
}

/**
 * Lazy greedy best-first search with preferred operators, forward over states, as Fast Downward's `lazy_greedy`:
 * a state's successors enter the open list unevaluated, keyed by the state's own estimate (h_FF), and each is
 * evaluated only when popped, so the many successors never looked at cost nothing. The actions of a state's relaxed
 * plan that apply in it are its preferred operators: their successors also enter a second queue, popped in turn with
 * the first and in a row after each improvement of the best estimate. Plans are valid, not the cheapest; for large
 * domains where a good plan soon matters more. Procedural checks and costs are evaluated once per search on the
 * start state, as in {@link GoapPlanner}.
 * @example
 * const lazy = new LazyGoapPlanner(domain, { maxExpansions: 50_000 });
 * const r = lazy.search(state, 'all');
 * if (r.plan) runner.start(r.plan);
 */
export class LazyGoapPlanner<Ctx = any> {
  readonly domain: GoapDomain<Ctx>;
  readonly maxExpansions: number;
  readonly maxPlanLength: number;
  readonly timeBudgetMs: number;
  readonly preferred: boolean;
  private readonly cache: ActionCache;
  private readonly faults: UserCodeError[] = [];
  private readonly relaxation: Relaxation;
  private readonly start: WorldState<any>;
  private readonly regular = new LazyQueue();
  private readonly boosted = new LazyQueue();
  /** Per node: its state (schema size values from `node * size`), parent, action, g and depth. */
  private states = new Int32Array(0);
  private parent = new Int32Array(0);
  private action = new Int32Array(0);
  private g = new Float64Array(0);
  private depth = new Int32Array(0);
  private hashes = new Int32Array(0);
  private count = 0;
  /** Closed set: open-addressed node indices by state hash, stamped per search. */
  private slots = new Int32Array(0);
  private slotStamp = new Int32Array(0);
  private stamp = 0;

  constructor(domain: GoapDomain<Ctx>, options: LazyOptions = {}) {
    const { maxExpansions = 100_000, maxPlanLength = 256, timeBudgetMs = Infinity, preferred = true } = options;
    const bad = (name: string, value: unknown, expected: string): never => {
      throw new GoapDefinitionError('BAD_OPTION', name, `LazyGoapPlanner option ${name} = ${describeValue(value)}: expected ${expected}.`);
    };
    if (typeof maxExpansions !== 'number' || !(maxExpansions >= 0)) bad('maxExpansions', maxExpansions, 'a number >= 0');
    if (!Number.isInteger(maxPlanLength) || maxPlanLength < 0) bad('maxPlanLength', maxPlanLength, 'an integer >= 0');
    if (typeof timeBudgetMs !== 'number' || !(timeBudgetMs >= 0)) bad('timeBudgetMs', timeBudgetMs, 'a number >= 0');
    if (typeof preferred !== 'boolean') bad('preferred', preferred, 'true or false');
    this.domain = domain;
    this.maxExpansions = maxExpansions;
    this.maxPlanLength = maxPlanLength;
    this.timeBudgetMs = timeBudgetMs;
    this.preferred = preferred;
    const A = domain.actionCount;
    const unavailable = new UnavailableTable(A, (name) => domain.actions.indexOf(name), false);
    this.cache = new ActionCache(domain, new ActionStats(A, 1, 10), this.faults, unavailable);
    this.relaxation = new Relaxation(domain);
    this.start = createState(domain.schema);
    this.grow(64);
  }

  /**
   * Search from `state` to `goal`; returns the first plan found, or why there is none.
   * @example
   * new LazyGoapPlanner(domain).search(state, 'fire').plan?.steps.map((s) => s.task);
   */
  search(state: WorldState<any>, goal: string | CompiledGoal, ctx?: Ctx): LazyResult {
    checkWorldState(state, 'LazyGoapPlanner');
    const g = goalOf(this.domain, goal);
    const d = this.domain;
    const size = d.schema.size;
    this.faults.length = 0;
    this.start.copyFrom(state);
    this.cache.begin(this.start, ctx, null);
    this.count = 0;
    this.stamp = (this.stamp + 1) | 0;
    this.regular.clear();
    this.boosted.clear();
    const t0 = performance.now();
    this.states.set(this.start.values.subarray(0, size), 0);
    this.store(-1, -1, 0, 0);
    let bestH = Infinity;
    let turn = 0;
    let boost = 0;
    let expanded = 0;
    let status: LazyResult['status'] = 'none';
    let found = -1;
    for (let node = 0; node >= 0;) {
      const h = this.evaluate(node, g);
      if (h === 0 && countViolated(d, g, this.states.subarray(node * size, node * size + size)) === 0) {
        found = node;
        status = 'found';
        break;
      }
      expanded++;
      if (h < Infinity) {
        if (h < bestH) {
          bestH = h;
          boost += BOOST;
        }
        if (this.depth[node] < this.maxPlanLength) this.pushSuccessors(node, h);
        else status = 'budget';
      }
      if (expanded >= this.maxExpansions || ((expanded & 15) === 0 && performance.now() - t0 > this.timeBudgetMs)) {
        status = 'budget';
        break;
      }
      // The next unclosed successor: from the preferred queue while boosted, else the queues in turn.
      node = -1;
      while (node < 0 && (this.regular.size > 0 || this.boosted.size > 0)) {
        const fromBoosted = this.boosted.size > 0 && (boost > 0 || (turn++ & 1) === 1 || this.regular.size === 0);
        if (fromBoosted && boost > 0) boost--;
        const q = fromBoosted ? this.boosted : this.regular;
        const e = q.pop();
        node = this.reach(q.parentOf(e), q.actionOf(e));
      }
    }
    return { status, plan: found >= 0 ? this.planOf(found, g) : null, cost: found >= 0 ? this.g[found] : Infinity, expanded, faults: [...this.faults] };
  }

  /** h_FF of node `node`'s state (0 when it satisfies the goal), marking its relaxed plan's actions. */
  private evaluate(node: number, goal: CompiledGoal): number {
    const size = this.domain.schema.size;
    this.relaxation.compute(this.cache, this.states, node * size, false);
    return this.relaxation.relaxedPlanCost(this.cache, goal.words, 0);
  }

  /** Queue `node`'s applicable usable actions with key `h`; those of its relaxed plan also in the preferred queue. */
  private pushSuccessors(node: number, h: number): void {
    const d = this.domain;
    const at = node * d.schema.size;
    for (let a = 0; a < d.actionCount; a++) {
      if (this.cache.usable(a) !== 0 || !this.applies(at, a)) continue;
      this.regular.push(node, a, h);
      if (this.preferred && this.relaxation.inRelaxedPlan(a)) this.boosted.push(node, a, h);
    }
  }

  /** The node of `a` applied to `parent`'s state, or -1 when that state is closed already (or the effect breaks a range). */
  private reach(parent: number, a: number): number {
    const d = this.domain;
    const size = d.schema.size;
    if (this.count * size + size > this.states.length) this.grow(this.count * 2);
    const at = this.count * size;
    const states = this.states;
    states.copyWithin(at, parent * size, parent * size + size);
    const T = d.touch;
    for (let t = d.effectStart[a], end = d.touchStart[a + 1]; t < end; t++) {
      const k = t * Touch.size;
      const c = T[k + Touch.cell];
      let v = T[k + Touch.effValue];
      if (T[k + Touch.effOp] === EffOp.Add) {
        v += states[parent * size + c];
        if (v > d.schema.max[c] || v < d.schema.min[c]) {
          if (T[k + Touch.edge] === Edge.Error) return -1;
          v = v > d.schema.max[c] ? d.schema.max[c] : d.schema.min[c];
        }
      }
      states[at + c] = v;
    }
    const hash = hashWords(states, at, size);
    const mask = this.slots.length - 1;
    let i = hash & mask;
    for (; this.slotStamp[i] === this.stamp; i = (i + 1) & mask) {
      const n = this.slots[i];
      if (this.hashes[n] !== hash) continue;
      let same = true;
      for (let j = 0; j < size && same; j++) same = states[n * size + j] === states[at + j];
      if (same) return -1;
    }
    return this.store(parent, a, this.g[parent] + this.cache.cachedCost(a), hash, i);
  }

  /** Keep the state written at node `count`'s place (the root when `parent` < 0) and close it. */
  private store(parent: number, a: number, g: number, hash: number, slot = -1): number {
    const n = this.count++;
    const size = this.domain.schema.size;
    if (parent < 0) {
      hash = hashWords(this.states, 0, size);
      slot = hash & (this.slots.length - 1);
      while (this.slotStamp[slot] === this.stamp) slot = (slot + 1) & (this.slots.length - 1);
    }
    this.parent[n] = parent;
    this.action[n] = a;
    this.g[n] = g;
    this.depth[n] = parent < 0 ? 0 : this.depth[parent] + 1;
    this.hashes[n] = hash;
    this.slots[slot] = n;
    this.slotStamp[slot] = this.stamp;
    if (this.count * 2 > this.slots.length) this.rehash();
    return n;
  }

  /** True when `a`'s conditions hold in the state at `states[at..]`. */
  private applies(at: number, a: number): boolean {
    const d = this.domain;
    const T = d.touch;
    const states = this.states;
    for (let t = d.touchStart[a], end = d.touchStart[a + 1]; t < end; t++) {
      const k = t * Touch.size;
      const kind = T[k + Touch.isInt];
      const v = states[at + T[k + Touch.cell]];
      const ok =
        kind === 0
          ? ((T[k + Touch.allowA] >>> v) & 1) === 1
          : kind === 1
            ? v >= T[k + Touch.allowA] && v <= T[k + Touch.allowB]
            : wideHas(d.sets, T[k + Touch.allowA], v);
      if (!ok) return false;
    }
    return true;
  }

  /** The plan that reaches node `node` (owned steps; a dynamic cost shows in its step). */
  private planOf(node: number, goal: CompiledGoal): Plan<GoapMeta> {
    const steps = [];
    for (let n = node; this.parent[n] >= 0; n = this.parent[n]) {
      const a = this.action[n];
      const step = this.domain.steps[a];
      const cost = this.cache.cachedCost(a);
      steps.push(cost === step.cost ? step : Object.freeze({ ...step, cost }));
    }
    steps.reverse();
    return {
      planner: 'goap',
      steps,
      cost: this.g[node],
      meta: { goal: goal.name, goalIndex: goal.index, priority: 0, mode: 'forward', weight: 1 },
      stats: { expanded: this.count, generated: this.count, backtracks: 0 },
    };
  }

  /** Room for `capacity` nodes. */
  private grow(capacity: number): void {
    const size = Math.max(1, this.domain.schema.size);
    const copy = <T extends Int32Array | Float64Array>(a: T, make: (n: number) => T, per = 1): T => {
      const b = make(capacity * per);
      b.set(a.subarray(0, Math.min(a.length, capacity * per)));
      return b;
    };
    this.states = copy(this.states, (n) => new Int32Array(n), size);
    this.parent = copy(this.parent, (n) => new Int32Array(n));
    this.action = copy(this.action, (n) => new Int32Array(n));
    this.g = copy(this.g, (n) => new Float64Array(n));
    this.depth = copy(this.depth, (n) => new Int32Array(n));
    this.hashes = copy(this.hashes, (n) => new Int32Array(n));
    if (this.slots.length < capacity * 2) this.rehash(capacity * 2);
  }

  /** Rebuild the closed set at `size` slots or more (a power of two, at least twice the nodes). */
  private rehash(size = this.slots.length * 2): void {
    let n = 16;
    while (n < size || n < this.count * 2) n *= 2;
    this.slots = new Int32Array(n);
    this.slotStamp = new Int32Array(n);
    const mask = n - 1;
    for (let m = 0; m < this.count; m++) {
      let i = this.hashes[m] & mask;
      while (this.slotStamp[i] === this.stamp) i = (i + 1) & mask;
      this.slots[i] = m;
      this.slotStamp[i] = this.stamp;
    }
  }
}
