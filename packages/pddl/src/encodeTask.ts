import { MAX_ENUM_VALUES, bool, defineSchema, eq, mergedBools, ne, set, type Condition, type Effect, type KeySpec, type Schema } from '@dualplan/world-state';
import type { GroundTask } from './GroundAction.js';
import { PddlError } from './PddlError.js';
import type { MutexGroup } from './findMutexGroups.js';

/** A grounded action as dualplan action data (the `ActionDef` fields of the unified API). */
export interface EncodedAction {
  /** The PDDL plan-file form, `(pick ball1 rooma g1)`. */
  readonly name: string;
  /** The action schema, `pick`: what a runner would execute. */
  readonly operator: string;
  /** The objects bound to the schema's parameters. */
  readonly args: readonly string[];
  readonly conditions: readonly Condition[];
  readonly effects: readonly Effect[];
  readonly cost: number;
  /** Index of the ground action in {@link GroundTask.actions}. */
  readonly source: number;
}

/** A ground task as a dualplan schema (defaults = the initial state), actions and goal conditions. */
export interface EncodedTask {
  readonly schema: Schema;
  /** Per atom: its cell, and the value that means "true" (1 for a bool cell). */
  readonly cellOf: Int32Array;
  readonly valueOf: Int32Array;
  /** Per cell: the value meaning "none of the group" (-1 when the group always holds exactly one; 0 for bools). */
  readonly noneOf: Int32Array;
  readonly actions: readonly EncodedAction[];
  readonly goal: readonly Condition[];
  readonly groups: readonly MutexGroup[];
}

/**
 * Turn a ground task into a schema, actions and a goal: each mutex group
 * becomes one merged-bool enum key whose members are its atoms (plus a `none`
 * member unless exactly one always holds; a group of more than world-state's
 * `MAX_ENUM_VALUES` (1,024) atoms is split into several keys), every other atom a bool key. Effects are `set`s: an add
 * sets its atom's value, a delete without an add in the same key sets `none`
 * (sound because groups are only formed where the deleted atom is required or
 * replaced). Actions whose conditions contradict each other are dropped.
 * @example
 * const encoded = encodeTask(task, findMutexGroups(task));
 * encoded.schema.size; // far fewer cells than task.atoms.length
 */
export function encodeTask(task: GroundTask, groups: readonly MutexGroup[]): EncodedTask {
  const n = task.atoms.length;
  const cellOf = new Int32Array(n).fill(-1);
  const valueOf = new Int32Array(n);
  const noneList: number[] = [];
  const spec: Record<string, KeySpec> = Object.create(null) as Record<string, KeySpec>;
  const initial = new Set(task.init);
  let cells = 0;
  for (const g of groups) {
    const chunks = g.atoms.length + (g.exactlyOne ? 0 : 1) <= MAX_ENUM_VALUES ? [g.atoms] : chunk(g.atoms, MAX_ENUM_VALUES - 1);
    chunks.forEach((atoms, k) => {
      const key = chunks.length === 1 ? g.name : `${g.name} #${k + 1}`;
      const members = atoms.map((a) => task.atoms[a]);
      const hasNone = !g.exactlyOne || chunks.length > 1;
      if (hasNone) members.push(`${key} = none`);
      const start = atoms.findIndex((a) => initial.has(a));
      atoms.forEach((a, v) => {
        cellOf[a] = cells;
        valueOf[a] = v;
      });
      noneList.push(hasNone ? atoms.length : -1);
      spec[key] = mergedBools(members, start >= 0 ? start : atoms.length);
      cells++;
    });
  }
  for (let a = 0; a < n; a++) {
    if (cellOf[a] >= 0) continue;
    cellOf[a] = cells++;
    valueOf[a] = 1;
    noneList.push(0);
    spec[task.atoms[a]] = bool(initial.has(a));
  }
  const schema = defineSchema(spec);
  // Tagged key handles (not raw cells), so conditions used with another schema are caught.
  const handles = schema.keys as Readonly<Record<string, number>>;
  const key = (cell: number) => handles[schema.nameOf(cell)] as never;
  const positive = (a: number): Condition => eq(key(cellOf[a]), isBool(schema, cellOf[a]) ? true : valueOf[a]);
  const negative = (a: number): Condition => (isBool(schema, cellOf[a]) ? eq(key(cellOf[a]), false) : ne(key(cellOf[a]), valueOf[a]));
  const actions: EncodedAction[] = [];
  task.actions.forEach((a, source) => {
    const required = new Map<number, number>();
    for (const p of a.pre) {
      const before = required.get(cellOf[p]);
      if (before !== undefined && before !== valueOf[p]) return; // two atoms of one mutex group: never applicable
      required.set(cellOf[p], valueOf[p]);
    }
    if (a.preNeg.some((p) => required.get(cellOf[p]) === valueOf[p])) return;
    const conditions = [...a.pre.map(positive), ...a.preNeg.filter((p) => !required.has(cellOf[p])).map(negative)];
    const written = new Map<number, number>();
    for (const q of a.add) {
      if (written.has(cellOf[q])) throw new Error(`internal: ${a.name} adds two atoms of one mutex group`);
      written.set(cellOf[q], isBool(schema, cellOf[q]) ? 1 : valueOf[q]);
    }
    for (const d of a.del) if (!written.has(cellOf[d])) written.set(cellOf[d], noneList[cellOf[d]]);
    const effects = [...written].map(([cell, v]) => set(key(cell), isBool(schema, cell) ? v === 1 : v));
    actions.push({ name: a.name, operator: a.schema, args: a.args, conditions, effects, cost: a.cost, source });
  });
  const wanted = new Map<number, number>();
  for (const g of task.goal) {
    const other = wanted.get(cellOf[g]);
    if (other !== undefined && other !== g) {
      throw new PddlError(
        'UNREACHABLE_GOAL',
        task.atoms[g],
        `the goal wants both ${task.atoms[other]} and ${task.atoms[g]}, which can never hold together (mutex group ${schema.nameOf(cellOf[g])}).`,
        null,
      );
    }
    wanted.set(cellOf[g], g);
  }
  const goal = [...task.goal.map(positive), ...task.goalNeg.filter((g) => !wanted.has(cellOf[g])).map(negative)];
  if (task.goalNeg.some((g) => wanted.get(cellOf[g]) === g))
    throw new PddlError(
      'UNREACHABLE_GOAL',
      task.atoms[task.goalNeg.find((g) => wanted.get(cellOf[g]) === g)!],
      'the goal wants an atom both true and false.',
      null,
    );
  return { schema, cellOf, valueOf, noneOf: Int32Array.from(noneList), actions, goal, groups };
}

const isBool = (schema: Schema, cell: number): boolean => schema.keyInfo(schema.nameOf(cell))?.spec.kind === 'bool';

function chunk<T>(xs: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += size) out.push(xs.slice(i, i + size));
  return out;
}
