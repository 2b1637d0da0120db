import { createState, firstFailing, type SubPlanner, type PlanStep, type Schema, type WorldState } from '@dualplan/world-state';
import { Select, TaskKind, type HtnDomain } from '../domain/HtnDomain.js';
import type { SubtaskDef } from '../domain/HtnDomainDef.js';
import { PARALLEL_MARK } from '../domain/parallelTasks.js';
import { SCOPE_END_ARGS } from '../domain/reservedArgs.js';
import { subtaskCall } from '../domain/subtaskCall.js';
import { APPLIED, applyStep } from './applyStep.js';
import { CheckScopes } from './CheckScopes.js';
import { R_ARENA, R_CALL, R_DYN, R_HEAD, R_METHOD, R_MTR, R_ORDER_BASE, R_PLAN, R_TIE } from './decompositionRecord.js';
import { DecompositionRecords } from './DecompositionRecords.js';
import { DynamicCalls } from './DynamicCalls.js';
import type { HtnContinuation } from './HtnPlan.js';
import { continuationAt } from './continuationAt.js';
import { BUDGET, FAILED, OK, PAUSED } from './expandResult.js';
import { LayoutCheck } from './LayoutCheck.js';
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
import { MethodOrder } from './MethodOrder.js';
import { MethodTrail } from './MethodTrail.js';
import { refuseMethod, refuseOnceAgain, refuseUnavailable } from './refuseUnavailable.js';
import { SearchFaults } from './SearchFaults.js';
import type { SearchSettings } from './SearchSettings.js';
import { NIL, TaskList } from './TaskList.js';
import { SlotList } from './SlotList.js';

/**
 * @internal The ordered search's general (slow but complete) way to process a task and to backtrack: any call, with
 * trace events, MTR pruning, subtask functions, delegates, slots and pause points. It owns the planning state and
 * context, the plan so far, its pushes and backtracks, and why and where the search stopped; the parts own themselves
 * (task list, MTR, strategy orders, check scopes, slots, dynamic calls, {@link DecompositionRecords}, faults).
 * `OrderedSearch.run` runs the common calls inline on locals and hands them back before {@link expand} or {@link backtrack}.
 */
export class GeneralPath<Ctx = any> {
  /** The planning copy of the state; `words` is what decomposition records snapshot. */
  readonly ws: WorldState<any>;
  private readonly W: number;
  /** The planning state before a subtask function ran, to undo what a failing one wrote. */
  private readonly undo: Int32Array;
  private ctx: Ctx = undefined as Ctx;
  private tracing = false;
  readonly tasks = new TaskList();
  readonly trail = new MethodTrail();
  /** Try orders of strategy compounds (random, utility) still open to backtracking. */
  readonly order: MethodOrder;
  /** The run-time check scopes open on the current path. */
  readonly scopes: CheckScopes;
  /** Slot indices expanded on the current path, for the plan's `meta.slots`. */
  readonly used = new SlotList();
  /** The decomposition points still open to backtracking. */
  readonly records: DecompositionRecords;
  /** Calls made while planning (arguments, subtask functions, task lists): the planner makes a request's calls here. */
  readonly calls: DynamicCalls;
  /** User code that failed in this search (contained: the method, primitive or delegate fails, the search goes on). */
  readonly faults = new SearchFaults();
  /** The empty slots tried, each once, kept through backtracking: a plan found after trying one depends on it staying empty. */
  readonly emptySlots = new SlotList();
  private steps: PlanStep[] = [];
  private planLen = 0;
  private generated = 0;
  private backtracks = 0;
  private failureText = '';
  /** Some branch was cut at the depth limit (with `atMaxDepth: 'backtrack'`): "no plan" then means "none within the depth". */
  private depthCut = false;
  private paused: HtnContinuation | null = null;
  private readonly layouts: LayoutCheck;
  /** Whether the domain has strategy compounds and slots (its searches leave method orders, used and empty slots). */
  private readonly strategies: boolean;
  private readonly slots: boolean;

  constructor(
    private readonly domain: HtnDomain,
    private readonly settings: SearchSettings<Ctx>,
    private readonly log: HtnTraceLog,
  ) {
    this.ws = createState(domain.schema as Schema);
    this.layouts = new LayoutCheck(this.ws.schema);
    this.W = this.ws.words.length;
    this.undo = new Int32Array(this.W);
    this.calls = new DynamicCalls(domain);
    this.order = new MethodOrder(domain);
    this.scopes = new CheckScopes(domain);
    this.records = new DecompositionRecords(this.ws, this.order, this.used, this.scopes);
    this.strategies = domain.taskSelect.some((s) => s !== Select.First);
    this.slots = domain.slots.length > 0;
  }

  /** The request's context. */
  get context(): Ctx {
    return this.ctx;
  }

  /** Where this search writes trace events, or null when it is not traced. */
  get trace(): HtnTraceLog | null {
    return this.tracing ? this.log : null;
  }

  /** The plan's steps so far: the first {@link planLength} of them. */
  get plan(): PlanStep[] {
    return this.steps;
  }

  get planLength(): number {
    return this.planLen;
  }

  /** Calls the general code pushed (the inline loop counts its own). */
  get generatedCount(): number {
    return this.generated;
  }

  /** Backtracks the general code made (the inline loop counts its own). */
  get backtrackCount(): number {
    return this.backtracks;
  }

  /** Why the search stopped short: the step or depth budget's text ('' when it did not). */
  get failure(): string {
    return this.failureText;
  }

  /** Whether a branch was cut at the depth limit. */
  get cutAtDepthLimit(): boolean {
    return this.depthCut;
  }

  /** Where the search paused (a plan up to a pause point), else null. */
  get continuation(): HtnContinuation | null {
    return this.paused;
  }

  /** Start a search from `state` with an empty task list, writing its plan into `steps`. */
  reset(state: WorldState<any>, ctx: Ctx, steps: PlanStep[], against: readonly number[] | null, tracing: boolean): void {
    this.ws.copyFrom(state);
    // Pointer fields compared before storing: a request mostly brings the same context and plan array again.
    if (this.ctx !== ctx) this.ctx = ctx;
    this.tasks.moveTo(NIL, 0);
    this.calls.rewind(0);
    this.trail.reset(against);
    if (this.steps !== steps) this.steps = steps;
    this.planLen = this.generated = this.backtracks = 0;
    if (this.failureText !== '') this.failureText = '';
    this.depthCut = false;
    this.paused = null;
    // Parts a domain without strategies, checks or slots never changes stay as they were built (empty).
    if (this.strategies) this.order.rewind(0);
    if (this.domain.hasChecks) this.scopes.restore(NIL, 0);
    if (this.slots) {
      this.used.truncate(0);
      this.emptySlots.truncate(0);
    }
    this.tracing = tracing;
    if (tracing) this.log.reset(this.domain);
    this.faults.reset();
  }

  /** Keep the plan's first `length` steps (the inline loop hands back its length so, as the task list and MTR to theirs). */
  truncatePlan(length: number): void {
    this.planLen = length;
  }

  /** The step budget ran out. */
  stopAtSteps(): void {
    this.failureText = this.settings.texts.steps;
  }

  /** Compound `task` reached the depth limit: true when that fails only the branch, false when it stops the search. */
  cutAtDepth(task: number): boolean {
    if (!this.depthCut) this.failureText = this.settings.texts.depth(task);
    if (!this.settings.depthBacktracks) return false;
    this.depthCut = true;
    return true;
  }

  /** Put `call` at the front of the task list. */
  push(call: number): void {
    this.tasks.push(call);
    this.generated++;
  }

  /** Push subtask references so that `refs[0]` is processed first; `method` returned them (-1: the request's task list). */
  pushRefs(refs: readonly SubtaskDef[], method: number): void {
    for (let i = refs.length - 1; i >= 0; i--) this.push(subtaskCall(this.calls, refs[i], method));
  }

  /** One task the general way (OK, FAILED, BUDGET or PAUSED); `rootName` names the continuation if it is a pause point. */
  expand(call: number, rootName: string): number {
    const d = this.domain;
    const task = this.calls.taskOf(call);
    switch (d.taskKind[task]) {
      case TaskKind.Primitive: {
        const step = this.stepOf(call, task);
        if (step !== null && this.settings.unavailable.any && refuseUnavailable(this.settings.unavailable, task, step, this.trace)) return FAILED;
        if (step !== null && d.hasOnce && refuseOnceAgain(step, this.steps, this.planLen, this.trace)) return FAILED;
        return step !== null && this.addStep(this.scopes.under(step)) ? OK : FAILED;
      }
      case TaskKind.Compound:
        if (this.trail.length >= this.settings.maxDepth) return this.cutAtDepth(task) ? FAILED : BUDGET;
        return this.decompose(call, task, 0, -1) ? OK : FAILED;
      case TaskKind.Delegate:
        return this.delegate(call, task, this.settings.delegates[task]!) ? OK : FAILED;
      case TaskKind.Slot:
        return this.slot(call, task) ? OK : FAILED;
      default:
        if (this.calls.argsOf(call)[0] === PARALLEL_MARK) {
          // A parallel section's begin, split or end: a marker step, undone by backtracking like any step.
          this.steps[this.planLen++] = d.callStep[call]!;
          return OK;
        }
        if (this.calls.argsOf(call) === SCOPE_END_ARGS) {
          // The end of a checked method's subtree (after resuming a continuation no scope is open).
          this.scopes.close();
          return OK;
        }
        // A pause with nothing planned before it, or nothing after it, is a no-op.
        if (this.planLen === 0 || this.tasks.head === NIL) {
          if (this.tracing) this.log.put(PAUSE, -1);
          return OK;
        }
        this.paused = continuationAt(rootName, d, this.calls, this.tasks, this.trail);
        if (this.tracing) this.log.put(PAUSE, this.paused.tasks.length);
        return PAUSED;
    }
  }

  /** Go back to the latest decomposition point and try that compound's next method; false when none is left. */
  backtrack(): boolean {
    const records = this.records;
    while (records.count > 0) {
      const o = records.pop();
      const rec = records.buffer;
      const call = rec[o + R_CALL];
      const method = rec[o + R_METHOD];
      const base = rec[o + R_ORDER_BASE];
      this.tasks.moveTo(rec[o + R_HEAD], rec[o + R_ARENA]);
      this.calls.rewind(rec[o + R_DYN]);
      this.planLen = rec[o + R_PLAN];
      this.trail.restore(rec[o + R_MTR], rec[o + R_TIE]);
      this.backtracks++;
      const task = this.calls.taskOf(call);
      // A plain compound's record holds the absolute method index, a strategy compound's the position in its order.
      const pos = base < 0 ? method - this.domain.methodStart[task] : method;
      if (this.tracing) this.log.put(BACKTRACK, task, base < 0 ? pos : this.order.at(base, pos) - this.domain.methodStart[task]);
      if (this.decompose(call, task, pos + 1, base)) return true;
    }
    return false;
  }

  /** The step of a primitive call; null when its parameterised definition failed for these arguments (a fault). */
  private stepOf(call: number, task: number): PlanStep | null {
    try {
      return this.settings.steps.get(call, task, this.calls.argsOf(call));
    } catch (thrown) {
      this.faults.primitiveThrew(this.domain.taskNames[task], thrown);
      return null;
    }
  }

  private addStep(step: PlanStep): boolean {
    let r: number;
    try {
      r = applyStep(step, this.ws, this.ctx);
    } catch (thrown) {
      // Failed like an unmet condition: the caller backtracks, restoring the planning state.
      this.faults.stepThrew(step.task, thrown);
      if (this.tracing) this.log.put(PRIMITIVE_FAILED, step, STEP_THREW);
      return false;
    }
    if (r !== APPLIED) {
      if (this.tracing) this.log.put(PRIMITIVE_FAILED, step, r >= 0 ? r : EFFECT_OUT_OF_RANGE);
      return false;
    }
    if (this.tracing) this.log.put(PRIMITIVE, step);
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
    const trail = this.trail;
    const depth = trail.length;
    // MTR pruning: while our MTR ties the reference, positions after its choice cannot beat it.
    const bound = trail.bound(depth, k);
    for (let p = from; p < k; p++) {
      const m = base < 0 ? first + p : this.order.at(base, p);
      if (p > bound) {
        if (this.tracing) this.log.put(REJECTED, task, m, REJECT_PRUNED, -1);
        break;
      }
      if (this.settings.unavailable.any && refuseMethod(this.settings.unavailable, d, task, m, this.trace)) continue;
      const conds = d.methodConds[m];
      let failed: number;
      try {
        failed = conds.length === 0 ? -1 : firstFailing(conds, this.ws, this.ctx);
      } catch (thrown) {
        this.faults.methodConditionThrew(d.methodNames[m], d.taskNames[task], thrown);
        continue;
      }
      if (failed >= 0) {
        if (this.tracing) this.log.put(REJECTED, task, m, REJECT_CONDITION, failed);
        continue;
      }
      const head = this.tasks.head;
      const arena = this.tasks.top;
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
          this.faults.subtasksFailed(d.methodNames[m], d.taskNames[task], thrown);
          for (let i = 0; i < this.W; i++) words[i] = undo[i];
          this.tasks.moveTo(head, arena);
          this.calls.rewind(dyn);
          continue;
        }
        if (refs === null || refs === undefined) {
          if (this.tracing) this.log.put(REJECTED, task, m, REJECT_SUBTASKS, -1);
          continue;
        }
        subtasks = refs.length;
      } else {
        for (let i = d.methodSubEnd[m] - 1; i >= d.methodSubStart[m]; i--) this.push(d.subCalls[i]);
        subtasks = d.methodSubEnd[m] - d.methodSubStart[m];
      }
      if (p < k - 1 && p < bound) this.records.record(call, base < 0 ? m : p, head, arena, dyn, this.planLen, depth, trail.tie, base);
      if (d.methodCheck[m] !== 0) this.scopes.open(m);
      trail.take(depth, p);
      if (this.tracing) this.log.put(DECOMPOSE, task, m, depth, subtasks);
      return true;
    }
    if (this.tracing) this.log.put(NO_METHOD, task);
    return false;
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
      if (!this.emptySlots.includes(index)) this.emptySlots.note(index);
      if (this.tracing) this.log.put(NO_METHOD, task);
      return false;
    }
    const args = this.calls.argsOf(call);
    this.push(args.length === 0 ? this.domain.defaultCall[root] : this.calls.callWith(root, args));
    this.used.note(index);
    return true;
  }

  private delegate(call: number, task: number, planner: SubPlanner<Ctx>): boolean {
    const outcome = this.faults.delegate(planner, this.domain.taskNames[task], this.ws, this.ctx, this.calls.argsOf(call));
    if (outcome === null) return false;
    const plan = outcome.plan;
    if (this.tracing) {
      this.log.put(DELEGATE, task, outcome.status, plan ? plan.steps.length : 0, outcome.reason);
    }
    if (outcome.status !== 'found' || plan === null) return false;
    const steps = plan.steps;
    for (let i = 0; i < steps.length; i++) {
      this.layouts.check(steps[i].conditions.schema, this.domain.taskNames[task]);
      if (!this.addStep(this.scopes.under(steps[i]))) return false;
    }
    return true;
  }
}
