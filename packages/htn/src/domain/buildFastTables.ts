import type { ConditionList, EffectList } from '@dualplan/world-state';
import { TaskKind, type DomainTables } from './HtnDomain.js';
import { CALL, METHOD, type FastTables } from './FastTables.js';
import * as CallPath from './CallPath.js';

/** The compiled tables {@link buildFastTables} reads. */
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
export function buildFastTables(t: FastTableSource): FastTables {
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
