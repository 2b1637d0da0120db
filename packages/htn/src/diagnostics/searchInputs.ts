import { EffOp, type ConditionList, type EffectList } from '@dualplan/world-state';
import { Select, TaskKind, type HtnDomain } from '../domain/HtnDomain.js';

/** @internal What an ordered search of a domain reads (see {@link searchInputs}). */
export interface SearchInputs {
  /** What the searches may read besides the state's values, in words; '' when nothing. */
  readonly beyondState: string;
  /** The cells whose start values a search can read (through a condition, or an effect that adds to a cell), ascending. */
  readonly cells: Int32Array;
}

const known = new WeakMap<HtnDomain, SearchInputs>();

/**
 * @internal What an ordered search of `d` reads. When it reads nothing but the world state's values (every
 * condition and effect is declarative, costs are fixed, subtasks are static lists, methods are taken in order or
 * by fixed scores, and no delegate plans for it), planning again from a state with the same values in `cells`
 * makes the same search: a monitor's trace of one search stands for every such search (`htnAgentPlanner` then
 * traces a search only the first time it meets those values). Decided once per domain.
 */
export function searchInputs(d: HtnDomain): SearchInputs {
  let inputs = known.get(d);
  if (inputs === undefined) known.set(d, (inputs = inspect(d)));
  return inputs;
}

function inspect(d: HtnDomain): SearchInputs {
  const read = new Set<number>();
  const beyondState = readsBeyondState(d);
  if (beyondState === '') {
    for (const conds of d.methodConds) addConditions(read, conds);
    for (const step of d.callStep) {
      if (step === null) continue;
      addConditions(read, step.conditions);
      addEffects(read, step.effects);
      addEffects(read, step.expectedEffects);
    }
  }
  return { beyondState, cells: Int32Array.from([...read].sort((a, b) => a - b)) };
}

function readsBeyondState(d: HtnDomain): string {
  for (let m = 0; m < d.methodNames.length; m++) {
    if (d.methodConds[m].hasOpaque) return `method ${d.methodNames[m]} has a condition given as a function`;
    if (d.methodFn[m] !== null) return `method ${d.methodNames[m]} computes its subtasks with a function`;
    if (d.methodUtility[m] !== null) return `method ${d.methodNames[m]} has a utility function`;
  }
  for (let t = 0; t < d.taskNames.length; t++) {
    if (d.delegateNames[t] !== null) return `task ${d.taskNames[t]} is planned by a delegate`;
    if (d.costFns[t] !== null) return `task ${d.taskNames[t]} has a cost function`;
    if (d.taskKind[t] === TaskKind.Compound && d.taskSelect[t] === Select.Random) return `task ${d.taskNames[t]} picks its method at random`;
  }
  for (const step of d.callStep) {
    if (step !== null && (step.conditions.hasOpaque || step.effects.hasOpaque || step.expectedEffects.hasOpaque))
      return `task ${step.task} has a condition or effect given as a function`;
  }
  return '';
}

function addConditions(read: Set<number>, conds: ConditionList): void {
  for (let i = 0; i < conds.data.length; i += 3) read.add(conds.data[i]);
}

/** An effect that adds to a cell reads it (its result, and whether it stays in range, depend on the value). */
function addEffects(read: Set<number>, effects: EffectList): void {
  for (let i = 0; i < effects.data.length; i += 4) if (effects.data[i + 1] === EffOp.Add) read.add(effects.data[i]);
}
