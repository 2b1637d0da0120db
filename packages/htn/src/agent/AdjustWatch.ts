import { CondOp, type ConditionList, type WorldState } from '@dualplan/world-state';
import { TaskKind, type HtnDomain } from '../domain/HtnDomain.js';

/**
 * @internal What plan adjustment watches: per adjustable compound, the state cells its subtree's conditions read
 * (methods and actions, through the compounds it reaches), and the state's change counts when the agent's plan was
 * last made or adjusted. A compound is touched when one of its cells changed since; a compound with an opaque
 * condition (a function, which may read anything) is touched by every change.
 */
export class AdjustWatch {
  /** Per task of the domain it was built for: the cells it reads, null when it reads anything; built on first use. */
  private cells = new Map<number, Int32Array | null>();
  private domain: HtnDomain | null = null;
  /** The state's change counts at the last {@link note}. */
  private seen = new Uint32Array(0);

  /** The state now is what the plan was made or adjusted on. */
  note(state: WorldState<any>): void {
    const counts = state.changeCounts;
    if (this.seen.length !== counts.length) this.seen = new Uint32Array(counts.length);
    this.seen.set(counts);
  }

  /** Whether a cell that compound `task` of `domain` reads changed on `state` since the last {@link note}. */
  touched(domain: HtnDomain, task: number, state: WorldState<any>): boolean {
    if (domain !== this.domain) {
      this.domain = domain;
      this.cells = new Map();
    }
    let cells = this.cells.get(task);
    if (cells === undefined) this.cells.set(task, (cells = readCells(domain, task)));
    const counts = state.changeCounts;
    if (cells === null || this.seen.length !== counts.length) return true;
    for (let i = 0; i < cells.length; i++) if (counts[cells[i]] !== this.seen[cells[i]]) return true;
    return false;
  }
}

/** The cells the conditions under compound `task` read (its methods, the compounds and actions they reach), or null when one is opaque. */
function readCells(d: HtnDomain, task: number): Int32Array | null {
  const cells = new Set<number>();
  const add = (list: ConditionList): boolean => {
    for (let i = 0; i < list.length; i++) {
      if (list.data[i * 3 + 1] === CondOp.Opaque) return false;
      cells.add(list.data[i * 3]);
    }
    return true;
  };
  const seen = new Set<number>([task]);
  const calls = new Set<number>();
  const stack = [task];
  while (stack.length > 0) {
    const t = stack.pop()!;
    for (let m = d.methodStart[t]; m < d.methodEnd[t]; m++) {
      if (!add(d.methodConds[m])) return null;
      for (let i = d.methodSubStart[m]; i < d.methodSubEnd[m]; i++) {
        const call = d.subCalls[i];
        const sub = d.callTask[call];
        if (d.taskKind[sub] === TaskKind.Compound) {
          if (!seen.has(sub)) stack.push(sub);
          seen.add(sub);
        } else if (d.taskKind[sub] === TaskKind.Primitive && !calls.has(call)) {
          calls.add(call);
          const step = d.callStep[call];
          if (step === null || !add(step.conditions)) return null;
        } else if (d.taskKind[sub] === TaskKind.Slot) return null;
      }
    }
  }
  return Int32Array.from(cells);
}
