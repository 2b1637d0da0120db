// Small fake planners and operators for the runner's tests: they implement
// AgentPlanner the way the htn and goap adapters do, without importing either.
import {
  planFound,
  noPlan,
  bool,
  compileConditions,
  compileEffects,
  defineSchema,
  int,
  validatePlan,
  createState,
  firstFailing,
  type AgentPlanner,
  type ConditionDef,
  type EffectDef,
  type InterruptPolicy,
  type Plan,
  type PlanStep,
  type Schema,
} from '@dualplan/world-state';
import type { Operator } from '../contract/Operator.js';
import { OperatorStatus } from '../contract/OperatorStatus.js';
import type { RunnerEvent } from '../events/RunnerEvent.js';

export function testSchema() {
  return defineSchema({
    A: bool(true),
    B: bool(true),
    Seen: bool(),
    Count: int(0, 10),
    Power: int(0, 3),
    Tired: bool(),
    Navigating: bool(),
    Shield: bool(),
  });
}

export interface StepSpec {
  operator?: string;
  args?: unknown[];
  conditions?: ConditionDef[];
  executing?: ConditionDef[];
  effects?: EffectDef[];
  expected?: EffectDef[];
  cost?: number;
  interrupt?: InterruptPolicy;
  sourceId?: number;
}

export function makeStep(schema: Schema, task: string, spec: StepSpec = {}): PlanStep {
  const where = `task ${task}`;
  return {
    task,
    operator: spec.operator ?? 'Op',
    args: spec.args ?? [task],
    conditions: compileConditions(schema, spec.conditions ?? [], where),
    executing: compileConditions(schema, spec.executing ?? [], where),
    effects: compileEffects(schema, spec.effects ?? [], where),
    expectedEffects: compileEffects(schema, spec.expected ?? [], where),
    cost: spec.cost ?? 1,
    interrupt: spec.interrupt ?? 'immediate',
    sourceId: spec.sourceId ?? 0,
  };
}

export function makePlan<M>(planner: string, steps: PlanStep[], meta: M): Plan<M> {
  return { planner, steps, cost: steps.reduce((c, s) => c + s.cost, 0), meta, stats: { expanded: 0, generated: 0, backtracks: 0 } };
}

/** HTN-like: methods in priority order; the MTR is the method's index path. Replace only on strictly higher priority. */
export interface FakeMethod {
  mtr: number[];
  when?: ConditionDef[];
  steps: PlanStep[];
}
export function mtrPlanner(schema: Schema, methods: FakeMethod[]): AgentPlanner & { calls: number } {
  const scratch = createState(schema);
  const compiled = methods.map((m) => ({ ...m, cond: compileConditions(schema, m.when ?? []) }));
  return {
    kind: 'htn',
    operators: [...new Set(methods.flatMap((m) => m.steps.map((s) => s.operator)))],
    calls: 0,
    plan(state, ctx) {
      this.calls++;
      for (const m of compiled) {
        if (firstFailing(m.cond, state, ctx) < 0 && validatePlan(m.steps, 0, state, scratch, ctx).step < 0) {
          return planFound(makePlan('htn', m.steps, { mtr: m.mtr }), `mtr ${m.mtr.join('.')}`);
        }
      }
      return noPlan('no method applies');
    },
    shouldReplace(candidate, running) {
      const a = (candidate.meta as { mtr: number[] }).mtr;
      const b = (running.meta as { mtr: number[] }).mtr;
      for (let i = 0; i < Math.min(a.length, b.length); i++) {
        if (a[i] < b[i]) return { replace: true, reason: `MTR ${a.join('.')} beats ${b.join('.')}` };
        if (a[i] > b[i]) return { replace: false, reason: `MTR ${a.join('.')} is lower priority than ${b.join('.')}` };
      }
      return { replace: false, reason: `MTR ${a.join('.')} equals ${b.join('.')}` };
    },
  };
}

/** GOAP-like: the highest-priority valid goal wins; actions per goal by cost plus failure penalty. */
export interface FakeGoal {
  name: string;
  priority: number;
  when?: ConditionDef[];
  /** Alternative plans for the goal; the cheapest (cost + penalties) valid one is chosen. */
  options: PlanStep[][];
}
export function goalPlanner(schema: Schema, goals: FakeGoal[]): AgentPlanner & { calls: number; penalties: Map<number, number>; failed: PlanStep[] } {
  const scratch = createState(schema);
  const compiled = goals.map((g) => ({ ...g, cond: compileConditions(schema, g.when ?? []) })).sort((a, b) => b.priority - a.priority);
  const penalties = new Map<number, number>();
  const price = (steps: PlanStep[]) => steps.reduce((c, s) => c + s.cost + (penalties.get(s.sourceId) ?? 0), 0);
  return {
    kind: 'goap',
    operators: [...new Set(goals.flatMap((g) => g.options.flat().map((s) => s.operator)))],
    calls: 0,
    penalties,
    failed: [],
    plan(state, ctx) {
      this.calls++;
      for (const g of compiled) {
        if (firstFailing(g.cond, state, ctx) >= 0) continue;
        const valid = g.options.filter((o) => validatePlan(o, 0, state, scratch, ctx).step < 0).sort((x, y) => price(x) - price(y));
        if (valid.length > 0) return planFound(makePlan('goap', valid[0], { goal: g.name, priority: g.priority }), `goal ${g.name}`);
      }
      return noPlan('no valid goal');
    },
    shouldReplace(candidate, running) {
      const a = candidate.meta as { goal: string; priority: number };
      const b = running.meta as { goal: string; priority: number };
      return a.priority > b.priority
        ? { replace: true, reason: `goal ${a.goal} (${a.priority}) outranks ${b.goal} (${b.priority})` }
        : { replace: false, reason: `goal ${a.goal} does not outrank ${b.goal}` };
    },
    stepFailed(step) {
      this.failed.push(step);
      penalties.set(step.sourceId, (penalties.get(step.sourceId) ?? 0) + 10);
    },
  };
}

/** An operator that returns the scripted outcomes in order (then keeps returning the last), recording calls. */
export function scriptedOperator(outcomes: OperatorStatus[] | ((args: readonly unknown[], call: number) => OperatorStatus)) {
  const log: string[] = [];
  let calls = 0;
  const op: Operator & { log: string[] } = {
    log,
    start: (args) => {
      log.push(`start ${String(args[0])}`);
    },
    update: (args) => {
      const n = calls++;
      log.push(`update ${String(args[0])}`);
      return typeof outcomes === 'function' ? outcomes(args, n) : outcomes[Math.min(n, outcomes.length - 1)];
    },
    abort: (args) => {
      log.push(`abort ${String(args[0])}`);
    },
  };
  return op;
}

/** Succeeds after `ticks` updates of the same step (per start). */
export function timedOperator(ticks: number) {
  const log: string[] = [];
  let left = 0;
  const op: Operator & { log: string[] } = {
    log,
    start: (args) => {
      left = ticks;
      log.push(`start ${String(args[0])}`);
    },
    update: () => (--left <= 0 ? OperatorStatus.Success : OperatorStatus.Running),
    abort: (args) => {
      log.push(`abort ${String(args[0])}`);
    },
  };
  return op;
}

export function collect(): { events: RunnerEvent[]; onEvent: (e: RunnerEvent) => void; types: () => string[] } {
  const events: RunnerEvent[] = [];
  return {
    events,
    onEvent: (e) => events.push(e),
    types: () => events.map((e) => ('step' in e ? `${e.type}:${e.step.task}` : e.type)),
  };
}

export const fixedClock = () => 0;
