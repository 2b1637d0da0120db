import {
  actionStep,
  describeValue,
  checkFields,
  nameOf,
  showValue,
  compileConditions,
  checkDecorators,
  type ActionCost,
  type ActionSet,
  type CompiledAction,
  type ConditionDef,
  type ConditionList,
  type PlanStep,
  type Schema,
  type StepScope,
} from '@dualplan/world-state';
import { HtnDomain, TaskKind, type DomainTables } from './HtnDomain.js';
import type { HtnDomainDef, MethodDef, SubtaskFn, TaskDef, UtilityFn } from './HtnDomainDef.js';
import { expandSubtaskGroups } from './subtaskGroups.js';
import { expandRepeats } from './repeatTasks.js';
import { expandParallel, markerStep, PARALLEL_MARK, parallelMarkOf } from './parallelTasks.js';
import { checkParallelKeys } from './checkParallelKeys.js';
import { checkRaceKeys } from './checkRaceKeys.js';
import { didYouMean } from '@dualplan/world-state';
import { AdjustableTaskError, DuplicateTaskError, EmptyCompoundError, TaskDefinitionError, UndefinedTaskError } from '../errors.js';
import { checkAdjustable } from './checkAdjustable.js';
import { buildFastTables } from './buildFastTables.js';
import { NO_ARGS, SCOPE_END_ARGS } from './reservedArgs.js';
import { subtaskCall, type CallSink } from './subtaskCall.js';
const PAUSE_NAME = '(pause)';

const DOMAIN_FIELDS = ['name', 'root', 'tasks'];
const METHOD_FIELDS = ['name', 'conditions', 'subtasks', 'cost', 'weight', 'utility', 'check', 'decorators'];
/** `check` values, by their code in {@link HtnDomain.methodCheck}. */
export const CHECKS = ['plan', 'step', 'tick'] as const;
/** {@link HtnDomain.methodCheck}'s code for a method checked at plan time only whose subtree is a decorated scope. */
export const SCOPE_ONLY = 3;
const TASK_FIELDS = {
  compound: ['kind', 'name', 'methods', 'select', 'decorators', 'adjustable'],
  delegate: ['kind', 'name', 'delegate', 'args'],
  slot: ['kind', 'name'],
} as const;
const KINDS = [...Object.keys(TASK_FIELDS), 'parallel'];
/** `select` values, by their code in {@link HtnDomain.taskSelect}. */
export const SELECTS = ['first', 'random', 'utility'] as const;

/**
 * Validate an HTN domain once and compile it to integer ids and typed arrays.
 * Its primitive tasks are the actions of `actions` (task ids `0..actions.length-1`,
 * so a step's `sourceId` is its action's index, as in GOAP); `def.tasks` adds
 * compound and delegate tasks. Errors are `DualplanError`s naming the task:
 * undefined task (with a "did you mean"), empty compound, duplicate name, a
 * `kind: 'primitive'` task (define it as an action instead), unknown key, bad cost.
 * @example
 * const actions = defineActions(trollSchema(), [{ name: 'CheckBridge' }]);
 * const domain = compileHtnDomain(actions, {
 *   root: 'BeTrunkThumper',
 *   tasks: [{ kind: 'compound', name: 'BeTrunkThumper', methods: [{ subtasks: ['CheckBridge'] }] }],
 * });
 */
export function compileHtnDomain<S extends Schema, Op extends string = string, Ctx = any>(
  actions: ActionSet<string, Op, Ctx, S>,
  def: HtnDomainDef,
): HtnDomain<S, Op> {
  if (!actions || !Array.isArray(actions.actions) || !actions.schema) {
    throw new TaskDefinitionError('BAD_DOMAIN', 'actions', 'compileHtnDomain needs an action set made by defineActions(schema, actions).');
  }
  if (!def || typeof def !== 'object' || !Array.isArray(def.tasks)) {
    throw new TaskDefinitionError(
      'BAD_DOMAIN',
      typeof def?.name === 'string' ? def.name : '',
      `A domain definition needs a \`tasks\` array, got ${describeValue(def?.tasks)}.`,
    );
  }
  if (def.name !== undefined && typeof def.name !== 'string') {
    throw new TaskDefinitionError('BAD_DOMAIN', 'name', `A domain's name must be a string, got ${describeValue(def.name)}.`);
  }
  checkFields(def, DOMAIN_FIELDS, 'the HTN domain');
  const schema = actions.schema;
  const acts = actions.actions;
  const nActions = acts.length;
  const parallelNames = def.tasks.filter((t) => t?.kind === 'parallel').map((t) => t.name);
  const raceNames = def.tasks.filter((t) => t?.kind === 'parallel' && t.race === true).map((t) => t.name);
  const tasks = expandSubtaskGroups(expandRepeats(expandParallel(def.tasks)));
  const ids = new Map<string, number>();
  acts.forEach((a, i) => ids.set(a.name, i));
  tasks.forEach((t, i) => {
    if (!t || typeof t !== 'object' || typeof t.name !== 'string' || t.name === '') {
      const given = (t as { name?: unknown } | null | undefined)?.name;
      throw new TaskDefinitionError(
        'BAD_TASK',
        given === undefined || given === null ? `#${i}` : nameOf(given),
        `Task #${i} needs a non-empty string name${t && typeof t === 'object' ? `, got ${describeValue(given)}` : `: it is ${describeValue(t)}`}.`,
      );
    }
    if ((t as { kind: unknown }).kind === 'primitive') {
      throw new TaskDefinitionError(
        'PRIMITIVE_TASK',
        t.name,
        `Task "${t.name}" is a primitive: define it as an action (defineActions(schema, [{ name: '${t.name}', ... }])) and pass the action set to compileHtnDomain.`,
      );
    }
    if (!KINDS.includes(t.kind)) {
      const kind = (t as { kind: unknown }).kind;
      throw new TaskDefinitionError(
        'BAD_TASK',
        t.name,
        `Task "${t.name}" has unknown kind ${showValue(kind)}; expected 'compound', 'delegate', 'slot' or 'parallel'.${didYouMean(kind as string, KINDS)}`,
      );
    }
    checkFields(t, TASK_FIELDS[t.kind as keyof typeof TASK_FIELDS], `${t.kind} task "${t.name}"`);
    if (ids.has(t.name) || t.name === PAUSE_NAME) throw new DuplicateTaskError(t.name);
    ids.set(t.name, nActions + i);
  });
  const n = nActions + tasks.length;
  const pauseTask = n;
  const taskNames = [...acts.map((a) => a.name), ...tasks.map((t) => t.name), PAUSE_NAME];
  const taskKind = new Uint8Array(n + 1);
  taskKind[pauseTask] = TaskKind.Pause;
  const taskDef = (i: number): TaskDef => tasks[i - nActions];

  const callTask: number[] = [];
  const callArgs: (readonly unknown[])[] = [];
  const defaultCall = new Int32Array(n + 1);
  const delegateNames: (string | null)[] = new Array(n + 1).fill(null);
  const costFns: (ActionCost<Ctx> | null)[] = new Array(n + 1).fill(null);
  const taskSelect = new Uint8Array(n + 1);
  const adjustable = new Uint8Array(n + 1);
  const slots: string[] = [];
  const slotOf = new Int32Array(n + 1).fill(-1);

  // A fixed action's step is shared (with GOAP too); only its arguments differ per call.
  const instantiate = (task: number, args: readonly unknown[]): PlanStep => {
    const a: CompiledAction | undefined = task < nActions ? acts[task] : undefined;
    if (!a) throw new TaskDefinitionError('NOT_PRIMITIVE', taskNames[task], `Task "${taskNames[task]}" is not a primitive task.`);
    if (a.step) return args === a.args ? a.step : Object.freeze({ ...a.step, args });
    return actionStep(schema, a, args);
  };

  for (let i = 0; i < n; i++) {
    let args: readonly unknown[] = NO_ARGS;
    if (i < nActions) {
      taskKind[i] = TaskKind.Primitive;
      costFns[i] = acts[i].costFn;
      args = acts[i].args;
    } else {
      const t = taskDef(i);
      if (t.kind === 'compound') {
        taskKind[i] = TaskKind.Compound;
        if (!Array.isArray(t.methods) || t.methods.length === 0) throw new EmptyCompoundError(t.name);
        if (t.select !== undefined) {
          const code = SELECTS.indexOf(t.select);
          if (code < 0)
            throw new TaskDefinitionError(
              'BAD_SELECT',
              t.name,
              `Compound task "${t.name}" has select ${showValue(t.select)}; expected ${SELECTS.map((x) => `'${x}'`).join(', ')}.${didYouMean(t.select, SELECTS)}`,
            );
          taskSelect[i] = code;
        }
        if (t.adjustable !== undefined && t.adjustable !== false) {
          if (t.adjustable !== true) throw new AdjustableTaskError(t.name, `its adjustable must be true or false, got ${showValue(t.adjustable)}`);
          adjustable[i] = 1;
        }
      } else if (t.kind === 'slot') {
        taskKind[i] = TaskKind.Slot;
        slotOf[i] = slots.length;
        slots.push(t.name);
      } else if (t.kind === 'delegate') {
        taskKind[i] = TaskKind.Delegate;
        if (typeof t.delegate !== 'string' || t.delegate === '') {
          throw new TaskDefinitionError('BAD_DELEGATE', t.name, `Delegate task "${t.name}" needs the name of a registered sub-planner.`);
        }
        delegateNames[i] = t.delegate;
        if (t.args !== undefined) args = checkArgs(t.args, t.name);
      }
    }
    defaultCall[i] = callTask.length;
    callTask.push(i);
    callArgs.push(args);
  }
  defaultCall[pauseTask] = callTask.length;
  callTask.push(pauseTask);
  callArgs.push(NO_ARGS);
  // Closes the run-time check scope of a method with `check: 'step' | 'tick'` (a no-op pause call for every other reader).
  const scopeEndCall = callTask.length;
  callTask.push(pauseTask);
  callArgs.push(SCOPE_END_ARGS);

  const methodStart = new Int32Array(n + 1);
  const methodEnd = new Int32Array(n + 1);
  const methodNames: string[] = [];
  const methodConds: ConditionList[] = [];
  const methodCost: number[] = [];
  const methodSubStart: number[] = [];
  const methodSubEnd: number[] = [];
  const methodFn: (SubtaskFn | null)[] = [];
  const methodWeight: number[] = [];
  const methodUtility: (UtilityFn | null)[] = [];
  const methodScore: number[] = [];
  const methodCheck: number[] = [];
  const methodScopes: (readonly StepScope[] | null)[] = [];
  const subCalls: number[] = [];
  let where = '';
  const sink: CallSink = {
    taskId: (name) => ids.get(name) ?? -1,
    defaultCall,
    pauseCall: defaultCall[pauseTask],
    callWith: (task, args) => {
      callTask.push(task);
      callArgs.push(checkArgs(args, taskNames[task]));
      return callTask.length - 1;
    },
    where: () => where,
    taskNames,
    markCall: (ref) => {
      const mark = parallelMarkOf(ref)!;
      callTask.push(pauseTask);
      callArgs.push(Object.freeze([PARALLEL_MARK, mark.kind, mark.task]));
      markSteps.set(callTask.length - 1, markerStep(schema, mark));
      return callTask.length - 1;
    },
  };
  const markSteps = new Map<number, PlanStep>();
  tasks.forEach((t, ti) => {
    if (t.kind !== 'compound') return;
    const i = nActions + ti;
    methodStart[i] = methodNames.length;
    const taskScope = scopeOf(t.decorators, t.name);
    t.methods.forEach((m: MethodDef, k: number) => {
      const name = m && typeof m.name === 'string' ? m.name : `${t.name}#${k}`;
      where = `method ${name} of task ${t.name}`;
      if (!m || typeof m !== 'object') throw new TaskDefinitionError('BAD_METHOD', t.name, `Method #${k} of task "${t.name}" is not an object.`);
      checkFields(m, METHOD_FIELDS, where);
      checkCost(m.cost, t.name, where);
      const select = t.select ?? 'first';
      methodWeight.push(checkWeight(m.weight, select, t.name, where));
      const utility = checkUtility(m.utility, select, t.name, where);
      methodUtility.push(typeof utility === 'function' ? utility : null);
      methodScore.push(typeof utility === 'number' ? utility : 0);
      const check = m.check === undefined ? 0 : CHECKS.indexOf(m.check);
      if (check < 0)
        throw new TaskDefinitionError(
          'BAD_CHECK',
          t.name,
          `The check ${showValue(m.check)} of ${where} must be ${CHECKS.map((x) => `'${x}'`).join(', ')}.${didYouMean(m.check as string, CHECKS)}`,
        );
      const scopes = [taskScope, scopeOf(m.decorators, `${t.name}/${name}`)].filter((s): s is StepScope => s !== null);
      methodScopes.push(scopes.length === 0 ? null : Object.freeze(scopes));
      // A decorated method's subtree is a scope even when it checks nothing at run time.
      const scoped = check === 0 && scopes.length > 0 ? SCOPE_ONLY : check;
      methodCheck.push(scoped);
      methodNames.push(name);
      methodConds.push(compileConditions(schema, conditionsOf(m.conditions, t.name, where), where));
      methodCost.push(m.cost ?? 0);
      methodSubStart.push(subCalls.length);
      if (typeof m.subtasks === 'function') methodFn.push(m.subtasks);
      else if (Array.isArray(m.subtasks)) {
        methodFn.push(null);
        for (const ref of m.subtasks) subCalls.push(subtaskCall(sink, ref, -1));
        if (scoped !== 0) subCalls.push(scopeEndCall);
      } else throw new TaskDefinitionError('BAD_METHOD', t.name, `Method ${name} of task "${t.name}" needs a subtasks array or function.`);
      methodSubEnd.push(subCalls.length);
    });
    methodEnd[i] = methodNames.length;
  });

  let root = -1;
  if (def.root !== undefined) {
    root = ids.get(def.root) ?? -1;
    if (root < 0) throw new UndefinedTaskError(def.root, `the root of domain ${def.name ?? ''}`.trimEnd());
  }
  // Prebuild every static primitive step: conditions and effects that are functions of args are compiled here, so errors surface now.
  // A parameterised primitive referenced without arguments is instantiated when planning instead.
  const parameterised = (task: number) => acts[task].parameterised && acts[task].def.args === undefined;
  const callStep = callTask.map((task, c) =>
    taskKind[task] === TaskKind.Primitive && !(c === defaultCall[task] && parameterised(task)) ? instantiate(task, callArgs[c]) : (markSteps.get(c) ?? null),
  );

  const tables: Omit<DomainTables, 'fast'> = {
    name: def.name ?? 'domain',
    root,
    taskNames,
    taskKind,
    ids,
    methodStart,
    methodEnd,
    methodNames,
    methodConds,
    methodCost: Float64Array.from(methodCost),
    methodSubStart: Int32Array.from(methodSubStart),
    methodSubEnd: Int32Array.from(methodSubEnd),
    methodFn,
    taskSelect,
    adjustable,
    methodWeight: Float64Array.from(methodWeight),
    methodUtility,
    methodScore: Float64Array.from(methodScore),
    methodCheck: Uint8Array.from(methodCheck),
    methodScopes,
    scopeEndCall,
    slots,
    slotOf,
    subCalls: Int32Array.from(subCalls),
    callTask: Int32Array.from(callTask),
    callArgs,
    callStep,
    defaultCall,
    delegateNames,
    operators: actions.operators.slice(),
    actions,
    costFns,
    pauseTask,
    pauseCall: defaultCall[pauseTask],
    instantiate,
  };
  const domain = new HtnDomain<S, Op>(schema, { ...tables, fast: buildFastTables(tables) });
  for (const name of parallelNames) if (checkParallelKeys(domain, ids.get(name)!)) domain.checkedAtPlanTime.add(name);
  for (const name of raceNames) checkRaceKeys(domain, ids.get(name)!);
  checkAdjustable(domain);
  return domain;
}

function conditionsOf(src: readonly ConditionDef[] | undefined, task: string, where: string): readonly ConditionDef[] {
  if (src === undefined) return NO_ARGS as readonly ConditionDef[];
  if (!Array.isArray(src)) throw new TaskDefinitionError('BAD_LIST', task, `The conditions of ${where} must be an array.`);
  return src;
}

function checkCost(cost: number | undefined, task: string, where: string): void {
  if (cost === undefined) return;
  if (typeof cost !== 'number' || !Number.isFinite(cost) || cost < 0) {
    throw new TaskDefinitionError('BAD_COST', task, `Cost ${showValue(cost)} in ${where} must be a finite number >= 0.`);
  }
}

function checkWeight(weight: number | undefined, select: string, task: string, where: string): number {
  if (weight === undefined) return 1;
  if (select !== 'random')
    throw new TaskDefinitionError('BAD_WEIGHT', task, `A weight in ${where} needs select: 'random' on task "${task}" (it has select: '${select}').`);
  if (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0) {
    throw new TaskDefinitionError('BAD_WEIGHT', task, `Weight ${showValue(weight)} in ${where} must be a finite number >= 0.`);
  }
  return weight;
}

function checkUtility(utility: number | UtilityFn | undefined, select: string, task: string, where: string): number | UtilityFn | undefined {
  if (select !== 'utility') {
    if (utility !== undefined)
      throw new TaskDefinitionError('BAD_UTILITY', task, `A utility in ${where} needs select: 'utility' on task "${task}" (it has select: '${select}').`);
    return undefined;
  }
  if (utility === undefined)
    throw new TaskDefinitionError(
      'MISSING_UTILITY',
      task,
      `Task "${task}" has select: 'utility', so ${where} needs a utility (a number or a function (state, ctx, args) => number).`,
    );
  if (typeof utility === 'function' || (typeof utility === 'number' && Number.isFinite(utility))) return utility;
  throw new TaskDefinitionError('BAD_UTILITY', task, `Utility ${showValue(utility)} in ${where} must be a finite number or a function.`);
}

function checkArgs(args: readonly unknown[], task: string): readonly unknown[] {
  if (!Array.isArray(args)) throw new TaskDefinitionError('BAD_ARGS', task, `Arguments of task "${task}" must be an array.`);
  return Object.freeze(args.slice());
}

/**
 * A compound's or method's decorators as the scope its steps carry, or null. Its `retries` start its part of a
 * plan again from its first step when one of its steps failed (after that step's own retries).
 */
function scopeOf(decorators: unknown, key: string): StepScope | null {
  const d = checkDecorators(decorators, key);
  if (d === null) return null;
  return Object.freeze({ key, decorators: d });
}
