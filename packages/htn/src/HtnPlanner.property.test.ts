import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  applyEffects,
  bool,
  ChangeSource,
  createState,
  defineSchema,
  firstFailing,
  int,
  type ConditionDef,
  type EffectDef,
  type PlanStep,
  type WorldState,
  defineActions,
  type ActionDef,
} from '@dualplan/world-state';
import { compileHtnDomain } from './domain/compileHtnDomain.js';
import { TaskKind, type HtnDomain } from './domain/HtnDomain.js';
import type { TaskDef } from './domain/HtnDomainDef.js';
import { compareMtr } from './diagnostics/compareMtr.js';
import { HtnPlanner } from './HtnPlanner.js';

const schema = defineSchema({ b0: bool(), b1: bool(), b2: bool(), i0: int(0, 3), i1: int(0, 3) });
const KEYS = ['b0', 'b1', 'b2', 'i0', 'i1'] as const;
const INT_OPS = ['==', '!=', '<', '<=', '>', '>='] as const;
const P = 5;
const C = 3;

const condArb = fc.record({ key: fc.nat(4), op: fc.nat(5), value: fc.nat(3) });
const effArb = fc.record({ key: fc.nat(4), kind: fc.nat(2), value: fc.nat(3) });
const primArb = fc.record({
  conds: fc.array(condArb, { maxLength: 2 }),
  effs: fc.array(effArb, { maxLength: 2 }),
  expected: fc.array(effArb, { maxLength: 1 }),
  cost: fc.nat(3),
});
const methodArb = fc.record({ conds: fc.array(condArb, { maxLength: 2 }), subs: fc.array(fc.nat(P + C - 1), { maxLength: 3 }), cost: fc.nat(2) });
const domainArb = fc.record({
  prims: fc.array(primArb, { minLength: P, maxLength: P }),
  comps: fc.array(fc.array(methodArb, { minLength: 1, maxLength: 3 }), { minLength: C, maxLength: C }),
  start: fc.array(fc.nat(3), { minLength: 5, maxLength: 5 }),
});
type Spec = typeof domainArb extends fc.Arbitrary<infer T> ? T : never;

const cond = (c: { key: number; op: number; value: number }): ConditionDef =>
  c.key < 3 ? { key: KEYS[c.key], op: c.op % 2 ? '!=' : '==', value: c.value % 2 === 1 } : { key: KEYS[c.key], op: INT_OPS[c.op], value: c.value };
const eff = (e: { key: number; kind: number; value: number }): EffectDef =>
  e.key < 3
    ? { key: KEYS[e.key], op: 'set', value: e.value % 2 === 1 }
    : e.kind === 0
      ? { key: KEYS[e.key], op: 'set', value: e.value }
      : { key: KEYS[e.key], op: e.kind === 1 ? 'add' : 'sub', value: e.value };
const name = (i: number) => (i < P ? `p${i}` : `c${i - P}`);

function build(spec: Spec): HtnDomain {
  const actions = defineActions(
    schema,
    spec.prims.map((p, i): ActionDef => ({
      name: name(i),
      conditions: p.conds.map(cond),
      effects: p.effs.map(eff),
      expectedEffects: p.expected.map(eff),
      cost: p.cost,
    })),
  );
  const tasks = spec.comps.map((methods, i): TaskDef => ({
    kind: 'compound',
    name: name(P + i),
    methods: methods.map((m) => ({ conditions: m.conds.map(cond), subtasks: m.subs.map(name), cost: m.cost })),
  }));
  return compileHtnDomain(actions, { root: 'c0', tasks });
}

function startState(spec: Spec): WorldState<any> {
  const s = createState(schema);
  spec.start.forEach((v, i) => (s.values[i] = i < 3 ? v % 2 : v));
  return s;
}

class Abort extends Error {}

/**
 * Reference planner: plain recursion over the task list, methods in order,
 * full chronological backtracking; every solution in DFS order is enumerated
 * (the ordered planner must return the first, best-first the cheapest).
 */
function* solutions(
  d: HtnDomain,
  tasks: number[],
  state: WorldState<any>,
  depth: number,
  maxDepth: number,
  budget: { left: number },
): Generator<{ steps: PlanStep[]; mtr: number[]; cost: number }> {
  if (--budget.left < 0) throw new Abort();
  if (tasks.length === 0) {
    yield { steps: [], mtr: [], cost: 0 };
    return;
  }
  const [t, ...rest] = tasks;
  if (d.taskKind[t] === TaskKind.Primitive) {
    const step = d.callStep[d.defaultCall[t]]!;
    if (firstFailing(step.conditions, state) >= 0) return;
    const next = state.clone();
    applyEffects(step.effects, next, undefined, ChangeSource.Planning);
    applyEffects(step.expectedEffects, next, undefined, ChangeSource.Planning);
    for (const s of solutions(d, rest, next, depth, maxDepth, budget)) yield { steps: [step, ...s.steps], mtr: s.mtr, cost: s.cost + step.cost };
    return;
  }
  if (depth >= maxDepth) throw new Abort();
  for (let m = d.methodStart[t]; m < d.methodEnd[t]; m++) {
    if (firstFailing(d.methodConds[m], state) >= 0) continue;
    const subs = Array.from(d.subCalls.subarray(d.methodSubStart[m], d.methodSubEnd[m]), (c) => d.callTask[c]);
    for (const s of solutions(d, [...subs, ...rest], state, depth + 1, maxDepth, budget)) {
      yield { steps: s.steps, mtr: [m - d.methodStart[t], ...s.mtr], cost: s.cost + d.methodCost[m] };
    }
  }
}

/** Simulate a plan from the start: every step's conditions must hold when it is reached. */
function simulate(steps: readonly PlanStep[], start: WorldState<any>): boolean {
  const s = start.clone();
  for (const step of steps) {
    if (firstFailing(step.conditions, s) >= 0) return false;
    applyEffects(step.effects, s, undefined, ChangeSource.Planning);
    applyEffects(step.expectedEffects, s, undefined, ChangeSource.Planning);
  }
  return true;
}

describe('random domains (fast-check)', () => {
  it('every plan is valid when simulated from the start, and equals the first DFS decomposition', () => {
    let found = 0;
    let backtracked = 0;
    fc.assert(
      fc.property(domainArb, (spec) => {
        const d = build(spec);
        const start = startState(spec);
        const outcome = new HtnPlanner(d, { maxDepth: 8, maxSteps: 50_000 }).plan(start);
        if (outcome.status === 'budget') return;
        let first: { steps: PlanStep[]; mtr: number[] } | undefined;
        try {
          first = solutions(d, [d.root], start, 0, 8, { left: 200_000 }).next().value ?? undefined;
        } catch (e) {
          if (e instanceof Abort) return;
          throw e;
        }
        if (!first) {
          expect(outcome.status).toBe('none');
          return;
        }
        found++;
        expect(outcome.status).toBe('found');
        if (outcome.plan!.stats.backtracks > 0) backtracked++;
        expect(simulate(outcome.plan!.steps, start)).toBe(true);
        expect(outcome.plan!.steps.map((s) => s.task)).toEqual(first.steps.map((s) => s.task));
        expect(outcome.plan!.meta.mtr).toEqual(first.mtr);
      }),
      { numRuns: 300, seed: 42 },
    );
    expect(found).toBeGreaterThan(20);
    expect(backtracked).toBeGreaterThan(5);
  });

  it('best-first returns a valid plan of minimum total cost', () => {
    let compared = 0;
    fc.assert(
      fc.property(domainArb, (spec) => {
        const d = build(spec);
        const start = startState(spec);
        let best = Infinity;
        try {
          for (const s of solutions(d, [d.root], start, 0, 6, { left: 20_000 })) best = Math.min(best, s.cost);
        } catch (e) {
          if (e instanceof Abort) return;
          throw e;
        }
        const outcome = new HtnPlanner(d, { mode: 'best-first', maxDepth: 6, maxSteps: 200_000 }).plan(start);
        if (best === Infinity) {
          expect(outcome.status).not.toBe('found');
          return;
        }
        expect(outcome.status).toBe('found');
        expect(simulate(outcome.plan!.steps, start)).toBe(true);
        expect(outcome.plan!.cost).toBe(best);
        compared++;
      }),
      { numRuns: 200, seed: 7 },
    );
    expect(compared).toBeGreaterThan(20);
  });

  it('MTR pruning returns the unpruned plan when that plan is at least as high priority, and never a lower one', () => {
    let kept = 0;
    fc.assert(
      fc.property(domainArb, fc.array(fc.nat(2), { maxLength: 4 }), (spec, against) => {
        const d = build(spec);
        const start = startState(spec);
        const planner = new HtnPlanner(d, { maxDepth: 8, maxSteps: 50_000 });
        const free = planner.plan(start);
        if (free.status !== 'found') return;
        const freeSteps = free.plan!.steps.map((x) => x.task);
        const freeMtr = [...free.plan!.meta.mtr];
        const pruned = planner.plan(start, undefined, { against });
        if (pruned.status === 'found') expect(compareMtr(pruned.plan!.meta.mtr, against)).toBeLessThanOrEqual(0);
        if (compareMtr(freeMtr, against) <= 0) {
          kept++;
          expect(pruned.status).toBe('found');
          expect(pruned.plan!.steps.map((x) => x.task)).toEqual(freeSteps);
        } else expect(pruned.status).not.toBe('found');
      }),
      { numRuns: 300, seed: 3 },
    );
    expect(kept).toBeGreaterThan(20);
  });
});
