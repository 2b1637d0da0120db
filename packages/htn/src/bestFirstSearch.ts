import { applyEffects, ChangeSource, createState, firstFailing, type PlanStep, type Schema, type SubPlanner, type WorldState } from '@dualplan/world-state';
import { Heap } from 'heap-js';
import { TaskKind, type Domain } from './Domain.js';
import type { SubtaskDef } from './DomainDef.js';
import { UndefinedTaskError } from './errors.js';
import type { HtnOutcome, PlanBuffer } from './HtnPlan.js';
import { grow, stepFor } from './planningOps.js';

const NIL = -1;
const NO_ARGS: readonly unknown[] = Object.freeze([]);

/** Settings shared with {@link Planner}, fixed for the planner's lifetime. */
export interface BestFirstSettings<Ctx> {
  readonly maxSteps: number;
  readonly maxDepth: number;
  readonly delegates: readonly (SubPlanner<Ctx> | null)[];
  readonly stepCache: Map<string, PlanStep>;
}

/**
 * Cost-based best-first decomposition (002: Unreal's plan heap): every
 * applicable method of a compound is a branch, method costs and primitive costs
 * add up, and the cheapest complete decomposition wins (ties: earlier method
 * order). Pause points are ignored: the result is always a full plan.
 *
 * One instance per {@link Planner} (created on its first best-first call). All
 * scratch is in typed-array pools that only grow while warming up, so a search
 * allocates nothing in steady state (static calls; dynamic arguments still
 * build a step-cache key). Nodes are indices; a node's task list, plan and MTR
 * are persistent cons lists in arenas, so a child shares its parent's tails.
 * @example
 * const search = new BestFirstSearch(domain, { maxSteps: 1e5, maxDepth: 4096, delegates: [], stepCache: new Map() });
 * const outcome = search.run(new PlanBuffer(), state, ctx, domain.root, undefined, undefined);
 * outcome.plan?.cost; // cheapest total of method and primitive costs
 */
export class BestFirstSearch<Ctx = unknown> {
  private readonly domain: Domain;
  private readonly s: BestFirstSettings<Ctx>;
  private readonly ws: WorldState<any>;
  private readonly W: number;
  private readonly heap: Heap<number>;
  private ctx: Ctx = undefined as Ctx;
  // Node pool. A node's index is its generation order, which is the tie-break.
  private cost = new Float64Array(64);
  private tasks = new Int32Array(64);
  private plan = new Int32Array(64);
  private mtr = new Int32Array(64);
  private depth = new Int32Array(64);
  private snaps: Int32Array;
  private nodes = 0;
  // Cons-cell arenas, reset per search.
  private taskCall = new Int32Array(256);
  private taskNext = new Int32Array(256);
  private taskTop = 0;
  private readonly stepRef: PlanStep[] = [];
  private stepNext = new Int32Array(256);
  private stepTop = 0;
  private mtrValue = new Int32Array(256);
  private mtrNext = new Int32Array(256);
  private mtrTop = 0;
  private dynTask = new Int32Array(16);
  private readonly dynArgs: (readonly unknown[])[] = [];
  private dynLen = 0;
  private generated = 0;
  private depthTask = -1;
  // Failure texts are built once so that a failing search allocates nothing either.
  private readonly stepReason: string;
  private readonly noneReasons: string[] = [];
  private readonly depthReasons: string[] = [];

  constructor(domain: Domain, settings: BestFirstSettings<Ctx>) {
    this.domain = domain;
    this.s = settings;
    this.ws = createState(domain.schema as Schema);
    this.W = this.ws.words.length;
    this.snaps = new Int32Array(64 * this.W);
    // Returns small integers: a double returned from a call V8 does not inline would be boxed.
    this.heap = new Heap<number>((a, b) => (this.cost[a] < this.cost[b] ? -1 : this.cost[a] > this.cost[b] ? 1 : a - b));
    this.stepReason = `step budget of ${settings.maxSteps} exhausted`;
  }

  /**
   * Search from `root` (with `args`, or its default arguments), or from the task
   * list `tasks` when given, on a working copy of `state`. Writes the result into
   * `out` and returns its outcome; nothing else a caller holds is touched.
   */
  run(out: PlanBuffer, state: WorldState<any>, ctx: Ctx, root: number, args: readonly unknown[] | undefined, tasks: readonly SubtaskDef[] | undefined): HtnOutcome {
    const d = this.domain;
    this.ws.copyFrom(state);
    this.ctx = ctx;
    this.nodes = this.taskTop = this.stepTop = this.mtrTop = this.dynLen = this.generated = 0;
    this.depthTask = -1;
    const heap = this.heap;
    // Empty the heap's array in place: clear() allocates a new one and `length = 0` drops its backing store.
    const items = heap.heapArray;
    while (items.length > 0) items.pop();
    const head = tasks ? this.pushRefs(tasks, NIL, -1) : this.cell(args ? this.dynCall(root, args) : d.defaultCall[root], NIL);
    this.child(0, head, NIL, NIL, 0);
    let expanded = 0;
    while (heap.heapArray.length > 0) {
      if (++expanded > this.s.maxSteps) return this.fail(out, 'budget', this.stepReason, expanded);
      const n = heap.pop()!;
      if (this.tasks[n] === NIL) return this.found(out, n, tasks ? '(tasks)' : d.taskNames[root], expanded);
      this.expand(n);
    }
    if (this.depthTask >= 0) return this.fail(out, 'budget', this.depthReason(this.depthTask), expanded);
    return this.fail(out, 'none', this.noneReason(tasks ? -1 : root), expanded);
  }

  private expand(n: number): void {
    const d = this.domain;
    const h = this.tasks[n];
    const call = this.taskCall[h];
    const rest = this.taskNext[h];
    const task = call < d.staticCalls ? d.callTask[call] : this.dynTask[call - d.staticCalls];
    this.restore(n);
    switch (d.taskKind[task]) {
      case TaskKind.Primitive: {
        const step = this.stepOf(call, task);
        if (this.apply(step)) this.child(this.cost[n] + step.cost, rest, this.stepCell(step, this.plan[n]), this.mtr[n], this.depth[n]);
        return;
      }
      case TaskKind.Compound:
        if (this.depth[n] >= this.s.maxDepth) {
          // Prune this branch only: a cheaper plan may still exist within the limit.
          if (this.depthTask < 0) this.depthTask = task;
        } else this.decompose(n, call, task, rest);
        return;
      case TaskKind.Delegate:
        this.delegate(n, call, task, rest);
        return;
      default:
        this.child(this.cost[n], rest, this.plan[n], this.mtr[n], this.depth[n]);
    }
  }

  private decompose(n: number, call: number, task: number, rest: number): void {
    const d = this.domain;
    const first = d.methodStart[task];
    const end = d.methodEnd[task];
    for (let m = first; m < end; m++) {
      // A subtask function sees the working state and might change it: start each method from the node's state.
      if (m > first) this.restore(n);
      const conds = d.methodConds[m];
      if (conds.length !== 0 && firstFailing(conds, this.ws, this.ctx) >= 0) continue;
      const fn = d.methodFn[m];
      let next: number;
      if (fn !== null) {
        const refs = fn(this.ws, this.ctx, this.argsOf(call));
        if (!refs) continue;
        next = this.pushRefs(refs, rest, m);
      } else {
        next = rest;
        for (let i = d.methodSubEnd[m] - 1; i >= d.methodSubStart[m]; i--) next = this.cell(d.subCalls[i], next);
      }
      this.child(this.cost[n] + d.methodCost[m], next, this.plan[n], this.mtrCell(m - first, this.mtr[n]), this.depth[n] + 1);
    }
  }

  private delegate(n: number, call: number, task: number, rest: number): void {
    const outcome = this.s.delegates[task]!(this.ws, this.ctx, this.argsOf(call));
    if (outcome.status !== 'found' || !outcome.plan) return;
    const steps = outcome.plan.steps;
    let plan = this.plan[n];
    let cost = this.cost[n];
    for (let i = 0; i < steps.length; i++) {
      if (!this.apply(steps[i])) return;
      plan = this.stepCell(steps[i], plan);
      cost += steps[i].cost;
    }
    this.child(cost, rest, plan, this.mtr[n], this.depth[n]);
  }

  /** A new node with a snapshot of the working state, pushed on the heap. */
  private child(cost: number, tasks: number, plan: number, mtr: number, depth: number): void {
    const k = this.nodes++;
    if (k >= this.cost.length) this.growNodes(k + 1);
    this.cost[k] = cost;
    this.tasks[k] = tasks;
    this.plan[k] = plan;
    this.mtr[k] = mtr;
    this.depth[k] = depth;
    const W = this.W;
    const words = this.ws.words;
    const snaps = this.snaps;
    for (let i = 0, j = k * W; i < W; i++, j++) snaps[j] = words[i];
    this.generated++;
    this.heap.add(k);
  }

  private restore(n: number): void {
    const W = this.W;
    const words = this.ws.words;
    const snaps = this.snaps;
    for (let i = 0, j = n * W; i < W; i++, j++) words[i] = snaps[j];
  }

  private growNodes(n: number): void {
    const cost = new Float64Array(Math.max(n, this.cost.length * 2));
    cost.set(this.cost);
    this.cost = cost;
    this.tasks = grow(this.tasks, n);
    this.plan = grow(this.plan, n);
    this.mtr = grow(this.mtr, n);
    this.depth = grow(this.depth, n);
    this.snaps = grow(this.snaps, this.cost.length * this.W);
  }

  private apply(step: PlanStep): boolean {
    const ws = this.ws;
    const ctx = this.ctx;
    if (step.conditions.length !== 0 && firstFailing(step.conditions, ws, ctx) >= 0) return false;
    return (
      (step.effects.length === 0 || applyEffects(step.effects, ws, ctx, ChangeSource.Planning) < 0) &&
      (step.expectedEffects.length === 0 || applyEffects(step.expectedEffects, ws, ctx, ChangeSource.Planning) < 0)
    );
  }

  private stepOf(call: number, task: number): PlanStep {
    return stepFor(this.domain, this.s.stepCache, call, task, this.argsOf(call));
  }


  private argsOf(call: number): readonly unknown[] {
    const S = this.domain.staticCalls;
    return call < S ? this.domain.callArgs[call] : this.dynArgs[call - S];
  }

  /** Prepend `refs` to the task list `rest`; `method` names the source in errors (-1: the request's list). */
  private pushRefs(refs: readonly SubtaskDef[], rest: number, method: number): number {
    const d = this.domain;
    let next = rest;
    for (let i = refs.length - 1; i >= 0; i--) {
      const ref = refs[i];
      if (typeof ref !== 'string' && 'pause' in ref) {
        next = this.cell(d.pauseCall, next);
        continue;
      }
      const name = typeof ref === 'string' ? ref : ref.task;
      const id = d.taskId(name);
      if (id < 0) throw new UndefinedTaskError(name, method < 0 ? 'the planned task list' : `the subtasks of method ${d.methodNames[method]}`);
      const args = typeof ref !== 'string' && ref.args !== undefined ? ref.args : null;
      next = this.cell(args ? this.dynCall(id, args) : d.defaultCall[id], next);
    }
    return next;
  }

  private dynCall(task: number, args: readonly unknown[]): number {
    const i = this.dynLen++;
    if (i >= this.dynTask.length) this.dynTask = grow(this.dynTask, i + 1);
    this.dynTask[i] = task;
    this.dynArgs[i] = args ?? NO_ARGS;
    return this.domain.staticCalls + i;
  }

  private cell(call: number, next: number): number {
    const c = this.taskTop++;
    if (c >= this.taskCall.length) {
      this.taskCall = grow(this.taskCall, c + 1);
      this.taskNext = grow(this.taskNext, c + 1);
    }
    this.taskCall[c] = call;
    this.taskNext[c] = next;
    return c;
  }

  private stepCell(step: PlanStep, next: number): number {
    const c = this.stepTop++;
    if (c >= this.stepNext.length) this.stepNext = grow(this.stepNext, c + 1);
    this.stepRef[c] = step;
    this.stepNext[c] = next;
    return c;
  }

  private mtrCell(value: number, next: number): number {
    const c = this.mtrTop++;
    if (c >= this.mtrNext.length) {
      this.mtrValue = grow(this.mtrValue, c + 1);
      this.mtrNext = grow(this.mtrNext, c + 1);
    }
    this.mtrValue[c] = value;
    this.mtrNext[c] = next;
    return c;
  }

  private found(out: PlanBuffer, n: number, root: string, expanded: number): HtnOutcome {
    const p = out.p;
    let len = 0;
    for (let c = this.plan[n]; c !== NIL; c = this.stepNext[c]) len++;
    const steps = p.steps;
    fit(steps, len, this.stepRef[0]);
    for (let c = this.plan[n], i = len - 1; c !== NIL; c = this.stepNext[c], i--) steps[i] = this.stepRef[c];
    len = 0;
    for (let c = this.mtr[n]; c !== NIL; c = this.mtrNext[c]) len++;
    const mtr = p.meta.mtr;
    fit(mtr, len, 0);
    for (let c = this.mtr[n], i = len - 1; c !== NIL; c = this.mtrNext[c], i--) mtr[i] = this.mtrValue[c];
    p.cost = this.cost[n];
    p.meta.root = root;
    p.meta.partial = false;
    p.meta.continuation = null;
    this.stats(out, expanded);
    out.o.status = 'found';
    out.o.plan = p;
    out.o.reason = root;
    return out.o;
  }

  private fail(out: PlanBuffer, status: 'none' | 'budget', reason: string, expanded: number): HtnOutcome {
    if (out.p.steps.length !== 0) out.p.steps.length = 0;
    this.stats(out, expanded);
    out.o.status = status;
    out.o.plan = null;
    out.o.reason = reason;
    return out.o;
  }

  private stats(out: PlanBuffer, expanded: number): void {
    const stats = out.p.stats;
    stats.expanded = expanded;
    stats.generated = this.generated;
    stats.backtracks = 0;
  }

  private noneReason(root: number): string {
    return (this.noneReasons[root + 1] ??= `no plan: no decomposition of ${root < 0 ? '(tasks)' : this.domain.taskNames[root]} is valid in this state`);
  }

  private depthReason(task: number): string {
    return (this.depthReasons[task] ??= `depth limit of ${this.s.maxDepth} decompositions reached at task ${this.domain.taskNames[task]} (runaway recursion?)`);
  }
}

/** Resize a reused result array in place; `filler` only holds new slots until the caller writes them. */
function fit<T>(a: T[], len: number, filler: T): void {
  if (a.length > len) a.length = len;
  while (a.length < len) a.push(filler);
}
