import { firstFailing } from '@dualplan/world-state';
import { BUDGET, NIL, OK, PAUSED, REC, type OrderedSearch } from './OrderedSearch.js';
import { CALL, CallPath, METHOD } from './FastTables.js';
import { TaskKind } from './HtnDomain.js';
import { BACKTRACK, DECOMPOSE, EFFECT_OUT_OF_RANGE, NO_METHOD, OUT_OF_BUDGET, PRIMITIVE, PRIMITIVE_FAILED, REJECT_CONDITION, REJECTED } from './HtnTraceLog.js';
import { applyOps, grow, holds } from './planningOps.js';

/** How an ordered search ended. */
export type SearchStatus = 'found' | 'none' | 'budget';

/**
 * The ordered DFS from the task list already pushed onto `s`. Hot state lives
 * in locals and the common calls (static primitives, and compounds without
 * opaque checks or subtask functions) run inline on the domain's flat tables;
 * everything else, and every call while pruning against an MTR, goes through
 * {@link OrderedSearch.expand}. Locals are written back before, and reloaded
 * after, each call into the general code. While tracing it writes the same trace
 * records as the general code, each behind one test of a local (`trace`, null
 * when not tracing); a failing condition's index is looked up only when one fails.
 */
export function searchFast(s: OrderedSearch, rootName: string): SearchStatus {
  const d = s.domain;
  const trace = s.tracing ? s.trace : null;
  const prog = d.fast.prog;
  const methodBase = d.fast.methodBase;
  const callStep = d.callStep;
  const defaultCall = d.defaultCall;
  const callTask = d.callTask;
  const callArgs = d.callArgs;
  const slotRoot = s.settings.slotRoot;
  const S = d.staticCalls;
  const maxSteps = s.maxSteps;
  const maxDepth = s.maxDepth;
  const values = s.ws.values;
  const words = s.ws.words;
  const min = s.min;
  const max = s.max;
  const W = s.W;
  const R = REC + W;
  const steps = s.steps;
  // Run-time checks follow scopes the inline path does not track: such domains run the general way.
  const inline = s.against === null && !d.hasChecks && !s.generalOnly;
  let status: SearchStatus = 'found';
  let head = s.head,
    top = s.arenaTop,
    planLen = s.planLen,
    mtrLen = s.mtrLen,
    nrec = s.nrec;
  let dynLen = s.calls.len,
    tie = s.tie,
    generated = s.generated,
    expanded = s.expanded,
    backtracks = s.backtracks;
  let nodes = s.nodes,
    rec = s.rec,
    mtr = s.mtr;
  // The chosen method's subtasks still to run, read straight from `prog` (prog[cur..curEnd)) in front of the
  // arena list; they move to the arena ("flush") only when another method is chosen or the general code runs.
  let cur = 0,
    curEnd = 0;
  let call = 0;
  let m = -1; // >= 0: the methods of `call` from this index are still to try
  let sb = -1; // >= 0 for a strategy compound: its try order's base in `order`, and `m` is a position in it
  const order = s.order;
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
        s.failure = s.settings.texts.steps;
        break;
      }
      let c = call * CALL;
      let path = inline && call < S ? prog[c] : CallPath.General;
      if (path === CallPath.Slot) {
        // A plugged slot is a call of its sub-domain's root (compiled into these tables); an empty one fails the general way.
        const root = slotRoot[prog[c + 1]];
        if (root < 0) path = CallPath.General;
        else {
          s.noteSlot(prog[c + 1]);
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
          else trace.put(PRIMITIVE_FAILED, step, held ? EFFECT_OUT_OF_RANGE : firstFailing(step.conditions, s.ws, s.ctx));
        }
      } else if (path === CallPath.Compound || path === CallPath.Strategy) {
        if (mtrLen >= maxDepth) {
          if (!s.depthCut) s.failure = s.settings.texts.depth(d.callTask[call]);
          if (!s.settings.depthBacktracks) {
            status = 'budget';
            break;
          }
          s.depthCut = true;
          ok = false;
        }
        // A strategy (random, utility) tries positions 0.. of the order it draws now; a plain compound its methods in order.
        if (!ok) {
          // Cut at the depth limit: fail this branch (below).
        } else if (path === CallPath.Strategy) {
          sb = order.draw(callTask[call], s.ws, s.ctx, callArgs[call], s.settings.random);
          m = 0;
        } else m = prog[c + 1];
      } else {
        if (cur < curEnd) {
          if ((top + curEnd - cur) * 2 > nodes.length) s.nodes = nodes = grow(nodes, (top + curEnd - cur) * 2);
          for (let i = curEnd - 1; i >= cur; i--, top++) {
            nodes[top * 2] = prog[i];
            nodes[top * 2 + 1] = head;
            head = top;
          }
          cur = curEnd;
        }
        s.head = head;
        s.arenaTop = top;
        s.planLen = planLen;
        s.mtrLen = mtrLen;
        s.nrec = nrec;
        s.calls.len = dynLen;
        s.tie = tie;
        s.generated = generated;
        s.backtracks = backtracks;
        const r = s.expand(call, rootName);
        head = s.head;
        top = s.arenaTop;
        planLen = s.planLen;
        mtrLen = s.mtrLen;
        nrec = s.nrec;
        dynLen = s.calls.len;
        tie = s.tie;
        generated = s.generated;
        backtracks = s.backtracks;
        nodes = s.nodes;
        rec = s.rec;
        mtr = s.mtr;
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
          if (trace !== null) trace.put(REJECTED, callTask[call], m, REJECT_CONDITION, firstFailing(d.methodConds[m], s.ws, s.ctx));
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
            trace.put(REJECTED, callTask[call], rejected, REJECT_CONDITION, firstFailing(d.methodConds[rejected], s.ws, s.ctx));
          }
          m++;
        }
        ok = m < k;
        more = m < k - 1;
      }
      if (!ok && trace !== null) trace.put(NO_METHOD, callTask[call]);
      if (ok) {
        if (cur < curEnd) {
          if ((top + curEnd - cur) * 2 > nodes.length) s.nodes = nodes = grow(nodes, (top + curEnd - cur) * 2);
          for (let i = curEnd - 1; i >= cur; i--, top++) {
            nodes[top * 2] = prog[i];
            nodes[top * 2 + 1] = head;
            head = top;
          }
        }
        if (more) {
          // A decomposition point: the task list (head, arena top) and the state to return to.
          if (rec.length < (nrec + 1) * R) s.rec = rec = grow(rec, (nrec + 1) * R);
          const o = nrec++ * R;
          rec[o] = call;
          rec[o + 1] = m;
          rec[o + 2] = head;
          rec[o + 3] = top;
          rec[o + 4] = dynLen;
          rec[o + 5] = planLen;
          rec[o + 6] = mtrLen;
          rec[o + 7] = tie;
          rec[o + 8] = sb;
          rec[o + 9] = order.top;
          rec[o + 10] = s.usedLen;
          rec[o + 11] = s.scope;
          rec[o + 12] = s.scopeTop;
          for (let i = 0; i < W; i++) rec[o + REC + i] = words[i];
        }
        cur = prog[mo + 2];
        curEnd = prog[mo + 3];
        generated += curEnd - cur;
        if (trace !== null) trace.put(DECOMPOSE, callTask[call], sb < 0 ? m : order.at(sb, m), mtrLen, curEnd - cur);
        if (mtrLen >= mtr.length) s.mtr = mtr = grow(mtr, mtrLen + 1);
        mtr[mtrLen++] = sb < 0 ? m - prog[c + 1] : m;
        m = sb = -1;
        continue;
      }
      m = sb = -1;
    }
    if (!ok) {
      cur = curEnd;
      const o = (nrec - 1) * R;
      if (inline && o >= 0 && rec[o] < S && (prog[rec[o] * CALL] === CallPath.Compound || prog[rec[o] * CALL] === CallPath.Strategy)) {
        // Chronological backtracking, inline: restore the latest decomposition point, then try that compound's next method
        // (a strategy's next position in the order it drew then, which the restored order top keeps).
        nrec--;
        call = rec[o];
        m = rec[o + 1] + 1;
        sb = rec[o + 8];
        head = rec[o + 2];
        top = rec[o + 3];
        dynLen = rec[o + 4];
        planLen = rec[o + 5];
        mtrLen = rec[o + 6];
        tie = rec[o + 7];
        order.top = rec[o + 9];
        s.usedLen = rec[o + 10];
        for (let i = 0; i < W; i++) words[i] = rec[o + REC + i];
        backtracks++;
        if (trace !== null) trace.put(BACKTRACK, callTask[call], (sb < 0 ? rec[o + 1] : order.at(sb, rec[o + 1])) - d.methodStart[callTask[call]]);
        continue;
      }
      s.head = head;
      s.arenaTop = top;
      s.planLen = planLen;
      s.mtrLen = mtrLen;
      s.nrec = nrec;
      s.calls.len = dynLen;
      s.tie = tie;
      s.generated = generated;
      s.backtracks = backtracks;
      const found = s.backtrack();
      head = s.head;
      top = s.arenaTop;
      planLen = s.planLen;
      mtrLen = s.mtrLen;
      nrec = s.nrec;
      dynLen = s.calls.len;
      tie = s.tie;
      generated = s.generated;
      backtracks = s.backtracks;
      nodes = s.nodes;
      rec = s.rec;
      mtr = s.mtr;
      if (!found) {
        status = s.depthCut ? 'budget' : 'none';
        break;
      }
    }
  }
  s.head = head;
  s.arenaTop = top;
  s.planLen = planLen;
  s.mtrLen = mtrLen;
  s.nrec = nrec;
  s.calls.len = dynLen;
  s.tie = tie;
  s.generated = generated;
  s.expanded = expanded;
  s.backtracks = backtracks;
  if (status === 'budget' && trace !== null) trace.put(OUT_OF_BUDGET, s.failure);
  return status;
}
