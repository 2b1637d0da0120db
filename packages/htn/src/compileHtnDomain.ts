import {
  DEFAULT_INTERRUPT,
  INTERRUPT_POLICIES,
  checkFields,
  compileConditions,
  compileEffects,
  type ConditionList,
  type EffectList,
  type PlanStep,
  type Schema,
} from '@dualplan/world-state';
import { HtnDomain, TaskKind, type DomainTables } from './HtnDomain.js';
import type { ArgList, HtnDomainDef, MethodDef, PrimitiveDef, SubtaskFn, TaskDef } from './HtnDomainDef.js';
import { DuplicateTaskError, EmptyCompoundError, TaskDefinitionError, UndefinedTaskError } from './errors.js';
import { fastTables, NO_ARGS } from './planningOps.js';
import { subtaskCall, type CallSink } from './subtaskCall.js';
const PAUSE_NAME = '(pause)';

/**
 * Validate a plain-data domain once and compile it to integer ids and typed
 * arrays. Errors are {@link DualplanError}s naming the task: undefined task,
 * empty compound, duplicate name, unknown key, out-of-range value, bad cost.
 * @example
 * const domain = compileHtnDomain(trollSchema(), {
 *   root: 'BeTrunkThumper',
 *   tasks: [
 *     { kind: 'compound', name: 'BeTrunkThumper', methods: [{ subtasks: ['CheckBridge'] }] },
 *     { kind: 'primitive', name: 'CheckBridge', operator: 'CheckBridge' },
 *   ],
 * });
 */
const DOMAIN_FIELDS = ['name', 'root', 'tasks'];
const METHOD_FIELDS = ['name', 'conditions', 'subtasks', 'cost'];
const TASK_FIELDS = {
  compound: ['kind', 'name', 'methods'],
  primitive: ['kind', 'name', 'operator', 'args', 'conditions', 'executing', 'effects', 'expectedEffects', 'cost', 'interrupt'],
  delegate: ['kind', 'name', 'delegate', 'args'],
} as const;

export function compileHtnDomain<S extends Schema>(schema: S, def: HtnDomainDef): HtnDomain<S> {
  if (!def || typeof def !== 'object' || !Array.isArray(def.tasks)) {
    throw new TaskDefinitionError('BAD_DOMAIN', String(def?.name ?? ''), 'A domain definition needs a `tasks` array.');
  }
  checkFields(def, DOMAIN_FIELDS, 'the HTN domain');
  const tasks = def.tasks;
  const ids = new Map<string, number>();
  tasks.forEach((t, i) => {
    if (!t || typeof t !== 'object' || typeof t.name !== 'string' || t.name === '') {
      throw new TaskDefinitionError('BAD_TASK', String(t?.name ?? `#${i}`), `Task #${i} needs a non-empty string name.`);
    }
    if (t.kind !== 'compound' && t.kind !== 'primitive' && t.kind !== 'delegate') {
      throw new TaskDefinitionError('BAD_TASK', t.name, `Task "${t.name}" has unknown kind ${JSON.stringify((t as { kind: unknown }).kind)}.`);
    }
    checkFields(t, TASK_FIELDS[t.kind as TaskDef['kind']], `${t.kind} task "${t.name}"`);
    if (ids.has(t.name) || t.name === PAUSE_NAME) throw new DuplicateTaskError(t.name);
    ids.set(t.name, i);
  });
  const n = tasks.length;
  const pauseTask = n;
  const taskNames = [...tasks.map((t) => t.name), PAUSE_NAME];
  const taskKind = new Uint8Array(n + 1);
  taskKind[pauseTask] = TaskKind.Pause;

  const callTask: number[] = [];
  const callArgs: (readonly unknown[])[] = [];
  const defaultCall = new Int32Array(n + 1);
  const primDefs: (PrimitiveDef | null)[] = new Array(n + 1).fill(null);
  const delegateNames: (string | null)[] = new Array(n + 1).fill(null);

  // Lists that do not depend on arguments are compiled once per task and shared by every step.
  const fixedLists = new Map<string, ConditionList | EffectList>();
  const list = <T, L extends ConditionList | EffectList>(
    compile: (schema: Schema, defs: readonly T[], where: string) => L,
    task: number,
    field: string,
    src: ArgList<T> | undefined,
    args: readonly unknown[],
  ): L => {
    const name = taskNames[task];
    if (typeof src === 'function') return compile(schema, callList(src, args, name, field), `task ${name}`);
    const key = `${task}:${field}`;
    let compiled = fixedLists.get(key) as L | undefined;
    if (!compiled) fixedLists.set(key, (compiled = compile(schema, listOf(src, name, field), `task ${name}`)));
    return compiled;
  };
  const instantiate = (task: number, args: readonly unknown[]): PlanStep => {
    const p = primDefs[task];
    if (!p) throw new TaskDefinitionError('NOT_PRIMITIVE', taskNames[task], `Task "${taskNames[task]}" is not a primitive task.`);
    return Object.freeze({
      task: p.name,
      operator: p.operator ?? p.name,
      args,
      conditions: list(compileConditions, task, 'conditions', p.conditions, args),
      executing: list(compileConditions, task, 'executing', p.executing, args),
      effects: list(compileEffects, task, 'effects', p.effects, args),
      expectedEffects: list(compileEffects, task, 'expectedEffects', p.expectedEffects, args),
      cost: p.cost ?? 1,
      interrupt: p.interrupt ?? DEFAULT_INTERRUPT,
      sourceId: task,
    });
  };

  tasks.forEach((t, i) => {
    if (t.kind === 'compound') {
      taskKind[i] = TaskKind.Compound;
      if (!Array.isArray(t.methods) || t.methods.length === 0) throw new EmptyCompoundError(t.name);
    } else if (t.kind === 'primitive') {
      taskKind[i] = TaskKind.Primitive;
      primDefs[i] = t;
      checkCost(t.cost, t.name, `task ${t.name}`);
      if (t.interrupt !== undefined && !INTERRUPT_POLICIES.includes(t.interrupt)) {
        throw new TaskDefinitionError('BAD_INTERRUPT', t.name, `Task "${t.name}" has interrupt policy ${JSON.stringify(t.interrupt)}; expected one of ${INTERRUPT_POLICIES.join(', ')}.`);
      }
      if (t.operator !== undefined && (typeof t.operator !== 'string' || t.operator === '')) {
        throw new TaskDefinitionError('BAD_OPERATOR', t.name, `Task "${t.name}" needs a non-empty string operator.`);
      }
    } else {
      taskKind[i] = TaskKind.Delegate;
      if (typeof t.delegate !== 'string' || t.delegate === '') {
        throw new TaskDefinitionError('BAD_DELEGATE', t.name, `Delegate task "${t.name}" needs the name of a registered sub-planner.`);
      }
      delegateNames[i] = t.delegate;
    }
    const args = 'args' in t && t.args !== undefined ? checkArgs(t.args, t.name) : NO_ARGS;
    defaultCall[i] = callTask.length;
    callTask.push(i);
    callArgs.push(args);
  });
  defaultCall[pauseTask] = callTask.length;
  callTask.push(pauseTask);
  callArgs.push(NO_ARGS);

  const methodStart = new Int32Array(n + 1);
  const methodEnd = new Int32Array(n + 1);
  const methodNames: string[] = [];
  const methodConds: ConditionList[] = [];
  const methodCost: number[] = [];
  const methodSubStart: number[] = [];
  const methodSubEnd: number[] = [];
  const methodFn: (SubtaskFn | null)[] = [];
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
  };
  tasks.forEach((t, i) => {
    if (t.kind !== 'compound') return;
    methodStart[i] = methodNames.length;
    t.methods.forEach((m: MethodDef, k: number) => {
      const name = m && typeof m.name === 'string' ? m.name : `${t.name}#${k}`;
      where = `method ${name} of task ${t.name}`;
      if (!m || typeof m !== 'object') throw new TaskDefinitionError('BAD_METHOD', t.name, `Method #${k} of task "${t.name}" is not an object.`);
      checkFields(m, METHOD_FIELDS, where);
      checkCost(m.cost, t.name, where);
      methodNames.push(name);
      methodConds.push(compileConditions(schema, listOf(m.conditions, t.name, 'conditions'), where));
      methodCost.push(m.cost ?? 0);
      methodSubStart.push(subCalls.length);
      if (typeof m.subtasks === 'function') methodFn.push(m.subtasks);
      else if (Array.isArray(m.subtasks)) {
        methodFn.push(null);
        for (const ref of m.subtasks) subCalls.push(subtaskCall(sink, ref, -1));
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
  const parameterised = (task: number) => {
    const p = primDefs[task]!;
    return p.args === undefined && [p.conditions, p.executing, p.effects, p.expectedEffects].some((f) => typeof f === 'function');
  };
  const callStep = callTask.map((task, c) =>
    taskKind[task] === TaskKind.Primitive && !(c === defaultCall[task] && parameterised(task)) ? instantiate(task, callArgs[c]) : null,
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
    subCalls: Int32Array.from(subCalls),
    callTask: Int32Array.from(callTask),
    callArgs,
    callStep,
    defaultCall,
    delegateNames,
    operators: [...new Set(primDefs.filter((p) => p !== null).map((p) => p.operator ?? p.name))].sort(),
    pauseTask,
    pauseCall: defaultCall[pauseTask],
    instantiate,
  };
  return new HtnDomain(schema, { ...tables, fast: fastTables(tables) });
}

function listOf<T>(src: ArgList<T> | undefined, task: string, field: string): readonly T[] {
  if (src === undefined) return NO_ARGS as readonly T[];
  if (!Array.isArray(src)) throw new TaskDefinitionError('BAD_LIST', task, `Field ${field} of task "${task}" must be an array.`);
  return src;
}

function callList<T>(fn: (args: readonly unknown[]) => readonly T[], args: readonly unknown[], task: string, field: string): readonly T[] {
  const out = fn(args);
  if (!Array.isArray(out)) throw new TaskDefinitionError('BAD_LIST', task, `Field ${field} of task "${task}" returned ${typeof out}, not an array.`);
  return out;
}

function checkCost(cost: number | undefined, task: string, where: string): void {
  if (cost === undefined) return;
  if (typeof cost !== 'number' || !Number.isFinite(cost) || cost < 0) {
    throw new TaskDefinitionError('BAD_COST', task, `Cost ${String(cost)} in ${where} must be a finite number >= 0.`);
  }
}

function checkArgs(args: readonly unknown[], task: string): readonly unknown[] {
  if (!Array.isArray(args)) throw new TaskDefinitionError('BAD_ARGS', task, `Arguments of task "${task}" must be an array.`);
  return Object.freeze(args.slice());
}
