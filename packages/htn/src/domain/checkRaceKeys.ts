import { CondOp, EffOp, type ConditionList, type EffectList, type PlanStep } from '@dualplan/world-state';
import { reach } from './checkParallelKeys.js';
import { TaskKind, type HtnDomain } from './HtnDomain.js';
import { RaceEffectError } from '../errors.js';

/**
 * @internal The rule that makes a race plannable: the planner cannot know which branch of race `task` wins,
 * so no condition outside the race may read a key one of its branches writes (effects and expected effects).
 * "Outside" is every action and method reachable from a compound other than the race and the tasks only its
 * branches reach. Checked over static subtask lists, as the parallel key rule is; throws
 * {@link RaceEffectError} `RACE_EFFECT` naming the race, the key, the branch task that writes it and a task that reads it.
 * @example
 * checkRaceKeys(domain, domain.taskId('ShootOrTimeOut')); // throws when Attack reads a key the race writes
 */
export function checkRaceKeys(d: HtnDomain, task: number): void {
  const m = d.methodStart[task];
  const branches: number[] = [];
  for (let k = d.methodSubStart[m]; k < d.methodSubEnd[m]; k++) branches.push(d.subCalls[k]);
  // Which task of the race writes each key, and the compounds its branches reach.
  const writer = new Map<number, string>();
  const inside = new Set<number>();
  const known = { all: true };
  const writes = (step: PlanStep) => (noteWrites(step.effects, step.task, writer), noteWrites(step.expectedEffects, step.task, writer), false);
  reach(d, known, branches, writes, () => false, task, inside);
  if (writer.size === 0) return;
  const starts: number[] = [];
  for (let t = 0; t < d.taskKind.length; t++) {
    if (t !== task && d.taskKind[t] === TaskKind.Compound && !inside.has(t)) starts.push(d.defaultCall[t]);
  }
  let found: RaceEffectError | null = null;
  const reads = (list: ConditionList, name: string): boolean => {
    const data = list.data;
    for (let j = 0; j < data.length && found === null; j += 3) {
      const w = data[j + 1] === CondOp.Opaque ? undefined : writer.get(data[j]);
      if (w !== undefined) found = new RaceEffectError(d.taskNames[task], d.schema.nameOf(data[j]), w, name);
    }
    return found !== null;
  };
  reach(d, known, starts, (step) => reads(step.conditions, step.task) || reads(step.executing, step.task), reads, task);
  if (found !== null) throw found;
}

function noteWrites(list: EffectList, name: string, writer: Map<number, string>): void {
  const data = list.data;
  for (let j = 0; j < data.length; j += 4) if (data[j + 1] !== EffOp.Opaque && !writer.has(data[j])) writer.set(data[j], name);
}
