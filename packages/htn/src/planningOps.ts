import type { DynamicCosts } from './DynamicCosts.js';
import {
  applyEffects,
  ChangeSource,
  firstFailing,
  type ConditionList,
  type EffectList,
  type PlanStep,
  type Schema,
  type SubPlanner,
  type WorldState,
} from '@dualplan/world-state';
import { TaskKind, type DomainTables } from './HtnDomain.js';
import type { FailureTexts } from './FailureTexts.js';
import type { StepCache } from './StepCache.js';
import { CALL, CallPath, METHOD, type FastTables } from './FastTables.js';

/** The arguments of a call without any. */
export const NO_ARGS: readonly unknown[] = /* @__PURE__ */ Object.freeze([]);
/** The arguments of the pause-task call that closes a method's run-time check scope. */
export const SCOPE_END_ARGS: readonly unknown[] = /* @__PURE__ */ Object.freeze(['(end of checks)']);

/** @internal What a planner gives its searches, fixed for its lifetime. */
export interface SearchSettings<Ctx> {
  readonly maxSteps: number;
  readonly maxDepth: number;
  /** Reaching `maxDepth` fails the branch (backtracking) instead of stopping the search. */
  readonly depthBacktracks: boolean;
  /** Per task: the registered sub-planner of a delegate task, else null. */
  readonly delegates: readonly (SubPlanner<Ctx> | null)[];
  readonly steps: StepCache;
  readonly texts: FailureTexts;
  /** Function costs evaluated for the current plan, or null when all costs are numbers. */
  readonly costs: DynamicCosts | null;
  /** The planner's seeded generator, for `select: 'random'` (replaced by {@link HtnPlanner.reseed}). */
  random: () => number;
  /** Per slot index: the task id of the root of the sub-domain compiled in for that slot, or -1 when the slot is empty. */
  readonly slotRoot: Int32Array;
}

/** A copy of `a` with room for at least `n` entries (doubling), for scratch that grows only while warming up. */
export function grow(a: Int32Array, n: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(Math.max(n, a.length * 2));
  b.set(a);
  return b;
}

/** Two schemas whose cells mean the same thing (same names and ranges), so steps compiled on one run on the other. */
export function sameLayout(a: Schema, b: Schema): boolean {
  if (a.size !== b.size) return false;
  for (let c = 0; c < a.size; c++) if (a.cellNames[c] !== b.cellNames[c] || a.min[c] !== b.min[c] || a.max[c] !== b.max[c]) return false;
  return true;
}

/** The compiled tables {@link fastTables} reads. */
export type FastTableSource = Pick<
  DomainTables,
  | 'taskKind'
  | 'taskSelect'
  | 'callTask'
  | 'callStep'
  | 'methodStart'
  | 'methodEnd'
  | 'methodConds'
  | 'methodFn'
  | 'methodSubStart'
  | 'methodSubEnd'
  | 'subCalls'
  | 'slotOf'
  | 'callArgs'
>;

/** Flatten the static primitives and the methods of static compounds (the ordered search needs nothing else). */
export function fastTables(t: FastTableSource): FastTables {
  const { taskKind, taskSelect, callTask, callStep, methodStart, methodEnd, methodConds, methodFn, methodSubStart, methodSubEnd, subCalls, slotOf, callArgs } =
    t;
  const n = callTask.length;
  const methodBase = n * CALL;
  const prog: number[] = new Array(methodBase + methodConds.length * METHOD).fill(0);
  // Plain: no opaque test, and no `in` over a large enum (its mask lives in the list's set words): the rest is inlined as triples.
  const plain = (list: ConditionList | EffectList) => ('tests' in list ? !list.hasOpaque && list.sets.length === 0 : list.fns.length === 0);
  const append = (lists: readonly (ConditionList | EffectList)[], at: number) => {
    prog[at] = prog.length;
    for (const list of lists) for (let i = 0; i < list.data.length; i++) prog.push(list.data[i]);
    prog[at + 1] = prog.length;
  };
  for (let m = 0; m < methodConds.length; m++) {
    const o = methodBase + m * METHOD;
    if (methodFn[m] !== null || !plain(methodConds[m])) continue;
    append([methodConds[m]], o);
    prog[o + 2] = prog.length;
    for (let i = methodSubStart[m]; i < methodSubEnd[m]; i++) prog.push(subCalls[i]);
    prog[o + 3] = prog.length;
  }
  for (let c = 0; c < n; c++) {
    const task = callTask[c];
    const step = callStep[c];
    const o = c * CALL;
    if (step !== null) {
      if (!plain(step.conditions) || !plain(step.effects) || !plain(step.expectedEffects)) continue;
      prog[o] = CallPath.Primitive;
      append([step.conditions], o + 1);
      append([step.effects, step.expectedEffects], o + 3);
    } else if (taskKind[task] === TaskKind.Slot) {
      if (callArgs[c].length !== 0) continue;
      prog[o] = CallPath.Slot;
      prog[o + 1] = slotOf[task];
    } else if (taskKind[task] === TaskKind.Compound) {
      let simple = true;
      for (let m = methodStart[task]; m < methodEnd[task]; m++) if (methodFn[m] !== null || !plain(methodConds[m])) simple = false;
      if (!simple) continue;
      prog[o] = taskSelect[task] === 0 ? CallPath.Compound : CallPath.Strategy;
      prog[o + 1] = methodStart[task];
      prog[o + 2] = methodEnd[task];
    }
  }
  return { prog: Int32Array.from(prog), methodBase };
}

/** True when every condition `ops[start..end)` (triples) holds; the inline twin of `firstFailing` without opaque tests. */
export function holds(ops: Int32Array, start: number, end: number, values: ArrayLike<number>): boolean {
  for (let j = start; j < end; j += 3) {
    const x = values[ops[j]];
    const arg = ops[j + 2];
    switch (ops[j + 1]) {
      case 0:
        if (x !== arg) return false;
        break;
      case 1:
        if (x === arg) return false;
        break;
      case 2:
        if (!(x < arg)) return false;
        break;
      case 3:
        if (!(x <= arg)) return false;
        break;
      case 4:
        if (!(x > arg)) return false;
        break;
      case 5:
        if (!(x >= arg)) return false;
        break;
      default:
        if (((1 << x) & arg) === 0) return false;
    }
  }
  return true;
}

/** Apply effects `ops[start..end)` (quads) to planning values; false when an `error` edge refuses (like `applyEffects`). */
export function applyOps(
  ops: Int32Array,
  start: number,
  end: number,
  values: { [i: number]: number },
  min: ArrayLike<number>,
  max: ArrayLike<number>,
): boolean {
  for (let j = start; j < end; j += 4) {
    const cell = ops[j];
    let v = ops[j + 2];
    if (ops[j + 1] !== 0) {
      v += values[cell];
      if (v > max[cell]) {
        if (ops[j + 3] === 1) return false;
        v = max[cell];
      } else if (v < min[cell]) {
        if (ops[j + 3] === 1) return false;
        v = min[cell];
      }
    }
    values[cell] = v;
  }
  return true;
}

/** {@link applyStep} result: the step applied; anything >= 0 is the index of its first failing condition. */
export const APPLIED = -1;
/** {@link applyStep} result: an effect with an `error` edge policy left its range. */
export const OUT_OF_RANGE = -2;

/**
 * Check a step's conditions on the planning state and apply its effects and
 * expected effects: {@link APPLIED}, the failing condition's index, or
 * {@link OUT_OF_RANGE}. On failure the state may be half-changed: the caller restores it.
 */
export function applyStep(step: PlanStep, ws: WorldState<any>, ctx: unknown): number {
  // Most steps have no conditions or no expected effects: skip those calls outright.
  const failed = step.conditions.length === 0 ? -1 : firstFailing(step.conditions, ws, ctx);
  if (failed >= 0) return failed;
  if (
    (step.effects.length !== 0 && applyEffects(step.effects, ws, ctx, ChangeSource.Planning) >= 0) ||
    (step.expectedEffects.length !== 0 && applyEffects(step.expectedEffects, ws, ctx, ChangeSource.Planning) >= 0)
  ) {
    return OUT_OF_RANGE;
  }
  return APPLIED;
}
