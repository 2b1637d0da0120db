import { describe, expect, it } from '@jest/globals';
import { createState, eq, noPlan, planFound, type AgentPlanner, type Plan } from '@dualplan/world-state';
import type { AgentView } from './AgentView.js';
import { CallGuard } from './CallGuard.js';
import { FaultReporter } from './FaultReporter.js';
import { OperatorStatus } from './OperatorStatus.js';
import { PlanAdoption, type AdoptionHost } from './PlanAdoption.js';
import { RunnerError } from './RunnerError.js';
import type { ReplanTrigger, RunnerEvent } from './RunnerEvent.js';
import { createRunnerStats } from './RunnerStats.js';
import { StepExecution, type StepHost } from './StepExecution.js';
import { makePlan, makeStep, testSchema } from './testing/fakes.js';

const schema = testSchema();
const k = schema.keys;
const op = { update: () => OperatorStatus.Running };

/** A PlanAdoption over a recording host whose planner keeps the running plan unless told otherwise. */
function setup(replace = false) {
  const events: RunnerEvent[] = [];
  const planner = {
    kind: 'fake',
    operators: ['Op'],
    plan: () => planFound(makePlan('fake', [], {})),
    shouldReplace: () => ({ replace, reason: replace ? 'better' : 'kept' }),
  } satisfies AgentPlanner;
  const agent = { id: 'a', state: createState(schema), ctx: {}, time: 3, tickCount: 9 } as unknown as AgentView;
  const host = {
    name: 'main',
    stats: createRunnerStats(),
    operators: { Op: op },
    planner,
    listener: (e: RunnerEvent) => void events.push(e),
    trigger: null as ReplanTrigger | null,
    deferred: null as ReplanTrigger | null,
    doomed: 'stale' as string | null,
    retryAt: -Infinity,
    changedSinceAdopt: true,
    // As the runner does: the plan is dropped, then the event.
    failPlan: (reason: string) => {
      exec.clear();
      events.push({ type: 'planFailed', reason } as unknown as RunnerEvent);
    },
    finishPlan: () => {
      exec.clear();
      events.push({ type: 'planFinished' } as unknown as RunnerEvent);
    },
    advanced: () => {},
  } satisfies AdoptionHost<any> & StepHost<any>;
  const faults = new FaultReporter(
    () => host.listener,
    'contain',
    'agent "a"',
    () => ({ tick: 9, time: 3, agent: 'a', runner: 'main', planner: 'fake', ctx: {} }),
    host.stats,
    new CallGuard(),
  );
  const exec = new StepExecution(agent, host, faults, undefined);
  const adoption = new PlanAdoption(agent, host, faults, exec, 0.5);
  return { adoption, host, exec, events };
}

const plan = (...tasks: string[]): Plan =>
  makePlan(
    'fake',
    tasks.map((t) => makeStep(schema, t)),
    {},
  );

describe('PlanAdoption', () => {
  it('installs a first plan with its operators and resets the replan state', () => {
    const { adoption, host, exec, events } = setup();
    const p = plan('A', 'B');
    adoption.adopt('noPlan', planFound(p));
    expect(exec.plan).toBe(p);
    expect(exec.ops).toEqual([op, op]);
    expect([exec.index, exec.end, exec.running]).toEqual([0, 2, false]);
    expect([host.doomed, host.changedSinceAdopt, host.stats.plansFound]).toEqual([null, false, 1]);
    expect(events.map((e) => e.type)).toEqual(['planFound']);
  });

  it('waits retryInterval after no plan, and skips a plan equal to the rest of the running one', () => {
    const { adoption, host, events } = setup(true);
    adoption.adopt('noPlan', noPlan('no method applies'));
    expect(host.retryAt).toBe(3.5);
    adoption.adopt('noPlan', planFound(plan('A', 'B')));
    adoption.adopt('recheck', planFound(plan('A', 'B')));
    expect(host.stats.replansSkipped).toBe(1);
    expect(events.map((e) => e.type)).toEqual(['planNotFound', 'planFound', 'replanSkipped']);
  });

  it('fails a first plan whose first step cannot start, and names an unregistered operator', () => {
    const { adoption, host, events } = setup();
    const bad = makePlan('fake', [makeStep(schema, 'A', { conditions: [eq(k.Seen, true)] })], {});
    adoption.adopt('noPlan', planFound(bad));
    expect(events.map((e) => e.type)).toEqual(['planFound', 'planFailed']);
    expect([host.trigger, host.retryAt]).toEqual([null, 3.5]);
    const unknown = makePlan('fake', [makeStep(schema, 'B', { operator: 'Nope' })], {});
    expect(() => adoption.adopt('noPlan', planFound(unknown))).toThrow(RunnerError);
  });

  it('holds a replan back behind an uninterruptible step and defers it behind a boundary step', () => {
    const { adoption, host, exec } = setup();
    for (const interrupt of ['uninterruptible', 'boundary'] as const) {
      exec.plan = makePlan('fake', [makeStep(schema, 'A', { interrupt })], {});
      exec.running = true;
      expect(adoption.blocked('worldChanged')).toBe(true);
    }
    expect(host.deferred).toBe('worldChanged');
    expect(host.stats.replansSkipped).toBe(2);
    exec.plan = plan('A');
    expect(adoption.blocked('worldChanged')).toBe(false);
  });
});
