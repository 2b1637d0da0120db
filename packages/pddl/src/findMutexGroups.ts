import { Heap } from 'heap-js';
import type { GroundTask } from './GroundAction.js';

/**
 * A set of atoms of which at most one is true in every reachable state (and
 * exactly one when `exactlyOne`), as found by {@link findMutexGroups}.
 */
export interface MutexGroup {
  /** The invariant's pattern with `*` for the counted argument, e.g. `(at ball1 *) (carry ball1 *)`. */
  readonly name: string;
  /** Atom ids, in id order. */
  readonly atoms: readonly number[];
  readonly exactlyOne: boolean;
}

/** One predicate of an invariant candidate, with the argument it counts over (-1: none). */
interface Part {
  readonly pred: string;
  readonly omit: number;
}

interface AtomInfo {
  readonly pred: string;
  readonly args: readonly string[];
}

const MAX_CANDIDATES = 2000;

/**
 * Find mutex groups by invariant synthesis in the style of Helmert's
 * translator: a candidate says "for each binding of the fixed arguments, at
 * most one atom of these predicates is true". It is proved when it holds
 * initially and every action that adds such an atom also deletes one it
 * requires (so the count never grows); an action that breaks it suggests the
 * predicate to add to the candidate (`handempty` grows into `handempty` +
 * `holding *`). Then the groups are chosen greedily, largest first, so each
 * atom belongs to at most one group. A group is only kept when every action
 * deleting one of its atoms requires that atom or adds another of the group:
 * then an enum cell can encode it without conditional effects.
 * @example
 * const groups = findMutexGroups(groundTask(domain, problem));
 * groups[0].name; // '(at ball1 *) (carry ball1 *)'
 */
export function findMutexGroups(task: GroundTask): MutexGroup[] {
  const info: AtomInfo[] = task.atoms.map((a) => {
    const words = a.slice(1, -1).split(' ');
    return { pred: words[0], args: words.slice(1) };
  });
  const arity = new Map<string, number>();
  for (const a of info) arity.set(a.pred, a.args.length);
  const queue: Part[][] = [];
  const seen = new Set<string>();
  const push = (parts: Part[]) => {
    const sorted = parts.slice().sort((x, y) => (x.pred < y.pred ? -1 : x.pred > y.pred ? 1 : x.omit - y.omit));
    const key = sorted.map((p) => `${p.pred}/${p.omit}`).join(' ');
    if (!seen.has(key) && seen.size < MAX_CANDIDATES) {
      seen.add(key);
      queue.push(sorted);
    }
  };
  for (const [pred, n] of arity) for (let omit = -1; omit < n; omit++) push([{ pred, omit }]);
  const proved: Part[][] = [];
  while (queue.length) {
    const cand = queue.shift()!;
    const verdict = check(task, info, cand, arity);
    if (verdict === true) proved.push(cand);
    else for (const extra of verdict) push([...cand, extra]);
  }
  return chooseGroups(task, info, proved);
}

/** The fixed-argument key of an atom under a candidate, or null when no part matches. */
function bindingOf(parts: readonly Part[], a: AtomInfo): string | null {
  for (const p of parts) if (p.pred === a.pred) return a.args.filter((_, i) => i !== p.omit).join(' ');
  return null;
}

/** `true` when the candidate is an invariant; else the parts that might repair it (none: reject). */
function check(task: GroundTask, info: readonly AtomInfo[], cand: readonly Part[], arity: ReadonlyMap<string, number>): true | Part[] {
  const init = new Map<string, number>();
  for (const a of task.init) {
    const v = bindingOf(cand, info[a]);
    if (v !== null && (init.get(v) ?? 0) + 1 > 1) return [];
    if (v !== null) init.set(v, 1);
  }
  for (const act of task.actions) {
    const adds = new Map<string, number[]>();
    for (const q of act.add) {
      const v = bindingOf(cand, info[q]);
      if (v !== null) adds.set(v, [...(adds.get(v) ?? []), q]);
    }
    for (const [v, qs] of adds) {
      if (qs.length > 1) return []; // adds two atoms of one group: no extension helps
      if (act.pre.includes(qs[0])) continue; // already true, so nothing else of the group is
      if (act.pre.some((p) => act.del.includes(p) && bindingOf(cand, info[p]) === v)) continue; // swaps one for another
      const repairs: Part[] = [];
      for (const p of act.pre) {
        if (!act.del.includes(p) || cand.some((c) => c.pred === info[p].pred)) continue;
        const n = arity.get(info[p].pred)!;
        for (let omit = -1; omit < n; omit++) {
          if (n - (omit >= 0 ? 1 : 0) !== v.split(' ').filter(Boolean).length) continue;
          if (info[p].args.filter((_, i) => i !== omit).join(' ') === v) repairs.push({ pred: info[p].pred, omit });
        }
      }
      return repairs;
    }
  }
  return true;
}

function chooseGroups(task: GroundTask, info: readonly AtomInfo[], proved: readonly Part[][]): MutexGroup[] {
  const touch = atomIndex(task);
  // Every instance of every invariant, keeping those an enum cell can encode.
  const instances: { name: string; atoms: number[]; size: number }[] = [];
  for (const cand of proved) {
    const byBinding = new Map<string, number[]>();
    info.forEach((a, id) => {
      const v = bindingOf(cand, a);
      if (v === null) return;
      const list = byBinding.get(v);
      if (list) list.push(id);
      else byBinding.set(v, [id]);
    });
    for (const [v, atoms] of byBinding) {
      if (atoms.length < 2 || !encodable(task, touch, new Set(atoms))) continue;
      const fixed = v === '' ? [] : v.split(' ');
      const name = cand
        .filter((p) => atoms.some((a) => info[a].pred === p.pred)) // parts with atoms only
        .map((p) => {
          const args = fixed.slice();
          if (p.omit >= 0) args.splice(p.omit, 0, '*');
          return args.length ? `(${p.pred} ${args.join(' ')})` : `(${p.pred})`;
        })
        .join(' ');
      instances.push({ name, atoms, size: atoms.length });
    }
  }
  // Greedy cover, largest uncovered part first: a heap with lazy re-scoring (a popped instance whose atoms were
  // partly covered since goes back with its new size), so choosing costs n log n, not a sort per choice.
  const covered = new Uint8Array(task.atoms.length);
  const groups: MutexGroup[] = [];
  const pool = new Heap<(typeof instances)[number]>((x, y) => y.size - x.size || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
  pool.init(instances);
  for (let top = pool.pop(); top !== undefined; top = pool.pop()) {
    const free = top.atoms.filter((a) => !covered[a]);
    if (free.length !== top.size) {
      top.size = free.length;
      if (free.length >= 2) pool.push(top);
      continue;
    }
    for (const a of free) covered[a] = 1;
    groups.push({ name: top.name, atoms: free, exactlyOne: exactlyOne(task, touch, new Set(free)) });
  }
  return groups;
}

/** Per atom, the actions that delete it, and whether it is true initially. */
interface AtomIndex {
  readonly deletedBy: readonly number[][];
  readonly initially: Uint8Array;
}

function atomIndex(task: GroundTask): AtomIndex {
  const deletedBy: number[][] = task.atoms.map(() => []);
  task.actions.forEach((a, i) => {
    for (const d of a.del) deletedBy[d].push(i);
  });
  const initially = new Uint8Array(task.atoms.length);
  for (const a of task.init) initially[a] = 1;
  return { deletedBy, initially };
}

/** Every action deleting an atom of the group requires it or adds another of the group. Visits only the group's deleters. */
function encodable(task: GroundTask, touch: AtomIndex, group: ReadonlySet<number>): boolean {
  for (const d of group) {
    for (const i of touch.deletedBy[d]) {
      const a = task.actions[i];
      if (!a.pre.includes(d) && !a.add.some((q) => group.has(q))) return false;
    }
  }
  return true;
}

/** Exactly one atom true initially, and every action that deletes one adds one. Visits only the group's deleters. */
function exactlyOne(task: GroundTask, touch: AtomIndex, group: ReadonlySet<number>): boolean {
  let initial = 0;
  for (const a of group) initial += touch.initially[a];
  if (initial !== 1) return false;
  for (const d of group) for (const i of touch.deletedBy[d]) if (!task.actions[i].add.some((q) => group.has(q))) return false;
  return true;
}
