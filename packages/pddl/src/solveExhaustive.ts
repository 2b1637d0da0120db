import { Heap } from 'heap-js';
import { DualplanError } from '@dualplan/world-state';
import type { GroundTask } from './GroundAction.js';

/** The optimal plan found by {@link solveExhaustive}: ground action indices and their total cost. */
export interface ExhaustiveResult {
  readonly cost: number;
  readonly actions: readonly number[];
  /** States popped (each once). */
  readonly expanded: number;
}

/** Budgets of the exhaustive optimal-cost search. */
export interface ExhaustiveOptions {
  /** Give up (throwing a `BUDGET` error) after storing this many states. Default 1 000 000. */
  readonly maxStates?: number;
  /** Only plans of at most this many actions (the search then tells states apart by depth too). */
  readonly maxLength?: number;
}

interface Entry {
  readonly g: number;
  readonly key: string;
}

/**
 * The optimal cost of a ground task by uniform-cost search over full STRIPS
 * states (deletes, then adds), independent of the GOAP encoding: the reference
 * the property tests check planners against. Returns null when no plan exists
 * (within `maxLength`). For small instances only: every state is stored.
 * @example
 * solveExhaustive(groundTask(domain, problem))?.cost; // 11 for gripper with 4 balls
 */
export function solveExhaustive(task: GroundTask, options: ExhaustiveOptions = {}): ExhaustiveResult | null {
  const maxStates = options.maxStates ?? 1_000_000;
  const maxLength = options.maxLength ?? Infinity;
  const words = Math.max(1, Math.ceil(task.atoms.length / 32));
  const start = new Uint32Array(words);
  for (const a of task.init) start[a >>> 5] |= 1 << (a & 31);
  const has = (s: Uint32Array, a: number) => (s[a >>> 5] & (1 << (a & 31))) !== 0;
  const bounded = Number.isFinite(maxLength);
  const keyOf = (s: Uint32Array, depth: number) => (bounded ? `${s.join(',')}@${depth}` : s.join(','));
  const nodes = new Map<string, { g: number; state: Uint32Array; depth: number; parent: string | null; action: number; closed: boolean }>();
  const open = new Heap<Entry>((x, y) => x.g - y.g);
  const k0 = keyOf(start, 0);
  nodes.set(k0, { g: 0, state: start, depth: 0, parent: null, action: -1, closed: false });
  open.push({ g: 0, key: k0 });
  let expanded = 0;
  for (let e = open.pop(); e; e = open.pop()) {
    const node = nodes.get(e.key)!;
    if (node.closed || e.g > node.g) continue;
    node.closed = true;
    expanded++;
    const s = node.state;
    if (task.goal.every((a) => has(s, a)) && task.goalNeg.every((a) => !has(s, a))) {
      const actions: number[] = [];
      for (let n = node; n.parent !== null; n = nodes.get(n.parent)!) actions.push(n.action);
      return { cost: node.g, actions: actions.reverse(), expanded };
    }
    if (node.depth >= maxLength) continue;
    task.actions.forEach((act, i) => {
      if (!act.pre.every((a) => has(s, a)) || act.preNeg.some((a) => has(s, a))) return;
      const next = s.slice();
      for (const d of act.del) next[d >>> 5] &= ~(1 << (d & 31));
      for (const a of act.add) next[a >>> 5] |= 1 << (a & 31);
      const key = keyOf(next, node.depth + 1);
      const g = node.g + act.cost;
      const old = nodes.get(key);
      if (old && old.g <= g) return;
      if (!old && nodes.size >= maxStates)
        throw new DualplanError('BUDGET', task.problem, `solveExhaustive: more than ${maxStates} states in "${task.problem}"; use a smaller instance.`);
      nodes.set(key, { g, state: next, depth: node.depth + 1, parent: e.key, action: i, closed: false });
      open.push({ g, key });
    });
  }
  return null;
}
