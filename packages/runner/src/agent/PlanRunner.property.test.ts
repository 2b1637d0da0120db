import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  planFound,
  noPlan,
  add,
  ChangeSource,
  createState,
  effect,
  eq,
  firstFailing,
  ge,
  le,
  set,
  sub,
  validatePlan,
  type AgentPlanner,
  type ConditionDef,
  type EffectDef,
  type InterruptPolicy,
  type PlanStep,
} from '@dualplan/world-state';
import { createAgent } from './Agent.js';
import { OperatorStatus } from '../contract/OperatorStatus.js';
import type { Operator } from '../contract/Operator.js';
import type { RunnerEvent } from '../events/RunnerEvent.js';
import { fixedClock, makePlan, makeStep, testSchema } from '../testing/fakes.js';

const schema = testSchema();
const k = schema.keys;

const condArb: fc.Arbitrary<ConditionDef> = fc.oneof(
  fc.boolean().map((v) => eq(k.A, v)),
  fc.boolean().map((v) => eq(k.B, v)),
  fc.integer({ min: 0, max: 10 }).map((v) => le(k.Count, v)),
  fc.integer({ min: 0, max: 10 }).map((v) => ge(k.Count, v)),
  fc.constant(eq(k.Seen, true)),
);
const effArb: fc.Arbitrary<EffectDef> = fc.oneof(
  fc.boolean().map((v) => set(k.A, v)),
  fc.boolean().map((v) => set(k.B, v)),
  fc.integer({ min: 1, max: 3 }).map((v) => add(k.Count, v)),
  fc.integer({ min: 1, max: 3 }).map((v) => sub(k.Count, v)),
);
const stepArb = fc.record({
  conditions: fc.array(condArb, { maxLength: 2 }),
  executing: fc.array(
    fc.boolean().map((v) => eq(k.B, v)),
    { maxLength: 1 },
  ),
  effects: fc.array(effArb, { maxLength: 2 }),
  expectsSeen: fc.boolean(),
  interrupt: fc.constantFrom<InterruptPolicy>('immediate', 'boundary', 'uninterruptible'),
});
const outcomeArb = fc.oneof(
  fc.constant({ kind: 'success' as const, ticks: 0 }),
  fc.constant({ kind: 'failure' as const, ticks: 0 }),
  fc.record({ kind: fc.constant('running' as const), ticks: fc.integer({ min: 1, max: 6 }) }),
);
const scenarioArb = fc.record({
  steps: fc.array(stepArb, { minLength: 1, maxLength: 6 }),
  plans: fc.array(fc.array(fc.nat(5), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 }),
  outcomes: fc.array(outcomeArb, { minLength: 1, maxLength: 12 }),
  writes: fc.array(fc.record({ tick: fc.nat(39), key: fc.constantFrom('A', 'B', 'Count'), value: fc.nat(10) }), { maxLength: 8 }),
});

describe('PlanRunner properties (random operator outcomes, random outside writes)', () => {
  it('never applies an effect twice, never starts a step whose conditions fail, and ends each tick consistent', () => {
    fc.assert(
      fc.property(scenarioArb, (sc) => {
        const state = createState(schema);
        let applied = 0;
        const violations: string[] = [];
        const steps: PlanStep[] = sc.steps.map((s, i) =>
          makeStep(schema, `S${i}`, {
            conditions: s.conditions,
            executing: s.executing,
            // The marker counts only applications to the real state, not to planning copies.
            effects: [...s.effects, effect('mark', (st) => void (st === state && applied++))],
            expected: s.expectsSeen ? [set(k.Seen, true)] : [],
            interrupt: s.interrupt,
          }),
        );
        const plans = sc.plans.map((p) => p.map((i) => steps[i % steps.length]));
        const scratch = createState(schema);
        const planner: AgentPlanner = {
          kind: 'htn',
          operators: [],
          plan(st, ctx) {
            for (let i = 0; i < plans.length; i++) {
              if (validatePlan(plans[i], 0, st, scratch, ctx).step < 0) return planFound(makePlan('htn', plans[i], { mtr: [i] }), `plan ${i}`);
            }
            return noPlan('none valid');
          },
          shouldReplace: (c, r) => {
            const better = (c.meta as { mtr: number[] }).mtr[0] < (r.meta as { mtr: number[] }).mtr[0];
            return { replace: better, reason: better ? 'higher' : 'not higher' };
          },
        };
        let cursor = 0;
        let left = 0;
        let active = 0;
        const op: Operator = {
          start: (_args, agent, step) => {
            if (firstFailing(step.conditions, agent.state) >= 0) violations.push(`started ${step.task} with failing conditions`);
            active++;
          },
          update: () => {
            if (left > 0) return --left > 0 ? OperatorStatus.Running : OperatorStatus.Success;
            const o = sc.outcomes[cursor++ % sc.outcomes.length];
            if (o.kind === 'success') return OperatorStatus.Success;
            if (o.kind === 'failure') return OperatorStatus.Failure;
            left = o.ticks;
            return OperatorStatus.Running;
          },
          abort: () => {
            left = 0;
          },
        };
        const events: RunnerEvent[] = [];
        const agent = createAgent({ id: 'p', state, ctx: {}, planner, operators: { Op: op }, onEvent: (e) => events.push(e), clock: fixedClock });
        const runner = agent.runner();
        for (let t = 0; t < 40; t++) {
          for (const w of sc.writes) if (w.tick === t) state.write(schema.cellOf(w.key), w.key === 'Count' ? w.value : w.value % 2, ChangeSource.External);
          agent.tick(0.1);
          // Consistency after each tick.
          const succeeded = events.filter((e) => e.type === 'stepSucceeded').length;
          const ended = events.filter((e) => e.type === 'stepSucceeded' || e.type === 'stepFailed' || e.type === 'stepAborted').length;
          const running = runner.runningStep;
          if (applied !== succeeded) violations.push(`tick ${t}: ${applied} effect applications for ${succeeded} successes`);
          if (active - ended !== (running ? 1 : 0)) violations.push(`tick ${t}: ${active} starts, ${ended} ends, running=${running?.task}`);
          if (running && (runner.plan === null || runner.plan.steps[runner.stepIndex] !== running)) violations.push(`tick ${t}: running step not in plan`);
          if (runner.plan && runner.stepIndex >= runner.plan.steps.length) violations.push(`tick ${t}: index past the plan`);
          if (state.get(k.Seen)) violations.push(`tick ${t}: an expected effect reached the real state`);
          for (let c = 0; c < schema.size; c++)
            if (state.values[c] < schema.min[c] || state.values[c] > schema.max[c]) violations.push(`tick ${t}: cell ${c} out of range`);
        }
        // Each success belongs to a distinct start: no step instance succeeds twice.
        let open = false;
        for (const e of events) {
          if (e.type === 'stepStarted') {
            if (open) violations.push('started while another step ran');
            open = true;
          } else if (e.type === 'stepSucceeded' || e.type === 'stepFailed' || e.type === 'stepAborted') {
            if (!open) violations.push(`${e.type} without a running step`);
            open = false;
          }
        }
        expect(violations).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
