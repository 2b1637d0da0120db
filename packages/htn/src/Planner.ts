import {
  applyEffects,
  ChangeSource,
  createState,
  DualplanError,
  firstFailing,
  type PlanStep,
  type Schema,
  type SubPlanner,
  type WorldState,
} from '@dualplan/world-state';
import { BestFirstSearch } from './bestFirstSearch.js';
import { TaskKind, type Domain } from './Domain.js';
import type { SubtaskDef } from './DomainDef.js';
import { UndefinedTaskError, UnknownDelegateError } from './errors.js';
import { PlanBuffer, type ContinuationTask, type HtnContinuation, type HtnOutcome } from './HtnPlan.js';
import type { HtnTraceEvent } from './HtnTraceEvent.js';
import type { PlannerOptions, PlanRequest } from './PlannerOptions.js';
import { applyOps, CALL, CallPath, grow, holds, METHOD, sameLayout, stepFor } from './planningOps.js';

const NIL = -1;
/** Int32 slots per decomposition record: call, method, head, arena top, dyn calls, plan length, MTR length, tie. */
const REC = 8;
// Results of Planner.expand.
const FAILED = 0;
const OK = 1;
const BUDGET = 2;
const PAUSED = 3;

type Status = 'found' | 'none' | 'budget';
const NO_ARGS: readonly unknown[] = Object.freeze([]);

/**
 * Total-order forward-decomposition HTN planner (004 §12.4): depth-first over
 * ordered methods, with chronological backtracking through recorded
 * decomposition points, expected effects, MTR, pause points and delegates.
 * Iterative, and all scratch lives on the instance: one planner per agent (or
 * thread), any number sharing one {@link Domain}.
 * @example
 * const planner = new Planner(trollDomain());
 * const state = createState(trollSchema(), { WsCanSeeEnemy: true, WsTrunkHealth: 3 });
 * const { plan } = planner.plan(state);
 * plan?.steps.map((s) => s.task); // ['NavigateToEnemy', 'DoTrunkSlam', 'DoRecovery']
 */
export class Planner<Ctx = any> {
  readonly domain: Domain;
  /** Events of the last search when tracing is on (plain data). */
  readonly trace: HtnTraceEvent[] = [];
  tracing: boolean;
  private readonly maxSteps: number;
  private readonly maxDepth: number;
  private readonly mode: 'ordered' | 'best-first';
  private readonly root: number;
  private readonly delegateFns: (SubPlanner<Ctx> | null)[];
  private readonly ws: WorldState<any>;
  private readonly W: number;
  private readonly buffers = [new PlanBuffer(), new PlanBuffer()];
  private flip = 0;
  private best: BestFirstSearch<Ctx> | null = null;
  private readonly stepCache = new Map<string, PlanStep>();
  private readonly compatible = new WeakSet<Schema>();
  private readonly noneReasons: string[] = [];
  // Task list: a persistent linked list in an arena, so a decomposition point is just (head, arena top).
  /** Node n is [call, next] at `nodes[2n]`. */
  private nodes = new Int32Array(512);
  private arenaTop = 0;
  private head = NIL;
  // Calls created while planning (subtask functions, task lists, continuations).
  private readonly dynTask: number[] = [];
  private readonly dynArgs: (readonly unknown[])[] = [];
  private dynLen = 0;
  private mtr = new Int32Array(64);
  private mtrLen = 0;
  private against: readonly number[] | null = null;
  private tie = 0;
  // Decomposition history: one record per decomposition point that still has methods left.
  /** Per record: REC header slots, then the state snapshot (W slots). */
  private rec: Int32Array;
  private continuation: HtnContinuation | null = null;
  private readonly min: Int32Array;
  private readonly max: Int32Array;
  private nrec = 0;
  private planLen = 0;
  private steps: PlanStep[] = [];
  private ctx: Ctx = undefined as Ctx;
  private expanded = 0;
  private generated = 0;
  private backtracks = 0;
  private failure = '';

  constructor(domain: Domain, options: PlannerOptions<Ctx> = {}) {
    this.domain = domain;
    this.maxSteps = budget(options.maxSteps, 100_000, 'maxSteps');
    this.maxDepth = budget(options.maxDepth, 4096, 'maxDepth');
    this.tracing = options.trace === true;
    this.mode = options.mode ?? 'ordered';
    this.root = options.root !== undefined ? domain.taskId(options.root) : domain.root;
    if (options.root !== undefined && this.root < 0) throw new UndefinedTaskError(options.root, 'the planner options');
    this.delegateFns = domain.delegateNames.map((name, t) => {
      if (name === null) return null;
      const fn = options.delegates?.[name];
      if (typeof fn !== 'function') throw new UnknownDelegateError(name, domain.taskNames[t]);
      return fn;
    });
    this.ws = createState(domain.schema as Schema);
    this.W = this.ws.words.length;
    this.rec = new Int32Array(64 * (REC + this.W));
    this.min = this.ws.schema.min;
    this.max = this.ws.schema.max;
  }

  /**
   * Plan from the root task (or `request.root` / `request.tasks`) on a working copy of `state`.
   * Returns status `'found'`, `'none'` (no decomposition), or `'budget'` (step or depth limit).
   */
  plan(state: WorldState<any>, ctx?: Ctx, request?: PlanRequest): HtnOutcome {
    if (this.mode === 'best-first') return this.bestFirst(state, ctx, request);
    const out = this.begin(state, ctx, request);
    const root = request?.root;
    let rootName: string;
    if (request?.tasks) {
      rootName = '(tasks)';
      this.pushRefs(request.tasks, 'the planned task list');
    } else {
      const id = root === undefined ? this.root : typeof root === 'number' ? root : this.domain.taskId(root);
      if (!(id >= 0 && id < this.domain.pauseTask)) throw new UndefinedTaskError(String(root ?? '(none)'), 'the plan request');
      rootName = this.domain.taskNames[id];
      this.push(request?.args ? this.dynCall(id, request.args) : this.domain.defaultCall[id]);
    }
    return this.search(out, rootName, request);
  }

  /**
   * Plan the rest of a partial plan from its continuation (004 §12.10). The
   * search cannot backtrack before the pause point: those steps already ran.
   * @example
   * const first = planner.plan(state).plan!; // stops at a pause point
   * // ... the runner executes first.steps ...
   * const rest = planner.resume(first.meta.continuation!, state);
   */
  resume(continuation: HtnContinuation, state: WorldState<any>, ctx?: Ctx, request?: PlanRequest): HtnOutcome {
    const out = this.begin(state, ctx, request);
    const d = this.domain;
    const tasks = continuation.tasks;
    for (let i = tasks.length - 1; i >= 0; i--) {
      const t = tasks[i];
      const id = d.taskId(t.task);
      if (id < 0) throw new UndefinedTaskError(t.task, 'the continuation');
      const call = t.call >= 0 && t.call < d.staticCalls && d.callTask[t.call] === id ? t.call : this.dynCall(id, t.args);
      this.push(call);
    }
    const m = continuation.mtr;
    this.growMtr(m.length + 1);
    for (let i = 0; i < m.length; i++) this.mtr[i] = m[i];
    this.mtrLen = m.length;
    this.tie = 0;
    return this.search(out, continuation.root, request);
  }

  private bestFirst(state: WorldState<any>, ctx: Ctx | undefined, request: PlanRequest | undefined): HtnOutcome {
    const root = request?.root;
    const id = request?.tasks ? -1 : root === undefined ? this.root : typeof root === 'number' ? root : this.domain.taskId(root);
    if (!request?.tasks && !(id >= 0 && id < this.domain.pauseTask)) throw new UndefinedTaskError(String(root ?? '(none)'), 'the plan request');
    this.best ??= new BestFirstSearch(this.domain, { maxSteps: this.maxSteps, maxDepth: this.maxDepth, delegates: this.delegateFns, stepCache: this.stepCache });
    // Same double buffering as the ordered search: the previous plan stays intact while the runner executes it.
    let out = request?.out;
    if (!out) {
      out = this.buffers[this.flip];
      this.flip ^= 1;
    }
    return this.best.run(out, state, ctx as Ctx, id, request?.args, request?.tasks);
  }

  private begin(state: WorldState<any>, ctx: Ctx | undefined, request: PlanRequest | undefined): PlanBuffer {
    let out = request?.out;
    if (!out) {
      out = this.buffers[this.flip];
      this.flip ^= 1;
    }
    this.ws.copyFrom(state);
    this.ctx = ctx as Ctx;
    this.head = NIL;
    this.arenaTop = 0;
    this.dynLen = 0;
    this.mtrLen = 0;
    this.nrec = 0;
    this.planLen = 0;
    this.steps = out.p.steps;
    this.expanded = this.generated = this.backtracks = 0;
    this.against = request?.against ?? null;
    this.tie = 0;
    this.failure = '';
    if (this.tracing) this.trace.length = 0;
    return out;
  }

  /**
   * The ordered DFS. Hot state lives in locals and the common calls (static
   * primitives and compounds without opaque checks or subtask functions) run
   * inline on the domain's flat tables; everything else, and every call while
   * tracing or pruning against an MTR, goes through {@link expand}. Locals are
   * written back before and reloaded after each call into the general code.
   */
  private search(out: PlanBuffer, rootName: string, request: PlanRequest | undefined): HtnOutcome {
    const d = this.domain;
    const prog = d.fast.prog;
    const methodBase = d.fast.methodBase;
    const callStep = d.callStep;
    const S = d.staticCalls;
    const maxSteps = this.maxSteps;
    const values = this.ws.values;
    const words = this.ws.words;
    const W = this.W;
    const R = REC + W;
    const steps = this.steps;
    const inline = !this.tracing && this.against === null;
    let status: Status = 'found';
    let head = this.head, top = this.arenaTop, planLen = this.planLen, mtrLen = this.mtrLen, nrec = this.nrec;
    let nodes = this.nodes, rec = this.rec, mtr = this.mtr;
    let expanded = this.expanded;
    let call = 0;
    let m = -1; // >= 0: the methods of `call` from this index are still to try
    this.continuation = null;
    for (;;) {
      let ok = true;
      if (m < 0) {
        if (head === NIL) break;
        if (++expanded > maxSteps) {
          status = 'budget';
          this.failure = `step budget of ${maxSteps} exhausted`;
          break;
        }
        call = nodes[head * 2];
        head = nodes[head * 2 + 1];
        const c = call * CALL;
        const path = inline && call < S ? prog[c] : CallPath.General;
        if (path === CallPath.Primitive) {
          ok = holds(prog, prog[c + 1], prog[c + 2], values) && applyOps(prog, prog[c + 3], prog[c + 4], values, this.min, this.max);
          if (ok) steps[planLen++] = callStep[call]!;
        } else if (path === CallPath.Compound) {
          if (mtrLen >= this.maxDepth) {
            status = 'budget';
            this.failure = this.depthFailure(d.callTask[call]);
            break;
          }
          m = prog[c + 1];
        } else {
          this.head = head; this.arenaTop = top; this.planLen = planLen; this.mtrLen = mtrLen; this.nrec = nrec;
          const r = this.expand(call, rootName);
          head = this.head; top = this.arenaTop; planLen = this.planLen; mtrLen = this.mtrLen; nrec = this.nrec;
          nodes = this.nodes; rec = this.rec; mtr = this.mtr;
          if (r === BUDGET) status = 'budget';
          if (r === BUDGET || r === PAUSED) break;
          ok = r === OK;
        }
      }
      if (m >= 0) {
        const c = call * CALL;
        const end = prog[c + 2];
        let mo = methodBase + m * METHOD;
        while (m < end && !holds(prog, prog[mo], prog[mo + 1], values)) m++, (mo += METHOD);
        if (m < end) {
          if (m < end - 1) {
            // A decomposition point: the task list (head, arena top) and the state to return to.
            if (rec.length < (nrec + 1) * R) this.rec = rec = grow(rec, (nrec + 1) * R);
            const o = nrec++ * R;
            rec[o] = call;
            rec[o + 1] = m;
            rec[o + 2] = head;
            rec[o + 3] = top;
            rec[o + 4] = this.dynLen;
            rec[o + 5] = planLen;
            rec[o + 6] = mtrLen;
            rec[o + 7] = this.tie;
            for (let i = 0; i < W; i++) rec[o + REC + i] = words[i];
          }
          const first = prog[mo + 2];
          const last = prog[mo + 3];
          if ((top + last - first) * 2 > nodes.length) this.nodes = nodes = grow(nodes, (top + last - first) * 2);
          for (let i = last - 1; i >= first; i--, top++) {
            nodes[top * 2] = prog[i];
            nodes[top * 2 + 1] = head;
            head = top;
          }
          this.generated += last - first;
          if (mtrLen >= mtr.length) this.mtr = mtr = grow(mtr, mtrLen + 1);
          mtr[mtrLen++] = m - prog[c + 1];
          m = -1;
          continue;
        }
        m = -1;
        ok = false;
      }
      if (!ok) {
        const o = (nrec - 1) * R;
        if (inline && o >= 0 && rec[o] < S && prog[rec[o] * CALL] === CallPath.Compound) {
          // Chronological backtracking (004 §12.4), inline: restore the point, then try that compound's next method.
          nrec--;
          call = rec[o];
          m = rec[o + 1] + 1;
          head = rec[o + 2];
          top = rec[o + 3];
          this.dynLen = rec[o + 4];
          planLen = rec[o + 5];
          mtrLen = rec[o + 6];
          this.tie = rec[o + 7];
          for (let i = 0; i < W; i++) words[i] = rec[o + REC + i];
          this.backtracks++;
          continue;
        }
        this.head = head; this.arenaTop = top; this.planLen = planLen; this.mtrLen = mtrLen; this.nrec = nrec;
        const found = this.backtrack();
        head = this.head; top = this.arenaTop; planLen = this.planLen; mtrLen = this.mtrLen; nrec = this.nrec;
        nodes = this.nodes; rec = this.rec; mtr = this.mtr;
        if (!found) {
          status = 'none';
          break;
        }
      }
    }
    this.head = head; this.arenaTop = top; this.planLen = planLen; this.mtrLen = mtrLen; this.nrec = nrec;
    this.expanded = expanded;
    if (status === 'budget' && this.tracing) this.trace.push({ type: 'budget', reason: this.failure });
    return this.finish(out, status, rootName, this.continuation, request);
  }

  /** One task the general way: any call, with trace events and MTR pruning. */
  private expand(call: number, rootName: string): number {
    const d = this.domain;
    const task = this.taskOf(call);
    switch (d.taskKind[task]) {
      case TaskKind.Primitive:
        return this.addStep(this.stepOf(call, task)) ? OK : FAILED;
      case TaskKind.Compound:
        if (this.mtrLen >= this.maxDepth) {
          this.failure = this.depthFailure(task);
          return BUDGET;
        }
        return this.decompose(call, task, d.methodStart[task]) ? OK : FAILED;
      case TaskKind.Delegate:
        return this.delegate(call, task) ? OK : FAILED;
      default:
        if (this.planLen === 0 || this.head === NIL) return OK;
        this.continuation = this.pauseHere(rootName);
        return PAUSED;
    }
  }

  private depthFailure(task: number): string {
    return `depth limit of ${this.maxDepth} decompositions reached at task ${this.domain.taskNames[task]} (runaway recursion?)`;
  }

  private finish(out: PlanBuffer, status: 'found' | 'none' | 'budget', rootName: string, continuation: HtnContinuation | null, request: PlanRequest | undefined): HtnOutcome {
    const p = out.p;
    const o = out.o;
    const steps = p.steps;
    p.stats.expanded = this.expanded;
    p.stats.generated = this.generated;
    p.stats.backtracks = this.backtracks;
    o.status = status;
    if (status !== 'found') {
      if (steps.length !== 0) steps.length = 0;
      o.plan = null;
      o.reason = status === 'budget' ? this.failure : this.noneReason(rootName, request);
      return o;
    }
    if (steps.length !== this.planLen) steps.length = this.planLen;
    let cost = 0;
    for (let i = 0; i < this.planLen; i++) cost += steps[i].cost;
    p.cost = cost;
    const meta = p.meta;
    meta.root = rootName;
    const mtr = meta.mtr;
    for (let i = 0; i < this.mtrLen; i++) mtr[i] = this.mtr[i];
    if (mtr.length !== this.mtrLen) mtr.length = this.mtrLen;
    meta.partial = continuation !== null;
    meta.continuation = continuation;
    o.plan = p;
    o.reason = rootName;
    return o;
  }

  private noneReason(rootName: string, request: PlanRequest | undefined): string {
    const id = this.domain.taskId(rootName);
    const pruned = request?.against ? 1 : 0;
    const k = id < 0 ? -1 : id * 2 + pruned;
    if (k >= 0 && this.noneReasons[k] !== undefined) return this.noneReasons[k];
    const text = pruned
      ? `no plan for ${rootName} of equal or higher priority than the given MTR`
      : `no plan: no decomposition of ${rootName} is valid in this state`;
    if (k >= 0) this.noneReasons[k] = text;
    return text;
  }

  private taskOf(call: number): number {
    const S = this.domain.staticCalls;
    return call < S ? this.domain.callTask[call] : this.dynTask[call - S];
  }

  private argsOf(call: number): readonly unknown[] {
    const S = this.domain.staticCalls;
    return call < S ? this.domain.callArgs[call] : this.dynArgs[call - S];
  }

  private stepOf(call: number, task: number): PlanStep {
    return stepFor(this.domain, this.stepCache, call, task, this.argsOf(call));
  }


  private addStep(step: PlanStep): boolean {
    const ws = this.ws;
    // Most steps have no conditions or no expected effects: skip those calls outright.
    const failed = step.conditions.length === 0 ? -1 : firstFailing(step.conditions, ws, this.ctx);
    if (failed >= 0) {
      if (this.tracing) this.trace.push({ type: 'primitive-failed', task: step.task, condition: step.conditions.describe(failed) });
      return false;
    }
    if (
      (step.effects.length !== 0 && applyEffects(step.effects, ws, this.ctx, ChangeSource.Planning) >= 0) ||
      (step.expectedEffects.length !== 0 && applyEffects(step.expectedEffects, ws, this.ctx, ChangeSource.Planning) >= 0)
    ) {
      if (this.tracing) this.trace.push({ type: 'primitive-failed', task: step.task, condition: 'an effect leaves its range' });
      return false;
    }
    if (this.tracing) this.trace.push({ type: 'primitive', task: step.task, args: step.args });
    this.steps[this.planLen++] = step;
    return true;
  }

  /** Try methods of `task` from absolute method index `from`; on success push subtasks and record the point. */
  private decompose(call: number, task: number, from: number): boolean {
    const d = this.domain;
    const end = d.methodEnd[task];
    const first = d.methodStart[task];
    const depth = this.mtrLen;
    const ref = this.against;
    const bound = ref !== null && this.tie === depth && depth < ref.length ? first + ref[depth] : end - 1;
    for (let m = from; m < end; m++) {
      if (m > bound) {
        if (this.tracing) this.trace.push({ type: 'method-rejected', task: d.taskNames[task], method: d.methodNames[m], methodIndex: m - first, reason: 'pruned', condition: '' });
        break;
      }
      const conds = d.methodConds[m];
      const failed = conds.length === 0 ? -1 : firstFailing(conds, this.ws, this.ctx);
      if (failed >= 0) {
        if (this.tracing) this.trace.push({ type: 'method-rejected', task: d.taskNames[task], method: d.methodNames[m], methodIndex: m - first, reason: 'condition', condition: conds.describe(failed) });
        continue;
      }
      const head = this.head;
      const arena = this.arenaTop;
      const dyn = this.dynLen;
      const fn = d.methodFn[m];
      if (fn !== null) {
        const refs = fn(this.ws, this.ctx, this.argsOf(call));
        if (refs === null || refs === undefined) {
          if (this.tracing) this.trace.push({ type: 'method-rejected', task: d.taskNames[task], method: d.methodNames[m], methodIndex: m - first, reason: 'subtasks', condition: '' });
          continue;
        }
        this.pushRefs(refs, `the subtasks of method ${d.methodNames[m]} of task ${d.taskNames[task]}`);
      } else {
        this.pushStatic(d.subCalls, d.methodSubStart[m], d.methodSubEnd[m]);
      }
      if (m < end - 1 && m < bound) this.record(call, m, head, arena, dyn);
      this.growMtr(depth + 1);
      this.mtr[depth] = m - first;
      this.mtrLen = depth + 1;
      if (ref !== null && this.tie === depth && depth < ref.length && ref[depth] === m - first) this.tie = depth + 1;
      if (this.tracing) this.trace.push({ type: 'decompose', task: d.taskNames[task], method: d.methodNames[m], methodIndex: m - first, depth });
      return true;
    }
    if (this.tracing) this.trace.push({ type: 'no-method', task: d.taskNames[task] });
    return false;
  }

  private record(call: number, method: number, head: number, arena: number, dyn: number): void {
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
    const words = this.ws.words;
    for (let i = 0; i < this.W; i++) rec[o + REC + i] = words[i];
  }

  /** Restore the last decomposition point and try that compound's next method (004 §12.4). */
  private backtrack(): boolean {
    const R = REC + this.W;
    while (this.nrec > 0) {
      const o = --this.nrec * R;
      const rec = this.rec;
      const call = rec[o];
      const method = rec[o + 1];
      this.head = rec[o + 2];
      this.arenaTop = rec[o + 3];
      this.dynLen = rec[o + 4];
      this.planLen = rec[o + 5];
      this.mtrLen = rec[o + 6];
      this.tie = rec[o + 7];
      const words = this.ws.words;
      for (let i = 0; i < this.W; i++) words[i] = rec[o + REC + i];
      this.backtracks++;
      const task = this.taskOf(call);
      if (this.tracing) this.trace.push({ type: 'backtrack', task: this.domain.taskNames[task], fromMethod: method - this.domain.methodStart[task] });
      if (this.decompose(call, task, method + 1)) return true;
    }
    return false;
  }

  private delegate(call: number, task: number): boolean {
    const outcome = this.delegateFns[task]!(this.ws, this.ctx, this.argsOf(call));
    const plan = outcome.plan;
    if (this.tracing) {
      this.trace.push({ type: 'delegate', task: this.domain.taskNames[task], status: outcome.status, steps: plan ? plan.steps.length : 0, reason: outcome.reason });
    }
    if (outcome.status !== 'found' || plan === null) return false;
    const steps = plan.steps;
    for (let i = 0; i < steps.length; i++) {
      const schema = steps[i].conditions.schema;
      if (schema !== this.ws.schema && !this.compatible.has(schema)) {
        if (!sameLayout(schema, this.ws.schema)) {
          throw new DualplanError('SCHEMA_MISMATCH', this.domain.taskNames[task], `Delegate of task "${this.domain.taskNames[task]}" returned steps over a schema with a different layout.`);
        }
        this.compatible.add(schema);
      }
      if (!this.addStep(steps[i])) return false;
    }
    return true;
  }

  private pauseHere(root: string): HtnContinuation {
    const tasks: ContinuationTask[] = [];
    const S = this.domain.staticCalls;
    for (let n = this.head; n !== NIL; n = this.nodes[n * 2 + 1]) {
      const call = this.nodes[n * 2];
      tasks.push({ task: this.domain.taskNames[this.taskOf(call)], args: this.argsOf(call), call: call < S ? call : -1 });
    }
    if (this.tracing) this.trace.push({ type: 'pause', remaining: tasks.length });
    return { root, tasks, mtr: Array.from(this.mtr.subarray(0, this.mtrLen)) };
  }

  private push(call: number): void {
    const n = this.arenaTop++;
    if (n * 2 + 2 > this.nodes.length) this.nodes = grow(this.nodes, n * 2 + 2);
    this.nodes[n * 2] = call;
    this.nodes[n * 2 + 1] = this.head;
    this.head = n;
    this.generated++;
  }

  /** Push `calls[start..end)` so that `calls[start]` is processed first. */
  private pushStatic(calls: Int32Array, start: number, end: number): void {
    for (let i = end - 1; i >= start; i--) this.push(calls[i]);
  }

  private pushRefs(refs: readonly SubtaskDef[], where: string): void {
    const d = this.domain;
    for (let i = refs.length - 1; i >= 0; i--) {
      const ref = refs[i];
      let call: number;
      if (typeof ref === 'string') {
        const id = d.taskId(ref);
        if (id < 0) throw new UndefinedTaskError(ref, where);
        call = d.defaultCall[id];
      } else if ('pause' in ref) call = d.pauseCall;
      else {
        const id = d.taskId(ref.task);
        if (id < 0) throw new UndefinedTaskError(ref.task, where);
        call = ref.args === undefined ? d.defaultCall[id] : this.dynCall(id, ref.args);
      }
      this.push(call);
    }
  }

  private dynCall(task: number, args: readonly unknown[]): number {
    const i = this.dynLen++;
    this.dynTask[i] = task;
    this.dynArgs[i] = args ?? NO_ARGS;
    return this.domain.staticCalls + i;
  }

  private growMtr(n: number): void {
    if (n > this.mtr.length) this.mtr = grow(this.mtr, n);
  }
}

function budget(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !(value >= 1) || !Number.isFinite(value)) {
    throw new DualplanError('BAD_OPTION', name, `Planner option ${name} must be a finite number >= 1, got ${String(value)}.`);
  }
  return Math.floor(value);
}
