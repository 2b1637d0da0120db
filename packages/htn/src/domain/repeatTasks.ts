import { checkFields, didYouMean, nameOf, showValue } from '@dualplan/world-state';
import { MAX_REPEAT_PASSES, type CompoundDef, type MethodCheck, type MethodDef, type RepeatDef, type SubtaskDef, type TaskDef } from './HtnDomainDef.js';
import { TaskDefinitionError } from '../errors.js';

const REPEAT_FIELDS = ['times', 'while', 'check'];
const CHECKS: readonly MethodCheck[] = ['plan', 'step', 'tick'];

/**
 * @internal Unroll `repeat` on compounds and methods into plain compounds, so every search plans the passes
 * with the machinery it already has (each pass's effects predicted for the next):
 * - a method with `repeat: { times: N }` calls N pass compounds `(T/m pass i of N)`, each with the method's
 *   subtask list as its one method;
 * - with `while`, pass i is reached through `(T/m from pass i of N)`, whose first method (conditions: `while`)
 *   runs pass i then the next one, and whose second (`done`) ends the loop; the pass itself checks `while` again
 *   at run time (`check`, default `'step'`);
 * - a compound with `repeat` becomes one method that repeats `(T each pass)`, the compound as it was.
 * Returns `tasks` itself when nothing repeats, so other domains compile exactly as before. Throws
 * `REPEAT_UNBOUNDED` (no `times`) and `BAD_REPEAT` naming the task.
 * @example
 * expandRepeats([{ kind: 'compound', name: 'Search', methods: [{ name: 'rooms', subtasks: ['SearchRoom'], repeat: { times: 3 } }] }]);
 * // Search/rooms calls '(Search/rooms pass 1 of 3)', '(... pass 2 of 3)', '(... pass 3 of 3)'
 */
export function expandRepeats(tasks: readonly TaskDef[]): readonly TaskDef[] {
  if (!tasks.some(repeats)) return tasks;
  const extra: CompoundDef[] = [];
  const out = tasks.map((t): TaskDef => {
    if (!repeats(t)) return t;
    const c = t as CompoundDef;
    const task = nameOf(c.name);
    if (c.repeat !== undefined) {
      // The compound as it was, decomposed anew each pass; the decorators and `adjustable` (the whole loop planned
      // again alone) stay on the task that loops.
      const inner = `(${task} each pass)`;
      const { repeat, decorators, adjustable, ...rest } = c;
      extra.push({ ...rest, name: inner });
      const methods = [{ name: 'repeat', subtasks: unroll(task, task, repeat, [inner], extra) }];
      return {
        kind: 'compound',
        name: c.name,
        methods,
        ...(decorators !== undefined ? { decorators } : {}),
        ...(adjustable !== undefined ? { adjustable } : {}),
      };
    }
    const methods = c.methods.map((m, k): MethodDef => {
      if (m === null || typeof m !== 'object' || m.repeat === undefined) return m;
      const name = typeof m.name === 'string' ? m.name : `${task}#${k}`;
      const { repeat, ...rest } = m;
      return { ...rest, subtasks: unroll(`${task}/${name}`, task, repeat, m.subtasks, extra) };
    });
    return { ...c, methods };
  });
  // A repeated compound's methods may repeat too: their copy in `(T each pass)` is unrolled in turn.
  return [...out, ...(extra.some(repeats) ? expandRepeats(extra) : extra)];
}

/** Whether `t` is a compound with a repeat on it or on one of its methods. */
function repeats(t: TaskDef): boolean {
  if (t === null || typeof t !== 'object' || t.kind !== 'compound') return false;
  if ((t as CompoundDef).repeat !== undefined) return true;
  const methods = (t as CompoundDef).methods;
  return Array.isArray(methods) && methods.some((m) => m !== null && typeof m === 'object' && m.repeat !== undefined);
}

/** The subtask list that runs `body` as `repeat` says; pass compounds go to `extra`. */
function unroll(base: string, task: string, repeat: RepeatDef, body: MethodDef['subtasks'], extra: CompoundDef[]): SubtaskDef[] {
  const { times, cond, check } = checkRepeat(repeat, base, task);
  const pass = (i: number) => `(${base} pass ${i} of ${times})`;
  for (let i = 1; i <= times; i++) {
    const checked = cond !== undefined && check !== 'plan';
    extra.push({
      kind: 'compound',
      name: pass(i),
      methods: [checked ? { name: 'pass', conditions: cond, check, subtasks: body } : { name: 'pass', subtasks: body }],
    });
  }
  if (cond === undefined) return Array.from({ length: times }, (_, i) => pass(i + 1));
  const from = (i: number) => `(${base} from pass ${i} of ${times})`;
  for (let i = 1; i <= times; i++) {
    const next = i < times ? [pass(i), from(i + 1)] : [pass(i)];
    extra.push({
      kind: 'compound',
      name: from(i),
      methods: [
        { name: 'pass', conditions: cond, subtasks: next },
        { name: 'done', subtasks: [] },
      ],
    });
  }
  return [from(1)];
}

/** `repeat` checked: its bound, its `while` conditions and their run-time check. */
function checkRepeat(repeat: unknown, base: string, task: string): { times: number; cond: RepeatDef['while']; check: MethodCheck } {
  const where = `the repeat of ${base}`;
  if (repeat === null || typeof repeat !== 'object' || Array.isArray(repeat))
    throw new TaskDefinitionError('BAD_REPEAT', task, `${cap(where)} must be { times, while?, check? }, got ${showValue(repeat)}.`);
  checkFields(repeat, REPEAT_FIELDS, where);
  const r = repeat as RepeatDef;
  if (r.times === undefined)
    throw new TaskDefinitionError(
      'REPEAT_UNBOUNDED',
      task,
      `${cap(where)} has no bound: give times, the most passes (e.g. { times: 20${r.while !== undefined ? ', while: [...]' : ''} }), so that a plan stays finite.`,
    );
  if (typeof r.times !== 'number' || !Number.isInteger(r.times) || r.times < 1 || r.times > MAX_REPEAT_PASSES)
    throw new TaskDefinitionError(
      'BAD_REPEAT',
      task,
      `times in ${where} must be a whole number from 1 to ${MAX_REPEAT_PASSES}, got ${showValue(r.times)}${r.times === 0 ? ' (a repeat of 0 passes never runs: remove the subtasks instead)' : ''}.`,
    );
  if (r.while !== undefined && !Array.isArray(r.while)) throw new TaskDefinitionError('BAD_REPEAT', task, `while in ${where} must be a list of conditions.`);
  if (r.check !== undefined && !CHECKS.includes(r.check))
    throw new TaskDefinitionError(
      'BAD_REPEAT',
      task,
      `check in ${where} must be 'plan', 'step' or 'tick', got ${showValue(r.check)}.${didYouMean(String(r.check), CHECKS)}`,
    );
  if (r.check !== undefined && r.while === undefined)
    throw new TaskDefinitionError('BAD_REPEAT', task, `${cap(where)} sets check without while: there is nothing to check again.`);
  return { times: r.times, cond: r.while, check: r.check ?? 'step' };
}

function cap(s: string): string {
  return s[0].toUpperCase() + s.slice(1);
}
