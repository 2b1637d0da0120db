import { applyEffects, ChangeSource, createState, firstFailing, type PlanStep, type Schema, type SubPlanner, type WorldState } from '@dualplan/world-state';
import { Heap } from 'heap-js';
import { TaskKind, type Domain } from './Domain.js';
import type { SubtaskDef } from './DomainDef.js';
import { UndefinedTaskError } from './errors.js';
import type { HtnOutcome } from './HtnPlan.js';

interface Cell<T> {
  readonly value: T;
  readonly next: Cell<T> | null;
}

interface Call {
  readonly task: number;
  readonly args: readonly unknown[];
  /** Static call id, or -1. */
  readonly call: number;
}

interface Node {
  readonly cost: number;
  readonly seq: number;
  readonly tasks: Cell<Call> | null;
  readonly words: Int32Array;
  readonly plan: Cell<PlanStep> | null;
  readonly mtr: Cell<number> | null;
  readonly depth: number;
}

/** Settings shared with {@link Planner}. */
export interface BestFirstSettings<Ctx> {
  readonly rootCalls: readonly SubtaskDef[] | number;
  readonly rootArgs?: readonly unknown[];
  readonly rootName: string;
  readonly maxSteps: number;
  readonly maxDepth: number;
  readonly delegates: readonly (SubPlanner<Ctx> | null)[];
  readonly stepCache: Map<string, PlanStep>;
}

/**
 * Cost-based best-first decomposition (002: Unreal's plan heap): every
 * applicable method of a compound is a branch, method costs and primitive costs
 * add up, and the cheapest complete decomposition wins (ties: earlier method
 * order). Pause points are ignored: the result is always a full plan.
 * Allocates per node; use the default ordered search in hot paths.
 */
export function bestFirstSearch<Ctx>(domain: Domain, state: WorldState<any>, ctx: Ctx, s: BestFirstSettings<Ctx>): HtnOutcome {
  const ws = createState(domain.schema as Schema).copyFrom(state);
  const heap = new Heap<Node>((a, b) => a.cost - b.cost || a.seq - b.seq);
  let seq = 0;
  let tasks: Cell<Call> | null = null;
  if (typeof s.rootCalls === 'number') {
    const args = s.rootArgs ?? domain.callArgs[domain.defaultCall[s.rootCalls]];
    tasks = { value: { task: s.rootCalls, args, call: s.rootArgs ? -1 : domain.defaultCall[s.rootCalls] }, next: null };
  } else tasks = prepend(domain, s.rootCalls, null, 'the planned task list');
  heap.push({ cost: 0, seq: seq++, tasks, words: ws.words.slice(), plan: null, mtr: null, depth: 0 });
  let expanded = 0;
  let generated = 1;
  const stats = () => ({ expanded, generated, backtracks: 0 });
  while (heap.size() > 0) {
    if (++expanded > s.maxSteps) return { status: 'budget', plan: null, reason: `step budget of ${s.maxSteps} exhausted` };
    const node = heap.pop()!;
    if (node.tasks === null) return found(node, s.rootName, stats());
    const { task, args, call } = node.tasks.value;
    const rest = node.tasks.next;
    ws.words.set(node.words);
    const child = (cost: number, next: Cell<Call> | null, plan: Cell<PlanStep> | null, mtr: Cell<number> | null, depth: number) => {
      generated++;
      heap.push({ cost, seq: seq++, tasks: next, words: ws.words.slice(), plan, mtr, depth });
    };
    const kind = domain.taskKind[task];
    if (kind === TaskKind.Primitive) {
      const step = (call >= 0 ? domain.callStep[call] : null) ?? cachedStep(domain, s.stepCache, task, args);
      if (tryStep(step, ws, ctx)) child(node.cost + step.cost, rest, { value: step, next: node.plan }, node.mtr, node.depth);
    } else if (kind === TaskKind.Compound) {
      if (node.depth >= s.maxDepth) continue;
      const first = domain.methodStart[task];
      for (let m = first; m < domain.methodEnd[task]; m++) {
        ws.words.set(node.words);
        if (firstFailing(domain.methodConds[m], ws, ctx) >= 0) continue;
        const fn = domain.methodFn[m];
        let next: Cell<Call> | null = rest;
        if (fn) {
          const refs = fn(ws, ctx, args);
          if (!refs) continue;
          next = prepend(domain, refs, rest, `the subtasks of method ${domain.methodNames[m]}`);
        } else {
          for (let i = domain.methodSubEnd[m] - 1; i >= domain.methodSubStart[m]; i--) {
            const c = domain.subCalls[i];
            next = { value: { task: domain.callTask[c], args: domain.callArgs[c], call: c }, next };
          }
        }
        child(node.cost + domain.methodCost[m], next, node.plan, { value: m - first, next: node.mtr }, node.depth + 1);
      }
    } else if (kind === TaskKind.Delegate) {
      const outcome = s.delegates[task]!(ws, ctx, args);
      if (outcome.status !== 'found' || !outcome.plan) continue;
      let plan = node.plan;
      let cost = node.cost;
      let ok = true;
      for (const step of outcome.plan.steps) {
        if (!(ok = tryStep(step, ws, ctx))) break;
        plan = { value: step, next: plan };
        cost += step.cost;
      }
      if (ok) child(cost, rest, plan, node.mtr, node.depth);
    } else child(node.cost, rest, node.plan, node.mtr, node.depth);
  }
  return { status: 'none', plan: null, reason: `no plan: no decomposition of ${s.rootName} is valid in this state` };
}

function tryStep(step: PlanStep, ws: WorldState<any>, ctx: unknown): boolean {
  if (firstFailing(step.conditions, ws, ctx) >= 0) return false;
  return applyEffects(step.effects, ws, ctx, ChangeSource.Planning) < 0 && applyEffects(step.expectedEffects, ws, ctx, ChangeSource.Planning) < 0;
}

function cachedStep(domain: Domain, cache: Map<string, PlanStep>, task: number, args: readonly unknown[]): PlanStep {
  const key = `${task}:${JSON.stringify(args)}`;
  let step = cache.get(key);
  if (!step) cache.set(key, (step = domain.instantiate(task, args)));
  return step;
}

function prepend(domain: Domain, refs: readonly SubtaskDef[], rest: Cell<Call> | null, where: string): Cell<Call> | null {
  let next = rest;
  for (let i = refs.length - 1; i >= 0; i--) {
    const ref = refs[i];
    if (typeof ref !== 'string' && 'pause' in ref) {
      next = { value: { task: domain.pauseTask, args: [], call: domain.pauseCall }, next };
      continue;
    }
    const name = typeof ref === 'string' ? ref : ref.task;
    const id = domain.taskId(name);
    if (id < 0) throw new UndefinedTaskError(name, where);
    const args = typeof ref !== 'string' && ref.args !== undefined ? ref.args : null;
    next = { value: { task: id, args: args ?? domain.callArgs[domain.defaultCall[id]], call: args ? -1 : domain.defaultCall[id] }, next };
  }
  return next;
}

function found(node: Node, root: string, stats: { expanded: number; generated: number; backtracks: number }): HtnOutcome {
  const steps: PlanStep[] = [];
  for (let c = node.plan; c; c = c.next) steps.push(c.value);
  steps.reverse();
  const mtr: number[] = [];
  for (let c = node.mtr; c; c = c.next) mtr.push(c.value);
  mtr.reverse();
  return {
    status: 'found',
    plan: { planner: 'htn', steps, cost: node.cost, meta: { root, mtr, partial: false, continuation: null }, stats },
    reason: root,
  };
}
