import { AdjustableTaskError } from '../errors.js';
import { TaskKind, type HtnDomain } from './HtnDomain.js';

/**
 * @internal Throw {@link AdjustableTaskError} for a compound marked `adjustable` that cannot be planned again alone:
 * the root task, or one whose methods reach (through compounds) a subtask function, a delegate, a pause point or a
 * parallel task. Runs once when a domain compiles.
 * @example
 * checkAdjustable(domain); // throws BAD_ADJUSTABLE naming the compound and what it reaches
 */
export function checkAdjustable(d: HtnDomain): void {
  d.adjustable.forEach((flag, task) => {
    if (flag === 0) return;
    const name = d.taskNames[task];
    if (task === d.root) throw new AdjustableTaskError(name, 'it is the root task (planning the root again is a full replan)');
    const seen = new Set<number>([task]);
    const stack = [task];
    while (stack.length > 0) {
      const t = stack.pop()!;
      for (let m = d.methodStart[t]; m < d.methodEnd[t]; m++) {
        if (d.methodFn[m] !== null) throw new AdjustableTaskError(name, `method ${d.methodNames[m]} of ${d.taskNames[t]} computes its subtasks`);
        for (let i = d.methodSubStart[m]; i < d.methodSubEnd[m]; i++) {
          const call = d.subCalls[i];
          const sub = d.callTask[call];
          const kind = d.taskKind[sub];
          if (kind === TaskKind.Delegate) throw new AdjustableTaskError(name, `it reaches the delegate task ${d.taskNames[sub]}`);
          if (kind === TaskKind.Pause && call !== d.scopeEndCall)
            throw new AdjustableTaskError(name, `it reaches a ${call === d.pauseCall ? 'pause point' : 'parallel task'} (in ${d.taskNames[t]})`);
          if (kind === TaskKind.Compound && !seen.has(sub)) {
            seen.add(sub);
            stack.push(sub);
          }
        }
      }
    }
  });
}
