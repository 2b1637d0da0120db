import { DualplanError, PlanBuffer, UserCodeError, checkConditions, copyResult, createState, describeValue, firstFailing, moveFaults, type Plan, type PlanResult, type PlanStep, type WorldState } from '@dualplan/world-state';
import type { CompiledGoal, GoapDomain } from './compileGoapDomain.js';
import { describeNode } from './describeCell.js';
import { PlannerBusyError, UnknownGoalError } from './errors.js';
import { GoapTrace } from './GoapTrace.js';
import { GoapResult, checkOptions, type GoapBudget, type GoapHeuristic, type GoapMeta, type GoapPlannerOptions, type GoapPlanRequest, type GoapStatus } from './GoapResult.js';
import { goalPriority, planBest } from './planBest.js';
import { writeFound, writeNone } from './writeGoapPlan.js';
import { SearchSpace, hashWords } from './SearchSpace.js';
import { ChangeList } from './ChangeList.js';
import { countViolated } from './cellSet.js';
import { expandBackward, expandForward, materialize, traceExpansion } from './expand.js';
import { createHeuristic, type SearchHeuristic } from './heuristics/SearchHeuristic.js';
import { resolvePreset } from './heuristics/presets.js';
import { whyNoPlan } from './whyNoPlan.js';
import { ForwardIndex } from './search/ForwardIndex.js';
import { relevantActions } from './search/relevantActions.js';

/**
 * Backward (regressive) A* GOAP planner over a compiled domain (seed 001):
 * nodes are regressed goals (a mask per bool/enum cell, an interval per int
 * cell), g is the action cost, h = w × goal conditions unsatisfied by the start
 * state. All scratch belongs to the instance, so planners are independent;
 * steady-state searches allocate nothing.
 * @example
 * const planner = new GoapPlanner(soldierGoapDomain());
 * const result = planner.plan(state, 'killEnemy');
 * if (result.status === 'found') console.log(planner.toPlan().steps.map((s) => s.task));
 */
export class GoapPlanner<Ctx = any, Op extends string = string> {
  readonly domain: GoapDomain<Ctx, Op>;
  readonly mode: 'backward' | 'forward';
  readonly weight: number;
  readonly heuristic: GoapHeuristic | null;
  readonly maxExpansions: number;
  readonly maxPlanLength: number;
  readonly timeBudgetMs: number;
  readonly failurePenalty: number;
  readonly penaltyHalfLife: number;
  /** The last search's outcome (reused). */
  readonly result: GoapResult;
  /** Where {@link plan} writes before copying when the caller gives no buffer. */
  private readonly scratchOut = new PlanBuffer();
  /**
   * @internal User code that failed in the current `plan()` call (costs, checks,
   * goal callbacks), each once per search; moved into the result's `faults`.
   */
  readonly faultLog: UserCodeError[] = [];
  /**
   * The last search's trace, when enabled (option `trace`). Assign a `new GoapTrace()`
   * between searches to start tracing, `null` to stop (monitors do).
   */
  trace: GoapTrace | null;
  /** Per action: runtime cost multiplier (>= 1), raised by {@link penalize} and decayed by {@link decay}. */
  readonly multipliers: Float64Array;
  /** Per action: runtime failures and successes reported (success-rate tracking). */
  readonly failures: Uint32Array;
  readonly successes: Uint32Array;
  /**
   * Per action: how many found plans used it (001's automated statistics:
   * actions that are never selected point at over-strict conditions or bad data).
   */
  readonly selected: Uint32Array;

  /** @internal search state, shared with the expansion functions. */
  readonly space: SearchSpace;
  /** @internal */ readonly start: WorldState<any>;
  /** @internal */ ctx: Ctx | undefined = undefined;
  /** @internal */ goal: CompiledGoal | null = null;
  /** @internal per-search action caches, valid when `useStamp` equals `searchId`: see {@link usable}. */
  readonly useStamp: Int32Array;
  /** @internal */ readonly costCache: Float64Array;
  /** @internal */ readonly useCode: Uint8Array;
  /** @internal */ readonly failedCheck: Int32Array;
  /** @internal per-expansion "already considered" stamps. */
  readonly seen: Int32Array;
  /** @internal */ searchId = 0;
  /** @internal */ expansionId = 0;
  /** @internal touch entry of the last rejection, for trace details. */
  lastFail = -1;
  /** @internal set when a node was pruned by the plan-length budget. */
  lengthPruned = false;
  /** @internal the candidate being generated, and the node being rebuilt by `materialize`. */
  readonly change: ChangeList;
  /** @internal */ readonly rebuild: ChangeList;
  /** @internal the heuristic, chosen once: prepared per search, asked per stored node. */
  readonly estimator: SearchHeuristic;
  /** @internal backward additive: h is updated from each candidate's changes, reading these relaxed costs. */
  readonly additive: boolean;
  /** @internal true when h is kept up to date from change lists (count, backward additive); false when it reads the node's words. */
  readonly incremental: boolean;
  /** @internal forward mode: the successor generator. */
  readonly forwardIndex: ForwardIndex | null;
  /**
   * @internal actions relevant to this search's goal (1) when relevance analysis
   * applies (forward search, relaxation heuristics), else null: see {@link relevantActions}.
   */
  relevant: Uint8Array | null = null;
  private readonly relevance = new WeakMap<CompiledGoal, Uint8Array>();
  private readonly pruneIrrelevant: boolean;
  /** True when the configuration guarantees optimal plans: an admissible heuristic at weight <= 1, not greedy. */
  readonly optimal: boolean;
  private rootGoal: CompiledGoal | null = null;
  private rootHash = 0;
  private elapsed = 0;
  private busy = false;

  constructor(domain: GoapDomain<Ctx, Op>, options: GoapPlannerOptions = {}) {
    this.domain = domain;
    const o = resolvePreset(checkOptions(options));
    this.mode = o.mode ?? 'backward';
    this.weight = o.weight ?? 1;
    const heuristic = o.heuristic ?? 'count';
    this.heuristic = typeof heuristic === 'function' ? heuristic : null;
    this.estimator = createHeuristic(domain, heuristic, this.mode);
    this.additive = this.estimator.incremental && this.estimator.relaxation !== null;
    this.incremental = this.estimator.incremental;
    this.optimal = o.greedy !== true && ((this.estimator.admissible && this.weight <= 1) || this.weight === 0);
    this.maxExpansions = o.maxExpansions ?? 10_000;
    this.maxPlanLength = o.maxPlanLength ?? 64;
    this.timeBudgetMs = o.timeBudgetMs ?? Infinity;
    this.failurePenalty = o.failurePenalty ?? 1;
    this.penaltyHalfLife = o.penaltyHalfLife ?? 10;
    const A = domain.actionCount;
    this.result = new GoapResult(this.maxPlanLength);
    this.trace = options.trace ? new GoapTrace() : null;
    this.multipliers = new Float64Array(A).fill(1);
    this.failures = new Uint32Array(A);
    this.successes = new Uint32Array(A);
    this.selected = new Uint32Array(A);
    const width = this.mode === 'backward' ? domain.words : domain.schema.size;
    this.space = new SearchSpace(width, 64, options.maxNodes ?? 1 << 20, o.greedy === true);
    this.start = createState(domain.schema);
    this.costCache = new Float64Array(A);
    this.useStamp = new Int32Array(A);
    this.useCode = new Uint8Array(A);
    this.failedCheck = new Int32Array(A);
    this.seen = new Int32Array(A);
    this.change = new ChangeList(domain);
    this.rebuild = new ChangeList(domain);
    this.forwardIndex = this.mode === 'forward' ? new ForwardIndex(domain) : null;
    // Backward search only ever regresses through relevant actions; the others still cost forward search and relaxations.
    this.pruneIrrelevant = this.mode === 'forward' || this.estimator.relaxation !== null;
    this.space.materialize = (node) => materialize(this, node);
  }

  /** Resolve a goal reference (a domain goal's name or index, or a compiled goal). */
  goalOf(goal: string | number | CompiledGoal): CompiledGoal {
    if (typeof goal === 'object') {
      if (goal.words.length !== this.domain.words) throw new DualplanError('FOREIGN_GOAL', goal.name, `Goal "${goal.name}" was compiled for another domain layout.`);
      return goal;
    }
    const i = typeof goal === 'number' ? goal : this.domain.goalIndex(goal);
    const g = this.domain.goals[i];
    if (!g) throw new UnknownGoalError(String(goal), this.domain.goals.map((x) => x.name));
    return g;
  }

  /**
   * Plan from `state`: for `request.goal` (its name as the reason), or by goal
   * selection: the highest-priority goal that is valid, unsatisfied and plannable,
   * falling back through the rest in priority order. Without `request.out` the
   * result is fresh and never changes; with it, the result lives in that buffer
   * until the next call that writes into it.
   * @example
   * const r = planner.plan(state, ctx, { goal: 'killEnemy' });
   * if (r.status === 'found') console.log(r.plan.steps.map((s) => s.task));
   */
  plan(state: WorldState<any>, ctx?: Ctx, request?: GoapPlanRequest): PlanResult<GoapMeta> {
    checkState(state);
    const out = request?.out ?? this.scratchOut;
    let result: PlanResult<GoapMeta>;
    if (request?.goal === undefined) result = planBest(this, this.domain.goals, state, ctx as Ctx, out);
    else {
      if (this.faultLog.length > 0) this.faultLog.length = 0;
      const g = this.goalOf(request.goal);
      const r = this.search(state, g, ctx);
      if (r.status === 'found') {
        const priority = typeof g.priority === 'function' ? goalPriority(this, g, state, ctx as Ctx) : g.priority;
        result = writeFound(this, out, Number.isNaN(priority) ? 0 : priority, g.name);
      } else result = writeNone(this, out, true, r.status === 'budget' ? `goal ${g.name}: ${r.budget} budget` : `no plan for goal ${g.name}`);
      moveFaults(this.faultLog, out);
    }
    return request?.out ? result : copyResult(result);
  }

  /**
   * Low level: search from `state` to `goal` in one go (budgets still apply) and
   * return the reused {@link result} (action indices, no plan object). Most code wants {@link plan}.
   * @example
   * const r = planner.search(state, 'killEnemy', ctx);
   * r.status; // 'found' | 'none' | 'budget'
   */
  search(state: WorldState<any>, goal: string | number | CompiledGoal, ctx?: Ctx): GoapResult {
    this.begin(state, goal, ctx);
    this.step(Infinity);
    return this.result;
  }

  /**
   * Start a search that {@link step} advances across frames. The start state is
   * copied, so later changes to `state` do not affect it.
   * @example
   * planner.begin(state, 'patrol');
   * // each frame:
   * if (planner.step(50) !== 'running') use(planner.result);
   */
  begin(state: WorldState<any>, goal: string | number | CompiledGoal, ctx?: Ctx): void {
    if (this.busy || this.result.status === 'running') throw new PlannerBusyError();
    checkState(state);
    // Low-level search() callers may never call plan(), which empties the fault log: keep it bounded.
    if (this.faultLog.length >= 256) this.faultLog.length = 0;
    const g = this.goalOf(goal);
    const r = this.result;
    // 'running' only once set up, so a throwing cost or check leaves the planner usable.
    r.reset(g);
    this.goal = g;
    this.ctx = ctx;
    if (this.pruneIrrelevant) {
      let keep = this.relevance.get(g);
      if (keep === undefined) this.relevance.set(g, (keep = relevantActions(this.domain, g)));
      this.relevant = keep;
    }
    this.elapsed = 0;
    this.lengthPruned = false;
    this.searchId = (this.searchId + 1) | 0;
    const schema = this.domain.schema;
    if (state.schema !== schema && (state.schema.size !== schema.size || state.schema.storage !== schema.storage)) {
      throw new DualplanError('SCHEMA_MISMATCH', g.name, `The state passed to GoapPlanner does not use the domain's schema (${state.schema.size} cells vs ${schema.size}).`);
    }
    this.start.copyFrom(state);
    this.trace?.clear(g.name, this.mode, this, this.space.width);
    const space = this.space;
    space.reset();
    space.reserve();
    const W = space.width;
    const root = space.claim();
    const words = space.words;
    const s0 = this.start.values;
    // Either way the root violates exactly the goal conditions the start state violates.
    const unsat = countViolated(this.domain, g, s0);
    let hash: number;
    if (this.mode === 'backward') {
      const gw = g.words;
      for (let j = 0; j < W; j++) words[root + j] = gw[j];
      // The root of a backward search depends only on the goal: reuse its hash.
      if (g !== this.rootGoal) {
        this.rootGoal = g;
        this.rootHash = hashWords(words, root, W);
      }
      hash = this.rootHash;
    } else {
      for (let c = 0; c < W; c++) words[root + c] = s0[c];
      hash = hashWords(words, root, W);
    }
    let hraw: number;
    // Costs, checks and heuristics are user code: a re-entering call gets PlannerBusyError.
    this.busy = true;
    try {
      this.estimator.prepare(this);
      hraw = this.estimate(words, root, unsat);
    } finally {
      this.busy = false;
    }
    space.find(hash, root);
    // A goal unreachable even in the relaxation (h = Infinity) has no plan: the root is closed at once.
    space.commit(hash, root, -1, -1, 0, hraw === Infinity ? Infinity : this.weight * hraw, hraw, unsat);
    r.generated = 1;
    r.status = 'running';
  }

  /** Abandon a sliced search. */
  cancel(): void {
    if (this.result.status === 'running') {
      this.result.status = 'idle';
      this.goal = null;
    }
  }

  /**
   * Expand up to `n` nodes. Returns `running` while unfinished, else the final status.
   */
  step(n: number): GoapStatus {
    const r = this.result;
    if (r.status !== 'running') return r.status;
    if (this.busy) throw new PlannerBusyError();
    this.busy = true;
    const timed = this.timeBudgetMs !== Infinity;
    const t0 = timed ? performance.now() : 0;
    try {
      const space = this.space;
      const open = space.open;
      const backward = this.mode === 'backward';
      for (let done = 0; done < n; ) {
        const node = open.pop();
        if (node === undefined) return this.finish(this.lengthPruned ? 'budget' : 'none', this.lengthPruned ? 'length' : '');
        if (space.flags[node] === 1) continue;
        if (space.unsat[node] === 0) return this.found(node);
        if (r.expanded >= this.maxExpansions) {
          open.add(node);
          return this.finish('budget', 'expansions');
        }
        if (timed && (r.expanded & 15) === 0 && this.elapsed + performance.now() - t0 > this.timeBudgetMs) {
          open.add(node);
          return this.finish('budget', 'time');
        }
        if (space.base[node] < 0) materialize(this, node);
        space.flags[node] = 2;
        r.expanded++;
        done++;
        this.expansionId = (this.expansionId + 1) | 0;
        if (this.trace) traceExpansion(this, node);
        const ok = backward ? expandBackward(this, node) : expandForward(this, node);
        if (!ok) return this.finish('budget', 'nodes');
      }
      return 'running';
    } catch (e) {
      // A throwing callback (cost function, procedural check) ends the search.
      r.status = 'idle';
      throw e;
    } finally {
      if (timed) this.elapsed += performance.now() - t0;
      this.busy = false;
    }
  }

  /** @internal Raw (unweighted) h of the node whose words are at `words[at..]`, with `unsat` open conditions. */
  estimate(words: Int32Array, at: number, unsat: number): number {
    return this.estimator.estimate(this, words, at, unsat);
  }

  /** @internal Effective cost of action `a` in this search (dynamic cost × penalty); Infinity when unusable. */
  costOf(a: number): number {
    return this.usable(a) === 0 ? this.costCache[a] : Infinity;
  }

  /**
   * @internal 0 when action `a` is usable in this search, else its verdict code:
   * 4 when a procedural check fails on the real (start) state (rule 4; the check's
   * index goes to `failedCheck`), 5 when its cost is Infinity. Evaluated once per search.
   */
  usable(a: number): number {
    return this.useStamp[a] === this.searchId ? this.useCode[a] : this.evaluateUse(a);
  }

  /**
   * The first {@link usable} call of a search for action `a` (kept apart so the
   * cached path inlines small). A check or cost function that throws, or a cost
   * that is not a number >= 0, makes the action unusable for this search (like
   * a cost of Infinity) and is logged once as a fault; the search goes on.
   */
  private evaluateUse(a: number): number {
    const d = this.domain;
    if (this.relevant !== null && this.relevant[a] === 0) {
      // Relevance analysis dropped it: no effect the goal can use (unusable, its cost never asked).
      this.costCache[a] = Infinity;
      this.failedCheck[a] = -1;
      this.useStamp[a] = this.searchId;
      return (this.useCode[a] = 5);
    }
    const list = d.procedural[a];
    let failed = -1;
    let cost = Infinity;
    let part = 'procedural check';
    try {
      failed = list === null ? -1 : firstFailing(list, this.start, this.ctx);
      if (failed < 0) {
        const fn = d.costFns[a];
        part = 'cost function';
        cost = fn === null ? d.baseCost[a] : fn(this.start, this.ctx as Ctx);
        if (typeof cost !== 'number' || Number.isNaN(cost) || cost < 0) {
          this.faultLog.push(new UserCodeError('INVALID_COST', d.actionNames[a], 'cost', `Cost function of action "${d.actionNames[a]}" returned a cost that is not a number >= 0 (the action is skipped in this search)`, cost));
          cost = Infinity;
        }
        cost *= this.multipliers[a];
      }
    } catch (thrown) {
      this.faultLog.push(new UserCodeError(part === 'cost function' ? 'COST_THREW' : 'CONDITION_THREW', d.actionNames[a], part === 'cost function' ? 'cost' : 'condition', `The ${part} of action "${d.actionNames[a]}" threw (the action is skipped in this search)`, thrown));
      failed = -1;
      cost = Infinity;
    }
    this.costCache[a] = cost;
    this.useCode[a] = failed >= 0 ? 4 : cost === Infinity ? 5 : 0;
    this.failedCheck[a] = failed;
    this.useStamp[a] = this.searchId;
    return this.useCode[a];
  }

  private found(node: number): GoapStatus {
    const space = this.space;
    const r = this.result;
    const len = space.depth[node];
    if (this.mode === 'backward') {
      // Parents lead back to the goal, so the chain is already in execution order.
      let i = 0;
      for (let n = node; space.parent[n] >= 0; n = space.parent[n]) r.actions[i++] = space.action[n];
    } else {
      let i = len;
      for (let n = node; space.parent[n] >= 0; n = space.parent[n]) r.actions[--i] = space.action[n];
    }
    for (let i = 0; i < len; i++) this.selected[r.actions[i]]++;
    r.length = len;
    // g is the sum of this search's cached effective costs along the path.
    r.cost = space.g[node];
    return this.finish('found', '');
  }

  private finish(status: GoapStatus, budget: GoapBudget): GoapStatus {
    const r = this.result;
    r.status = status;
    r.budget = budget;
    r.generated = this.space.count;
    if (this.trace && status !== 'found') this.trace.whyNoPlan = whyNoPlan(this);
    return status;
  }

  /**
   * An owned {@link Plan} of the last successful search (allocates; the runner keeps it).
   * Steps reuse the domain's shared steps unless a dynamic cost or penalty changed the cost.
   * @example
   * if (planner.plan(state, 'fire').status === 'found') runner.start(planner.toPlan());
   */
  toPlan(priority = 0): Plan<GoapMeta> {
    const r = this.result;
    if (r.status !== 'found' || !r.goal) throw new DualplanError('NO_PLAN', r.goal?.name ?? '', `toPlan() needs a successful search; the last one ended with status "${r.status}".`);
    const steps: PlanStep[] = [];
    for (let i = 0; i < r.length; i++) {
      const a = r.actions[i];
      const step = this.domain.steps[a];
      const cost = this.costOf(a);
      steps.push(cost === step.cost ? step : Object.freeze({ ...step, cost }));
    }
    return {
      planner: 'goap',
      steps,
      cost: r.cost,
      meta: { goal: r.goal.name, goalIndex: r.goal.index, priority, mode: this.mode, weight: this.weight },
      stats: { expanded: r.expanded, generated: r.generated, backtracks: r.reopened },
    };
  }

  /** True when the state already satisfies the goal. */
  satisfied(state: WorldState<any>, goal: string | number | CompiledGoal): boolean {
    return checkConditions(this.goalOf(goal).conditions, state);
  }

  /**
   * Raise action `a`'s cost multiplier after a runtime failure (Tomb Raider's
   * success-rate tracking); it decays back to 1 with {@link decay}.
   * @example
   * planner.penalize(domain.actionNames.indexOf('shoot'));
   */
  penalize(a: number, amount = this.failurePenalty): void {
    if (a < 0 || a >= this.multipliers.length) return;
    this.failures[a]++;
    this.multipliers[a] += amount;
  }

  /** Record a runtime success of action `a`. */
  succeeded(a: number): void {
    if (a >= 0 && a < this.successes.length) this.successes[a]++;
  }

  /** Let `dt` seconds pass: every extra multiplier halves per `penaltyHalfLife`. */
  decay(dt: number): void {
    if (!(dt > 0)) return;
    const k = Math.pow(0.5, dt / this.penaltyHalfLife);
    const m = this.multipliers;
    for (let i = 0; i < m.length; i++) {
      if (m[i] === 1) continue;
      const extra = (m[i] - 1) * k;
      m[i] = extra < 1e-6 ? 1 : 1 + extra;
    }
  }

  /** Readable node: its constrained cells (backward) or its state (forward). */
  describeNode(node: number): string {
    if (this.space.base[node] < 0) materialize(this, node);
    return describeNode(this.domain, this.mode, this.space.words, this.space.base[node]);
  }
}


/** Planning needs a WorldState; a plain snapshot object is a common slip. */
function checkState(state: WorldState<any>): void {
  if (state === null || typeof state !== 'object' || typeof (state as { copyFrom?: unknown }).copyFrom !== 'function' || !(state as { schema?: unknown }).schema) {
    throw new DualplanError('BAD_STATE', 'state', `GoapPlanner plans from a WorldState, got ${describeValue(state)}: build one with createState(schema, snapshot).`);
  }
}
