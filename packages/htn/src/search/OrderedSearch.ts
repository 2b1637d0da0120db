import { firstFailing, type PlanStep, type WorldState } from '@dualplan/world-state';
import { TaskKind, type HtnDomain } from '../domain/HtnDomain.js';
import type { SubtaskDef } from '../domain/HtnDomainDef.js';
import { CALL, METHOD } from '../domain/FastTables.js';
import * as CallPath from '../domain/CallPath.js';
import type { DynamicCalls } from './DynamicCalls.js';
import type { SlotList } from './SlotList.js';
import type { HtnContinuation } from './HtnPlan.js';
import {
  BACKTRACK,
  DECOMPOSE,
  EFFECT_OUT_OF_RANGE,
  NO_METHOD,
  OUT_OF_BUDGET,
  PRIMITIVE,
  PRIMITIVE_FAILED,
  REJECTED,
  REJECT_CONDITION,
  type HtnTraceLog,
} from './HtnTraceLog.js';
import { applyOps, holds } from './flatOps.js';
import type { SearchSettings } from './SearchSettings.js';
import * as Rec from './decompositionRecord.js';
import type { SearchFaults } from './SearchFaults.js';
import { GeneralPath } from './GeneralPath.js';
import { BUDGET, OK, PAUSED } from './expandResult.js';
import { NIL } from './TaskList.js';

/** How an ordered search ended. */
export type SearchStatus = 'found' | 'none' | 'budget';

/**
 * @internal The ordered DFS: methods in order (or a strategy's drawn order), chronological backtracking, MTR
 * pruning against a running plan, pause points. {@link run} is the search loop; the common calls run inline in
 * it, the rest through {@link GeneralPath}, which owns the search's state (the loop holds the hottest of it in
 * locals while it runs and hands it back around each general call).
 */
export class OrderedSearch<Ctx = any> {
  private readonly general: GeneralPath<Ctx>;
  /** For tests: run every call the general way, which the inline paths must match (events included). */
  private generalOnly = false;
  // The last search's figures, settled when it stops (the general code's pushes and backtracks added), so the
  // planner's exit reads plain fields of this object.
  private expanded = 0;
  private generated = 0;
  private backtracks = 0;
  private planLength = 0;
  private paused: HtnContinuation | null = null;
  /** Calls made while planning (arguments, subtask functions, task lists): the planner makes a request's calls here. */
  readonly calls: DynamicCalls;
  /** User code that failed in this search (contained: the method, primitive or delegate fails, the search goes on). */
  readonly faults: SearchFaults;
  /** The empty slots this search tried (the plan depends on them staying empty). */
  readonly emptySlots: SlotList;
  /** The slots the last plan's path expanded. */
  readonly used: SlotList;

  constructor(
    private readonly domain: HtnDomain,
    private readonly settings: SearchSettings<Ctx>,
    trace: HtnTraceLog,
  ) {
    this.general = new GeneralPath(domain, settings, trace);
    this.calls = this.general.calls;
    this.faults = this.general.faults;
    this.emptySlots = this.general.emptySlots;
    this.used = this.general.used;
  }

  /** Why the last search stopped short: the step or depth budget's text ('' when it did not). */
  get failure(): string {
    return this.general.failure;
  }

  /** Where the last search paused (a plan up to a pause point), else null. */
  get continuation(): HtnContinuation | null {
    return this.paused;
  }

  /** Steps the last search planned (marker steps of parallel sections included), at the front of its steps array. */
  get stepCount(): number {
    return this.planLength;
  }

  /** Copy the last search's counters into a plan's stats. */
  writeStats(stats: { expanded: number; generated: number; backtracks: number }): void {
    stats.expanded = this.expanded;
    stats.generated = this.generated;
    stats.backtracks = this.backtracks;
  }

  /** Copy the last plan's method traversal record into `out` (in place: no allocation when it keeps its length). */
  writeMtr(out: number[]): void {
    this.general.trail.writeTo(out);
  }

  /** For tests: run every call the general way from now on (the inline paths must match it, trace events included). */
  generalPathOnly(): void {
    this.generalOnly = true;
  }

  /** Start a search from `state` with an empty task list. */
  reset(state: WorldState<any>, ctx: Ctx, steps: PlanStep[], against: readonly number[] | null, tracing: boolean): void {
    // Kept to one call: the planner's entry inlines it within V8's budget (run decides whether to run inline).
    this.general.reset(state, ctx, steps, against, tracing);
  }

  /** Put `call` at the front of the task list. */
  push(call: number): void {
    this.general.push(call);
  }

  /** Push subtask references so that `refs[0]` is processed first; `method` returned them (-1: the request's task list). */
  pushRefs(refs: readonly SubtaskDef[], method: number): void {
    this.general.pushRefs(refs, method);
  }

  /** Set the MTR (when resuming a continuation). */
  setMtr(m: readonly number[]): void {
    this.general.trail.set(m);
  }

  run(rootName: string): SearchStatus {
    const d = this.domain;
    const g = this.general;
    const tasks = g.tasks;
    const trail = g.trail;
    const order = g.order;
    const used = g.used;
    const calls = g.calls;
    const ws = g.ws;
    const trace = g.trace;
    const steps = g.plan;
    // Run-time checks follow scopes the inline path does not track, and a reference MTR prunes: such searches,
    // those with unavailable actions and domains with `once` actions (refused twice in one plan) run the general way.
    const inline = !this.generalOnly && !d.hasChecks && !d.hasOnce && !g.trail.pruning && !this.settings.unavailable.any;
    const prog = d.fast.prog;
    const methodBase = d.fast.methodBase;
    const callStep = d.callStep;
    const defaultCall = d.defaultCall;
    const callTask = d.callTask;
    const callArgs = d.callArgs;
    const slotRoot = this.settings.slotRoot;
    const S = d.staticCalls;
    const maxSteps = this.settings.maxSteps;
    const maxDepth = this.settings.maxDepth;
    const values = ws.values;
    const words = ws.words;
    const min = ws.schema.min;
    const max = ws.schema.max;
    const records = g.records;
    const R = records.width;
    let status: SearchStatus = 'found';
    let nodes = tasks.nodes,
      head = tasks.head,
      top = tasks.top,
      planLen = 0,
      mtr = trail.entries,
      mtrLen = trail.length;
    // A search starts (after reset) with no records and nothing counted: the loop's count of records goes to
    // `records` before each general call, as the dynamic calls' length to `calls`.
    let generated = 0,
      backtracks = 0,
      expanded = 0;
    let rec = records.buffer,
      nrec = 0,
      dynLen = calls.len;
    // The chosen method's subtasks still to run, read straight from `prog` (prog[cur..curEnd)) in front of the
    // arena list; they move to the arena ("flush") only when another method is chosen or the general code runs.
    let cur = 0,
      curEnd = 0;
    let call = 0;
    let m = -1; // >= 0: the methods of `call` from this index are still to try
    let sb = -1; // >= 0 for a strategy compound: its try order's base in `order`, and `m` is a position in it
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
          g.stopAtSteps();
          break;
        }
        let c = call * CALL;
        let path = inline && call < S ? prog[c] : CallPath.General;
        if (path === CallPath.Slot) {
          // A plugged slot is a call of its sub-domain's root (compiled into these tables); an empty one fails the general way.
          const root = slotRoot[prog[c + 1]];
          if (root < 0) path = CallPath.General;
          else {
            used.note(prog[c + 1]);
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
            else trace.put(PRIMITIVE_FAILED, step, held ? EFFECT_OUT_OF_RANGE : firstFailing(step.conditions, ws, g.context));
          }
        } else if (path === CallPath.Compound || path === CallPath.Strategy) {
          if (mtrLen >= maxDepth) {
            if (!g.cutAtDepth(callTask[call])) {
              status = 'budget';
              break;
            }
            ok = false;
          }
          // A strategy (random, utility) tries positions 0.. of the order it draws now; a plain compound its methods in order.
          if (!ok) {
            // Cut at the depth limit: fail this branch (below).
          } else if (path === CallPath.Strategy) {
            sb = order.draw(callTask[call], ws, g.context, callArgs[call], this.settings.random);
            m = 0;
          } else m = prog[c + 1];
        } else {
          if (cur < curEnd) {
            top = tasks.prepend(prog, cur, curEnd, head, top);
            head = top - 1;
            cur = curEnd;
          }
          // The general code reads and writes the search's state through its owners: hand ours back, then reload.
          tasks.moveTo(head, top);
          trail.truncate(mtrLen);
          g.truncatePlan(planLen);
          calls.rewind(dynLen);
          records.truncate(nrec);
          const r = g.expand(call, rootName);
          head = tasks.head;
          top = tasks.top;
          nodes = tasks.nodes;
          mtr = trail.entries;
          planLen = g.planLength;
          mtrLen = trail.length;
          dynLen = calls.len;
          rec = records.buffer;
          nrec = records.count;
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
            if (trace !== null) trace.put(REJECTED, callTask[call], m, REJECT_CONDITION, firstFailing(d.methodConds[m], ws, g.context));
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
              trace.put(REJECTED, callTask[call], rejected, REJECT_CONDITION, firstFailing(d.methodConds[rejected], ws, g.context));
            }
            m++;
          }
          ok = m < k;
          more = m < k - 1;
        }
        if (!ok && trace !== null) trace.put(NO_METHOD, callTask[call]);
        if (ok) {
          if (cur < curEnd) {
            top = tasks.prepend(prog, cur, curEnd, head, top);
            head = top - 1;
            nodes = tasks.nodes;
          }
          if (more) {
            // A decomposition point: the task list (head, arena top) and the state to return to. (The inline path has
            // no reference MTR, so nothing ties it, and no check scopes.)
            const o = nrec++ * R;
            if (rec.length < o + R) rec = records.room(o + R);
            rec[o + Rec.R_CALL] = call;
            rec[o + Rec.R_METHOD] = m;
            rec[o + Rec.R_HEAD] = head;
            rec[o + Rec.R_ARENA] = top;
            rec[o + Rec.R_DYN] = dynLen;
            rec[o + Rec.R_PLAN] = planLen;
            rec[o + Rec.R_MTR] = mtrLen;
            rec[o + Rec.R_TIE] = 0;
            rec[o + Rec.R_ORDER_BASE] = sb;
            rec[o + Rec.R_ORDER_TOP] = order.top;
            rec[o + Rec.R_USED] = used.count;
            rec[o + Rec.R_SCOPE] = NIL;
            rec[o + Rec.R_SCOPE_TOP] = 0;
            for (let i = Rec.REC; i < R; i++) rec[o + i] = words[i - Rec.REC];
          }
          cur = prog[mo + 2];
          curEnd = prog[mo + 3];
          generated += curEnd - cur;
          if (trace !== null) trace.put(DECOMPOSE, callTask[call], sb < 0 ? m : order.at(sb, m), mtrLen, curEnd - cur);
          if (mtrLen >= mtr.length) mtr = trail.room(mtrLen + 1);
          mtr[mtrLen++] = sb < 0 ? m - prog[c + 1] : m;
          m = sb = -1;
          continue;
        }
        m = sb = -1;
      }
      if (!ok) {
        cur = curEnd;
        const o = (nrec - 1) * R;
        const last = o >= 0 ? rec[o + Rec.R_CALL] : -1;
        if (inline && last >= 0 && last < S && (prog[last * CALL] === CallPath.Compound || prog[last * CALL] === CallPath.Strategy)) {
          // Chronological backtracking, inline: restore the latest decomposition point, then try that compound's next method
          // (a strategy's next position in the order it drew then, which the restored order top keeps).
          nrec--;
          order.rewind(rec[o + Rec.R_ORDER_TOP]);
          used.truncate(rec[o + Rec.R_USED]);
          for (let i = Rec.REC; i < R; i++) words[i - Rec.REC] = rec[o + i];
          call = last;
          m = rec[o + Rec.R_METHOD] + 1;
          sb = rec[o + Rec.R_ORDER_BASE];
          head = rec[o + Rec.R_HEAD];
          top = rec[o + Rec.R_ARENA];
          dynLen = rec[o + Rec.R_DYN];
          planLen = rec[o + Rec.R_PLAN];
          mtrLen = rec[o + Rec.R_MTR];
          trail.restore(mtrLen, rec[o + Rec.R_TIE]);
          backtracks++;
          if (trace !== null)
            trace.put(BACKTRACK, callTask[call], (sb < 0 ? rec[o + Rec.R_METHOD] : order.at(sb, rec[o + Rec.R_METHOD])) - d.methodStart[callTask[call]]);
          continue;
        }
        tasks.moveTo(head, top);
        trail.truncate(mtrLen);
        g.truncatePlan(planLen);
        calls.rewind(dynLen);
        records.truncate(nrec);
        const found = g.backtrack();
        head = tasks.head;
        top = tasks.top;
        nodes = tasks.nodes;
        mtr = trail.entries;
        planLen = g.planLength;
        mtrLen = trail.length;
        dynLen = calls.len;
        rec = records.buffer;
        nrec = records.count;
        if (!found) {
          status = g.cutAtDepthLimit ? 'budget' : 'none';
          break;
        }
      }
    }
    // What the result reads goes back to its owners; the task list, dynamic calls and records are the next reset's.
    trail.truncate(mtrLen);
    g.truncatePlan(planLen);
    this.expanded = expanded;
    this.generated = generated + g.generatedCount;
    this.backtracks = backtracks + g.backtrackCount;
    this.planLength = planLen;
    this.paused = g.continuation;
    if (status === 'budget' && trace !== null) trace.put(OUT_OF_BUDGET, g.failure);
    return status;
  }
}
