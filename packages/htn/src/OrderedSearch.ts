import { createState, DualplanError, firstFailing, type SubPlanner, type PlanStep, type Schema, type WorldState } from '@dualplan/world-state';
import { Select, TaskKind, type HtnDomain } from './HtnDomain.js';
import { MethodOrder } from './MethodOrder.js';
import { CheckedSteps } from './CheckedSteps.js';
import type { SubtaskDef } from './HtnDomainDef.js';
import { DynamicCalls } from './DynamicCalls.js';
import type { ContinuationTask, HtnContinuation } from './HtnPlan.js';
import {
  BACKTRACK,
  DECOMPOSE,
  DELEGATE,
  EFFECT_OUT_OF_RANGE,
  NO_METHOD,
  PAUSE,
  PRIMITIVE,
  PRIMITIVE_FAILED,
  REJECTED,
  REJECT_CONDITION,
  REJECT_PRUNED,
  REJECT_SUBTASKS,
  STEP_THREW,
  type HtnTraceLog,
} from './HtnTraceLog.js';
import { APPLIED, applyStep, grow, sameLayout, SCOPE_END_ARGS, type SearchSettings } from './planningOps.js';
import { SearchFaults } from './SearchFaults.js';
import { subtaskCall } from './subtaskCall.js';
import { PARALLEL_MARK } from './parallelTasks.js';

/** End of the task list. */
export const NIL = -1;
/**
 * Int32 slots per decomposition record header: call, method, head, arena top, dyn calls, plan length, MTR length, tie,
 * order base (a strategy compound's try order in {@link OrderedSearch.order}, else -1; then `method` is a position in it),
 * order top, slots used, check scope, check scope arena top.
 */
export const REC = 13;
/** Results of {@link OrderedSearch.expand}. */
export const FAILED = 0;
export const OK = 1;
export const BUDGET = 2;
export const PAUSED = 3;

/**
 * @internal The ordered DFS's per-planner scratch, and the general (slow but
 * complete) way to process a task: any call, with trace events, MTR pruning,
 * subtask functions, delegates and pause points. {@link searchFast} runs the
 * common calls inline on locals and defers to {@link expand} and
 * {@link backtrack} for the rest, so the fields are shared, not private.
 */
export class OrderedSearch<Ctx = any> {
  readonly domain: HtnDomain;
  readonly settings: SearchSettings<Ctx>;
  readonly maxSteps: number;
  readonly maxDepth: number;
  readonly trace: HtnTraceLog;
  tracing = false;
  /** @internal For tests: run every call the general way, which the inline paths must match (events included). */
  generalOnly = false;
  /** The planning copy of the state; `words` is what decomposition records snapshot. */
  readonly ws: WorldState<any>;
  readonly W: number;
  /** The planning state before a subtask function ran, to undo what a failing one wrote. */
  private readonly undo: Int32Array;
  readonly min: Int32Array;
  readonly max: Int32Array;
  ctx: Ctx = undefined as Ctx;
  // Task list: a persistent linked list in an arena, so a decomposition point is just (head, arena top).
  /** Node n is [call, next] at `nodes[2n]`. */
  nodes = new Int32Array(512);
  arenaTop = 0;
  head = NIL;
  readonly calls: DynamicCalls;
  mtr = new Int32Array(64);
  mtrLen = 0;
  /** The MTR to beat when pruning, and how many leading entries of ours equal it. */
  against: readonly number[] | null = null;
  tie = 0;
  // Decomposition history: one record per decomposition point that still has methods left.
  /** Per record: REC header slots, then the state snapshot (W slots). */
  rec: Int32Array;
  nrec = 0;
  steps: PlanStep[] = [];
  planLen = 0;
  expanded = 0;
  generated = 0;
  backtracks = 0;
  /** User code that failed in this search (contained: the method, primitive or delegate fails, the search goes on). */
  readonly faults = new SearchFaults();
  failure = '';
  /** Some branch was cut at the depth limit (with `atMaxDepth: 'backtrack'`): "no plan" then means "none within the depth". */
  depthCut = false;
  continuation: HtnContinuation | null = null;
  /** Try orders of strategy compounds (random, utility) still open to backtracking. */
  readonly order: MethodOrder;
  /** Slot indices expanded on the current path (`usedLen` of them), for the plan's `meta.slots`. */
  used = new Int32Array(8);
  usedLen = 0;
  /** The innermost open run-time check scope (a node: its method and parent scope), or NIL. */
  scope = NIL;
  scopeTop = 0;
  private scopeMethod = new Int32Array(16);
  private scopeParent = new Int32Array(16);
  private readonly checked: CheckedSteps;
  private readonly compatible = new WeakSet<Schema>();

  constructor(domain: HtnDomain, settings: SearchSettings<Ctx>, trace: HtnTraceLog) {
    this.domain = domain;
    this.settings = settings;
    this.maxSteps = settings.maxSteps;
    this.maxDepth = settings.maxDepth;
    this.calls = new DynamicCalls(domain);
    this.trace = trace;
    this.ws = createState(domain.schema as Schema);
    this.W = this.ws.words.length;
    this.undo = new Int32Array(this.W);
    this.rec = new Int32Array(64 * (REC + this.W));
    this.min = this.ws.schema.min;
    this.max = this.ws.schema.max;
    this.order = new MethodOrder(domain);
    this.checked = new CheckedSteps(domain);
  }

  /** Start a search from `state` with an empty task list. */
  reset(state: WorldState<any>, ctx: Ctx, steps: PlanStep[], against: readonly number[] | null, tracing: boolean): void {
    this.ws.copyFrom(state);
    this.ctx = ctx;
    this.head = NIL;
    this.arenaTop = 0;
    this.calls.len = 0;
    this.mtrLen = 0;
    this.nrec = 0;
    this.planLen = 0;
    this.steps = steps;
    this.expanded = this.generated = this.backtracks = 0;
    this.against = against;
    this.tie = 0;
    this.failure = '';
    this.depthCut = false;
    this.continuation = null;
    this.order.top = 0;
    this.usedLen = 0;
    this.scope = NIL;
    this.scopeTop = 0;
    this.tracing = tracing;
    if (tracing) this.trace.reset(this.domain);
    this.faults.reset();
  }

  /** One task the general way; `rootName` names the continuation if it is a pause point. */
  expand(call: number, rootName: string): number {
    const d = this.domain;
    const task = this.calls.taskOf(call);
    switch (d.taskKind[task]) {
      case TaskKind.Primitive: {
        const step = this.stepOf(call, task);
        return step !== null && this.addStep(this.underScopes(step)) ? OK : FAILED;
      }
      case TaskKind.Compound:
        if (this.mtrLen >= this.maxDepth) {
          if (!this.depthCut) this.failure = this.settings.texts.depth(task);
          if (this.settings.depthBacktracks) {
            this.depthCut = true;
            return FAILED;
          }
          return BUDGET;
        }
        return this.decompose(call, task, 0, -1) ? OK : FAILED;
      case TaskKind.Delegate:
        return this.delegate(call, task, this.settings.delegates[task]!) ? OK : FAILED;
      case TaskKind.Slot:
        return this.slot(call, task) ? OK : FAILED;
      default:
        if (this.calls.argsOf(call)[0] === PARALLEL_MARK) {
          // A parallel section's begin, split or end: a marker step, undone by backtracking like any step.
          this.steps[this.planLen++] = this.domain.callStep[call]!;
          return OK;
        }
        if (this.calls.argsOf(call) === SCOPE_END_ARGS) {
          // The end of a checked method's subtree (after resuming a continuation no scope is open).
          if (this.scope !== NIL) this.scope = this.scopeParent[this.scope];
          return OK;
        }
        // A pause with nothing planned before it, or nothing after it, is a no-op.
        if (this.planLen === 0 || this.head === NIL) {
          if (this.tracing) this.trace.put(PAUSE, -1);
          return OK;
        }
        this.continuation = this.pauseHere(rootName);
        return PAUSED;
    }
  }

  /** Restore the last decomposition point and try that compound's next method; false when none is left. */
  backtrack(): boolean {
    const R = REC + this.W;
    while (this.nrec > 0) {
      const o = --this.nrec * R;
      const rec = this.rec;
      const call = rec[o];
      const method = rec[o + 1];
      this.head = rec[o + 2];
      this.arenaTop = rec[o + 3];
      this.calls.len = rec[o + 4];
      this.planLen = rec[o + 5];
      this.mtrLen = rec[o + 6];
      this.tie = rec[o + 7];
      const base = rec[o + 8];
      this.order.top = rec[o + 9];
      this.usedLen = rec[o + 10];
      this.scope = rec[o + 11];
      this.scopeTop = rec[o + 12];
      const words = this.ws.words;
      for (let i = 0; i < this.W; i++) words[i] = rec[o + REC + i];
      this.backtracks++;
      const task = this.calls.taskOf(call);
      // A plain compound's record holds the absolute method index, a strategy compound's the position in its order.
      const pos = base < 0 ? method - this.domain.methodStart[task] : method;
      if (this.tracing) this.trace.put(BACKTRACK, task, base < 0 ? pos : this.order.at(base, pos) - this.domain.methodStart[task]);
      if (this.decompose(call, task, pos + 1, base)) return true;
    }
    return false;
  }

  /** Put `call` at the front of the task list. */
  push(call: number): void {
    const n = this.arenaTop++;
    if (n * 2 + 2 > this.nodes.length) this.nodes = grow(this.nodes, n * 2 + 2);
    this.nodes[n * 2] = call;
    this.nodes[n * 2 + 1] = this.head;
    this.head = n;
    this.generated++;
  }

  /** Push subtask references so that `refs[0]` is processed first; `method` returned them (-1: the request's task list). */
  pushRefs(refs: readonly SubtaskDef[], method: number): void {
    for (let i = refs.length - 1; i >= 0; i--) this.push(subtaskCall(this.calls, refs[i], method));
  }

  /** Set the MTR (when resuming a continuation). */
  setMtr(m: readonly number[]): void {
    if (m.length + 1 > this.mtr.length) this.mtr = grow(this.mtr, m.length + 1);
    for (let i = 0; i < m.length; i++) this.mtr[i] = m[i];
    this.mtrLen = m.length;
  }

  /** The step of a primitive call; null when its parameterised definition failed for these arguments (a fault). */
  private stepOf(call: number, task: number): PlanStep | null {
    try {
      return this.settings.steps.get(call, task, this.calls.argsOf(call));
    } catch (thrown) {
      const name = this.domain.taskNames[task];
      this.faults.add('TASK_THREW', 'task', name, `Primitive task "${name}" could not be instantiated for its arguments (it fails here)`, thrown);
      return null;
    }
  }

  private addStep(step: PlanStep): boolean {
    let r: number;
    try {
      r = applyStep(step, this.ws, this.ctx);
    } catch (thrown) {
      // Failed like an unmet condition: the caller backtracks, restoring the planning state.
      this.faults.add('CONDITION_THREW', 'condition', step.task, `A condition or effect function of task "${step.task}" threw (the task fails here)`, thrown);
      if (this.tracing) this.trace.put(PRIMITIVE_FAILED, step, STEP_THREW);
      return false;
    }
    if (r !== APPLIED) {
      if (this.tracing) this.trace.put(PRIMITIVE_FAILED, step, r >= 0 ? r : EFFECT_OUT_OF_RANGE);
      return false;
    }
    if (this.tracing) this.trace.put(PRIMITIVE, step);
    this.steps[this.planLen++] = step;
    return true;
  }

  /**
   * Try the methods of `task` from position `from` of its try order (the listed order, or for a strategy
   * compound the order in `order` at `base`, drawn on first use); on success push subtasks and record the point.
   * The MTR entry is the position: for a strategy compound, 0 means the strategy's first pick.
   */
  private decompose(call: number, task: number, from: number, base: number): boolean {
    const d = this.domain;
    const first = d.methodStart[task];
    const k = d.methodEnd[task] - first;
    if (base < 0 && d.taskSelect[task] !== Select.First) base = this.order.draw(task, this.ws, this.ctx, this.calls.argsOf(call), this.settings.random);
    const depth = this.mtrLen;
    const ref = this.against;
    // MTR pruning: while our MTR ties the reference, positions after its choice cannot beat it.
    const bound = ref !== null && this.tie === depth && depth < ref.length ? ref[depth] : k - 1;
    for (let p = from; p < k; p++) {
      const m = base < 0 ? first + p : this.order.at(base, p);
      if (p > bound) {
        if (this.tracing) this.trace.put(REJECTED, task, m, REJECT_PRUNED, -1);
        break;
      }
      const conds = d.methodConds[m];
      let failed: number;
      try {
        failed = conds.length === 0 ? -1 : firstFailing(conds, this.ws, this.ctx);
      } catch (thrown) {
        this.faults.add(
          'CONDITION_THREW',
          'condition',
          d.methodNames[m],
          `A condition function of method "${d.methodNames[m]}" of task "${d.taskNames[task]}" threw (the method is skipped)`,
          thrown,
        );
        continue;
      }
      if (failed >= 0) {
        if (this.tracing) this.trace.put(REJECTED, task, m, REJECT_CONDITION, failed);
        continue;
      }
      const head = this.head;
      const arena = this.arenaTop;
      const dyn = this.calls.len;
      const fn = d.methodFn[m];
      let subtasks: number;
      if (fn !== null) {
        const undo = this.undo;
        const words = this.ws.words;
        for (let i = 0; i < this.W; i++) undo[i] = words[i];
        let refs: readonly SubtaskDef[] | null | undefined;
        try {
          refs = fn(this.ws, this.ctx, this.calls.argsOf(call));
          if (refs !== null && refs !== undefined) {
            if (d.methodCheck[m] !== 0) this.push(d.scopeEndCall);
            this.pushRefs(refs, m);
          }
        } catch (thrown) {
          // A subtask function that throws or names tasks that do not exist: skip the method, leaving nothing of it behind.
          this.faults.add(
            'TASK_THREW',
            'task',
            d.methodNames[m],
            `The subtask function of method "${d.methodNames[m]}" of task "${d.taskNames[task]}" failed (the method is skipped)`,
            thrown,
          );
          for (let i = 0; i < this.W; i++) words[i] = undo[i];
          this.head = head;
          this.arenaTop = arena;
          this.calls.len = dyn;
          continue;
        }
        if (refs === null || refs === undefined) {
          if (this.tracing) this.trace.put(REJECTED, task, m, REJECT_SUBTASKS, -1);
          continue;
        }
        subtasks = refs.length;
      } else {
        for (let i = d.methodSubEnd[m] - 1; i >= d.methodSubStart[m]; i--) this.push(d.subCalls[i]);
        subtasks = d.methodSubEnd[m] - d.methodSubStart[m];
      }
      if (p < k - 1 && p < bound) this.record(call, base < 0 ? m : p, head, arena, dyn, base);
      if (d.methodCheck[m] !== 0) this.openScope(m);
      if (depth + 1 > this.mtr.length) this.mtr = grow(this.mtr, depth + 1);
      this.mtr[depth] = p;
      this.mtrLen = depth + 1;
      if (ref !== null && this.tie === depth && depth < ref.length && ref[depth] === p) this.tie = depth + 1;
      if (this.tracing) this.trace.put(DECOMPOSE, task, m, depth, subtasks);
      return true;
    }
    if (this.tracing) this.trace.put(NO_METHOD, task);
    return false;
  }

  private record(call: number, method: number, head: number, arena: number, dyn: number, base: number): void {
    const R = REC + this.W;
    const o = this.nrec++ * R;
    if (this.rec.length < o + R) this.rec = grow(this.rec, o + R);
    const rec = this.rec;
    rec[o] = call;
    rec[o + 1] = method;
    rec[o + 2] = head;
    rec[o + 3] = arena;
    rec[o + 4] = dyn;
    rec[o + 5] = this.planLen;
    rec[o + 6] = this.mtrLen;
    rec[o + 7] = this.tie;
    rec[o + 8] = base;
    rec[o + 9] = this.order.top;
    rec[o + 10] = this.usedLen;
    rec[o + 11] = this.scope;
    rec[o + 12] = this.scopeTop;
    const words = this.ws.words;
    for (let i = 0; i < this.W; i++) rec[o + REC + i] = words[i];
  }

  /** Open method `m`'s run-time check scope: primitives planned until its end marker carry its conditions. */
  private openScope(m: number): void {
    const n = this.scopeTop++;
    if (n >= this.scopeMethod.length) {
      this.scopeMethod = grow(this.scopeMethod, n + 1);
      this.scopeParent = grow(this.scopeParent, n + 1);
    }
    this.scopeMethod[n] = m;
    this.scopeParent[n] = this.scope;
    this.scope = n;
  }

  /**
   * A slot plans as the root task of the sub-domain plugged into it, which the planner compiled into this
   * domain's tables: push that call (with the slot call's arguments) and decompose it like any other, so
   * backtracking reaches the sub-domain's methods. An empty slot fails.
   */
  private slot(call: number, task: number): boolean {
    const index = this.domain.slotOf[task];
    const root = this.settings.slotRoot[index];
    if (root < 0) {
      if (this.tracing) this.trace.put(NO_METHOD, task);
      return false;
    }
    const args = this.calls.argsOf(call);
    this.push(args.length === 0 ? this.domain.defaultCall[root] : this.calls.callWith(root, args));
    this.noteSlot(index);
    return true;
  }

  /** Record that the current path expanded slot `index` (for the plan's `meta.slots`). */
  noteSlot(index: number): void {
    if (this.usedLen >= this.used.length) this.used = grow(this.used, this.usedLen + 1);
    // Stored only when different: the last plan's slots mostly repeat, and a load keeps the line clean.
    if (this.used[this.usedLen] !== index) this.used[this.usedLen] = index;
    this.usedLen++;
  }

  private delegate(call: number, task: number, planner: SubPlanner<Ctx>): boolean {
    const outcome = this.faults.delegate(planner, this.domain.taskNames[task], this.ws, this.ctx, this.calls.argsOf(call));
    if (outcome === null) return false;
    const plan = outcome.plan;
    if (this.tracing) {
      this.trace.put(DELEGATE, task, outcome.status, plan ? plan.steps.length : 0, outcome.reason);
    }
    if (outcome.status !== 'found' || plan === null) return false;
    const steps = plan.steps;
    for (let i = 0; i < steps.length; i++) {
      const schema = steps[i].conditions.schema;
      if (schema !== this.ws.schema && !this.compatible.has(schema)) {
        if (!sameLayout(schema, this.ws.schema)) {
          throw new DualplanError(
            'SCHEMA_MISMATCH',
            this.domain.taskNames[task],
            `Delegate of task "${this.domain.taskNames[task]}" returned steps over a schema with a different layout.`,
          );
        }
        this.compatible.add(schema);
      }
      if (!this.addStep(this.underScopes(steps[i]))) return false;
    }
    return true;
  }

  /** `step` with the checks of every open run-time check scope (a delegate's steps too: they run under the method). */
  private underScopes(step: PlanStep): PlanStep {
    for (let n = this.scope; n !== NIL; n = this.scopeParent[n]) step = this.checked.under(step, this.scopeMethod[n]);
    return step;
  }

  private pauseHere(root: string): HtnContinuation {
    const tasks: ContinuationTask[] = [];
    const S = this.domain.staticCalls;
    for (let n = this.head; n !== NIL; n = this.nodes[n * 2 + 1]) {
      const call = this.nodes[n * 2];
      tasks.push({ task: this.domain.taskNames[this.calls.taskOf(call)], args: this.calls.argsOf(call), call: call < S ? call : -1 });
    }
    if (this.tracing) this.trace.put(PAUSE, tasks.length);
    return { root, tasks, mtr: Array.from(this.mtr.subarray(0, this.mtrLen)) };
  }
}
