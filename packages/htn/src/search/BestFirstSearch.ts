import { createState, firstFailing, type PlanStep, type Schema, type WorldState } from '@dualplan/world-state';
import { TaskKind, type HtnDomain } from '../domain/HtnDomain.js';
import type { SubtaskDef } from '../domain/HtnDomainDef.js';
import { DynamicCalls } from './DynamicCalls.js';
import type { PlanBuffer } from '@dualplan/world-state';
import { failedResult, htnPlanIn, type HtnResult } from './HtnPlan.js';
import { SlotList } from './SlotList.js';
import { grow } from '../domain/grow.js';
import { PARALLEL_MARK } from '../domain/parallelTasks.js';
import { APPLIED, applyStep } from './applyStep.js';
import { type SearchSettings } from './SearchSettings.js';
import { SearchFaults } from './SearchFaults.js';
import { subtaskCall } from '../domain/subtaskCall.js';
import * as T from './BestFirstTrace.js';
import { refuseMethod, refuseUnavailable } from './refuseUnavailable.js';
import { ConsLists, NIL } from './ConsLists.js';
import { StateSnapshots } from './StateSnapshots.js';
import { LayoutCheck } from './LayoutCheck.js';
import { NodeHeap } from './NodeHeap.js';
import { CALL, METHOD } from '../domain/FastTables.js';
import * as CallPath from '../domain/CallPath.js';
import { applyOps, holds } from './flatOps.js';

/**
 * Cost-based best-first decomposition (as Unreal Engine HTN plugins do, with a heap of partial plans ordered by cost): every applicable method of a
 * compound is a branch, method costs and primitive costs add up, and the cheapest complete decomposition wins (ties: earlier method order). Pause
 * points are ignored: the result is always a full plan. No MTR pruning; expansions are recorded for monitors when asked. A parallel task's
 * marker steps (cost 0, no conditions or effects) go into the plan like any step; the planner turns them into `plan.parallel` sections.
 * One instance per {@link HtnPlanner} (created on its first best-first call). All scratch is in typed-array pools that only grow while warming up,
 * so a search allocates nothing in steady state (static calls; dynamic arguments still build a step-cache key). Nodes are indices into this class's
 * node pool (typed arrays); a node's task list, plan and MTR are persistent cons lists ({@link ConsLists}), so a child shares its parent's tails,
 * and a child that changed no state shares its parent's state snapshot ({@link StateSnapshots}).
 * @example
 * const search = new BestFirstSearch(domain, { maxSteps: 1e5, maxDepth: 4096, delegates: [], steps: new StepCache(domain), texts });
 * const out = new PlanBuffer();
 * const outcome = search.run(out, out.p.steps, state, ctx, domain.root, undefined, undefined);
 * outcome.plan?.cost; // cheapest total of method and primitive costs
 */
export class BestFirstSearch<Ctx = unknown> {
  private readonly domain: HtnDomain;
  private readonly s: SearchSettings<Ctx>;
  private readonly ws: WorldState<any>;
  /** Delegates' steps must lay their keys out as the planning state does. */
  private readonly layouts: LayoutCheck;
  /** The open nodes, cheapest first (ties: generation order). */
  private readonly heap = new NodeHeap();
  private ctx: Ctx = undefined as Ctx;
  /** Whether this search's primitives need no availability or `once` check (then static ones run the flat way). */
  private plain = true;
  // Node pool: per node (its index, in generation order, which is the heap's tie-break) its cost so far, task list,
  // plan and MTR (lists in `lists`), depth, state snapshot and used slots. Only `child` writes a node. (Fields of this
  // class rather than an object of their own: the hot methods read them with no call, which keeps V8's inlining
  // budget for their calls.)
  private cost = new Float64Array(64);
  private tasks = new Int32Array(64);
  private plan = new Int32Array(64);
  private mtr = new Int32Array(64);
  private depth = new Int32Array(64);
  private snap = new Int32Array(64);
  private usedOf = new Int32Array(64);
  private nodes = 0;
  private readonly lists = new ConsLists();
  /** The slot list {@link child} gives the nodes it makes (the parent's, or one more). */
  private nodeUsed = NIL;
  private readonly snaps: StateSnapshots;
  private readonly calls: DynamicCalls;
  private generated = 0;
  private depthTask = -1;
  /** User code that failed in this search; the planner resets it before each run. */
  readonly faults = new SearchFaults();
  /** After a found plan: the slots its path expanded. */
  readonly used = new SlotList();
  /** After a found plan: how many steps it wrote (marker steps included). */
  private planLen = 0;
  /** The node it ended on: the found plan's node, or -1. */
  private endNode = -1;
  /** Where a traced search records (null: not traced), and the expansion and method making children now. */
  private trace: T.BestFirstTrace | null = null;
  private row = -1;
  private cand = -1;

  constructor(domain: HtnDomain, settings: SearchSettings<Ctx>) {
    this.domain = domain;
    this.s = settings;
    this.ws = createState(domain.schema as Schema);
    this.layouts = new LayoutCheck(this.ws.schema);
    this.snaps = new StateSnapshots(this.ws.words.length);
    this.calls = new DynamicCalls(domain);
  }

  /** After a found plan: how many steps it wrote into the steps array (marker steps included). */
  get stepCount(): number {
    return this.planLen;
  }

  /** The node the last search ended on: the found plan's node, or -1. */
  get end(): number {
    return this.endNode;
  }

  /** Record the searches that follow into `trace` (null: record nothing). */
  traceInto(trace: T.BestFirstTrace | null): void {
    this.trace = trace;
  }

  /**
   * Search from `root` (with `args`, or its default arguments), or from the task list `tasks` when given, on a working copy of `state`. Writes the
   * result into `out` and returns its outcome; nothing else a caller holds is touched. A found plan's steps go into `steps` (the buffer's own, or an
   * array of the planner's that keeps marker steps apart): {@link stepCount} of them. User code that failed is in {@link faults} (the caller reset
   * it before, and moves it into the result after).
   */ run(
    out: PlanBuffer,
    steps: PlanStep[],
    state: WorldState<any>,
    ctx: Ctx,
    root: number,
    args: readonly unknown[] | undefined,
    tasks: readonly SubtaskDef[] | undefined,
  ): HtnResult {
    const d = this.domain;
    this.ws.copyFrom(state);
    this.ctx = ctx;
    this.plain = !this.s.unavailable.any && !d.hasOnce;
    this.nodes = 0;
    this.lists.clear();
    this.snaps.clear();
    this.generated = 0;
    this.calls.rewind(0);
    this.depthTask = -1;
    this.endNode = -1;
    this.row = this.cand = -1;
    if (this.trace !== null) this.trace.reset(d);
    const heap = this.heap;
    heap.clear();
    const head = tasks ? this.pushRefs(tasks, NIL, -1) : this.lists.task(args ? this.calls.callWith(root, args) : d.defaultCall[root], NIL);
    this.nodeUsed = NIL;
    this.child(0, head, NIL, NIL, 0, this.snaps.take(this.ws.words));
    let expanded = 0;
    while (heap.size > 0) {
      if (++expanded > this.s.maxSteps) return this.fail(out, 'budget', this.s.texts.steps, expanded);
      const n = heap.pop(this.cost);
      if (this.tasks[n] === NIL) {
        this.endNode = n;
        return this.found(out, steps, n, tasks ? '(tasks)' : d.taskNames[root], expanded);
      }
      this.expand(n);
    }
    if (this.depthTask >= 0) return this.fail(out, 'budget', this.s.texts.depth(this.depthTask), expanded);
    return this.fail(out, 'none', this.s.texts.none(tasks ? -1 : root, false), expanded);
  }

  private expand(n: number): void {
    const d = this.domain;
    const lists = this.lists;
    const h = this.tasks[n];
    const call = lists.callAt(h);
    const rest = lists.restOf(h);
    const task = this.calls.taskOf(call);
    this.snaps.restore(this.snap[n], this.ws.words);
    this.nodeUsed = this.usedOf[n];
    const kind = d.taskKind[task];
    const t = this.trace;
    if (t !== null) {
      this.row = t.expand(n, task, T.traceKind(kind), this.cost[n]);
      this.cand = -1;
    }
    switch (kind) {
      case TaskKind.Primitive: {
        if (call < d.staticCalls && d.fast.prog[call * CALL] === CallPath.Primitive && this.plain) return this.flatPrimitive(n, call, rest);
        let step: PlanStep;
        let applied: number;
        try {
          step = this.s.steps.get(call, task, this.calls.argsOf(call));
        } catch (thrown) {
          this.faults.primitiveThrew(d.taskNames[task], thrown);
          if (t !== null) t.outcome(this.row, T.THREW);
          return;
        }
        // What the agent may not choose now (cooldown, once), or a once action the plan has, fails like an unmet condition.
        if ((this.s.unavailable.any && refuseUnavailable(this.s.unavailable, task, step, null)) || (d.hasOnce && lists.hasOnce(this.plan[n], step))) {
          if (t !== null) t.outcome(this.row, T.UNAVAILABLE, step);
          return;
        }
        try {
          applied = applyStep(step, this.ws, this.ctx);
        } catch (thrown) {
          this.faults.stepThrew(step.task, thrown);
          if (t !== null) t.outcome(this.row, T.THREW, step);
          return;
        }
        const total = this.cost[n] + (this.s.costs === null ? step.cost : this.s.costs.costOf(step));
        if (t !== null) t.outcome(this.row, applied === APPLIED ? (total === Infinity ? T.UNUSABLE : T.KEPT) : applied >= 0 ? applied : T.OUT_OF_RANGE, step);
        // A cost of Infinity (its cost function failed, or said "unusable now") makes the branch unusable, as in GOAP.
        if (applied === APPLIED && total !== Infinity) {
          this.child(total, rest, lists.step(step, this.plan[n]), this.mtr[n], this.depth[n], this.snaps.take(this.ws.words));
        }
        return;
      }
      case TaskKind.Compound:
        if (this.depth[n] >= this.s.maxDepth) {
          // Prune this branch only: a cheaper plan may still exist within the limit.
          if (this.depthTask < 0) this.depthTask = task;
          if (t !== null) t.outcome(this.row, T.NO_METHOD);
        } else if (!this.decompose(n, call, task, rest) && t !== null) t.outcome(this.row, T.NO_METHOD);
        return;
      case TaskKind.Delegate:
        if (!this.delegate(n, call, task, rest) && t !== null) t.outcome(this.row, T.FAILED);
        return;
      case TaskKind.Slot: {
        // The plugged sub-domain is compiled into this domain: the slot is a call of its root (an empty slot fails).
        const index = d.slotOf[task];
        const root = this.s.slotRoot[index];
        if (root < 0) {
          if (t !== null) t.outcome(this.row, T.FAILED);
          return;
        }
        const args = this.calls.argsOf(call);
        const next = lists.task(args.length === 0 ? d.defaultCall[root] : this.calls.callWith(root, args), rest);
        this.nodeUsed = lists.number(index, this.nodeUsed);
        this.child(this.cost[n], next, this.plan[n], this.mtr[n], this.depth[n], this.snap[n]);
        return;
      }
      default:
        // A parallel section's begin, split or end: a marker step on this node's plan. (A pause is ignored.)
        this.child(
          this.cost[n],
          rest,
          this.calls.argsOf(call)[0] === PARALLEL_MARK ? lists.step(d.callStep[call]!, this.plan[n]) : this.plan[n],
          this.mtr[n],
          this.depth[n],
          this.snap[n],
        );
    }
  }

  /** A static primitive with flat conditions and effects (as the ordered search runs inline): the same outcome as {@link applyStep}, no user code. */
  private flatPrimitive(n: number, call: number, rest: number): void {
    const { ws, domain, trace: t } = this;
    const prog = domain.fast.prog;
    const c = call * CALL;
    const held = holds(prog, prog[c + 1], prog[c + 2], ws.values);
    const ok = held && applyOps(prog, prog[c + 3], prog[c + 4], ws.values, ws.schema.min, ws.schema.max);
    const step = domain.callStep[call]!;
    const total = this.cost[n] + (this.s.costs === null ? step.cost : this.s.costs.costOf(step));
    if (t !== null)
      t.outcome(this.row, ok ? (total === Infinity ? T.UNUSABLE : T.KEPT) : held ? T.OUT_OF_RANGE : firstFailing(step.conditions, ws, this.ctx), step);
    if (ok && total !== Infinity) this.child(total, rest, this.lists.step(step, this.plan[n]), this.mtr[n], this.depth[n], this.snaps.take(ws.words));
  }

  /** Branch on every applicable method of compound `task`; false when none applied. */
  private decompose(n: number, call: number, task: number, rest: number): boolean {
    const d = this.domain;
    const t = this.trace;
    let applied = false;
    const first = d.methodStart[task];
    const end = d.methodEnd[task];
    // A plain compound's (or strategy's) methods have flat conditions and fixed subtasks: checked in the flat tables.
    const prog = d.fast.prog;
    const path = call < d.staticCalls ? prog[call * CALL] : CallPath.General;
    const flat = path === CallPath.Compound || path === CallPath.Strategy;
    // Conditions only read the state; a subtask function is handed it and might write it, so restore after one ran.
    let dirty = false;
    for (let m = first; m < end; m++) {
      if (dirty) {
        this.snaps.restore(this.snap[n], this.ws.words);
        dirty = false;
      }
      if (this.s.unavailable.any && refuseMethod(this.s.unavailable, d, task, m, null)) {
        if (t !== null) t.method(this.row, m, T.UNAVAILABLE);
        continue;
      }
      const conds = d.methodConds[m];
      const fn = d.methodFn[m];
      let next = rest;
      if (flat) {
        const mo = d.fast.methodBase + m * METHOD;
        if (!holds(prog, prog[mo], prog[mo + 1], this.ws.values)) {
          if (t !== null) t.method(this.row, m, firstFailing(conds, this.ws, this.ctx));
          continue;
        }
      } else {
        try {
          const failing = conds.length === 0 ? -1 : firstFailing(conds, this.ws, this.ctx);
          if (failing >= 0) {
            if (t !== null) t.method(this.row, m, failing);
            continue;
          }
          if (fn !== null) {
            dirty = true;
            const refs = fn(this.ws, this.ctx, this.calls.argsOf(call));
            if (!refs) {
              if (t !== null) t.method(this.row, m, T.NO_SUBTASKS);
              continue;
            }
            next = this.pushRefs(refs, rest, m);
          }
        } catch (thrown) {
          if (t !== null) t.method(this.row, m, T.THREW);
          // Skip the method; `dirty` restores what a subtask function wrote, and cells it pushed stay unreferenced.
          dirty = true;
          this.faults.methodThrew(d.methodNames[m], d.taskNames[task], thrown);
          continue;
        }
      }
      if (fn === null) {
        next = rest;
        for (let i = d.methodSubEnd[m] - 1; i >= d.methodSubStart[m]; i--) next = this.lists.task(d.subCalls[i], next);
      }
      if (t !== null) this.cand = t.method(this.row, m, T.KEPT);
      applied = true;
      this.child(this.cost[n] + d.methodCost[m], next, this.plan[n], this.lists.number(m - first, this.mtr[n]), this.depth[n] + 1, this.snap[n]);
    }
    return applied;
  }

  /** Splice in the plan of delegate `task`; false when it found none (or its steps failed here). */
  private delegate(n: number, call: number, task: number, rest: number): boolean {
    const outcome = this.faults.delegate(this.s.delegates[task]!, this.domain.taskNames[task], this.ws, this.ctx, this.calls.argsOf(call));
    if (outcome === null || outcome.status !== 'found' || !outcome.plan) return false;
    const steps = outcome.plan.steps;
    let plan = this.plan[n];
    let cost = this.cost[n];
    for (let i = 0; i < steps.length; i++) {
      this.layouts.check(steps[i].conditions.schema, this.domain.taskNames[task]);
      let applied: number;
      try {
        applied = applyStep(steps[i], this.ws, this.ctx);
      } catch (thrown) {
        this.faults.stepThrew(steps[i].task, thrown);
        return false;
      }
      if (applied !== APPLIED) return false;
      plan = this.lists.step(steps[i], plan);
      cost += this.s.costs === null ? steps[i].cost : this.s.costs.costOf(steps[i]);
    }
    if (cost === Infinity) return false;
    this.child(cost, rest, plan, this.mtr[n], this.depth[n], this.snaps.take(this.ws.words));
    return true;
  }

  /** A new node over state snapshot `snap`, pushed on the heap. */
  private child(cost: number, tasks: number, plan: number, mtr: number, depth: number, snap: number): void {
    const k = this.nodes++;
    if (k >= this.cost.length) this.growNodes(k + 1);
    this.cost[k] = cost;
    this.tasks[k] = tasks;
    this.plan[k] = plan;
    this.mtr[k] = mtr;
    this.depth[k] = depth;
    this.snap[k] = snap;
    this.usedOf[k] = this.nodeUsed;
    if (this.trace !== null) this.trace.made(k, this.row, this.cand);
    this.generated++;
    this.heap.add(k, this.cost);
  }

  private growNodes(n: number): void {
    const cost = new Float64Array(Math.max(n, this.cost.length * 2));
    cost.set(this.cost);
    this.cost = cost;
    this.tasks = grow(this.tasks, n);
    this.plan = grow(this.plan, n);
    this.mtr = grow(this.mtr, n);
    this.depth = grow(this.depth, n);
    this.snap = grow(this.snap, n);
    this.usedOf = grow(this.usedOf, n);
  }

  /** Prepend `refs` to the task list `rest`; `method` returned them (-1: the request's task list). */
  private pushRefs(refs: readonly SubtaskDef[], rest: number, method: number): number {
    let next = rest;
    for (let i = refs.length - 1; i >= 0; i--) next = this.lists.task(subtaskCall(this.calls, refs[i], method), next);
    return next;
  }

  private found(out: PlanBuffer, steps: PlanStep[], n: number, root: string, expanded: number): HtnResult {
    const p = htnPlanIn(out);
    const lists = this.lists;
    this.planLen = lists.writeSteps(this.plan[n], steps, this.s.costs);
    lists.writeNumbers(this.mtr[n], p.meta.mtr);
    p.cost = this.cost[n];
    p.meta.root = root;
    p.meta.partial = false;
    p.meta.continuation = null;
    // The planner names the slots (it knows their versions).
    this.used.truncate(0);
    for (let c = this.usedOf[n]; c !== NIL; c = lists.olderOf(c)) this.used.note(lists.valueAt(c));
    this.stats(out, expanded);
    const r = out.r;
    r.status = 'found';
    r.plan = p;
    r.reason = root;
    r.budget = null;
    return r as HtnResult;
  }

  private fail(out: PlanBuffer, status: 'none' | 'budget', reason: string, expanded: number): HtnResult {
    this.stats(out, expanded);
    return failedResult(out, status, reason, this.s.texts);
  }

  private stats(out: PlanBuffer, expanded: number): void {
    const stats = out.p.stats;
    stats.expanded = expanded;
    stats.generated = this.generated;
    stats.backtracks = 0;
  }
}
