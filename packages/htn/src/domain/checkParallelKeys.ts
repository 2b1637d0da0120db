import { ParallelCheck, type ConditionList, type PlanStep } from '@dualplan/world-state';
import { TaskKind, type HtnDomain } from './HtnDomain.js';
import { PARALLEL_MARK } from './parallelTasks.js';

/**
 * @internal The compile-time half of the key-conflict rule for parallel task
 * `task`: over every task each branch can reach through static subtask lists
 * (every method of every compound, so a clash on any path counts), the branches
 * may not both write a key, and neither may write a key the other's conditions
 * (method conditions included) read. Subtask functions, delegates, slots and
 * parameterised steps are unknown until planning, where the planned steps are
 * checked again. Throws `PARALLEL_CONFLICT` naming both tasks and the key.
 * Returns whether the branches reach such tasks, so that plans need the check again.
 * @example
 * checkParallelKeys(domain, domain.taskId('TakeCover')); // false: every step is known now
 */
export function checkParallelKeys(d: HtnDomain, task: number): boolean {
  const m = d.methodStart[task];
  const from = d.methodSubStart[m] + 1;
  const to = d.methodSubEnd[m] - 1;
  let split = from;
  while (split < to && !isSplit(d, d.subCalls[split])) split++;
  const check = new ParallelCheck(d.schema);
  const known = { all: true };
  check.reset();
  const primary = Array.from(d.subCalls.subarray(from, split));
  const secondary = Array.from(d.subCalls.subarray(split + 1, to));
  reach(
    d,
    known,
    primary,
    (s) => {
      check.primaryReads(s.conditions, s.task);
      check.primaryReads(s.executing, s.task);
      check.primaryWrites(s.effects, s.task);
      check.primaryWrites(s.expectedEffects, s.task);
      return false;
    },
    (conds, name) => (check.primaryReads(conds, name), false),
  );
  const clash = reach(
    d,
    known,
    secondary,
    (s) =>
      check.secondaryReads(s.conditions, s.task) ||
      check.secondaryReads(s.executing, s.task) ||
      check.secondaryWrites(s.effects, s.task) ||
      check.secondaryWrites(s.expectedEffects, s.task),
    (conds, name) => check.secondaryReads(conds, name),
  );
  if (clash) throw check.error(d.taskNames[task]);
  return !known.all;
}

function isSplit(d: HtnDomain, call: number): boolean {
  const args = d.callArgs[call];
  return d.taskKind[d.callTask[call]] === TaskKind.Pause && args[0] === PARALLEL_MARK && args[1] === 1;
}

/**
 * @internal Visit the steps and method conditions reachable from `calls` (never entering compound `skip`; the
 * compounds met go into `seen`); stops (true) when a visit returns true. Clears `known.all` on meeting what only
 * planning knows: a subtask function, delegate, slot or parameterised step.
 * @example
 * reach(domain, { all: true }, calls, (step) => false, (conds, task) => false);
 */
export function reach(
  d: HtnDomain,
  known: { all: boolean },
  calls: number[],
  onStep: (step: PlanStep) => boolean,
  onMethod: (conds: ConditionList, task: string) => boolean,
  skip = -1,
  seen = new Set<number>(),
): boolean {
  const stack = calls.slice();
  while (stack.length > 0) {
    const c = stack.pop()!;
    const task = d.callTask[c];
    const kind = d.taskKind[task];
    if (kind === TaskKind.Primitive) {
      const step = d.callStep[c];
      if (step === null) known.all = false;
      if (step !== null && onStep(step)) return true;
    } else if (kind === TaskKind.Compound && task !== skip && !seen.has(task)) {
      seen.add(task);
      for (let m = d.methodStart[task]; m < d.methodEnd[task]; m++) {
        if (onMethod(d.methodConds[m], d.taskNames[task])) return true;
        if (d.methodFn[m] === null) for (let k = d.methodSubStart[m]; k < d.methodSubEnd[m]; k++) stack.push(d.subCalls[k]);
        else known.all = false;
      }
    } else if (kind === TaskKind.Delegate || kind === TaskKind.Slot) known.all = false;
  }
  return false;
}
