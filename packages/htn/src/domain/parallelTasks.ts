import {
  DualplanError,
  ParallelCheck,
  checkFields,
  describeValue,
  emptyConditions,
  emptyEffects,
  nameOf,
  showValue,
  type PlanBuffer,
  type PlanStep,
  type Schema,
} from '@dualplan/world-state';
import type { CompoundDef, SubtaskDef, TaskDef } from './HtnDomainDef.js';
import { TaskDefinitionError } from '../errors.js';

/** The operator of the marker steps that bound a parallel section while planning (never in a finished plan). */
export const PARALLEL_OPERATOR = '(parallel)';
/** First argument of a marker call: 0 begin, 1 split (primary done), 2 end. */
export const PARALLEL_MARK: readonly unknown[] = /* @__PURE__ */ Object.freeze([]);

const PARALLEL_FIELDS = ['kind', 'name', 'primary', 'secondary', 'race'];

/** A marker in the subtask list a parallel task compiles to; only {@link expandParallel} makes them. */
interface ParallelMark {
  readonly kind: 0 | 1 | 2;
  readonly task: string;
  /** A race's section (the first branch to finish ends the other). */
  readonly race: boolean;
}
const marks = new WeakMap<object, ParallelMark>();

/**
 * @internal Rewrite each parallel task (a race too: its markers say so) into a compound with one method, `parallel`:
 * `[begin, ...primary, split, ...secondary, end]`, where the markers are calls that
 * leave marker steps in the plan being built (undone by backtracking like any step);
 * the planner turns them into `plan.parallel` sections when the plan is complete.
 * Returns `tasks` itself when there is no parallel task.
 * @example
 * expandParallel([{ kind: 'parallel', name: 'P', primary: ['Run'], secondary: ['Reload'] }]);
 * // [{ kind: 'compound', name: 'P', methods: [{ name: 'parallel', subtasks: [begin, 'Run', split, 'Reload', end] }] }]
 */
export function expandParallel(tasks: readonly TaskDef[]): readonly TaskDef[] {
  if (!tasks.some((t) => t?.kind === 'parallel')) return tasks;
  return tasks.map((t, i): TaskDef => {
    if (t?.kind !== 'parallel') return t;
    // The same check compileHtnDomain makes of every other task: the compound this becomes must not be named by a stand-in.
    if (typeof t.name !== 'string' || t.name === '') {
      const given: unknown = t.name;
      throw new TaskDefinitionError(
        'BAD_TASK',
        given === undefined || given === null ? `#${i}` : nameOf(given),
        `Task #${i} needs a non-empty string name, got ${describeValue(given)}.`,
      );
    }
    const name = t.name;
    checkFields(t, PARALLEL_FIELDS, `parallel task "${name}"`);
    const branch = (list: unknown, which: string): readonly SubtaskDef[] => {
      if (!Array.isArray(list) || list.length === 0) {
        throw new TaskDefinitionError('BAD_PARALLEL', name, `Parallel task "${name}" needs a non-empty ${which} subtask list, got ${showValue(list)}.`);
      }
      for (const ref of list) {
        if (ref !== null && typeof ref === 'object' && 'pause' in ref) {
          throw new TaskDefinitionError(
            'BAD_PARALLEL',
            name,
            `The ${which} branch of parallel task "${name}" has a pause point: a plan cannot stop inside a parallel section.`,
          );
        }
      }
      return list;
    };
    if (t.race !== undefined && typeof t.race !== 'boolean')
      throw new TaskDefinitionError('BAD_PARALLEL', name, `race in parallel task "${name}" must be true or false, got ${showValue(t.race)}.`);
    const race = t.race === true;
    const primary = branch(t.primary, 'primary');
    const secondary = branch(t.secondary, 'secondary');
    const mark = (kind: 0 | 1 | 2): SubtaskDef => {
      const ref = Object.freeze({ parallelMark: kind }) as unknown as SubtaskDef;
      marks.set(ref as object, { kind, task: name, race });
      return ref;
    };
    const compound: CompoundDef = { kind: 'compound', name, methods: [{ name: 'parallel', subtasks: [mark(0), ...primary, mark(1), ...secondary, mark(2)] }] };
    return compound;
  });
}

/** @internal The marker a subtask reference stands for, or undefined for every other reference. */
export function parallelMarkOf(ref: SubtaskDef): ParallelMark | undefined {
  return ref !== null && typeof ref === 'object' ? marks.get(ref) : undefined;
}

/** @internal The marker step a marker call leaves in the plan while planning. */
export function markerStep(schema: Schema, mark: ParallelMark): PlanStep {
  return Object.freeze({
    task: mark.task,
    operator: PARALLEL_OPERATOR,
    args: Object.freeze(mark.race ? [mark.kind, true] : [mark.kind]),
    conditions: emptyConditions(schema),
    executing: emptyConditions(schema),
    effects: emptyEffects(schema),
    expectedEffects: emptyEffects(schema),
    cost: 0,
    interrupt: 'immediate' as const,
    sourceId: -1,
  });
}

/**
 * @internal Turn the marker steps of a complete plan (`src[0, planLen)`) into `out.sections`:
 * copies the other steps into `dst` (returns how many) and checks each section against the
 * key-conflict rule. Throws `PARALLEL_CONFLICT`, `PARALLEL_NESTED` (a parallel task
 * reached inside another one's branch) or `PARALLEL_PAUSED` (a pause inside a branch).
 */
export function collectSections(
  src: readonly PlanStep[],
  planLen: number,
  dst: PlanStep[],
  out: PlanBuffer,
  check: ParallelCheck,
  dynamic: ReadonlySet<string>,
): number {
  const steps = dst;
  const sections = out.sections;
  let n = 0;
  let open = false;
  let w = 0;
  for (let i = 0; i < planLen; i++) {
    const step = src[i];
    if (step.operator !== PARALLEL_OPERATOR || step.sourceId !== -1) {
      steps[w++] = step;
      continue;
    }
    const kind = step.args[0] as number;
    if (kind === 0) {
      if (open)
        throw new DualplanError(
          'PARALLEL_NESTED',
          step.task,
          `Parallel task "${step.task}" was planned inside a branch of parallel task "${sections[n].task}": parallel sections do not nest.`,
        );
      open = true;
      if (n >= sections.length) sections.push({ task: '', start: 0, split: 0, end: 0 });
      const s = sections[n];
      s.task = step.task;
      s.start = s.split = s.end = w;
      if (step.args[1] === true) s.race = true;
      else if (s.race !== undefined) s.race = undefined;
    } else if (kind === 1) sections[n].split = w;
    else {
      const s = sections[n++];
      s.end = w;
      open = false;
      // A branch that planned no steps has nothing to race: the section runs as a plain one.
      if (s.race === true && (s.start === s.split || s.split === s.end)) s.race = undefined;
      // Sections of tasks whose every step was known at compile time were checked there.
      if (dynamic.size !== 0 && dynamic.has(s.task) && check.steps(steps, s)) throw check.error(s.task);
    }
  }
  if (open)
    throw new DualplanError(
      'PARALLEL_PAUSED',
      sections[n].task,
      `The plan stops at a pause point inside parallel task "${sections[n].task}": a partial plan cannot end inside a parallel section.`,
    );
  if (sections.length !== n) sections.length = n;
  out.ownSections('htn');
  return w;
}
