import { onceScope, type ActionCost, type ActionSet, type ConditionList, type PlanStep, type Schema, type StepScope } from '@dualplan/world-state';
import type { SubtaskFn, UtilityFn } from './HtnDomainDef.js';
import type { FastTables } from './FastTables.js';
import { PARALLEL_MARK } from './parallelTasks.js';

/** Task kinds as stored in {@link HtnDomain.taskKind}. */
export const TaskKind = /* @__PURE__ */ Object.freeze({ Primitive: 0, Compound: 1, Delegate: 2, Pause: 3, Slot: 4 } as const);

/** Method selection codes as stored in {@link HtnDomain.taskSelect} (`select: 'first' | 'random' | 'utility'`). */
export const Select = /* @__PURE__ */ Object.freeze({ First: 0, Random: 1, Utility: 2 } as const);
export type Select = (typeof Select)[keyof typeof Select];
export type TaskKind = (typeof TaskKind)[keyof typeof TaskKind];

/** @internal the tables {@link compileHtnDomain} fills in. */
export interface DomainTables {
  name: string;
  root: number;
  taskNames: string[];
  taskKind: Uint8Array;
  ids: Map<string, number>;
  methodStart: Int32Array;
  methodEnd: Int32Array;
  methodNames: string[];
  methodConds: ConditionList[];
  methodCost: Float64Array;
  methodSubStart: Int32Array;
  methodSubEnd: Int32Array;
  methodFn: (SubtaskFn | null)[];
  taskSelect: Uint8Array;
  adjustable: Uint8Array;
  methodWeight: Float64Array;
  methodUtility: (UtilityFn | null)[];
  methodScore: Float64Array;
  slots: string[];
  slotOf: Int32Array;
  methodCheck: Uint8Array;
  methodScopes: (readonly StepScope[] | null)[];
  scopeEndCall: number;
  subCalls: Int32Array;
  callTask: Int32Array;
  callArgs: (readonly unknown[])[];
  callStep: (PlanStep | null)[];
  defaultCall: Int32Array;
  delegateNames: (string | null)[];
  operators: string[];
  actions: ActionSet<string, string, any, any>;
  costFns: (ActionCost | null)[];
  pauseTask: number;
  pauseCall: number;
  instantiate: (task: number, args: readonly unknown[]) => PlanStep;
  fast: FastTables;
}

/**
 * A compiled, validated HTN domain: tasks are integer ids, method subtasks are
 * call ids in one `Int32Array`, and every static primitive call already has its
 * {@link PlanStep}, so planning a static domain allocates nothing. Immutable and
 * shared by every planner (and agent) that uses it. Build one with
 * {@link compileHtnDomain} or {@link htnDomainBuilder}.
 * @example
 * const domain = compileHtnDomain(defineActions(schema, [{ name: 'Idle' }]), { root: 'Root', tasks: [{ kind: 'compound', name: 'Root', methods: [{ subtasks: ['Idle'] }] }] });
 * domain.taskId('Idle'); // 0: actions come first
 */
export class HtnDomain<S extends Schema = Schema, Op extends string = string> {
  readonly schema: S;
  /** The action set whose actions are the primitive tasks (task ids `0..actions.actions.length-1`). */
  readonly actions: ActionSet<string, Op, any, S>;
  /** Per task: the action's dynamic cost, evaluated once per plan against the start state, or null. */
  readonly costFns: readonly (ActionCost | null)[];
  readonly name: string;
  /** Default root task id, or -1. */
  readonly root: number;
  readonly taskNames: readonly string[];
  readonly taskKind: Uint8Array;
  /** Per compound task: its methods are `methodStart[t] .. methodEnd[t]-1`. */
  readonly methodStart: Int32Array;
  readonly methodEnd: Int32Array;
  readonly methodNames: readonly string[];
  readonly methodConds: readonly ConditionList[];
  readonly methodCost: Float64Array;
  /** Static subtasks of method m: call ids `subCalls[methodSubStart[m] .. methodSubEnd[m]-1]`. */
  readonly methodSubStart: Int32Array;
  readonly methodSubEnd: Int32Array;
  /** Per method: the function computing its subtasks, or null for a static list. */
  readonly methodFn: readonly (SubtaskFn | null)[];
  /** Per task: how a compound picks its method ({@link Select}). */
  readonly taskSelect: Uint8Array;
  /** Per task: 1 for a compound marked `adjustable` (its part of a running plan may be planned again alone), else 0. */
  readonly adjustable: Uint8Array;
  /** Per method: its weight under `select: 'random'` (default 1). */
  readonly methodWeight: Float64Array;
  /** Per method: its utility function under `select: 'utility'`, or null (then {@link methodScore} is its utility). */
  readonly methodUtility: readonly (UtilityFn | null)[];
  readonly methodScore: Float64Array;
  /** Per method: when its conditions are checked, 0 `'plan'`, 1 `'step'`, 2 `'tick'`; 3: at plan time, and its subtree is a decorated scope. */
  readonly methodCheck: Uint8Array;
  /** Per method: the decorated scopes (its compound's, its own) its steps carry, or null. */
  readonly methodScopes: readonly (readonly StepScope[] | null)[];
  /** The call that ends a checked method's subtree (a pause-task call with marker arguments), appended to its subtasks. */
  readonly scopeEndCall: number;
  /** True when some method has `check: 'step' | 'tick'`: the planner then runs every call the general way. */
  readonly hasChecks: boolean;
  /** True when the domain has a parallel task (its plans are post-processed into `plan.parallel` sections). */
  readonly hasParallel: boolean;
  /**
   * True when some action is decorated `once`: the planner then runs every call the general way, which refuses a
   * `once` action already in the plan it is building (the runner would run it only once).
   */
  readonly hasOnce: boolean;
  /** @internal Parallel tasks whose branches reach what only planning knows, so each plan's section is checked again. */
  readonly checkedAtPlanTime = new Set<string>();
  /** The slots the domain declares, by slot index. */
  readonly slots: readonly string[];
  /** Per task: its slot index, or -1. */
  readonly slotOf: Int32Array;
  readonly subCalls: Int32Array;
  /** Static calls (a task with fixed arguments): task id, args, and the prebuilt step for primitives. */
  readonly callTask: Int32Array;
  readonly callArgs: readonly (readonly unknown[])[];
  readonly callStep: readonly (PlanStep | null)[];
  /** Per task: the call with its default arguments. */
  readonly defaultCall: Int32Array;
  readonly delegateNames: readonly (string | null)[];
  /** Every operator id of the domain's primitive tasks, sorted (delegates' sub-planners bring their own). */
  readonly operators: readonly Op[];
  /** The built-in pause task and its call. */
  readonly pauseTask: number;
  readonly pauseCall: number;
  /** @internal flat tables for the planner's hot loop. */
  readonly fast: FastTables;
  /** @internal the compiled tables, for {@link mergeDomains} (plugging a slot compiles a sub-domain in). */
  readonly tables: DomainTables;
  private readonly ids: Map<string, number>;
  private readonly make: (task: number, args: readonly unknown[]) => PlanStep;

  /** @internal use {@link compileHtnDomain}. */
  constructor(schema: S, t: DomainTables) {
    this.schema = schema;
    this.tables = t;
    this.name = t.name;
    this.root = t.root;
    this.taskNames = t.taskNames;
    this.taskKind = t.taskKind;
    this.ids = t.ids;
    this.methodStart = t.methodStart;
    this.methodEnd = t.methodEnd;
    this.methodNames = t.methodNames;
    this.methodConds = t.methodConds;
    this.methodCost = t.methodCost;
    this.methodSubStart = t.methodSubStart;
    this.methodSubEnd = t.methodSubEnd;
    this.methodFn = t.methodFn;
    this.taskSelect = t.taskSelect;
    this.adjustable = t.adjustable;
    this.methodWeight = t.methodWeight;
    this.methodUtility = t.methodUtility;
    this.methodScore = t.methodScore;
    this.slots = Object.freeze(t.slots.slice());
    this.methodCheck = t.methodCheck;
    this.methodScopes = t.methodScopes;
    this.scopeEndCall = t.scopeEndCall;
    this.hasChecks = t.methodCheck.some((c) => c !== 0);
    this.hasParallel = t.callArgs.some((a) => a[0] === PARALLEL_MARK);
    this.hasOnce = t.actions.actions.some((a) => a.decorators !== null && onceScope(a.decorators) !== null);
    this.slotOf = t.slotOf;
    this.subCalls = t.subCalls;
    this.callTask = t.callTask;
    this.callArgs = t.callArgs;
    this.callStep = t.callStep;
    this.defaultCall = t.defaultCall;
    this.delegateNames = t.delegateNames;
    this.operators = Object.freeze(t.operators.slice()) as readonly Op[];
    this.actions = t.actions as unknown as ActionSet<string, Op, any, S>;
    this.costFns = t.costFns;
    this.pauseTask = t.pauseTask;
    this.pauseCall = t.pauseCall;
    this.fast = t.fast;
    this.make = t.instantiate;
  }

  /** Number of static calls. Dynamic calls made while planning get ids from here up. */
  get staticCalls(): number {
    return this.callTask.length;
  }

  /** The id of a task, or -1 when undefined. */
  taskId(name: string): number {
    return this.ids.get(name) ?? -1;
  }

  /** A new step for primitive `task` with `args` (compiles arg-dependent conditions and effects; allocates). */
  instantiate(task: number, args: readonly unknown[]): PlanStep {
    return this.make(task, args);
  }
}
