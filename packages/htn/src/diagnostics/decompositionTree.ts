import type { PlanStep } from '@dualplan/world-state';
import { Select, TaskKind, type HtnDomain } from '../domain/HtnDomain.js';

/** One compound decomposed in a plan: which method, where its steps and MTR entries are. */
export interface DecomposedCompound {
  /** The compound's task id in the domain the plan was made over. */
  readonly task: number;
  readonly args: readonly unknown[];
  /** The method chosen (an absolute method index). */
  readonly method: number;
  /** The compound it is a subtask of (an index into the tree's `compounds`), or -1 at the top. */
  readonly parent: number;
  /** Its steps are `steps[start .. end)` (none when equal). */
  readonly start: number;
  readonly end: number;
  /** Its subtree's MTR entries are `mtr[mtrAt .. mtrEnd)`, its own first. */
  readonly mtrAt: number;
  readonly mtrEnd: number;
}

/** A plan's decomposition: every compound decomposed, and the compound each step is a subtask of (-1: none). */
export interface DecompositionTree {
  readonly compounds: readonly DecomposedCompound[];
  readonly stepParent: Int32Array;
}

/** What {@link decompositionTree} needs besides the domain: the root, the plan, and where a plugged slot leads. */
export interface TreeSource {
  readonly root: number;
  readonly rootArgs: readonly unknown[];
  readonly steps: readonly PlanStep[];
  readonly mtr: readonly number[];
  /** The root task a plugged slot plans as (a task id of the domain), or -1 when the slot is empty. */
  slotRoot(task: number): number;
}

interface Item {
  readonly task: number;
  readonly args: readonly unknown[];
  /** The compound the item is a subtask of; for a closing item, the compound it closes. */
  readonly owner: number;
  readonly closes: boolean;
  readonly next: Item | null;
}

type Open = { task: number; args: readonly unknown[]; method: number; parent: number; start: number; end: number; mtrAt: number; mtrEnd: number };

/** Steps of the replay before it gives up (it backtracks only over strategy compounds, so it needs few). */
const BUDGET = 20_000;

/**
 * Rebuild a plan's decomposition tree from its root, its MTR and its steps: replay the methods the MTR names over
 * the domain's static subtask lists, matching each primitive against the next step. A strategy compound (random,
 * utility) records a position in an order drawn while planning, so each of its methods is tried and the steps
 * decide. Returns null when the plan cannot be replayed this way: a method computes its subtasks, a delegate or a
 * parallel task planned part of it, or it does not match (a plan resumed from a continuation).
 * @example
 * const tree = decompositionTree(domain, { root: domain.root, rootArgs: [], steps: plan.steps, mtr: plan.meta.mtr, slotRoot: () => -1 });
 * tree?.compounds.map((c) => domain.taskNames[c.task]); // ['BeTrunkThumper', 'AttackEnemy']
 */
export function decompositionTree(domain: HtnDomain, source: TreeSource): DecompositionTree | null {
  const { steps, mtr } = source;
  const open: Open[] = [];
  const stepParent = new Int32Array(steps.length).fill(-1);
  let budget = BUDGET;
  let unsupported = false;

  const go = (list: Item | null, si: number, mi: number): boolean => {
    if (--budget < 0 || unsupported) return false;
    if (si === steps.length && mi === mtr.length) {
      // Done, or the plan stopped at a pause point: compounds still open end here.
      for (let it = list; it !== null; it = it.next) if (it.closes) close(it.owner, si, mi);
      return true;
    }
    if (list === null) return false;
    const { task, args, owner, next } = list;
    if (list.closes) {
      close(owner, si, mi);
      return go(next, si, mi);
    }
    switch (domain.taskKind[task]) {
      case TaskKind.Primitive: {
        if (si >= steps.length) return false;
        const step = steps[si];
        if (step.task !== domain.taskNames[task] || !sameArgs(step.args, args)) return false;
        stepParent[si] = owner;
        return go(next, si + 1, mi);
      }
      case TaskKind.Compound:
        return compound(task, args, owner, next, si, mi);
      case TaskKind.Slot: {
        const root = source.slotRoot(task);
        if (root < 0) return false;
        return compound(root, args.length === 0 ? domain.callArgs[domain.defaultCall[root]] : args, owner, next, si, mi);
      }
      case TaskKind.Pause:
        // A pause point, or the end of a checked method's scope: no step, no MTR entry. A parallel marker is a step.
        if (si < steps.length && steps[si].task === domain.taskNames[task] && sameArgs(steps[si].args, args)) {
          unsupported = true;
          return false;
        }
        return go(next, si, mi);
      default:
        unsupported = true;
        return false;
    }
  };

  const close = (index: number, si: number, mi: number) => {
    open[index].end = si;
    open[index].mtrEnd = mi;
  };

  const compound = (task: number, args: readonly unknown[], owner: number, next: Item | null, si: number, mi: number): boolean => {
    if (mi >= mtr.length) return false;
    const first = domain.methodStart[task];
    const strategy = domain.taskSelect[task] !== Select.First;
    const from = strategy ? first : first + mtr[mi];
    const to = strategy ? domain.methodEnd[task] : Math.min(from + 1, domain.methodEnd[task]);
    const index = open.length;
    for (let m = from; m < to; m++) {
      if (domain.methodFn[m] !== null) {
        unsupported = true;
        return false;
      }
      open.length = index;
      open.push({ task, args, method: m, parent: owner, start: si, end: si, mtrAt: mi, mtrEnd: mi + 1 });
      let list: Item | null = { task: -1, args, owner: index, closes: true, next };
      for (let i = domain.methodSubEnd[m] - 1; i >= domain.methodSubStart[m]; i--) {
        const call = domain.subCalls[i];
        list = { task: domain.callTask[call], args: domain.callArgs[call], owner: index, closes: false, next: list };
      }
      if (go(list, si, mi + 1)) return true;
      if (unsupported) return false;
    }
    open.length = index;
    return false;
  };

  const root: Item = { task: source.root, args: source.rootArgs, owner: -1, closes: false, next: null };
  if (source.root < 0 || !go(root, 0, 0)) return null;
  return { compounds: open, stepParent };
}

/**
 * The compounds a step is part of, lowest first (indices into `tree.compounds`).
 * @example
 * compoundsAbove(tree, 3).map((c) => domain.taskNames[tree.compounds[c].task]); // ['AttackEnemy', 'AttackEnemy', 'BeTrunkThumper']
 */
export function compoundsAbove(tree: DecompositionTree, step: number): number[] {
  const out: number[] = [];
  for (let c = step < tree.stepParent.length ? tree.stepParent[step] : -1; c >= 0; c = tree.compounds[c].parent) out.push(c);
  return out;
}

function sameArgs(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}
