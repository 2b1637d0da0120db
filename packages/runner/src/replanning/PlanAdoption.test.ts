import { describe, expect, it } from '@jest/globals';
import { createState, eq, noPlan, planFound, type AgentPlanner, type Plan } from '@dualplan/world-state';
import type { AgentView } from '../contract/AgentView.js';
import { CallGuard } from '../faults/CallGuard.js';
import { FaultReporter } from '../faults/FaultReporter.js';
import { OperatorStatus } from '../contract/OperatorStatus.js';
import { Adopted, Hold, PlanAdoption, type AdoptionHost } from './PlanAdoption.js';
import { RunnerError } from '../RunnerError.js';
import type { RunnerEvent } from '../events/RunnerEvent.js';
import { createRunnerStats } from '../events/RunnerStats.js';
import { StepExecution } from '../execution/StepExecution.js';
import type { StepHost } from '../execution/StepHost.js';
import { makePlan, makeStep, testSchema } from '../testing/fakes.js';

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
    failPlan: () => {},
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
  const adoption = new PlanAdoption(agent, host, faults, exec);
  return { adoption, host, exec, events };
}

const plan = (...tasks: string[]): Plan =>
  makePlan(
    'fake',
    tasks.map((t) => makeStep(schema, t)),
    {},
  );

describe('PlanAdoption', () => {
  it('installs a first plan with its operators and says so', () => {
    const { adoption, host, exec, events } = setup();
    const p = plan('A', 'B');
    expect(adoption.adopt('noPlan', planFound(p))).toBe(Adopted.Installed);
    expect(exec.plan).toBe(p);
    expect(exec.ops).toEqual([op, op]);
    expect([exec.index, exec.end, exec.running]).toEqual([0, 2, false]);
    expect(host.stats.plansFound).toBe(1);
    expect(events.map((e) => e.type)).toEqual(['planFound']);
  });

  it('waits retryInterval after no plan, and skips a plan equal to the rest of the running one', () => {
    const { adoption, host, events } = setup(true);
    expect(adoption.adopt('noPlan', noPlan('no method applies'))).toBe(Adopted.NotFound);
    adoption.adopt('noPlan', planFound(plan('A', 'B')));
    expect(adoption.adopt('recheck', planFound(plan('A', 'B')))).toBe(Adopted.Kept);
    expect(host.stats.replansSkipped).toBe(1);
    expect(events.map((e) => e.type)).toEqual(['planNotFound', 'planFound', 'replanSkipped']);
  });

  it('reports a first plan that cannot run (invalid, or no steps) as unrunnable, and names an unregistered operator', () => {
    const { adoption, exec, events } = setup();
    const bad = makePlan('fake', [makeStep(schema, 'A', { conditions: [eq(k.Seen, true)] })], {});
    expect(adoption.adopt('noPlan', planFound(bad))).toBe(Adopted.Unrunnable);
    expect(adoption.unrunnable).toMatch(/^invalid from the start: step 0 A/);
    expect(events.map((e) => e.type)).toEqual(['planFound']);
    exec.clear(); // as the runner does when it fails the plan
    expect(adoption.adopt('noPlan', planFound(plan()))).toBe(Adopted.Unrunnable);
    expect(adoption.unrunnable).toBeNull();
    exec.clear();
    const unknown = makePlan('fake', [makeStep(schema, 'B', { operator: 'Nope' })], {});
    expect(() => adoption.adopt('noPlan', planFound(unknown))).toThrow(RunnerError);
  });

  it('holds a replan back behind an uninterruptible step and defers it behind a boundary step', () => {
    const { adoption, host, exec } = setup();
    const held = (interrupt: 'uninterruptible' | 'boundary' | 'immediate'): Hold => {
      exec.install(makePlan('fake', [makeStep(schema, 'A', { interrupt })], {}), [op], true);
      return adoption.hold('worldChanged');
    };
    expect([held('uninterruptible'), held('boundary')]).toEqual([Hold.Skip, Hold.Postpone]);
    expect(host.stats.replansSkipped).toBe(2);
    expect(held('immediate')).toBe(Hold.None);
    exec.install(plan('A'), [op], false);
    expect(adoption.hold('worldChanged')).toBe(Hold.None);
  });
});
