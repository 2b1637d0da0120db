import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  ChangeSource,
  createState,
  eq,
  noPlan,
  planFound,
  set,
  validatePlan,
  type AgentPlanner,
  type Plan,
  type PlanAmendment,
  type PlanStep,
} from '@dualplan/world-state';
import { createAgent } from '../agent/Agent.js';
import { OperatorStatus } from '../contract/OperatorStatus.js';
import type { Operator } from '../contract/Operator.js';
import type { OutcomeEventSink, RunnerEvent, RunnerEventListener, StepEventSink } from '../events/RunnerEvent.js';
import { formatPlan } from '../events/formatEvent.js';
import { fixedClock, makePlan, makeStep, testSchema } from '../testing/fakes.js';

const schema = testSchema();
const k = schema.keys;

// Two agents built alike from one random scenario: one heard by a plain listener (event objects), the other by a
// listener with a step sink and an outcome sink. What the sinks are handed must be what the objects carry, event
// for event and in the same order; and the sinks' owner gets no object for an event a sink takes.

const scenarioArb = fc.record({
  /** Per step: whether it needs A, whether it sets A or B, its operator's outcomes. */
  steps: fc.array(fc.record({ needsA: fc.boolean(), setsA: fc.boolean(), setsB: fc.boolean() }), { minLength: 2, maxLength: 6 }),
  plans: fc.array(fc.array(fc.nat(5), { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 3 }),
  /** A race (or a parallel section) over steps [1, split, end) of each plan long enough. */
  parallel: fc.constantFrom('none', 'race', 'both'),
  repair: fc.boolean(),
  adjust: fc.boolean(),
  outcomes: fc.array(fc.constantFrom('success', 'failure', 'running'), { minLength: 1, maxLength: 10 }),
  writes: fc.array(fc.record({ tick: fc.nat(29), key: fc.constantFrom('A', 'B'), value: fc.boolean() }), { maxLength: 6 }),
});
type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

/** One line per event: its type, runner, tick, time and every field an outcome or step sink is handed. */
function line(type: string, runner: string, tick: number, time: number, fields: (string | number | boolean)[]): string {
  return `${type} ${runner} ${tick} ${time} | ${fields.join(' | ')}`;
}
const shown = (plan: Plan | null | undefined) => (plan == null ? '-' : `${formatPlan(plan)} ${JSON.stringify(plan.meta)}`);

/** An event object as a line of the same fields a sink gets (absent fields as the sink's stand-ins). */
function eventLine(e: RunnerEvent): string {
  const f = e as unknown as Partial<Record<string, unknown>>;
  if (e.type === 'stepStarted' || e.type === 'stepSucceeded' || e.type === 'stepFailed' || e.type === 'stepAborted')
    return line(e.type, e.runner, e.tick, e.time, [e.step.task, e.index, 'reason' in e ? e.reason : '']);
  const detail = e.type === 'planNotFound' ? e.status : typeof f.from === 'string' ? f.from : '';
  return line(e.type, e.runner, e.tick, e.time, [
    shown(f.plan as Plan | undefined),
    shown(f.previous as Plan | undefined),
    (f.trigger as string | undefined) ?? '',
    (f.reason as string | undefined) ?? '',
    detail,
    (f.index as number | undefined) ?? -1,
    (f.continued as boolean | undefined) ?? false,
  ]);
}

function build(sc: Scenario, listener: RunnerEventListener) {
  const state = createState(schema);
  const steps: PlanStep[] = sc.steps.map((s, i) =>
    makeStep(schema, `S${i}`, {
      operator: 'Op',
      conditions: s.needsA ? [eq(k.A, true)] : [],
      effects: [...(s.setsA ? [set(k.A, i % 2 === 0)] : []), ...(s.setsB ? [set(k.B, true)] : [])],
    }),
  );
  const plans: Plan[] = sc.plans.map((p, i) => {
    const list = p.map((j) => steps[j % steps.length]);
    const plan = makePlan('htn', list, { mtr: [i] });
    if (sc.parallel === 'none' || list.length < 3) return plan;
    const split = Math.max(2, list.length - 1);
    return { ...plan, parallel: [{ task: `Par${i}`, start: 1, split, end: list.length, ...(sc.parallel === 'race' ? { race: true } : {}) }] };
  });
  const scratch = createState(schema);
  const planner: AgentPlanner = {
    kind: 'htn',
    operators: ['Op'],
    plan(st, ctx) {
      for (const plan of plans) if (validatePlan(plan.steps, 0, st, scratch, ctx).step < 0) return planFound(plan, `plan ${String(plan.meta)}`);
      return noPlan('none valid');
    },
    shouldReplace: (c, r) => {
      const better = (c.meta as { mtr: number[] }).mtr[0] < (r.meta as { mtr: number[] }).mtr[0];
      return { replace: better, reason: better ? 'higher' : 'not higher' };
    },
  };
  // Repairs and adjustments plan the rest again: the failed (or running) step on, as a plan of its own.
  if (sc.repair)
    planner.repair = (_s, _c, failed, index): PlanAmendment | null =>
      failed.parallel === undefined ? { plan: makePlan('htn', failed.steps.slice(index), { mtr: [9] }), from: 'suffix', reason: `repaired at ${index}` } : null;
  if (sc.adjust)
    planner.adjust = (_s, _c, running, index): PlanAmendment | null =>
      running.parallel === undefined && index > 0
        ? { plan: makePlan('htn', running.steps.slice(index), { mtr: [8] }), from: 'rest', reason: `adjusted at ${index}` }
        : null;
  let cursor = 0;
  let left = 0;
  const op: Operator = {
    update: () => {
      if (left > 0) return --left > 0 ? OperatorStatus.Running : OperatorStatus.Success;
      const o = sc.outcomes[cursor++ % sc.outcomes.length];
      if (o === 'success') return OperatorStatus.Success;
      if (o === 'failure') return OperatorStatus.Failure;
      left = 2;
      return OperatorStatus.Running;
    },
    abort: () => {
      left = 0;
    },
  };
  const agent = createAgent({
    id: 'p',
    state,
    ctx: {},
    runners: [
      { name: 'main', planner, operators: { Op: op } },
      { name: 'branch', branchOf: 'main' },
    ],
    clock: fixedClock,
  });
  agent.addListener(listener);
  return () => {
    for (let t = 0; t < 30; t++) {
      for (const w of sc.writes) if (w.tick === t) state.write(schema.cellOf(w.key), w.value ? 1 : 0, ChangeSource.External);
      agent.tick(0.1);
    }
  };
}

describe('outcome and step sinks', () => {
  it('hand a listener’s sinks what the event objects carry, in the same order, across random plans with failures, races, repairs', () => {
    let sunk = 0;
    const kinds = new Set<string>();
    fc.assert(
      fc.property(scenarioArb, (sc) => {
        const plain: string[] = [];
        build(sc, (e) => void plain.push(eventLine(e)))();
        const viaSinks: string[] = [];
        const objects: RunnerEvent['type'][] = [];
        const steps: StepEventSink = (type, step, index, reason, tick, time, runner) =>
          void viaSinks.push(line(type, runner, tick, time, [step.task, index, reason]));
        const outcomes: OutcomeEventSink = (type, plan, previous, trigger, reason, detail, index, continued, tick, time, runner) =>
          void viaSinks.push(line(type, runner, tick, time, [shown(plan), shown(previous), trigger, reason, detail, index, continued]));
        build(
          sc,
          Object.assign(
            (e: RunnerEvent) => {
              objects.push(e.type);
              viaSinks.push(eventLine(e));
            },
            { steps, outcomes },
          ),
        )();
        expect(viaSinks).toEqual(plain);
        // Only events without a sink came as objects.
        const sinkTypes = /^(step|plan(Found|Replaced|Repaired|Adjusted|NotFound|Finished|Failed)$|replanSkipped$)/;
        expect(objects.filter((t) => sinkTypes.test(t))).toEqual([]);
        sunk += viaSinks.length - objects.length;
        for (const l of plain) kinds.add(l.slice(0, l.indexOf(' ')));
        if (plain.some((l) => l.startsWith('planFound branch '))) kinds.add('branch');
      }),
      { numRuns: 150 },
    );
    // The scenarios reached every kind of outcome the sinks carry.
    expect(sunk).toBeGreaterThan(1000);
    for (const type of [
      'planFound',
      'planReplaced',
      'planRepaired',
      'planAdjusted',
      'planNotFound',
      'replanSkipped',
      'planFinished',
      'planFailed',
      'stepAborted',
      'branch',
    ])
      expect([type, kinds.has(type)]).toEqual([type, true]);
  });

  it('contain an outcome sink that throws like a listener that throws: a listener fault naming the event', () => {
    const faults: string[] = [];
    const outcomes: OutcomeEventSink = () => {
      throw new Error('sink broke');
    };
    const run = build(
      {
        steps: [{ needsA: false, setsA: false, setsB: false }],
        plans: [[0]],
        parallel: 'none',
        repair: false,
        adjust: false,
        outcomes: ['success'],
        writes: [],
      },
      Object.assign((e: RunnerEvent) => void (e.type === 'fault' && faults.push(`${e.where} ${e.subject}`)), { outcomes }),
    );
    expect(run).not.toThrow();
    expect(faults[0]).toBe('listener planFound');
  });
});
