import { CondOp, EffOp, type ConditionList, type EffectList } from '@dualplan/world-state';
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
  // Which task of the race writes each key.
  const writer = new Map<number, string>();
  const inside = walk(d, branches, task, (list, name) => noteWrites(list, name, writer), null);
  if (writer.size === 0) return;
  const starts: number[] = [];
  for (let t = 0; t < d.taskKind.length; t++) {
    if (t !== task && d.taskKind[t] === TaskKind.Compound && !inside.has(t)) starts.push(d.defaultCall[t]);
  }
  let found: RaceEffectError | null = null;
  walk(d, starts, task, null, (list, name) => {
    const data = list.data;
    for (let j = 0; j < data.length && found === null; j += 3) {
      const w = data[j + 1] === CondOp.Opaque ? undefined : writer.get(data[j]);
      if (w !== undefined) found = new RaceEffectError(d.taskNames[task], d.schema.nameOf(data[j]), w, name);
    }
    return found !== null;
  });
  if (found !== null) throw found;
}

function noteWrites(list: EffectList, name: string, writer: Map<number, string>): void {
  const data = list.data;
  for (let j = 0; j < data.length; j += 4) if (data[j + 1] !== EffOp.Opaque && !writer.has(data[j])) writer.set(data[j], name);
}

/**
 * Visit what `calls` reach through static subtask lists, never entering compound `skip`: each step's effects
 * (`onWrites`) and the conditions of steps and methods (`onReads`, which stops the walk by returning true).
 * Returns the compounds reached.
 */
function walk(
  d: HtnDomain,
  calls: number[],
  skip: number,
  onWrites: ((list: EffectList, name: string) => void) | null,
  onReads: ((list: ConditionList, name: string) => boolean) | null,
): Set<number> {
  const seen = new Set<number>();
  const stack = calls.slice();
  while (stack.length > 0) {
    const c = stack.pop()!;
    const t = d.callTask[c];
    const kind = d.taskKind[t];
    if (kind === TaskKind.Primitive) {
      const step = d.callStep[c];
      if (step === null) continue;
      if (onWrites !== null) {
        onWrites(step.effects, step.task);
        onWrites(step.expectedEffects, step.task);
      }
      if (onReads !== null && (onReads(step.conditions, step.task) || onReads(step.executing, step.task))) break;
    } else if (kind === TaskKind.Compound && t !== skip && !seen.has(t)) {
      seen.add(t);
      for (let m = d.methodStart[t]; m < d.methodEnd[t]; m++) {
        if (onReads !== null && onReads(d.methodConds[m], d.taskNames[t])) return seen;
        if (d.methodFn[m] === null) for (let k = d.methodSubStart[m]; k < d.methodSubEnd[m]; k++) stack.push(d.subCalls[k]);
      }
    }
  }
  return seen;
}
