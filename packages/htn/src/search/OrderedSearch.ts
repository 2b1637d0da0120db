import { createState, DualplanError, firstFailing, type SubPlanner, type PlanStep, type Schema, type WorldState } from '@dualplan/world-state';
import { Select, TaskKind, type HtnDomain } from '../domain/HtnDomain.js';
import { MethodOrder } from './MethodOrder.js';
import { CheckScopes } from './CheckScopes.js';
import type { SubtaskDef } from '../domain/HtnDomainDef.js';
import { DynamicCalls } from './DynamicCalls.js';
import type { ContinuationTask, HtnContinuation } from './HtnPlan.js';
import {
  BACKTRACK,
  DECOMPOSE,
  DELEGATE,
  EFFECT_OUT_OF_RANGE,
  NO_METHOD,
  OUT_OF_BUDGET,
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
import { APPLIED, applyStep } from './applyStep.js';
import { applyOps, holds } from './flatOps.js';
import { grow } from '../domain/grow.js';
import { sameLayout } from '../domain/sameLayout.js';
import { SCOPE_END_ARGS } from '../domain/reservedArgs.js';
import { type SearchSettings } from './SearchSettings.js';
import { CALL, CallPath, METHOD } from '../domain/FastTables.js';
import {
  REC,
  R_CALL,
  R_METHOD,
  R_HEAD,
  R_ARENA,
  R_DYN,
  R_PLAN,
  R_MTR,
  R_TIE,
  R_ORDER_BASE,
  R_ORDER_TOP,
  R_USED,
  R_SCOPE,
  R_SCOPE_TOP,
} from './decompositionRecord.js';
import { SearchFaults } from './SearchFaults.js';
import { subtaskCall } from '../domain/subtaskCall.js';
import { PARALLEL_MARK } from '../domain/parallelTasks.js';
import { refuseMethod, refuseUnavailable } from './refuseUnavailable.js';
import { EmptySlots } from './EmptySlots.js';

/** End of the task list. */
export const NIL = -1;
/** How an ordered search ended. */
export type SearchStatus = 'found' | 'none' | 'budget';

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
  private readonly domain: HtnDomain;
  private readonly settings: SearchSettings<Ctx>;
  private readonly maxSteps: number;
  private readonly maxDepth: number;
  private readonly trace: HtnTraceLog;
  private tracing = false;
  /** For tests: run every call the general way, which the inline paths must match (events included). */
  private generalOnly = false;
  /** The planning copy of the state; `words` is what decomposition records snapshot. */
  private readonly ws: WorldState<any>;
  private readonly W: number;
  /** The planning state before a subtask function ran, to undo what a failing one wrote. */
  private readonly undo: Int32Array;
  private readonly min: Int32Array;
  private readonly max: Int32Array;
  private ctx: Ctx = undefined as Ctx;
  // Task list: a persistent linked list in an arena, so a decomposition point is just (head, arena top).
  /** Node n is [call, next] at `nodes[2n]`. */
  private nodes = new Int32Array(512);
  private arenaTop = 0;
  private head = NIL;
  /** Calls made while planning (arguments, subtask functions, task lists): the planner makes a request's calls here. */
  readonly calls: DynamicCalls;
  private mtr = new Int32Array(64);
  private mtrLen = 0;
  /** The MTR to beat when pruning, and how many leading entries of ours equal it. */
  private against: readonly number[] | null = null;
  private tie = 0;
  // Decomposition history: one record per decomposition point that still has methods left.
  /** Per record: REC header slots (the R_ offsets), then the state snapshot (W slots). */
  private rec: Int32Array;
  private nrec = 0;
  private steps: PlanStep[] = [];
  private planLen = 0;
  private expanded = 0;
  private generated = 0;
  private backtracks = 0;
  /** User code that failed in this search (contained: the method, primitive or delegate fails, the search goes on). */
  readonly faults = new SearchFaults();
  private failureText = '';
  /** Some branch was cut at the depth limit (with `atMaxDepth: 'backtrack'`): "no plan" then means "none within the depth". */
  private depthCut = false;
  private paused: HtnContinuation | null = null;
  /** Try orders of strategy compounds (random, utility) still open to backtracking. */
  private readonly order: MethodOrder;
  /** Slot indices expanded on the current path (`usedLen` of them), for the plan's `meta.slots`. */
  private used = new Int32Array(8);
  private usedLen = 0;
  /** The run-time check scopes open on the current path. */
  private readonly scopes: CheckScopes;
  /** The empty slots this search tried (the plan depends on them staying empty). */
  readonly emptySlots = new EmptySlots();
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
    this.scopes = new CheckScopes(domain);
  }

  /** Why the last search stopped short: the step or depth budget's text ('' when it did not). */
  get failure(): string {
    return this.failureText;
  }

  /** Where the last search paused (a plan up to a pause point), else null. */
  get continuation(): HtnContinuation | null {
    return this.paused;
  }

  /** Steps the last search planned (marker steps of parallel sections included), at the front of its steps array. */
  get stepCount(): number {
    return this.planLen;
  }

  /** Slot indices the last plan's path expanded: the first {@link usedSlotCount} entries. */
  get usedSlots(): Int32Array {
    return this.used;
  }

  /** How many entries of {@link usedSlots} the last plan's path filled. */
  get usedSlotCount(): number {
    return this.usedLen;
  }

  /** Copy the last search's counters into a plan's stats. */
  writeStats(stats: { expanded: number; generated: number; backtracks: number }): void {
    stats.expanded = this.expanded;
    stats.generated = this.generated;
    stats.backtracks = this.backtracks;
  }

  /** Copy the last plan's method traversal record into `out` (in place: no allocation when it keeps its length). */
  writeMtr(out: number[]): void {
    const n = this.mtrLen;
    for (let i = 0; i < n; i++) out[i] = this.mtr[i];
    if (out.length !== n) out.length = n;
  }

  /** For tests: run every call the general way from now on (the inline paths must match it, trace events included). */
  generalPathOnly(): void {
    this.generalOnly = true;
  }

  /**
   * The ordered DFS from the task list already pushed. Hot state lives in
   * locals and the common calls (static primitives, and compounds without
   * opaque checks or subtask functions) run inline on the domain's flat tables;
   * everything else, and every call while pruning against an MTR, goes through
   * {@link expand}. Locals are written back before, and reloaded after, each
   * call into the general code. While tracing it writes the same trace records
   * as the general code, each behind one test of a local (`trace`, null when
   * not tracing); a failing condition's index is looked up only when one fails.
   */
  run(rootName: string): SearchStatus {
    const d = this.domain;
    const trace = this.tracing ? this.trace : null;
    const prog = d.fast.prog;
    const methodBase = d.fast.methodBase;
    const callStep = d.callStep;
    const defaultCall = d.defaultCall;
    const callTask = d.callTask;
    const callArgs = d.callArgs;
    const slotRoot = this.settings.slotRoot;
    const S = d.staticCalls;
    const maxSteps = this.maxSteps;
    const maxDepth = this.maxDepth;
    const values = this.ws.values;
    const words = this.ws.words;
    const min = this.min;
    const max = this.max;
    const W = this.W;
    const R = REC + W;
    const steps = this.steps;
    // Run-time checks follow scopes the inline path does not track: such domains run the general way.
    const inline = this.against === null && !d.hasChecks && !this.generalOnly && !this.settings.unavailable.any;
    let status: SearchStatus = 'found';
    let head = this.head,
      top = this.arenaTop,
      planLen = this.planLen,
      mtrLen = this.mtrLen,
      nrec = this.nrec;
    let dynLen = this.calls.len,
      tie = this.tie,
      generated = this.generated,
      expanded = this.expanded,
      backtracks = this.backtracks;
    let nodes = this.nodes,
      rec = this.rec,
      mtr = this.mtr;
    // The chosen method's subtasks still to run, read straight from `prog` (prog[cur..curEnd)) in front of the
    // arena list; they move to the arena ("flush") only when another method is chosen or the general code runs.
    let cur = 0,
      curEnd = 0;
    let call = 0;
    let m = -1; // >= 0: the methods of `call` from this index are still to try
    let sb = -1; // >= 0 for a strategy compound: its try order's base in `order`, and `m` is a position in it
    const order = this.order;
    for (;;) {
      let ok = true;
      if (m < 0) {
        if (cur < curEnd) call = prog[cur++];
        else if (head !== NIL) {
          call = nodes[head * 2];
          head = nodes[head * 2 + 1];
        } else break;
        if (++expanded > maxSteps) {
          status = 'budget';
          this.failureText = this.settings.texts.steps;
          break;
        }
        let c = call * CALL;
        let path = inline && call < S ? prog[c] : CallPath.General;
        if (path === CallPath.Slot) {
          // A plugged slot is a call of its sub-domain's root (compiled into these tables); an empty one fails the general way.
          const root = slotRoot[prog[c + 1]];
          if (root < 0) path = CallPath.General;
          else {
            this.noteSlot(prog[c + 1]);
            call = defaultCall[root];
            c = call * CALL;
            path = prog[c];
          }
        }
        if (path === CallPath.Primitive) {
          const held = holds(prog, prog[c + 1], prog[c + 2], values);
          ok = held && applyOps(prog, prog[c + 3], prog[c + 4], values, min, max);
          if (ok) steps[planLen++] = callStep[call]!;
          // A parallel section's markers take this path too: like the general code, the trace leaves them out.
          if (trace !== null && d.taskKind[callTask[call]] === TaskKind.Primitive) {
            const step = callStep[call]!;
            if (ok) trace.put(PRIMITIVE, step);
            else trace.put(PRIMITIVE_FAILED, step, held ? EFFECT_OUT_OF_RANGE : firstFailing(step.conditions, this.ws, this.ctx));
          }
        } else if (path === CallPath.Compound || path === CallPath.Strategy) {
          if (mtrLen >= maxDepth) {
            if (!this.depthCut) this.failureText = this.settings.texts.depth(d.callTask[call]);
            if (!this.settings.depthBacktracks) {
              status = 'budget';
              break;
            }
            this.depthCut = true;
            ok = false;
          }
          // A strategy (random, utility) tries positions 0.. of the order it draws now; a plain compound its methods in order.
          if (!ok) {
            // Cut at the depth limit: fail this branch (below).
          } else if (path === CallPath.Strategy) {
            sb = order.draw(callTask[call], this.ws, this.ctx, callArgs[call], this.settings.random);
            m = 0;
          } else m = prog[c + 1];
        } else {
          if (cur < curEnd) {
            if ((top + curEnd - cur) * 2 > nodes.length) this.nodes = nodes = grow(nodes, (top + curEnd - cur) * 2);
            for (let i = curEnd - 1; i >= cur; i--, top++) {
              nodes[top * 2] = prog[i];
              nodes[top * 2 + 1] = head;
              head = top;
            }
            cur = curEnd;
          }
          this.head = head;
          this.arenaTop = top;
          this.planLen = planLen;
          this.mtrLen = mtrLen;
          this.nrec = nrec;
          this.calls.rewind(dynLen);
          this.tie = tie;
          this.generated = generated;
          this.backtracks = backtracks;
          const r = this.expand(call, rootName);
          head = this.head;
          top = this.arenaTop;
          planLen = this.planLen;
          mtrLen = this.mtrLen;
          nrec = this.nrec;
          dynLen = this.calls.len;
          tie = this.tie;
          generated = this.generated;
          backtracks = this.backtracks;
          nodes = this.nodes;
          rec = this.rec;
          mtr = this.mtr;
          if (r === BUDGET) status = 'budget';
          if (r === BUDGET || r === PAUSED) break;
          ok = r === OK;
        }
      }
      if (m >= 0) {
        const c = call * CALL;
        const end = prog[c + 2];
        let mo = 0;
        let more: boolean; // methods left to try after this one: a decomposition point
        if (sb < 0) {
          mo = methodBase + m * METHOD;
          while (m < end && !holds(prog, prog[mo], prog[mo + 1], values)) {
            if (trace !== null) trace.put(REJECTED, callTask[call], m, REJECT_CONDITION, firstFailing(d.methodConds[m], this.ws, this.ctx));
            m++;
            mo += METHOD;
          }
          ok = m < end;
          more = m < end - 1;
        } else {
          const k = end - prog[c + 1];
          while (m < k && !holds(prog, prog[(mo = methodBase + order.at(sb, m) * METHOD)], prog[mo + 1], values)) {
            if (trace !== null) {
              const rejected = order.at(sb, m);
              trace.put(REJECTED, callTask[call], rejected, REJECT_CONDITION, firstFailing(d.methodConds[rejected], this.ws, this.ctx));
            }
            m++;
          }
          ok = m < k;
          more = m < k - 1;
        }
        if (!ok && trace !== null) trace.put(NO_METHOD, callTask[call]);
        if (ok) {
          if (cur < curEnd) {
            if ((top + curEnd - cur) * 2 > nodes.length) this.nodes = nodes = grow(nodes, (top + curEnd - cur) * 2);
            for (let i = curEnd - 1; i >= cur; i--, top++) {
              nodes[top * 2] = prog[i];
              nodes[top * 2 + 1] = head;
              head = top;
            }
          }
          if (more) {
            // A decomposition point: the task list (head, arena top) and the state to return to.
            if (rec.length < (nrec + 1) * R) this.rec = rec = grow(rec, (nrec + 1) * R);
            const o = nrec++ * R;
            rec[o + R_CALL] = call;
            rec[o + R_METHOD] = m;
            rec[o + R_HEAD] = head;
            rec[o + R_ARENA] = top;
            rec[o + R_DYN] = dynLen;
            rec[o + R_PLAN] = planLen;
            rec[o + R_MTR] = mtrLen;
            rec[o + R_TIE] = tie;
            rec[o + R_ORDER_BASE] = sb;
            rec[o + R_ORDER_TOP] = order.top;
            rec[o + R_USED] = this.usedLen;
            rec[o + R_SCOPE] = this.scopes.current;
            rec[o + R_SCOPE_TOP] = this.scopes.top;
            for (let i = 0; i < W; i++) rec[o + REC + i] = words[i];
          }
          cur = prog[mo + 2];
          curEnd = prog[mo + 3];
          generated += curEnd - cur;
          if (trace !== null) trace.put(DECOMPOSE, callTask[call], sb < 0 ? m : order.at(sb, m), mtrLen, curEnd - cur);
          if (mtrLen >= mtr.length) this.mtr = mtr = grow(mtr, mtrLen + 1);
          mtr[mtrLen++] = sb < 0 ? m - prog[c + 1] : m;
          m = sb = -1;
          continue;
        }
        m = sb = -1;
      }
      if (!ok) {
        cur = curEnd;
        const o = (nrec - 1) * R;
        if (
          inline &&
          o >= 0 &&
          rec[o + R_CALL] < S &&
          (prog[rec[o + R_CALL] * CALL] === CallPath.Compound || prog[rec[o + R_CALL] * CALL] === CallPath.Strategy)
        ) {
          // Chronological backtracking, inline: restore the latest decomposition point, then try that compound's next method
          // (a strategy's next position in the order it drew then, which the restored order top keeps).
          nrec--;
          call = rec[o + R_CALL];
          m = rec[o + R_METHOD] + 1;
          sb = rec[o + R_ORDER_BASE];
          head = rec[o + R_HEAD];
          top = rec[o + R_ARENA];
          dynLen = rec[o + R_DYN];
          planLen = rec[o + R_PLAN];
          mtrLen = rec[o + R_MTR];
          tie = rec[o + R_TIE];
          order.rewind(rec[o + R_ORDER_TOP]);
          this.usedLen = rec[o + R_USED];
          for (let i = 0; i < W; i++) words[i] = rec[o + REC + i];
          backtracks++;
          if (trace !== null)
            trace.put(BACKTRACK, callTask[call], (sb < 0 ? rec[o + R_METHOD] : order.at(sb, rec[o + R_METHOD])) - d.methodStart[callTask[call]]);
          continue;
        }
        this.head = head;
        this.arenaTop = top;
        this.planLen = planLen;
        this.mtrLen = mtrLen;
        this.nrec = nrec;
        this.calls.rewind(dynLen);
        this.tie = tie;
        this.generated = generated;
        this.backtracks = backtracks;
        const found = this.backtrack();
        head = this.head;
        top = this.arenaTop;
        planLen = this.planLen;
        mtrLen = this.mtrLen;
        nrec = this.nrec;
        dynLen = this.calls.len;
        tie = this.tie;
        generated = this.generated;
        backtracks = this.backtracks;
        nodes = this.nodes;
        rec = this.rec;
        mtr = this.mtr;
        if (!found) {
          status = this.depthCut ? 'budget' : 'none';
          break;
        }
      }
    }
    this.head = head;
    this.arenaTop = top;
    this.planLen = planLen;
    this.mtrLen = mtrLen;
    this.nrec = nrec;
    this.calls.rewind(dynLen);
    this.tie = tie;
    this.generated = generated;
    this.expanded = expanded;
    this.backtracks = backtracks;
    if (status === 'budget' && trace !== null) trace.put(OUT_OF_BUDGET, this.failureText);
    return status;
  }

  /** Start a search from `state` with an empty task list. */
  reset(state: WorldState<any>, ctx: Ctx, steps: PlanStep[], against: readonly number[] | null, tracing: boolean): void {
    this.ws.copyFrom(state);
    this.ctx = ctx;
    this.head = NIL;
    this.arenaTop = 0;
    this.calls.rewind(0);
    this.mtrLen = 0;
    this.nrec = 0;
    this.planLen = 0;
    this.steps = steps;
    this.expanded = this.generated = this.backtracks = 0;
    this.against = against;
    this.tie = 0;
    this.failureText = '';
    this.depthCut = false;
    this.paused = null;
    this.order.rewind(0);
    this.usedLen = 0;
    this.emptySlots.reset();
    this.scopes.restore(NIL, 0);
    this.tracing = tracing;
    if (tracing) this.trace.reset(this.domain);
    this.faults.reset();
  }

  /** One task the general way; `rootName` names the continuation if it is a pause point. */
  private expand(call: number, rootName: string): number {
    const d = this.domain;
    const task = this.calls.taskOf(call);
    switch (d.taskKind[task]) {
      case TaskKind.Primitive: {
        const step = this.stepOf(call, task);
        if (step !== null && this.settings.unavailable.any && refuseUnavailable(this.settings.unavailable, task, step, this.tracing ? this.trace : null))
          return FAILED;
        return step !== null && this.addStep(this.scopes.under(step)) ? OK : FAILED;
      }
      case TaskKind.Compound:
        if (this.mtrLen >= this.maxDepth) {
          if (!this.depthCut) this.failureText = this.settings.texts.depth(task);
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
          this.scopes.close();
          return OK;
        }
        // A pause with nothing planned before it, or nothing after it, is a no-op.
        if (this.planLen === 0 || this.head === NIL) {
          if (this.tracing) this.trace.put(PAUSE, -1);
          return OK;
        }
        this.paused = this.pauseHere(rootName);
        return PAUSED;
    }
  }

  /** Restore the last decomposition point and try that compound's next method; false when none is left. */
  private backtrack(): boolean {
    const R = REC + this.W;
    while (this.nrec > 0) {
      const o = --this.nrec * R;
      const rec = this.rec;
      const call = rec[o + R_CALL];
      const method = rec[o + R_METHOD];
      this.head = rec[o + R_HEAD];
      this.arenaTop = rec[o + R_ARENA];
      this.calls.rewind(rec[o + R_DYN]);
      this.planLen = rec[o + R_PLAN];
      this.mtrLen = rec[o + R_MTR];
      this.tie = rec[o + R_TIE];
      const base = rec[o + R_ORDER_BASE];
      this.order.rewind(rec[o + R_ORDER_TOP]);
      this.usedLen = rec[o + R_USED];
      this.scopes.restore(rec[o + R_SCOPE], rec[o + R_SCOPE_TOP]);
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
      if (this.settings.unavailable.any && refuseMethod(this.settings.unavailable, d, task, m, this.tracing ? this.trace : null)) continue;
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
          this.calls.rewind(dyn);
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
      if (d.methodCheck[m] !== 0) this.scopes.open(m);
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
    rec[o + R_CALL] = call;
    rec[o + R_METHOD] = method;
    rec[o + R_HEAD] = head;
    rec[o + R_ARENA] = arena;
    rec[o + R_DYN] = dyn;
    rec[o + R_PLAN] = this.planLen;
    rec[o + R_MTR] = this.mtrLen;
    rec[o + R_TIE] = this.tie;
    rec[o + R_ORDER_BASE] = base;
    rec[o + R_ORDER_TOP] = this.order.top;
    rec[o + R_USED] = this.usedLen;
    rec[o + R_SCOPE] = this.scopes.current;
    rec[o + R_SCOPE_TOP] = this.scopes.top;
    const words = this.ws.words;
    for (let i = 0; i < this.W; i++) rec[o + REC + i] = words[i];
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
      this.emptySlots.note(index);
      if (this.tracing) this.trace.put(NO_METHOD, task);
      return false;
    }
    const args = this.calls.argsOf(call);
    this.push(args.length === 0 ? this.domain.defaultCall[root] : this.calls.callWith(root, args));
    this.noteSlot(index);
    return true;
  }

  /** Record that the current path expanded slot `index` (for the plan's `meta.slots`). */
  private noteSlot(index: number): void {
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
      if (!this.addStep(this.scopes.under(steps[i]))) return false;
    }
    return true;
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
