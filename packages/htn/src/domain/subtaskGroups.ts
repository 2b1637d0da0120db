import { nameOf, showValue } from '@dualplan/world-state';
import type { CompoundDef, MethodDef, SubtaskDef, TaskDef, TaskRef } from './HtnDomainDef.js';
import { TaskDefinitionError } from '../errors.js';

/** Most subtasks in one any-order group: the planner may try every permutation (6! = 720). */
export const MAX_ANY_ORDER = 6;

/**
 * @internal Rewrite optional subtasks and any-order groups into plain compound tasks, so every
 * search (ordered, inline, best-first) plans them with the machinery it already has:
 * - `{ optional: X }` becomes a compound with two methods, `[X]` then `[]` (MTR entry 0: planned, 1: skipped);
 * - `{ anyOrder: [A, B, C] }` becomes a compound with one method per permutation, the listed order first.
 * Returns `tasks` itself when no method uses either, so plain domains compile exactly as before.
 * @example
 * expandSubtaskGroups([{ kind: 'compound', name: 'T', methods: [{ subtasks: [{ optional: 'Reload' }] }] }]);
 * // T's method now calls '(optional Reload in T#0)', a compound with methods ['Reload'] and []
 */
export function expandSubtaskGroups(tasks: readonly TaskDef[]): readonly TaskDef[] {
  if (!tasks.some((t) => t?.kind === 'compound' && Array.isArray(t.methods) && t.methods.some((m) => Array.isArray(m?.subtasks) && m.subtasks.some(isGroup))))
    return tasks;
  const extra: CompoundDef[] = [];
  const out = tasks.map((t): TaskDef => {
    if (t?.kind !== 'compound' || !Array.isArray(t.methods)) return t;
    // Names are checked after this rewrite (compileHtnDomain): until then one may be anything, so messages use nameOf.
    const task = nameOf(t.name);
    const methods = t.methods.map((m, k): MethodDef => {
      if (!Array.isArray(m?.subtasks) || !m.subtasks.some(isGroup)) return m;
      const where = `${task}#${k}`;
      const subtasks = m.subtasks.map((ref: SubtaskDef, i: number): SubtaskDef => {
        if (!isGroup(ref)) return ref;
        if ('optional' in ref) {
          const name = `(optional ${refName(ref.optional, task)} in ${where}.${i})`;
          extra.push({
            kind: 'compound',
            name,
            methods: [
              { name: 'planned', subtasks: [ref.optional] },
              { name: 'skipped', subtasks: [] },
            ],
          });
          return name;
        }
        const group = ref.anyOrder;
        if (!Array.isArray(group) || group.length === 0 || group.length > MAX_ANY_ORDER) {
          throw new TaskDefinitionError(
            'BAD_ANY_ORDER',
            task,
            `The any-order group at subtask ${i} of method ${where} must list 1 to ${MAX_ANY_ORDER} tasks, got ${Array.isArray(group) ? group.length : showValue(group)}.`,
          );
        }
        const name = `(any order ${group.map((g) => refName(g, task)).join(', ')} in ${where}.${i})`;
        extra.push({ kind: 'compound', name, methods: permutations(group.length).map((p) => ({ name: p.join(''), subtasks: p.map((j) => group[j]) })) });
        return name;
      });
      return { ...m, subtasks };
    });
    return { ...t, methods };
  });
  return [...out, ...extra];
}

function isGroup(ref: SubtaskDef): ref is Extract<SubtaskDef, { optional: unknown } | { anyOrder: unknown }> {
  return ref !== null && typeof ref === 'object' && ('optional' in ref || 'anyOrder' in ref);
}

function refName(ref: TaskRef, task: string): string {
  if (typeof ref === 'string') return ref;
  if (ref !== null && typeof ref === 'object' && typeof ref.task === 'string') return ref.task;
  throw new TaskDefinitionError(
    'BAD_SUBTASK',
    task,
    `Malformed optional or any-order subtask ${showValue(ref)} in task ${task}: expected a task name or { task, args }.`,
  );
}

/** Every permutation of 0..n-1, the identity first, then in lexicographic order. */
function permutations(n: number): number[][] {
  const out: number[][] = [];
  const walk = (prefix: number[], rest: number[]) => {
    if (rest.length === 0) out.push(prefix);
    rest.forEach((x, i) => walk([...prefix, x], [...rest.slice(0, i), ...rest.slice(i + 1)]));
  };
  walk(
    [],
    Array.from({ length: n }, (_, i) => i),
  );
  return out;
}
