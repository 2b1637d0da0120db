import { describe, expect, it } from '@jest/globals';
import { createState, eq, type AgentPlanner, type Plan, type PlanAmendment } from '@dualplan/world-state';
import { createAgent } from '../agent/Agent.js';
import { formatEvent } from '../events/formatEvent.js';
import { OperatorStatus } from '../contract/OperatorStatus.js';
import { collect, fixedClock, makePlan, makeStep, mtrPlanner, scriptedOperator, testSchema } from '../testing/fakes.js';

const { Running, Success, Failure } = OperatorStatus;
const schema = testSchema();
const k = schema.keys;
const go = makeStep(schema, 'Go', { operator: 'Go' });
const grab = makeStep(schema, 'Grab', { operator: 'Grab' });
const use = makeStep(schema, 'Use', { operator: 'Use', conditions: [eq(k.A, true)] });
const other = makeStep(schema, 'Other', { operator: 'Other' });

/** A planner whose plan is Go → Grab → Use; with `mend`, its repair and adjust answer from that function. */
function planner(
  mend?: (failed: Plan, index: number) => PlanAmendment | null,
  adjust?: (running: Plan, index: number, started: boolean) => PlanAmendment | null,
): AgentPlanner & { calls: number; repairs: number[] } {
  const base = mtrPlanner(schema, [{ mtr: [0], steps: [go, grab, use] }]);
  const out = Object.assign(base, { repairs: [] as number[] });
  if (mend !== undefined)
    out.repair = (_s, _c, failed, index) => {
      out.repairs.push(index);
      return mend(failed, index);
    };
  if (adjust !== undefined) out.adjust = (_s, _c, running, index, started) => adjust(running, index, started);
  return out;
}

function setup(p: AgentPlanner, grabOutcomes: OperatorStatus[]) {
  const state = createState(schema);
  const c = collect();
  const lines: string[] = [];
  const agent = createAgent({
    id: 'npc',
    state,
    ctx: {},
    planner: p,
    operators: { Go: scriptedOperator([Success]), Grab: scriptedOperator(grabOutcomes), Use: scriptedOperator([Success]), Other: scriptedOperator([Success]) },
    onEvent: (e) => {
      c.onEvent(e);
      lines.push(formatEvent(e));
    },
    clock: fixedClock,
  });
  return { state, agent, c, lines, ticks: (n: number) => Array.from({ length: n }, () => agent.tick(0.1)) };
}

describe('plan repair in the runner', () => {
  it('installs the repaired rest on the tick after the failure, without a full replan (hand-computed timeline)', () => {
    const p = planner((failed, index) => ({ plan: makePlan('fake', failed.steps.slice(index), failed.meta), from: 'compound Fetch', reason: 'test' }));
    const { c, lines, ticks } = setup(p, [Failure, Success]);
    ticks(4);
    expect(c.types()).toEqual([
      'planFound',
      'stepStarted:Go',
      'stepSucceeded:Go',
      'stepStarted:Grab',
      'stepFailed:Grab',
      'planFailed',
      'planRepaired',
      'stepStarted:Grab',
      'stepSucceeded:Grab',
      'stepStarted:Use',
      'stepSucceeded:Use',
      'planFinished',
    ]);
    expect(p.repairs).toEqual([1]);
    expect(p.calls).toBe(1); // only the first plan: the repair replaced the full replan
    expect(lines[6]).toBe('    3    0.30s npc/main [htn] plan repaired from compound Fetch after step 1 failed: Grab(Grab) → Use(Use)');
  });

  it('replans from scratch when the planner offers no repair, or one that is not valid now', () => {
    const none = planner(() => null);
    const a = setup(none, [Failure, Success]);
    a.ticks(3);
    expect(a.c.types().slice(5)).toEqual(['planFailed', 'planFound', 'stepStarted:Go', 'stepSucceeded:Go']);
    expect(none.calls).toBe(2);
    const invalid = planner((failed) => ({ plan: makePlan('fake', [use], failed.meta), from: 'suffix', reason: 'test' }));
    const b = setup(invalid, [Success]);
    b.ticks(1);
    b.state.set(k.A, false); // Use can no longer run: the plan fails at step 1, and the repair [Use] is not valid
    b.ticks(2);
    expect(b.c.types().slice(3, 5)).toEqual(['planFailed', 'planNotFound']); // the full replan: no plan needs A
    expect(b.c.types()).not.toContain('planRepaired');
    expect(invalid.repairs).toEqual([1]);
  });

  it('does not repair a plan that game code dropped', () => {
    const p = planner((failed, index) => ({ plan: makePlan('fake', failed.steps.slice(index), failed.meta), from: 'suffix', reason: 'test' }));
    const { agent, c, ticks } = setup(p, [Running, Running, Running]);
    ticks(2);
    agent.runner().abortPlan('cutscene');
    ticks(1);
    expect(p.repairs).toEqual([]);
    expect(c.types()).toContain('planFound');
  });

  it('contains a repair that throws: a fault, then a full replan', () => {
    const p = planner(() => {
      throw new Error('broken repair');
    });
    const { c, ticks } = setup(p, [Failure, Success]);
    ticks(3);
    const types = c.types();
    expect(types.slice(5, 8)).toEqual(['planFailed', 'fault', 'planFound']);
  });
});

describe('plan adjustment in the runner', () => {
  it('installs the adjusted rest after an outside change, continuing the running step', () => {
    const p = planner(undefined, (running, index, started) =>
      index === 1 && started ? { plan: makePlan('fake', [grab, other], running.meta), from: 'compound Choose', reason: 'test' } : null,
    );
    const { state, c, lines, ticks } = setup(p, [Running, Running, Success]);
    ticks(3); // plan, Go; Grab starts and runs
    state.set(k.Seen, true); // an outside change
    ticks(2);
    expect(c.types()).toEqual([
      'planFound',
      'stepStarted:Go',
      'stepSucceeded:Go',
      'stepStarted:Grab',
      'planAdjusted',
      'replanSkipped',
      'stepSucceeded:Grab',
      'stepStarted:Other',
      'stepSucceeded:Other',
      'planFinished',
    ]);
    expect(lines[4]).toBe('    4    0.40s npc/main [htn] plan adjusted: compound Choose re-planned, continuing current step: Grab(Grab) → Other(Other)');
  });

  it('refuses an adjustment that would abort the running step', () => {
    const p = planner(undefined, (running) => ({ plan: makePlan('fake', [other], running.meta), from: 'compound Choose', reason: 'test' }));
    const { state, c, ticks } = setup(p, [Running, Running, Success]);
    ticks(3);
    state.set(k.Seen, true);
    ticks(1);
    expect(c.types()).not.toContain('planAdjusted');
  });
});
